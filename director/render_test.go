package director

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

const (
	armada = "../samples/armada-open.xlsx"
	dipcon = "../samples/dipcon-xxxiv.xlsx"
	game   = "testdata/french-solo.json"
)

// TestRenderings keeps every command's text output in a golden file, from
// the bundled samples and a game worked by hand (France's solo in 1909
// under the Regatta 2002 table).
func TestRenderings(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	tests := []struct {
		name   string
		render func(t *testing.T) error
	}{
		{"check", func(t *testing.T) error {
			res, err := Check(CheckRequest{Path: armada})
			if err == nil {
				res.WriteText(&buf, true)
			}
			return err
		}},
		{"score", func(t *testing.T) error {
			res, err := Score(ScoreRequest{Path: armada, DryRun: true})
			if err == nil {
				res.WriteText(&buf, 5)
			}
			return err
		}},
		{"series", func(t *testing.T) error {
			res, err := Series(SeriesRequest{Paths: []string{armada, dipcon}, Rule: scoring.SeriesRule{Kind: scoring.SeriesBest, N: 1}})
			if err == nil {
				err = res.WriteText(&buf)
			}
			return err
		}},
		{"game", func(t *testing.T) error {
			res, err := CheckGame(GameRequest{Game: game, Rule: mustVictoryRule(t, "regatta-2002")})
			if err == nil {
				res.WriteText(&buf)
			}
			return err
		}},
		{"formula-game", func(t *testing.T) error {
			res, err := ScoreGame(GameScoreRequest{System: "C-Diplo (the manual's)", Game: game})
			if err == nil {
				res.WriteText(&buf, false)
			}
			return err
		}},
		{"formula", func(t *testing.T) error {
			res, err := EvalFormula(FormulaRequest{Formula: "(scs > 17) * 73 + 10", Words: formula.Env{Scs: 18}})
			if err == nil {
				res.WriteText(&buf, true)
			}
			return err
		}},
		{"seed", func(t *testing.T) error {
			(&SeedResult{Path: "t.xlsx", Heat: 2, SatOut: []string{"Ann Smith"}, SatOutWhy: []string{"standby: plays only if needed"}, Restored: []string{"Bob Jones"}, TimedOut: true,
				BoundNote:  seeding.Result{Conflict: 34, Bound: 25}.BoundNote(),
				SittingOut: []string{"Ann Smith", "Carl Brown"}, Boards: 4, Kept: 1, Seed: 7, Bound: 25,
				Explanation: seeding.Explanation{Total: 34, Locked: 10,
					Breakdown: seeding.Breakdown{Repeat: 20, Conflict: 100, Power: 4, PowerGroup: -90}}}).WriteText(&buf)
			(&UnseedResult{Path: "t.xlsx", Heat: 2, Emptied: 3}).WriteText(&buf)
			(&RefreshResult{Path: "t.xlsx", Refreshed: []int{2, 3}}).WriteText(&buf)
			(&RefreshResult{Path: "t.xlsx", Refreshed: []int{}}).WriteText(&buf)
			// Run again: the workbook holds all this already.
			(&UnseedResult{Path: "t.xlsx", Heat: 2, UpToDate: true}).WriteText(&buf)
			(&RefreshResult{Path: "t.xlsx", Refreshed: []int{2}, UpToDate: true}).WriteText(&buf)
			return nil
		}},
		{"simulate", func(t *testing.T) error {
			res, err := Simulate(context.Background(), SimulateRequest{Players: 21, Rounds: 3, Seed: 3, Time: uncapped})
			if err != nil {
				return err
			}
			for i := range res.Rounds {
				res.Rounds[i].Seconds = 0 // the only figure that depends on the machine
			}
			return res.WriteText(&buf)
		}},
		{"problems", func(t *testing.T) error {
			(&ProblemsError{Path: "t.xlsx",
				Problems: workbook.Problems{{Sheet: "Heat 1", Cell: "F4", Msg: "board 1: France owns 4 centres but is left out of the draw"}},
				Ignored:  workbook.Problems{{Sheet: "Notes", Msg: "a sheet of your own: dtm does not read or change it"}},
			}).WriteText(&buf, true)
			return nil
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			buf.Reset()
			if err := tc.render(t); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "testdata/render-"+tc.name+".txt", buf.String())
		})
	}
}

// TestSeriesWarnsOfMixedMethods checks that a series adding the totals of
// a Hurst Tournament Mean event and a sum-of-heats event says so, and that
// ranking by average rank does not.
func TestSeriesWarnsOfMixedMethods(t *testing.T) {
	t.Parallel()
	res, err := Series(SeriesRequest{Paths: []string{armada, "../samples/hurst-example.xlsx"}, Rule: scoring.SeriesRule{Kind: scoring.SeriesSum}})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	res.WriteWarnings(&buf)
	if want := "warning: the tournaments are scored on different scales (ARMADA Open 2026 by Sum of heats; "; !bytes.HasPrefix(buf.Bytes(), []byte(want)) {
		t.Errorf("warnings %q, want them to start %q", buf.String(), want)
	}
	res, err = Series(SeriesRequest{Paths: []string{armada, "../samples/hurst-example.xlsx"}, Rule: scoring.SeriesRule{Kind: scoring.SeriesAverageRank}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Warnings) != 0 {
		t.Errorf("average rank: warnings %q", res.Warnings)
	}
}

// TestExportNamesStayInTheFolder checks that a tournament's name cannot
// send its export files out of the export folder.
func TestExportNamesStayInTheFolder(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{"..": "tournament", "../../etc/x": "_.._etc_x", ".hidden": "hidden",
		"Regatta 2026": "Regatta 2026", "a/b\\c:d": "a_b_c_d", "  ": "tournament",
		"Open \u202Evsc.exe": "Open vsc.exe", "\u2067Regatta\u2069\u200e 2026\u200f": "Regatta 2026", "line\u2028two\u0085": "line_two",
		"CON": "_CON", "nul.txt": "_nul.txt", "Console": "Console", "Regatta...": "Regatta", "\ufeffRegatta": "Regatta",
	} {
		if got := fileName(name); got != want {
			t.Errorf("fileName(%q) = %q, want %q", name, got, want)
		}
	}
	long := fileName(strings.Repeat("Championnat d'été ", 17)) // 340 bytes
	if len(long) > maxExportName || !utf8.ValidString(long) || long == fileName(strings.Repeat("Championnat d'été ", 18)) {
		t.Errorf("a 340-byte name gives %q (%d bytes): want at most %d, whole characters, apart from a longer one", long, len(long), maxExportName)
	}
}

// mustVictoryRule parses a victory rule the test names.
func mustVictoryRule(t *testing.T, s string) scoring.VictoryRule {
	t.Helper()
	r, err := ParseVictoryRule(s)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
