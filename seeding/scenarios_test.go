package seeding

import (
	"math/rand/v2"
	"slices"
)

// scen describes a generated instance of one of the benchmark's kinds.
type scen struct {
	name    string
	n, r    int
	absent  map[int]int // round (from 0) -> number absent (multiple of 7)
	lockTop map[int]int // round (from 0) -> locked boards (first players)
	fam     int
	teams   int
	clubs   int
}

// buildScen generates the scenario's instance from seed with Generate (teams
// of 3, clubs of 5 with value 5, everyone present), then removes the round's
// absent players at random and locks the round's top boards: the first
// players present, powers in order.
func buildScen(sc scen, seed uint64) *Instance {
	in, err := Generate(Spec{Players: sc.n, Rounds: sc.r, Families: sc.fam, Teams: sc.teams,
		Clubs: sc.clubs, ClubSize: 5, ClubValue: 5, Powers: true, Seed: int64(seed)})
	if err != nil {
		// Callers have no *testing.T; the scenarios are valid specs.
		panic(err)
	}
	in.Name = sc.name
	rng := rand.New(rand.NewPCG(seed, 99))
	for r := range in.Rounds {
		h := &in.Rounds[r]
		for _, i := range rng.Perm(len(h.Present))[:sc.absent[r]] {
			h.Present[i] = -1
		}
		h.Present = slices.DeleteFunc(h.Present, func(i int) bool { return i < 0 })
		for b := range sc.lockTop[r] {
			var seats []Seat
			for x := range BoardSize {
				seats = append(seats, Seat{Player: h.Present[b*BoardSize+x], Power: x})
			}
			h.Locked = append(h.Locked, Board{Seats: seats, Locked: true})
		}
	}
	return in
}
