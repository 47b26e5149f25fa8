package scale

import (
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/clitest"
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
	if !clitest.Alone(t) {
		return
	}
	const limitMemory = 1 << 30
	debug.FreeOSMemory()
	path := filepath.Join(t.TempDir(), "Limit Open.xlsx")
	clitest.BigEvent(t, path, workbook.MaxPlayers, 3, 4)
	for _, args := range [][]string{
		{"check", path},
		{"score", path},
		{"seed", "--heat", "4", "--sit-out", "auto", path},
	} {
		var code int
		var stdout, stderr string
		peak := peakHeap(func() { code, stdout, stderr = clitest.Dtm(t, args...) })
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
