package main

import (
	"strings"
	"testing"
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
			path := copySample(t, samplePath)
			loEdits(t, path, []edit{
				{"op": "clear", "sheet": "Heat 1", "range": "G2:H8"},
				{"op": "rename_sheet", "sheet": tc.sheet, "name": tc.renamed},
			})
			code, out, _ := dtm(t, "check", path)
			if code != 1 || strings.TrimSpace(out) != tc.want {
				t.Errorf("check: exit %d\n%s\nwant exit 1 and only\n%s", code, out, tc.want)
			}
			loEdits(t, path, []edit{{"op": "rename_sheet", "sheet": tc.renamed, "name": tc.sheet}})
			if code, out, errOut := dtm(t, "check", path); code != 0 {
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
	path := copySample(t, samplePath)
	loEdits(t, path, []edit{{"op": "set", "sheet": "Heat 1", "cell": "B2", "input": "Finshed"}})
	code, out, _ := dtm(t, "check", path)
	want := `'Heat 1'!B2: status cannot be "Finshed"; did you mean "Finished"? choose "Unstarted", "Started" or "Finished"`
	if code != 1 || strings.TrimSpace(out) != want {
		t.Errorf("check: exit %d\n%s\nwant exit 1 and only\n%s", code, out, want)
	}
}
