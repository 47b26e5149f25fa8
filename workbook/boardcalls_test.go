package workbook

import (
	"archive/zip"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// callsFirst and callsLast make up the extra players of the board-calls
// tests (the fixture has 14).
var (
	callsFirst = []string{"Oscar", "Paula", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Walt", "Xena", "Yuri", "Zoe"}
	callsLast  = []string{"Adams", "Baker", "Carter", "Dubois", "Evans", "Fischer", "García", "Hughes", "Ivanova", "Jensen", "Kowalski", "Larsen"}
)

// callsBook saves the fixture with players in all (14 or more, extra names
// made up from callsFirst and callsLast) and the given victory rule, and
// opens it.
func callsBook(t *testing.T, players int, victory string) *Book {
	t.Helper()
	f := fixture(t)
	for i := len(fixturePlayers); i < players; i++ {
		k := i - len(fixturePlayers)
		first := callsFirst[k%len(callsFirst)]
		last := callsLast[(k/len(callsFirst)+k)%len(callsLast)]
		if k >= len(callsFirst)*len(callsLast) {
			t.Fatalf("only %d made-up players", len(callsFirst)*len(callsLast))
		}
		set(t, f, SheetPlayers, cellName(1, i+2), first, last)
	}
	set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetVictory)), victory)
	p := filepath.Join(t.TempDir(), "calls.xlsx")
	if err := xlsxcheck.SaveAs(f, p); err != nil {
		t.Fatal(err)
	}
	b, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	if len(b.Problems) > 0 {
		t.Fatalf("test workbook has problems:\n%v", b.Problems)
	}
	return b
}

// seatBoards seats the first 7*n players of the Players sheet on n boards in
// sheet order, powers in order (none when atTables).
func seatBoards(b *Book, n int, atTables bool) []CallBoard {
	var out []CallBoard
	for k := range n {
		cb := CallBoard{Board: k + 1}
		for s := range 7 {
			seat := CallSeat{Player: b.Tournament.Players[7*k+s].Name}
			if !atTables {
				seat.Power = ChoicesPower[s]
			}
			cb.Seats = append(cb.Seats, seat)
		}
		out = append(out, cb)
	}
	return out
}

// sheetCells reads a sheet's non-empty cells.
func sheetCells(t *testing.T, f *excelize.File, sheet string) map[string]string {
	t.Helper()
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for r, row := range rows {
		for c, v := range row {
			if v != "" {
				out[cellName(c+1, r+1)] = v
			}
		}
	}
	return out
}

// TestBoardCallsSheet checks the tab's name.
func TestBoardCallsSheet(t *testing.T) {
	for n, want := range map[int]string{1: "Heat 1 calls", 2: "Heat 2 calls", 30: "Heat 30 calls"} {
		if got := BoardCallsSheet(n); got != want {
			t.Errorf("BoardCallsSheet(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestBoardCallsCells checks the cells of a two-board heat, with powers and
// with powers chosen at the tables, with and without a victory table.
//
// The expected rows follow the layout: a board's page is its title (row 1),
// the heat line (2), a spacer or the at-the-tables note (3), the seven seats
// (4-10), a spacer (11), the score sheet's heading and board code (12), header (13) and
// seven power rows (14-20), the result line (21) and the final-year line
// (22): 22 rows; a victory table adds a spacer, a heading, the years, the
// targets and the conditions: 27 rows. The list follows: title, subtitle,
// header, then ceil(14/3) = 5 rows; blocks of 8 columns start at A, I and Q
// (name over 5 columns, board, power over 2). The fixture seats Ann Smith,
// Bob Jones, Carl Brown, Dana White, Eve Black, Fred Green and Gail Gray on
// board 1 (Austria .. Turkey) and Hal Stone, Ida Wood, Jon Hill, Kim Lake,
// Lou Ford, Max Reed and Nia Cole on board 2. By last name: Black Brown Cole
// Ford Gray | Green Hill Jones Lake Reed | Smith Stone White Wood. The
// regatta-2003 targets (scoring/victory.go): 18 to 1905, 17 in 1906, 8 in
// 1912, 6 from 1913.
func TestBoardCallsCells(t *testing.T) {
	tests := []struct {
		name      string
		victory   string
		atTables  bool
		want      map[string]string
		empty     []string
		lastRow   int
		breaks    []int // rows after which a page breaks
		goldenTxt string
	}{
		{
			name: "powers and regatta-2003", victory: "regatta-2003",
			want: map[string]string{
				"A1": "Board 1", "A2": "Heat 1 · Test Open", "A4": "Austria", "G4": "Ann Smith", "A10": "Turkey", "G10": "Gail Gray",
				"A12": "Score sheet: centres at the end of each game-year", "Q12": "Board code H1-B1-M", "A13": "Power", "D13": "Player",
				"I13": "1901", "T13": "1912", "U13": "W/L", "V13": "Signature",
				"A14": "Austria", "D14": "Ann Smith", "A20": "Turkey", "D20": "Gail Gray",
				"A24": "Victory criteria: regatta-2003", "A25": "Game-year", "I25": "1901", "U25": "1913+",
				"A26": "Centres to win", "I26": "18", "M26": "18", "N26": "17", "T26": "8", "U26": "6",
				"A28": "Board 2", "G31": "Hal Stone", "D47": "Nia Cole",
				"A55": "Heat 1: who plays where", "A56": "Test Open · 14 players on 2 boards, by last name",
				"A57": "Player", "F57": "Board", "I57": "Player", "N57": "Board", "Q57": "Player",
				"A58": "Black, Eve", "F58": "1", "G58": "Italy", "A62": "Gray, Gail", "F62": "1", "G62": "Turkey",
				"I58": "Green, Fred", "N58": "1", "O58": "Russia", "I62": "Reed, Max", "N62": "2", "O62": "Russia",
				"Q58": "Smith, Ann", "V58": "1", "W58": "Austria", "Q61": "Wood, Ida", "V61": "2", "W61": "England",
			},
			empty:   []string{"A3", "I14", "U14", "V14", "Q62", "V62", "A63"},
			lastRow: 62, breaks: []int{27, 54}, goldenTxt: "boardcalls/regatta.txt",
		},
		{
			name: "powers at the tables, classic rule", victory: "classic", atTables: true,
			want: map[string]string{
				"A1": "Board 1", "A3": "Powers are chosen at the table: write them in the score sheet.",
				"A4": "Ann Smith", "A10": "Gail Gray", "A14": "Austria", "A20": "Turkey", "Q34": "Board code H1-B2-R",
				"A23": "Board 2", "A26": "Hal Stone",
				"A45": "Heat 1: who plays where", "A48": "Black, Eve", "F48": "1", "Q51": "Wood, Ida", "V51": "2",
			},
			empty:   []string{"G4", "D14", "D20", "G48", "W51", "A53"},
			lastRow: 52, breaks: []int{22, 44}, goldenTxt: "boardcalls/tables.txt",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := callsBook(t, 14, tc.victory)
			if err := b.WriteBoardCalls(1, seatBoards(b, 2, tc.atTables)); err != nil {
				t.Fatal(err)
			}
			if _, err := b.Save(Options{}); err != nil {
				t.Fatal(err)
			}
			f, err := excelize.OpenFile(b.Path)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			sheet := BoardCallsSheet(1)
			got := sheetCells(t, f, sheet)
			for cell, want := range tc.want {
				if got[cell] != want {
					t.Errorf("%s = %q, want %q", cell, got[cell], want)
				}
			}
			for _, cell := range tc.empty {
				if v, ok := got[cell]; ok {
					t.Errorf("%s = %q, want it empty", cell, v)
				}
			}
			if area := printArea(f, sheet); area != fmt.Sprintf("'Heat 1 calls'!$A$1:$X$%d", tc.lastRow) {
				t.Errorf("print area = %q, want A1:X%d", area, tc.lastRow)
			}
			if brk := rowBreaks(t, b.Path, sheet); !reflect.DeepEqual(brk.rows, tc.breaks) || brk.manual != len(tc.breaks) {
				t.Errorf("page breaks after rows %v (manual count %d), want %v", brk.rows, brk.manual, tc.breaks)
			}
			golden.Check(t, "testdata/"+tc.goldenTxt, dumpCalls(t, f, sheet))
		})
	}
}

// printArea returns a sheet's print area.
func printArea(f *excelize.File, sheet string) string {
	for _, d := range f.GetDefinedName() {
		if d.Name == "_xlnm.Print_Area" && d.Scope == sheet {
			return d.RefersTo
		}
	}
	return ""
}

// dumpCalls renders a board-calls tab for a golden file: page setup, merges,
// row heights and every non-empty cell.
func dumpCalls(t *testing.T, f *excelize.File, sheet string) string {
	t.Helper()
	var sb strings.Builder
	fmt.Fprintf(&sb, "print area: %s\n", printArea(f, sheet))
	layout, err := f.GetPageLayout(sheet)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(&sb, "page: size %d %s, fit %d wide %d tall\n", *layout.Size, *layout.Orientation, *layout.FitToWidth, *layout.FitToHeight)
	merges, err := f.GetMergeCells(sheet)
	if err != nil {
		t.Fatal(err)
	}
	var ms []string
	for _, m := range merges {
		ms = append(ms, m.GetStartAxis()+":"+m.GetEndAxis())
	}
	slices.SortFunc(ms, func(a, b string) int {
		ra, ca := xlsx.CellOrder(strings.Split(a, ":")[0])
		rb, cb := xlsx.CellOrder(strings.Split(b, ":")[0])
		if ra != rb {
			return ra - rb
		}
		return ca - cb
	})
	fmt.Fprintf(&sb, "merged: %s\n", strings.Join(ms, " "))
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	for r, row := range rows {
		h, _ := f.GetRowHeight(sheet, r+1)
		fmt.Fprintf(&sb, "row %d (%gpt)", r+1, h)
		for c, v := range row {
			if v != "" {
				fmt.Fprintf(&sb, " %s=%q", cellName(c+1, r+1), v)
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

// pageBreaks are a sheet's row page breaks as stored in the file.
type pageBreaks struct {
	rows   []int // rows after which a page breaks
	manual int   // the manualBreakCount attribute
}

// rowBreaks reads a sheet's page breaks from a saved workbook's XML:
// excelize has no reader for them.
func rowBreaks(t *testing.T, book, sheet string) pageBreaks {
	t.Helper()
	zr, err := zip.OpenReader(book)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	read := func(name string, v any) {
		t.Helper()
		rc, err := zr.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer rc.Close()
		data, err := io.ReadAll(rc)
		if err != nil {
			t.Fatal(err)
		}
		if err := xml.Unmarshal(data, v); err != nil {
			t.Fatal(err)
		}
	}
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			ID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	read("xl/workbook.xml", &wb)
	var rels struct {
		Rels []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	read("xl/_rels/workbook.xml.rels", &rels)
	target := ""
	for _, s := range wb.Sheets {
		for _, r := range rels.Rels {
			if s.Name == sheet && r.ID == s.ID {
				target = r.Target
			}
		}
	}
	if target == "" {
		t.Fatalf("no sheet %q in %s", sheet, book)
	}
	if !strings.HasPrefix(target, "/") {
		target = path.Join("xl", target)
	}
	var ws struct {
		RowBreaks struct {
			Manual int `xml:"manualBreakCount,attr"`
			Brk    []struct {
				ID int `xml:"id,attr"`
			} `xml:"brk"`
		} `xml:"rowBreaks"`
	}
	read(strings.TrimPrefix(target, "/"), &ws)
	out := pageBreaks{manual: ws.RowBreaks.Manual}
	for _, b := range ws.RowBreaks.Brk {
		out.rows = append(out.rows, b.ID)
	}
	slices.Sort(out.rows)
	return out
}

// TestBoardCallsRewrite writes a four-board heat's calls, then a re-seed's
// single board: nothing of the first run may remain, neither cells nor
// merges, row heights nor page breaks, and the tab keeps its place.
func TestBoardCallsRewrite(t *testing.T) {
	b := callsBook(t, 28, "regatta-2002")
	sheet := BoardCallsSheet(2)
	if err := b.WriteBoardCalls(2, seatBoards(b, 4, false)); err != nil {
		t.Fatal(err)
	}
	if err := b.WriteOutput(Output{Sheet: "After", Header: []string{"x"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	// Four boards of 27 rows, then the list: breaks after rows 27, 54, 81 and 108.
	if brk := rowBreaks(t, b.Path, sheet); !reflect.DeepEqual(brk.rows, []int{27, 54, 81, 108}) || brk.manual != 4 {
		t.Fatalf("first run: page breaks after rows %v (manual count %d), want 27 54 81 108", brk.rows, brk.manual)
	}
	before := slices.Index(b.Sheets(), sheet)
	b2, err := Open(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer b2.Close()
	// The re-seed keeps one board: board 3's seven players.
	one := seatBoards(b2, 3, false)[2:]
	if err := b2.WriteBoardCalls(2, one); err != nil {
		t.Fatal(err)
	}
	if _, err := b2.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if after := slices.Index(f.GetSheetList(), sheet); after != before {
		t.Errorf("the tab moved from position %d to %d", before, after)
	}
	// One board (27 rows), then the list: title, subtitle, header and
	// ceil(7/3) = 3 rows, rows 28 to 33.
	if brk := rowBreaks(t, b.Path, sheet); !reflect.DeepEqual(brk.rows, []int{27}) || brk.manual != 1 {
		t.Errorf("after the re-seed: page breaks after rows %v (manual count %d), want 27 only", brk.rows, brk.manual)
	}
	got := sheetCells(t, f, sheet)
	if got["A1"] != "Board 3" || got["A28"] != "Heat 2: who plays where" {
		t.Errorf("A1 = %q, A28 = %q; want Board 3 and the list's title", got["A1"], got["A28"])
	}
	for cell, v := range got {
		if r, _ := xlsx.CellOrder(cell); r > 33 {
			t.Errorf("%s = %q is left over from the first run", cell, v)
		}
	}
	merges, _ := f.GetMergeCells(sheet)
	for _, m := range merges {
		if r, _ := xlsx.CellOrder(m.GetStartAxis()); r > 33 {
			t.Errorf("merge %s:%s is left over from the first run", m.GetStartAxis(), m.GetEndAxis())
		}
	}
	for r := 34; r <= 120; r++ {
		if h, _ := f.GetRowHeight(sheet, r); h != 15 {
			t.Errorf("row %d is %gpt high, want the default 15pt", r, h)
			break
		}
	}
	if area := printArea(f, sheet); area != "'Heat 2 calls'!$A$1:$X$33" {
		t.Errorf("print area = %q, want A1:X33", area)
	}
	n := 0
	for _, d := range f.GetDefinedName() {
		if d.Scope == sheet {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d names scoped to the tab, want the print area only", n)
	}
}

// TestBoardCallsErrors checks what WriteBoardCalls refuses.
func TestBoardCallsErrors(t *testing.T) {
	b := reread(t, fixture(t))
	eight := CallBoard{Board: 4, Seats: make([]CallSeat, 8)}
	tests := []struct {
		heat   int
		boards []CallBoard
		want   string
	}{
		{0, nil, "write Heat 0 calls: heat must be from 1 to 30, not 0"},
		{31, nil, "write Heat 31 calls: heat must be from 1 to 30, not 31"},
		{1, []CallBoard{eight}, "write Heat 1 calls: board 4 has 8 seats, at most 7"},
	}
	for _, tc := range tests {
		err := b.WriteBoardCalls(tc.heat, tc.boards)
		if err == nil || err.Error() != tc.want {
			t.Errorf("WriteBoardCalls(%d, ...) = %v, want %q", tc.heat, err, tc.want)
		}
	}
}

// TestListEntries checks the list's order: by last name, then first name,
// then board, accents sorting with their letters; players missing from the
// Players sheet by their last word.
func TestListEntries(t *testing.T) {
	tour := &Tournament{Players: []Player{
		{Name: "Émile Zola", First: "Émile", Last: "Zola"},
		{Name: "Anna de Vries", First: "Anna", Last: "de Vries"},
		{Name: "Bob Ebert", First: "Bob", Last: "Ebert"},
		{Name: "Al Ébert", First: "Al", Last: "Ébert"},
		{Name: "Cher", First: "Cher"},
		{Name: "Zed Adams", First: "Zed", Last: "Adams"},
	}}
	boards := []CallBoard{
		{Board: 2, Seats: []CallSeat{{"Austria", "Émile Zola"}, {"England", "Anna de Vries"}, {"France", "Bob Ebert"}}},
		{Board: 1, Seats: []CallSeat{{"Austria", "Al Ébert"}, {"England", "Cher"}, {"France", "Zed Adams"}, {"Italy", "Mary Ann Ott"}, {"Russia", ""}, {"Germany", "Bob Ébert"}}},
	}
	// By hand: Adams; Cher (a single name sorts as the last name); de Vries
	// (d after c, case aside); Ébert Al before Ebert Bob (same letters, the
	// first names decide); Ébert Bob (not on the sheet) after Ebert Bob
	// (the same but for the accent, which decides last); Ott (not on the
	// sheet: last word); Zola.
	want := []string{"Adams, Zed 1 France", "Cher 1 England", "de Vries, Anna 2 England", "Ébert, Al 1 Austria",
		"Ebert, Bob 2 France", "Ébert, Bob 1 Germany", "Ott, Mary Ann 1 Italy", "Zola, Émile 2 Austria"}
	var got []string
	for _, e := range callEntries(tour, boards) {
		got = append(got, e.shown+" "+strconv.Itoa(e.board)+" "+e.power)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("list:\n got %q\nwant %q", got, want)
	}
}

// TestVictoryConditions checks the words under the victory table, built by
// hand from each rule's doc in scoring/victory.go.
func TestVictoryConditions(t *testing.T) {
	tests := []struct{ rule, want string }{
		{"regatta-2002", "A power wins at the end of a game-year when it owns at least the centres shown for that year, " +
			"at least 2 more centres than every other power and more centres than at the end of the year before " +
			"(in 1901: more than its home centres)."},
		{"regatta-2003", "A power wins at the end of a game-year when it owns at least the centres shown for that year, " +
			"more centres than any other power and more centres than at the end of the year before (in 1901: more " +
			"than its home centres). Two-way draw vote: when, in two game-years in a row, the same two powers are " +
			"tied with each other ahead of every other power and both reach the year's target and grow, a two-way " +
			"draw may be voted."},
		{"18,17,16; lead=0; no-grow", "A power wins at the end of a game-year when it owns at least the centres " +
			"shown for that year. If several powers do, the one with the most centres wins; none does if they tie."},
		{"1901:18,1914:10", "A power wins at the end of a game-year when it owns at least the centres shown for that " +
			"year, more centres than any other power and more centres than at the end of the year before (in 1901: " +
			"more than its home centres). Later years' targets are as in the tournament's victory rule."},
	}
	for _, tc := range tests {
		r, err := scoring.ParseVictoryRule(tc.rule)
		if err != nil {
			t.Fatal(err)
		}
		if got := victoryConditions(r); got != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.rule, got, tc.want)
		}
	}
}

// TestBoardCallsClassicHasNoTable checks that the classic rule, however
// written, prints no victory table, and any other rule does (a custom table
// of 18s has Norman's lead and growth conditions).
func TestBoardCallsClassicHasNoTable(t *testing.T) {
	for rule, table := range map[string]bool{"classic": false, "18": true, "18; lead=0; no-grow": false,
		"18; lead=1": true, "norman": true, "classic; grow": true} {
		r, err := scoring.ParseVictoryRule(rule)
		if err != nil {
			t.Fatal(err)
		}
		b := &Book{Tournament: &Tournament{Settings: Settings{Victory: r}}}
		if got := b.callsVictory(CallBoard{}) != nil; got != table {
			t.Errorf("%q: victory table %v, want %v", rule, got, table)
		}
	}
}

// TestBoardCallsVictoryFollowsSystem checks that a board's victory table
// follows its system: none for a game ranked by centres, and a rule that is
// classic over the game's years needs none either (18 up to 1905, 17 from
// 1906: a game ending in 1905 never sees the 17).
func TestBoardCallsVictoryFollowsSystem(t *testing.T) {
	tests := []struct {
		rule  string
		board CallBoard
		table bool
	}{
		{"regatta-2002", CallBoard{}, true},
		{"regatta-2002", CallBoard{FinalYear: 1907}, true},
		{"regatta-2002", CallBoard{FinalYear: 1907, Rank: true}, false},
		{"18,18,18,18,18,17; lead=0; no-grow", CallBoard{FinalYear: 1905}, false},
		{"18,18,18,18,18,17; lead=0; no-grow", CallBoard{FinalYear: 1906}, true},
		{"18,18,18,18,18,17; lead=0; no-grow", CallBoard{}, true},
	}
	for _, tc := range tests {
		r, err := scoring.ParseVictoryRule(tc.rule)
		if err != nil {
			t.Fatal(err)
		}
		b := &Book{Tournament: &Tournament{Settings: Settings{Victory: r}}}
		if got := b.callsVictory(tc.board) != nil; got != tc.table {
			t.Errorf("%q, %+v: victory table %v, want %v", tc.rule, tc.board, got, tc.table)
		}
	}
}

// TestLibreOfficeBoardCalls prints the board calls in LibreOffice: a heat of
// four boards gives five pages (one per board, one list), with powers or
// without; the list still fits one page with 90 players (the most printed
// large: 13 boards, the last one short of a player) and with 140 (20 boards).
func TestLibreOfficeBoardCalls(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		boards   int
		victory  string
		atTables bool
		short    bool // the last board has six players
	}{{4, "regatta-2003", false, false}, {4, "classic", true, false}, {13, "regatta-2002", false, true}, {20, "norman", false, false}} {
		b := callsBook(t, 7*tc.boards, tc.victory)
		boards := seatBoards(b, tc.boards, tc.atTables)
		if tc.short {
			last := &boards[len(boards)-1]
			last.Seats = last.Seats[:6]
		}
		if err := b.WriteBoardCalls(1, boards); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Save(Options{}); err != nil {
			t.Fatal(err)
		}
		pdf := filepath.Join(t.TempDir(), "calls.pdf")
		args := []string{"--sheet", BoardCallsSheet(1), "--pages", b.Path, pdf}
		if dir := os.Getenv("DTM_CALLS_PNG"); dir != "" { // to look at the pages: DTM_CALLS_PNG=/tmp/calls
			args = append([]string{"--png", fmt.Sprintf("%s-%d-%s", dir, tc.boards, tc.victory), "--dpi", "60"}, args...)
		}
		out, _, _ := strings.Cut(string(lotest.Run(t, "lo-pdf", args...)), "\n")
		if out != strconv.Itoa(tc.boards+1) {
			t.Errorf("%d boards, %s: LibreOffice prints %q pages, want %d", tc.boards, tc.victory, out, tc.boards+1)
		}
	}
}

// TestLibreOfficeBoardCallsRewrite re-seeds a heat after the director saved
// the workbook in LibreOffice: four boards' calls, saved by LibreOffice, then
// rewritten with one board, must print two pages, with one page break left
// in the file.
func TestLibreOfficeBoardCallsRewrite(t *testing.T) {
	t.Parallel()
	b := callsBook(t, 28, "regatta-2003")
	sheet := BoardCallsSheet(1)
	if err := b.WriteBoardCalls(1, seatBoards(b, 4, false)); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	lotest.Run(t, "lo-recalc", "--no-hard-recalc", b.Path)
	if brk := rowBreaks(t, b.Path, sheet); len(brk.rows) != 4 {
		t.Fatalf("LibreOffice kept page breaks after rows %v, want four", brk.rows)
	}
	b2, err := Open(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer b2.Close()
	if err := b2.WriteBoardCalls(1, seatBoards(b2, 4, false)[1:2]); err != nil {
		t.Fatal(err)
	}
	if _, err := b2.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	// One board of 27 rows, then the list.
	if brk := rowBreaks(t, b.Path, sheet); !reflect.DeepEqual(brk.rows, []int{27}) || brk.manual != 1 {
		t.Errorf("page breaks after rows %v (manual count %d), want 27 only", brk.rows, brk.manual)
	}
	pdf := filepath.Join(t.TempDir(), "calls.pdf")
	if out, _, _ := strings.Cut(string(lotest.Run(t, "lo-pdf", "--sheet", sheet, "--pages", b.Path, pdf)), "\n"); out != "2" {
		t.Errorf("LibreOffice prints %q pages, want 2", out)
	}
}

// TestBoardCallsFollowSystems writes the calls of a heat scored by a rank
// system ending in 1907 (C-Diplo, its Final game-year set to 1907) whose
// board 1 is the top board with its own system (Regatta 2002, Win/Draw, no
// final year), under the regatta-2002 victory rule, on a date typed as a
// date cell (46130: Saturday 18 April 2026).
//
// Board 1's page is its title (row 1), the heat line (2), the system (3), a
// spacer (4), seven seats (5-11), a spacer (12), the score sheet's heading
// (13), header (14: 1901 to 1912 in I to T, W/L in U, the signature from V),
// seven rows (15-21), two lines (22-23) and the victory table (24-28, with
// 1913+ in U:V). Board 2's page starts at row 29: its score sheet's header
// (row 42) has 1901 to 1907 in I to O, no W/L, the signature from P; a rank
// line (50), the final-year line (51) and no victory table; the list
// follows at row 52.
func TestBoardCallsFollowSystems(t *testing.T) {
	f := fixture(t)
	set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetVictory)), "regatta-2002")
	rows, err := f.GetRows(SheetSystems)
	if err != nil {
		t.Fatal(err)
	}
	finalCol := slices.Index(rows[0], HeaderFinalYear)
	for r, row := range rows {
		if len(row) > 0 && row[0] == "C-Diplo (the manual's)" {
			set(t, f, SheetSystems, cellName(finalCol+1, r+1), 1907)
		}
	}
	set(t, f, SheetHeats, "B2", "C-Diplo (the manual's)", 46130)
	style, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStyle(SheetHeats, "C2", "C2", style); err != nil {
		t.Fatal(err)
	}
	for r := 2; r <= 8; r++ { // board 1: its own system
		set(t, f, HeatSheet(1), cellName(3, r), "Regatta 2002 (ARMADA Regatta III)")
	}
	b := reread(t, f)
	if len(b.Problems) > 0 {
		t.Fatalf("test workbook has problems:\n%v", b.Problems)
	}
	if err := b.WriteBoardCalls(1, b.Tournament.HeatCallBoards(1)); err != nil {
		t.Fatal(err)
	}
	b.Path = filepath.Join(t.TempDir(), "systems.xlsx")
	saved := packed(t, b, b.Path)
	got := sheetCells(t, saved, BoardCallsSheet(1))
	want := map[string]string{
		"A1": "Board 1 · Top board", "A2": "Heat 1 · Saturday 18 April 2026 · Test Open",
		"A3": "Scoring system: Regatta 2002 (ARMADA Regatta III)", "A5": "Austria", "G5": "Ann Smith",
		"I14": "1901", "T14": "1912", "U14": "W/L", "V14": "Signature",
		"A25": "Victory criteria: regatta-2002", "I26": "1901", "T26": "1912", "U26": "1913+", "N27": "17", "U27": "6",
		"A29": "Board 2", "A30": "Heat 1 · Saturday 18 April 2026 · Test Open",
		"A31": "Scoring system: C-Diplo (the manual's) · the game ends after 1907", "G33": "Hal Stone",
		"I42": "1901", "O42": "1907", "P42": "Signature", "D43": "Hal Stone",
		"A50": "The powers are ranked by their centres. Signing confirms the centres.",
		"A52": "Heat 1: who plays where",
	}
	for cell, w := range want {
		if got[cell] != w {
			t.Errorf("%s = %q, want %q", cell, got[cell], w)
		}
	}
	for _, cell := range []string{"A4", "Q42", "U42"} {
		if v, ok := got[cell]; ok {
			t.Errorf("%s = %q, want it empty", cell, v)
		}
	}
	for cell, v := range got {
		if strings.HasPrefix(v, "Victory criteria") && cell != "A25" {
			t.Errorf("%s = %q: board 2 has no victory table", cell, v)
		}
	}
	golden.Check(t, "testdata/boardcalls/systems.txt", dumpCalls(t, saved, BoardCallsSheet(1)))
	// In LibreOffice, the top board's page with its system line and victory table still prints on one page:
	// two boards and the list make three.
	pdf := filepath.Join(t.TempDir(), "calls.pdf")
	if out, _, _ := strings.Cut(string(lotest.Run(t, "lo-pdf", "--sheet", BoardCallsSheet(1), "--pages", b.Path, pdf)), "\n"); out != "3" {
		t.Errorf("the calls print on %s pages, want 3", out)
	}
}

func TestPNGWidth(t *testing.T) {
	head := "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"
	for _, c := range []struct {
		data string
		want int
	}{
		{head + "\x00\x00\x00\xe8\x00\x00\x00\xe8", 232},
		{head + "\x00\x00\x01\x00", 0},                                // cut short
		{"GIF89a" + head[6:] + "\x00\x00\x00\xe8\x00\x00\x00\xe8", 0}, // not a PNG
		{"", 0},
	} {
		if got := pngWidth([]byte(c.data)); got != c.want {
			t.Errorf("pngWidth(%q) = %d, want %d", c.data, got, c.want)
		}
	}
}

// TestBoardCallsPageBreakLimit writes the calls of a heat of 1,100 boards
// (7,700 players): one page a board and 55 pages of the list, more than
// the 1,026 manual page breaks Excel allows on a sheet. The first 1,026
// are kept, the rest dropped, and dtm check warns from which board on.
func TestBoardCallsPageBreakLimit(t *testing.T) {
	const boards = 1100
	b := saved(t)
	var calls []CallBoard
	heat := Heat{}
	for k := range boards {
		cb := CallBoard{Board: k + 1}
		g := Game{Board: k + 1, Status: Unstarted}
		for s := range 7 {
			cb.Seats = append(cb.Seats, CallSeat{Power: ChoicesPower[s], Player: fmt.Sprintf("P%d Player%d", 7*k+s, k)})
			g.Seats = append(g.Seats, Seat{Player: 7*k + s, Power: -1, Replaced: -1})
		}
		calls = append(calls, cb)
		heat.Games = append(heat.Games, g)
	}
	if err := b.WriteBoardCalls(1, calls); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	if got := rowBreaks(t, b.Path, BoardCallsSheet(1)).rows; len(got) != MaxPageBreaks {
		t.Errorf("%d page breaks, want Excel's limit, %d", len(got), MaxPageBreaks)
	}
	tour := &Tournament{Heats: []Heat{heat}}
	warnings := tour.CallsPageWarnings(1)
	if len(warnings) != 1 || warnings[0].Sheet != BoardCallsSheet(1) ||
		!strings.Contains(warnings[0].Msg, "fill 1155 pages") || !strings.Contains(warnings[0].Msg, "from board 1028 on") {
		t.Errorf("warnings %v, want one from board 1028 on", warnings)
	}
	tour.Heats[0].Games = tour.Heats[0].Games[:1000] // 1,050 pages
	if w := tour.CallsPageWarnings(1); len(w) != 1 || !strings.Contains(w[0].Msg, "from page 28 of the list of players on") {
		t.Errorf("1,000 boards: %v, want a warning from the list's page 28 on", w)
	}
	tour.Heats[0].Games = tour.Heats[0].Games[:950] // 998 pages
	if w := tour.CallsPageWarnings(1); len(w) != 0 {
		t.Errorf("950 boards warned: %v", w)
	}
}

// TestNameRanksAsNameOrder: entries sorted by their player's rank by name
// (NameRanks), then board, stand as NameOrder sorts them, whatever the
// names' case, accents, blanks, and players of the same name.
func TestNameRanksAsNameOrder(t *testing.T) {
	players := [][2]string{ // last, first
		{"Carter", "Chloé"}, {"carter", "Chloe"}, {"Çarter", "Ann"}, {"Carter", "Chloé"}, {"", "Zed"}, {"Zed", ""},
		{"Ødegaard", "Per"}, {"Odegaard", "per"}, {"", ""}, {"Lee", "Ann"}, {"Lee", "ann"}, {"LEE", "Ann"}, {"名前", "太郎"},
		{"Carter", "Chloé"},
	}
	// Each player's entries: on the boards given, in the order a heat lists its seats.
	type entry struct{ player, board int }
	var entries []entry
	for b := 9; b >= 1; b-- {
		for p := range players {
			if (p+b)%3 != 0 {
				entries = append(entries, entry{p, b})
			}
		}
	}
	entries = append(entries, entry{0, 4}, entry{3, 4}, entry{13, 2}) // players of the same name on one board and another
	order := NameOrder(len(entries), func(i int) (string, string, int) {
		p := players[entries[i].player]
		return p[0], p[1], entries[i].board
	})
	want := make([]entry, len(order))
	for i, j := range order {
		want[i] = entries[j]
	}
	ranks := NameRanks(len(players), func(i int) (string, string) { return players[i][0], players[i][1] })
	got := slices.Clone(entries)
	slices.SortStableFunc(got, func(a, b entry) int {
		if d := ranks[a.player] - ranks[b.player]; d != 0 {
			return d
		}
		return a.board - b.board
	})
	if !slices.Equal(got, want) {
		t.Errorf("by rank, then board:\n%v\nNameOrder:\n%v", got, want)
	}
	if ranks[0] != ranks[3] || ranks[0] != ranks[13] || ranks[0] == ranks[1] {
		t.Errorf("ranks %v: want players 0, 3 and 13 (the same name) to share one, and 1 (lower case) apart", ranks)
	}
}
