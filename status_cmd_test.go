package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/xuri/excelize/v2"
)

// statusTournament is a two-heat tournament of 15 players: 14 registered
// for both heats, P14 sitting heat 1 out.
func statusTournament(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "venue.xlsx")
	runOK(t, "new", "--heats", "2", "--name", "Venue Open", path)
	f := openXLSX(t, path)
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
	saveXLSX(t, f)
	return path
}

// setCells writes cells of a workbook as a script would ("Heat 1!B2").
func setCells(t *testing.T, path string, cells map[string]any) {
	t.Helper()
	f := openXLSX(t, path)
	for at, v := range cells {
		sheet, cell, _ := strings.Cut(at, "!")
		if err := f.SetCellValue(sheet, cell, v); err != nil {
			t.Fatal(err)
		}
	}
	saveXLSX(t, f)
	f.Close()
}

// finishXLSX records every unfinished board of a heat as a seven-way draw,
// written by a script.
func finishXLSX(t *testing.T, path string, heat int) {
	t.Helper()
	sheet := fmt.Sprintf("Heat %d", heat)
	cells := map[string]any{}
	for _, s := range heatSeats(t, path, heat) {
		if s.status == "Finished" {
			continue
		}
		res := drawBoard[s.power]
		cells[fmt.Sprintf("%s!B%d", sheet, s.row)] = "Finished"
		for i, col := range []string{"F", "G", "H"} {
			cells[fmt.Sprintf("%s!%s%d", sheet, col, s.row)] = res[i]
		}
	}
	setCells(t, path, cells)
}

// status records dtm status's text and --json in a transcript, and checks
// that dtm WORKBOOK.xlsx alone prints the same text and that the workbook
// is untouched.
func (tr *transcript) status(t *testing.T, path string) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := tr.step(t, "status", path)
	if alone := runOK(t, path); alone != text {
		t.Errorf("dtm WORKBOOK.xlsx alone:\n%s\ndtm status:\n%s", alone, text)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(tr.step(t, "status", "--json", path)), &rep); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("dtm status changed the workbook")
	}
}

// TestStatusAtEachState walks a two-heat tournament through every state of
// its heats, printing dtm status (text and --json) after each step: not
// seeded, called, a late registration waiting for a seat, a hand swap
// leaving the calls stale, in play, reported, scored, and final.
func TestStatusAtEachState(t *testing.T) {
	t.Parallel()
	path := statusTournament(t)
	tr := &transcript{dir: filepath.Dir(path)}
	note := func(s string) { fmt.Fprintf(tr, "# %s\n", s) }
	tr.status(t, path)
	tr.step(t, "seed", "--seed", "3", path)
	tr.status(t, path)

	note("P14 Test registers for heat 1 after all (Players!J16)")
	setCells(t, path, map[string]any{"Players!J16": "Registered"})
	tr.status(t, path)
	code, out, _ := dtm(t, "check", path)
	if code != 0 || !strings.Contains(out, "Players!J16: warning: heat 1 is under way and 1 player is registered for it not seated: P14 Test; seat them with dtm seed --late --heat 1, or mark them Sitting out") {
		t.Errorf("check: exit %d\n%s", code, out)
	}
	setCells(t, path, map[string]any{"Players!J16": "Sitting out"})

	note("the first seats of boards 1 and 2 swapped by hand")
	seats := heatSeats(t, path, 1)
	setCells(t, path, map[string]any{"Heat 1!E2": seats[7].player, "Heat 1!E9": seats[0].player})
	tr.status(t, path)
	tr.step(t, "seed", "--refresh", path)

	note("board 1 starts")
	cells := map[string]any{}
	for row := 2; row <= 8; row++ {
		cells["Heat 1!B"+strconv.Itoa(row)] = "Started"
	}
	setCells(t, path, cells)
	tr.status(t, path)

	note("both boards finish")
	finishXLSX(t, path, 1)
	tr.status(t, path)
	tr.step(t, "score", path)
	tr.status(t, path)

	tr.step(t, "seed", "--sit-out", "auto", "--seed", "3", path)
	finishXLSX(t, path, 2)
	note("heat 2 seeded and finished")
	tr.status(t, path)
	tr.step(t, "score", path)
	tr.status(t, path)
	golden.Check(t, "testdata/status/states.txt", tr.String())
}

// TestStatusProblems: a workbook dtm cannot read gives its located problems
// and exit status 1, as every command does; a status typed wrong is one
// problem.
func TestStatusProblems(t *testing.T) {
	t.Parallel()
	path := statusTournament(t)
	runOK(t, "seed", "--seed", "3", path)
	setCells(t, path, map[string]any{"Heat 1!B2": "Finshed"})
	code, out, errOut := dtm(t, "status", path)
	if code != 1 || !strings.Contains(out, "'Heat 1'!B2: status cannot be \"Finshed\"") || strings.Count(out, "\n") != 1 {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if code, _, errOut := dtm(t, filepath.Join(t.TempDir(), "none.xlsx")); code != 1 || errOut == "" {
		t.Errorf("a missing workbook: exit %d %s", code, errOut)
	}
	if code, _, errOut := dtm(t, "statuss", path); code != 2 || !strings.Contains(errOut, `unknown command "statuss"`) {
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
	f := openXLSX(t, path)
	setSetting(t, f, "Scoring system", "Sum of Squares") // scores with many decimals
	saveXLSX(t, f)
	f.Close()
	runOK(t, "seed", "--seed", "3", path)
	var edits []edit
	for row := 2; row <= 8; row++ {
		edits = append(edits, edit{"op": "set", "sheet": "Heat 1", "cell": "B" + strconv.Itoa(row), "value": "Started"})
	}
	loEdits(t, path, edits)
	if out := runOK(t, "status", path); !strings.Contains(out, "heat 1  in play     in play 1; not started 2\n") {
		t.Errorf("after board 1 started:\n%s", out)
	}
	finishBoards(t, path, 1, map[int]map[string][3]any{1: soloBoard})
	if out := runOK(t, "status", path); !strings.Contains(out, "heat 1  reported    finished 1-2; not scored\n") ||
		!strings.Contains(out, "next: dtm score venue.xlsx") && !strings.Contains(out, "next: dtm score "+path) {
		t.Errorf("after both boards finished:\n%s", out)
	}
	runOK(t, "score", path)
	loEdits(t, path, []edit{{"op": "set", "sheet": "Players", "cell": "C2", "value": "p00@example.org"}})
	if out := runOK(t, "status", path); !strings.Contains(out, "heat 1  scored      finished 1-2\n") {
		t.Errorf("after dtm score and a LibreOffice save:\n%s", out)
	}
	g := openXLSX(t, path)
	if v, _ := g.GetCellValue("Heat 1", "K9", excelize.Options{RawCellValue: true}); !strings.Contains(v, ".") {
		t.Errorf("board 2's Austria scored %q: the test wants a score with decimals", v)
	}
}
