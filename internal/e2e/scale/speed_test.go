package scale

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/cli"
	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/proc"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// The speed benchmark (issue 13) runs each command on big workbooks beside a
// floor program (excelize alone: open, read every cell of every sheet, save)
// and prints the ratios of their CPU time and peak memory. Every command
// runs in a process of its own (this test binary, re-executed), so that its
// CPU time (user + system, from the child's rusage) and peak resident memory
// are its alone, on the same machine and in the same run as the floor's.
// CPU time rather than wall time: the machine is shared.
//
//	DTM_BENCH_SPEED=1 go test -count=1 -run TestSpeed -v -timeout 0 ./internal/e2e/scale
//
// runs every size (28, 1,001, 3,003 and 10,003 players × 9 heats);
// DTM_BENCH_SPEED=28,1001 runs those sizes. DTM_BENCH_RUNS sets the runs of
// each command (the least CPU time and memory are kept; default 3, 1 at
// 10,003 players). DTM_BENCH_LIMIT caps each run's wall time (a Go
// duration, default 10m): a command that takes longer is reported as such.
// DTM_BENCH_COMMANDS=score,publish measures only those commands, on the
// generated workbook alone unless seed is among them.

// benchHeats is the number of heats of the benchmark's workbooks.
const benchHeats = 9

// childEnv names the command a child process runs (tab-separated).
const childEnv = "DTM_BENCH_CHILD"

// TestSpeedChild is the child process: the floor program, the seeder alone,
// or a dtm command line. It runs only when the benchmark starts it.
func TestSpeedChild(t *testing.T) {
	spec, ok := os.LookupEnv(childEnv)
	if !ok {
		t.Skip("run by TestSpeed")
	}
	args := strings.Split(spec, "\t")
	switch args[0] {
	case "floor":
		if err := floor(args[1], args[2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	case "seeder":
		cpu, err := seederCPU(args[1])
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(cpu.Seconds())
	default:
		var errOut bytes.Buffer
		if code := cli.Run(append([]string{"dtm"}, args...), io.Discard, &errOut); code != 0 {
			fmt.Fprint(os.Stderr, errOut.String())
			os.Exit(code)
		}
	}
	// The peak resident memory of this process image: the rusage the
	// parent gets counts the parent's own memory when it started the child.
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			os.WriteFile(os.Getenv(peakEnv), []byte(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB"))), 0o644)
		}
	}
	os.Exit(0)
}

// peakEnv names the file where a child writes its peak memory, in KiB.
const peakEnv = "DTM_BENCH_PEAK"

// floor is the floor program: excelize opens the workbook, reads every cell
// of every sheet and saves it as out.
func floor(path, out string) error {
	f, err := excelize.OpenFile(path)
	if err != nil {
		return err
	}
	defer f.Close()
	for _, sheet := range f.GetSheetList() {
		rows, err := f.Rows(sheet)
		if err != nil {
			return err
		}
		for rows.Next() {
			if _, err := rows.Columns(excelize.Options{RawCellValue: true}); err != nil {
				return err
			}
		}
		if err := rows.Close(); err != nil {
			return err
		}
	}
	return f.SaveAs(out)
}

// seederCPU returns the CPU time the seeder alone takes to seat heat 1 of
// a workbook as dtm seed --seed 1 --heat 1 does: the seating, its lower
// bound and its explanation (the workbook is read first, not counted).
func seederCPU(path string) (time.Duration, error) {
	b, err := workbook.Open(path)
	if err != nil {
		return 0, err
	}
	defer b.Close()
	t := b.Tournament
	hs, err := t.Seating(1)
	if err != nil {
		return 0, err
	}
	start := proc.CPU()
	problem := t.SeedProblem(1)
	opts := seeding.Options{Seed: seeding.HeatSeed(1, 1), RoundsLeft: t.Settings.Heats}
	seeded, err := seeding.Seed(context.Background(), problem, hs.Present, hs.Locked, opts)
	if err != nil {
		return 0, err
	}
	if _, err := seeding.Explain(problem, seeded.Plan); err != nil {
		return 0, err
	}
	return proc.CPU() - start, nil
}

// usage is one run's CPU time and peak resident memory.
type usage struct {
	cpu  time.Duration
	sys  time.Duration // the system's part of cpu: file systems differ most there
	peak int64         // bytes
	out  string
	over bool // ran past the limit
}

// child runs one command in a child process on a fresh copy of the
// workbook src (made first, not counted) and returns its usage.
func child(t *testing.T, limit time.Duration, src string, args ...string) usage {
	t.Helper()
	return childOf(t, os.Args[0], limit, src, args...)
}

// builder returns the binary that builds the benchmark's workbooks with dtm
// seed: this one, or DTM_BENCH_BUILDER (a faster one, so that an older
// version can be measured on the same workbooks).
func builder() string {
	if b := os.Getenv("DTM_BENCH_BUILDER"); b != "" {
		return b
	}
	return os.Args[0]
}

// childOf is child with the given test binary.
func childOf(t *testing.T, binary string, limit time.Duration, src string, args ...string) usage {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, filepath.Base(src))
	clitest.CopyFile(t, src, path)
	args = slices.Clone(args)
	for i, a := range args {
		args[i] = strings.ReplaceAll(a, "WB", path)
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, "-test.run=^TestSpeedChild$", "-test.count=1")
	peakFile := filepath.Join(dir, "peak")
	cmd.Env = append(os.Environ(), childEnv+"="+strings.Join(args, "\t"), peakEnv+"="+peakFile)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ctx.Err() != nil {
		return usage{over: true}
	}
	if err != nil {
		t.Fatalf("%q: %v\n%s", args, err, errOut.String())
	}
	raw, err := os.ReadFile(peakFile)
	if err != nil {
		t.Fatal(err)
	}
	kib, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		t.Fatalf("peak memory: %v", err)
	}
	return usage{
		cpu:  proc.ChildCPU(cmd.ProcessState),
		sys:  cmd.ProcessState.SystemTime(),
		peak: kib << 10,
		out:  strings.TrimSpace(out.String()),
	}
}

// best keeps the least CPU time and the least peak memory of runs of one
// command (the least disturbed by the machine's other work).
func best(runs []usage) usage {
	b := runs[0]
	for _, u := range runs[1:] {
		b.over = b.over || u.over
		if u.cpu < b.cpu {
			b.cpu, b.sys = u.cpu, u.sys
		}
		b.peak = min(b.peak, u.peak)
	}
	return b
}

func TestSpeed(t *testing.T) {
	spec := os.Getenv("DTM_BENCH_SPEED")
	if spec == "" {
		t.Skip("a benchmark: DTM_BENCH_SPEED=1 go test -count=1 -run TestSpeed -v -timeout 0 ./internal/e2e/scale")
	}
	sizes := []int{28, 1001, 3003, 10003}
	if spec != "1" {
		sizes = nil
		for _, s := range strings.Split(spec, ",") {
			n, err := strconv.Atoi(s)
			if err != nil || n < 7 || n%7 != 0 {
				t.Fatalf("DTM_BENCH_SPEED=%s: a list of player counts, each a multiple of 7", spec)
			}
			sizes = append(sizes, n)
		}
	}
	limit := 10 * time.Minute
	if l := os.Getenv("DTM_BENCH_LIMIT"); l != "" {
		var err error
		if limit, err = time.ParseDuration(l); err != nil {
			t.Fatal(err)
		}
	}
	only := map[string]bool{}
	for _, c := range strings.Split(os.Getenv("DTM_BENCH_COMMANDS"), ",") {
		if c != "" {
			only[c] = true
		}
	}
	// chosen reports whether the command whose first word is cmd is measured.
	chosen := func(cmd string) bool { return len(only) == 0 || only[cmd] }
	var table strings.Builder
	fmt.Fprintf(&table, "| players | workbook | command | CPU s | of it system | × floor | peak MiB | × floor |\n")
	fmt.Fprintf(&table, "|--:|---|---|--:|--:|--:|--:|--:|\n")
	for _, n := range sizes {
		runs := 3
		if n > 5000 {
			runs = 1
		}
		if r := os.Getenv("DTM_BENCH_RUNS"); r != "" {
			runs, _ = strconv.Atoi(r)
		}
		dir := t.TempDir()
		generated := filepath.Join(dir, "generated.xlsx")
		clitest.BigTournament(t, generated, n, benchHeats)
		// The same tournament once dtm seed has written every heat's calls
		// and Conflict columns.
		seeded := filepath.Join(dir, "seeded.xlsx")
		clitest.CopyFile(t, generated, seeded)
		if !chosen("seed") {
			seeded = ""
		}
		for h := 1; h <= benchHeats && seeded != ""; h++ {
			if u := childOf(t, builder(), limit, seeded, "seed", "--refresh", "--heat", strconv.Itoa(h), seeded); u.over {
				t.Logf("%d players: dtm seed --refresh --heat %d ran past %v: no seeded workbook", n, h, limit)
				seeded = ""
			}
		}
		row := func(kind, command string, u, fl usage, note string) {
			cpu, peak := "> "+limit.String(), "–"
			ratio, pratio, sys := "–", "–", "–"
			if !u.over {
				cpu = fmt.Sprintf("%.2f", u.cpu.Seconds())
				if u.sys > 0 {
					sys = fmt.Sprintf("%.2f", u.sys.Seconds())
				}
				peak = fmt.Sprintf("%.0f", float64(u.peak)/(1<<20))
				ratio = fmt.Sprintf("%.2f", u.cpu.Seconds()/fl.cpu.Seconds())
				pratio = fmt.Sprintf("%.2f", float64(u.peak)/float64(fl.peak))
			}
			if note != "" {
				ratio = note
			}
			fmt.Fprintf(&table, "| %d | %s | %s | %s | %s | %s | %s | %s |\n", n, kind, command, cpu, sys, ratio, peak, pratio)
		}
		cmds := slices.DeleteFunc([][]string{{"score", "WB"}, {"score", "--dry-run", "WB"}, {"check", "WB"},
			{"export", "--csv", "--wdd", "WB"}, {"publish", "WB"}}, func(c []string) bool { return !chosen(c[0]) })
		measure := func(kind, wb string) {
			if wb == "" {
				return
			}
			results := make([][]usage, len(cmds)+1)
			for range runs { // paired: the floor and each command, in turn
				results[0] = append(results[0], child(t, limit, wb, "floor", "WB", "WB.out.xlsx"))
				for i, c := range cmds {
					results[i+1] = append(results[i+1], child(t, limit, wb, c...))
				}
			}
			fl := best(results[0])
			row(kind, "floor", fl, fl, "")
			for i, c := range cmds {
				row(kind, "dtm "+strings.Join(c[:len(c)-1], " "), best(results[i+1]), fl, "")
			}
		}
		measure("generated", generated)
		measure("seeded", seeded)
		if !chosen("seed") {
			t.Logf("%d players done", n)
			continue
		}
		fresh := filepath.Join(dir, "fresh.xlsx")
		clitest.FreshTournament(t, fresh, n, benchHeats)
		first := filepath.Join(dir, "first.xlsx")
		clitest.CopyFile(t, fresh, first)
		if u := childOf(t, builder(), limit, first, "seed", "--seed", "1", "--heat", "1", first); u.over {
			first = ""
		}
		// Seeding heat 1 of the fresh tournament, and reseeding it: the
		// seeder's own time is measured alone; the rest is compared with
		// the floor on the seeded workbook.
		var seedRuns, reseedRuns, seederRuns, floorRuns, floorFirstRuns []usage
		for range runs {
			floorRuns = append(floorRuns, child(t, limit, fresh, "floor", "WB", "WB.out.xlsx"))
			if first != "" {
				floorFirstRuns = append(floorFirstRuns, child(t, limit, first, "floor", "WB", "WB.out.xlsx"))
			}
			seederRuns = append(seederRuns, child(t, limit, fresh, "seeder", "WB"))
			seedRuns = append(seedRuns, child(t, limit, fresh, "seed", "--seed", "1", "--heat", "1", "WB"))
			if first != "" {
				reseedRuns = append(reseedRuns, child(t, limit, first, "seed", "--seed", "1", "--heat", "1", "--reseed", "WB"))
			}
		}
		fl, seeder := best(floorRuns), best(seederRuns)
		if s, err := strconv.ParseFloat(seeder.out, 64); err == nil {
			seeder.cpu = time.Duration(s * float64(time.Second))
		}
		row("fresh", "floor", fl, fl, "")
		fmt.Fprintf(&table, "| %d | fresh | seeder alone (heat 1) | %.2f | | | | |\n", n, seeder.cpu.Seconds())
		rest := func(u, fl usage) string {
			if u.over {
				return "–"
			}
			return fmt.Sprintf("%.2f + %.2f", seeder.cpu.Seconds()/fl.cpu.Seconds(), (u.cpu-seeder.cpu).Seconds()/fl.cpu.Seconds())
		}
		s := best(seedRuns)
		row("fresh", "dtm seed --heat 1", s, fl, rest(s, fl))
		if len(reseedRuns) > 0 {
			ff, r := best(floorFirstRuns), best(reseedRuns)
			row("heat 1 seeded", "floor", ff, ff, "")
			row("heat 1 seeded", "dtm seed --heat 1 (reseed)", r, ff, rest(r, ff))
		} else {
			row("heat 1 seeded", "dtm seed --heat 1 (reseed)", usage{over: true}, fl, "")
		}
		t.Logf("%d players done", n)
	}
	t.Logf("CPU time (user + system; the system's part of the same run beside it) and peak resident memory of "+
		"each process, the least of several runs; seed rows: × floor is the seeder's share + the rest's\n\n%s", table.String())
}

// TestPublishMemory: dtm publish holds one page at a time, so its peak
// memory stays within a small multiple of what reading the workbook takes
// (dtm check on the same workbook), at a small and a ten times larger
// event alike; holding every page at once, as dtm publish once did, takes
// about 3.7 times at 10,003 players and grows with the site. Each command
// runs in a process of its own, measured as the speed benchmark measures
// (peak resident memory); no time is asserted.
func TestPublishMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and publishes events of 700 and 7,007 players")
	}
	t.Parallel() // each command is measured in a process of its own
	for _, n := range []int{700, 7007} {
		path := filepath.Join(t.TempDir(), "event.xlsx")
		clitest.BigTournament(t, path, n, benchHeats)
		check := child(t, time.Hour, path, "check", "WB")
		publish := child(t, time.Hour, path, "publish", "WB")
		ratio := float64(publish.peak) / float64(check.peak)
		t.Logf("%d players: dtm publish %.0f MiB, dtm check %.0f MiB: %.2f times", n, float64(publish.peak)/(1<<20), float64(check.peak)/(1<<20), ratio)
		if ratio > maxPublishMemory {
			t.Errorf("%d players: dtm publish's peak memory is %.2f times dtm check's, want at most %.1f", n, ratio, maxPublishMemory)
		}
	}
}

// maxPublishMemory is the most dtm publish's peak memory may be, as a
// multiple of dtm check's on the same workbook.
const maxPublishMemory = 3.0
