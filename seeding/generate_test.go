package seeding

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestGenerate checks the counts of generated instances against the rules of
// Spec, worked out by hand in each case's comment.
func TestGenerate(t *testing.T) {
	tests := []struct {
		name    string
		spec    Spec
		present []int // players present in each round
		first   string
		last    string
		teams   int
		size    int // team size
		clubs   int
		club    [2]int // club size and value
		// maxSitOut is the most rounds a player may miss when nobody is
		// absent: sitting out rotates.
		maxSitOut int
	}{
		// 49 = 7 x 7: nobody sits out.
		{name: "49x8", spec: Spec{Players: 49, Rounds: 8, Powers: true, Seed: 1},
			present: []int{49, 49, 49, 49, 49, 49, 49, 49}, first: "p01", last: "p49"},
		// 38 = 5 x 7 + 3: 3 sit out per round, 15 over 5 rounds, so no
		// player sits out twice.
		{name: "38x5", spec: Spec{Players: 38, Rounds: 5, Seed: 2},
			present: []int{35, 35, 35, 35, 35}, first: "p01", last: "p38", maxSitOut: 1},
		// 47 = 6 x 7 + 5: 40 sit-outs over 8 rounds among 47 players.
		{name: "47x8", spec: Spec{Players: 47, Rounds: 8, Seed: 3},
			present: []int{42, 42, 42, 42, 42, 42, 42, 42}, first: "p01", last: "p47", maxSitOut: 1},
		// Round 1: 50 -> 49 (1 sits out); then 50 - 8 = 42, a multiple of 7.
		{name: "50x4, 8 absent", spec: Spec{Players: 50, Rounds: 4, Absent: 8, Seed: 4},
			present: []int{49, 42, 42, 42}, first: "p01", last: "p50"},
		// Round 1: 45 -> 42; then 45 - 4 = 41 -> 35 (6 sit out).
		{name: "45x3, 4 absent", spec: Spec{Players: 45, Rounds: 3, Absent: 4, Seed: 5},
			present: []int{42, 35, 35}, first: "p01", last: "p45"},
		// 7 - 0 absent: one board; Absent may be 0 = Players - 7 only.
		{name: "7x2", spec: Spec{Players: 7, Rounds: 2, Seed: 6},
			present: []int{7, 7}, first: "p01", last: "p07"},
		// 700 players: three digits.
		{name: "700x1", spec: Spec{Players: 700, Rounds: 1, Seed: 7},
			present: []int{700}, first: "p001", last: "p700"},
		// 5 pairs and 7 teams of 3 (the default size): 31 distinct players.
		{name: "70x4, families and teams", spec: Spec{Players: 70, Rounds: 4, Families: 5, Teams: 7, Powers: true, Seed: 8},
			present: []int{70, 70, 70, 70}, first: "p01", last: "p70", teams: 7, size: 3},
		// 3 teams of 7 take all 21 players.
		{name: "21, teams of 7", spec: Spec{Players: 21, Rounds: 2, Teams: 3, TeamSize: 7, Seed: 9},
			present: []int{21, 21}, first: "p01", last: "p21", teams: 3, size: 7},
		// 6 clubs of 5 (the default size, value 5) take all 30 players;
		// 30 = 4 x 7 + 2.
		{name: "30, clubs", spec: Spec{Players: 30, Rounds: 1, Clubs: 6, Families: 15, Seed: 10},
			present: []int{28}, first: "p01", last: "p30", clubs: 6, club: [2]int{5, 5}},
		{name: "28, clubs of 4 keep together", spec: Spec{Players: 28, Rounds: 1, Clubs: 2, ClubSize: 4, ClubValue: -3, Seed: 11},
			present: []int{28}, first: "p01", last: "p28", clubs: 2, club: [2]int{4, -3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in, err := Generate(tt.spec)
			if err != nil {
				t.Fatal(err)
			}
			p := &in.Problem
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			if len(p.Players) != tt.spec.Players || p.Players[0] != tt.first || p.Players[len(p.Players)-1] != tt.last {
				t.Errorf("players %d, %q..%q; want %d, %q..%q", len(p.Players), p.Players[0], p.Players[len(p.Players)-1],
					tt.spec.Players, tt.first, tt.last)
			}
			if p.AssignPowers != tt.spec.Powers || p.Values != DefaultValues() || !reflect.DeepEqual(p.PowerGroups, DefaultPowerGroups()) {
				t.Errorf("powers %v, values %+v, groups %v", p.AssignPowers, p.Values, p.PowerGroups)
			}
			if len(p.History) != 0 {
				t.Errorf("history %v, want none", p.History)
			}
			var got []int
			missed := make([]int, tt.spec.Players)
			for r, h := range in.Rounds {
				got = append(got, len(h.Present))
				if len(h.Locked) != 0 {
					t.Errorf("round %d: locked boards %v", r+1, h.Locked)
				}
				if !slices.IsSorted(h.Present) || len(slices.Compact(slices.Clone(h.Present))) != len(h.Present) {
					t.Errorf("round %d: present %v not sorted and distinct", r+1, h.Present)
				}
				for i := range missed {
					if !slices.Contains(h.Present, i) {
						missed[i]++
					}
				}
			}
			if !slices.Equal(got, tt.present) {
				t.Errorf("present per round %v, want %v", got, tt.present)
			}
			if tt.maxSitOut > 0 && slices.Max(missed) > tt.maxSitOut {
				t.Errorf("a player sat out %d rounds, want at most %d", slices.Max(missed), tt.maxSitOut)
			}
			// Families and teams use distinct players; clubs are disjoint.
			used := make(map[int]bool)
			take := func(what string, ms ...int) {
				for _, m := range ms {
					if used[m] {
						t.Errorf("%s: player %d already in a family or team", what, m)
					}
					used[m] = true
				}
			}
			if len(p.Conflicts) != tt.spec.Families {
				t.Errorf("%d conflicts, want %d", len(p.Conflicts), tt.spec.Families)
			}
			for _, c := range p.Conflicts {
				if c.Value != 100 || c.Kind != "family" {
					t.Errorf("conflict %+v, want value 100 kind family", c)
				}
				take("family", c.A, c.B)
			}
			if len(p.Teams) != tt.teams {
				t.Errorf("%d teams, want %d", len(p.Teams), tt.teams)
			}
			for _, tm := range p.Teams {
				if len(tm.Members) != tt.size {
					t.Errorf("team %s: %d members, want %d", tm.Name, len(tm.Members), tt.size)
				}
				take("team "+tm.Name, tm.Members...)
			}
			if len(p.Groups) != tt.clubs {
				t.Errorf("%d clubs, want %d", len(p.Groups), tt.clubs)
			}
			inClub := make(map[int]bool)
			for _, g := range p.Groups {
				if len(g.Members) != tt.club[0] || g.Value != tt.club[1] {
					t.Errorf("club %s: %d members, value %d; want %d, %d", g.Name, len(g.Members), g.Value, tt.club[0], tt.club[1])
				}
				for _, m := range g.Members {
					if inClub[m] {
						t.Errorf("club %s: player %d in two clubs", g.Name, m)
					}
					inClub[m] = true
				}
			}
		})
	}
}

// TestGenerateSeed checks that the same spec gives the same instance and
// another seed another one.
func TestGenerateSeed(t *testing.T) {
	spec := Spec{Players: 45, Rounds: 4, Absent: 5, Families: 3, Teams: 4, Clubs: 2, Powers: true, Seed: 42}
	a, err := Generate(spec)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(spec)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("same spec, different instances")
	}
	spec.Seed++
	c, err := Generate(spec)
	if err != nil {
		t.Fatal(err)
	}
	if reflect.DeepEqual(a.Problem.Conflicts, c.Problem.Conflicts) && reflect.DeepEqual(a.Rounds, c.Rounds) {
		t.Error("seeds 42 and 43 gave the same families and rounds")
	}
}

// TestGenerateValues checks that given values are kept.
func TestGenerateValues(t *testing.T) {
	v := Values{RepeatOpponent: 7, SamePower: 0, TeamMember: 50}
	in, err := Generate(Spec{Players: 14, Rounds: 1, Values: v})
	if err != nil {
		t.Fatal(err)
	}
	if in.Problem.Values != v {
		t.Errorf("values %+v, want %+v", in.Problem.Values, v)
	}
}

// TestGenerateErrors checks that an invalid spec names its field.
func TestGenerateErrors(t *testing.T) {
	tests := []struct {
		spec  Spec
		field string
		msg   string
	}{
		{Spec{Players: 6, Rounds: 1}, "Players", "spec: Players: 6, want 7 or more"},
		{Spec{Players: 7}, "Rounds", "spec: Rounds: 0, want 1 or more"},
		{Spec{Players: 49, Rounds: 2, Absent: 43}, "Absent", "spec: Absent: 43, want 0 to 42 so that 7 of the 49 players remain"},
		{Spec{Players: 49, Rounds: 2, Absent: -1}, "Absent", "spec: Absent: -1, want 0 to 42 so that 7 of the 49 players remain"},
		{Spec{Players: 49, Rounds: 2, Families: -1}, "Families", "spec: Families: -1, want 0 or more"},
		{Spec{Players: 49, Rounds: 2, Teams: -1}, "Teams", "spec: Teams: -1, want 0 or more"},
		{Spec{Players: 49, Rounds: 2, Teams: 1, TeamSize: 1}, "TeamSize", "spec: TeamSize: 1, want 2 or more"},
		{Spec{Players: 49, Rounds: 2, Clubs: -2}, "Clubs", "spec: Clubs: -2, want 0 or more"},
		{Spec{Players: 49, Rounds: 2, Clubs: 1, ClubSize: -1}, "ClubSize", "spec: ClubSize: -1, want 2 or more"},
		// 25 pairs need 50 players.
		{Spec{Players: 49, Rounds: 2, Families: 25}, "Families", "spec: Families: 25 pairs need 50 players, there are 49"},
		// 2 x 5 + 3 x 14 = 52 > 49 (13 teams would fit exactly).
		{Spec{Players: 49, Rounds: 2, Families: 5, Teams: 14}, "Teams",
			"spec: Teams: 14 teams of 3 and 5 family pairs need 52 distinct players, there are 49"},
		// 10 x 5 = 50 > 49.
		{Spec{Players: 49, Rounds: 2, Clubs: 10}, "Clubs", "spec: Clubs: 10 clubs of 5 need 50 players, there are 49"},
	}
	for _, tt := range tests {
		_, err := Generate(tt.spec)
		var se *SpecError
		if !errors.As(err, &se) || se.Field != tt.field || err.Error() != tt.msg {
			t.Errorf("Generate(%+v) = %v, want %s error %q", tt.spec, err, tt.field, tt.msg)
		}
	}
	// The limits themselves are valid.
	for _, s := range []Spec{
		{Players: 49, Rounds: 2, Absent: 42},
		{Players: 49, Rounds: 2, Families: 5, Teams: 13},
		{Players: 50, Rounds: 2, Families: 25},
		{Players: 50, Rounds: 2, Clubs: 10},
	} {
		if _, err := Generate(s); err != nil {
			t.Errorf("Generate(%+v): %v", s, err)
		}
	}
}

// TestSimulateGenerated seeds small generated instances and checks the
// properties of every round: everyone present seated once and nobody else,
// boards of seven, seven distinct powers or none. When python3 and the
// benchmark are at hand, score.py must accept the instance and the seating
// and find the total that Explain gives.
func TestSimulateGenerated(t *testing.T) {
	specs := []Spec{
		// Rounds of 21, 21, 21 present (24 -> 21; 24 - 2 = 22 -> 21).
		{Players: 24, Rounds: 3, Absent: 2, Families: 2, Teams: 2, Clubs: 1, Powers: true, Seed: 3},
		{Players: 16, Rounds: 2, Families: 1, Seed: 4},
	}
	for _, s := range specs {
		in, err := Generate(s)
		if err != nil {
			t.Fatal(err)
		}
		rounds, err := Simulate(context.Background(), in, Options{Seed: 1, Effort: 0.05, Restarts: 2, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if len(rounds) != s.Rounds {
			t.Fatalf("%s: %d rounds, want %d", in.Name, len(rounds), s.Rounds)
		}
		p := in.Problem
		total := 0
		for r, sr := range rounds {
			var seated []int
			for bi, b := range sr.Plan.Boards {
				if len(b.Seats) != dip.BoardSize {
					t.Errorf("%s round %d board %d: %d seats", in.Name, r+1, bi+1, len(b.Seats))
				}
				var powers []int
				for _, st := range b.Seats {
					seated = append(seated, st.Player)
					powers = append(powers, st.Power)
				}
				slices.Sort(powers)
				want := []int{NoPower, NoPower, NoPower, NoPower, NoPower, NoPower, NoPower}
				if s.Powers {
					want = []int{0, 1, 2, 3, 4, 5, 6}
				}
				if !slices.Equal(powers, want) {
					t.Errorf("%s round %d board %d: powers %v, want %v", in.Name, r+1, bi+1, powers, want)
				}
			}
			slices.Sort(seated)
			if !slices.Equal(seated, in.Rounds[r].Present) {
				t.Errorf("%s round %d: seated %v, present %v", in.Name, r+1, seated, in.Rounds[r].Present)
			}
			ex, err := Explain(&p, sr.Plan)
			if err != nil {
				t.Fatal(err)
			}
			total += ex.Total
			p.History = append(p.History, sr.Plan)
		}
	}
}
