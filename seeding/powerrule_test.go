package seeding

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestPowerRuleAllows checks the two rules on hand-worked power counts
// (Austria, England, France, Germany, Italy, Russia, Turkey).
func TestPowerRuleAllows(t *testing.T) {
	tests := []struct {
		rule    PowerRule
		cnt     [dip.BoardSize]int
		allowed string // one letter per power allowed, in order
	}{
		{AnyPower, [dip.BoardSize]int{3, 0, 0, 0, 0, 0, 0}, "AEFGIRT"},
		{DifferentPowers, [dip.BoardSize]int{}, "AEFGIRT"},
		{DifferentPowers, [dip.BoardSize]int{1, 0, 1, 0, 0, 0, 1}, "EGIR"},
		{DifferentPowers, [dip.BoardSize]int{1, 1, 1, 1, 1, 1, 1}, ""},
		{AllSevenFirst, [dip.BoardSize]int{1, 0, 1, 0, 0, 0, 1}, "EGIR"},
		{AllSevenFirst, [dip.BoardSize]int{1, 1, 1, 1, 1, 1, 0}, "T"},
		// Hurst's rule past seven games: after all seven, any; then not the one played twice.
		{AllSevenFirst, [dip.BoardSize]int{1, 1, 1, 1, 1, 1, 1}, "AEFGIRT"},
		{AllSevenFirst, [dip.BoardSize]int{1, 2, 1, 1, 1, 1, 1}, "AFGIRT"},
	}
	for _, tc := range tests {
		got := ""
		for q := range dip.BoardSize {
			if tc.rule.Allows(&tc.cnt, q) {
				got += dip.Power(q).String()[:1]
			}
		}
		if got != tc.allowed {
			t.Errorf("%v %v: allows %q, want %q", tc.rule, tc.cnt, got, tc.allowed)
		}
	}
}

// TestPowerRuleExcess checks the count of plays no order can make legal.
func TestPowerRuleExcess(t *testing.T) {
	tests := []struct {
		rule PowerRule
		cnt  []int32
		want int
	}{
		{DifferentPowers, []int32{1, 1, 1, 1, 1, 1, 1}, 0},
		{DifferentPowers, []int32{3, 1, 0, 0, 0, 0, 2}, 3},
		{AllSevenFirst, []int32{2, 1, 1, 1, 1, 1, 1}, 0},
		{AllSevenFirst, []int32{2, 0, 1, 1, 1, 1, 1}, 1}, // Austria twice before England
		{AllSevenFirst, []int32{3, 0, 0, 0, 0, 0, 0}, 2},
	}
	for _, tc := range tests {
		if got := tc.rule.excess(tc.cnt); got != tc.want {
			t.Errorf("%v %v: excess %d, want %d", tc.rule, tc.cnt, got, tc.want)
		}
	}
}

// TestPowerRuleNeverBroken seeds whole events under each rule, with the
// same-power conflict set to 0 so that only the hard rule keeps powers
// apart, and checks that no heat breaks it: under "different" every player
// of a seven-heat event plays all seven powers; under "all seven first"
// the eighth and ninth heats repeat only what the rule allows.
func TestPowerRuleNeverBroken(t *testing.T) {
	tests := []struct {
		rule    PowerRule
		players int
		rounds  int
		absent  int
	}{
		{DifferentPowers, 21, 7, 0},
		{DifferentPowers, 30, 5, 2},
		{AllSevenFirst, 14, 9, 0},
		{AllSevenFirst, 24, 9, 3},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprintf("%v/%dx%d", tc.rule, tc.players, tc.rounds), func(t *testing.T) {
			in, err := Generate(Spec{Players: tc.players, Rounds: tc.rounds, Absent: tc.absent, Powers: true,
				Values: Values{RepeatOpponent: 10, SamePower: 0, TeamMember: 20}, Seed: 3})
			if err != nil {
				t.Fatal(err)
			}
			in.Problem.PowerGroups = nil
			in.Problem.PowerRule = tc.rule
			rounds, err := Simulate(context.Background(), in, Options{Seed: 7, Effort: 0.25, Restarts: 2, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			p := in.Problem
			played := map[int]*[dip.BoardSize]int{}
			for _, r := range rounds {
				if br := RuleBreaks(&p, r.Plan); len(br) > 0 {
					t.Fatalf("round %d breaks the rule: %+v", r.Plan.Round, br)
				}
				// Independently of RuleBreaks: replay the counts seat by seat.
				for _, b := range r.Plan.Boards {
					for _, s := range b.Seats {
						c := played[s.Player]
						if c == nil {
							c = new([dip.BoardSize]int)
							played[s.Player] = c
						}
						if !tc.rule.Allows(c, s.Power) {
							t.Fatalf("round %d: player %d on %s after %v", r.Plan.Round, s.Player, dip.Power(s.Power).String(), *c)
						}
						c[s.Power]++
					}
				}
				p.History = append(p.History, r.Plan)
			}
		})
	}
}

// TestPowerRuleRefused checks the two ways a heat cannot keep the rule: a
// player the rule allows no power, and seven players who may each play only
// Austria.
func TestPowerRuleRefused(t *testing.T) {
	p := &Problem{Values: DefaultValues(), AssignPowers: true, PowerRule: DifferentPowers}
	for i := range 14 {
		p.Players = append(p.Players, fmt.Sprintf("p%02d", i))
	}
	// Seven rounds in which players 0..6 play every power on one board
	// (player i plays power (i+r)%7), and players 7..13 on another.
	for r := range 7 {
		pl := Plan{Round: r + 1}
		for b := range 2 {
			var seats []Seat
			for x := range dip.BoardSize {
				seats = append(seats, Seat{Player: b*dip.BoardSize + x, Power: (x + r) % dip.BoardSize})
			}
			pl.Boards = append(pl.Boards, Board{Seats: seats})
		}
		p.History = append(p.History, pl)
	}
	present := make([]int, 14)
	for i := range present {
		present[i] = i
	}
	_, err := Seed(context.Background(), p, present, nil, Options{Seed: 1})
	var pe *PowerRuleError
	if !errors.As(err, &pe) || len(pe.NoPower) != 14 {
		t.Fatalf("heat 8 under %q: got %v, want every player refused", p.PowerRule, err)
	}
	if !strings.Contains(err.Error(), "it allows no power to p00 (played Austria, England") {
		t.Errorf("message: %v", err)
	}

	// Seven players who have each played England to Turkey once, never
	// Austria (player 7 holds Austria while player r sits round r out):
	// each may play only Austria, and a board holds one.
	q := &Problem{Values: DefaultValues(), AssignPowers: true, PowerRule: DifferentPowers}
	for i := range 8 {
		q.Players = append(q.Players, fmt.Sprintf("q%d", i))
	}
	for r := range 7 {
		seats := []Seat{{Player: 7, Power: Austria}}
		for i := range 7 {
			if i != r {
				seats = append(seats, Seat{Player: i, Power: 1 + ((i-r-1)%7+7)%7})
			}
		}
		q.History = append(q.History, Plan{Round: r + 1, Boards: []Board{{Seats: seats}}})
	}
	_, err = Seed(context.Background(), q, present[:7], nil, Options{Seed: 1, Workers: 1})
	if !errors.As(err, &pe) || pe.Crowded == nil || len(pe.Crowded.Players) != 7 || pe.Crowded.Seats != 1 {
		t.Fatalf("seven players who may all play only Austria: got %v, want them crowded on one seat", err)
	}
	if !strings.Contains(err.Error(), "7 players may play only Austria, which have 1 seat in the heat (one per board): q0 (played England") {
		t.Errorf("message: %v", err)
	}
	pe.Where = "on the pool's one board" // a caller seeding part of a heat names it
	if !strings.Contains(err.Error(), "7 players may play only Austria, which have 1 seat on the pool's one board: q0 (played England") {
		t.Errorf("message with Where: %v", err)
	}

	// A plan given by hand: RuleBreaks names the seat that breaks the rule.
	plan := Plan{Round: 8, Boards: []Board{{Seats: []Seat{{0, England}, {1, Austria}, {2, France}, {3, Germany},
		{4, Italy}, {5, Russia}, {6, Turkey}}}}}
	br := RuleBreaks(q, plan)
	if len(br) != 6 || br[0].Player != 0 || br[0].Power != England || br[0].Played[England] != 1 {
		t.Errorf("RuleBreaks: %+v, want six seats, the first q0 on England", br)
	}
}

// TestRuleSwap checks the move that parts players under a power rule:
// its incremental objective against a full recomputation, with plain
// swaps and power polishing in between (they change the cached power
// costs it reads), and that at a low temperature it keeps the rule: from
// a seating that keeps it, no accepted move breaks it.
func TestRuleSwap(t *testing.T) {
	for _, rule := range []PowerRule{DifferentPowers, AllSevenFirst} {
		// 56 players (more than kickMax) who played two rounds before.
		in, err := Generate(Spec{Players: 56, Rounds: 1, Families: 2, Clubs: 2, Powers: true, Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		p := &in.Problem
		p.PowerRule = rule
		for r := range 2 {
			pl := Plan{Round: r + 1}
			for b := range 8 {
				var s []Seat
				for x := range dip.BoardSize {
					s = append(s, Seat{Player: (b*dip.BoardSize + x*(r*2+1)) % 56, Power: (x + r) % dip.BoardSize})
				}
				pl.Boards = append(pl.Boards, Board{Seats: s})
			}
			p.History = append(p.History, pl)
		}
		f, err := newFrame(p, in.Rounds[0].Present, nil, 3, nil)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(3, 4))
		seat, _ := initial(f, rng, 1)
		a := newAnnealer(f, rng, seat)
		if a.obj >= hardCost {
			t.Fatalf("%v: the start breaks the rule (objective %d)", rule, a.obj)
		}
		start, moved := a.obj, 0
		for k := range 6000 {
			r := rng.IntN(len(a.seat))
			s, u := rng.IntN(len(a.seat[r])), rng.IntN(len(a.seat[r]))
			switch {
			case s/7 == u/7:
				continue
			case k%500 == 0:
				a.polishPowers()
			case k%3 == 0:
				if d := a.delta(r, s, u); d <= 0 {
					a.swap(r, s, u, d)
				}
			default:
				was := slices.Clone(a.seat[r])
				a.ruleSwap(r, s, u, a.delta(r, s, u), 4)
				if !slices.Equal(was, a.seat[r]) {
					moved++
				}
			}
			if a.obj >= hardCost {
				t.Fatalf("%v: move %d broke the rule (objective %d)", rule, k, a.obj)
			}
		}
		if got := a.objective(); got != a.obj {
			t.Fatalf("%v: incremental objective %d, recomputed %d", rule, a.obj, got)
		}
		if moved == 0 || a.obj >= start {
			t.Errorf("%v: %d moves kept, objective %d from %d: want some, and lower", rule, moved, a.obj, start)
		}
	}
}

// TestRuleLastHeat seeds a fifth heat of 56 players under "different power
// every heat", after four random heats: each player has three powers left,
// so a plain swap between boards mostly hands a player a power they played,
// and before ruleSwap the search left 91 to 98 above the heat's bound with
// these seeds (3 seeds, a quarter of the work, 4 restarts); it now leaves
// 75 to 80.
func TestRuleLastHeat(t *testing.T) {
	in, err := Generate(Spec{Players: 56, Rounds: 1, Clubs: 2, Powers: true, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	p := &in.Problem
	p.PowerRule = DifferentPowers
	rng := rand.New(rand.NewPCG(2, 9))
	for r := range 4 {
		perm := rng.Perm(56)
		pl := Plan{Round: r + 1}
		for b := 0; b < 56; b += dip.BoardSize {
			var s []Seat
			for x := range dip.BoardSize {
				s = append(s, Seat{Player: perm[b+x], Power: x})
			}
			pl.Boards = append(pl.Boards, Board{Seats: s})
		}
		p.History = append(p.History, pl)
	}
	for seed := int64(1); seed <= 3; seed++ {
		res, err := Seed(context.Background(), p, in.Rounds[0].Present, nil, Options{Seed: seed, Effort: 0.25, Restarts: 4, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if gap := res.Conflict - res.Bound; gap > 85 {
			t.Errorf("seed %d: conflict %d, %d above the bound %d: want at most 85", seed, res.Conflict, gap, res.Bound)
		}
	}
}
