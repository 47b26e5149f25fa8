package seeding

import (
	"errors"
	"slices"
	"testing"
)

// smallProblem has 14 players who played round 1 on two boards, players
// 0-6 and 7-13, each board with powers in order (Austria ... Turkey).
func smallProblem() *Problem {
	p := &Problem{
		Values:       DefaultValues(),
		PowerGroups:  DefaultPowerGroups(),
		AssignPowers: true,
		Conflicts: []Conflict{
			{A: 0, B: 7, Value: 100, Kind: "family"},
			{A: 2, B: 3, Value: -5, Kind: "friends"},
		},
		Groups: []Group{{Name: "club", Members: []int{1, 8, 9}, Value: 3}},
		Teams:  []Team{{Name: "T", Members: []int{0, 10}}},
	}
	for i := range 14 {
		p.Players = append(p.Players, string(rune('a'+i)))
	}
	p.History = []Plan{{Round: 1, Boards: []Board{board(0, 1, 2, 3, 4, 5, 6), board(7, 8, 9, 10, 11, 12, 13)}}}
	return p
}

// board seats the players with powers Austria, England, ... in order.
func board(players ...int) Board {
	b := Board{}
	for i, pl := range players {
		b.Seats = append(b.Seats, Seat{Player: pl, Power: i})
	}
	return b
}

// seats builds a board from player, power pairs.
func seats(pp ...int) Board {
	b := Board{}
	for i := 0; i < len(pp); i += 2 {
		b.Seats = append(b.Seats, Seat{Player: pp[i], Power: pp[i+1]})
	}
	return b
}

// round2 is worked out by hand in TestExplain.
func round2() Plan {
	return Plan{Round: 2, Boards: []Board{
		seats(0, Austria, 1, Italy, 7, England, 8, France, 9, Germany, 10, Russia, 11, Turkey),
		seats(2, Austria, 3, England, 4, France, 5, Germany, 6, Italy, 12, Russia, 13, Turkey),
	}}
}

func TestExplain(t *testing.T) {
	// Board 1 by hand: repeats (0,1) and the 10 pairs among 7..11 met in
	// round 1: 11 x 10 = 110; family (0,7) 100; club pairs (1,8) (1,9)
	// (8,9): 3 x 3 = 9; team (0,10) 20; player 0 Austria again 4; player 8
	// England then France (same group) 2; others change group: 0. = 245.
	// Board 2: the 10 pairs among 2..6 and (12,13) met: 110; friends (2,3)
	// -5; players 12 and 13 repeat Russia and Turkey: 8. = 113.
	tests := []struct {
		name    string
		edit    func(p *Problem, pl *Plan)
		total   int
		locked  int
		br      Breakdown
		player  int
		items   []Item
		ptotal  int
		message string
	}{
		{
			name:   "both boards",
			edit:   func(*Problem, *Plan) {},
			total:  358,
			br:     Breakdown{Repeat: 220, Conflict: 95, Group: 9, Team: 20, Power: 12, PowerGroup: 2},
			player: 0,
			items: []Item{
				{Kind: Repeat, Other: 1, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: PlayerConflict, Other: 7, Power: NoPower, Name: "family", Value: 100},
				{Kind: TeamMate, Other: 10, Power: NoPower, Name: "T", Value: 20},
				{Kind: SamePower, Other: -1, Power: Austria, Rounds: []int{1}, Value: 4},
			},
			ptotal: 134,
		},
		{
			name:   "second board locked",
			edit:   func(_ *Problem, pl *Plan) { pl.Boards[1].Locked = true },
			total:  245,
			locked: 113,
			br:     Breakdown{Repeat: 110, Conflict: 100, Group: 9, Team: 20, Power: 4, PowerGroup: 2},
			player: 8,
			// Player 8 met 7, 9, 10 and 11 in round 1, shares the club with
			// 1 and 9, and played England before France.
			items: []Item{
				{Kind: SharedGroup, Other: 1, Power: NoPower, Name: "club", Value: 3},
				{Kind: Repeat, Other: 7, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: Repeat, Other: 9, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: SharedGroup, Other: 9, Power: NoPower, Name: "club", Value: 3},
				{Kind: Repeat, Other: 10, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: Repeat, Other: 11, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: SameGroup, Other: -1, Power: England, Rounds: []int{1}, Value: 2},
			},
			ptotal: 48,
		},
		{
			name:   "no power groups",
			edit:   func(p *Problem, _ *Plan) { p.PowerGroups = nil },
			total:  356, // player 8's group repeat is gone
			br:     Breakdown{Repeat: 220, Conflict: 95, Group: 9, Team: 20, Power: 12},
			player: 13,
			items: []Item{
				{Kind: Repeat, Other: 12, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: SamePower, Other: -1, Power: Turkey, Rounds: []int{1}, Value: 4},
			},
			ptotal: 14,
		},
		{
			name: "powers chosen at the tables",
			edit: func(p *Problem, pl *Plan) {
				p.AssignPowers = false
				for _, b := range pl.Boards {
					for i := range b.Seats {
						b.Seats[i].Power = NoPower
					}
				}
			},
			total:  344, // 358 without the 14 of power conflicts
			br:     Breakdown{Repeat: 220, Conflict: 95, Group: 9, Team: 20},
			player: 3,
			items: []Item{
				{Kind: Repeat, Other: 2, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: PlayerConflict, Other: 2, Power: NoPower, Name: "friends", Value: -5},
				{Kind: Repeat, Other: 4, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: Repeat, Other: 5, Power: NoPower, Rounds: []int{1}, Value: 10},
				{Kind: Repeat, Other: 6, Power: NoPower, Rounds: []int{1}, Value: 10},
			},
			ptotal: 35,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, pl := smallProblem(), round2()
			tt.edit(p, &pl)
			ex, err := Explain(p, pl)
			if err != nil {
				t.Fatal(err)
			}
			if ex.Total != tt.total || ex.Locked != tt.locked || ex.Breakdown != tt.br {
				t.Errorf("total %d locked %d breakdown %+v, want %d %d %+v", ex.Total, ex.Locked, ex.Breakdown, tt.total, tt.locked, tt.br)
			}
			if ex.Breakdown.Total() != ex.Total {
				t.Errorf("breakdown sums to %d, total %d", ex.Breakdown.Total(), ex.Total)
			}
			var got *PlayerConflicts
			for i := range ex.Players {
				if ex.Players[i].Player == tt.player {
					got = &ex.Players[i]
				}
			}
			if got == nil {
				t.Fatalf("player %d not explained", tt.player)
			}
			if got.Total != tt.ptotal || !slices.EqualFunc(got.Items, tt.items, equalItem) {
				t.Errorf("player %d: total %d items\n%+v\nwant %d\n%+v", tt.player, got.Total, got.Items, tt.ptotal, tt.items)
			}
			// Every pair item appears under both players, so the pair items
			// summed over players count twice: half of them plus the power
			// items over unlocked boards is the total.
			pairs, powers := 0, 0
			for _, pc := range ex.Players {
				if pl.Boards[pc.Board].Locked {
					continue
				}
				for _, it := range pc.Items {
					if it.Other >= 0 {
						pairs += it.Value
					} else {
						powers += it.Value
					}
				}
			}
			if pairs/2+powers != ex.Total {
				t.Errorf("items sum to %d, total %d", pairs/2+powers, ex.Total)
			}
		})
	}
}

func equalItem(a, b Item) bool {
	return a.Kind == b.Kind && a.Other == b.Other && a.Power == b.Power && a.Name == b.Name &&
		a.Value == b.Value && slices.Equal(a.Rounds, b.Rounds)
}

func TestDescribe(t *testing.T) {
	p := smallProblem()
	tests := []struct {
		it   Item
		want string
	}{
		{Item{Kind: Repeat, Other: 1, Rounds: []int{1, 3}, Value: 30}, "met b before (heats 1, 3): 30"},
		{Item{Kind: PlayerConflict, Other: 7, Name: "family", Value: 100}, "family conflict with h: 100"},
		{Item{Kind: SharedGroup, Other: 8, Name: "club", Value: 3}, "group club with i: 3"},
		{Item{Kind: TeamMate, Other: 10, Name: "T", Value: 20}, "team T with k: 20"},
		{Item{Kind: SamePower, Other: -1, Power: Austria, Rounds: []int{1}, Value: 4}, "played Austria before (heat 1): 4"},
		{Item{Kind: SameGroup, Other: -1, Power: England, Rounds: []int{2}, Value: 2}, "played England of the same group (heat 2): 2"},
	}
	for _, tt := range tests {
		if got := tt.it.Describe(p); got != tt.want {
			t.Errorf("Describe = %q, want %q", got, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	all := func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		return s
	}
	tests := []struct {
		name    string
		present []int
		locked  []Board
		want    string
	}{
		{"thirteen", all(13), nil, "13 players to seat: 6 must sit out or 1 be added to fill boards of seven"},
		{"eight", all(8), nil, "8 players to seat: 1 must sit out or 6 be added to fill boards of seven"},
		{"twice", []int{0, 1, 2, 3, 4, 5, 0}, nil, `player "a" listed twice as present`},
		{"unknown", []int{0, 1, 2, 3, 4, 5, 14}, nil, "present player 14 out of range"},
		{"short locked board", all(14), []Board{board(0, 1, 2)}, "locked boards: board 1: 3 seats, want 7"},
		{"repeated power", all(14), []Board{seats(0, 0, 1, 0, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6)}, "locked boards: board 1: bad or repeated power 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Seed(t.Context(), smallProblem(), tt.present, tt.locked, Options{})
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v, want %q", err, tt.want)
			}
			var ce *CountError
			if errors.As(err, &ce) != errors.Is(err, ErrPlayerCount) {
				t.Errorf("CountError and ErrPlayerCount disagree for %v", err)
			}
		})
	}
}
