package seeding

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
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
			for x := range dip.BoardSize {
				seats = append(seats, Seat{Player: h.Present[b*dip.BoardSize+x], Power: x})
			}
			h.Locked = append(h.Locked, Board{Seats: seats, Locked: true})
		}
	}
	return in
}

// TestScenarios seeds generated instances of the benchmark's kinds (sizes,
// absences, locked top boards, clubs, more rounds than boards) with default
// options and logs each round's conflict (Explain's total, the model of
// score.py) and lower bound. It runs with TestInstances.
func TestScenarios(t *testing.T) {
	if os.Getenv("DTM_BENCH_SEEDING") != "1" {
		t.Skip("set DTM_BENCH_SEEDING=1 to run the seeding scenarios")
	}
	scs := []scen{
		{name: "49x8, 7 absent in round 4", n: 49, r: 8, absent: map[int]int{3: 7}},
		{name: "49x8, top board locked in round 8", n: 49, r: 8, lockTop: map[int]int{7: 1}},
		{name: "56x8", n: 56, r: 8},
		{name: "63x6", n: 63, r: 6},
		{name: "63x9", n: 63, r: 9},
		{name: "77x5", n: 77, r: 5},
		{name: "56x8, 7 absent in round 3", n: 56, r: 8, absent: map[int]int{2: 7}},
		{name: "14x5", n: 14, r: 5},
		{name: "21x6", n: 21, r: 6},
		{name: "28x9", n: 28, r: 9},
		{name: "42x8", n: 42, r: 8},
		{name: "70x4, families and teams", n: 70, r: 4, fam: 5, teams: 7},
		{name: "70x5, clubs, absences, top board", n: 70, r: 5, fam: 4, teams: 5, clubs: 4, absent: map[int]int{2: 14}, lockTop: map[int]int{4: 1}},
		{name: "140x7, absences", n: 140, r: 7, fam: 6, teams: 10, clubs: 5, absent: map[int]int{1: 7, 4: 21}},
		{name: "700x4, absences", n: 700, r: 4, absent: map[int]int{1: 35, 2: 70}, teams: 30, fam: 10},
	}
	only := os.Getenv("DTM_BENCH_ONLY")
	for _, sc := range scs {
		if only != "" && !strings.Contains(sc.name, only) {
			continue
		}
		in := buildScen(sc, 1)
		rounds, err := Simulate(context.Background(), in, Options{Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		p := in.Problem
		total, slowest := 0, 0.0
		var per []string
		for _, r := range rounds {
			ex, err := Explain(&p, r.Plan)
			if err != nil {
				t.Fatal(err)
			}
			total += ex.Total
			slowest = max(slowest, r.Seconds)
			per = append(per, fmt.Sprintf("%d (lb %d)", ex.Total, r.Bound))
			p.History = append(p.History, r.Plan)
		}
		t.Logf("%s: total %d, slowest heat %.2f s; rounds %s", sc.name, total, slowest, strings.Join(per, ", "))
	}
}
