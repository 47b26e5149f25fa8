package workbook

import (
	"time"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// Version is one version of a workbook's file, read whole: the workbook as
// it stands or one of the backups kept in BackupDir (dtm undo). Its
// tournament is not read: a version is compared cell by cell.
type Version struct {
	Path string
	Data []byte
	x    *xlsx.File
}

// ReadVersion reads the file at path. A file that is not a workbook dtm
// can open still returns its version (its Data), with the error saying
// why: it can be replaced, not compared.
func ReadVersion(path string) (*Version, error) {
	data, err := xlsx.ReadFile(path)
	if err != nil {
		return nil, err
	}
	v := &Version{Path: path, Data: data}
	if v.x, err = xlsx.OpenBytes(path, data, xlsx.Sheets{}); err != nil {
		return v, err
	}
	return v, nil
}

// Close releases the version.
func (v *Version) Close() {
	if v != nil && v.x != nil {
		v.x.Close()
	}
}

// SheetChange is how one sheet differs in another version of a workbook:
// cells changed, or the sheet added or removed.
type SheetChange = xlsx.SheetChange

// Changes lists, sheet by sheet, what replacing v by other would change
// in the cells' values; nil when they hold the same values.
func (v *Version) Changes(other *Version) ([]SheetChange, error) {
	return v.x.Changes(other.x)
}

// Backups lists the backups kept of the workbook at path, newest first.
func Backups(path string) ([]string, error) { return xlsx.Backups(path) }

// BackupTime reads from a backup's name when it was kept.
func BackupTime(name string) (time.Time, bool) { return xlsx.BackupTime(name) }

// Replace puts the version with over the workbook current (read from the
// workbook's file) as a Save does: refused when the workbook is open in a
// spreadsheet program (unless opts.Force) or changed since it was read,
// written atomically, the replaced version kept as a backup, whose name it
// returns.
func Replace(current, with *Version, opts Options) (string, error) {
	return xlsx.Replace(current.Path, current.Data, with.Data, opts)
}
