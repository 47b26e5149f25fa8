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

// TestUnsplitKeepsSeats runs the same kicks on two copies of a schedule,
// one remembering the splits that found no gain (annealer.unsplit) and one
// searching every split again: remembering must change no seat. A key that
// missed part of what the search reads would skip a split that gains, and
// the seats would part.
func TestUnsplitKeepsSeats(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame func(t *testing.T) *frame
	}{
		{"fuzz problem, 2 heats", func(t *testing.T) *frame { return fuzzFrame(t, 2) }},
		{"42 players, 4 heats", func(t *testing.T) *frame {
			p, present := benchRound(t, 42, 5, 4, 3)
			f, err := newFrame(p, present, nil, 4, nil)
			if err != nil {
				t.Fatal(err)
			}
			return f
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := tc.frame(t)
			plain, remembering := randomSwaps(t, f), randomSwaps(t, f)
			remembering.unsplit = make(map[[2]uint64]struct{})
			for _, a := range []*annealer{plain, remembering} {
				a.repartitionAll()
				a.kickSearch(400, 0, func() bool { return false })
			}
			if len(remembering.unsplit) == 0 {
				t.Fatal("no split remembered: the test does not exercise the cache")
			}
			if plain.obj != remembering.obj || !slices.EqualFunc(plain.seat, remembering.seat, slices.Equal) {
				t.Fatalf("objective %d remembering the splits, %d searching them all; the seats differ", remembering.obj, plain.obj)
			}
			if got := remembering.objective(); got != remembering.obj {
				t.Fatalf("incremental objective %d, recomputed %d", remembering.obj, got)
			}
		})
	}
}

// TestSplitKey checks that the key of a split changes with any weight,
// power cost, now or lb, and not with a copy.
func TestSplitKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var s splitter
	s.powers = true
	for x := range twoBoards {
		for y := x + 1; y < twoBoards; y++ {
			s.w[x][y] = rng.IntN(7) * 30
			s.w[y][x] = s.w[x][y]
		}
		for q := range 7 {
			s.pc[x][q] = rng.IntN(9) - 4
		}
	}
	s.now, s.lb = 420, -12
	base := s.key()
	if c := s; c.key() != base {
		t.Fatal("a copy has another key")
	}
	for _, change := range []func(c *splitter){
		func(c *splitter) { c.w[0][1]++; c.w[1][0]++ },
		func(c *splitter) { c.w[12][13] -= 30; c.w[13][12] -= 30 },
		func(c *splitter) { c.pc[0][0]++ },
		func(c *splitter) { c.pc[13][6]-- },
		func(c *splitter) { c.now++ },
		func(c *splitter) { c.lb-- },
	} {
		c := s
		change(&c)
		if c.key() == base {
			t.Errorf("a change left the key %x", base)
		}
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

// TestSeedSmallDeterministic seeds a heat after three random rounds, with a
// short annealing that the continuation of the best restarts finishes,
// with one and with two workers: the same seating. The heats are one of
// five boards planning three heats and an event's last heat of seven
// boards (continuesBest).
func TestSeedSmallDeterministic(t *testing.T) {
	for _, tc := range []struct{ players, roundsLeft int }{{35, 3}, {49, 1}} {
		p := fuzzProblem()
		for i := len(p.Players); i < tc.players; i++ {
			p.Players = append(p.Players, fmt.Sprintf("p%02d", i))
		}
		present := make([]int, tc.players)
		for i := range present {
			present[i] = i
		}
		rng := rand.New(rand.NewPCG(9, 9))
		for r := 2; r <= 4; r++ {
			pl := Plan{Round: r}
			perm := rng.Perm(tc.players)
			for b := range tc.players / 7 {
				pl.Boards = append(pl.Boards, board(perm[b*7:b*7+7]...))
			}
			p.History = append(p.History, pl)
		}
		opts := Options{Seed: 3, RoundsLeft: tc.roundsLeft, Effort: 0.002}
		f, err := newFrame(p, present, nil, opts.RoundsLeft, nil)
		if err != nil {
			t.Fatal(err)
		}
		f.setHorizon(0)
		if !continuesBest(f, opts) {
			t.Fatalf("%d players, %d heats left: the heat does not continue its best restarts", tc.players, tc.roundsLeft)
		}
		var got []Result
		for _, w := range []int{1, 2} {
			opts.Workers = w
			res, err := Seed(context.Background(), p, present, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			checkPlan(t, p, present, nil, res.Plan)
			got = append(got, res)
		}
		for _, r := range got[1:] {
			if !reflect.DeepEqual(r, got[0]) {
				t.Errorf("%d players, %d heats left: same seed, different seating: conflict %d and %d",
					tc.players, tc.roundsLeft, got[0].Conflict, r.Conflict)
			}
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

// TestSplitterExhaustive checks the branch and bound of splitter against
// every one of the 1,716 splits, on random weights (negative ones too,
// as gains for sitting together are) with and without powers: it must
// keep exactly the split, in exactly the order, that the first split of
// the greatest gain gives.
func TestSplitterExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 10))
	for c := range 400 {
		var w [twoBoards][twoBoards]int
		var pc [twoBoards][7]int
		spread := []int{3, 20, 200}[c%3]
		for x := range twoBoards {
			for y := x + 1; y < twoBoards; y++ {
				v := rng.IntN(spread) - spread/4
				if c%5 == 0 {
					v = 10 * rng.IntN(3) // few distinct weights: many ties
				}
				w[x][y], w[y][x] = v, v
			}
		}
		powers := c%2 == 1
		lb := 0
		if powers {
			for x := range twoBoards {
				low := 0
				for q := range 7 {
					if q != x%7 {
						pc[x][q] = rng.IntN(2*spread) - spread
					}
					low = min(low, pc[x][q])
				}
				lb += low
			}
		}
		now := 0
		for x := range twoBoards {
			for y := x + 1; y < twoBoards; y++ {
				if (x < 7) == (y < 7) {
					now += w[x][y]
				}
			}
		}
		s := splitter{w: w, pc: pc, powers: powers, lb: lb, now: now}
		got, ok := s.search()
		want, wantGain, wantOK := exhaustiveSplit(&w, &pc, powers, lb, now)
		if ok != wantOK || got != want || (ok && s.bestGain != wantGain) {
			t.Fatalf("case %d: splitter kept %v (found %v, gain %d), every split gives %v (found %v, gain %d)",
				c, got, ok, s.bestGain, want, wantOK, wantGain)
		}
	}
}

// exhaustiveSplit weighs every split of the fourteen, player 0 on the
// first board, in increasing order of the other six, and keeps the first
// of the greatest gain above 0: the enumeration splitter prunes. Like
// splitter, it assigns no powers to a split whose pairs alone, with the
// least the powers can change by (lb), gain no more than the best so far.
func exhaustiveSplit(w *[twoBoards][twoBoards]int, pc *[twoBoards][7]int, powers bool, lb, now int) (best [twoBoards]int, bestGain int, found bool) {
	var members [7]int
	var walk func(next, k, within int)
	walk = func(next, k, within int) {
		if k < 7 {
			for v := next; v <= twoBoards-(7-k); v++ {
				add := 0
				for _, u := range members[:k] {
					add += w[u][v]
				}
				members[k] = v
				walk(v+1, k+1, within+add)
			}
			return
		}
		var in [twoBoards]bool
		for _, x := range members {
			in[x] = true
		}
		var sa, sb [7]int
		na, nb, c := 0, 0, within
		for x := range twoBoards {
			if in[x] {
				sa[na], na = x, na+1
				continue
			}
			for _, y := range sb[:nb] {
				c += w[x][y]
			}
			sb[nb], nb = x, nb+1
		}
		if c+lb >= now-bestGain {
			return
		}
		gain := now - c
		var order [twoBoards]int
		if powers {
			var ca, cb [7][7]int
			for u := range 7 {
				ca[u], cb[u] = pc[sa[u]], pc[sb[u]]
			}
			pa, ta := assign(&ca)
			pb, tb := assign(&cb)
			gain -= ta + tb
			for u := range 7 {
				order[pa[u]], order[7+pb[u]] = sa[u], sb[u]
			}
		} else {
			copy(order[:7], sa[:])
			copy(order[7:], sb[:])
		}
		if gain > bestGain {
			best, bestGain, found = order, gain, true
		}
	}
	walk(1, 1, 0)
	return best, bestGain, found
}

// BenchmarkSplit times the re-split of every pair of boards of a planned
// schedule that re-splitting no longer improves (most of the calls a
// kick's descent makes find nothing), with the branch and bound and, as
// the floor of the same run, the full enumeration it replaced:
//
//	go test -run '^$' -bench Split ./seeding/
func BenchmarkSplit(b *testing.B) {
	p, present := benchRound(b, 42, 5, 4, 3)
	f, err := newFrame(p, present, nil, 4, nil)
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seat, _ := initial(f, rng, 1)
	a := newAnnealer(f, rng, seat)
	a.repartitionAll()
	var cases []splitter
	for r, sl := range a.seat {
		for b1 := 0; b1 < len(sl)/7; b1++ {
			for b2 := b1 + 1; b2 < len(sl)/7; b2++ {
				var pl [twoBoards]int
				for x := range 7 {
					pl[x], pl[7+x] = int(sl[b1*7+x]), int(sl[b2*7+x])
				}
				var sp splitter
				a.weigh(&sp, r, &pl)
				cases = append(cases, sp)
			}
		}
	}
	b.Run("bound", func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				s := c
				s.search()
			}
		}
	})
	b.Run("every-split", func(b *testing.B) {
		for b.Loop() {
			for _, c := range cases {
				exhaustiveSplit(&c.w, &c.pc, c.powers, c.lb, c.now)
			}
		}
	})
}

// TestAssignBound checks that assignBound never exceeds the least
// assignment, and reaches it where the rows' or the columns' least
// entries can all be taken at once.
func TestAssignBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(29, 11))
	for c := range 2000 {
		var m [7][7]int
		for x := range 7 {
			for q := range 7 {
				m[x][q] = rng.IntN(41) - 20
			}
		}
		_, total := assign(&m)
		if b := assignBound(&m); b > total {
			t.Fatalf("case %d: bound %d above the least assignment %d of %v", c, b, total, m)
		}
	}
	var diag [7][7]int // every row's least entry in another column
	for x := range 7 {
		for q := range 7 {
			diag[x][q] = 5
		}
		diag[x][x] = -x
	}
	if b, want := assignBound(&diag), -21; b != want {
		t.Errorf("bound %d, want %d (the diagonal)", b, want)
	}
}
