//go:build unix

package proc

import (
	"os"
	"runtime"
	"syscall"
	"time"
)

// CPU is the CPU time (user and system) this process has used so far.
func CPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// ChildPeak is a finished child process's peak resident memory in bytes, or 0
// where the platform does not say.
func ChildPeak(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" { // macOS counts bytes, Linux and the BSDs kibibytes
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) << 10
}
