package seed

import (
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/xuri/excelize/v2"
)

// TestSeedTwoBoardsCommand runs dtm seed --two-boards auto on 13 players,
// P05 marked Can play two boards: 13 mod 7 = 6, so one player doubles, and
// P05 plays boards 1 and 2; dtm check accepts the sheet. --sit-out with
// --two-boards is a usage error (exit 2).
func TestSeedTwoBoardsCommand(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 13)
	f := clitest.OpenXLSX(t, path)
	rows, err := f.GetRows("Players")
	if err != nil {
		t.Fatal(err)
	}
	col := len(rows[0]) + 1
	for _, cell := range [][2]any{{1, "Can play two boards"}, {7, "Yes"}} {
		name, err := excelize.CoordinatesToCellName(col, cell[0].(int))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.SetCellValue("Players", name, cell[1]); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
	if code, _, errOut := clitest.Dtm(t, "seed", "--two-boards", "auto", "--sit-out", "auto", path); code != 2 || !strings.Contains(errOut, "never mixing sitters and doublers") {
		t.Errorf("both flags: exit %d: %s", code, errOut)
	}
	code, out, errOut := clitest.Dtm(t, "seed", "--two-boards", "auto", "--time", "10s", path)
	if code != 0 {
		t.Fatalf("dtm seed --two-boards auto: exit %d: %s%s", code, out, errOut)
	}
	for _, want := range []string{"P05 Test plays two boards in heat 1 (boards 1 and 2)\n  why: can play two boards; played two boards in 0 heats before, row 7\n",
		"heat 1: 13 players on 2 boards, 1 of them on two boards (0 kept as started)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	boards := heatBoards(t, path, 1)
	if !slices.Contains(boards[1], "P05 Test") || !slices.Contains(boards[2], "P05 Test") {
		t.Errorf("P05 is not on both boards: %v", boards)
	}
	if code, out, errOut := clitest.Dtm(t, "check", path); code != 0 {
		t.Errorf("dtm check: exit %d: %s%s", code, out, errOut)
	}
}
