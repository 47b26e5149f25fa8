package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/workbook"
)

// peakHeap runs fn and returns the most heap in use seen while it ran,
// sampled every few milliseconds (a sample may miss the very peak, so the
// figure is a floor: a test that bounds it never fails spuriously).
func peakHeap(fn func()) uint64 {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	fn()
	close(stop)
	wg.Wait()
	return peak - min(peak, base.HeapInuse)
}

// aloneEnv names, in the process alone starts, the test it runs.
const aloneEnv = "DTM_TEST_ALONE"

// alone runs the calling test again in a process of its own, where it is
// the only test, so that it can measure the heap while the package's
// other tests run beside it, or so that a long walk starts at once rather
// than when go test gives it one of its -test.parallel slots, which come
// in no set order: in that process alone returns true and the test goes
// on; in the package's process alone starts that process before the
// package's parallel tests begin, then runs the test in parallel, waits
// for the other process and reports what it logged and whether it passed,
// and alone returns false.
func alone(t *testing.T) bool {
	if os.Getenv(aloneEnv) == t.Name() {
		return true
	}
	args := []string{"-test.run=^" + t.Name() + "$", "-test.count=1", "-test.v"}
	if deadline, ok := t.Deadline(); ok {
		// It stops a little before this process does, so that what it was
		// doing when it ran out of time is logged here.
		left := time.Until(deadline)
		args = append(args, "-test.timeout="+(left-left/20).Round(time.Second).String())
	}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	if golden.Update() {
		args = append(args, "-update")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), aloneEnv+"="+t.Name())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Start()
	t.Parallel()
	if err == nil {
		err = cmd.Wait()
	}
	t.Logf("in a process of its own:\n%s", out.Bytes())
	if err != nil {
		t.Errorf("in a process of its own: %v", err)
	}
	return false
}

// TestAtThePlayerLimit: a workbook of workbook.MaxPlayers players with
// three finished heats is checked, scored and its fourth heat seeded (one
// player sits out), each within limitMemory of heap (measured: check 97
// MiB, score 186 MiB, seed 597 MiB); the seeder alone is measured in package
// seeding (TestSeedMemoryAtTheLimit). It runs alone in a process of its
// own, beside the other tests.
func TestAtThePlayerLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20,000-player workbook")
	}
	if !alone(t) {
		return
	}
	const limitMemory = 1 << 30
	debug.FreeOSMemory()
	path := filepath.Join(t.TempDir(), "Limit Open.xlsx")
	bigEvent(t, path, workbook.MaxPlayers, 3, 4)
	for _, args := range [][]string{
		{"check", path},
		{"score", path},
		{"seed", "--heat", "4", "--sit-out", "auto", path},
	} {
		var code int
		var stdout, stderr string
		peak := peakHeap(func() { code, stdout, stderr = dtm(t, args...) })
		t.Logf("dtm %s: %d MiB of heap at most", args[0], peak>>20)
		if code != 0 {
			t.Fatalf("dtm %v: exit %d: %s", args, code, stderr)
		}
		if args[0] == "seed" && !strings.Contains(stdout, "heat 4: 19999 players on 2857 boards") {
			t.Errorf("dtm seed did not seat the heat's 19,999 players:\n%s", stdout)
		}
		if peak > limitMemory {
			t.Errorf("dtm %s used %d MiB of heap; the limit is %d MiB", args[0], peak>>20, limitMemory>>20)
		}
	}
}
