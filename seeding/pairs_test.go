package seeding

import (
	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestPairTable(t *testing.T) {
	for _, dense := range []bool{true, false} {
		old := denseMax
		if !dense {
			denseMax = 0
		}
		p := newPairTable[int16](5)
		denseMax = old
		if (p.dense != nil) != dense {
			t.Fatalf("dense = %v, want %v", p.dense != nil, dense)
		}
		p.add(1, 3, 2)
		p.add(1, 4, 1)
		p.add(1, 4, -1) // back to 0: no longer held
		c := p.clone()
		c.add(1, 3, 5)
		if p.at(1, 3) != 2 || c.at(1, 3) != 7 || p.at(3, 1) != 0 || p.at(1, 4) != 0 {
			t.Errorf("dense %v: at = %d %d %d %d", dense, p.at(1, 3), c.at(1, 3), p.at(3, 1), p.at(1, 4))
		}
		var held []int
		p.each(1, func(j int, v int16) { held = append(held, j) })
		if !slices.Equal(held, []int{3}) {
			t.Errorf("dense %v: each visits %v, want [3]", dense, held)
		}
	}
}

// TestSparseSameAsDense: the sparse pair tables give the seeder exactly the
// bounds, objective and annealing moves of the dense ones.
func TestSparseSameAsDense(t *testing.T) {
	p, present := benchRound(t, 70, 4, 5, 7)
	type outcome struct {
		bound0, boundTotal, obj, objective int
		seat                               [][]int32
	}
	run := func() outcome {
		f, err := newFrame(p, present, nil, 3)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		a := newAnnealer(f, rng, initial(f, rng, 1))
		a.run(20000, -1<<30, 10, 0.3, func() bool { return false }, time.Time{}, time.Now)
		a.polishPowers()
		return outcome{f.bound0(), f.boundTotal(), a.obj, a.objective(), a.seat}
	}
	dense := run()
	old := denseMax
	denseMax = 0
	defer func() { denseMax = old }()
	sparse := run()
	if dense.bound0 != sparse.bound0 || dense.boundTotal != sparse.boundTotal || dense.obj != sparse.obj || dense.objective != sparse.objective {
		t.Errorf("dense %+v\nsparse %+v", dense, sparse)
	}
	if dense.obj != dense.objective {
		t.Errorf("the objective kept by moves (%d) differs from the one computed (%d)", dense.obj, dense.objective)
	}
	for r := range dense.seat {
		if !slices.Equal(dense.seat[r], sparse.seat[r]) {
			t.Errorf("round %d seated differently", r)
		}
	}
}

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
