package xlsx

import (
	"crypto/sha256"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
)

// backupStamp is the layout of the time in a backup's name.
const backupStamp = "2006-01-02 150405.000"

// Backups lists the backups Save kept of the workbook at path (in
// BackupDir beside the file it leads to, through a symbolic link), newest
// first; none is no error.
func Backups(path string) ([]string, error) {
	target, err := workbookFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	dir := filepath.Join(filepath.Dir(target), BackupDir)
	base, ext := backupBase(target)
	matches, err := filepath.Glob(filepath.Join(globEscape(dir), globEscape(base)+" ????-??-?? ??????.???"+globEscape(ext)))
	if err != nil {
		return nil, fmt.Errorf("%s: list its backups: %w", path, err)
	}
	var out []string
	for _, m := range matches {
		if _, ok := BackupTime(m); ok {
			out = append(out, m)
		}
	}
	slices.Sort(out) // the timestamp sorts by time
	slices.Reverse(out)
	return out, nil
}

// maxFileName is the longest file name most file systems take, in bytes.
const maxFileName = 255

// backupBase returns the start and the extension of the backups' names of
// the workbook at target: its name without extension (cut by CutName),
// then (in the backup's name) a space and the time it was kept.
func backupBase(target string) (base, ext string) {
	ext = filepath.Ext(target)
	base = strings.TrimSuffix(filepath.Base(target), ext)
	return CutName(base, maxFileName-len(" "+backupStamp)-len(ext)), ext
}

// CutName returns name when it is at most room bytes long, else name cut
// to fit, at a character's boundary, ending with "~" and a short hash of
// the whole name: two names that differ only past the cut stay apart.
func CutName(name string, room int) string {
	if len(name) <= room {
		return name
	}
	sum := sha256.Sum256([]byte(name))
	tag := fmt.Sprintf("~%x", sum[:4])
	cut := max(room-len(tag), 0)
	for cut > 0 && !utf8.RuneStart(name[cut]) {
		cut--
	}
	return name[:cut] + tag
}

// BackupTime reads the time a backup was kept from its name.
func BackupTime(name string) (time.Time, bool) {
	stem := strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	if len(stem) < len(backupStamp) {
		return time.Time{}, false
	}
	t, err := time.ParseInLocation(backupStamp, stem[len(stem)-len(backupStamp):], time.Local)
	return t, err == nil
}

// Replace puts data, a whole workbook, in place of the workbook at path,
// as Save does: refused when it is open in a spreadsheet program (unless
// opts.Force) or when the file no longer holds current (the bytes the
// caller read), written atomically, the replaced version kept as a backup,
// whose name it returns.
func Replace(path string, current, data []byte, opts Options) (string, error) {
	f := &File{Path: path, hash: sha256.Sum256(current)}
	return f.replace(data, opts)
}

// ReadFile reads a workbook's file whole, as Open does, without checking
// its contents (a damaged workbook is read too).
func ReadFile(path string) ([]byte, error) { return readFile(path) }

// SheetChange is how one sheet of a workbook differs in another version
// of it.
type SheetChange struct {
	Sheet string
	// Cells counts the cells whose values differ.
	Cells int
	// Added is a sheet only the other version has; Removed one only this
	// version has.
	Added, Removed bool
}

// Changes compares the cell values of f with those of other, sheet by
// sheet: what replacing f by other would change. The sheets come in
// other's order, then those only f has; sheets alike are left out.
func (f *File) Changes(other *File) ([]SheetChange, error) {
	mine, theirs := NewSheetReader(f.x), NewSheetReader(other.x)
	have := f.SheetList()
	var out []SheetChange
	for _, sheet := range other.SheetList() {
		b, err := theirs.Rows(sheet)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", other.Path, err)
		}
		if !slices.Contains(have, sheet) {
			out = append(out, SheetChange{Sheet: sheet, Added: true, Cells: countCells(nil, b)})
			continue
		}
		a, err := mine.Rows(sheet)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Path, err)
		}
		if n := countCells(a, b); n > 0 {
			out = append(out, SheetChange{Sheet: sheet, Cells: n})
		}
	}
	theirSheets := other.SheetList()
	for _, sheet := range have {
		if !slices.Contains(theirSheets, sheet) {
			a, err := mine.Rows(sheet)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Path, err)
			}
			out = append(out, SheetChange{Sheet: sheet, Removed: true, Cells: countCells(a, nil)})
		}
	}
	return out, nil
}

// countCells counts the cells whose values differ between two readings of
// a sheet (an absent cell is empty).
func countCells(a, b [][]string) int {
	at := func(rows [][]string, r, c int) string {
		if r < len(rows) && c < len(rows[r]) {
			return rows[r][c]
		}
		return ""
	}
	n := 0
	for r := range max(len(a), len(b)) {
		var width int
		if r < len(a) {
			width = len(a[r])
		}
		if r < len(b) {
			width = max(width, len(b[r]))
		}
		for c := range width {
			if at(a, r, c) != at(b, r, c) {
				n++
			}
		}
	}
	return n
}
