package director

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// seatsOf lists a plan's boards as sorted "player:power" seats, boards
// sorted, so two plans compare whatever their board order.
func seatsOf(p *seeding.Problem, plan seeding.Plan) []string {
	var boards []string
	for _, b := range plan.Boards {
		var seats []string
		for _, s := range b.Seats {
			seats = append(seats, fmt.Sprintf("%s:%d", p.Players[s.Player], s.Power))
		}
		slices.Sort(seats)
		boards = append(boards, fmt.Sprint(seats))
	}
	slices.Sort(boards)
	return boards
}

// TestSimulateReproducesSeed checks that dtm seed and dtm simulate follow
// one per-heat seed rule: seeding a workbook heat by heat with a seed gives
// the seatings a simulation of the same tournament gives round by round.
func TestSimulateReproducesSeed(t *testing.T) {
	t.Parallel()
	const players, heats, seed = 21, 3, 11
	path := filepath.Join(t.TempDir(), "sim.xlsx")
	if _, err := workbook.Create(path, workbook.NewOptions{Name: "Sim", Heats: heats, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range players {
		fixture.Set(t, f, workbook.SheetPlayers, fixture.Cell(1, i+2), fmt.Sprintf("P%02d", i), "Player", nil, nil, nil, nil, nil, nil, nil, "Registered", "Registered", "Registered")
	}
	if err := xlsxcheck.SaveAs(f, path); err != nil {
		t.Fatal(err)
	}
	f.Close()
	s := int64(seed)
	for h := 1; h <= heats; h++ {
		if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: h, Seed: &s}); err != nil {
			t.Fatalf("heat %d: %v", h, err)
		}
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	tour := b.Tournament
	in := &seeding.Instance{Name: "sim", Problem: *tour.SeedProblem(1)}
	all := make([]int, players)
	for i := range all {
		all[i] = i
	}
	for range heats {
		in.Rounds = append(in.Rounds, seeding.Heat{Present: all})
	}
	rounds, err := seeding.Simulate(context.Background(), in, seeding.Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	for h := 1; h <= heats; h++ {
		got, want := seatsOf(&in.Problem, tour.HeatPlan(h)), seatsOf(&in.Problem, rounds[h-1].Plan)
		if !slices.Equal(got, want) {
			t.Errorf("heat %d: dtm seed seated\n%v\nsimulate seated\n%v", h, got, want)
		}
	}
}

// TestCapNote checks that every command whose seeding the time cap cut says
// so: dtm seed, dtm seed --late and dtm simulate (round by round).
func TestCapNote(t *testing.T) {
	sim, err := Simulate(context.Background(), SimulateRequest{Players: 21, Rounds: 2, Seed: 1, Time: time.Nanosecond})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		write func(io.Writer) error
		want  string
	}{
		{"seed", func(w io.Writer) error {
			(&SeedResult{Path: "t.xlsx", Heat: 1, TimedOut: true}).WriteText(w)
			return nil
		},
			"the time cap stopped the seeder before its planned work: run again"},
		{"late", func(w io.Writer) error {
			(&LateResult{Path: "t.xlsx", Heat: 1, TimedOut: true}).WriteText(w)
			return nil
		},
			"the time cap stopped the seeder before its planned work: run again"},
		{"simulate", sim.WriteText, "the time cap stopped the seeder before its planned work in round 1, 2: run again"},
	} {
		var buf bytes.Buffer
		if err := tc.write(&buf); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(buf.String(), tc.want) {
			t.Errorf("%s: no note of the time cap (want %q) in\n%s", tc.name, tc.want, buf.String())
		}
	}
}
