package seeding

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// laterProblem has n players, no history and no powers.
func laterProblem(n int) *Problem {
	p := &Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups()}
	for i := range n {
		p.Players = append(p.Players, fmt.Sprintf("p%02d", i))
	}
	return p
}

func span(a, b int) []int {
	var out []int
	for i := a; i < b; i++ {
		out = append(out, i)
	}
	return out
}

// TestLaterAvoidsForcedRepeat is worked by hand: 24 players, 14 (0-13)
// play heat 1 on two boards; heat 2 seats 0-3 with the 10 who skipped heat
// 1 (14-23). Heat 2 is free of repeats only if each of its two boards
// holds one player of each heat-1 board: only if heat 1 parted 0-3 two and
// two (else 10 for 3 and 1, 20 for 4 and 0). Seeded without knowing heat
// 2's players, heat 1 parts them so by chance (441 seatings in 1001);
// knowing them, on every seed.
func TestLaterAvoidsForcedRepeat(t *testing.T) {
	in := &Instance{Name: "later", Problem: *laterProblem(24),
		Rounds: []Heat{{Present: span(0, 14)}, {Present: append(span(0, 4), span(14, 24)...)}}}
	for seed := int64(1); seed <= 4; seed++ {
		rounds, err := SimulateKnowing(context.Background(), in, Options{Seed: seed, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range rounds[0].Plan.Boards {
			k := 0
			for _, s := range b.Seats {
				if s.Player < 4 {
					k++
				}
			}
			if k != 2 {
				t.Errorf("seed %d: heat 1 seats %d of players 0-3 on a board, want 2", seed, k)
			}
		}
		p := in.Problem
		p.History = []Plan{rounds[0].Plan}
		ex, err := Explain(&p, rounds[1].Plan)
		if err != nil {
			t.Fatal(err)
		}
		if ex.Total != 0 || rounds[1].Bound != 0 {
			t.Errorf("seed %d: heat 2 conflict %d, bound %d, want 0 and 0", seed, ex.Total, rounds[1].Bound)
		}
	}
}

// TestLaterFrame checks the rounds planned from Options.Later: the known
// players where they make boards of seven, else this heat's players.
func TestLaterFrame(t *testing.T) {
	p := laterProblem(24)
	heat := span(0, 14)
	tests := []struct {
		name   string
		later  [][]int
		rounds int
		n      int
		want   [][]int // local players of each later round
		known  bool
		err    string
	}{
		{name: "none", rounds: 3, n: 14, want: [][]int{span(0, 14), span(0, 14)}},
		{name: "same players", later: [][]int{span(0, 14), span(0, 14)}, rounds: 3, n: 14,
			want: [][]int{span(0, 14), span(0, 14)}},
		// 14-20 join the frame after this heat's players, as 14-20.
		{name: "absent now, present later", later: [][]int{append(span(7, 14), span(14, 21)...)}, rounds: 3, n: 21,
			want: [][]int{span(7, 21), span(0, 14)}, known: true},
		{name: "fewer later", later: [][]int{nil, span(0, 7)}, rounds: 3, n: 14,
			want: [][]int{span(0, 14), span(0, 7)}, known: true},
		{name: "not boards of seven", later: [][]int{span(0, 13)}, rounds: 2, n: 14, want: [][]int{span(0, 14)}},
		{name: "beyond the rounds left", later: [][]int{nil, span(0, 7)}, rounds: 2, n: 14, want: [][]int{span(0, 14)}},
		{name: "out of range", later: [][]int{{3, 24}}, rounds: 2, err: "player 24 present in later round 1 out of range"},
		{name: "twice", later: [][]int{{3, 3}}, rounds: 2, err: `player "p03" listed twice as present in later round 1`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := newFrame(p, heat, nil, tc.rounds, tc.later)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if f.n != tc.n || f.known != tc.known || !slices.EqualFunc(f.later, tc.want, slices.Equal) {
				t.Errorf("n %d, known %v, later %v; want %d, %v, %v", f.n, f.known, f.later, tc.n, tc.known, tc.want)
			}
		})
	}
}

// TestDeltaLater checks the incremental objective when later rounds seat
// players absent from this one and leave out some of its players.
func TestDeltaLater(t *testing.T) {
	p := fuzzProblem()
	f, err := newFrame(p, span(7, 35), []Board{seats(0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)}, 3,
		[][]int{span(0, 28), span(7, 35)})
	if err != nil {
		t.Fatal(err)
	}
	f.setHorizon(0)
	if f.rounds != 3 {
		t.Fatalf("%d rounds planned, want 3", f.rounds)
	}
	randomSwaps(t, f)
}
