package seeding

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestNeighbours checks the table of neighbours: twelve symmetric pairs,
// England and Russia among them (Scandinavia), France and Austria not.
func TestNeighbours(t *testing.T) {
	n := 0
	for p := range dip.BoardSize {
		if Neighbours(p, p) {
			t.Errorf("%s is its own neighbour", dip.Power(p).String())
		}
		for q := p + 1; q < dip.BoardSize; q++ {
			if Neighbours(p, q) != Neighbours(q, p) {
				t.Errorf("%s-%s not symmetric", dip.Power(p).String(), dip.Power(q).String())
			}
			if Neighbours(p, q) {
				n++
			}
		}
	}
	if n != 12 {
		t.Errorf("%d pairs of neighbours, want 12", n)
	}
	for _, tc := range []struct {
		p, q int
		want bool
	}{
		{England, France, true}, {England, Russia, true}, {Austria, Turkey, true}, {Italy, Turkey, true},
		{France, Austria, false}, {Germany, Italy, false}, {England, Italy, false}, {Russia, Italy, false},
		{NoPower, England, false},
	} {
		if got := Neighbours(tc.p, tc.q); got != tc.want {
			t.Errorf("Neighbours(%d, %d) = %v, want %v", tc.p, tc.q, got, tc.want)
		}
	}
}

// TestAssignPairs compares the board assignment with neighbour pairs to
// every one of the 5040 assignments, on random boards (costs from -5 to
// 20, pair costs 0 or 0 to 30 for some pairs).
func TestAssignPairs(t *testing.T) {
	var perms [][dip.BoardSize]int
	var gen func(k int, cur [dip.BoardSize]int, used int)
	gen = func(k int, cur [dip.BoardSize]int, used int) {
		if k == dip.BoardSize {
			perms = append(perms, cur)
			return
		}
		for q := range dip.BoardSize {
			if used&(1<<q) == 0 {
				cur[k] = q
				gen(k+1, cur, used|1<<q)
			}
		}
	}
	gen(0, [dip.BoardSize]int{}, 0)
	value := func(cost, pair *[dip.BoardSize][dip.BoardSize]int, perm [dip.BoardSize]int) int {
		v := 0
		for x := range dip.BoardSize {
			v += cost[x][perm[x]]
			for y := x + 1; y < dip.BoardSize; y++ {
				if neighbours[perm[x]][perm[y]] {
					v += pair[x][y]
				}
			}
		}
		return v
	}
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 99))
		var cost, pair [dip.BoardSize][dip.BoardSize]int
		for x := range dip.BoardSize {
			for q := range dip.BoardSize {
				cost[x][q] = rng.IntN(26) - 5
			}
			for y := x + 1; y < dip.BoardSize; y++ {
				if rng.IntN(3) == 0 {
					pair[x][y] = rng.IntN(31)
				}
			}
		}
		best := value(&cost, &pair, perms[0])
		for _, p := range perms[1:] {
			best = min(best, value(&cost, &pair, p))
		}
		perm, total := assignPairs(&cost, &pair)
		if total != best || value(&cost, &pair, perm) != total {
			t.Errorf("seed %d: assignPairs %v gives %d (claims %d), optimum %d", seed, perm, value(&cost, &pair, perm), total, best)
		}
	}
}

// TestNeighbourSeed seeds heat 2's one board, where only a and b met
// before (heat 1: each of the seven on a board of strangers, powers at
// the tables), a preferring England and b France at 3 a place, and the
// neighbour conflict at 0, 2 and 5. Hand-worked: the repeat costs 10
// whatever happens; both first choices put them on neighbours (England,
// France), which costs the neighbour value; otherwise one of them gives
// up their choice (3) for a power that is not the other's neighbour
// (England's non-neighbours are Austria, Italy and Turkey). So 10 + 0, 10
// + 2, then 10 + 3 (5 > 3).
func TestNeighbourSeed(t *testing.T) {
	for _, tc := range []struct {
		nb, total int
		firsts    bool // a on England and b on France
	}{{0, 10, true}, {2, 12, true}, {5, 13, false}} {
		t.Run(fmt.Sprint(tc.nb), func(t *testing.T) {
			p := &Problem{Values: DefaultValues(), AssignPowers: true,
				Preferences: map[int][]int{0: {England}, 1: {France}}}
			p.Values.Preference, p.Values.Neighbour = 3, tc.nb
			for i := range 42 {
				p.Players = append(p.Players, fmt.Sprintf("p%d", i))
			}
			p.Players[0], p.Players[1] = "a", "b"
			// Heat 1: a and b on one board, c..g (2..6) each on another.
			var h1 Plan
			h1.Round = 1
			next := 7
			for _, lead := range [][]int{{0, 1}, {2}, {3}, {4}, {5}, {6}} {
				var b Board
				for _, i := range lead {
					b.Seats = append(b.Seats, Seat{Player: i, Power: NoPower})
				}
				for len(b.Seats) < dip.BoardSize {
					b.Seats = append(b.Seats, Seat{Player: next, Power: NoPower})
					next++
				}
				h1.Boards = append(h1.Boards, b)
			}
			p.History = []Plan{h1}
			res, err := Seed(context.Background(), p, []int{0, 1, 2, 3, 4, 5, 6}, nil, Options{Seed: 1, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			power := map[int]int{}
			for _, s := range res.Plan.Boards[0].Seats {
				power[s.Player] = s.Power
			}
			ex, err := Explain(p, res.Plan)
			if err != nil {
				t.Fatal(err)
			}
			if ex.Total != tc.total || res.Conflict != tc.total {
				t.Errorf("total %d (seeder %d), want %d; a on %s, b on %s", ex.Total, res.Conflict, tc.total,
					dip.Power(power[0]).String(), dip.Power(power[1]).String())
			}
			firsts := power[0] == England && power[1] == France
			if firsts != tc.firsts || (!firsts && Neighbours(power[0], power[1])) {
				t.Errorf("a on %s, b on %s: want first choices %v, else not neighbours", dip.Power(power[0]).String(),
					dip.Power(power[1]).String(), tc.firsts)
			}
			if tc.nb == 2 {
				want := "met b before (heat 1): 10; met b before (heat 1), now a neighbour (France): 2"
				for _, pc := range ex.Players {
					if pc.Player == 0 && describe(p, pc.Items) != want {
						t.Errorf("a's detail %q, want %q", describe(p, pc.Items), want)
					}
				}
				if ex.Breakdown.Neighbour != 2 {
					t.Errorf("breakdown %+v, want neighbours 2", ex.Breakdown)
				}
			}
		})
	}
}

// describe joins items as the Conflict detail column does.
func describe(p *Problem, items []Item) string {
	s := ""
	for k, it := range items {
		if k > 0 {
			s += "; "
		}
		s += it.Describe(p)
	}
	return s
}

// TestNeighbourRulesNeverBroken seeds events under each power rule with
// preferences (by either method) and the neighbour conflict: the hard rule
// is never broken, and the seeder's conflict of each round is Explain's.
func TestNeighbourRulesNeverBroken(t *testing.T) {
	for _, tc := range []struct {
		rule                    PowerRule
		players, rounds, absent int
		method                  PreferenceMethod
	}{
		{DifferentPowers, 21, 6, 0, BestTotal},
		{DifferentPowers, 30, 5, 2, BestTotal},
		{AllSevenFirst, 14, 9, 0, BestTotal},
		{DifferentPowers, 21, 6, 0, LowestRankedFirst},
		{DifferentPowers, 30, 5, 2, LowestRankedFirst},
		{AllSevenFirst, 14, 9, 0, LowestRankedFirst},
	} {
		t.Run(fmt.Sprintf("%v/%dx%d/%v", tc.rule, tc.players, tc.rounds, tc.method), func(t *testing.T) {
			in, err := Generate(Spec{Players: tc.players, Rounds: tc.rounds, Absent: tc.absent, Powers: true,
				Values: Values{RepeatOpponent: 10, SamePower: 4, Preference: 3, Neighbour: 20}, Seed: 5})
			if err != nil {
				t.Fatal(err)
			}
			in.Problem.PowerRule = tc.rule
			rng := rand.New(rand.NewPCG(5, 5))
			in.Problem.Preferences = map[int][]int{}
			for i := range tc.players {
				if i%2 == 0 {
					in.Problem.Preferences[i] = rng.Perm(dip.BoardSize)[:1+rng.IntN(dip.BoardSize)]
				}
			}
			in.Problem.Method = tc.method
			in.Problem.ChoiceOrder = rng.Perm(tc.players)
			p := in.Problem
			for r, h := range in.Rounds {
				res, err := Seed(context.Background(), &p, h.Present, h.Locked,
					Options{Seed: int64(r), RoundsLeft: tc.rounds - r, Effort: 0.25, Restarts: 2, Workers: 1})
				if err != nil {
					t.Fatalf("round %d: %v", r+1, err)
				}
				res.Plan.Round = r + 1
				if br := RuleBreaks(&p, res.Plan); len(br) > 0 {
					t.Fatalf("round %d breaks the rule: %+v", r+1, br)
				}
				ex, err := Explain(&p, res.Plan)
				if err != nil {
					t.Fatal(err)
				}
				if ex.Total != res.Conflict {
					t.Errorf("round %d: seeder's conflict %d, Explain's %d", r+1, res.Conflict, ex.Total)
				}
				p.History = append(p.History, res.Plan)
			}
		})
	}
}

// TestNeighbourDelta checks the annealer's incremental neighbour cost of a
// swap against the cost recomputed from scratch, on random swaps of heat 3
// of a 21-player event (many pairs met before), and the objective kept
// along the moves against the objective recomputed.
func TestNeighbourDelta(t *testing.T) {
	in, err := Generate(Spec{Players: 21, Rounds: 3, Powers: true,
		Values: Values{RepeatOpponent: 10, SamePower: 4, Neighbour: 7}, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	in.Rounds = in.Rounds[:2]
	rounds, err := Simulate(context.Background(), in, Options{Seed: 1, Effort: 0.1, Restarts: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	p := in.Problem
	for _, r := range rounds {
		p.History = append(p.History, r.Plan)
	}
	all := make([]int, 21)
	for i := range all {
		all[i] = i
	}
	f, err := newFrame(&p, all, nil, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	seat, _ := initial(f, rng, 1)
	a := newAnnealer(f, rng, seat)
	for k := range 2000 {
		s, u := rng.IntN(21), rng.IntN(21)
		if s == u {
			continue
		}
		before := a.neighbourRound()
		d := a.neighbourDelta(s, u)
		a.swap(0, s, u, a.delta(0, s, u))
		if got := a.neighbourRound() - before; got != d {
			t.Fatalf("move %d (slots %d, %d): delta %d, recomputed %d", k, s, u, d, got)
		}
		if obj := a.objective(); obj != a.obj {
			t.Fatalf("move %d: objective kept %d, recomputed %d", k, a.obj, obj)
		}
	}
	if a.neighbourRound() == 0 {
		t.Error("no neighbour cost seen: the test checks nothing")
	}
	was := a.obj
	a.polishPowers()
	if obj := a.objective(); obj != a.obj || obj > was {
		t.Errorf("after polishing the powers: objective kept %d, recomputed %d, before %d", a.obj, obj, was)
	}
}
