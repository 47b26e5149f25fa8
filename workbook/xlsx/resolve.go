package xlsx

import (
	"os"
	"path/filepath"
	"runtime"
)

// evalSymlinks follows symbolic links; a test replaces it to fail as it
// does on some Windows volumes.
var evalSymlinks = filepath.EvalSymlinks

// trustPathWhenUnresolved is whether a path that cannot be resolved, but
// names a file that is no link, is used as given: on Windows, where
// filepath.EvalSymlinks fails on some volumes that hold ordinary files
// (RAM disks, folders mapped into containers: golang/go#23512) and where
// workbooks are often opened from drive letters and \\server\share paths.
var trustPathWhenUnresolved = runtime.GOOS == "windows"

// workbookFile returns the file a workbook's path leads to, through symbolic
// links: the file a save replaces and whose folder keeps the backups.
func workbookFile(path string) (string, error) {
	target, err := evalSymlinks(path)
	if err == nil || !trustPathWhenUnresolved {
		return target, err
	}
	if info, lerr := os.Lstat(path); lerr != nil || info.Mode()&os.ModeSymlink != 0 {
		return "", err
	}
	return path, nil
}
