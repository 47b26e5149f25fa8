package seeding

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestChoosePool checks, on random rankings with random absences and
// declines, that the pool is exactly the first size players who play and
// accept, in ranking order, and that those passed over are exactly the
// others ranked above its last member.
func TestChoosePool(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		n := 7 + rng.IntN(60)
		ranking := rng.Perm(n)
		absent, declines := map[int]bool{}, map[int]bool{}
		for p := range n {
			absent[p] = rng.IntN(6) == 0
			declines[p] = rng.IntN(5) == 0
		}
		size := 7 * (1 + rng.IntN(3))
		c, err := ChoosePool(ranking, size, func(p int) bool { return !absent[p] }, func(p int) bool { return declines[p] })
		var eligible []int
		for _, p := range ranking {
			if !absent[p] && !declines[p] {
				eligible = append(eligible, p)
			}
		}
		if len(eligible) < size {
			if err == nil {
				t.Fatalf("trial %d: %d eligible for %d seats, no error", trial, len(eligible), size)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !slices.Equal(c.Pool, eligible[:size]) {
			t.Fatalf("trial %d: pool %v, want %v", trial, c.Pool, eligible[:size])
		}
		last := slices.Index(ranking, c.Pool[size-1])
		var passed []int
		for _, p := range ranking[:last] {
			if !slices.Contains(c.Pool, p) {
				passed = append(passed, p)
			}
		}
		got := append(slices.Clone(c.Absent), c.Declined...)
		slices.Sort(got)
		slices.Sort(passed)
		if !slices.Equal(got, passed) {
			t.Fatalf("trial %d: passed over %v, want %v", trial, got, passed)
		}
		for _, p := range c.Absent {
			if !absent[p] {
				t.Fatalf("trial %d: %d listed absent", trial, p)
			}
		}
	}
}

// TestParsePoolAndQualification checks the texts dtm reads.
func TestParsePoolAndQualification(t *testing.T) {
	for s, want := range map[string]int{"top 7": 7, "Top 14": 14, " top  21 ": 21, "top 8": 0, "top 0": 0, "7": 0, "best 7": 0} {
		got, err := ParsePool(s)
		if (err == nil) != (want > 0) || got != want {
			t.Errorf("ParsePool(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for s, want := range map[string]string{"": "standings", "Standings": "standings", "best 2 of heats 1-3": "best 2 of heats 1-3",
		"Best 2 of heats 1 to 3": "best 2 of heats 1-3", "best 4 of heats 1-3": "", "best 1 of heats 3-5": "", "top 7": ""} {
		q, err := ParseQualification(s, 4)
		if want == "" {
			if err == nil {
				t.Errorf("ParseQualification(%q) = %v, want an error", s, q)
			}
			continue
		}
		if err != nil || q.String() != want {
			t.Errorf("ParseQualification(%q) = %v, %v; want %s", s, q, err, want)
		}
	}
}
