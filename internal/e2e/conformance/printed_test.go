package conformance

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/workbook"
)

// printedNames are players of the printed event whose names are as long as
// they come.
var printedNames = [][2]string{
	{"Maximilian Alexander", "von Hohenzollern-Sigmaringen"},
	{"Anna-Katharina Friederike", "Oberhausen-Lichtenberg"},
	{"Jean-Baptiste Emmanuel", "de La Rochefoucauld-Liancourt"},
	{"Maria Fernanda", "Villanueva de la Concepción"},
}

// printedEvent builds a 57-player team tournament of three heats, long
// names among the players, a club of twelve whose members pay a conflict
// on a board together, every heat seated (--sit-out auto) and played
// (solos, draws and five-way draws), and scored: every tab dtm writes is
// full, as a director prints it at the end of the day.
func printedEvent(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "regatta.xlsx")
	clitest.RunOK(t, "new", "--heats", "3", path)
	f := clitest.OpenXLSX(t, path)
	fixture.SetSetting(t, f, workbook.SetName, "2026 Regatta of the ARMADA")
	fixture.SetSetting(t, f, workbook.SetTeamSize, "Teams of 3")
	fixture.SetSetting(t, f, workbook.SetRandomSeed, 2026) // the same seating, ties and pages on every run
	var names []string
	for i := range 57 {
		first, last := fmt.Sprintf("Player%02d", i), "Tester"
		if i%14 < len(printedNames) {
			first, last = printedNames[i%14][0], printedNames[i%14][1]
			if i >= 14 {
				first = fmt.Sprintf("%s %c.", first, 'A'+i/14)
			}
		}
		names = append(names, first+" "+last)
		fixture.Set(t, f, workbook.SheetPlayers, fixture.Cell(1, i+2), first, last)
		col := fixture.PlayersColumn(t, f, workbook.HeatSheet(1))
		for h := range 3 {
			c := []byte(col)
			c[len(c)-1] += byte(h)
			fixture.Set(t, f, workbook.SheetPlayers, fmt.Sprintf("%s%d", c, i+2), "Registered")
		}
	}
	club := []any{"Sigmaringen Diplomacy Club", 5} // its members pay on a board together: the heat sheets' conflict detail
	for i := range 12 {
		club = append(club, names[i*4])
	}
	fixture.Set(t, f, workbook.SheetGroups, "A2", club...)
	for heat := range 3 { // the board calls' heat line then runs under the QR code's place
		fixture.Set(t, f, workbook.SheetHeats, fixture.Cell(3, heat+2), fmt.Sprintf("2026-03-%d", 14+heat/2))
	}
	for team := range 19 {
		fixture.Set(t, f, workbook.SheetTeams, fixture.Cell(1, team+2), fmt.Sprintf("Team %c", 'A'+team),
			names[3*team], names[3*team+1], names[3*team+2])
	}
	clitest.SaveXLSX(t, f)
	results := []map[string][3]any{clitest.SoloBoard, clitest.DrawBoard, clitest.FiveDrawBoard}
	for heat := 1; heat <= 3; heat++ {
		clitest.RunOK(t, "seed", "--sit-out", "auto", "--heat", fmt.Sprint(heat), path)
		f := clitest.OpenXLSX(t, path)
		for _, s := range clitest.HeatSeats(t, path, heat) {
			res := results[(s.Board+heat)%len(results)][s.Power]
			fixture.Set(t, f, workbook.HeatSheet(heat), fmt.Sprintf("B%d", s.Row), "Finished")
			fixture.Set(t, f, workbook.HeatSheet(heat), fmt.Sprintf("F%d", s.Row), res[:]...)
		}
		clitest.SaveXLSX(t, f)
		clitest.RunOK(t, "score", path)
	}
	return path
}

// TestPrintedLegible prints every tab dtm writes of a 57-player event with
// long names through LibreOffice, on A4 and on Letter (one run for each,
// the Paper size setting), and checks each page from its PDF: the body
// text at 9 pt or more (a long name wrapped at 8 pt or more; the page's
// header and footer at 7), no word over another or over a QR code, the
// page's paper, the pages each tab runs to, and every word of the longest
// Player and Conflict detail on its heat sheet's pages. The pages are kept as PNGs in $DTM_ARTEFACTS.
func TestPrintedLegible(t *testing.T) {
	t.Parallel()
	for _, tool := range []string{"pdftotext", "pdftohtml", "pdftoppm"} {
		if _, err := exec.LookPath(tool); err != nil {
			if shared.Required() {
				t.Fatalf("%s (poppler-utils) is required", tool)
			}
			t.Skipf("%s (poppler-utils) is not installed", tool)
		}
	}
	event := printedEvent(t)
	// The pages each tab takes: at least (a table that runs over pages
	// rather than shrinking) and at most.
	pages := map[string][2]int{
		workbook.SheetStandings:     {3, 7}, // 57 rows, then the leaders chart on a page of its own
		workbook.SheetTeamStandings: {1, 3},
		workbook.SheetAwards:        {1, 3},
	}
	for heat := 1; heat <= 3; heat++ {
		pages[workbook.HeatSheet(heat)] = [2]int{2, 8}        // what a director checks, then the seating's detail
		pages[workbook.BoardCallsSheet(heat)] = [2]int{9, 10} // a page per board, then who plays where (and who sits out)
	}
	tabs := slices.Sorted(maps.Keys(pages))
	papers := []struct {
		name          string  // the Paper size setting
		width, height float64 // portrait, in points
	}{{"A4", 595.3, 841.9}, {"Letter", 612, 792}}
	dir := t.TempDir()
	for _, paper := range papers {
		book := filepath.Join(dir, paper.name+".xlsx")
		printCopy(t, event, book, tabs, paper.name)
		pdf := filepath.Join(dir, paper.name+".pdf")
		lotest.Run(t, "lo-pdf", book, pdf)
		keepPages(t, book, pdf, "printed-"+paper.name)
		byTab := map[string]int{}
		smallest := map[string]float64{} // each tab's smallest body text, for the log
		text := map[string]string{}      // each tab's words
		for i, p := range readPrinted(t, pdf) {
			tab := p.tab()
			for _, w := range p.Words {
				text[tab] += w.Text + " "
			}
			where := fmt.Sprintf("%s page %d (%s)", paper.name, i+1, tab)
			byTab[tab]++
			if w, h := min(p.Width, p.Height), max(p.Width, p.Height); math.Abs(w-paper.width) > 1 || math.Abs(h-paper.height) > 1 {
				t.Errorf("%s: paper %.0f x %.0f pt, want %s", where, p.Width, p.Height, paper.name)
			}
			for _, w := range p.Words {
				want := 9.0
				switch {
				case p.furniture(w):
					want = 7
				case printedLongName(w.Text):
					want = 8
				default:
					smallest[tab] = min(cmp.Or(smallest[tab], w.size()), w.size())
				}
				if w.size() < want-0.1 {
					t.Errorf("%s: %q prints at %.1f pt, want %.0f or more", where, w.Text, w.size(), want)
					break
				}
			}
			if o := p.overlaps(); len(o) > 0 {
				t.Errorf("%s: %d words overlap: %s", where, len(o), strings.Join(clitest.Head(o, 5), "; "))
			}
		}
		for _, tab := range tabs {
			if n, want := byTab[tab], pages[tab]; n < want[0] || n > want[1] {
				t.Errorf("%s: %s prints on %d pages, want %d to %d", paper.name, tab, n, want[0], want[1])
			}
			t.Logf("%s: %s on %d pages, body text at %.1f pt or more", paper.name, tab, byTab[tab], smallest[tab])
		}
		for _, long := range wrappedTexts(t, book) {
			var lost []string
			for _, w := range strings.FieldsFunc(long.text, func(r rune) bool { return r == ' ' || r == '-' }) {
				if !strings.Contains(text[long.tab], w) {
					lost = append(lost, w)
				}
			}
			if len(lost) > 0 {
				t.Errorf("%s: %s prints %q without %q: cut at the cell's edge", paper.name, long.tab, long.text, lost)
			}
		}
		if len(byTab) != len(tabs) {
			t.Errorf("%s: pages of %v, want only %q", paper.name, byTab, tabs)
		}
	}
}

// wrappedText is a text of a heat sheet that wraps in its cell.
type wrappedText struct{ tab, text string }

// wrappedTexts are a printed workbook's longest Player and Conflict
// detail of its heat sheets, each with its sheet.
func wrappedTexts(t *testing.T, book string) []wrappedText {
	t.Helper()
	var out []wrappedText
	for _, h := range []string{workbook.HeaderSeatPlayer, workbook.HeaderConflictDetail} {
		var longest wrappedText
		for heat := 1; heat <= 3; heat++ {
			rows := clitest.SheetRows(t, book, workbook.HeatSheet(heat))
			c := slices.Index(rows[0], h)
			for _, r := range rows[1:] {
				if c >= 0 && c < len(r) && len(r[c]) > len(longest.text) {
					longest = wrappedText{workbook.HeatSheet(heat), r[c]}
				}
			}
		}
		if longest.text == "" {
			t.Fatalf("%s: no heat sheet has a %s", book, h)
		}
		out = append(out, longest)
	}
	return out
}

// printedLongName reports whether a word belongs to one of printedNames.
func printedLongName(word string) bool {
	word = strings.Trim(word, ",;.()")
	for _, n := range printedNames {
		for _, part := range strings.FieldsFunc(n[0]+" "+n[1], func(r rune) bool { return r == ' ' || r == '-' }) {
			if len(part) > 3 && strings.Contains(word, part) {
				return true
			}
		}
	}
	return false
}

// printCopy copies book to out with only tabs visible (the rest are not
// printed) and its Paper size setting set to paper, then lets dtm rewrite
// the output tabs, the heat sheets and the calls on it.
func printCopy(t *testing.T, book, out string, tabs []string, paper string) {
	t.Helper()
	f := clitest.OpenXLSX(t, book)
	fixture.SetSetting(t, f, workbook.SetPaper, paper)
	if err := f.SaveAs(out); err != nil {
		t.Fatal(err)
	}
	f.Close()
	clitest.RunOK(t, "score", out)
	for heat := 1; heat <= 3; heat++ { // the calls tabs are written on the setting's paper
		clitest.RunOK(t, "seed", "--refresh", "--heat", fmt.Sprint(heat), out)
	}
	f = clitest.OpenXLSX(t, out)
	if err := f.SetSheetVisible(tabs[0], true); err != nil {
		t.Fatal(err)
	}
	idx, err := f.GetSheetIndex(tabs[0])
	if err != nil {
		t.Fatal(err)
	}
	f.SetActiveSheet(idx)
	for _, sheet := range f.GetSheetList() {
		if !slices.Contains(tabs, sheet) {
			if err := f.SetSheetVisible(sheet, false); err != nil {
				t.Fatal(err)
			}
		}
	}
	clitest.SaveXLSX(t, f)
}

// keepPages renders a PDF's pages as PNGs into $DTM_ARTEFACTS (when set),
// named prefix-N.png, for a person to look at, beside the workbook printed
// (prefix.xlsx).
func keepPages(t *testing.T, book, pdf, prefix string) {
	t.Helper()
	dir := os.Getenv("DTM_ARTEFACTS")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, prefix+".xlsx"), data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("pdftoppm", "-png", "-r", "60", pdf, filepath.Join(dir, prefix)).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm %s: %v\n%s", pdf, err, out)
	}
	t.Logf("printed pages: %s/%s-*.png", dir, prefix)
}

// box is a rectangle on a printed page, in points from the top left.
type box struct{ XMin, YMin, XMax, YMax float64 }

// overlaps reports whether two boxes share more than a sliver across and
// more than a third of the lower one's height down: pdftotext's boxes
// of the lines of a wrapped cell touch.
func (a box) overlaps(b box) bool {
	const sliver = 0.5
	down := min(a.YMax-a.YMin, b.YMax-b.YMin) / 3
	return min(a.XMax, b.XMax)-max(a.XMin, b.XMin) > sliver && min(a.YMax, b.YMax)-max(a.YMin, b.YMin) > down
}

// printedWord is a word on a printed page, as pdftotext -bbox-layout boxes it.
type printedWord struct {
	box
	Text string
	line int // the words of one line are numbered alike
}

// heightPerPoint is the height of pdftotext's box of a word per point of
// its font size, for Carlito (Calibri's metric twin) as LibreOffice embeds
// it: the 9-pt footer of a page printed at 100 % is 11.7 points high.
const heightPerPoint = 1.3

// size is the word's font size in points, from its box's height.
func (w printedWord) size() float64 { return (w.YMax - w.YMin) / heightPerPoint }

// furniture reports whether a word is in the page's header or footer
// (above or below its 0.5-inch margins).
func (p printedPage) furniture(w printedWord) bool {
	const margin = 36
	return w.YMax < margin || w.YMin > p.Height-margin
}

// tab names the tab a page was printed from, as its footer says: "dtm ·
// Standings".
func (p printedPage) tab() string {
	line := -1
	for _, w := range p.Words {
		if p.furniture(w) && w.YMin > p.Height/2 && w.Text == "dtm" {
			line = w.line
		}
	}
	var words []string
	for _, w := range p.Words {
		if w.line == line && w.XMin < p.Width/2 {
			words = append(words, w.Text)
		}
	}
	tab, _ := strings.CutPrefix(strings.Join(words, " "), "dtm · ")
	return tab
}

// printedPage is a page of a PDF: its size, words and pictures.
type printedPage struct {
	Width, Height float64
	Words         []printedWord
	Images        []box
}

// overlaps lists the words that overlap another word of another line or a
// picture.
func (p printedPage) overlaps() []string {
	var out []string
	for i, a := range p.Words {
		for _, b := range p.Words[i+1:] {
			if a.line != b.line && a.overlaps(b.box) {
				out = append(out, fmt.Sprintf("%q over %q", a.Text, b.Text))
			}
		}
		for _, im := range p.Images {
			if a.overlaps(im) {
				out = append(out, fmt.Sprintf("%q over a picture", a.Text))
			}
		}
	}
	return out
}

// readPrinted reads a PDF's pages: the words' boxes from pdftotext
// -bbox-layout, the pictures' from pdftohtml -xml.
func readPrinted(t *testing.T, pdf string) []printedPage {
	t.Helper()
	out, err := exec.Command("pdftotext", "-bbox-layout", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", pdf, err)
	}
	var doc struct {
		Pages []struct {
			Width  float64 `xml:"width,attr"`
			Height float64 `xml:"height,attr"`
			Lines  []struct {
				Words []struct {
					XMin float64 `xml:"xMin,attr"`
					YMin float64 `xml:"yMin,attr"`
					XMax float64 `xml:"xMax,attr"`
					YMax float64 `xml:"yMax,attr"`
					Text string  `xml:",chardata"`
				} `xml:"word"`
			} `xml:"flow>block>line"`
		} `xml:"body>doc>page"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatalf("pdftotext %s: %v", pdf, err)
	}
	dir := t.TempDir()
	if out, err := exec.Command("pdftohtml", "-xml", "-zoom", "1", "-q", pdf, filepath.Join(dir, "p")).CombinedOutput(); err != nil {
		t.Fatalf("pdftohtml %s: %v\n%s", pdf, err, out)
	}
	data, err := os.ReadFile(filepath.Join(dir, "p.xml"))
	if err != nil {
		t.Fatal(err)
	}
	var pics struct {
		Pages []struct {
			Images []struct {
				Top    float64 `xml:"top,attr"`
				Left   float64 `xml:"left,attr"`
				Width  float64 `xml:"width,attr"`
				Height float64 `xml:"height,attr"`
			} `xml:"image"`
		} `xml:"page"`
	}
	if err := xml.Unmarshal(data, &pics); err != nil {
		t.Fatalf("pdftohtml %s: %v", pdf, err)
	}
	pages := make([]printedPage, len(doc.Pages))
	line := 0
	for i, pg := range doc.Pages {
		p := &pages[i]
		p.Width, p.Height = pg.Width, pg.Height
		for _, l := range pg.Lines {
			line++
			for _, w := range l.Words {
				p.Words = append(p.Words, printedWord{box{w.XMin, w.YMin, w.XMax, w.YMax}, w.Text, line})
			}
		}
		if i < len(pics.Pages) {
			for _, im := range pics.Pages[i].Images {
				p.Images = append(p.Images, box{im.Left, im.Top, im.Left + im.Width, im.Top + im.Height})
			}
		}
	}
	return pages
}
