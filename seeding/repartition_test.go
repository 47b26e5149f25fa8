package seeding

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestRepartitionTrios is worked by hand: two boards of seven, each a trio
// (three players who gain 30 a pair for sitting together) and four others
// (15 a pair); each trio's players cost 10 a pair with the four others on
// their board. Seated so, the boards cost 24 x 10 - 6 x 30 - 12 x 15 =
// -120, and no single swap helps (taking a player from a trio or from the
// four loses more than it saves); exchanging the two trios costs -360, the
// least possible (every gain met, no cost paid), and repartition finds it.
func TestRepartitionTrios(t *testing.T) {
	p := &Problem{Values: DefaultValues()}
	for i := range 14 {
		p.Players = append(p.Players, fmt.Sprintf("p%02d", i))
	}
	for _, b := range [][]int{{0, 1, 2, 3, 4, 5, 6}, {7, 8, 9, 10, 11, 12, 13}} {
		trio, four := b[:3], b[3:]
		for x, i := range trio {
			for _, j := range trio[x+1:] {
				p.Conflicts = append(p.Conflicts, Conflict{A: i, B: j, Value: -30, Kind: "trio"})
			}
			for _, j := range four {
				p.Conflicts = append(p.Conflicts, Conflict{A: i, B: j, Value: 10, Kind: "apart"})
			}
		}
		for x, i := range four {
			for _, j := range four[x+1:] {
				p.Conflicts = append(p.Conflicts, Conflict{A: i, B: j, Value: -15, Kind: "four"})
			}
		}
	}
	present := make([]int, 14)
	for i := range present {
		present[i] = i
	}
	f, err := newFrame(p, present, nil, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	seat := []int32{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}
	a := newAnnealer(f, rand.New(rand.NewPCG(1, 1)), [][]int32{slices.Clone(seat)})
	if got := a.roundCost(0); got != -120 {
		t.Fatalf("the two boards cost %d, want -120", got)
	}
	for s := range 7 {
		for u := 7; u < 14; u++ {
			if d := a.delta(0, s, u); d <= 0 {
				t.Errorf("swapping slots %d and %d changes the objective by %d: the case is meant to have no better swap", s, u, d)
			}
		}
	}
	if !a.repartition(0, 0, 1) {
		t.Fatal("repartition found nothing better")
	}
	if got := a.roundCost(0); got != -360 {
		t.Errorf("after repartition the boards cost %d, want -360", got)
	}
	if got := a.objective(); got != a.obj {
		t.Errorf("incremental objective %d, recomputed %d", a.obj, got)
	}
	first := slices.Sorted(slices.Values(a.seat[0][:7]))
	if want := []int32{0, 1, 2, 10, 11, 12, 13}; !slices.Equal(first, want) && !slices.Equal(first, []int32{3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("first board %v, want the trios exchanged", first)
	}
	if a.repartition(0, 0, 1) {
		t.Error("a second repartition still improved")
	}
}

// TestRepartitionAll checks the exact two-board re-split on a random
// schedule of the fuzz problem (static costs, powers, groups, three
// rounds planned): the incremental objective stays exact, it falls, and a
// second pass finds nothing more.
func TestRepartitionAll(t *testing.T) {
	f := fuzzFrame(t, 3)
	a := randomSwaps(t, f)
	was := a.obj
	if !a.repartitionAll() {
		t.Fatal("no pair of boards of a random schedule improved")
	}
	if got := a.objective(); got != a.obj {
		t.Fatalf("incremental objective %d, recomputed %d", a.obj, got)
	}
	if a.obj >= was {
		t.Fatalf("objective %d, was %d", a.obj, was)
	}
	if a.repartitionAll() {
		t.Error("a second pass still improved")
	}
}

// fuzzFrame is the fuzz problem's second heat, everyone present, with
// rounds planned.
func fuzzFrame(t *testing.T, rounds int) *frame {
	t.Helper()
	present := make([]int, 35)
	for i := range present {
		present[i] = i
	}
	f, err := newFrame(fuzzProblem(), present, nil, rounds, nil)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// TestKickSearch checks that kicks keep the objective exact (kicks taken
// back included) and lower it from a random schedule.
func TestKickSearch(t *testing.T) {
	f := fuzzFrame(t, 2)
	a := randomSwaps(t, f)
	was := a.obj
	a.kickSearch(300, 0, func() bool { return false })
	if got := a.objective(); got != a.obj {
		t.Fatalf("incremental objective %d, recomputed %d", a.obj, got)
	}
	if a.obj >= was {
		t.Errorf("objective %d after the kicks, %d before", a.obj, was)
	}
}

// TestContinueBestDeterministic continues the same four schedules with one
// worker and with three: the winner and its seating must not depend on
// which continuation ends first.
func TestContinueBestDeterministic(t *testing.T) {
	f := fuzzFrame(t, 2)
	run := func(workers int) (int, [][]int32) {
		var kept []*annealer
		for k := range kickTop {
			rng := rand.New(rand.NewPCG(5, uint64(k)))
			seat, _ := initial(f, rng, 2*k+1)
			a := newAnnealer(f, rng, seat)
			a.restart = k
			kept = append(kept, a)
		}
		first := func(a, b *annealer) int {
			if a.obj != b.obj {
				return a.obj - b.obj
			}
			return a.restart - b.restart
		}
		slices.SortFunc(kept, first)
		best := continueBest(kept, first, 0, 0, workers, func() bool { return false })
		if got := best.objective(); got != best.obj {
			t.Fatalf("incremental objective %d, recomputed %d", best.obj, got)
		}
		return best.restart, best.seat
	}
	k1, s1 := run(1)
	k3, s3 := run(3)
	if k1 != k3 || !reflect.DeepEqual(s1, s3) {
		t.Errorf("one worker: restart %d; three: restart %d, same seating %v", k1, k3, reflect.DeepEqual(s1, s3))
	}
}

// TestSeedSmallDeterministic seeds a heat of five boards after four random
// rounds, with a short annealing that the continuation of the best
// restarts finishes, with one and with two workers: the same seating.
func TestSeedSmallDeterministic(t *testing.T) {
	p := fuzzProblem()
	present := make([]int, 35)
	for i := range present {
		present[i] = i
	}
	rng := rand.New(rand.NewPCG(9, 9))
	for r := 2; r <= 4; r++ {
		pl := Plan{Round: r}
		perm := rng.Perm(35)
		for b := range 5 {
			pl.Boards = append(pl.Boards, board(perm[b*7:b*7+7]...))
		}
		p.History = append(p.History, pl)
	}
	var got []Result
	for _, w := range []int{1, 2} {
		res, err := Seed(context.Background(), p, present, nil, Options{Seed: 3, RoundsLeft: 3, Effort: 0.002, Workers: w})
		if err != nil {
			t.Fatal(err)
		}
		checkPlan(t, p, present, nil, res.Plan)
		got = append(got, res)
	}
	for _, r := range got[1:] {
		if !reflect.DeepEqual(r, got[0]) {
			t.Errorf("same seed, different seating: conflict %d and %d", got[0].Conflict, r.Conflict)
		}
	}
}

// TestMeetWherePolished: every heat whose best restarts are polished
// (repartition and kicks, up to kickMax free players) keeps the flat table
// repartition reads, however many players sit on its locked boards; a heat
// of more than meetMax players with more free players does not.
func TestMeetWherePolished(t *testing.T) {
	for _, c := range []struct {
		players, free int
		meet          bool
	}{
		{35, 35, true},
		{meetMax, meetMax, true},
		{154, 28, true},
		{210, kickMax, true},
		{154, 49, false},
		{denseMax + 5, 21, false}, // no flat pair table
	} {
		p := &Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups(), AssignPowers: true}
		for i := range c.players {
			p.Players = append(p.Players, fmt.Sprintf("p%04d", i))
		}
		var locked []Board
		for b := c.free; b < c.players; b += 7 {
			locked = append(locked, seats(b, 0, b+1, 1, b+2, 2, b+3, 3, b+4, 4, b+5, 5, b+6, 6))
		}
		var present []int
		for i := range c.free {
			present = append(present, i)
		}
		f, err := newFrame(p, present, locked, 2, nil)
		if err != nil {
			t.Fatal(err)
		}
		if f.n != c.players || len(f.free) != c.free {
			t.Fatalf("%d players, %d free: the frame has %d and %d", c.players, c.free, f.n, len(f.free))
		}
		if got := f.meet(); got != c.meet {
			t.Errorf("%d players, %d free: meet() = %v, want %v", c.players, c.free, got, c.meet)
		}
	}
}
