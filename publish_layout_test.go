package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

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
	namedEvent(t, book, 57, 3, 4, longEventName)
	for _, args := range [][]string{{"seed", "--sit-out", "auto", "--pool", "top 7", book}, {"score", book}, {"publish", book}} {
		if code, out, errOut := dtm(t, args...); code != 0 {
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

// tab is one tab of a headless chromium that the test drives through the
// DevTools protocol: one browser for many pages and window sizes.
type tab struct {
	t   *testing.T
	ctx context.Context
}

// browserTab starts chromium (browser) and opens a tab; the test's cleanup
// closes it.
func browserTab(t *testing.T, browser string) *tab {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()))
	actx, stop := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); stop() })
	// The first action starts the browser, which lives as long as the
	// context of that action: the tab's, not one with a timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return &tab{t, ctx}
}

// do runs actions, with a timeout generous enough for a busy machine.
func (tb *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("chromium, %s: %v", what, err)
	}
}

// value runs one action and returns its value.
func value[T any](tb *tab, what string, a chromedp.Action[T]) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 2*time.Minute)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		tb.t.Fatalf("chromium, %s: %v", what, err)
	}
	return v
}

// open shows a file in a window of width by height CSS pixels.
func (tb *tab) open(path string, width, height int) {
	tb.t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		tb.t.Fatal(err)
	}
	tb.do("open "+path, chromedp.EmulateViewport(int64(width), int64(height)),
		chromedp.Navigate((&url.URL{Scheme: "file", Path: abs}).String()))
}

// shot saves a screenshot as a PNG: of the window, or of the whole page
// (beyond the window when it is longer) when full.
func (tb *tab) shot(path string, full bool) {
	tb.t.Helper()
	a := chromedp.CaptureScreenshot()
	if full {
		a = chromedp.FullScreenshot(100)
	}
	data := value(tb, "screenshot", a)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// eval runs a script in the page and decodes its JSON result into out.
func (tb *tab) eval(script string, out any) {
	tb.t.Helper()
	js := value(tb, "script", chromedp.Evaluate[string]("JSON.stringify("+script+")"))
	if err := json.Unmarshal([]byte(js), out); err != nil {
		tb.t.Fatalf("script result %s: %v", js, err)
	}
}

// layoutScript measures a page in the window: the page's own width, each
// required element that is hidden or reaches outside the window, each
// name's lines (the text's line boxes) and whether they stay inside their
// cell and the window, and the element of id "left"'s text box (the
// clock's digits).
const layoutScript = `(function (need, names) {
  const W = innerWidth, H = innerHeight, out = {width: W, height: H, page: document.documentElement.scrollWidth, bad: [], names: [], digits: null};
  const say = e => (e.className ? e.tagName.toLowerCase() + "." + e.className.split(" ").join(".") : e.tagName.toLowerCase()) + " " + JSON.stringify(e.textContent.trim().slice(0, 40));
  for (const sel of need) {
    const els = document.querySelectorAll(sel);
    if (els.length === 0) out.bad.push("no " + sel);
    for (const e of els) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) out.bad.push(sel + " hidden: " + say(e));
      else if (r.left < -0.5 || r.right > W + 0.5) out.bad.push(sel + " at " + Math.round(r.left) + ".." + Math.round(r.right) + " px: " + say(e));
    }
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
	tb.eval(layoutScript+"(..."+string(args)+")", &l)
	return l
}

// The windows the site is checked at: a phone, a tablet, a laptop and a
// desktop screen.
var windows = [][2]int{{390, 844}, {768, 1024}, {1280, 800}, {1920, 1080}}

// TestSiteLayout renders the 57-player event's site with long names, the
// board calls, the results-entry page, the projector and the room clock in
// one chromium at 390, 768, 1280 and 1920 pixels wide, and reads each
// element's box: the columns a reader needs (rank, name and total of the
// standings; board, power, player and score of the heats; every field of
// the entry page) lie inside the window, the page does not scroll
// sideways, long names wrap inside their cells, the top board is labelled,
// and the clock's digits fit a tall and a wide window. The screenshots are
// kept in $DTM_ARTEFACTS/layout.
func TestSiteLayout(t *testing.T) {
	browser := chromium(t)
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
		{"projector-3.html", "projector-boards", []string{".frame-boards h2", ".frame-boards td.power", ".frame-boards td.who"}, "Board 1 Top board"},
		{"projector-6.html", "projector-standings", []string{"table.standings td.rank", "table.standings td.who", "table.standings td.total"}, ""},
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
			tb.open(path, w[0], w[1])
			if frag != "" {
				tb.do("type the code", chromedp.Evaluate[chromedp.Void](`location.hash = "`+frag+`"; document.getElementById("code").value = "`+strings.TrimPrefix(frag, "code=")+`"; document.getElementById("form").dispatchEvent(new Event("input"))`))
			}
			where := fmt.Sprintf("%s at %dx%d", p.shot, w[0], w[1])
			tb.shot(filepath.Join(shots, fmt.Sprintf("%s-%d.png", p.shot, w[0])), !strings.HasPrefix(p.shot, "projector"))
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
			if w[0] == 390 && !slices.ContainsFunc(l.Names, func(n nameBox) bool { return n.Lines > 1 }) {
				t.Errorf("%s: no long name wraps", where)
			}
			if p.top != "" {
				var text string
				tb.eval(`document.body.innerText.replace(/\s+/g, " ")`, &text)
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
		tb.open(filepath.Join(site, "clock-heat-4.html"), w[0], w[1])
		tb.do("start the clock", chromedp.Evaluate[chromedp.Void](`location.hash = "start=`+start+`"`))
		where := fmt.Sprintf("the clock at %dx%d", w[0], w[1])
		tb.shot(filepath.Join(shots, fmt.Sprintf("clock-%dx%d.png", w[0], w[1])), false)
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
}
