package seeding

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestSeedMemoryAtTheLimit: seeding the second round of 19,999 players
// (2,857 boards, the most a 20,000-player workbook seats) keeps its heap
// within 384 MiB (measured: 183 MiB): pair tables grow with the pairs that
// met or conflict, and only the best restart is kept. Dense n×n tables
// would take 2.3 GiB, and 760 MiB more per restart.
func TestSeedMemoryAtTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds 19,999 players")
	}
	const limit = 384 << 20
	p, present := benchRound(t, 19999, 3, 50, 100)
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	})
	_, err := Seed(context.Background(), p, present, nil, Options{Seed: 1, RoundsLeft: 2, Time: time.Second})
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	used := peak.Load() - min(peak.Load(), base.HeapInuse)
	t.Logf("seeding 19,999 players: %d MiB of heap at most", used>>20)
	if used > limit {
		t.Errorf("seeding used %d MiB of heap; the limit is %d MiB", used>>20, limit>>20)
	}
}
