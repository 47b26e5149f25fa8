// Package proc reads the CPU time of this process and the CPU time and
// peak memory of a finished child, on every platform dtm is built for, for
// the benchmarks that report them.
package proc

import (
	"os"
	"time"
)

// ChildCPU is the CPU time (user and system) a finished child process used.
func ChildCPU(ps *os.ProcessState) time.Duration {
	return ps.UserTime() + ps.SystemTime()
}
