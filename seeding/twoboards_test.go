package seeding

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestDoublersNeeded checks 7 - n mod 7 on hand-worked counts.
func TestDoublersNeeded(t *testing.T) {
	for _, tc := range []struct{ players, want int }{{15, 6}, {13, 1}, {14, 0}, {20, 1}, {22, 6}, {7, 0}, {8, 6}} {
		if got := DoublersNeeded(tc.players); got != tc.want {
			t.Errorf("DoublersNeeded(%d) = %d, want %d", tc.players, got, tc.want)
		}
	}
}

// TestChooseDoublers checks the order: fewest heats doubled, then the
// earlier row, and the reasons.
func TestChooseDoublers(t *testing.T) {
	cands := []DoublerCandidate{{Player: 4, Doubled: 1, Row: 2}, {Player: 7, Row: 9}, {Player: 2, Row: 5}, {Player: 9, Doubled: 2, Row: 3}}
	for _, tc := range []struct {
		n    int
		want []int
		ok   bool
	}{
		{1, []int{2}, true},          // never doubled: rows 5 and 9, row 5 first
		{2, []int{2, 7}, true},       // both who never doubled
		{3, []int{2, 4, 7}, true},    // then 4, who doubled once
		{4, []int{2, 4, 7, 9}, true}, // everyone
		{5, nil, false},              // not enough volunteers
	} {
		got, ok := ChooseDoublers(cands, tc.n)
		if ok != tc.ok || !slices.Equal(got.Players, tc.want) {
			t.Errorf("n=%d: got %v %v, want %v %v", tc.n, got.Players, ok, tc.want, tc.ok)
		}
	}
	got, _ := ChooseDoublers(cands, 3)
	if w := got.Why[4]; w != "can play two boards; played two boards in 1 heat before, row 2" {
		t.Errorf("why 4: %q", w)
	}
}

// checkDoubled asserts the properties of a seating with doublers: every
// present player seated, doublers on exactly two different boards with two
// different powers, everyone else once, powers distinct on a board.
func checkDoubled(t *testing.T, p *Problem, present, doublers []int, pl Plan) {
	t.Helper()
	boards := map[int][]int{}
	powers := map[int][]int{}
	for bi, b := range pl.Boards {
		if len(b.Seats) != dip.BoardSize {
			t.Fatalf("board %d has %d seats", bi+1, len(b.Seats))
		}
		var pw [dip.BoardSize]bool
		for _, s := range b.Seats {
			if slices.Contains(boards[s.Player], bi) {
				t.Fatalf("player %d twice on board %d", s.Player, bi+1)
			}
			boards[s.Player] = append(boards[s.Player], bi)
			if p.AssignPowers {
				if s.Power < 0 || pw[s.Power] {
					t.Fatalf("board %d: bad or repeated power %d", bi+1, s.Power)
				}
				pw[s.Power] = true
				powers[s.Player] = append(powers[s.Player], s.Power)
			}
		}
	}
	for _, g := range present {
		want := 1
		if slices.Contains(doublers, g) {
			want = 2
		}
		if len(boards[g]) != want {
			t.Fatalf("player %d on %d boards, want %d", g, len(boards[g]), want)
		}
		if want == 2 && p.AssignPowers && powers[g][0] == powers[g][1] {
			t.Fatalf("player %d plays %s on both boards", g, dip.Power(powers[g][0]).String())
		}
	}
}

// TestSeedTwoBoardsCases checks hand-worked cases. 15 players, 6 doublers:
// 21 seats on 3 boards, 4 doubler seats a board, so a doublers on boards 1
// and 2, b on 1 and 3, c on 2 and 3 with a+b = a+c = b+c = 4: two
// doublers on each pair of boards, 3 pairs sharing both boards, which
// costs 3 repeats at the least (30). 13 players, 1 doubler: on both
// boards, no repeat.
func TestSeedTwoBoardsCases(t *testing.T) {
	for _, tc := range []struct {
		players  int
		doublers []int
		repeat   int
	}{{15, []int{0, 2, 4, 6, 8, 10}, 30}, {13, []int{12}, 0}, {8, []int{1, 2, 3, 4, 5, 6}, 10 * 15}} {
		t.Run(fmt.Sprint(tc.players), func(t *testing.T) {
			p := &Problem{Values: DefaultValues(), AssignPowers: true, PowerGroups: DefaultPowerGroups()}
			var present []int
			for i := range tc.players {
				p.Players = append(p.Players, fmt.Sprintf("p%02d", i))
				present = append(present, i)
			}
			res, err := SeedTwoBoards(context.Background(), p, present, tc.doublers, nil, Options{Seed: 1, Restarts: 2})
			if err != nil {
				t.Fatal(err)
			}
			checkDoubled(t, p, present, tc.doublers, res.Plan)
			q := *p
			q.TwoBoards = map[int]bool{}
			for _, d := range tc.doublers {
				q.TwoBoards[d] = true
			}
			ex, err := Explain(&q, res.Plan)
			if err != nil {
				t.Fatal(err)
			}
			if ex.Breakdown.Repeat != tc.repeat || ex.Total != res.Conflict {
				t.Errorf("repeats %d (total %d, result %d), want %d", ex.Breakdown.Repeat, ex.Total, res.Conflict, tc.repeat)
			}
			if res.Bound > res.Conflict {
				t.Errorf("bound %d above the conflict %d", res.Bound, res.Conflict)
			}
		})
	}
}

// TestSeedTwoBoardsProperties seeds random heats with history, conflicts
// and doublers: no doubler twice on one board, never one power on both.
func TestSeedTwoBoardsProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 7))
	for k := range 12 {
		n := 8 + rng.IntN(30)
		p := &Problem{Values: DefaultValues(), AssignPowers: k%4 != 3, PowerGroups: DefaultPowerGroups()}
		var present []int
		for i := range n {
			p.Players = append(p.Players, fmt.Sprintf("p%02d", i))
			present = append(present, i)
		}
		need := DoublersNeeded(n)
		doublers := rng.Perm(n)[:need]
		slices.Sort(doublers)
		if need > 0 {
			p.Conflicts = []Conflict{{A: doublers[0], B: (doublers[0] + 1) % n, Value: 100, Kind: "family"}}
		}
		// an earlier round: the first 7m players in boards of consecutive players
		var h Plan
		h.Round = 1
		for b := 0; b+7 <= n; b += 7 {
			h.Boards = append(h.Boards, board(b, b+1, b+2, b+3, b+4, b+5, b+6))
		}
		p.History = []Plan{h}
		res, err := SeedTwoBoards(context.Background(), p, present, doublers, nil, Options{Seed: int64(k), Restarts: 2})
		if err != nil {
			t.Fatalf("case %d (%d players): %v", k, n, err)
		}
		checkDoubled(t, p, present, doublers, res.Plan)
	}
}

// TestSeedTwoBoardsRefuses checks the errors: one board only, a doubler not
// present, a count that does not fill boards.
func TestSeedTwoBoardsRefuses(t *testing.T) {
	p := &Problem{Values: DefaultValues()}
	for i := range 10 {
		p.Players = append(p.Players, fmt.Sprint(i))
	}
	for _, tc := range []struct {
		present, doublers []int
	}{
		{[]int{0, 1, 2, 3}, []int{0, 1, 2}},       // one board
		{[]int{0, 1, 2, 3, 4, 5, 6, 7}, []int{9}}, // not present
		{[]int{0, 1, 2, 3, 4, 5, 6, 7}, []int{0}}, // 9 seats
	} {
		if _, err := SeedTwoBoards(context.Background(), p, tc.present, tc.doublers, nil, Options{}); err == nil {
			t.Errorf("%v doubling %v: no error", tc.present, tc.doublers)
		}
	}
}
