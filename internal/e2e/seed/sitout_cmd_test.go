package seed

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// sitOutTournament creates a tournament of 30 players "P00 Test" ..
// "P29 Test" alike (no sit-out priority, no distance), 4 heats, a
// qualifying minimum of 3 heats, a family pair (P03, P04); reg(i, h) is player i's registration for
// heat h.
func sitOutTournament(t *testing.T, reg func(i, h int) string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "sitout.xlsx")
	f, set := clitest.NewBook(t, path, "--heats", "4")
	fixture.SetSetting(t, f, "Minimum heats to qualify", 3)
	for i := range 30 {
		row := []any{fmt.Sprintf("P%02d", i), "Test", nil, nil, nil, nil, nil, nil, nil}
		for h := 1; h <= 4; h++ {
			row = append(row, reg(i, h))
		}
		set("Players", "A"+strconv.Itoa(i+2), row...)
	}
	set("Conflicts", "A2", "P03 Test", "P04 Test", 100, "family") // checkSeating expects them apart
	clitest.SaveXLSX(t, f)
	return path
}

// TestSeedSitOutsRotate replays the 30-player, 4-heat event where, with
// everyone alike, the same two players sat out every heat. Hand-worked:
// heat 1, the two latest rows (P28, P29); heat 2, those who have sat out
// least, the two latest rows among them (P26, P27), and P28 and P29 may not
// sit again anyway (having played none, they need heats 2, 3 and 4 to reach
// the minimum of 3); then P24, P25 and P22, P23. Everyone plays 3 heats.
// Then P05 cancels heat 4: 27 registered and P22, P23 sitting out; one is
// brought back (P22: P23, the later row, sits out first) rather than six
// more benched.
func TestSeedSitOutsRotate(t *testing.T) {
	t.Parallel()
	path := sitOutTournament(t, func(int, int) string { return "Registered" })
	want := [][]string{{"P28 Test", "P29 Test"}, {"P26 Test", "P27 Test"}, {"P24 Test", "P25 Test"}, {"P22 Test", "P23 Test"}}
	for h := 1; h <= 4; h++ {
		code, out, errOut := clitest.Dtm(t, "seed", "--heat", strconv.Itoa(h), "--sit-out", "auto", "--time", "100ms", "--seed", "1", path)
		if code != 0 {
			t.Fatalf("heat %d: exit %d\n%s%s", h, code, out, errOut)
		}
		if got := clitest.SitsOut(out, h); !slices.Equal(got, want[h-1]) {
			t.Errorf("heat %d: %v sit out, want %v\n%s", h, got, want[h-1], out)
		}
		if line := fmt.Sprintf("heat %d: 2 sitting out: %s, %s", h, want[h-1][0], want[h-1][1]); !strings.Contains(out, line) {
			t.Errorf("heat %d: the summary lacks %q:\n%s", h, line, out)
		}
		checkSeating(t, heatBoards(t, path, h), 28)
	}
	f := clitest.OpenXLSX(t, path)
	for h, col := range []string{"J", "K", "L", "M"} {
		for _, name := range want[h] {
			row := name[1:3]
			n, _ := strconv.Atoi(row)
			if v, _ := f.GetCellValue("Players", col+strconv.Itoa(n+2)); v != "Sitting out" {
				t.Errorf("%s's heat %d registration = %q, want Sitting out", name, h+1, v)
			}
		}
	}
	// The printed list: a "Sitting out" section under who plays where.
	calls, _ := f.GetRows("Heat 2 calls")
	var section []string
	for i, row := range calls {
		if len(row) > 0 && row[0] == "Heat 2: sitting out (2 players)" {
			section = calls[i+1]
		}
	}
	if len(section) == 0 || section[0] != "Test, P26" || !slices.Contains(section, "Test, P27") {
		t.Errorf("Heat 2 calls: sitting-out section %q", section)
	}
	f.Close()

	// P05 cancels heat 4.
	f = clitest.OpenXLSX(t, path)
	if err := f.SetCellValue("Players", "M7", nil); err != nil {
		t.Fatal(err)
	}
	clitest.SaveXLSX(t, f)
	code, out, errOut := clitest.Dtm(t, "seed", "--heat", "4", "--sit-out", "auto", "--time", "100ms", path)
	if code != 0 || !strings.Contains(out, "P22 Test plays heat 4 after all") || len(clitest.SitsOut(out, 4)) != 0 ||
		!strings.Contains(out, "heat 4: 1 sitting out: P23 Test") || !strings.Contains(out, "heat 4: 28 players on 4 boards") {
		t.Errorf("after a cancellation: exit %d\n%s%s", code, out, errOut)
	}
	boards := heatBoards(t, path, 4)
	checkSeating(t, boards, 28)
	for _, seats := range boards {
		if slices.Contains(seats, "P05 Test") {
			t.Error("P05 cancelled but is seated")
		}
	}
}

// TestSeedSitOutQualifying: P28 and P29 are not registered for heat 4, so
// they must play heats 1 to 3 to reach the minimum of 3. In heat 1 the two
// latest rows that can spare a heat sit out: P26 and P27.
func TestSeedSitOutQualifying(t *testing.T) {
	t.Parallel()
	path := sitOutTournament(t, func(i, h int) string {
		if i >= 28 && h == 4 {
			return ""
		}
		return "Registered"
	})
	code, out, errOut := clitest.Dtm(t, "seed", "--sit-out", "auto", "--time", "100ms", path)
	if got := clitest.SitsOut(out, 1); code != 0 || !slices.Equal(got, []string{"P26 Test", "P27 Test"}) {
		t.Errorf("exit %d: %v sit out, want P26 and P27\n%s%s", code, got, out, errOut)
	}
}
