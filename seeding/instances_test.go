package seeding

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestInstances runs every benchmark instance through Simulate with default
// options for seeds 1, 2 and 3, scores the outputs with the benchmark's
// score.py and logs the table (median of the runs). It only runs when
// DTM_BENCH_SEEDING=1; DTM_BENCH_DIR overrides the benchmark directory,
// DTM_BENCH_SEEDS the number of seeds, DTM_BENCH_ONLY picks instances by
// name:
//
//	DTM_BENCH_SEEDING=1 go test -run TestInstances -v ./seeding/
func TestInstances(t *testing.T) {
	if os.Getenv("DTM_BENCH_SEEDING") != "1" {
		t.Skip("set DTM_BENCH_SEEDING=1 to run the seeding benchmark")
	}
	dir := os.Getenv("DTM_BENCH_DIR")
	if dir == "" {
		dir = "/work/shared/bench/seeding"
	}
	files, err := filepath.Glob(filepath.Join(dir, "instances", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no instances in %s: %v", dir, err)
	}
	only := os.Getenv("DTM_BENCH_ONLY")
	seeds := int64(3)
	if n, err := strconv.Atoi(os.Getenv("DTM_BENCH_SEEDS")); err == nil && n > 0 {
		seeds = int64(n)
	}
	out := t.TempDir()
	var table []string
	for _, file := range files {
		if only != "" && !strings.Contains(file, only) {
			continue
		}
		fh, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		in, err := DecodeInstance(fh)
		fh.Close()
		if err != nil {
			t.Fatal(err)
		}
		var totals []int
		var worst, sum float64
		for seed := int64(1); seed <= seeds; seed++ {
			rounds, err := Simulate(context.Background(), in, Options{Seed: seed})
			if err != nil {
				t.Fatalf("%s seed %d: %v", in.Name, seed, err)
			}
			path := filepath.Join(out, fmt.Sprintf("%s.%d.json", in.Name, seed))
			w, err := os.Create(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := EncodeOutput(w, in, "dtm", int(seed), rounds); err != nil {
				t.Fatal(err)
			}
			w.Close()
			res, err := exec.Command("python3", filepath.Join(dir, "score.py"), file, path, "--json").Output()
			if err != nil {
				t.Fatalf("%s seed %d: score.py: %v", in.Name, seed, err)
			}
			var m struct {
				Total    int `json:"total_conflict"`
				PerRound []struct {
					Total int `json:"total"`
				} `json:"per_round"`
			}
			if err := json.Unmarshal(res, &m); err != nil {
				t.Fatal(err)
			}
			// The package's own model must charge what score.py charges.
			own := 0
			p := in.Problem
			for _, r := range rounds {
				ex, err := Explain(&p, r.Plan)
				if err != nil {
					t.Fatal(err)
				}
				own += ex.Total
				p.History = append(p.History, r.Plan)
			}
			if own != m.Total {
				t.Errorf("%s seed %d: Explain totals %d, score.py %d", in.Name, seed, own, m.Total)
			}
			var pr []string
			for i, r := range rounds {
				worst = max(worst, r.Seconds)
				sum += r.Seconds
				pr = append(pr, fmt.Sprintf("%d(lb %d, %.2fs)", m.PerRound[i].Total, r.Bound, r.Seconds))
			}
			t.Logf("%s seed %d: total %d; rounds %s", in.Name, seed, m.Total, strings.Join(pr, " "))
			totals = append(totals, m.Total)
		}
		slices.Sort(totals)
		table = append(table, fmt.Sprintf("| %s | %v | %d | %v | %.2f | %.2f |", in.Name, in.Bounds["lower_bound_total"],
			totals[len(totals)/2], totals, worst, sum/float64(seeds)))
	}
	t.Log("\n| instance | lower bound | median total | totals by seed | slowest heat (s) | event time per run (s) |\n|---|---|---|---|---|---|\n" +
		strings.Join(table, "\n"))
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
