//go:build unix

package xlsx

import (
	"errors"
	"os"
	"syscall"
)

// linkCount returns the number of names (hard links) a file has.
func linkCount(info os.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// processAlive reports whether a process of this id may be running.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
