package seed

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// heatBoards reads a heat's boards back: board number -> players by power.
func heatBoards(t *testing.T, path string, heat int) map[int][]string {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if len(b.Problems) > 0 {
		t.Fatalf("after seeding: %v", b.Problems)
	}
	tour := b.Tournament
	out := map[int][]string{}
	for _, g := range tour.Heats[heat-1].Games {
		seats := make([]string, 7)
		for _, s := range g.Seats {
			seats[s.Power] = tour.Players[s.Player].Name
		}
		out[g.Board] = seats
	}
	return out
}

// checkSeating asserts the properties of any seating: every registered
// player seated once, boards of seven, each power once (heatBoards indexes
// seats by power), the family pair apart.
func checkSeating(t *testing.T, boards map[int][]string, players int) {
	t.Helper()
	seen := map[string]int{}
	for n, seats := range boards {
		for _, p := range seats {
			if p == "" {
				t.Errorf("board %d has an empty seat or a repeated power: %q", n, seats)
			}
			seen[p]++
		}
		if slices.Contains(seats, "P03 Test") && slices.Contains(seats, "P04 Test") {
			t.Errorf("the family pair shares board %d", n)
		}
	}
	if len(seen) != players {
		t.Errorf("%d players seated, want %d", len(seen), players)
	}
	for p, k := range seen {
		if k != 1 {
			t.Errorf("%s seated %d times", p, k)
		}
	}
}

func TestSeedCommand(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	code, out, errOut := clitest.Dtm(t, "seed", "--seed", "7", path)
	if code != 0 {
		t.Fatalf("dtm seed: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"heat 1: 28 players on 4 boards", "total conflict 0 (lower bound 0, gap 0)", "Heat 1 calls"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	first := heatBoards(t, path, 1)
	checkSeating(t, first, 28)

	// The same heat and seed again, on a workbook excelize wrote and no
	// spreadsheet program saved since: nothing to write, the file's bytes
	// as they were (the calls sheet's empty cells kept as excelize closed
	// them).
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut = clitest.Dtm(t, "seed", "--heat", "1", "--seed", "7", path)
	after, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if code != 0 || !strings.Contains(out, "nothing written") || !bytes.Equal(before, after) {
		t.Errorf("the same seed of heat 1 again: exit %d, file unchanged %v\n%s%s", code, bytes.Equal(before, after), out, errOut)
	}

	// The same seed gives the same seating.
	again := clitest.SeedTournament(t, 28)
	if code, _, errOut := clitest.Dtm(t, "seed", "--seed", "7", again); code != 0 {
		t.Fatal(errOut)
	}
	if second := heatBoards(t, again, 1); !mapsEqual(first, second) {
		t.Errorf("same seed, different seating:\n%v\n%v", first, second)
	}

	// Heat 2 seats around heat 1's history: nobody meets anyone twice is impossible with 28 players on 4
	// boards, but the seating must be valid and explain its conflicts.
	code, out, errOut = clitest.Dtm(t, "seed", "--heat", "2", path)
	if code != 0 {
		t.Fatalf("heat 2: %s%s", out, errOut)
	}
	checkSeating(t, heatBoards(t, path, 2), 28)
	if _, check, _ := clitest.Dtm(t, "check", "-v", path); !strings.Contains(check, "heat 2: 4 boards, seating conflict") || !strings.Contains(check, "met ") {
		t.Errorf("dtm check does not explain heat 2's conflicts:\n%s", check)
	}
}

// TestSeedTopBoard starts heat 2's board 1 and reseeds the heat: board 1 is
// kept as it was, everyone else is seated around it.
func TestSeedTopBoard(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	for _, args := range [][]string{{"seed", path}, {"seed", "--heat", "2", path}} {
		if code, out, errOut := clitest.Dtm(t, args...); code != 0 {
			t.Fatalf("%v: %s%s", args, out, errOut)
		}
	}
	before := heatBoards(t, path, 2)
	f := clitest.OpenXLSX(t, path)
	rows, _ := f.GetRows("Heat 2")
	for r, row := range rows {
		if len(row) > 0 && row[0] == "1" {
			f.SetCellStr("Heat 2", "B"+strconv.Itoa(r+1), "Started")
		}
	}
	clitest.SaveXLSX(t, f)
	code, out, errOut := clitest.Dtm(t, "seed", "--heat", "2", "--seed", "99", "--reseed", path)
	if code != 0 || !strings.Contains(out, "(1 kept as started)") {
		t.Fatalf("reseed: exit %d\n%s%s", code, out, errOut)
	}
	after := heatBoards(t, path, 2)
	if !slices.Equal(before[1], after[1]) {
		t.Errorf("the started board changed: %v -> %v", before[1], after[1])
	}
	checkSeating(t, after, 28)
	// Unseed: the unstarted boards go, board 1 stays.
	if code, out, _ := clitest.Dtm(t, "seed", "--unseed", "--heat", "2", path); code != 0 || !strings.Contains(out, "emptied 3 board(s)") {
		t.Errorf("unseed: %s", out)
	}
	if left := heatBoards(t, path, 2); len(left) != 1 || !slices.Equal(left[1], before[1]) {
		t.Errorf("after --unseed: %v", left)
	}
}

func TestSeedSitOut(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 30)
	before, _ := os.ReadFile(path)
	code, _, errOut := clitest.Dtm(t, "seed", path)
	if code != 1 || !strings.Contains(errOut, "30 players to seat: 2 must sit out or 5 be added") || !strings.Contains(errOut, "--sit-out auto") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a refused seeding changed the workbook")
	}
	code, out, errOut := clitest.Dtm(t, "seed", "--sit-out", "auto", path)
	// P00 and P01 have sit-out priority 2: they sit out first.
	if code != 0 || !strings.Contains(out, "P00 Test sits out heat 1") || !strings.Contains(out, "P01 Test sits out heat 1") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	checkSeating(t, heatBoards(t, path, 1), 28)
	f := clitest.OpenXLSX(t, path)
	if v, _ := f.GetCellValue("Players", "J2"); v != "Sitting out" {
		t.Errorf("P00's heat 1 registration = %q, want Sitting out", v)
	}
}

// TestSeedLibreOffice checks in LibreOffice that the seeded heat sheet reads
// as written and the board calls print a page per board and the list.
func TestSeedLibreOffice(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	if code, out, errOut := clitest.Dtm(t, "seed", path); code != 0 {
		t.Fatalf("%s%s", out, errOut)
	}
	rows := lotest.CSV(t, path, "Heat 1")
	boards := heatBoards(t, path, 1)
	for _, row := range rows[1:29] {
		n, _ := strconv.Atoi(row[0])
		if row[1] != "Unstarted" || !slices.Contains(boards[n], row[4]) {
			t.Errorf("LibreOffice shows %q", row[:5])
		}
	}
	pdf := filepath.Join(t.TempDir(), "calls.pdf")
	pages := strings.TrimSpace(string(lotest.Run(t, "lo-pdf", "--sheet", "Heat 1 calls", "--pages", path, pdf)))
	if pages != "5" {
		t.Errorf("board calls print %s pages, want 5 (4 boards and the list)", pages)
	}
}

func TestSimulate(t *testing.T) {
	t.Parallel()
	code, out, errOut := clitest.Dtm(t, "simulate", "--players", "21", "--rounds", "3", "--families", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); len(lines) != 5 || !strings.HasPrefix(lines[4], "total conflict") {
		t.Errorf("output:\n%s", out)
	}
	if code, _, errOut := clitest.Dtm(t, "simulate", "--players", "21"); code != 2 || !strings.Contains(errOut, "--rounds") {
		t.Errorf("missing --rounds: exit %d %s", code, errOut)
	}
	// b_21x4 of the benchmark: 21 players, 4 rounds; the proven optimum is 918. With time to spare the
	// seeder reaches it. The test skips here without ../shared.
	instance := shared.Path(t, "bench", "seeding", "instances", "b_21x4.json")
	seating := filepath.Join(t.TempDir(), "seating.json")
	code, out, errOut = clitest.Dtm(t, "simulate", "--instance", instance, "--time", "30s", "--out", seating)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if !strings.Contains(out, "total conflict 918 over 4 rounds") {
		t.Errorf("b_21x4:\n%s", out)
	}
	var doc struct {
		Format string
		Rounds []struct {
			Boards  [][][2]any
			Seconds float64
		}
	}
	data, _ := os.ReadFile(seating)
	if err := json.Unmarshal(data, &doc); err != nil || doc.Format != "dtm-seeding-output/1" || len(doc.Rounds) != 4 || len(doc.Rounds[0].Boards) != 3 {
		t.Errorf("seating file: %v %+v", err, doc)
	}
}

// TestSimulateWorkbook writes a whole tournament with dtm simulate
// --workbook: dtm check finds nothing wrong with it, and a second run
// refuses to overwrite it, leaving it as it was.
func TestSimulateWorkbook(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sim.xlsx")
	code, out, errOut := clitest.Dtm(t, "simulate", "--players", "14", "--rounds", "2", "--teams", "2", "--workbook", path, "--system", "dixiecon")
	if code != 0 || !strings.Contains(out, `4 boards given random legal results under "DixieCon"`) {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	before, _ := os.ReadFile(path)
	if code, out, errOut := clitest.Dtm(t, "check", path); code != 0 || errOut != "" {
		t.Errorf("dtm check: exit %d: %s%s", code, out, errOut)
	}
	code, _, errOut = clitest.Dtm(t, "simulate", "--players", "14", "--rounds", "2", "--workbook", path)
	if after, _ := os.ReadFile(path); code != 1 || !strings.Contains(errOut, "never overwrites") || !bytes.Equal(before, after) {
		t.Errorf("a second run: exit %d, %s (file unchanged: %v)", code, errOut, bytes.Equal(before, after))
	}
}

func mapsEqual(a, b map[int][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// TestReseedKeepsOneSetOfDropdowns reseeds a heat of more boards than the
// template's dropdowns cover: the dropdowns added for the extra rows are
// added once, not again on every reseed, and the seating reads back.
func TestReseedKeepsOneSetOfDropdowns(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "big.xlsx")
	clitest.FreshTournament(t, path, 7*32, 2)
	counts := []int{}
	for range 3 {
		if code, out, errOut := clitest.Dtm(t, "seed", "--heat", "1", "--reseed", path); code != 0 {
			t.Fatalf("dtm seed: %s%s", out, errOut)
		}
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		dvs, err := f.GetDataValidations("Heat 1")
		if err != nil {
			t.Fatal(err)
		}
		counts = append(counts, len(dvs))
		rows, err := f.GetRows("Heat 1")
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 1+7*32 || rows[7*32][0] != "32" {
			t.Fatalf("Heat 1 has %d rows, the last %q; want 224 seats, board 32 last", len(rows)-1, rows[len(rows)-1])
		}
	}
	if counts[0] <= 0 || counts[1] != counts[0] || counts[2] != counts[0] {
		t.Errorf("data validations after each seed: %v, want the same count each time", counts)
	}
}

// TestSeedUsesTheSheetsRandomSeed checks that dtm seed without --seed
// seeds with the Tournament sheet's Random seed: a sheet's seed 5 seats
// the heat as --seed 5 does on a sheet whose seed is 6.
func TestSeedUsesTheSheetsRandomSeed(t *testing.T) {
	t.Parallel()
	seated := func(sheetSeed int64, args ...string) map[int][]string {
		path := fixture.Build(t, fixture.Tournament{Heats: 3, Seed: sheetSeed, Players: fixture.Numbered(21)})
		if code, out, errOut := clitest.Dtm(t, append(append([]string{"seed"}, args...), path)...); code != 0 {
			t.Fatalf("dtm seed: exit %d\n%s%s", code, out, errOut)
		}
		return heatBoards(t, path, 1)
	}
	if fromSheet, fromFlag := seated(5), seated(6, "--seed", "5"); !mapsEqual(fromSheet, fromFlag) {
		t.Errorf("Random seed 5 on the sheet seats\n%v\nbut --seed 5 seats\n%v", fromSheet, fromFlag)
	}
}

// TestSeedRefreshOneHeat checks that dtm seed --refresh --heat 2 rewrites
// heat 2's board calls and Conflict columns only: heat 1, swapped by hand
// too, keeps its stale calls, and dtm check still says so.
func TestSeedRefreshOneHeat(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 14)
	for _, h := range []string{"1", "2"} {
		if code, out, errOut := clitest.Dtm(t, "seed", "--heat", h, "--seed", "5", path); code != 0 {
			t.Fatalf("seed heat %s: %s%s", h, out, errOut)
		}
	}
	f := clitest.OpenXLSX(t, path)
	for _, sheet := range []string{"Heat 1", "Heat 2"} {
		a, _ := f.GetCellValue(sheet, "E2") // board 1's first seat
		b, _ := f.GetCellValue(sheet, "E9") // board 2's first seat
		if err := f.SetCellValue(sheet, "E2", b); err != nil {
			t.Fatal(err)
		}
		if err := f.SetCellValue(sheet, "E9", a); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
	heat1 := func() [][]string {
		f := clitest.OpenXLSX(t, path)
		defer f.Close()
		var all [][]string
		for _, sheet := range []string{"Heat 1", "Heat 1 calls"} {
			rows, err := f.GetRows(sheet)
			if err != nil {
				t.Fatal(err)
			}
			all = append(all, rows...)
		}
		return all
	}
	before := heat1()
	code, out, errOut := clitest.Dtm(t, "seed", "--refresh", "--heat", "2", path)
	if code != 0 || !strings.Contains(out, "Heat 2 calls rewritten") || strings.Contains(out, "Heat 1 calls") {
		t.Fatalf("refresh --heat 2: exit %d\n%s%s", code, out, errOut)
	}
	if after := heat1(); !slices.EqualFunc(before, after, slices.Equal) {
		t.Error("refresh --heat 2 changed heat 1's sheet or board calls")
	}
	if _, out, _ := clitest.Dtm(t, "check", path); !strings.Contains(out, "run dtm seed --refresh --heat 1") || strings.Contains(out, "--heat 2") {
		t.Errorf("check after refreshing heat 2 only:\n%s", out)
	}
}

// registerHeat1 sets the Heat 1 registration of players (by index) on the
// Players sheet: "Registered", or nil for not registered.
func registerHeat1(t *testing.T, path string, value any, players ...int) {
	t.Helper()
	f := clitest.OpenXLSX(t, path)
	col := fixture.PlayersColumn(t, f, "Heat 1")
	for _, p := range players {
		fixture.Set(t, f, workbook.SheetPlayers, col+strconv.Itoa(p+2), value)
	}
	clitest.SaveXLSX(t, f)
}

// TestSeedLate checks what dtm seed --late decides by the seed and what
// its summary says: seven late players get a new board seeded from the
// heat's seed (the seating --seed 3 gives, pinned here), and a late player
// who takes a drop-out's seat is named with the power of that seat.
func TestSeedLate(t *testing.T) {
	t.Parallel()
	t.Run("new board", func(t *testing.T) {
		t.Parallel()
		path := fixture.Build(t, fixture.Tournament{Players: fixture.Numbered(21)})
		registerHeat1(t, path, nil, 14, 15, 16, 17, 18, 19, 20)
		if code, out, errOut := clitest.Dtm(t, "seed", "--seed", "3", path); code != 0 {
			t.Fatalf("seed: exit %d\n%s%s", code, out, errOut)
		}
		registerHeat1(t, path, "Registered", 14, 15, 16, 17, 18, 19, 20)
		if code, out, errOut := clitest.Dtm(t, "seed", "--late", "--seed", "3", path); code != 0 {
			t.Fatalf("seed --late: exit %d\n%s%s", code, out, errOut)
		}
		want := []string{"P18 Player", "P15 Player", "P17 Player", "P16 Player", "P20 Player", "P19 Player", "P14 Player"}
		if got := heatBoards(t, path, 1)[3]; !slices.Equal(got, want) {
			t.Errorf("board 3, Austria to Turkey: %q, want %q", got, want)
		}
	})
	t.Run("drop-out", func(t *testing.T) {
		t.Parallel()
		path := fixture.Build(t, fixture.Tournament{Players: fixture.Numbered(15)})
		registerHeat1(t, path, nil, 14)
		if code, out, errOut := clitest.Dtm(t, "seed", "--seed", "3", path); code != 0 {
			t.Fatalf("seed: exit %d\n%s%s", code, out, errOut)
		}
		registerHeat1(t, path, nil, 3)
		registerHeat1(t, path, "Registered", 14)
		code, out, errOut := clitest.Dtm(t, "seed", "--late", path)
		if code != 0 {
			t.Fatalf("seed --late: exit %d\n%s%s", code, out, errOut)
		}
		m := regexp.MustCompile(`P14 Player \(late player\) takes the seat of P03 Player, who no longer plays heat 1 \(board (\d), (\w+)\)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("summary:\n%s", out)
		}
		board, _ := strconv.Atoi(m[1])
		power := slices.Index(workbook.ChoicesPower, m[2])
		if seats := heatBoards(t, path, 1)[board]; power < 0 || seats[power] != "P14 Player" {
			t.Errorf("the summary seats P14 on board %d as %s; the sheet: %q", board, m[2], seats)
		}
	})
}
