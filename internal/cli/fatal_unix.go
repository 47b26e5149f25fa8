//go:build unix

package cli

import (
	"os"
	"syscall"
)

// noCoreFile keeps a crash from writing a core file of the whole memory (a
// crash out of memory could write gigabytes into the director's folder),
// unless GOTRACEBACK asks for one.
func noCoreFile() {
	if os.Getenv("GOTRACEBACK") != "" {
		return
	}
	var l syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_CORE, &l) == nil {
		l.Cur = 0
		syscall.Setrlimit(syscall.RLIMIT_CORE, &l)
	}
}
