package publish

import (
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/chrometest"
	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/chromedp/chromedp"
)

// The long names of the 57-player event: words that must wrap, one that
// must break.
var longNames = [][2]string{
	{"Maximilian Alexander", "von Hohenzollern-Sigmaringen"}, {"Anna-Katharina", "Schwarzenberg-Lichtenstein"},
	{"Jean-Baptiste Emmanuel", "de La Rochefoucauld-Montmorency"}, {"Oluwaseun Adebayo", "Ogunleye-Fashola"},
	{"Hubert Blaine", "Wolfeschlegelsteinhausenbergerdorff"},
}

// longEventName names player i of the 57-player event: every fourth a long
// name, the others short.
func longEventName(i int) (first, last string) {
	if i%4 == 0 {
		n := longNames[i/4%len(longNames)]
		if i/4 >= len(longNames) {
			return n[0], n[1] + " " + strconv.Itoa(i/4/len(longNames)+1)
		}
		return n[0], n[1]
	}
	return []string{"Ann", "Bo", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hal"}[i%8], []string{"Evans", "Moreau", "Carter", "Ng", "Ito", "Diaz", "Park"}[i%7] + string(rune('a'+i/8))
}

// longEvent is a 57-player event of four heats, three played, with long
// names: heat 4 is seeded with the pool of seven on its top board and one
// player sitting out, and the site published. It returns the workbook and
// the site's folder.
func longEvent(t *testing.T) (book, site string) {
	t.Helper()
	book = filepath.Join(t.TempDir(), "long-names.xlsx")
	clitest.NamedEvent(t, book, 57, 3, 4, longEventName)
	for _, args := range [][]string{{"seed", "--sit-out", "auto", "--pool", "top 7", book}, {"score", book}, {"publish", book}} {
		if code, out, errOut := clitest.Dtm(t, args...); code != 0 {
			t.Fatalf("dtm %v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	return book, filepath.Join(filepath.Dir(book), "long-names site")
}

// artefacts is the folder the browser tests keep their screenshots and
// PDFs in: $DTM_ARTEFACTS, or a temporary folder (logged).
func artefacts(t *testing.T, sub string) string {
	t.Helper()
	dir := os.Getenv("DTM_ARTEFACTS")
	if dir == "" {
		dir = t.TempDir()
	}
	dir = filepath.Join(dir, sub)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", dir)
	return dir
}

// tab is a tab of the shared browser driver (internal/chrometest), with
// the test it serves, for the measurements and prints below.
type tab struct {
	*chrometest.Tab
	t *testing.T
}

// browserTab starts chromium (browser) and opens a tab; the test's cleanup
// closes it.
func browserTab(t *testing.T, browser string) *tab {
	t.Helper()
	return &tab{chrometest.New(t, browser), t}
}

// layoutScript measures a page in the window: the page's own width, each
// required element that is hidden or reaches outside the window, each
// cell of a folded table whose text runs out of it (over the next), each
// name's lines (the text's line boxes) and whether they stay inside their
// cell and the window, the lowest element's bottom edge, the smallest font
// size of the required elements, and the element of id "left"'s text box
// (the clock's digits).
const layoutScript = `(function (need, names) {
  const W = innerWidth, H = innerHeight, out = {width: W, height: H, page: document.documentElement.scrollWidth, bad: [], names: [], digits: null, font: 0};
  const say = e => (e.className ? e.tagName.toLowerCase() + "." + e.className.split(" ").join(".") : e.tagName.toLowerCase()) + " " + JSON.stringify(e.textContent.trim().slice(0, 40));
  for (const sel of need) {
    const els = document.querySelectorAll(sel);
    if (els.length === 0) out.bad.push("no " + sel);
    for (const e of els) {
      const r = e.getBoundingClientRect(), px = parseFloat(getComputedStyle(e).fontSize);
      out.font = out.font ? Math.min(out.font, px) : px;
      if (r.width === 0 || r.height === 0) out.bad.push(sel + " hidden: " + say(e));
      else if (r.left < -0.5 || r.right > W + 0.5) out.bad.push(sel + " at " + Math.round(r.left) + ".." + Math.round(r.right) + " px: " + say(e));
    }
  }
  for (const td of document.querySelectorAll("table.fold td")) {
    if (td.getClientRects().length > 0 && td.scrollWidth > td.clientWidth + 1) out.bad.push("text runs out of its folded cell (" + td.scrollWidth + " px in " + td.clientWidth + "): " + say(td));
  }
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const name = names.find(x => n.textContent.includes(x));
    if (!name || n.parentElement.closest("script, title")) continue;
    const r = document.createRange();
    r.selectNodeContents(n);
    const lines = [...r.getClientRects()].filter(x => x.width > 0);
    if (lines.length === 0) continue;
    const box = (n.parentElement.closest("td, th, li, p, h1, h2, h3, div, section, figure") || document.body).getBoundingClientRect();
    const inside = lines.every(x => x.left >= box.left - 0.5 && x.right <= box.right + 0.5 && x.left >= -0.5 && x.right <= W + 0.5);
    const tops = new Set(lines.map(x => Math.round(x.top)));
    out.names.push({name: n.textContent.trim(), lines: tops.size, inside: inside, right: Math.round(Math.max(...lines.map(x => x.right)))});
  }
  out.bottom = Math.max(0, ...[...document.body.querySelectorAll("*")].map(e => e.getBoundingClientRect().bottom));
  const d = document.getElementById("left");
  if (d) {
    const r = document.createRange();
    r.selectNodeContents(d);
    const b = r.getBoundingClientRect();
    out.digits = {left: b.left, right: b.right, top: b.top, bottom: b.bottom, text: d.textContent};
  }
  return out;
})`

// nameBox is where a name's text lies: on how many lines, whether inside
// its cell and the window, and its right edge.
type nameBox struct {
	Name   string
	Lines  int
	Inside bool
	Right  int
}

// layout is what layoutScript measures.
type layout struct {
	Width, Height, Page int
	Bottom              float64 // the lowest element's bottom edge
	Font                float64 // the required elements' smallest font size, in CSS pixels
	Bad                 []string
	Names               []nameBox
	Digits              *struct {
		Left, Right, Top, Bottom float64
		Text                     string
	}
}

// measure runs layoutScript on the page shown, for the required elements
// need (CSS selectors) and the names to follow.
func (tb *tab) measure(need, names []string) layout {
	tb.t.Helper()
	args, err := json.Marshal([]any{need, names})
	if err != nil {
		tb.t.Fatal(err)
	}
	var l layout
	tb.Eval(layoutScript+"(..."+string(args)+")", &l)
	return l
}

// The windows the site is checked at: a phone, a tablet, a laptop and a
// desktop screen.
var windows = [][2]int{{390, 844}, {768, 1024}, {1280, 800}, {1920, 1080}}

// projectorFont is the smallest type of the projector's standings on a
// tablet, laptop or desktop screen, in CSS pixels: readable across a room.
const projectorFont = 22

// TestSiteLayout renders the 57-player event's site with long names, the
// board calls, the results-entry page, the projector and the room clock in
// one chromium at 390, 768, 1280 and 1920 pixels wide, and reads each
// element's box: the columns a reader needs (rank, name and total of the
// standings; board, power, player and score of the heats; every field of
// the entry page) lie inside the window, the page does not scroll
// sideways, long names wrap inside their cells, the top board is labelled,
// and the clock's digits fit a tall and a wide window. Then it prints the
// wall standings, the certificates and the scoring table on A4 and Letter and reads the PDFs
// back (printedPages). The screenshots and PDFs are kept in
// $DTM_ARTEFACTS/layout.
func TestSiteLayout(t *testing.T) {
	t.Parallel()
	browser := chrometest.Path(t)
	book, site := longEvent(t)
	shots := artefacts(t, "layout")
	tb := browserTab(t, browser)
	var names []string
	for _, n := range longNames {
		names = append(names, n[0]+" "+n[1], n[1]+", "+n[0])
	}
	// The heat-4 board 1 code of the entry page, typed in: its players and
	// the top board's label show.
	entry := strings.TrimSuffix(book, ".xlsx") + "-entry.html"
	pages := []struct {
		file, shot string
		need       []string
		top        string // the top board's label, where the page shows board 1 of heat 4
	}{
		{"standings.html", "standings", []string{"table.standings td.rank", "table.standings td.who", "table.standings td.total"}, ""},
		{"heat-3.html", "heat-3", []string{".boardcard h2", "table.board td.power", "table.board td.who", "table.board td.score"}, ""},
		{"heat-4.html", "heat-4", []string{".boardcard h2", "table.board td.power", "table.board td.who"}, "Board 1 Top board"},
		{"calls-heat-4.html", "calls-heat-4", []string{"table.calls td.who", "table.calls td.board", "table.calls td.power", ".boardcard h3", "table.board td.who"}, "Board 1 Top board"},
		{"player-1.html", "player-1", []string{"table.games td.board", "table.games td.power", "table.games td.score"}, ""},
		{"projector.html", "projector-calls", []string{".frame-names td.who", ".frame-names td.board", ".frame-names td.power"}, ""},
		{projectorFrame(t, site, `class="frame-boards"`), "projector-boards", []string{".frame-boards h2", ".frame-boards td.power", ".frame-boards td.who"}, "Board 1 Top board"},
		{projectorFrame(t, site, `table class="standings"`), "projector-standings", []string{"table.standings td.rank", "table.standings td.who", "table.standings td.total"}, ""},
		{"wall.html", "wall", []string{"table.wall td.rank", "table.wall td.who", "table.wall td.total"}, ""},
		{"certificates.html", "certificates", []string{".certificate .award", ".certificate .winner"}, ""},
		{"scoring.html", "scoring", []string{"table.scoring td.result", "table.scoring td.drew", "table.scoring .pts"}, ""},
		{entry + "#code=H4-B1", "entry", []string{"#code", "#status", "#kind", "#year", "#powers input", "#powers td.player", "#powers th"}, "Heat 4, board 1 · top board"},
	}
	for _, w := range windows {
		for _, p := range pages {
			path, frag, _ := strings.Cut(p.file, "#")
			if !filepath.IsAbs(path) {
				path = filepath.Join(site, path)
			}
			if !exists(path) {
				t.Errorf("no %s", path)
				continue
			}
			tb.Open(path, w[0], w[1])
			if frag != "" {
				tb.Do("type the code", chromedp.Evaluate[chromedp.Void](`location.hash = "`+frag+`"; document.getElementById("code").value = "`+strings.TrimPrefix(frag, "code=")+`"; document.getElementById("form").dispatchEvent(new Event("input"))`))
			}
			where := fmt.Sprintf("%s at %dx%d", p.shot, w[0], w[1])
			tb.Shot(filepath.Join(shots, fmt.Sprintf("%s-%d.png", p.shot, w[0])), !strings.HasPrefix(p.shot, "projector"))
			l := tb.measure(p.need, names)
			for _, b := range l.Bad {
				t.Errorf("%s: %s", where, b)
			}
			if l.Page > l.Width {
				t.Errorf("%s: the page is %d px wide: it scrolls sideways", where, l.Page)
			}
			for _, n := range l.Names {
				if !n.Inside {
					t.Errorf("%s: %q runs out of its box (to %d px)", where, n.Name, n.Right)
				}
			}
			if strings.HasPrefix(p.shot, "projector") && w[0] >= 768 && l.Bottom > float64(l.Height)+0.5 {
				t.Errorf("%s: the frame reaches %.0f px, below the screen's %d: its last lines are cut off", where, l.Bottom, l.Height)
			}
			if p.shot == "projector-standings" && w[0] >= 768 && l.Font < projectorFont {
				t.Errorf("%s: the standings are in %.1f px type, want %d px or more: too small to read across the room", where, l.Font, projectorFont)
			}
			if w[0] == 390 && p.shot != "scoring" && !slices.ContainsFunc(l.Names, func(n nameBox) bool { return n.Lines > 1 }) { // the scoring table names no player
				t.Errorf("%s: no long name wraps", where)
			}
			if p.top != "" {
				var text string
				tb.Eval(`document.body.innerText.replace(/\s+/g, " ")`, &text)
				if !strings.Contains(text, p.top) {
					t.Errorf("%s: no %q", where, p.top)
				}
			}
		}
	}

	// The clock's digits fit a tall and a wide window, an hour or more
	// before the start ("1:23:45") as at the end.
	start := time.Now().Add(100 * time.Minute).Format("15:04")
	for _, w := range [][2]int{{390, 1400}, {800, 1600}, {1920, 1080}, {2400, 600}, {1280, 300}} {
		tb.Open(filepath.Join(site, "clock-heat-4.html"), w[0], w[1])
		tb.Do("start the clock", chromedp.Evaluate[chromedp.Void](`location.hash = "start=`+start+`"`))
		where := fmt.Sprintf("the clock at %dx%d", w[0], w[1])
		tb.Shot(filepath.Join(shots, fmt.Sprintf("clock-%dx%d.png", w[0], w[1])), false)
		l := tb.measure([]string{}, []string{})
		d := l.Digits
		if d == nil || !regexp.MustCompile(`^\d+(:\d\d)+$`).MatchString(d.Text) {
			t.Errorf("%s: the digits are %+v", where, d)
			continue
		}
		if l.Page > l.Width {
			t.Errorf("%s: the page is %d px wide: it scrolls sideways", where, l.Page)
		}
		if d.Left < 0 || d.Right > float64(w[0]) || d.Top < 0 || d.Bottom > float64(w[1]) {
			t.Errorf("%s: the digits %q are at %.0f..%.0f x %.0f..%.0f, outside the window", where, d.Text, d.Left, d.Right, d.Top, d.Bottom)
		}
	}
	printedPages(t, tb, site, shots)
}

// projectorFrame is the first of the projector's frames whose HTML holds
// marker: how many frames come before it depends on how the names split.
func projectorFrame(t *testing.T, site, marker string) string {
	t.Helper()
	frames, _ := filepath.Glob(filepath.Join(site, "projector*.html"))
	sort.Slice(frames, func(i, j int) bool {
		return len(frames[i]) < len(frames[j]) || len(frames[i]) == len(frames[j]) && frames[i] < frames[j]
	})
	for _, f := range frames {
		if data, err := os.ReadFile(f); err == nil && strings.Contains(string(data), marker) {
			return filepath.Base(f)
		}
	}
	t.Fatalf("no projector frame in %s holds %s", site, marker)
	return ""
}

// pdf prints the page shown on paper of a size (landscape when the page
// asks for it) and returns the PDF.
func (tb *tab) pdf(paper chromedp.PaperSize) []byte {
	tb.t.Helper()
	return chrometest.Value(tb.Tab, "print", chromedp.PrintToPDF(chromedp.PDFPaper(paper), chromedp.PDFPreferCSSPageSize()))
}

// pdfWord is a word of a printed page, as pdftotext -bbox-layout gives it:
// its box in points from the page's top left.
type pdfWord struct {
	X0, Y0, X1, Y1 float64
	Text           string
}

// pdfPage is a printed page: its size in points and its words.
type pdfPage struct {
	W, H  float64
	Words []pdfWord
}

var (
	pdfPageTag = regexp.MustCompile(`<page width="([\d.]+)" height="([\d.]+)">`)
	pdfWordTag = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)
)

// pdfWords reads each page's words of a PDF with pdftotext -bbox-layout.
func pdfWords(t *testing.T, pdf string) []pdfPage {
	t.Helper()
	out, err := exec.Command("pdftotext", "-bbox-layout", pdf, "-").Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", pdf, err)
	}
	var pages []pdfPage
	text := string(out)
	for _, loc := range pdfPageTag.FindAllStringSubmatchIndex(text, -1) {
		w, _ := strconv.ParseFloat(text[loc[2]:loc[3]], 64)
		h, _ := strconv.ParseFloat(text[loc[4]:loc[5]], 64)
		page := pdfPage{W: w, H: h}
		body := text[loc[1]:]
		if end := strings.Index(body, "</page>"); end >= 0 {
			body = body[:end]
		}
		for _, m := range pdfWordTag.FindAllStringSubmatch(body, -1) {
			var v [4]float64
			for k := range v {
				v[k], _ = strconv.ParseFloat(m[k+1], 64)
			}
			page.Words = append(page.Words, pdfWord{v[0], v[1], v[2], v[3], html.UnescapeString(m[5])})
		}
		pages = append(pages, page)
	}
	return pages
}

// text is a page's words, joined by spaces.
func (p pdfPage) text() string {
	var words []string
	for _, w := range p.Words {
		words = append(words, w.Text)
	}
	return strings.Join(words, " ")
}

// overlaps names the first two words of a page whose boxes overlap (by
// more than a quarter point), or a word outside the page; "" for none.
func (p pdfPage) overlaps() string {
	const e = 0.25
	for i, a := range p.Words {
		if a.X0 < -e || a.Y0 < -e || a.X1 > p.W+e || a.Y1 > p.H+e {
			return fmt.Sprintf("%q lies outside the page", a.Text)
		}
		for _, b := range p.Words[i+1:] {
			if a.X0 < b.X1-e && b.X0 < a.X1-e && a.Y0 < b.Y1-e && b.Y0 < a.Y1-e {
				return fmt.Sprintf("%q and %q overlap", a.Text, b.Text)
			}
		}
	}
	return ""
}

// printedPages prints the wall standings, the certificates and the table of
// what each result scores on A4 and Letter and checks the PDFs: landscape
// pages, as many as the HTML has sheets, each wall page with its own number
// on it (nothing spilled over), one certificate a page, the whole table on
// one page, no word over another or off the page, and the names in large
// type.
func printedPages(t *testing.T, tb *tab, site, shots string) {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		if shared.Required() {
			t.Fatal("pdftotext is not installed (apt-get install poppler-utils); CI requires the printed pages' test")
		}
		t.Log("pdftotext (poppler-utils) is not installed: the printed pages are not checked")
		return
	}
	names := map[string]bool{}
	for i := range 57 {
		first, last := longEventName(i)
		for _, w := range strings.FieldsFunc(first+" "+last, func(r rune) bool { return r == ' ' || r == '-' }) {
			if _, err := strconv.Atoi(w); err != nil {
				names[w] = true
			}
		}
	}
	for _, paper := range []struct {
		name string
		size chromedp.PaperSize
	}{{"A4", chromedp.PaperA4}, {"Letter", chromedp.PaperLetter}} {
		for _, file := range []string{"wall.html", "certificates.html", "scoring.html"} {
			sheets := strings.Count(clitest.Read(t, filepath.Join(site, file)), `<section class="sheet`)
			tb.Open(filepath.Join(site, file), 1280, 800)
			pdf := filepath.Join(shots, strings.TrimSuffix(file, ".html")+"-"+paper.name+".pdf")
			if err := os.WriteFile(pdf, tb.pdf(paper.size), 0o644); err != nil {
				t.Fatal(err)
			}
			pages := pdfWords(t, pdf)
			where := file + " on " + paper.name
			if len(pages) != sheets || sheets == 0 {
				t.Errorf("%s: %d pages for %d sheets", where, len(pages), sheets)
			}
			smallest := 1000.0 // the smallest name's box
			for i, p := range pages {
				if p.W < p.H {
					t.Errorf("%s: page %d is portrait", where, i+1)
				}
				if bad := p.overlaps(); bad != "" {
					t.Errorf("%s: page %d: %s", where, i+1, bad)
				}
				text := p.text()
				switch file {
				case "wall.html":
					if !strings.Contains(text, fmt.Sprintf("%d / %d", i+1, sheets)) {
						t.Errorf("%s: page %d does not say %d / %d: a sheet spilled over\n%s", where, i+1, i+1, sheets, text)
					}
					for _, w := range p.Words {
						if names[strings.Trim(w.Text, "-")] && w.Y1-w.Y0 > 20 { // not the header's event name
							smallest = min(smallest, w.Y1-w.Y0)
						}
					}
				case "scoring.html":
					// The table's first and last results are on its one page.
					if !strings.Contains(text, "Solo in 1905") || !strings.Contains(text, "Close board") {
						t.Errorf("%s: page %d lacks the table's first or last row: it spilled over\n%s", where, i+1, text)
					}
				case "certificates.html":
					if n := strings.Count(text, "awarded to"); n != 1 {
						t.Errorf("%s: page %d holds %d certificates", where, i+1, n)
					}
					biggest := 0.0 // the winner's name is the page's largest type
					for _, w := range p.Words {
						biggest = max(biggest, w.Y1-w.Y0)
					}
					smallest = min(smallest, biggest)
				}
			}
			if file != "scoring.html" { // the scoring table names no player
				t.Logf("%s: %d pages; the smallest name's box is %.1f pt high", where, len(pages), smallest)
			}
			// A name in 56 pt type has a box about 65 pt high (ascent to
			// descent); the certificates' winner is in 45 pt type.
			if file == "wall.html" && smallest < 60 {
				t.Errorf("%s: a name's box is %.1f pt high, want 56 pt type (a box of 60 pt or more)", where, smallest)
			}
			if file == "certificates.html" && smallest < 45 {
				t.Errorf("%s: a winner's name's box is %.1f pt high, want 40 pt type or more", where, smallest)
			}
		}
	}
}
