package simulated_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"github.com/armada-dtm/dtm/director"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/scoring"
)

// simulatedEvents is how many events TestGeneratedEvents generates:
// DTM_SIMULATE_EVENTS, else 30 (about 1.3 CPU-seconds each).
func simulatedEvents(t *testing.T) int {
	n := 30
	if v := os.Getenv("DTM_SIMULATE_EVENTS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			t.Fatalf("DTM_SIMULATE_EVENTS=%q: want a number of events, 1 or more", v)
		}
	}
	return n
}

// generatedEvent is the i-th event of TestGeneratedEvents: its size,
// conflicts and teams drawn from i, its scoring system the built-ins in
// steps of seven, and the seeder's work light (its restarts and moves counted, so
// the same event is seated the same way on any machine).
func generatedEvent(i int, dir string) director.SimulateRequest {
	rng := rand.New(rand.NewPCG(uint64(i), 1))
	players := 7 + rng.IntN(43)
	req := director.SimulateRequest{Players: players, Rounds: 1 + rng.IntN(4), Families: rng.IntN(3), Clubs: rng.IntN(3),
		Seed: int64(i + 1), Effort: 0.02, Restarts: 1}
	if req.Rounds > 1 {
		req.Absent = rng.IntN(min(players-7, 5) + 1)
	}
	req.Teams = min(rng.IntN(3), (players-2*req.Families)/3)
	req.Clubs = min(req.Clubs, players/5)
	builtIn := scoring.BuiltIn()
	req.System = builtIn[i*7%len(builtIn)].Name // a few events spread over the list
	req.Workbook = filepath.Join(dir, fmt.Sprintf("event-%d.xlsx", i))
	return req
}

// TestGeneratedEvents generates tournaments across the built-in scoring
// systems and sizes with dtm simulate --workbook, and checks that each is
// what dtm's other commands accept: dtm check finds no problem and no
// warning, the WDR and WDD files dtm export writes validate clean, and dtm
// verify --files finds no difference, every heat seated again from its
// seeding record.
// DTM_SIMULATE_EVENTS=1000 is the benchmark of docs/seeding.md.
func TestGeneratedEvents(t *testing.T) {
	t.Parallel()
	for i := range simulatedEvents(t) {
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			t.Parallel()
			checkGeneratedEvent(t, i)
		})
	}
}

// checkGeneratedEvent generates event i and checks it with dtm check, dtm
// export, dtm validate and dtm verify.
func checkGeneratedEvent(t *testing.T, i int) {
	dir := t.TempDir()
	req := generatedEvent(i, dir)
	name := fmt.Sprintf("event %d (%d players, %d heats, %s)", i, req.Players, req.Rounds, req.System)
	ev, err := director.SimulateEvent(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if ev.Boards == 0 || ev.Score == nil || !ev.Score.Written {
		t.Errorf("%s: %d boards, scored %v", name, ev.Boards, ev.Score != nil && ev.Score.Written)
	}
	checked, err := director.Check(director.CheckRequest{Path: req.Workbook})
	if err != nil {
		t.Fatalf("%s: dtm check: %v", name, err)
	}
	if len(checked.Warnings) > 0 {
		t.Errorf("%s: dtm check warns: %v", name, checked.Warnings)
	}
	out := filepath.Join(dir, "out")
	exported, err := director.Export(director.ExportRequest{Path: req.Workbook, WDD: true, WDR: true, Out: out})
	if err != nil {
		t.Fatalf("%s: dtm export: %v", name, err)
	}
	validated, err := director.Validate(director.ValidateRequest{Paths: exported.Files})
	if err != nil {
		t.Fatalf("%s: dtm validate: %v", name, err)
	}
	for _, f := range validated.Files {
		for _, fd := range f.Findings {
			t.Errorf("%s: dtm validate %s: %+v", name, filepath.Base(f.Path), fd)
		}
	}
	verified, err := director.Verify(director.VerifyRequest{Path: req.Workbook, Files: out})
	if err != nil {
		t.Fatalf("%s: dtm verify: %v", name, err)
	}
	for _, d := range verified.Differences {
		t.Errorf("%s: dtm verify: %s", name, d)
	}
	if verified.Replayed != req.Rounds || len(verified.Notes) > 0 {
		t.Errorf("%s: dtm verify seated %d of %d heats again; notes: %q", name, verified.Replayed, req.Rounds, verified.Notes)
	}
}

// TestSimulateEventSameSeed writes one event twice with the same seed:
// every cell of every sheet is the same.
func TestSimulateEventSameSeed(t *testing.T) {
	var cells [2]map[string]map[string]string
	for k := range cells {
		req := generatedEvent(5, t.TempDir())
		if _, err := director.SimulateEvent(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		cells[k] = xlsxcheck.CellValues(t, req.Workbook)
	}
	if !reflect.DeepEqual(cells[0], cells[1]) {
		t.Errorf("the same seed wrote two workbooks:\n%v\n----\n%v", cells[0], cells[1])
	}
}

// TestSimulateEventUnfinished cancels a simulation: it fails, and leaves no
// workbook behind.
func TestSimulateEventUnfinished(t *testing.T) {
	req := generatedEvent(1, t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := director.SimulateEvent(ctx, req); err == nil {
		t.Fatal("a cancelled simulation succeeded")
	}
	if _, err := os.Stat(req.Workbook); !os.IsNotExist(err) {
		t.Errorf("%s: %v; want no such file", req.Workbook, err)
	}
}
