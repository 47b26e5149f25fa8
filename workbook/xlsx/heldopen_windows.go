package xlsx

import "syscall"

// heldOpenErrnos are the errors with which Windows refuses to rename over a
// file another program holds open: ERROR_ACCESS_DENIED (Excel's share
// mode forbids deleting it), ERROR_SHARING_VIOLATION and
// ERROR_LOCK_VIOLATION.
var heldOpenErrnos = []syscall.Errno{syscall.ERROR_ACCESS_DENIED, 32, 33}
