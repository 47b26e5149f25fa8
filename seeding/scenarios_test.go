package seeding

import (
	"fmt"
	"math/rand/v2"
)

// scen describes a generated instance of one of the benchmark's kinds.
type scen struct {
	name    string
	n, r    int
	absent  map[int]int // round -> number absent (multiple of 7)
	lockTop map[int]int // round -> locked boards (first players)
	fam     int
	teams   int
	clubs   int
}

// buildScen generates the scenario's instance from seed.
func buildScen(sc scen, seed uint64) *Instance {
	rng := rand.New(rand.NewPCG(seed, 99))
	p := Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups(), AssignPowers: true}
	for i := range sc.n {
		p.Players = append(p.Players, fmt.Sprintf("p%03d", i+1))
	}
	perm := rng.Perm(sc.n)
	k := 0
	for range sc.fam {
		p.Conflicts = append(p.Conflicts, Conflict{A: perm[k], B: perm[k+1], Value: 100, Kind: "family"})
		k += 2
	}
	for t := range sc.teams {
		p.Teams = append(p.Teams, Team{Name: fmt.Sprint("t", t), Members: []int{perm[k], perm[k+1], perm[k+2]}})
		k += 3
	}
	for c := range sc.clubs {
		g := Group{Name: fmt.Sprint("club", c), Value: 5}
		for range 5 {
			g.Members = append(g.Members, perm[k%sc.n])
			k++
		}
		p.Groups = append(p.Groups, g)
	}
	in := &Instance{Name: sc.name, Problem: p, Powers: PowerNames[:]}
	for r := range sc.r {
		h := Heat{}
		ab := map[int]bool{}
		for _, i := range rng.Perm(sc.n)[:sc.absent[r]] {
			ab[i] = true
		}
		for i := range sc.n {
			if !ab[i] {
				h.Present = append(h.Present, i)
			}
		}
		for b := range sc.lockTop[r] {
			var seats []Seat
			for x := range BoardSize {
				seats = append(seats, Seat{Player: h.Present[b*7+x], Power: x})
			}
			h.Locked = append(h.Locked, Board{Seats: seats, Locked: true})
		}
		in.Rounds = append(in.Rounds, h)
	}
	return in
}
