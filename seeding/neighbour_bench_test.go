package seeding

import (
	"context"
	"os"
	"testing"
	"time"
)

// TestNeighbourTable seeds generated events (seed 1, default values and
// power groups) heat by heat with default options (seed 1), the neighbour
// conflict at 0 and at 5, and logs for each: the event's repeat meetings
// on neighbouring powers, the conflict without the neighbour cost (Explain,
// round by round) and the CPU time. It runs with DTM_BENCH_SEEDING=1: the
// table of docs/seeding.md, "Neighbours on the map".
func TestNeighbourTable(t *testing.T) {
	if os.Getenv("DTM_BENCH_SEEDING") != "1" {
		t.Skip("set DTM_BENCH_SEEDING=1 to run the neighbour benchmark")
	}
	instances := []struct {
		name string
		spec Spec
	}{
		{"n_21x7", Spec{Players: 21, Rounds: 7, Powers: true, Seed: 1}},
		{"n_28x7", Spec{Players: 28, Rounds: 7, Powers: true, Seed: 1}},
		{"n_38x9_absent", Spec{Players: 38, Rounds: 9, Absent: 3, Powers: true, Seed: 1}},
		{"n_49x8", Spec{Players: 49, Rounds: 8, Powers: true, Seed: 1}},
	}
	t.Log("| instance | neighbour conflict | repeats as neighbours | repeats across | other conflict | seconds |")
	for _, ni := range instances {
		for _, nb := range []int{0, 5} {
			spec := ni.spec
			spec.Values = DefaultValues()
			spec.Values.Neighbour = nb
			in, err := Generate(spec)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			rounds, err := Simulate(context.Background(), in, Options{Seed: 1})
			if err != nil {
				t.Fatalf("%s: %v", ni.name, err)
			}
			secs := time.Since(start).Seconds()
			p := in.Problem
			near, far, other := 0, 0, 0
			for _, r := range rounds {
				ex, err := Explain(&p, r.Plan)
				if err != nil {
					t.Fatal(err)
				}
				other += ex.Total - ex.Breakdown.Neighbour
				h := newHistory(&p, r.Plan.Round)
				for _, b := range r.Plan.Boards {
					for x, s := range b.Seats {
						for _, u := range b.Seats[x+1:] {
							if k := len(h.met[pairKey(s.Player, u.Player)]); Neighbours(s.Power, u.Power) {
								near += k
							} else {
								far += k
							}
						}
					}
				}
				p.History = append(p.History, r.Plan)
			}
			t.Logf("| %s | %d | %d | %d | %d | %.1f |", ni.name, nb, near, far, other, secs)
		}
	}
}
