package proc

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
)

// TestSelfCounts: burning CPU moves the clock forward.
func TestSelfCounts(t *testing.T) {
	start := CPU()
	x := 0
	for i := 0; CPU()-start <= 0 && i < 1<<34; i++ {
		x += i
	}
	if CPU() <= start {
		t.Fatalf("the CPU clock did not move (%d)", x)
	}
}

// TestChild: a finished child reports its CPU time and its peak memory.
func TestChild(t *testing.T) {
	if os.Getenv("USAGE_CHILD") != "" {
		buf := make([]byte, 64<<20)
		for i := range buf {
			buf[i] = byte(i)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestChild$")
	cmd.Env = append(os.Environ(), "USAGE_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if ChildCPU(cmd.ProcessState) <= 0 {
		t.Error("the child used no CPU time")
	}
	if p := ChildPeak(cmd.ProcessState); runtime.GOOS != "windows" && p < 64<<20 {
		t.Errorf("peak memory %d bytes, want at least the 64 MiB the child touched", p)
	}
}
