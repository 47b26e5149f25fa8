package publish

import (
	"flag"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/chrometest"
	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// docsImages rewrites the screenshots of docs/publish.md.
var docsImages = flag.Bool("docs-img", false, "rewrite docs/img/*.png from the sample's site (go test ./internal/e2e/publish -run TestPublishInBrowser -docs-img)")

// browse renders a page in the browser's tab at a window size, saves a
// screenshot of the window, and returns the page's DOM after its scripts
// ran.
func browse(tb *tab, page, shot string, width, height int) string {
	tb.t.Helper()
	tb.Open(page, width, height)
	tb.Shot(shot, false)
	f, err := os.Open(shot)
	if err != nil {
		tb.t.Fatalf("no screenshot of %s: %v", page, err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		tb.t.Fatalf("screenshot of %s: %v", page, err)
	}
	if b := img.Bounds(); b.Dx() != width || b.Dy() != height {
		tb.t.Errorf("screenshot of %s is %dx%d, want %dx%d", page, b.Dx(), b.Dy(), width, height)
	}
	var dom string
	tb.Eval("document.documentElement.outerHTML", &dom)
	return dom
}

// element returns the text inside the element with an id, up to its
// closing tag (elements of that name must not nest in it).
func element(t *testing.T, dom, name, id string) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<` + name + `[^>]* id="` + regexp.QuoteMeta(id) + `"[^>]*>(.*?)</` + name + `>`).FindStringSubmatch(dom)
	if m == nil {
		t.Fatalf("no <%s id=%q> in the page", name, id)
	}
	return clitest.Seen(m[1])
}

// TestPublishInBrowser renders one page of each kind of the ARMADA Open's
// site in a real browser from file:// (one chromium, a page at a time), and checks what a person sees: the
// standings, a player's board in the board calls (on a phone's screen),
// the projector's refresh, the clock's script running, the withheld pages
// absent, names shown as text. The screenshots are kept in $DTM_ARTEFACTS
// (or the test's temporary folder, logged); -docs-img rewrites those of
// docs/publish.md.
func TestPublishInBrowser(t *testing.T) {
	t.Parallel()
	tb := browserTab(t, chrometest.Path(t))
	shots := artefacts(t, "")
	book := fixture.Copy(t, clitest.SamplePath)
	clitest.Publish(t, book)
	site := filepath.Join(filepath.Dir(book), "armada-open site")
	type view struct {
		page          string
		width, height int
		doc           string // the docs/img name, "" when not in the docs
	}
	views := []view{
		{"index.html", 800, 600, "index"}, {"standings.html", 800, 900, "standings"}, {"standings-heat-1.html", 800, 600, ""},
		{"heat-1.html", 800, 900, "heat"}, {"calls-heat-3.html", 390, 844, "calls-phone"}, {"players.html", 800, 600, ""},
		{"player-13.html", 800, 600, "player"}, {"powers.html", 800, 600, "powers"}, {"awards.html", 800, 800, "awards"},
		{"teams.html", 800, 500, "teams"}, {"projector.html", 800, 450, "projector"}, {"projector-4.html", 800, 450, ""},
		{"clock-heat-2.html", 800, 450, "clock"}, {"wall.html", 1000, 700, "wall"}, {"certificates.html", 1000, 700, "certificate"},
		{"scoring.html", 1000, 700, "scoring"},
	}
	dom := map[string]string{}
	for _, v := range views {
		dom[v.page] = browse(tb, filepath.Join(site, v.page), filepath.Join(shots, strings.TrimSuffix(v.page, ".html")+".png"), v.width, v.height)
	}

	// The standings: rank, name, the three heats and the total (Maya's
	// heat 3 dropped, Elena's heat 1).
	standings := clitest.Seen(dom["standings.html"])
	for _, want := range []string{"Final standings", "1 Maya Moreau 56 110 34 166", "2 Elena Evans −2 78 34 112", "The leaders' totals"} {
		if !strings.Contains(standings, want) {
			t.Errorf("standings.html does not show %q:\n%s", want, standings)
		}
	}
	// Chloe Carter (player 3) plays Austria on board 1 in heat 3
	// (samplePlayer(2, 0, 0) = 2).
	if got := element(t, dom["calls-heat-3.html"], "tr", "p3"); got != "Carter, Chloe 1 top Austria" {
		t.Errorf("heat 3's calls list Chloe Carter as %q, want Carter, Chloe 1 top Austria (board 1, the top board)", got)
	}
	if got := element(t, dom["calls-heat-3.html"], "section", "board-1"); !strings.Contains(got, "Austria Chloe Carter") {
		t.Errorf("heat 3's board 1: %q", got)
	}
	// What each result scores under the tournament's system, DipCon XXXIV: a solo in 1905 (yrs 5) scores
	// 121 - 5 = 116 for the soloist and 5 - 11 = -6 for a survivor.
	if text := clitest.Seen(dom["scoring.html"]); !strings.Contains(text, "Solo in 1905 1905 18* 116 6 -6") {
		t.Errorf("scoring.html does not show the solo in 1905:\n%s", text)
	}
	if !strings.Contains(dom["projector.html"], `<meta http-equiv="refresh" content="20; url=projector-2.html">`) {
		t.Errorf("projector.html does not move on to projector-2.html after 20 seconds")
	}
	if !strings.Contains(clitest.Seen(dom["projector.html"]), "1 / ") {
		t.Errorf("projector.html does not number its frames")
	}
	// The clock's script ran: a state and a countdown (what they say
	// depends on the time of day).
	clock := dom["clock-heat-2.html"]
	if !regexp.MustCompile(`<body class="clock (wait|talk|orders|break|over)">`).MatchString(clock) {
		t.Errorf("the clock's script did not run: %s", regexp.MustCompile(`<body[^>]*>`).FindString(clock))
	}
	if left := element(t, clock, "p", "left"); !regexp.MustCompile(`^\d+(:\d\d)+$`).MatchString(left) {
		t.Errorf("the clock shows %q", left)
	}
	if text := clitest.Seen(clock); !strings.Contains(text, "Spring 1906 18") || !strings.Contains(text, "Fall 1901 17 09:37") {
		t.Errorf("the clock's deadlines are not the 2003 rules': %s", text)
	}

	// Names are text.
	evil := escapedBook(t)
	clitest.Publish(t, evil)
	page := browse(tb, filepath.Join(filepath.Dir(evil), "armada-open site", "player-29.html"), filepath.Join(shots, "escaped.png"), 800, 400)
	if strings.Contains(page, "<script") || strings.Contains(page, "<i>") {
		t.Errorf("a name became markup")
	}
	if text := clitest.Seen(page); !strings.Contains(text, evilName+` O'Brien & <i>Sons</i>`) {
		t.Errorf("the player's name is not shown as typed: %s", text)
	}

	// Withheld pages are absent, and the home page says so.
	f := clitest.OpenXLSX(t, book)
	fixture.SetSetting(t, f, "Publish: withhold standings after heats", "All")
	fixture.SetSetting(t, f, "Publish: withhold final standings", "Yes")
	clitest.SaveXLSX(t, f)
	clitest.Publish(t, book)
	index := browse(tb, filepath.Join(site, "index.html"), filepath.Join(shots, "index-withheld.png"), 800, 600)
	if text := clitest.Seen(index); !strings.Contains(text, "will be announced at the ceremony") || strings.Contains(text, "Final standings") || strings.Contains(text, "After heat") {
		t.Errorf("the withheld site's home page: %s", text)
	}
	for _, name := range []string{"standings.html", "standings-heat-1.html", "standings-heat-3.html"} {
		if exists(filepath.Join(site, name)) {
			t.Errorf("%s is published", name)
		}
	}

	if *docsImages {
		for _, v := range views {
			if v.doc != "" {
				docImage(t, filepath.Join(shots, strings.TrimSuffix(v.page, ".html")+".png"), v.doc)
			}
		}
	}
}

// docImage copies a screenshot to docs/img, made smaller with pngquant and
// optipng when they are installed.
func docImage(t *testing.T, shot, name string) {
	t.Helper()
	data, err := os.ReadFile(shot)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join("docs", "img", name+".png")
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := exec.LookPath("pngquant"); err == nil {
		if out, err := exec.Command("pngquant", "--force", "--skip-if-larger", "--output", dst, "--", dst).CombinedOutput(); err != nil && !strings.Contains(err.Error(), "exit status 98") && !strings.Contains(err.Error(), "exit status 99") {
			t.Errorf("pngquant %s: %v %s", dst, err, out)
		}
	}
	if _, err := exec.LookPath("optipng"); err == nil {
		if out, err := exec.Command("optipng", "-quiet", "-o2", dst).CombinedOutput(); err != nil {
			t.Errorf("optipng %s: %v %s", dst, err, out)
		}
	}
}
