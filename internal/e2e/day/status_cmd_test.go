package day

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/xuri/excelize/v2"
)

// statusTournament is a two-heat tournament of 15 players: 14 registered
// for both heats, P14 sitting heat 1 out.
func statusTournament(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "venue.xlsx")
	clitest.RunOK(t, "new", "--heats", "2", "--name", "Venue Open", path)
	f := clitest.OpenXLSX(t, path)
	for i := range 15 {
		heat1 := "Registered"
		if i == 14 {
			heat1 = "Sitting out"
		}
		row := []any{"P" + strconv.Itoa(100 + i)[1:], "Test", nil, nil, nil, nil, nil, nil, nil, heat1, "Registered"}
		if err := f.SetSheetRow("Players", "A"+strconv.Itoa(i+2), &row); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
	return path
}

// finishXLSX records every unfinished board of a heat as a seven-way draw,
// written by a script.
func finishXLSX(t *testing.T, path string, heat int) {
	t.Helper()
	sheet := fmt.Sprintf("Heat %d", heat)
	cells := map[string]any{}
	for _, s := range clitest.HeatSeats(t, path, heat) {
		if s.Status == "Finished" {
			continue
		}
		res := clitest.DrawBoard[s.Power]
		cells[fmt.Sprintf("%s!B%d", sheet, s.Row)] = "Finished"
		for i, col := range []string{"F", "G", "H"} {
			cells[fmt.Sprintf("%s!%s%d", sheet, col, s.Row)] = res[i]
		}
	}
	clitest.SetCells(t, path, cells)
}

// TestStatusAtEachState walks a two-heat tournament through every state of
// its heats, printing dtm status (text and --json) after each step: not
// seeded, called, a late registration waiting for a seat, a hand swap
// leaving the calls stale, in play, reported, scored, and final.
func TestStatusAtEachState(t *testing.T) {
	t.Parallel()
	path := statusTournament(t)
	tr := &clitest.Transcript{Dir: filepath.Dir(path)}
	note := func(s string) { fmt.Fprintf(tr, "# %s\n", s) }
	tr.Status(t, path)
	tr.Step(t, "seed", "--seed", "3", path)
	tr.Status(t, path)

	note("P14 Test registers for heat 1 after all (Players!J16)")
	clitest.SetCells(t, path, map[string]any{"Players!J16": "Registered"})
	tr.Status(t, path)
	code, out, _ := clitest.Dtm(t, "check", path)
	if code != 0 || !strings.Contains(out, "Players!J16: warning: heat 1 is under way and 1 player is registered for it not seated: P14 Test; seat them with dtm seed --late --heat 1, or mark them Sitting out") {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	clitest.SetCells(t, path, map[string]any{"Players!J16": "Sitting out"})

	note("the first seats of boards 1 and 2 swapped by hand")
	seats := clitest.HeatSeats(t, path, 1)
	clitest.SetCells(t, path, map[string]any{"Heat 1!E2": seats[7].Player, "Heat 1!E9": seats[0].Player})
	tr.Status(t, path)
	tr.Step(t, "seed", "--refresh", path)

	note("board 1 starts")
	cells := map[string]any{}
	for row := 2; row <= 8; row++ {
		cells["Heat 1!B"+strconv.Itoa(row)] = "Started"
	}
	clitest.SetCells(t, path, cells)
	tr.Status(t, path)

	note("both boards finish")
	finishXLSX(t, path, 1)
	tr.Status(t, path)
	tr.Step(t, "score", path)
	tr.Status(t, path)

	tr.Step(t, "seed", "--sit-out", "auto", "--seed", "3", path)
	finishXLSX(t, path, 2)
	note("heat 2 seeded and finished")
	tr.Status(t, path)
	tr.Step(t, "score", path)
	tr.Status(t, path)
	golden.Check(t, "testdata/status/states.txt", tr.String())
}

// TestStatusProblems: a workbook dtm cannot read gives its located problems
// and exit status 1, as every command does; a status typed wrong is one
// problem.
func TestStatusProblems(t *testing.T) {
	t.Parallel()
	path := statusTournament(t)
	clitest.RunOK(t, "seed", "--seed", "3", path)
	clitest.SetCells(t, path, map[string]any{"Heat 1!B2": "Finshed"})
	code, out, errOut := clitest.Dtm(t, "status", path)
	if code != 1 || !strings.Contains(out, "'Heat 1'!B2: status cannot be \"Finshed\"") || strings.Count(out, "\n") != 1 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := clitest.Dtm(t, filepath.Join(t.TempDir(), "none.xlsx")); code != 1 || errOut == "" {
		t.Errorf("a missing workbook: exit %d %s", code, errOut)
	}
	if code, _, errOut := clitest.Dtm(t, "statuss", path); code != 2 || !strings.Contains(errOut, `unknown command "statuss"`) {
		t.Errorf("a mistyped command: exit %d %s", code, errOut)
	}
}

// TestStatusAfterLibreOffice replays the director's day in LibreOffice: the
// boards started, then finished, typed in LibreOffice, and the file saved
// by it after dtm score wrote the scores: status follows each edit, and a
// LibreOffice save of the scores leaves the heat scored.
func TestStatusAfterLibreOffice(t *testing.T) {
	t.Parallel()
	path := statusTournament(t)
	f := clitest.OpenXLSX(t, path)
	fixture.SetSetting(t, f, "Scoring system", "Sum of Squares") // scores with many decimals
	clitest.SaveXLSX(t, f)
	f.Close()
	clitest.RunOK(t, "seed", "--seed", "3", path)
	var edits []clitest.Edit
	for row := 2; row <= 8; row++ {
		edits = append(edits, clitest.Edit{"op": "set", "sheet": "Heat 1", "cell": "B" + strconv.Itoa(row), "value": "Started"})
	}
	clitest.LoEdits(t, path, edits)
	if out := clitest.RunOK(t, "status", path); !strings.Contains(out, "heat 1  in play     in play 1; not started 2\n") {
		t.Errorf("after board 1 started:\n%s", out)
	}
	clitest.FinishBoards(t, path, 1, map[int]map[string][3]any{1: clitest.SoloBoard})
	if out := clitest.RunOK(t, "status", path); !strings.Contains(out, "heat 1  reported    finished 1-2; not scored\n") ||
		!strings.Contains(out, "next: dtm score venue.xlsx") && !strings.Contains(out, "next: dtm score "+path) {
		t.Errorf("after both boards finished:\n%s", out)
	}
	clitest.RunOK(t, "score", path)
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set", "sheet": "Players", "cell": "C2", "value": "p00@example.org"}})
	if out := clitest.RunOK(t, "status", path); !strings.Contains(out, "heat 1  scored      finished 1-2\n") {
		t.Errorf("after dtm score and a LibreOffice save:\n%s", out)
	}
	g := clitest.OpenXLSX(t, path)
	if v, _ := g.GetCellValue("Heat 1", "K9", excelize.Options{RawCellValue: true}); !strings.Contains(v, ".") {
		t.Errorf("board 2's Austria scored %q: the test wants a score with decimals", v)
	}
}
