package proc

import (
	"os"
	"syscall"
	"time"
)

// CPU is the CPU time (user and system) this process has used so far.
func CPU() time.Duration {
	var creation, exit, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil || syscall.GetProcessTimes(h, &creation, &exit, &kernel, &user) != nil {
		return 0
	}
	return time.Duration(kernel.Nanoseconds() + user.Nanoseconds())
}

// ChildPeak is 0: Windows does not report a finished child's peak memory through
// os.ProcessState.
func ChildPeak(*os.ProcessState) int64 { return 0 }
