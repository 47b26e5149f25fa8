package xlsx

import (
	"errors"
	"fmt"
	"os"
	"slices"
	"syscall"
)

// ErrHeldOpen reports a workbook that another program holds open so that
// it cannot be replaced: Excel on Windows.
var ErrHeldOpen = errors.New("another program has the workbook open")

// rename puts the new version in place of the workbook; a test replaces it
// to fail as Windows does when Excel holds the file.
var rename = os.Rename

// heldOpen reports whether a rename failed because another program holds
// the file open: Windows refuses to replace a file that Excel has open
// with one of heldOpenErrnos; elsewhere a rename never fails so.
func heldOpen(err error) bool {
	var errno syscall.Errno
	return errors.As(err, &errno) && slices.Contains(heldOpenErrnos, errno)
}

func (f *File) heldOpen() error {
	return fmt.Errorf("%s: %w, so Windows refused to replace it: close the workbook in Excel and run again; nothing was changed", f.Path, ErrHeldOpen)
}
