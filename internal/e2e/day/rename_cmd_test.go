package day

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/workbook"
)

// TestRename replays a misspelt name found after heat 1: the director
// typed a family conflict and a club in LibreOffice, heat 1 was seeded,
// played (a standby taking over a seat: the Replaced player column) and
// scored, and heat 2 seeded. dtm rename renames the player on every sheet
// at once (Players, Conflicts, Groups, both heat sheets), rewrites heat 2's
// board calls and leaves heat 1's, all finished, as printed; the Standings
// follow at the next dtm score. Run again, nothing changes; a new name that
// is another player's is refused and changes nothing. The standby who only
// appears as replaced is renamed in the Replaced player column.
func TestRename(t *testing.T) {
	t.Parallel()
	players := fixture.Numbered(16)
	for _, i := range []int{14, 15} {
		players[i].Columns = map[string]any{workbook.HeaderStandby: "Yes"}
	}
	book := fixture.Build(t, fixture.Tournament{Players: players, Heats: 2})
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Conflicts", "cell": "A2", "rows": [][]any{{"P03 Player", "P04 Player", 100, "family"}}},
		{"op": "set_rows", "sheet": "Groups", "cell": "A2", "rows": [][]any{{"North club", 5, "P03 Player", "P05 Player", "P06 Player"}}},
	})
	clitest.RunOK(t, "seed", "--seed", "3", "--sit-out", "auto", book)
	// P15, a standby sitting heat 1 out, started a seat of board 1 and was
	// replaced in 1903 by the player now in it.
	header := clitest.SheetRows(t, book, "Heat 1")[0]
	replaced := slices.Index(header, workbook.HeaderReplaced)
	cell := func(col, row int) string { return fixture.Cell(col+1, row) }
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Heat 1", "cell": cell(replaced, 2), "rows": [][]any{{"P15 Player", 1903}}}})
	clitest.FinishHeat(t, book, 1)
	clitest.RunOK(t, "score", book)
	clitest.RunOK(t, "seed", "--seed", "3", "--sit-out", "auto", "--heat", "2", book)

	out := clitest.RunOK(t, "rename", book, "P03 Player", "P03 Smith-Jones")
	for _, want := range []string{`renamed "P03 Player" to "P03 Smith-Jones" (First name "P03", Last name "Smith-Jones"), cells by sheet: Players: 1, Conflicts: 1, Groups: 1, Heat 1: 1, Heat 2: 1`,
		"heat 1: Conflict columns (Heat 1 calls is kept as printed: every board has finished) rewritten",
		"heat 2: Conflict columns and board calls rewritten with the new name",
		`show "P03 Player" until you run dtm score`} {
		if !strings.Contains(out, want) {
			t.Errorf("rename's summary lacks %q:\n%s", want, out)
		}
	}
	has := func(sheet, name string) bool {
		return slices.ContainsFunc(clitest.SheetRows(t, book, sheet), func(r []string) bool {
			return slices.ContainsFunc(r, func(c string) bool { return strings.Contains(c, name) })
		})
	}
	for _, sheet := range []string{"Conflicts", "Groups", "Heat 1", "Heat 2", "Heat 2 calls"} {
		if !has(sheet, "P03 Smith-Jones") || has(sheet, "P03 Player") {
			t.Errorf("%s does not name P03 Smith-Jones instead of P03 Player", sheet)
		}
	}
	if !has("Heat 1 calls", "P03 Player") || !has("Standings", "P03 Player") {
		t.Error("the printed calls of heat 1 and the Standings (before dtm score) should keep the old name")
	}
	if p := clitest.SheetRows(t, book, "Players")[4]; p[0] != "P03" || p[1] != "Smith-Jones" {
		t.Errorf("Players row 5: %q, want P03 | Smith-Jones", p[:2])
	}
	if code, out, errOut := clitest.Dtm(t, "check", book); code != 0 || strings.Contains(out, "warning") {
		t.Errorf("check after the rename: exit %d\n%s%s", code, out, errOut)
	}

	// Again: nothing changes.
	data, _ := os.ReadFile(book)
	if out := clitest.RunOK(t, "rename", book, "P03 Player", "P03 Smith-Jones"); !strings.Contains(out, `nothing changed: the player is named "P03 Smith-Jones" already`) {
		t.Errorf("rename again:\n%s", out)
	}
	// A clash, in other capitals and spacing.
	code, out, errOut := clitest.Dtm(t, "rename", book, "P03 Smith-Jones", "p04  player")
	if code != 1 || !strings.Contains(errOut, `the name is another player's: "P04 Player" is Players!A6`) {
		t.Errorf("rename onto another player's name: exit %d, want 1\n%s%s", code, out, errOut)
	}
	if code, out, errOut := clitest.Dtm(t, "rename", book, "P03 Smith-Jones", "  "); code != 1 || !strings.Contains(errOut, "the new name is empty") {
		t.Errorf("rename to an empty name: exit %d, want 1\n%s%s", code, out, errOut)
	}
	if again, _ := os.ReadFile(book); !bytes.Equal(again, data) {
		t.Error("a rename that changed nothing, or was refused, wrote the workbook")
	}

	// The standby seen only in the Replaced player column; the next score
	// names both players anew.
	if out := clitest.RunOK(t, "rename", book, "P15 Player", "Quinn Standby"); !strings.Contains(out, "Players: 2, Heat 1: 1") {
		t.Errorf("rename of the replaced standby:\n%s", out)
	}
	if r := clitest.SheetRows(t, book, "Heat 1")[1]; r[replaced] != "Quinn Standby" {
		t.Errorf("Heat 1's Replaced player cell: %q, want Quinn Standby", r[replaced])
	}
	clitest.RunOK(t, "score", book)
	if !has("Standings", "P03 Smith-Jones") || has("Standings", "P03 Player") {
		t.Error("after dtm score, the Standings should name P03 Smith-Jones")
	}
}
