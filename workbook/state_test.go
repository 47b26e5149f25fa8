package workbook

import (
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/xuri/excelize/v2"
)

// third is the score each power gets in the state tests' scored games; a
// spreadsheet saving the file keeps 15 of its digits.
const third = 100.0 / 3

// stateBook writes heat 1 of the read tests' players with two boards of the
// given statuses ("" for a board not typed at all, "empty" for a board
// whose seats have powers but no players), optionally a calls tab, and
// scores as cells holds them ("" blank, else the text), and reads it back.
// Each finished game is scored in memory when score is set, as the
// director's opening of a workbook does.
func stateBook(t *testing.T, statuses [2]string, calls bool, cell any, score bool) *Book {
	t.Helper()
	f := stateBase(t)
	for b, status := range statuses {
		empty := status == "empty"
		if empty {
			status = "Unstarted"
		}
		for s := 0; s < 7 && status != ""; s++ {
			p := fixturePlayers[b*7+s]
			row := 2 + b*7 + s
			var player any = p[0] + " " + p[1]
			if empty {
				player = nil
			}
			set(t, f, HeatSheet(1), cellName(1, row), b+1, status, nil, ChoicesPower[s], player)
			if status == "Finished" {
				set(t, f, HeatSheet(1), cellName(6, row), nil, 1907, 5, nil, nil, cell)
			}
		}
	}
	if calls {
		if _, err := f.NewSheet(BoardCallsSheet(1)); err != nil {
			t.Fatal(err)
		}
	}
	bk := reread(t, f)
	if len(bk.Problems) > 0 {
		t.Fatal(bk.Problems)
	}
	if score {
		for i := range bk.Tournament.Heats[0].Games {
			if g := &bk.Tournament.Heats[0].Games[i]; g.Status == Finished {
				var gs scoring.GameScores
				gs.Scored = true
				for p := range dip.NumPowers {
					gs.Computed[p], gs.Scores[p] = third, third
				}
				g.SetScores(gs)
			}
		}
	}
	return bk
}

// stateBase is the read tests' four-heat workbook with heat 1's boards
// cleared.
func stateBase(t *testing.T) *excelize.File {
	t.Helper()
	f := fixture(t)
	for row := 2; row <= 15; row++ {
		set(t, f, HeatSheet(1), cellName(1, row), make([]any, 8)...)
	}
	return f
}

func TestHeatStatus(t *testing.T) {
	lo := "33.3333333333333" // what LibreOffice saves of 100/3
	for _, c := range []struct {
		name     string
		statuses [2]string
		calls    bool
		cell     any
		score    bool
		want     HeatStatus
	}{
		{name: "not seeded", want: HeatStatus{Heat: 1, State: NotSeeded}},
		{name: "boards with no player", statuses: [2]string{"empty", "empty"}, want: HeatStatus{Heat: 1, State: NotSeeded}},
		{name: "called", statuses: [2]string{"Unstarted", "Unstarted"}, calls: true,
			want: HeatStatus{Heat: 1, State: Called, Calls: true, Unstarted: []int{1, 2}}},
		{name: "typed by hand, no calls", statuses: [2]string{"", "Unstarted"},
			want: HeatStatus{Heat: 1, State: Called, Unstarted: []int{2}}},
		{name: "a board started", statuses: [2]string{"Started", "Unstarted"}, calls: true,
			want: HeatStatus{Heat: 1, State: InPlay, Calls: true, Unstarted: []int{2}, Started: []int{1}}},
		{name: "a board finished, one unstarted", statuses: [2]string{"Finished", "Unstarted"}, score: true,
			want: HeatStatus{Heat: 1, State: InPlay, Unstarted: []int{2}, Finished: []int{1}}},
		{name: "a board finished, an empty one", statuses: [2]string{"Finished", "empty"}, cell: third, score: true,
			want: HeatStatus{Heat: 1, State: Scored, Finished: []int{1}}},
		{name: "finished, never scored", statuses: [2]string{"Finished", "Finished"}, calls: true,
			want: HeatStatus{Heat: 1, State: Reported, Calls: true, Finished: []int{1, 2}}},
		{name: "finished, scores not written", statuses: [2]string{"Finished", "Finished"}, score: true,
			want: HeatStatus{Heat: 1, State: Reported, Finished: []int{1, 2}}},
		{name: "finished, other scores written", statuses: [2]string{"Finished", "Finished"}, cell: 30, score: true,
			want: HeatStatus{Heat: 1, State: Reported, Finished: []int{1, 2}}},
		{name: "scored", statuses: [2]string{"Finished", "Finished"}, cell: third, score: true,
			want: HeatStatus{Heat: 1, State: Scored, Finished: []int{1, 2}}},
		{name: "scored, saved by LibreOffice", statuses: [2]string{"Finished", "Finished"}, cell: lo, score: true,
			want: HeatStatus{Heat: 1, State: Scored, Finished: []int{1, 2}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := stateBook(t, c.statuses, c.calls, c.cell, c.score)
			got := b.HeatStatus(1)
			if got.State != c.want.State || got.Calls != c.want.Calls || !slices.Equal(got.Unstarted, c.want.Unstarted) ||
				!slices.Equal(got.Started, c.want.Started) || !slices.Equal(got.Finished, c.want.Finished) {
				t.Errorf("got %+v (%s), want %+v (%s)", got, got.State, c.want, c.want.State)
			}
			if got := b.HeatStatus(2); got.State != NotSeeded || got.Heat != 2 {
				t.Errorf("heat 2: %+v", got)
			}
			if b.Final() {
				t.Error("final with heats 2 to 4 not seeded")
			}
		})
	}
}

// TestHeatStatusNoSheet: a heat whose sheet is missing (a problem of its
// own) has no boards to stand anywhere; heats outside the tournament
// neither.
func TestHeatStatusNoSheet(t *testing.T) {
	f := stateBase(t)
	if err := f.DeleteSheet(HeatSheet(2)); err != nil {
		t.Fatal(err)
	}
	b := reread(t, f)
	if len(b.Problems) != 1 {
		t.Fatalf("problems: %v", b.Problems)
	}
	for _, n := range []int{0, 2, 5} {
		if got := b.HeatStatus(n); got.State != NotSeeded || got.Heat != n || got.Calls {
			t.Errorf("heat %d: %+v", n, got)
		}
	}
}

// TestFinal: the tournament is final when every heat is scored, and a
// re-score's write brings a heat from reported to scored.
func TestFinal(t *testing.T) {
	b := stateBook(t, [2]string{"Finished", "Finished"}, false, nil, true)
	b.Tournament.Heats = b.Tournament.Heats[:1] // a one-heat tournament
	if b.Final() {
		t.Fatal("final before the scores are written")
	}
	if err := b.WriteGameScores(); err != nil {
		t.Fatal(err)
	}
	if got := b.HeatStatus(1).State; got != Scored || !b.Final() {
		t.Errorf("after writing the scores: heat 1 %s, final %v", got, b.Final())
	}
	b.Tournament.Heats = nil
	if b.Final() {
		t.Error("a tournament with no heats is final")
	}
}

func TestHeatStateString(t *testing.T) {
	for s, want := range map[HeatState]string{NotSeeded: "not seeded", Called: "called", InPlay: "in play",
		Reported: "reported", Scored: "scored", Scored + 1: "unknown"} {
		if s.String() != want {
			t.Errorf("%d: %q, want %q", s, s.String(), want)
		}
	}
}
