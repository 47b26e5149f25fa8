package main

import (
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sync"
	"testing"
	"time"

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

// TestAtThePlayerLimit: a workbook of workbook.MaxPlayers players over
// three finished heats is checked, scored and its fourth heat seeded, each
// within limitMemory of heap.
func TestAtThePlayerLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 20,000-player workbook")
	}
	const limitMemory = 1536 << 20
	debug.FreeOSMemory()
	path := filepath.Join(t.TempDir(), "Limit Open.xlsx")
	bigTournament(t, path, workbook.MaxPlayers, 4)
	for _, args := range [][]string{
		{"check", path},
		{"score", path},
		{"seed", "--heat", "4", "--time", "1s", path},
	} {
		var code int
		var stderr string
		peak := peakHeap(func() { code, _, stderr = dtm(t, args...) })
		t.Logf("dtm %s: %d MiB of heap at most", args[0], peak>>20)
		if code != 0 {
			t.Fatalf("dtm %v: exit %d: %s", args, code, stderr)
		}
		if peak > limitMemory {
			t.Errorf("dtm %s used %d MiB of heap; the limit is %d MiB", args[0], peak>>20, limitMemory>>20)
		}
	}
}
