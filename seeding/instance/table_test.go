package instance

import (
	"bytes"
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
	"time"

	"github.com/armada-dtm/dtm/internal/proc"
	"github.com/armada-dtm/dtm/seeding"
)

// tableCase is an instance of the benchmark table: a file of the shared
// benchmark, one of this package's testdata/bench (see ownInstances), or a
// generated event of thousands of players.
type tableCase struct {
	name string
	file string
	spec seeding.Spec
	rule seeding.PowerRule // applied on reading: the format has no power rule
}

// benchDir is the shared seeding benchmark (DTM_BENCH_DIR overrides it).
func benchDir() string {
	if d := os.Getenv("DTM_BENCH_DIR"); d != "" {
		return d
	}
	return "../../../shared/bench/seeding"
}

func tableCases() []tableCase {
	var cs []tableCase
	for _, n := range []string{"a_49x8", "b_21x4", "c_70x4_fam_teams", "e_700x3"} {
		cs = append(cs, tableCase{name: n, file: filepath.Join(benchDir(), "instances", n+".json")})
	}
	for _, o := range ownInstances {
		cs = append(cs, tableCase{name: o.name, file: filepath.Join("testdata", "bench", o.name+".json"), rule: o.rule})
	}
	for _, n := range []int{140, 700, 1400, 3500, 7000} {
		cs = append(cs, tableCase{name: fmt.Sprintf("g_%dx3", n), spec: seeding.Spec{Players: n, Rounds: 3, Powers: true, Seed: 1}})
	}
	return cs
}

func (c tableCase) instance(t testing.TB) *seeding.Instance {
	t.Helper()
	if c.file != "" {
		fh, err := os.Open(c.file)
		if err != nil {
			t.Fatal(err)
		}
		defer fh.Close()
		in, err := Decode(fh)
		if err != nil {
			t.Fatal(err)
		}
		in.Problem.PowerRule = c.rule
		return in
	}
	in, err := seeding.Generate(c.spec)
	if err != nil {
		t.Fatal(err)
	}
	in.Name = c.name
	return in
}

// TestTableChild seeds one case of TestTable (DTM_TABLE_CASE) in its own
// process, writing the instance, the seating and the rounds' bounds next
// to DTM_TABLE_OUT.
func TestTableChild(t *testing.T) {
	name, out := os.Getenv("DTM_TABLE_CASE"), os.Getenv("DTM_TABLE_OUT")
	if name == "" {
		t.Skip("run by TestTable")
	}
	for _, c := range tableCases() {
		if c.name != name {
			continue
		}
		in := c.instance(t)
		var ib, ob bytes.Buffer
		if err := Encode(&ib, in); err != nil {
			t.Fatal(err)
		}
		seed := int64(1)
		if s, err := strconv.ParseInt(os.Getenv("DTM_BENCH_SEED"), 10, 64); err == nil {
			seed = s
		}
		simulate := seeding.SimulateKnowing
		if os.Getenv("DTM_BENCH_PROTOCOL") == "1" {
			simulate = seeding.Simulate
		}
		// The rounds' Seconds are CPU-seconds: the machine is shared.
		rounds, err := simulate(context.Background(), in, seeding.Options{Seed: seed, Now: cpuClock})
		if err != nil {
			t.Fatal(err)
		}
		if err := EncodeOutput(&ob, in, "dtm", int(seed), rounds); err != nil {
			t.Fatal(err)
		}
		var bounds []int
		for _, r := range rounds {
			bounds = append(bounds, r.Bound)
		}
		bb, err := json.Marshal(bounds)
		if err != nil {
			t.Fatal(err)
		}
		for path, data := range map[string][]byte{out + ".in.json": ib.Bytes(), out: ob.Bytes(), out + ".bounds": bb} {
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// cpuClock reads the process's CPU time (user and system) as a clock.
func cpuClock() time.Time { return time.Unix(0, int64(proc.CPU())) }

// TestTable measures each case in a child process: the sum of the rounds'
// lower bounds, the total (scored by the benchmark's score.py), the wall
// seconds of the whole process per heat, the CPU-seconds per heat (mean and
// slowest heat, read from a CPU clock) and the peak resident memory. Seed 1,
// default options, each round seeded knowing who plays the later rounds
// (SimulateKnowing, as dtm seed knows the registrations):
//
//	DTM_BENCH_TABLE=1 go test -count=1 -timeout 30m -run '^TestTable$' -v ./seeding/instance/
//
// DTM_BENCH_ONLY picks cases by name, DTM_BENCH_SEED another seed, and
// DTM_BENCH_PROTOCOL=1 follows the benchmark's protocol (Simulate: never a
// later round's present players).
func TestTable(t *testing.T) {
	if os.Getenv("DTM_BENCH_TABLE") != "1" {
		t.Skip("set DTM_BENCH_TABLE=1 to measure the seeding table")
	}
	only := os.Getenv("DTM_BENCH_ONLY")
	score := filepath.Join(benchDir(), "score.py")
	dir := t.TempDir()
	rows := []string{"| instance | bounds | total | wall s/heat | CPU s/heat (slowest) | peak MiB |", "|---|---|---|---|---|---|"}
	for _, c := range tableCases() {
		if only != "" && !strings.Contains(c.name, only) {
			continue
		}
		out := filepath.Join(dir, c.name+".json")
		cmd := exec.Command(os.Args[0], "-test.run=^TestTableChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), "DTM_TABLE_CASE="+c.name, "DTM_TABLE_OUT="+out)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		start := time.Now()
		if b, err := cmd.Output(); err != nil {
			t.Fatalf("%s: %v\n%s%s", c.name, err, b, stderr.String())
		}
		wall := time.Since(start).Seconds()
		res, err := exec.Command("python3", score, out+".in.json", out, "--json").Output()
		if err != nil {
			t.Fatalf("%s: score.py: %v", c.name, err)
		}
		var m struct {
			Total int `json:"total_conflict"`
		}
		var o struct {
			Rounds []struct{ Seconds float64 }
		}
		var bounds []int
		ob, err1 := os.ReadFile(out)
		bb, err2 := os.ReadFile(out + ".bounds")
		for _, err := range []error{err1, err2, json.Unmarshal(res, &m), json.Unmarshal(ob, &o), json.Unmarshal(bb, &bounds)} {
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
		}
		worst, sum := 0.0, 0.0
		for _, r := range o.Rounds {
			worst = max(worst, r.Seconds)
			sum += r.Seconds
		}
		lb := 0
		for _, b := range bounds {
			lb += b
		}
		heats := float64(len(o.Rounds))
		row := fmt.Sprintf("| %s | %d | %d | %.2f | %.2f (%.2f) | %d |", c.name, lb, m.Total, wall/heats, sum/heats, worst,
			proc.ChildPeak(cmd.ProcessState)>>20)
		t.Log(row)
		rows = append(rows, row)
	}
	t.Log("\n" + strings.Join(rows, "\n"))
}

// TestRoundSpread measures the search on the last rounds of an event, the
// cheap experiment behind TestInstances: the case is seeded with seed 1
// (each round knowing who plays the later rounds), its rounds before
// DTM_BENCH_FROM (1-based; the last round when unset) are kept, and the
// rounds from there are seeded again with seeds 1 to 8; each seed's
// conflicts, their sum and the mean CPU-seconds a seed are logged:
//
//	DTM_BENCH_ROUND=r_52x5_teams DTM_BENCH_FROM=3 go test -count=1 -run '^TestRoundSpread$' -v ./seeding/instance/
//
// DTM_BENCH_EFFORT scales the work of the rounds seeded again and
// DTM_BENCH_HORIZON sets their Options.Horizon. Given the
// same earlier rounds, a spread that more work closes is the search's; one
// that stays comes from the earlier rounds.
func TestRoundSpread(t *testing.T) {
	name := os.Getenv("DTM_BENCH_ROUND")
	if name == "" {
		t.Skip("set DTM_BENCH_ROUND to a case's name to measure its last rounds over seeds")
	}
	effort, _ := strconv.ParseFloat(os.Getenv("DTM_BENCH_EFFORT"), 64)
	horizon, _ := strconv.Atoi(os.Getenv("DTM_BENCH_HORIZON"))
	for _, c := range tableCases() {
		if c.name != name {
			continue
		}
		in := c.instance(t)
		from := len(in.Rounds)
		if v, err := strconv.Atoi(os.Getenv("DTM_BENCH_FROM")); err == nil && v >= 1 && v <= len(in.Rounds) {
			from = v
		}
		rounds, err := seeding.SimulateKnowing(context.Background(), in, seeding.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		p := in.Problem
		for _, r := range rounds[:from-1] {
			p.History = append(p.History, r.Plan)
		}
		var sums []int
		cpu := time.Duration(0)
		for seed := int64(1); seed <= 8; seed++ {
			start := cpuClock()
			costs, bounds := seedFrom(t, in, p, from-1, seeding.Options{Seed: seed, Effort: effort, Horizon: horizon, Now: cpuClock})
			cpu += cpuClock().Sub(start)
			sum := 0
			for _, c := range costs {
				sum += c
			}
			sums = append(sums, sum)
			t.Logf("seed %d: %v = %d (bounds %v)", seed, costs, sum, bounds)
		}
		t.Logf("%s rounds %d-%d over seeds 1-8: %v, %.2f CPU-s a seed", name, from, len(in.Rounds), sums, cpu.Seconds()/8)
	}
}

// BenchmarkAnneal seeds one heat of a realistic event again and again,
// with the same seed, on one worker (so that the time a seating takes is
// its CPU time), after seed 1's earlier rounds: round 5 of r_52x5_teams,
// 49 players seated alone, and round 3 of r_90x4_teams_clubs, 84 players
// planning rounds 3 and 4. Compare two builds by the ratio of their times,
// run in turn on the same machine:
//
//	go test -run X -bench Anneal -benchtime 5x ./seeding/instance/
//
// r_52x5_teams' round 5 is the event's last heat, which runs 32 restarts
// since 21cb4c9 (seeding's lastHeatRestarts) and 16 before: across that
// commit its ratio compares two different searches.
func BenchmarkAnneal(b *testing.B) {
	for _, h := range []struct {
		name  string
		round int // 1-based
	}{
		{"r_52x5_teams", 5},
		{"r_90x4_teams_clubs", 3},
	} {
		b.Run(fmt.Sprintf("%s/round%d", h.name, h.round), func(b *testing.B) {
			var in *seeding.Instance
			for _, c := range tableCases() {
				if c.name == h.name {
					in = c.instance(b)
				}
			}
			rounds, err := seeding.SimulateKnowing(context.Background(), in, seeding.Options{Seed: 1})
			if err != nil {
				b.Fatal(err)
			}
			p := in.Problem
			for _, r := range rounds[:h.round-1] {
				p.History = append(p.History, r.Plan)
			}
			k := h.round - 1
			opts := seeding.Options{Seed: seeding.HeatSeed(1, h.round), RoundsLeft: len(in.Rounds) - k, Workers: 1}
			for _, l := range in.Rounds[k+1:] {
				opts.Later = append(opts.Later, l.Present)
			}
			for b.Loop() {
				if _, err := seeding.Seed(context.Background(), &p, in.Rounds[k].Present, in.Rounds[k].Locked, opts); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// seedFrom seeds the instance's rounds from index k on after the history
// in p, each knowing who plays the later rounds, as SimulateKnowing does,
// and returns each round's conflict and bound.
func seedFrom(t *testing.T, in *seeding.Instance, p seeding.Problem, k int, opts seeding.Options) (costs, bounds []int) {
	t.Helper()
	p.History = slices.Clone(p.History)
	for r := k; r < len(in.Rounds); r++ {
		o := opts
		o.Seed = seeding.HeatSeed(opts.Seed, r+1)
		o.RoundsLeft = len(in.Rounds) - r
		for _, l := range in.Rounds[r+1:] {
			o.Later = append(o.Later, l.Present)
		}
		res, err := seeding.Seed(context.Background(), &p, in.Rounds[r].Present, in.Rounds[r].Locked, o)
		if err != nil {
			t.Fatal(err)
		}
		costs, bounds = append(costs, res.Conflict), append(bounds, res.Bound)
		p.History = append(p.History, res.Plan)
	}
	return costs, bounds
}
