package seed

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/lotest"
)

// loEdit applies edits to a workbook in a real LibreOffice, as a director
// would, and saves it.
func loEdit(t *testing.T, path, edits string) {
	t.Helper()
	lotest.Run(t, "lo-edit", path, "--json", edits)
}

// TestHeatSheetRenamedInLibreOffice replays a director renaming (then
// hiding) a heat sheet in LibreOffice: check names the missing sheet with
// the renamed one as its suggestion, and score refuses instead of scoring
// the heat's games as not played.
func TestHeatSheetRenamedInLibreOffice(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	loEdit(t, path, `[{"op":"rename_sheet","sheet":"Heat 3","name":"Round 3"}]`)
	code, out, _ := clitest.Dtm(t, "check", path)
	if code != 1 || !strings.Contains(out, `Heat 3: the sheet of heat 3 is missing`) || !strings.Contains(out, `did you mean "Round 3"?`) {
		t.Errorf("check after a rename: exit %d\n%s", code, out)
	}
	before, _ := os.ReadFile(path)
	if code, out, _ := clitest.Dtm(t, "score", path); code != 1 || !strings.Contains(out, "the sheet of heat 3 is missing") {
		t.Errorf("score after a rename: exit %d\n%s", code, out)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("score changed a workbook it refused")
	}

	loEdit(t, path, `[{"op":"rename_sheet","sheet":"Round 3","name":"Heat 3"},{"op":"hide_sheet","sheet":"Heat 2"}]`)
	if code, out, _ := clitest.Dtm(t, "check", path); code != 1 || !strings.Contains(out, `Heat 2: the sheet of heat 2 is hidden`) {
		t.Errorf("check of a hidden heat sheet: exit %d\n%s", code, out)
	}
}

// TestPlayersRowsDeleted replays a director deleting every row of the
// Players sheet in LibreOffice: dtm check says so once, not once for every
// name on the other sheets.
func TestPlayersRowsDeleted(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	loEdit(t, path, `[{"op":"delete_rows","sheet":"Players","row":2,"count":28}]`)
	code, out, _ := clitest.Dtm(t, "check", path)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 1 || !strings.HasPrefix(lines[0], "Players!A2: the Players sheet lists no players, but ") {
		t.Errorf("check after deleting the players: exit %d, %d lines:\n%s", code, len(lines), out)
	}
}

// TestSmallSurprises replays the smaller surprises a director met: each
// line of the command line as typed, and what it must say.
func TestSmallSurprises(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if code, out, _ := clitest.Dtm(t, "--version"); code != 0 || !strings.HasPrefix(out, "dtm version ") {
		t.Errorf("--version: exit %d, %q", code, out)
	}
	book := filepath.Join(dir, "a.xlsx")
	if code, _, errOut := clitest.Dtm(t, "new", book, "--system", "Dipcon XXXIV"); code != 1 || !strings.Contains(errOut, `did you mean "DipCon XXXIV (2001)"?`) {
		t.Errorf("new --system with a near name: exit %d, %s", code, errOut)
	}
	if code, _, errOut := clitest.Dtm(t, "new", book, "--system", "C-Diplo"); code != 1 || !strings.Contains(errOut, `did you mean one of "C-Diplo (the manual's)", "C-Diplo Namur"?`) {
		t.Errorf("new --system with a prefix: exit %d, %s", code, errOut)
	}
	if code, out, errOut := clitest.Dtm(t, "new", book, "--system", "dipcon xxxiv (2001)"); code != 0 || !strings.Contains(out, `scoring system "DipCon XXXIV (2001)"`) {
		t.Errorf("new --system in lower case: exit %d, %s%s", code, out, errOut)
	}

	sample := fixture.Copy(t, clitest.SamplePath)
	if _, out, _ := clitest.Dtm(t, "score", sample); !strings.Contains(out, "Standings, Team Standings, Awards and the heat sheets' scores") {
		t.Errorf("score's summary does not name Team Standings:\n%s", out)
	}
	out := filepath.Join(dir, "results", "2026")
	if code, stdout, errOut := clitest.Dtm(t, "export", "--csv", "--out", out, sample); code != 0 || !strings.Contains(stdout, filepath.Join(out, "ARMADA Open 2026.csv")) {
		t.Errorf("export into a folder that does not exist yet: exit %d, %s%s", code, stdout, errOut)
	}
	if code, out, _ := clitest.Dtm(t, "simulate", "--players", "38", "--rounds", "2"); code != 0 || !strings.Contains(out, "38 players do not fill boards of seven: 3 sit out each round") {
		t.Errorf("simulate --players 38 does not say who sits out:\n%s", out)
	}
}

// TestRegistrationFormulaSurvivesSeeding replays a director who registers
// players with formulas typed in LibreOffice (="Registered", and IF() on a
// cell of their own): dtm seed seats them, and the seat and the next
// reseed still read them as registered. Before, dtm's save dropped every
// formula's cached value, so the next command read those cells as empty
// and reseeded nobody.
func TestRegistrationFormulaSurvivesSeeding(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "Formula Open.xlsx")
	f, set := clitest.NewBook(t, path, "--name", "Formula Open", "--heats", "2")
	for i := range 14 {
		set("Players", fmt.Sprintf("A%d", i+2), fmt.Sprintf("P%02d", i), "Formula", nil, nil, nil, nil, nil, nil, nil, "Registered")
	}
	clitest.SaveXLSX(t, f)
	loEdit(t, path, `[{"op":"set","sheet":"Players","cell":"J2","input":"=\"Registered\""},
		{"op":"set","sheet":"Players","cell":"Z3","value":1},
		{"op":"set","sheet":"Players","cell":"J3","input":"=IF(Z3=1,\"Registered\",\"\")"}]`)
	for _, args := range [][]string{{"seed", "--heat", "1", path}, {"seed", "--heat", "1", "--reseed", path}} {
		code, out, errOut := clitest.Dtm(t, args...)
		if code != 0 || !strings.Contains(out, "heat 1: 14 players on 2 boards") {
			t.Fatalf("dtm %v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	rows := lotest.CSV(t, path, "Players")
	if rows[1][9] != "Registered" || rows[2][9] != "Registered" {
		t.Errorf("LibreOffice shows the formulas' registrations as %q and %q", rows[1][9], rows[2][9])
	}
}
