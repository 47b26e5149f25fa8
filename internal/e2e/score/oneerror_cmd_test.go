package score

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// TestRenamedInputSheet replays a director who records a board as its
// centre chart alone (the final years and centres left for dtm to read from
// the chart) and then renames an input sheet by a slip in LibreOffice: dtm
// check gives one error, naming the sheet it found, and nothing that
// follows from the sheet being unread (the chart's years, the teams).
func TestRenamedInputSheet(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ sheet, renamed, want string }{
		{"Players", "Players ", `Players: sheet "Players" is missing; did you mean "Players " (with a space at its end)? rename it back to "Players": dtm finds the sheet by its name`},
		{"Tournament", "Tournament settings", `Tournament: sheet "Tournament" is missing; did you mean "Tournament settings"? rename it back to "Tournament": dtm finds the sheet by its name`},
	} {
		t.Run(tc.sheet, func(t *testing.T) {
			t.Parallel()
			path := fixture.Copy(t, clitest.SamplePath)
			clitest.LoEdits(t, path, []clitest.Edit{
				{"op": "clear", "sheet": "Heat 1", "range": "G2:H8"},
				{"op": "rename_sheet", "sheet": tc.sheet, "name": tc.renamed},
			})
			code, out, _ := clitest.Dtm(t, "check", path)
			if code != 1 || strings.TrimSpace(out) != tc.want {
				t.Errorf("check: exit %d\n%s\nwant exit 1 and only\n%s", code, out, tc.want)
			}
			clitest.LoEdits(t, path, []clitest.Edit{{"op": "rename_sheet", "sheet": tc.renamed, "name": tc.sheet}})
			if code, out, errOut := clitest.Dtm(t, "check", path); code != 0 {
				t.Errorf("check after renaming it back: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}

// TestStatusTypo replays a director typing a board's status as "Finshed"
// in LibreOffice: one error, at that cell, with the status meant; not one
// more for each of the board's other rows.
func TestStatusTypo(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set", "sheet": "Heat 1", "cell": "B2", "input": "Finshed"}})
	code, out, _ := clitest.Dtm(t, "check", path)
	want := `'Heat 1'!B2: status cannot be "Finshed"; did you mean "Finished"? choose "Unstarted", "Started" or "Finished"`
	if code != 1 || strings.TrimSpace(out) != want {
		t.Errorf("check: exit %d\n%s\nwant exit 1 and only\n%s", code, out, want)
	}
}

// TestIDWarningsShort replays a director whose players have no database
// ids yet (cleared in LibreOffice): dtm check and dtm export say so in the
// same one line per database, naming the first few players and counting
// the rest, and -v lists every player.
func TestIDWarningsShort(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "clear", "sheet": "Players", "range": "H2:I29"}})
	want := []string{
		"Players!H2: 28 players (Alice Archer, Bruno Baker, Chloe Carter and 25 more) have no WDD id: the World Diplomacy Database will match their names alone; type the number of each one's WDD page (a newcomer has none: nothing to do); -v lists every one",
		"Players!I2: 28 players (Alice Archer, Bruno Baker, Chloe Carter and 25 more) have no WDR id: the World Diplomacy Reference will match their names alone; type the number of each one's WDR page (a newcomer has none: nothing to do); -v lists every one",
	}
	ids := func(out, prefix string) []string {
		var lines []string
		for _, l := range strings.Split(out, "\n") {
			if l, ok := strings.CutPrefix(l, prefix); ok && strings.Contains(l, " id: ") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	out := clitest.RunOK(t, "check", path)
	if got := ids(out, ""); !slices.Equal(got, want) {
		t.Errorf("check's id warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	out = clitest.RunOK(t, "export", "--wdd", "--wdr", "--out", t.TempDir(), path)
	if got := ids(out, "warning: "); !slices.Equal(got, want) {
		t.Errorf("export's id warnings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, args := range [][]string{{"check", "-v", path}, {"export", "-v", "--wdd", "--wdr", "--out", t.TempDir(), path}} {
		out := clitest.RunOK(t, args...)
		if n := strings.Count(out, " id: "); n != 2*28 || !strings.Contains(out, "Players!I29: Bea Bloom has no WDR id: the World Diplomacy Reference will match the name alone") {
			t.Errorf("%s: %d id warnings, want one per player and database:\n%s", strings.Join(args, " "), n, out)
		}
	}
}

// TestNewFromCarriesSettings replays a director starting this year's event
// from last year's workbook, whose settings and Clock they had tuned in
// LibreOffice: dtm new --from carries them, but for the event's own name,
// description and random seed, and resets (saying so) what does not fit a
// shorter event.
func TestNewFromCarriesSettings(t *testing.T) {
	t.Parallel()
	last := fixture.Copy(t, clitest.SamplePath)
	clitest.LoEdits(t, last, []clitest.Edit{
		{"op": "set", "sheet": "Tournament", "cell": "B5", "value": -5}, // Unplayed score
		{"op": "set", "sheet": "Tournament", "cell": "B13", "value": 3}, // Minimum heats to qualify
		{"op": "set", "sheet": "Tournament", "cell": "B8", "value": 12}, // Conflict: same opponent again
		{"op": "set", "sheet": "Clock", "cell": "C2", "value": 25},      // Spring from 1901
		{"op": "set_rows", "sheet": "Clock", "cell": "A7", "rows": [][]any{{"Break", 1904, 60, 3, "Lunch"}}},
	})
	settings := func(path string) map[string]string {
		out := map[string]string{}
		for _, r := range clitest.SheetRows(t, path, "Tournament")[1:] {
			if len(r) > 1 {
				out[r[0]] = r[1]
			} else if len(r) == 1 {
				out[r[0]] = ""
			}
		}
		return out
	}
	before := settings(last)
	if before["Conflict: same opponent again"] != "12" || before["Minimum heats to qualify"] != "3" {
		t.Fatalf("the edits landed elsewhere: %v", before)
	}
	next := filepath.Join(t.TempDir(), "next.xlsx")
	out := clitest.RunOK(t, "new", next, "--from", last, "--name", "Next Open", "--heats", "2")
	if !strings.Contains(out, "not carried: Tournament!B13: Minimum heats to qualify must be from 0 to 2, not 3; the new workbook has 0") ||
		!strings.Contains(out, `not carried: Clock!D7: heat cannot be "3"; the new workbook leaves the row out`) {
		t.Errorf("dtm new should say which settings did not fit 2 heats:\n%s", out)
	}
	after := settings(next)
	for label, v := range before {
		want := v
		switch label {
		case "Tournament name":
			want = "Next Open"
		case "Number of heats":
			want = "2"
		case "Description", "Minimum heats to qualify":
			want = map[string]string{"Description": "", "Minimum heats to qualify": "0"}[label]
		case "Random seed":
			continue
		}
		if after[label] != want {
			t.Errorf("%s: %q, want %q", label, after[label], want)
		}
	}
	if clock := clitest.SheetRows(t, next, "Clock"); len(clock) < 2 || clock[1][2] != "25" || len(clock) > 6 && len(clock[6]) > 0 && clock[6][0] == "Break" {
		t.Errorf("the Clock: want last year's (Spring 25 minutes) without the break of heat 3: %q", clock)
	}
	clitest.RunOK(t, "check", next)

	// Without --heats and --system, last year's.
	again := filepath.Join(t.TempDir(), "again.xlsx")
	clitest.RunOK(t, "new", again, "--from", last, "--name", "Again")
	if s := settings(again); s["Number of heats"] != "3" || s["Minimum heats to qualify"] != "3" || s["Scoring system"] != before["Scoring system"] {
		t.Errorf("want last year's 3 heats, minimum and system: %v", s)
	}
}
