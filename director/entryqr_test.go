package director

import (
	"encoding/json"
	"html"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director/files/qr"
	"github.com/armada-dtm/dtm/internal/chrometest"
)

// longestChart fills the entry page with the longest line it takes for a
// board: a draw of all seven (the longest result) with the chart of every
// year from 1901 to 1999 and the final centres, each year's 34 centres
// spread as 10 10 10 1 1 1 1 (at most three powers can have two digits),
// so 99×10 digits and 7×98 spaces of charts. (An eliminated power adds its
// year, 4 characters, but leaves the draw, losing 6 or more.)
func longestChart() url.Values {
	fill := url.Values{"code": {"H1-B2-R"}, "result": {"draw Austria England France Germany Italy Russia Turkey"}, "year": {"1999"}}
	for i, p := range []string{"aus", "eng", "fra", "ger", "ita", "rus", "tur"} {
		n := "1"
		if i < 3 {
			n = "10"
		}
		fill.Set(p, n)
		fill.Set(p+"chart", strings.TrimSpace(strings.Repeat(n+" ", 99)))
	}
	return fill
}

// qrCapacityM is the bytes a QR code of each version (1 to 40) holds at
// level M in byte mode (ISO/IEC 18004 table 7).
var qrCapacityM = []int{14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
	711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331}

// TestEntryQRLikeGo has the entry page's own QR encoder (its script, run in
// headless Chromium on the page filled with the longest chart) encode the
// page's line and a table of texts, and compares each symbol, module by
// module, and its version and mask, with director/files/qr's: short codes, a
// solo's line, non-ASCII text (UTF-8), and the lengths either side of
// every version's capacity. Text over 2331 bytes has no code.
func TestEntryQRLikeGo(t *testing.T) {
	t.Parallel()
	tab := chrometest.New(t, chrometest.Path(t))
	_, page := entryPage(t)
	texts := []string{"H1-B2-R", "H1-B2-R,Finished,France,1909,0,4,18,3,2,0,7,1906,,,,,1908,,,,,,,,",
		"Zoë Ødegård, Łódź — 東京 ✓", "draw 🏆 Ünal Çelik", ""}
	filler := strings.Repeat("H1-B2-R,Finished,draw France Turkey,1909,3 4 5 6 7 8 9 10 11 12,", 40)
	for _, n := range qrCapacityM {
		texts = append(texts, filler[:n], filler[:n+1])
	}
	js, err := json.Marshal(texts)
	if err != nil {
		t.Fatal(err)
	}
	// The harness is the page itself, filled with the longest chart, and a
	// script that encodes its line then the texts.
	body, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	harness := strings.Replace(string(body), "</body>", `<script>
document.body.insertAdjacentHTML("beforeend", "<pre id=qrtest></pre>");
document.getElementById("qrtest").textContent = JSON.stringify([document.getElementById("line").textContent].concat(`+string(js)+`).map(s => {
  const c = QR.encode(s);
  return { text: s, code: c && { version: c.version, mask: c.mask, rows: c.modules.map(r => r.map(d => d ? "#" : ".").join("")) } };
}));
</script>
</body>`, 1)
	file := filepath.Join(t.TempDir(), "harness.html")
	if err := os.WriteFile(file, []byte(harness), 0o644); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<pre id="qrtest">([^<]*)</pre>`).FindStringSubmatch(dumpDOM(tab, file, longestChart()))
	if m == nil {
		t.Fatal("the harness's script did not run")
	}
	var got []struct {
		Text string
		Code *struct {
			Version, Mask int
			Rows          []string
		}
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(m[1])), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(texts)+1 || got[0].Text == "" || got[1].Text != texts[0] || got[3].Text != texts[2] {
		t.Fatalf("the page encoded %d texts, not the line then the %d texts", len(got), len(texts))
	}
	for _, g := range got {
		name := strconv.Quote(g.Text)
		if len(name) > 40 {
			name = name[:40] + "…"
		}
		name += " (" + strconv.Itoa(len(g.Text)) + " bytes)"
		w, err := qr.Encode([]byte(g.Text))
		if err != nil && len(g.Text) <= qr.MaxBytes {
			t.Fatalf("director/files/qr: %s: %v", name, err)
		}
		switch {
		case w == nil && g.Code == nil:
		case w == nil || g.Code == nil:
			t.Errorf("%s: the page makes a code: %v, director/files/qr: %v", name, g.Code != nil, w != nil)
		case g.Code.Version != w.Version || g.Code.Mask != w.Mask:
			t.Errorf("%s: the page makes version %d mask %d, director/files/qr version %d mask %d", name, g.Code.Version, g.Code.Mask, w.Version, w.Mask)
		case strings.Join(g.Code.Rows, "\n")+"\n" != w.String():
			t.Errorf("%s: the page's symbol differs from director/files/qr's:\n%s\nwant:\n%s", name, strings.Join(g.Code.Rows, "\n"), w)
		}
	}
	if c := got[0].Code; c == nil || c.Version < 30 {
		t.Errorf("the longest line, %d bytes: %+v", len(got[0].Text), c)
	} else {
		t.Logf("the longest line: %d bytes, version %d", len(got[0].Text), c.Version)
	}
	for i, n := range qrCapacityM { // the smallest version that holds it
		if c := got[6+2*i].Code; c == nil || c.Version != i+1 {
			t.Errorf("%d bytes: %+v, want version %d", n, c, i+1)
		}
	}
}

// TestEntryPageQR fills the entry page in headless Chromium, reads the QR
// code next to the CSV line back from a screenshot with zbarimg, and
// imports what it read (after the header the page downloads) with dtm
// import: the board's rows are then the result typed. The screenshots are
// kept in $DTM_ARTEFACTS (or the test's temporary folder, logged). A line
// with errors has no QR code.
func TestEntryPageQR(t *testing.T) {
	t.Parallel()
	zbar := zbarimg(t)
	tab := chrometest.New(t, chrometest.Path(t))
	shots := os.Getenv("DTM_ARTEFACTS")
	if shots == "" {
		shots = t.TempDir()
	}
	if err := os.MkdirAll(shots, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshots in %s", shots)
	// A draw of six with a chart to 1912 (Italy out in 1910; 34 centres
	// each year), as the desk types it.
	chart := url.Values{"code": {"h1 b2"}, "result": {"draw"}, "year": {"1912"}, "itayear": {"1910"}}
	for p, ch := range map[string]string{"aus": "4 5 5 5 6 6 6 6 6 6 6 6", "eng": "4 4 5 5 5 5 5 6 6 6 6 6", "fra": "4 5 5 6 6 6 6 6 6 7 7 7",
		"ger": "5 5 5 5 4 4 4 4 4 4 4 4", "ita": "4 4 3 2 2 2 2 1 1 0 0 0", "rus": "6 5 5 5 5 5 5 5 5 5 5 5", "tur": "4 4 5 5 5 5 5 5 5 5 5 5"} {
		chart.Set(p+"chart", ch)
	}
	solo := url.Values{"code": {"H1-B2-R"}, "result": {"France"}, "year": {"1909"},
		"aus": {"0"}, "eng": {"4"}, "fra": {"18"}, "ger": {"3"}, "ita": {"2"}, "rus": {"0"}, "tur": {"7"},
		"ausyear": {"1906"}, "rusyear": {"1908"}}
	for _, tc := range []struct {
		name          string
		fill          url.Values
		width, height int
		rows          []string // cells of board 2's rows in the heat sheet after the import (a draw is a Win each; with a chart the year and centres columns stay empty, as in testdata/import/chart.txt)
	}{
		{"solo", solo, 1000, 1300, []string{
			"A9=2 B9=Finished D9=Austria E9=Hal Test F9=Loss G9=1906 H9=0",
			"A10=2 B10=Finished D10=England E10=Ida Test F10=Loss G10=1909 H10=4",
			"A11=2 B11=Finished D11=France E11=Jon Test F11=Win G11=1909 H11=18",
			"A12=2 B12=Finished D12=Germany E12=Kim Test F12=Loss G12=1909 H12=3",
			"A13=2 B13=Finished D13=Italy E13=Lou Test F13=Loss G13=1909 H13=2",
			"A14=2 B14=Finished D14=Russia E14=Max Test F14=Loss G14=1908 H14=0",
			"A15=2 B15=Finished D15=Turkey E15=Nia Test F15=Loss G15=1909 H15=7",
		}},
		{"chart", chart, 1000, 1400, []string{
			"A9=2 B9=Finished D9=Austria E9=Hal Test F9=Win O9=4 P9=5 Q9=5 R9=5 S9=6 T9=6 U9=6 V9=6 W9=6 X9=6 Y9=6 Z9=6",
			"A10=2 B10=Finished D10=England E10=Ida Test F10=Win O10=4 P10=4 Q10=5 R10=5 S10=5 T10=5 U10=5 V10=6 W10=6 X10=6 Y10=6 Z10=6",
			"A11=2 B11=Finished D11=France E11=Jon Test F11=Win O11=4 P11=5 Q11=5 R11=6 S11=6 T11=6 U11=6 V11=6 W11=6 X11=7 Y11=7 Z11=7",
			"A12=2 B12=Finished D12=Germany E12=Kim Test F12=Win O12=5 P12=5 Q12=5 R12=5 S12=4 T12=4 U12=4 V12=4 W12=4 X12=4 Y12=4 Z12=4",
			"A13=2 B13=Finished D13=Italy E13=Lou Test F13=Loss G13=1910 O13=4 P13=4 Q13=3 R13=2 S13=2 T13=2 U13=2 V13=1 W13=1 X13=0 Y13=0 Z13=0",
			"A14=2 B14=Finished D14=Russia E14=Max Test F14=Win O14=6 P14=5 Q14=5 R14=5 S14=5 T14=5 U14=5 V14=5 W14=5 X14=5 Y14=5 Z14=5",
			"A15=2 B15=Finished D15=Turkey E15=Nia Test F15=Win O15=4 P15=4 Q15=5 R15=5 S15=5 T15=5 U15=5 V15=5 W15=5 X15=5 Y15=5 Z15=5",
		}},
		{"longest", longestChart(), 1000, 1900, []string{
			"A9=2 B9=Finished D9=Austria E9=Hal Test F9=Win G9=1999 H9=10 O9=10 P9=10 Q9=10 R9=10 S9=10 T9=10 U9=10 V9=10 W9=10 X9=10 Y9=10 Z9=10 DI9=10",
			"A15=2 B15=Finished D15=Turkey E15=Nia Test F15=Win G15=1999 H15=1 O15=1 P15=1 Q15=1 R15=1 S15=1 T15=1 U15=1 V15=1 W15=1 X15=1 Y15=1 Z15=1 DI15=1",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			book, page := entryPage(t)
			// The DOM and the screenshot are of the same page, loaded
			// once in a window of the size.
			tab.OpenFragment(page, tc.fill.Encode(), tc.width, tc.height)
			dom := tab.DOM()
			m := lineRe.FindStringSubmatch(dom)
			if m == nil {
				t.Fatal("no CSV line")
			}
			header, line := html.UnescapeString(m[1]), html.UnescapeString(m[2])
			if ps := problemRe.FindAllString(dom, -1); len(ps) > 0 {
				t.Fatalf("the page finds problems: %q", ps)
			}
			v := regexp.MustCompile(`<svg [^>]*data-version="(\d+)"`).FindStringSubmatch(dom)
			if v == nil {
				t.Fatal("no QR code on the page")
			}
			t.Logf("%d characters, a QR code of version %s", len(line), v[1])
			png := filepath.Join(shots, "entry-qr-"+tc.name+".png")
			tab.Shot(png, false)
			out, err := exec.Command(zbar, "--quiet", "--raw", "-Sbinary", png).Output()
			if err != nil {
				t.Fatalf("zbarimg %s: %v", png, err)
			}
			if read := strings.TrimSuffix(string(out), "\n"); read != line {
				t.Fatalf("the QR code reads %q,\nthe line is %q", read, line)
			}
			csv := filepath.Join(t.TempDir(), "results.csv")
			if err := os.WriteFile(csv, append([]byte(header+"\n"), out...), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Import(ImportRequest{CSV: csv, Path: book}); err != nil {
				t.Fatalf("dtm import of the QR code's line: %v\n%s", err, problemsText(err))
			}
			cells := map[string]bool{}
			for _, c := range strings.Fields(heatDump(t, book)) {
				cells[c] = true
			}
			for _, want := range tc.rows {
				for _, c := range strings.Fields(want) {
					if !cells[c] && !strings.HasPrefix(c, "E") { // the players' names have a space
						t.Errorf("after the import, no %s in the heat sheet (want %s)", c, want)
					}
				}
			}
		})
	}
}
