package workbook

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
)

// Book is a tournament workbook opened from disk: the file itself, and
// everything read from it.
type Book struct {
	Path       string
	Tournament *Tournament
	// Problems is every problem found while reading, top to bottom.
	Problems Problems
	// Ignored lists the columns and settings dtm read past (dtm check -v).
	Ignored Problems

	f    *excelize.File
	hash [sha256.Size]byte
	// patches are cells written on save, by sheet (see patch.go).
	patches map[string][]cellPatch
}

// ErrNotWorkbook reports a file that is not an .xlsx workbook.
var ErrNotWorkbook = errors.New("not an .xlsx workbook")

// Open reads a workbook. The error is for a file that cannot be read at all;
// problems with what the director typed are in Book.Problems.
func Open(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("open workbook: %w", err)
	}
	b, err := openBytes(path, data)
	if err != nil {
		return nil, err
	}
	return b, nil
}

func openBytes(path string, data []byte) (*Book, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w (save it from Excel or LibreOffice as .xlsx): %v", path, ErrNotWorkbook, err)
	}
	b := &Book{Path: path, f: f, hash: sha256.Sum256(data)}
	b.Tournament, b.Problems, b.Ignored = read(f)
	return b, nil
}

// ProblemsInRow returns the problems found in one row of a sheet.
func (b *Book) ProblemsInRow(sheet string, row int) Problems {
	var out Problems
	for _, p := range b.Problems {
		if r, _ := cellOrder(p.Cell); p.Sheet == sheet && r == row {
			out = append(out, p)
		}
	}
	return out
}

// AddProblems adds problems found by checks beyond the reading of sheets
// (scoring each game, compiling the systems), keeping the list top to
// bottom, sheet by sheet.
func (b *Book) AddProblems(ps Problems) {
	b.Problems = sorted(append(b.Problems, ps...), b.f.GetSheetList())
}

// Close releases the workbook.
func (b *Book) Close() error { return b.f.Close() }

// Options controls a Save.
type Options struct {
	// Force saves even when Excel or LibreOffice seems to have the workbook
	// open (a lock file is present).
	Force bool
	// Now stamps the backup's name; time.Now when nil.
	Now func() time.Time
}

// ErrOpenElsewhere reports a workbook that Excel or LibreOffice has open.
var ErrOpenElsewhere = errors.New("the workbook is open in a spreadsheet program")

// ErrChanged reports a workbook changed on disk since dtm read it.
var ErrChanged = errors.New("the workbook changed on disk since dtm read it")

// BackupDir is the directory, beside the workbook, that keeps the versions
// dtm replaced.
const BackupDir = "dtm-backups"

// keepBackups is how many backups of one workbook are kept.
const keepBackups = 20

// Save writes the workbook back to its file safely: it refuses when the file
// is open in Excel or LibreOffice (unless opts.Force) or changed since it was
// read; it writes a temporary file in the same directory, syncs it, keeps the
// current file as a backup in BackupDir, then renames the new file over the
// old one. If anything fails, the original file is left as it was.
func (b *Book) Save(opts Options) error {
	skip := b.settle()
	var buf bytes.Buffer
	if _, err := b.f.WriteTo(&buf); err != nil {
		return fmt.Errorf("save %s: %w", b.Path, err)
	}
	data, err := tidy(buf.Bytes(), b.patches, skip)
	if errors.Is(err, errPatch) { // a sheet laid out otherwise: through excelize
		if err = b.applyPatchesNow(); err == nil {
			buf.Reset()
			if _, err = b.f.WriteTo(&buf); err == nil {
				data, err = tidy(buf.Bytes(), nil, nil)
			}
		}
	}
	if err != nil {
		return fmt.Errorf("save %s: %w", b.Path, err)
	}
	if err := b.replace(data, opts); err != nil {
		return err
	}
	b.hash = sha256.Sum256(data)
	return nil
}

// replace puts data in place of the workbook's file, keeping a backup.
func (b *Book) replace(data []byte, opts Options) error {
	if !opts.Force {
		if lock := LockFile(b.Path); lock != "" {
			return fmt.Errorf("%s: %w (lock file %s): close it there first; if it is not open (the program crashed), delete the lock file or run again with --force",
				b.Path, ErrOpenElsewhere, filepath.Base(lock))
		}
	}
	current, err := os.ReadFile(b.Path)
	if err != nil {
		return fmt.Errorf("save %s: %w", b.Path, err)
	}
	if sha256.Sum256(current) != b.hash {
		return fmt.Errorf("%s: %w; nothing was written: run the command again to use the new version", b.Path, ErrChanged)
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	backup, err := b.backup(current, now())
	if err != nil {
		return fmt.Errorf("save %s: keep a backup: %w", b.Path, err)
	}
	if err := writeAtomic(b.Path, data); err != nil {
		os.Remove(backup)
		return fmt.Errorf("save %s: %w", b.Path, err)
	}
	return nil
}

// LockFile returns the lock file Excel ("~$Book.xlsx") or LibreOffice
// (".~lock.Book.xlsx#") keeps beside an open workbook, or "" when there is
// none.
func LockFile(path string) string {
	dir, name := filepath.Split(path)
	candidates := []string{".~lock." + name + "#", "~$" + name}
	if len(name) > 2 { // Excel shortens long names: ~$ replaces the first two characters
		candidates = append(candidates, "~$"+name[2:])
	}
	for _, c := range candidates {
		p := filepath.Join(dir, c)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// backup copies the current file into BackupDir and prunes old backups.
func (b *Book) backup(current []byte, now time.Time) (string, error) {
	dir := filepath.Join(filepath.Dir(b.Path), BackupDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := strings.TrimSuffix(filepath.Base(b.Path), filepath.Ext(b.Path))
	name := filepath.Join(dir, fmt.Sprintf("%s %s%s", base, now.Format("2006-01-02 150405.000"), filepath.Ext(b.Path)))
	if err := writeAtomic(name, current); err != nil {
		return "", err
	}
	prune(dir, base, filepath.Ext(b.Path))
	return name, nil
}

// prune deletes all but the newest keepBackups backups of one workbook.
func prune(dir, base, ext string) {
	matches, err := filepath.Glob(filepath.Join(dir, globEscape(base)+" ????-??-?? ??????.???"+globEscape(ext)))
	if err != nil || len(matches) <= keepBackups {
		return
	}
	sort.Strings(matches) // the timestamp sorts by time
	for _, m := range matches[:len(matches)-keepBackups] {
		os.Remove(m)
	}
}

func globEscape(s string) string {
	r := strings.NewReplacer(`*`, `\*`, `?`, `\?`, `[`, `\[`, `\`, `\\`)
	return r.Replace(s)
}

// WriteFile writes a file dtm produces beside a workbook (an export)
// safely: through a temporary file in the same folder, synced and renamed
// into place when complete.
func WriteFile(path string, data []byte) error {
	if err := writeAtomic(path, data); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// writeAtomic writes data to a temporary file in path's directory, syncs it
// and renames it over path, so that path holds either the old or the new
// contents, never a mix.
func writeAtomic(path string, data []byte) error {
	return writeAtomicFrom(path, bytes.NewReader(data), true)
}

// writeAtomicFrom is writeAtomic from a reader; with replace false it fails
// when path exists.
func writeAtomicFrom(path string, src io.Reader, replace bool) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".dtm-*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = io.Copy(tmp, src); err != nil {
		return err
	}
	mode := os.FileMode(0o644) // a new file: readable by all, as a spreadsheet program saves it
	if info, serr := os.Stat(path); serr == nil {
		mode = info.Mode().Perm() // a replaced file keeps its permissions
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if replace {
		if err = os.Rename(tmp.Name(), path); err != nil {
			return err
		}
	} else {
		// A hard link fails if path exists: no other program's file is ever
		// overwritten, even one created a moment ago.
		if err = os.Link(tmp.Name(), path); err != nil {
			return err
		}
		os.Remove(tmp.Name())
	}
	if d, derr := os.Open(filepath.Dir(path)); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
