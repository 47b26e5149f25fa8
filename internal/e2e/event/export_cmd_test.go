package event

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/workbook"
)

// exportFiles are the files dtm export writes for the sample, with every
// format asked for.
var exportFiles = []string{"ARMADA Open 2026.csv", "ARMADA Open 2026 WDD classification.csv", "ARMADA Open 2026 WDD boards.csv",
	"ARMADA Open 2026 WDD awards.csv", "ARMADA Open 2026 WDR.json", "ARMADA Open 2026 ratings.txt"}

// TestExport writes the sample's results files and compares them with
// their golden copies.
func TestExport(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	out := t.TempDir()
	code, stdout, errOut := clitest.Dtm(t, "export", "--csv", "--wdd", "--wdr", "--ratings", "--out", out, path)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	// The two newcomers have no ids: a warning each for the WDD and the WDR, at the id's cell.
	if !strings.Contains(stdout, "warning: Players!H28: Arlo Ash has no WDD id") || !strings.Contains(stdout, "warning: Players!I29: Bea Bloom has no WDR id") ||
		strings.Count(stdout, "warning:") != 4 {
		t.Errorf("warnings:\n%s", stdout)
	}
	for _, name := range exportFiles {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		golden.Check(t, "testdata/export/"+name, string(data))
	}
	// Hand-worked lines. Heat 1 board 1: France (Chloe Carter) soloes in 1909 with 18: 121 - 9 = 112, first on
	// the board, DRAW 1, her chart ending 18 in 1909; Austria (Alice Archer) out in 1906: 6 - 11 = -5, last.
	boards, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDD boards.csv"))
	for _, want := range []string{
		"Chloe,Carter,1,1,1,0FR,1,1,112,18,,1,5,6,8,10,12,14,15,17,18,",
		"Alice,Archer,1,1,1,0AU,7,1,-5,0,6,0,4,3,2,2,1,0,0,0,0,",
	} {
		if !strings.Contains(string(boards), want) {
			t.Errorf("boards file lacks %q", want)
		}
	}
	// BOARD numbers a game within the tournament: four boards a heat, so heat 2's board 1 is game 5.
	if want := "Bruno,Baker,1,2,5,0AU,7,1,-6,0,5,0,"; !strings.Contains(string(boards), want) {
		t.Errorf("boards file lacks %q (heat 2, board 1 = game 5)", want)
	}
	// Maya Moreau: 1st with 166 (56 + 110, her 34 dropped), best Turkey with 110 (heat 2 board 2 = game 6,
	// 18 centres).
	class, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDD classification.csv"))
	// Her nationality is USA; she played the top board, heat 3 board 1 (game 9), as France: 8 centres in the
	// four-way draw of 1910, 34 like the other three in the draw, so first equal (RK 1).
	if !strings.Contains(string(class), "Maya,Moreau,1,1,1,USA,USA,166,56,110,34,,,,,,"+strings.Repeat(",", 30)+"1,110,18,2,6"+
		strings.Repeat(",", 13)+"A,3,9,1,8,0FR,") {
		t.Errorf("classification file: Maya Moreau's line is not as worked out:\n%s", class)
	}
	// Elena Evans (nationality ANG) was Turkey on that board; Ines Irving did not play it.
	for _, want := range []string{"Elena,Evans,1,2,1,USA,ANG,112,", ",A,3,9,1,8,0TU,Cap & Gown,227,1\n", "Ines,Irving,1,3,2,USA,USA,110,"} {
		if !strings.Contains(string(class), want) {
			t.Errorf("classification file lacks %q", want)
		}
	}
	if strings.Contains(string(class), "Ines,Irving,1,3,2,USA,USA,110,56,54,14,"+strings.Repeat(",", 47)+"A") {
		t.Errorf("Ines Irving has top-board columns")
	}
	// The awards numbered as the RK_AWA columns: Elena's RK_AWA_1 and RK_AWA_4 (her team's).
	awards, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDD awards.csv"))
	for _, want := range []string{"NUMBER,AWARD,WINNERS,DETAIL\n", "1,Best result without a solo,Elena Evans,", "4,Best team,Cap & Gown,total 227\n"} {
		if !strings.Contains(string(awards), want) {
			t.Errorf("awards file lacks %q:\n%s", want, awards)
		}
	}
	// Ratings: three heats of four boards, ties shown, the top board's finishers by game score.
	ratings, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 ratings.txt"))
	folded := strings.Join(strings.Fields(string(ratings)), " ")
	for _, want := range []string{"Event class: B (NADF Grand Prix)", "Dates: 2026-03-13 to 2026-03-15", "Players: 28", "Heats: 3 played of 3",
		"Boards per heat: heat 1: 4, heat 2: 4, heat 3: 4", "Boards in the three largest heats: 12", "1 Maya Moreau 166 2 Elena Evans 112 3= Ines Irving 110 3= Jonas Jensen 110 5 Chloe Carter 108",
		"heat 3, board 1: 1= Hugo Hale England 9 centres 34", "7 Chloe Carter Austria 0 centres -5"} {
		if !strings.Contains(folded, want) {
			t.Errorf("ratings summary lacks %q:\n%s", want, ratings)
		}
	}
	dtmCSV, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026.csv"))
	// UTF-8 with a byte-order mark, so that Excel opened by a double-click keeps accented names.
	if !strings.HasPrefix(string(dtmCSV), "\ufeff1,Maya Moreau,56,110,34,166\n2,Elena Evans,-2,78,34,112\n3,Ines Irving,56,54,14,110\n3,Jonas Jensen,") {
		t.Errorf("DTM export:\n%s", dtmCSV)
	}
	if code, _, errOut := clitest.Dtm(t, "export", path); code != 2 || !strings.Contains(errOut, "--csv, --wdd, --wdr, --ratings") {
		t.Errorf("no format: exit %d, %s", code, errOut)
	}
}

// TestExportNeutralisesFormulas checks that a name a spreadsheet would run
// as a formula is written as text in every file.
func TestExportNeutralisesFormulas(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, path)
	// Rename Maya Moreau everywhere she is named: the Players sheet and her seats.
	for _, sheet := range f.GetSheetList() {
		rows, _ := f.GetRows(sheet)
		for r, row := range rows {
			for c, v := range row {
				cell := cellRef(c, r)
				switch {
				case sheet == "Players" && v == "Maya":
					f.SetCellStr(sheet, cell, "=HYPERLINK(\"x\")")
				case v == "Maya Moreau":
					f.SetCellStr(sheet, cell, "=HYPERLINK(\"x\") Moreau")
				case v == "Cap & Gown":
					f.SetCellStr(sheet, cell, "+Cap & Gown")
				case sheet == "Players" && v == "Evans":
					f.SetCellStr(sheet, cellRef(c+2, r), "@SUM(1)") // her Country, two columns on
				}
			}
		}
	}
	clitest.SaveXLSX(t, f)
	out := t.TempDir()
	if code, stdout, errOut := clitest.Dtm(t, "export", "--csv", "--wdd", "--out", out, path); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	for _, name := range exportFiles[:4] {
		data, _ := os.ReadFile(filepath.Join(out, name))
		text := string(data)
		want := `'=HYPERLINK`
		if strings.Contains(name, "awards") {
			want = `'+Cap & Gown` // the best team, by name
		}
		if !strings.Contains(text, want) {
			t.Errorf("%s: the name is not neutralised", name)
		}
		if strings.Contains(name, "classification") && !strings.Contains(text, `,'@SUM(1),`) {
			t.Errorf("%s: Elena Evans's Country is not neutralised", name)
		}
		for _, line := range strings.Split(text, "\n") {
			for _, field := range strings.Split(line, ",") {
				if strings.ContainsAny(strings.TrimPrefix(field, `"`)[:min(1, len(strings.TrimPrefix(field, `"`)))], "=+@") {
					t.Errorf("%s: a field starts with '=': %q", name, line)
				}
			}
		}
	}
}

// cellRef names a 0-based column and row ("C7").
func cellRef(c, r int) string {
	name := ""
	for c++; c > 0; c = (c - 1) / 26 {
		name = string(rune('A'+(c-1)%26)) + name
	}
	return name + strconv.Itoa(r+1)
}

// The WDR JSON's shape as docs/exports.md documents it, field for field:
// TestExportWDR decodes the export into these with unknown fields refused.
type (
	wdrDoc struct {
		Name        string              `json:"name"`
		Year        *int                `json:"year"`
		URL         *string             `json:"url"`
		WDRID       *int                `json:"wdr_id"`
		WDDID       *int                `json:"wdd_id"`
		DBNCoverage []string            `json:"dbn_coverage"`
		Rounds      map[string]wdrRound `json:"rounds"`
		Results     []wdrResult         `json:"results"`
	}
	wdrRound struct {
		ScoringSystem string             `json:"scoring_system"`
		Games         map[string]wdrGame `json:"games"`
	}
	wdrGame struct {
		Board         int                `json:"board"`
		TopBoard      bool               `json:"top_board"`
		ScoringSystem string             `json:"scoring_system"`
		Sandbox       *string            `json:"sandbox"`
		Started       *string            `json:"started"`
		Players       map[string]wdrSeat `json:"players"`
		Draw          *wdrDraw           `json:"draw"`
	}
	wdrSeat struct {
		Name            string  `json:"name"`
		Location        *string `json:"location"`
		WDRID           *int    `json:"wdr_id"`
		WDDID           *int    `json:"wdd_id"`
		Score           float64 `json:"score"`
		FinalSCs        int     `json:"final_scs"`
		EliminationYear *int    `json:"elimination_year"`
		InDraw          *bool   `json:"in_draw,omitempty"`
	}
	wdrDraw struct {
		Season string   `json:"season"`
		Year   int      `json:"year"`
		Powers []string `json:"powers"`
	}
	wdrResult struct {
		PlayerName     string  `json:"player_name"`
		PlayerWDRID    *int    `json:"player_wdr_id"`
		Ranking        *int    `json:"ranking"`
		Score          float64 `json:"score"`
		ScoreBreakdown []struct {
			Round   int     `json:"round"`
			Score   float64 `json:"score"`
			Dropped bool    `json:"dropped"`
		} `json:"score_breakdown"`
	}
)

// TestExportWDR decodes the sample's WDR JSON strictly into the documented
// shape, checks hand-worked values, and checks that encoding the decoded
// document again gives the same JSON (nothing outside the shape).
func TestExportWDR(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	out := t.TempDir()
	if code, stdout, errOut := clitest.Dtm(t, "export", "--wdr", "--out", out, path); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	data, err := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDR.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var doc wdrDoc
	if err := dec.Decode(&doc); err != nil {
		t.Fatalf("strict decode: %v", err)
	}
	again, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	var a, b any
	if err := json.Unmarshal(data, &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(again, &b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the document does not round-trip through the documented shape: re-encoded as\n%.2000s", again)
	}

	// Hand-worked: the heats are dated 13-15 March 2026; three rounds of four boards.
	if doc.Name != "ARMADA Open 2026" || doc.Year == nil || *doc.Year != 2026 || doc.URL != nil || doc.WDRID != nil || len(doc.Rounds) != 3 {
		t.Errorf("top level: %s %v %v %v, %d rounds", doc.Name, doc.Year, doc.URL, doc.WDRID, len(doc.Rounds))
	}
	// Heat 1 board 1: Chloe Carter's French solo in 1909 with 18 centres, 121 - 9 = 112; no draw, so no
	// in_draw; Alice Archer's Austria out in 1906.
	g := doc.Rounds["1"].Games["1"]
	fr, au := g.Players["France"], g.Players["Austria"]
	if g.Board != 1 || g.TopBoard || g.Draw != nil || g.ScoringSystem != "DipCon XXXIV (2001)" || fr.Name != "Chloe Carter" || fr.Score != 112 ||
		fr.FinalSCs != 18 || fr.EliminationYear != nil || fr.InDraw != nil || au.EliminationYear == nil || *au.EliminationYear != 1906 ||
		au.WDDID == nil || *au.WDDID != 4000 || au.WDRID == nil || *au.WDRID != 900 || au.Location == nil || *au.Location != "USA" {
		t.Errorf("heat 1 board 1: %+v\nFrance %+v\nAustria %+v", g, fr, au)
	}
	// Heat 1 board 2: England, Russia and Turkey draw in 1910; Austria is not in it.
	g = doc.Rounds["1"].Games["2"]
	if g.Draw == nil || g.Draw.Year != 1910 || g.Draw.Season != "Fall" || strings.Join(g.Draw.Powers, " ") != "England Russia Turkey" ||
		g.Players["England"].InDraw == nil || !*g.Players["England"].InDraw || g.Players["Austria"].InDraw == nil || *g.Players["Austria"].InDraw {
		t.Errorf("heat 1 board 2: %+v", g)
	}
	// Heat 3 board 1 is the top board; Arlo Ash (a newcomer) has no ids.
	if g := doc.Rounds["3"].Games["1"]; !g.TopBoard || doc.Rounds["3"].Games["2"].TopBoard {
		t.Errorf("heat 3: board 1 top %v, board 2 top %v", g.TopBoard, doc.Rounds["3"].Games["2"].TopBoard)
	}
	// Results: Maya Moreau first with 56 + 110 = 166, her 34 in round 3 dropped.
	m := doc.Results[0]
	if m.PlayerName != "Maya Moreau" || m.Ranking == nil || *m.Ranking != 1 || m.Score != 166 || len(m.ScoreBreakdown) != 3 ||
		!m.ScoreBreakdown[2].Dropped || m.ScoreBreakdown[2].Score != 34 || m.ScoreBreakdown[0].Dropped || m.PlayerWDRID == nil || *m.PlayerWDRID != 936 {
		t.Errorf("first result: %+v", m)
	}
	if len(doc.Results) != 28 {
		t.Errorf("%d results, want 28", len(doc.Results))
	}
	for _, r := range doc.Results {
		if r.PlayerName == "Arlo Ash" && r.PlayerWDRID != nil {
			t.Errorf("Arlo Ash has a WDR id: %v", *r.PlayerWDRID)
		}
	}
}

// TestExportHeatSystem checks that the WDR export names each heat's own
// scoring system (Heats sheet), for the round and each of its games, not
// the tournament's.
func TestExportHeatSystem(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, path)
	if err := f.SetCellValue(workbook.SheetHeats, "B3", "CDiplo 100"); err != nil {
		t.Fatal(err)
	}
	clitest.SaveXLSX(t, f)
	out := t.TempDir()
	if code, stdout, errOut := clitest.Dtm(t, "export", "--wdr", "--out", out, path); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	data, err := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDR.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc wdrDoc
	if err := json.Unmarshal(data, &doc); err != nil || len(doc.Rounds) != 3 {
		t.Fatalf("%v: %d rounds, want 3", err, len(doc.Rounds))
	}
	for n, round := range doc.Rounds {
		want := "DipCon XXXIV (2001)"
		if n == "2" {
			want = "CDiplo 100"
		}
		if round.ScoringSystem != want {
			t.Errorf("round %s: scoring system %q, want %q", n, round.ScoringSystem, want)
		}
		for k, g := range round.Games {
			if g.ScoringSystem != want {
				t.Errorf("round %s game %s: scoring system %q, want %q", n, k, g.ScoringSystem, want)
			}
		}
	}
}

// TestExportWDRUnranked checks that players short of the minimum heats
// are in the results with a null ranking.
func TestExportWDRUnranked(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, path)
	fixture.SetSetting(t, f, "Minimum heats to qualify", 3)
	// Nina Late plays heat 3 in Maya Moreau's seat: each has fewer than 3 heats.
	if err := f.SetSheetRow("Players", "A30", &[]any{"Nina", "Late"}); err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows("Heat 3")
	for r, row := range rows {
		if len(row) > 4 && row[4] == "Maya Moreau" {
			if err := f.SetCellStr("Heat 3", cellRef(4, r), "Nina Late"); err != nil {
				t.Fatal(err)
			}
		}
	}
	clitest.SaveXLSX(t, f)
	out := t.TempDir()
	if code, stdout, errOut := clitest.Dtm(t, "export", "--wdr", "--out", out, path); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	data, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDR.json"))
	var doc wdrDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var unranked []string
	for _, r := range doc.Results {
		if r.Ranking == nil {
			unranked = append(unranked, r.PlayerName)
		} else if *r.Ranking > 27 {
			t.Errorf("%s ranked %d of 27 ranked players", r.PlayerName, *r.Ranking)
		}
	}
	if len(doc.Results) != 29 || strings.Join(unranked, ", ") != "Maya Moreau, Nina Late" {
		t.Errorf("%d results; unranked %q, want Maya Moreau and Nina Late", len(doc.Results), unranked)
	}
}

// TestCheckWarnsForExports checks dtm check's warnings about likely
// duplicate players and, when the results go to the WDD, players without a
// WDD id: located at their cells, and no more than warnings (exit 0).
func TestCheckWarnsForExports(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "ids.xlsx")
	f, set := clitest.NewBook(t, path, "--name", "Ids Open", "--heats", "1")
	// Columns: First, Last, E-mail, Country, priority, distance, Nationality, WDD id, WDR id, Heat 1.
	set("Players", "A2", "John", "Smith", nil, "USA", nil, nil, "USA", 101, nil, "Registered")
	set("Players", "A3", "J.", "Smith", nil, "USA", nil, nil, nil, 102, nil, "Registered")
	set("Players", "A4", "José", "Díaz", nil, "Spain", nil, nil, "ESP", 103, nil, "Registered")
	set("Players", "A5", "Jose", "Diaz", nil, "Atlantis", nil, nil, nil, nil, nil, "Registered")
	set("Players", "A6", "Jane", "Smith", nil, nil, nil, nil, nil, 105, nil, "Registered")
	fixture.SetSetting(t, f, "Results sent to", "WDD")
	clitest.SaveXLSX(t, f)
	code, out, errOut := clitest.Dtm(t, "check", path)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	want := []string{
		`Players!A3: "J. Smith" may be the same player as "John Smith" (row 2)`,
		`Players!A5: "Jose Diaz" may be the same player as "José Díaz" (row 4)`,
		`Players!H5: Jose Diaz has no WDD id`,
		`Players!D5: Jose Diaz's country "Atlantis" is not a WDD country code`,
		`Players!A6: "Jane Smith" may be the same player as "J. Smith" (row 3)`, // J. may be Jane as well as John
	}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("check lacks %q:\n%s", w, out)
		}
	}
	// Jane Smith is not John Smith; Spain is a country the WDD knows; nobody is warned about a WDR id.
	for _, not := range []string{`"Jane Smith" may be the same player as "John Smith"`, "Spain", "WDR id"} {
		if strings.Contains(out, not) {
			t.Errorf("check says %q:\n%s", not, out)
		}
	}
}

// TestExportLongOddName exports a tournament whose name is 300 characters
// long and holds right-to-left and other invisible formatting characters:
// every file is written, its name within 255 bytes and free of them.
func TestExportLongOddName(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, path)
	name := "\u202eOpen " + strings.Repeat("Regatta\u2066 ", 36) + "\u200f2026"
	fixture.SetSetting(t, f, "Tournament name", name)
	clitest.SaveXLSX(t, f)
	out := t.TempDir()
	clitest.RunOK(t, "export", "--csv", "--wdd", "--wdr", "--ratings", "--out", out, path)
	entries, err := os.ReadDir(out)
	if err != nil || len(entries) != 6 {
		t.Fatalf("%d files exported (%v), want 6", len(entries), err)
	}
	for _, e := range entries {
		if n := len(e.Name()); n > 255 || strings.ContainsAny(e.Name(), "\u202e\u2066\u200f") || !strings.HasPrefix(e.Name(), "Open Regatta Regatta") {
			t.Errorf("exported %q (%d bytes)", e.Name(), n)
		}
	}
}
