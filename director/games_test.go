package director

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// gamesFixture writes a clean 4-heat tournament to a temporary file and
// returns it open for editing: 14 players, heat 1 seated on two boards,
// board 1 finished as a seven-way draw in 1907, board 2 unstarted; the
// tournament scored by DipCon XXXIV (11 - yrs for a draw).
func gamesFixture(t *testing.T) (string, *excelize.File) {
	t.Helper()
	firsts := []string{"Ann", "Bob", "Carl", "Dana", "Eve", "Fred", "Gail", "Hal", "Ida", "Jon", "Kim", "Lou", "Max", "Nia"}
	tour := fixture.Tournament{Name: "Games", Heats: 4, Seed: 7}
	for _, first := range firsts {
		// Registered for heat 1 only, as the template's one Heat 1 column has it.
		tour.Players = append(tour.Players, fixture.Player{First: first, Last: "Test", Heats: map[int]any{2: nil, 3: nil, 4: nil}})
	}
	board1 := fixture.Game{Heat: 1, Board: 1, Status: "Finished"}
	board2 := fixture.Game{Heat: 1, Board: 2, Status: "Unstarted"}
	for s := range 7 {
		board1.Seats = append(board1.Seats, fixture.Seat{Power: workbook.ChoicesPower[s], Player: firsts[s] + " Test",
			Result: "Win", Year: 1907, Centres: []int{6, 5, 4, 5, 4, 5, 5}[s]})
		board2.Seats = append(board2.Seats, fixture.Seat{Power: workbook.ChoicesPower[s], Player: firsts[7+s] + " Test"})
	}
	tour.Games = []fixture.Game{board1, board2}
	path := fixture.Build(t, tour)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return path, f
}

// saveAndCheck saves the edited fixture and runs dtm check's use case.
func saveAndCheck(t *testing.T, path string, f *excelize.File) (*CheckResult, error) {
	t.Helper()
	if err := xlsxcheck.SaveAs(f, path); err != nil {
		t.Fatal(err)
	}
	return Check(CheckRequest{Path: path})
}

func TestGamesFixtureIsClean(t *testing.T) {
	t.Parallel()
	path, f := gamesFixture(t)
	if _, err := saveAndCheck(t, path, f); err != nil {
		t.Fatal(err)
	}
}

// TestGameProblems checks each message of validating and scoring a finished
// game, and of compiling a system: one mistake in an otherwise clean
// workbook gives exactly one problem, at the right sheet and cell.
func TestGameProblems(t *testing.T) {
	t.Parallel()
	heat := workbook.HeatSheet(1)
	tests := []struct {
		name             string
		edit             func(t *testing.T, f *excelize.File)
		sheet, cell, msg string
		hint             string
	}{
		{"formula with an unknown word", func(t *testing.T, f *excelize.File) {
			fixture.Set(t, f, workbook.SheetSystems, "A40", "Mine", "Win/Draw", "Yes", "No", "None", "100 - scss")
		}, workbook.SheetSystems, "F40", `Solo / 1st formula: unknown word "scss" at column 7`, `did you mean "scs"?`},
		{"finished game without a winner", func(t *testing.T, f *excelize.File) {
			for row := 2; row <= 8; row++ {
				fixture.Set(t, f, heat, fixture.Cell(6, row), "Loss")
			}
		}, heat, "F2", "board 1: no winner recorded", `under the scoring system "DipCon XXXIV (2001)"`},
		{"draw leaving out a survivor", func(t *testing.T, f *excelize.File) { fixture.Set(t, f, heat, "F4", "Loss") },
			heat, "F4", "board 1: France owns 4 centres but is left out of the draw", ""},
		{"winner without centres", func(t *testing.T, f *excelize.File) { fixture.Set(t, f, heat, "H3", 0) },
			heat, "F3", "board 1: England a winner must own at least one centre", ""},
		{"centres over 34 on a board", func(t *testing.T, f *excelize.File) { fixture.Set(t, f, heat, "H2", 7) },
			heat, "H2", "board 1: the powers own 35 centres in all, more than the 34 on a board", ""},
		{"finished game without a year", func(t *testing.T, f *excelize.File) { fixture.Set(t, f, heat, "G5", nil) },
			heat, "G5", "board 1 is finished but the year cell is empty", "status back to Started"},
		{"finished game without centres", func(t *testing.T, f *excelize.File) { fixture.Set(t, f, heat, "H5", nil) },
			heat, "H5", "board 1 is finished but the centres cell is empty", ""},
		{"year past the system's final year", func(t *testing.T, f *excelize.File) {
			fixture.Set(t, f, heat, "C2", "Mine")
			for row := 3; row <= 8; row++ {
				fixture.Set(t, f, heat, fixture.Cell(3, row), "Mine")
			}
			fixture.Set(t, f, workbook.SheetSystems, "A40", "Mine", "Win/Draw", "No", "No", 1907, "1", "1", "1", "1", "1", "1", "1")
			fixture.Set(t, f, heat, "G3", 1908)
		}, heat, "G2", "board 1: the game ends in 1908, after the system's final game-year 1907", ""},
		{"centre chart missing a power", func(t *testing.T, f *excelize.File) {
			for row := 2; row <= 7; row++ {
				fixture.Set(t, f, heat, fixture.Cell(15, row), 4)
			}
		}, heat, "O8", "board 1: the centres at the end of 1901 are missing", "all seven powers"},
		{"centre chart over 34", func(t *testing.T, f *excelize.File) {
			for row := 2; row <= 8; row++ {
				fixture.Set(t, f, heat, fixture.Cell(16, row), 5)
			}
		}, heat, "P2", "board 1: 1902: the powers own 35 centres in all", ""},
		{"win recorded where none was reached", func(t *testing.T, f *excelize.File) {
			for row := 2; row <= 8; row++ {
				fixture.Set(t, f, heat, fixture.Cell(6, row), "Loss")
			}
			fixture.Set(t, f, heat, "F4", "Win")
		}, heat, "F4", "board 1: France", `under the victory rule "classic" (Victory rule on the Tournament sheet)`},
		{"draw recorded after a victory", func(t *testing.T, f *excelize.File) {
			for row, c := range []int{3, 3, 18, 3, 3, 2, 2} {
				fixture.Set(t, f, heat, fixture.Cell(8, row+2), c)
				fixture.Set(t, f, heat, fixture.Cell(20, row+2), []int{3, 3, 17, 3, 3, 3, 2}[row], c) // 1906, 1907
			}
		}, heat, "F2", "board 1: a 7-way draw is recorded, but France won in 1907 with 18 centres", `under the victory rule "classic"`},
		{"draw before the house rules allow one", func(t *testing.T, f *excelize.File) {
			fixture.SetSetting(t, f, workbook.SetDrawYear, 1908)
		}, heat, "G2", "board 1: a 7-way draw in 1907, before 1908, the earliest year the house rules allow one",
			"Earliest draw or concession"},
		{"concession to a small power", func(t *testing.T, f *excelize.File) {
			fixture.SetSetting(t, f, workbook.SetConcessionCentres, 12)
			for row := 2; row <= 8; row++ {
				fixture.Set(t, f, heat, fixture.Cell(6, row), "Loss")
			}
			fixture.Set(t, f, heat, "F3", "Conceded win")
		}, heat, "F3", "board 1: England was conceded the game with 5 centres; the house rules need 12 or more",
			"Concession: least centres"},
		{"308-digit formula constant", func(t *testing.T, f *excelize.File) {
			fixture.Set(t, f, workbook.SheetSystems, "L2", "1"+strings.Repeat("0", 307)+" * (scs = 6)") // Austria alone has 6
		}, heat, "K2", "board 1: Austria's score 1e+307 is too large", "scores must be from -10^15 to 10^15"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path, f := gamesFixture(t)
			tc.edit(t, f)
			_, err := saveAndCheck(t, path, f)
			var pe *ProblemsError
			if !errors.As(err, &pe) || len(pe.Problems) != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			p := pe.Problems[0]
			if p.Sheet != tc.sheet || p.Cell != tc.cell || !strings.Contains(p.Msg, tc.msg) || !strings.Contains(p.Hint, tc.hint) {
				t.Errorf("got  %s\nwant %s!%s: ...%s...; ...%s...", p, tc.sheet, tc.cell, tc.msg, tc.hint)
			}
		})
	}
}

// openGames saves the edited fixture and opens it as dtm score does.
func openGames(t *testing.T, path string, f *excelize.File) *workbook.Tournament {
	t.Helper()
	if err := xlsxcheck.SaveAs(f, path); err != nil {
		t.Fatal(err)
	}
	b, err := open(path, usedSystems)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b.Tournament
}

// TestGamesScored checks that a finished game is scored under the
// tournament's system and that a director's override replaces the computed
// score. DipCon XXXIV, a seven-way draw in 1907: 11 - yrs = 11 - 7 = 4 each.
func TestGamesScored(t *testing.T) {
	t.Parallel()
	path, f := gamesFixture(t)
	fixture.Set(t, f, workbook.HeatSheet(1), "L3", 10.5)
	g := openGames(t, path, f).Heats[0].Games[0]
	if !g.Scored || g.Criterion != scoring.WinDraw {
		t.Fatalf("board 1 not scored: %+v", g)
	}
	for i, s := range g.Seats {
		want := 4.0
		if i == 1 {
			want = 10.5
		}
		if s.Computed != 4 || s.Score != want {
			t.Errorf("seat %d: computed %v, score %v; want 4 and %v", i, s.Computed, s.Score, want)
		}
	}
}

// TestUnusedSystemNotCompiled checks that a broken system no game uses
// stops dtm check but not the commands that only need the games' systems.
func TestUnusedSystemNotCompiled(t *testing.T) {
	t.Parallel()
	path, f := gamesFixture(t)
	fixture.Set(t, f, workbook.SheetSystems, "A40", "Mine", "Win/Draw", "Yes", "No", "None", "100 - scss")
	if g := openGames(t, path, f).Heats[0].Games[0]; !g.Scored {
		t.Error("a broken system that no game uses stopped scoring")
	}
	var pe *ProblemsError
	if _, err := Check(CheckRequest{Path: path}); !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Cell != "F40" {
		t.Errorf("check: %v, want the broken formula at Systems!F40", err)
	}
}

// TestFinalResultFromChart checks that a finished board recorded only year
// by year takes its final centres and years from the chart.
func TestFinalResultFromChart(t *testing.T) {
	t.Parallel()
	path, f := gamesFixture(t)
	heat := workbook.HeatSheet(1)
	// 1901 .. 1907 for Austria ... Turkey; Italy loses its last centre in 1906.
	chart := [7][7]any{
		{3, 4, 5, 6, 6, 7, 8}, {4, 4, 5, 5, 6, 6, 7}, {5, 5, 6, 6, 6, 7, 7},
		{5, 5, 5, 5, 4, 4, 4}, {4, 3, 2, 1, 1, 0, 0}, {5, 5, 4, 4, 4, 4, 4}, {4, 5, 5, 5, 5, 4, 4},
	}
	for p := 0; p < 7; p++ {
		fixture.Set(t, f, heat, fixture.Cell(7, p+2), nil, nil) // no final year, no centres
		fixture.Set(t, f, heat, fixture.Cell(15, p+2), chart[p][:]...)
		if p == 4 {
			fixture.Set(t, f, heat, fixture.Cell(6, p+2), "Loss")
		}
	}
	g := openGames(t, path, f).Heats[0].Games[0]
	for p, want := range []struct{ year, centres int }{{1907, 8}, {1907, 7}, {1907, 7}, {1907, 4}, {1906, 0}, {1907, 4}, {1907, 4}} {
		if s := g.Seats[p]; s.Year != want.year || s.Centres != want.centres {
			t.Errorf("%s: year %d, centres %d; want %d and %d", workbook.ChoicesPower[p], s.Year, s.Centres, want.year, want.centres)
		}
	}
	if !g.Scored || g.Seats[4].Score != 6-11 {
		t.Errorf("Italy, out in 1906, scores %v (scored: %v); DipCon: yrs - 11 = 6 - 11 = -5", g.Seats[4].Score, g.Scored)
	}
}

// TestSettingsThatCannotWorkTogether checks that dtm check (and so every
// command) refuses, at their cells, the settings that scoring would refuse
// or silently ignore.
func TestSettingsThatCannotWorkTogether(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		edit      func(t *testing.T, f *excelize.File) string // returns the cell of the problem
		msg, hint string
	}{
		{"Hurst with a drop-lowest rule", func(t *testing.T, f *excelize.File) string {
			fixture.SetSetting(t, f, workbook.SetMethod, "Hurst Tournament Mean")
			return fixture.SetSetting(t, f, workbook.SetLowestCount, 1)
		}, "the Hurst Tournament Mean averages every game played", "or change " + workbook.SetMethod},
		{"score override under Hurst", func(t *testing.T, f *excelize.File) string {
			fixture.SetSetting(t, f, workbook.SetMethod, "Hurst Tournament Mean")
			fixture.Set(t, f, workbook.HeatSheet(1), "L3", 10)
			return "L3"
		}, "a score override has no effect under the Hurst Tournament Mean", "correct the centres"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path, f := gamesFixture(t)
			cell := tc.edit(t, f)
			_, err := saveAndCheck(t, path, f)
			var pe *ProblemsError
			if !errors.As(err, &pe) || len(pe.Problems) != 1 {
				t.Fatalf("got %v, want one problem", err)
			}
			if p := pe.Problems[0]; p.Cell != cell || !strings.Contains(p.Msg, tc.msg) || !strings.Contains(p.Hint, tc.hint) {
				t.Errorf("got %s\nwant %s: ...%s...; ...%s...", p, cell, tc.msg, tc.hint)
			}
		})
	}
}

// TestScoresRoundedOnce checks the one rounding rule end to end: a system
// whose scores are thirds gives each game score rounded once to the Score
// decimals setting, and the JSON report and the DTM CSV print them exactly.
// The seven-way draw in 1907 with 6, 5, 4, 5, 4, 5, 5 centres under
// 100/3 + scs scores 39.33, 38.33, 37.33 ... at 2 decimals, 39.3 ... at 1.
func TestScoresRoundedOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		decimals any
		want     []float64
		csv      string
	}{
		{nil, []float64{39.33, 38.33, 37.33, 38.33, 37.33, 38.33, 38.33}, "1,Ann Test,39.33,0,0,0,39.33"},
		{1, []float64{39.3, 38.3, 37.3, 38.3, 37.3, 38.3, 38.3}, "1,Ann Test,39.3,0,0,0,39.3"},
		{0, []float64{39, 38, 37, 38, 37, 38, 38}, "1,Ann Test,39,0,0,0,39"},
	} {
		path, f := gamesFixture(t)
		thirds := []any{"Thirds", "Win/Draw", "No", "No", "None"}
		for range 9 {
			thirds = append(thirds, "100/3 + scs")
		}
		fixture.Set(t, f, workbook.SheetSystems, "A40", thirds...)
		fixture.SetSetting(t, f, workbook.SetSystem, "Thirds")
		if tc.decimals != nil {
			fixture.SetSetting(t, f, workbook.SetScoreDecimals, tc.decimals)
		}
		if err := xlsxcheck.SaveAs(f, path); err != nil {
			t.Fatal(err)
		}
		res, err := Score(ScoreRequest{Path: path, DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		var totals []float64
		for _, p := range res.Report.Players[:7] {
			totals = append(totals, p.Total)
		}
		slices.Sort(totals)
		want := slices.Clone(tc.want)
		slices.Sort(want)
		if !slices.Equal(totals, want) {
			t.Errorf("decimals %v: totals %v, want %v", tc.decimals, totals, want)
		}
		var csv bytes.Buffer
		if err := files.WriteDTM(&csv, res.Report); err != nil {
			t.Fatal(err)
		}
		if line, _, _ := strings.Cut(strings.TrimPrefix(csv.String(), "\ufeff"), "\n"); line != tc.csv {
			t.Errorf("decimals %v: CSV line %q, want %q", tc.decimals, line, tc.csv)
		}
	}
}
