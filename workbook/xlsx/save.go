package xlsx

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"
)

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

// KeepBackups is how many backups of one workbook are kept.
const KeepBackups = 20

// Save writes the workbook back to its file safely: it refuses when the file
// is open in Excel or LibreOffice (unless opts.Force) or changed since it was
// read; it writes a temporary file in the same directory, syncs it, keeps the
// current file as a backup in BackupDir, then renames the new file over the
// old one. If anything fails, the original file is left as it was.
//
// A save that would write the bytes the file holds (nothing changed but the
// save's date) writes nothing: no temporary file, no backup, no rename; it
// reports wrote false. It still refuses a file changed since it was read (the
// command's result would not be what the file holds) and, unless opts.Force,
// one open in a spreadsheet program (what is typed there and not saved is not
// in the file); it does not refuse a read-only or hard-linked file, which it
// leaves as it is.
func (f *File) Save(opts Options) (wrote bool, err error) {
	props := f.props
	if props.Modified.IsZero() {
		props.Modified = time.Now()
		if opts.Now != nil {
			props.Modified = opts.Now()
		}
	}
	data, err := f.pack(props)
	if err != nil {
		return false, fmt.Errorf("save %s: %w", f.Path, err)
	}
	if onlyCoreDiffers(f.raw, data) {
		data = f.raw // nothing but the save's date would change: the file as it is, so nothing is written
	}
	if bytes.Equal(data, f.raw) {
		return false, f.unchanged(opts)
	}
	if _, err := f.replace(data, opts); err != nil {
		return false, err
	}
	f.src, f.raw, f.hash = data, data, sha256.Sum256(data)
	if Wrote != nil {
		Wrote(f.Path, data)
	}
	return true, nil
}

// unchanged checks a save that has nothing to write: the workbook must not
// be open in a spreadsheet program (unless opts.Force) and must still be
// the version read.
func (f *File) unchanged(opts Options) error {
	target, err := workbookFile(f.Path)
	if err != nil {
		return fmt.Errorf("save %s: %w", f.Path, err)
	}
	if !opts.Force {
		if lock := f.lockFile(target); lock != "" {
			return f.openElsewhere(lock)
		}
	}
	current, err := os.ReadFile(target)
	if err != nil {
		return fmt.Errorf("save %s: %w", f.Path, err)
	}
	if sha256.Sum256(current) != f.hash {
		return f.changed()
	}
	return nil
}

// Wrote is for tests: when set, Save and WriteNewFile give it each
// workbook they wrote, once it is in place, so that a test binary can
// have independent readers read every workbook its tests had dtm write.
var Wrote func(path string, data []byte)

// onlyCoreDiffers reports whether two packages hold the same parts with
// the same contents (by their CRC and size) but for docProps/core.xml,
// where a save dates itself.
func onlyCoreDiffers(old, new []byte) bool {
	a, err := zip.NewReader(bytes.NewReader(old), int64(len(old)))
	if err != nil {
		return false
	}
	b, err := zip.NewReader(bytes.NewReader(new), int64(len(new)))
	if err != nil || len(a.File) != len(b.File) {
		return false
	}
	type sum struct {
		crc  uint32
		size uint64
	}
	parts := make(map[string]sum, len(a.File))
	for _, p := range a.File {
		parts[p.Name] = sum{p.CRC32, p.UncompressedSize64}
	}
	for _, p := range b.File {
		if s, ok := parts[p.Name]; !ok || p.Name != "docProps/core.xml" && s != (sum{p.CRC32, p.UncompressedSize64}) {
			return false
		}
	}
	return true
}

// Pack returns the workbook's package as Save writes it, without writing
// it: excelize's, with the recorded cells and bodies, finished by tidy
// (the document properties dated as set, or as they were).
func (f *File) Pack() ([]byte, error) { return f.pack(f.props) }

// pack returns the workbook's package with the document properties props.
func (f *File) pack(props Properties) ([]byte, error) {
	skip, ranged := f.settle()
	f.x.SetZipWriter(func(w io.Writer) excelize.ZipWriter { return newPackWriter(w, f.src, ranged, props.Modified) })
	// WriteToBuffer, not WriteTo, which copies that buffer into another.
	buf, err := f.x.WriteToBuffer()
	if err != nil {
		return nil, fmt.Errorf("write the package: %w", err)
	}
	data, err := tidy(buf.Bytes(), f.patches, skip, f.bodies, f.sheets, f.dropped, props)
	if errors.Is(err, errPatch) { // a sheet laid out otherwise: through excelize
		if err = f.applyPatchesNow(); err == nil {
			if buf, err = f.x.WriteToBuffer(); err != nil {
				return nil, fmt.Errorf("write the package: %w", err)
			}
			data, err = tidy(buf.Bytes(), nil, nil, f.bodies, f.sheets, f.dropped, props)
		}
	}
	return data, err
}

// ErrReadOnly reports a workbook whose permissions forbid writing it.
var ErrReadOnly = errors.New("the workbook is read-only")

// ErrHardLinked reports a workbook with more than one name (hard links).
var ErrHardLinked = errors.New("the workbook has other names (hard links)")

// replace puts data in place of the workbook's file, keeping a backup. A
// workbook reached through a symbolic link is updated where it is: the new
// version replaces the file the link points to. The check that the file has
// not changed since it was read is made again at the last moment, just
// before the rename (docs/workbook.md says what window remains). It
// returns the backup's name.
func (f *File) replace(data []byte, opts Options) (kept string, err error) {
	target, err := workbookFile(f.Path)
	if err != nil {
		return "", fmt.Errorf("save %s: %w", f.Path, err)
	}
	info, err := os.Stat(target)
	if err != nil {
		return "", fmt.Errorf("save %s: %w", f.Path, err)
	}
	perm := info.Mode().Perm()
	if !opts.Force {
		if err := f.refuse(target, info); err != nil {
			return "", err
		}
	}
	// The new version is written and synced first, so that the last check
	// is followed by nothing but the rename.
	tmp, err := writeTemp(filepath.Dir(target), bytes.NewReader(data), perm)
	if err != nil {
		return "", fmt.Errorf("save %s: %w", f.Path, err)
	}
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	current, seen, err := readWithInfo(target)
	if err != nil {
		return "", fmt.Errorf("save %s: %w", f.Path, err)
	}
	if sha256.Sum256(current) != f.hash {
		return "", f.changed()
	}
	now := time.Now
	if opts.Now != nil {
		now = opts.Now
	}
	backup, err := backup(target, current, perm, now())
	if err != nil {
		return "", fmt.Errorf("save %s: keep a backup: %w", f.Path, err)
	}
	defer func() {
		if err != nil {
			os.Remove(backup)
		}
	}()
	if !opts.Force {
		if lock := f.lockFile(target); lock != "" {
			return "", f.openElsewhere(lock)
		}
	}
	if beforeLastCheck != nil {
		beforeLastCheck()
	}
	// The last check: the file's contents again, then its size, time and
	// identity, then at once the rename.
	again, err := os.ReadFile(target)
	if err != nil {
		return "", fmt.Errorf("save %s: %w", f.Path, err)
	}
	if sha256.Sum256(again) != f.hash {
		return "", f.changed()
	}
	if last, serr := os.Stat(target); serr != nil || !sameVersion(seen, last) {
		return "", f.changed()
	}
	if err = rename(tmp, target); err != nil {
		if heldOpen(err) {
			return "", f.heldOpen()
		}
		return "", fmt.Errorf("save %s: %w", f.Path, err)
	}
	syncDir(filepath.Dir(target))
	return backup, nil
}

// beforeLastCheck, when set by a test, runs just before the last check of
// a save: where another program's save is the hardest to see.
var beforeLastCheck func()

// refuse says why the workbook must not be replaced without --force: open
// in a spreadsheet program, read-only, or hard-linked.
func (f *File) refuse(target string, info os.FileInfo) error {
	if lock := f.lockFile(target); lock != "" {
		return f.openElsewhere(lock)
	}
	if info.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%s: %w (its permissions are %v): dtm does not change it; make it writable (chmod u+w, or untick Read-only in its properties), or run again with --force",
			f.Path, ErrReadOnly, info.Mode().Perm())
	}
	if n := linkCount(info); n > 1 {
		return fmt.Errorf("%s: %w: it is one file under %d names; saving would give this name the new version and leave the others with the old one: remove the other names, or run again with --force",
			f.Path, ErrHardLinked, n)
	}
	return nil
}

// lockFile looks for a spreadsheet program's lock file beside the path dtm
// was given and beside the file it leads to.
func (f *File) lockFile(target string) string {
	if lock := LockFile(f.Path); lock != "" {
		return lock
	}
	if target != f.Path {
		return LockFile(target)
	}
	return ""
}

func (f *File) openElsewhere(lock string) error {
	return fmt.Errorf("%s: %w (lock file %s): close it there first; if it is not open (the program crashed), delete the lock file or run again with --force",
		f.Path, ErrOpenElsewhere, lock)
}

func (f *File) changed() error {
	return fmt.Errorf("%s: %w; nothing was written: run the command again to use the new version", f.Path, ErrChanged)
}

// readWithInfo reads a file and describes the very file it read.
func readWithInfo(name string) ([]byte, os.FileInfo, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	return data, info, err
}

// sameVersion reports whether two looks at a file saw the same version: the
// same file, size and modification time.
func sameVersion(a, b os.FileInfo) bool {
	return os.SameFile(a, b) && a.Size() == b.Size() && a.ModTime().Equal(b.ModTime())
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

// backup copies the current version of the workbook at target into
// BackupDir beside it, with the workbook's permissions (a private workbook
// has private backups), and prunes old backups.
func backup(target string, current []byte, perm os.FileMode, now time.Time) (string, error) {
	dir := filepath.Join(filepath.Dir(target), BackupDir)
	// The folder is as readable as the workbook: 0755 beside a 0644
	// workbook, 0700 beside a 0600 one.
	if err := os.MkdirAll(dir, 0o700|perm&0o055|(perm&0o044)>>2); err != nil {
		return "", err
	}
	base, ext := backupBase(target)
	name := filepath.Join(dir, fmt.Sprintf("%s %s%s", base, now.Format(backupStamp), ext))
	tmp, err := writeTemp(dir, bytes.NewReader(current), perm)
	if err != nil {
		return "", err
	}
	if err := os.Rename(tmp, name); err != nil {
		os.Remove(tmp)
		return "", err
	}
	syncDir(dir)
	prune(dir, base, ext)
	return name, nil
}

// prune deletes all but the newest KeepBackups backups of one workbook.
func prune(dir, base, ext string) {
	matches, err := filepath.Glob(filepath.Join(dir, globEscape(base)+" ????-??-?? ??????.???"+globEscape(ext)))
	if err != nil || len(matches) <= KeepBackups {
		return
	}
	sort.Strings(matches) // the timestamp sorts by time
	for _, m := range matches[:len(matches)-KeepBackups] {
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
// when path exists. A replaced file keeps its permissions; a new one is
// readable by all, as a spreadsheet program saves it.
func writeAtomicFrom(path string, src io.Reader, replace bool) error {
	perm := os.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		perm = info.Mode().Perm()
	}
	tmp, err := writeTemp(filepath.Dir(path), src, perm)
	if err != nil {
		return err
	}
	if replace {
		err = os.Rename(tmp, path)
	} else {
		// A hard link fails if path exists: no other program's file is ever
		// overwritten, even one created a moment ago.
		err = os.Link(tmp, path)
	}
	os.Remove(tmp) // after a rename there is nothing to remove
	if err != nil {
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// tempPattern names dtm's temporary files: ".dtm-PID-RANDOM.tmp", the
// process id telling a later run whether the file's writer is still alive.
const tempPattern = ".dtm-%d-*.tmp"

// writeTemp writes src to a new temporary file in dir, with perm, synced
// and closed, and returns its name. On failure nothing is left behind.
func writeTemp(dir string, src io.Reader, perm os.FileMode) (name string, err error) {
	tmp, err := os.CreateTemp(dir, fmt.Sprintf(tempPattern, os.Getpid()))
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = io.Copy(tmp, src); err != nil {
		return "", err
	}
	if err = tmp.Chmod(perm); err != nil {
		return "", err
	}
	if err = tmp.Sync(); err != nil {
		return "", err
	}
	if err = tmp.Close(); err != nil {
		return "", err
	}
	return tmp.Name(), nil
}

// syncDir makes a rename in dir durable.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// cleanStale removes the temporary files a dtm killed while saving left
// beside the workbook (and beside the file a symbolic link leads to, and in
// their backup folders): those whose writer is no longer running. Files of
// the older name without a process id are removed after an hour.
func cleanStale(path string) {
	dirs := []string{filepath.Dir(path)}
	if target, err := workbookFile(path); err == nil && filepath.Dir(target) != dirs[0] {
		dirs = append(dirs, filepath.Dir(target))
	}
	for _, dir := range dirs {
		for _, d := range []string{dir, filepath.Join(dir, BackupDir)} {
			matches, _ := filepath.Glob(filepath.Join(globEscape(d), ".dtm-*.tmp"))
			for _, m := range matches {
				if StaleTemp(m) {
					os.Remove(m)
				}
			}
		}
	}
}

// StaleTemp reports whether a temporary file's (or folder's) writer is
// gone: its name is ".dtm-PID-....tmp" and that process is not running.
func StaleTemp(name string) bool {
	middle := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(name), ".dtm-"), ".tmp")
	if id, _, ok := strings.Cut(middle, "-"); ok {
		pid, err := strconv.Atoi(id)
		return err == nil && pid > 0 && pid != os.Getpid() && !processAlive(pid)
	}
	info, err := os.Lstat(name)
	return err == nil && info.Mode().IsRegular() && time.Since(info.ModTime()) > time.Hour
}

// Package returns a workbook made in memory (not opened from a file) as
// its package, finished as Save finishes a workbook's, with the document
// properties props.
func Package(x *excelize.File, props Properties) ([]byte, error) {
	x.SetZipWriter(func(w io.Writer) excelize.ZipWriter { return newPackWriter(w, nil, nil, props.Modified) })
	buf, err := x.WriteToBuffer()
	if err != nil {
		return nil, fmt.Errorf("write the package: %w", err)
	}
	return tidy(buf.Bytes(), nil, nil, nil, Sheets{}, nil, props)
}

// WriteNewFile writes a new file safely, as WriteFile does, but never over
// a file that exists at path, even one created a moment ago: the error is
// then fs.ErrExist.
func WriteNewFile(path string, data []byte) error {
	if err := writeAtomicFrom(path, bytes.NewReader(data), false); err != nil {
		return err
	}
	if Wrote != nil {
		Wrote(path, data)
	}
	return nil
}
