package score

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

func TestNewThenCheck(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.xlsx")
	if code, out, errOut := clitest.Dtm(t, "new", path); code != 0 || !strings.Contains(out, "created") {
		t.Fatalf("dtm new: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := clitest.Dtm(t, "check", path)
	if code != 0 || !strings.Contains(out, "no problems") {
		t.Fatalf("dtm check of a new workbook: exit %d\n%s%s", code, out, errOut)
	}
	before, _ := os.ReadFile(path)
	if code, _, errOut := clitest.Dtm(t, "new", path); code != 1 || !strings.Contains(errOut, "already exists") {
		t.Errorf("dtm new over an existing file: exit %d, %s", code, errOut)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("dtm new changed an existing file")
	}
}

func TestUsageErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"check"}, "check needs one workbook"},
		{[]string{"check", "a.xlsx", "b.xlsx"}, "check needs one workbook"},
		{[]string{"check", "--bogus", "a.xlsx"}, "flag provided but not defined"},
		{[]string{"new", "--heats", "0", filepath.Join(dir, "x.xlsx")}, "--heats must be from 1 to 30"},
		{[]string{"new", "--heats", "many", filepath.Join(dir, "x.xlsx")}, "invalid value"},
		{[]string{"seed", "--two-boards", "auto", "--sit-out", "auto", "x.xlsx"}, "never mixing sitters and doublers"},
		{[]string{"seed", "--two-boards", "auto", "--pool", "top 7", "x.xlsx"}, "--two-boards cannot be combined"},
		{[]string{"seed", "--late", "--pool", "top 7", "x.xlsx"}, "--late seats only the late players"},
		{[]string{"seed", "--refresh", "--late", "x.xlsx"}, "--refresh rewrites what the heat sheet says"},
		{[]string{"seed", "--unseed", "--late", "x.xlsx"}, "--unseed empties the heat's boards"},
		{[]string{"seed", "--unseed", "--sit-out", "auto", "x.xlsx"}, "--unseed empties the heat's boards"},
		{[]string{"seed", "--unseed", "--two-boards", "auto", "x.xlsx"}, "--unseed empties the heat's boards"},
		{[]string{"seed", "--unseed", "--pool", "top 7", "x.xlsx"}, "--unseed empties the heat's boards"},
		{[]string{"seed", "--reseed", "--late", "x.xlsx"}, "--reseed reseeds a called heat"},
		// Flag values are refused before the workbook is read (x.xlsx does not exist).
		{[]string{"seed", "--pool", "top 8", "x.xlsx"}, `dtm: --pool "top 8": the pool fills whole boards: top 7, 14, 21 ..., or contention`},
		{[]string{"seed", "--pool", "best 7", "x.xlsx"}, `dtm: --pool "best 7": write "top 7" (or 14, 21 ...), or contention`},
		{[]string{"export", "x.xlsx"}, "say which files to write: --csv, --wdd, --wdr, --ratings, or several"},
		{[]string{"series"}, "series needs one or more tournament workbooks"},
		{[]string{"simulate", "--players", "7"}, "simulate needs --players and --rounds (or --instance FILE.json)"},
		{[]string{"simulate", "--instance", "x.json", "--players", "7"}, "give either --instance or --players and --rounds, not both"},
		{[]string{"simulate", "--players", "3", "--rounds", "2"}, "spec: Players: 3, want 7 or more"},
		{[]string{"simulate", "--players", "14", "--rounds", "2", "--workbook", "x.xlsx", "--out", "s.json"}, "--workbook writes a whole tournament with its powers"},
		{[]string{"simulate", "--players", "14", "--rounds", "2", "--system", "DixieCon"}, "--system is the scoring system of the workbook --workbook writes"},
		{[]string{"simulate", "--players", "14", "--rounds", "31", "--workbook", filepath.Join(dir, "x.xlsx")}, "--rounds must be at most 30"},
		{[]string{"simulate", "--players", "20001", "--rounds", "1", "--workbook", filepath.Join(dir, "x.xlsx")}, "--players must be at most 20000 (the Players sheet's limit)"},
		{[]string{"game", "--victory", "bogus", "x.json"}, `victory rule "bogus": unknown`},
		{[]string{"formula", "scs", "bogus=3"}, `unknown word "bogus"`},
		{[]string{"withdraw", "x.xlsx"}, "withdraw needs a workbook and a player's name"},
		{[]string{"rename", "x.xlsx", "Ann Smith"}, "rename needs a workbook, the player's name and the new name"},
		{[]string{"undo", "a.xlsx", "b.xlsx"}, "undo needs one workbook"},
		{[]string{"score", "--diff", "--json", "x.xlsx"}, "--diff prints who moved as text: leave out --json"},
	}
	for _, tc := range tests {
		code, _, errOut := clitest.Dtm(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.want) {
			t.Errorf("dtm %q: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func TestCheckNotAWorkbook(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "players.xlsx")
	if err := os.WriteFile(path, []byte("Ann,Smith\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := clitest.Dtm(t, "check", path)
	if code != 1 || !strings.Contains(errOut, "not an .xlsx workbook") {
		t.Errorf("exit %d, stderr %q; want exit 1 and 'not an .xlsx workbook'", code, errOut)
	}
	if code, _, errOut := clitest.Dtm(t, "check", filepath.Join(t.TempDir(), "missing.xlsx")); code != 1 || !strings.Contains(errOut, "no such file") {
		t.Errorf("missing file: exit %d, stderr %q", code, errOut)
	}
}

// twentyMistakes is a workbook with 20 different mistakes, one per line of
// testdata/check-twenty.txt.
func twentyMistakes(t *testing.T, path string) {
	t.Helper()
	f, set := clitest.NewBook(t, path, "--name", "Mistakes Open", "--heats", "3")
	names := [][2]string{{"Ann", "Smith"}, {"Bob", "Jones"}, {"Carl", "Brown"}, {"Dana", "White"}, {"Eve", "Black"}, {"Fred", "Green"}, {"Gail", "Gray"}}
	for i, n := range names {
		set("Players", "A"+strconv.Itoa(i+2), n[0], n[1], nil, nil, nil, nil, nil, nil, nil, "Registered")
	}
	set("Players", "A9", "Ann", "Smith")                           // 1. a player listed twice
	set("Players", "F3", "far")                                    // 2. text where a number belongs
	set("Players", "K4", "Maybe")                                  // 3. a registration outside the choices
	set("Conflicts", "A2", "ann smith", "Bob Jones", 100)          // 4. a near miss (case)
	set("Conflicts", "A3", "Carl  Brown", "Dana White", 50)        // 5. a near miss (spaces)
	set("Conflicts", "A4", "Eve Black", "Zed Zulu", 10)            // 6. an unknown player
	set("Conflicts", "A5", "Fred Green", "Gail Gray", "family")    // 7. text where a number belongs
	set("Groups", "A2", "Denver club", "five", "Ann Smith")        // 8. a group value that is not a number
	set("Groups", "A3", "Boulder club", 5, "Gail Grey")            // 9. a member misspelt
	set("Tournament", "B6", "Random")                              // 10. power assignment outside the choices
	set("Tournament", "B8", -3)                                    // 11. a negative conflict value
	set("Tournament", "B13", 7)                                    // 12. minimum heats above the number of heats
	set("Tournament", "B18", "Teams of 2")                         // 13. a team size outside the choices
	set("Teams", "A2", "Rocky", "Ann Smith", "Bob Jones")          // 14. teams without a team tournament
	set("Systems", "A60", "House", "Win/Draw", "Yes", "No", 1850)  // 15. a final year out of range
	set("Systems", "F61", "110 - yrss")                            // 16. an unknown word in a formula
	set("Systems", "A61", "House 2", "Draw/Win")                   // 17. an end-game criterion outside the choices
	set("Heats", "B3", "Dipcon XXXIV (2001)")                      // 18. a scoring system misspelt
	set("Heat 1", "A2", 1, "Started", nil, "Austria", "Ann Smith") // 19. a started board of one seat
	set("Heat 1", "H2", 40)                                        // 20. centres over 34
	clitest.SaveXLSX(t, f)
}

func TestCheckTwentyMistakes(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "mistakes.xlsx")
	twentyMistakes(t, path)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := clitest.Dtm(t, "check", path)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var lines []string // one per message; a formula's caret lines are indented under it
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if !strings.HasPrefix(l, " ") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 20 {
		t.Errorf("%d messages, want 20:\n%s", len(lines), out)
	}
	for _, l := range lines {
		if loc, _, ok := strings.Cut(l, ": "); !ok || !strings.Contains(loc, "!") {
			t.Errorf("message not located at a sheet and cell: %q", l)
		}
	}
	if !strings.Contains(errOut, "20 problem(s)") {
		t.Errorf("stderr = %q, want the count", errOut)
	}
	golden.Check(t, "testdata/check-twenty.txt", out)
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("dtm check changed the workbook")
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("dtm check left %d entries in the directory, want only the workbook", len(entries))
	}
}

func TestCheckVerboseListsIgnored(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.xlsx")
	if code, _, _ := clitest.Dtm(t, "new", path); code != 0 {
		t.Fatal("dtm new failed")
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStr("Players", "O1", "T-shirt"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.NewSheet("Notes"); err != nil {
		t.Fatal(err)
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	code, out, _ := clitest.Dtm(t, "check", "-v", path)
	if code != 0 || !strings.Contains(out, `ignored: Players!O1: column "T-shirt" is not one dtm reads`) || !strings.Contains(out, "ignored: Notes: a sheet of your own") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	if _, out, _ := clitest.Dtm(t, "check", path); strings.Contains(out, "ignored") {
		t.Errorf("without -v, check listed ignored columns:\n%s", out)
	}
}

// TestNewOpensOnAbout checks the tab a new workbook opens on: the About
// sheet, its first, though dtm new adds a sheet per heat after it.
func TestNewOpensOnAbout(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.xlsx")
	if code, out, errOut := clitest.Dtm(t, "new", "--heats", "4", path); code != 0 {
		t.Fatalf("dtm new: exit %d\n%s%s", code, out, errOut)
	}
	f := clitest.OpenXLSX(t, path)
	if got := f.GetSheetName(f.GetActiveSheetIndex()); got != workbook.SheetAbout {
		t.Errorf("opens on %q, want %q", got, workbook.SheetAbout)
	}
}

func TestNewFrom(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	earlier := filepath.Join(dir, "2025.xlsx")
	if code, _, _ := clitest.Dtm(t, "new", earlier); code != 0 {
		t.Fatal("dtm new failed")
	}
	f, err := excelize.OpenFile(earlier)
	if err != nil {
		t.Fatal(err)
	}
	// Ann's nationality, WDD id and WDR id (columns G, H, I) are carried too.
	for i, row := range [][]any{{"Ann", "Smith", "ann@example.org", nil, nil, nil, "fra", 1234, 567}, {"Bob", "Jones"}} {
		if err := f.SetSheetRow("Players", "A"+strconv.Itoa(i+2), &row); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SetSheetRow("Conflicts", "A2", &[]any{"Ann Smith", "Bob Jones", 100}); err != nil {
		t.Fatal(err)
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	next := filepath.Join(dir, "2026.xlsx")
	if code, out, errOut := clitest.Dtm(t, "new", "--from", earlier, "--heats", "5", "--system", "Sum of Squares", next); code != 0 {
		t.Fatalf("dtm new --from: exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ := clitest.Dtm(t, "check", next)
	if code != 0 || !strings.Contains(out, "2 players, 5 heats") {
		t.Errorf("check of the carried-over workbook: exit %d\n%s", code, out)
	}
	g := clitest.OpenXLSX(t, next)
	for cell, want := range map[string]string{"G2": "FRA", "H2": "1234", "I2": "567", "H3": ""} {
		if v, _ := g.GetCellValue("Players", cell); v != want {
			t.Errorf("carried Players!%s = %q, want %q", cell, v, want)
		}
	}
}

// TestCheckReportsOutcomes checks that dtm check tells, from a game's centre
// chart, that a victory was reached (the sample's heat 1 board 1: France,
// 18 centres in 1909) and that a 2003 draw vote may be called (a game in
// play: England and Turkey tied on 11 and 12 in 1911 and 1912, growing,
// over the targets 10 and 8).
func TestCheckReportsOutcomes(t *testing.T) {
	t.Parallel()
	_, out, _ := clitest.Dtm(t, "check", clitest.SamplePath)
	if !strings.Contains(out, "'Heat 1'!A2: board 1: France reached victory in 1909 with 18 centres (classic)") {
		t.Errorf("no victory line:\n%s", out)
	}
	path := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, path)
	fixture.SetSetting(t, f, "Victory rule", "regatta-2003")
	for row := 2; row <= 8; row++ { // board 1's chart reaches a 2003 victory in 1908: leave it out
		for _, col := range []string{"O", "P", "Q", "R", "S", "T", "U", "V", "W"} {
			if err := f.SetCellValue("Heat 1", col+strconv.Itoa(row), nil); err != nil {
				t.Fatal(err)
			}
		}
	}
	chart := map[string][3]int{ // Austria ... Turkey in 1910, 1911, 1912 (columns X, Y, Z)
		"A": {0, 0, 0}, "B": {10, 11, 12}, "C": {7, 6, 5}, "D": {7, 6, 5}, "E": {0, 0, 0}, "F": {0, 0, 0}, "G": {10, 11, 12},
	}
	for i, p := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		row := strconv.Itoa(9 + i) // heat 1, board 2
		for k, col := range []string{"X", "Y", "Z"} {
			if err := f.SetCellValue("Heat 1", col+row, chart[p][k]); err != nil {
				t.Fatal(err)
			}
		}
		if err := f.SetCellStr("Heat 1", "B"+row, "Started"); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
	code, out, _ := clitest.Dtm(t, "check", path)
	if code != 0 || !strings.Contains(out, "'Heat 1'!A9: board 2: a two-way draw vote may be called in 1912 (England and Turkey)") {
		t.Errorf("exit %d, no draw-vote line:\n%s", code, out)
	}
}

// TestFlagsAfterWorkbook runs commands as directors type them, flags last,
// through the real command line.
func TestFlagsAfterWorkbook(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := clitest.Dtm(t, "score", path, "--dry-run", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var report struct{ Players []struct{ Rank int } }
	if err := json.Unmarshal([]byte(out), &report); err != nil || len(report.Players) != 28 {
		t.Errorf("score SAMPLE --dry-run --json printed no JSON standings (%v):\n%.200s", err, out)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("--dry-run after the workbook was not honoured: the workbook changed")
	}
	// The manual's own example, a formula that starts with a minus sign.
	if code, out, errOut := clitest.Dtm(t, "formula", "-2 * yrs", "yrs=3"); code != 0 || strings.TrimSpace(out) != "-6" {
		t.Errorf("formula '-2 * yrs' yrs=3: exit %d, %q %s", code, out, errOut)
	}
}
