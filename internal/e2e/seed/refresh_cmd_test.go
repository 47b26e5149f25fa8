package seed

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/lotest"
)

// TestSeedRefreshAfterSwap replays a director's hand swap: heat 2 seeded,
// two players of different unstarted boards swapped in LibreOffice. dtm
// check then warns (exit 0) that the board calls and the Conflict columns
// are stale; dtm seed --refresh --heat 2 rewrites both from the sheet, and
// check is quiet again.
func TestSeedRefreshAfterSwap(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	f := clitest.OpenXLSX(t, path)
	fixture.SetSetting(t, f, "Victory rule", "regatta-2003") // the calls carry a victory table too
	clitest.SaveXLSX(t, f)
	f.Close()
	for _, h := range []string{"1", "2"} {
		if code, out, errOut := clitest.Dtm(t, "seed", "--heat", h, "--time", "100ms", "--seed", "5", path); code != 0 {
			t.Fatalf("seed heat %s: %s%s", h, out, errOut)
		}
	}
	if code, out, _ := clitest.Dtm(t, "check", path); code != 0 || strings.Contains(out, "warning") {
		t.Fatalf("check right after seeding: exit %d\n%s", code, out)
	}
	f = clitest.OpenXLSX(t, path)
	a, _ := f.GetCellValue("Heat 2", "E2") // board 1's first seat
	b, _ := f.GetCellValue("Heat 2", "E9") // board 2's first seat
	f.Close()
	edits, _ := json.Marshal([]map[string]any{
		{"op": "set", "sheet": "Heat 2", "cell": "E2", "value": b},
		{"op": "set", "sheet": "Heat 2", "cell": "E9", "value": a},
	})
	lotest.Run(t, "lo-edit", path, "--json", string(edits))

	code, out, errOut := clitest.Dtm(t, "check", path)
	if code != 0 {
		t.Fatalf("check after the swap: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"'Heat 2 calls'!G",
		": warning: the board calls do not match the heat sheet (board 1: G",
		" reads \"" + a + "\", now \"" + b + "\"); run dtm seed --refresh --heat 2",
		"'Heat 2'!", ": warning: the Conflict columns do not match the seating (",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("check lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "'Heat 1") && strings.Contains(out, "warning") && strings.Contains(out, "--heat 1") {
		t.Errorf("heat 1 was not touched but is reported stale:\n%s", out)
	}

	code, out, errOut = clitest.Dtm(t, "seed", "--refresh", "--heat", "2", path)
	if code != 0 || !strings.Contains(out, "Heat 2 calls rewritten") {
		t.Fatalf("refresh: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, _ := clitest.Dtm(t, "check", path); code != 0 || strings.Contains(out, "warning") {
		t.Errorf("check after refresh: exit %d\n%s", code, out)
	}
	if _, out, _ := clitest.Dtm(t, "seed", "--refresh", path); !strings.Contains(out, "nothing to refresh") {
		t.Errorf("a second refresh: %s", out)
	}
	f = clitest.OpenXLSX(t, path)
	var seats []string // board 1's page: the seven seats are rows 5 to 11
	for r := 5; r <= 11; r++ {
		v, _ := f.GetCellValue("Heat 2 calls", "G"+strconv.Itoa(r))
		seats = append(seats, v)
	}
	if !slices.Contains(seats, b) || slices.Contains(seats, a) {
		t.Errorf("board 1's seats on the calls %q: want %s, not %s", seats, b, a)
	}
	// A save in LibreOffice of an unrelated edit leaves nothing stale.
	lotest.Run(t, "lo-edit", path, "--json", `[{"op": "set", "sheet": "Players", "cell": "C2", "value": "p00@example.org"}]`)
	if code, out, _ := clitest.Dtm(t, "check", path); code != 0 || strings.Contains(out, "warning") {
		t.Errorf("check after a LibreOffice save: exit %d\n%s", code, out)
	}
	// No player's Conflict detail names the player as an opponent met before.
	for r := 2; r <= 29; r++ {
		player, _ := f.GetCellValue("Heat 2", "E"+strconv.Itoa(r))
		detail, _ := f.GetCellValue("Heat 2", "N"+strconv.Itoa(r))
		if strings.Contains(detail, "met "+player+" ") {
			t.Errorf("row %d: %s's detail reads %q", r, player, detail)
		}
	}
}
