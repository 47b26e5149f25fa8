package seeding

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// benchRound builds a problem of n players with rounds-1... one round
// already seeded (the first heat), for benchmarking the second heat.
func benchRound(b testing.TB, n, rounds, families, teams int) (*Problem, []int) {
	b.Helper()
	p := &Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups(), AssignPowers: true}
	var present []int
	for i := range n {
		p.Players = append(p.Players, fmt.Sprint(i))
		present = append(present, i)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	perm := rng.Perm(n)
	for k := range families {
		p.Conflicts = append(p.Conflicts, Conflict{A: perm[2*k], B: perm[2*k+1], Value: 100, Kind: "family"})
	}
	for k := range teams {
		m := perm[2*families+3*k:]
		p.Teams = append(p.Teams, Team{Name: fmt.Sprint(k), Members: []int{m[0], m[1], m[2]}})
	}
	first, err := Seed(context.Background(), p, present, nil, Options{RoundsLeft: rounds})
	if err != nil {
		b.Fatal(err)
	}
	p.History = []Plan{first.Plan}
	return p, present
}

// BenchmarkSeed seeds the second heat of each benchmark kind with defaults.
func BenchmarkSeed(b *testing.B) {
	kinds := []struct {
		name                             string
		players, rounds, families, teams int
	}{
		{"a_49x8", 49, 8, 0, 0},
		{"b_21x4", 21, 4, 0, 0},
		{"c_70x4_fam_teams", 70, 4, 5, 7},
		{"e_700x3", 700, 3, 0, 0},
	}
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			p, present := benchRound(b, k.players, k.rounds, k.families, k.teams)
			for i := 0; b.Loop(); i++ {
				if _, err := Seed(context.Background(), p, present, nil, Options{Seed: int64(i), RoundsLeft: k.rounds - 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
