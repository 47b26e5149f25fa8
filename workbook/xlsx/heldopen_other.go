//go:build !windows

package xlsx

import "syscall"

// heldOpenErrnos is empty: outside Windows an open file can be renamed over.
var heldOpenErrnos []syscall.Errno
