package director

import (
	"html"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/chrometest"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
)

// entryPage writes the fixture's entry page (dtm seed --refresh) and
// returns its path.
func entryPage(t *testing.T) (book, page string) {
	t.Helper()
	path, f := gamesFixture(t)
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	res, err := Refresh(t.Context(), RefreshRequest{Path: path, Heat: 1})
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.TrimSuffix(path, ".xlsx") + "-entry.html"; res.EntryPage != want {
		t.Fatalf("entry page %q, want %q", res.EntryPage, want)
	}
	return path, res.EntryPage
}

// dumpDOM loads the page afresh in the tab with a fragment that fills in
// the form, and returns the DOM after its script ran.
func dumpDOM(tab *chrometest.Tab, page string, fill url.Values) string {
	tab.OpenFragment(page, fill.Encode(), 1000, 1300)
	return tab.DOM()
}

var (
	lineRe    = regexp.MustCompile(`<output id="line" data-header="([^"]*)">([^<]*)</output>`)
	problemRe = regexp.MustCompile(`<li class="(error|warning)">([^<]*)</li>`)
)

// TestEntryPage drives the results-entry page in headless Chromium: each
// form filled by a link's fragment, its checks as listed, its CSV line
// taken by dtm import (France's solo of solo.csv, worked by hand there),
// and its QR code shown only when the line has no errors.
func TestEntryPage(t *testing.T) {
	t.Parallel()
	tab := chrometest.New(t, chrometest.Path(t))
	book, page := entryPage(t)
	solo := url.Values{"code": {"h1b2r"}, "result": {"France"}, "year": {"1909"},
		"aus": {"0"}, "eng": {"4"}, "fra": {"18"}, "ger": {"3"}, "ita": {"2"}, "rus": {"0"}, "tur": {"7"},
		"ausyear": {"1906"}, "rusyear": {"1908"}}
	with := func(v url.Values, kv ...string) url.Values {
		w := url.Values{}
		for k, x := range v {
			w[k] = x
		}
		for i := 0; i < len(kv); i += 2 {
			w.Set(kv[i], kv[i+1])
		}
		return w
	}
	for _, tc := range []struct {
		name     string
		fill     url.Values
		line     string
		problems []string
	}{
		{"solo", solo, "H1-B2-R,Finished,France,1909,0,4,18,3,2,0,7,1906,,,,,1908,,,,,,,,", nil},
		{"35 centres and a missing year", with(solo, "ita", "3", "ausyear", ""), "", []string{
			"error: The centres total 35, more than the 34 on a board.",
			"error: Austria has no centres: type the year it was eliminated.",
		}},
		{"a draw leaving out a survivor", with(solo, "result", "draw France Turkey", "fra", "17", "eng", "5"), "H1-B2-R,Finished,draw France Turkey,1909,0,5,17,3,2,0,7,1906,,,,,1908,,,,,,,,", []string{
			"warning: England survives but is not in the draw (most scoring systems include every survivor).",
			"warning: Germany survives but is not in the draw (most scoring systems include every survivor).",
			"warning: Italy survives but is not in the draw (most scoring systems include every survivor).",
		}},
		{"a victory recorded as a draw", with(solo, "result", "draw England France"), "", []string{
			"warning: Germany survives but is not in the draw (most scoring systems include every survivor).",
			"warning: Italy survives but is not in the draw (most scoring systems include every survivor).",
			"warning: Turkey survives but is not in the draw (most scoring systems include every survivor).",
			"error: France reached victory (classic: 18 centres in 1909): record it as France's solo.",
		}},
		{"a mistyped code", with(solo, "code", "H1-B2-K"), "", []string{
			"error: The code's check letter is wrong: it was mistyped (H1-B2's is R).",
		}},
		// Italy back from nothing, Turkey to 18 in 1905: 3+7+7+1+1+2+18 = 39.
		{"a chart", url.Values{"code": {"H1-B2-R"}, "result": {"draw"}, "aus" + "chart": {"4 5 5 4 3"}, "engchart": {"3 4 5 6 7"},
			"frachart": {"3 5 6 6 7"}, "gerchart": {"3 4 4 3 1"}, "itachart": {"3 3 2 0 1"}, "ruschart": {"4 5 4 3 2"}, "turchart": {"3 4 6 7 18"}},
			"H1-B2-R,Finished,draw,,,,,,,,,,,,,,,,4 5 5 4 3,3 4 5 6 7,3 5 6 6 7,3 4 4 3 1,3 3 2 0 1,4 5 4 3 2,3 4 6 7 18", []string{
				"error: The chart's 1905 totals 39 centres, more than the 34 on a board.",
				"error: Italy owns centres in the chart after its elimination in 1904.",
				"error: The centres total 39, more than the 34 on a board.",
				"error: Turkey reached victory (classic: 18 centres in 1905): record it as Turkey's solo.",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dom := dumpDOM(tab, page, tc.fill)
			var got []string
			for _, m := range problemRe.FindAllStringSubmatch(dom, -1) {
				got = append(got, m[1]+": "+html.UnescapeString(m[2]))
			}
			if strings.Join(got, "\n") != strings.Join(tc.problems, "\n") {
				t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.problems, "\n"))
			}
			m := lineRe.FindStringSubmatch(dom)
			if m == nil {
				t.Fatalf("no CSV line in\n%s", dom)
			}
			header, line := html.UnescapeString(m[1]), html.UnescapeString(m[2])
			// The QR code of the line shows when the line has no errors.
			wantQR := !strings.Contains(strings.Join(tc.problems, "\n"), "error:")
			if hasQR := strings.Contains(dom, `<svg xmlns="http://www.w3.org/2000/svg"`); hasQR != wantQR {
				t.Errorf("a QR code shown: %v, want %v", hasQR, wantQR)
			}
			if tc.line != "" && line != tc.line {
				t.Errorf("line %q, want %q", line, tc.line)
			}
			if tc.name != "solo" {
				return
			}
			csv := filepath.Join(t.TempDir(), "desk.csv")
			if err := os.WriteFile(csv, []byte(header+"\n"+line+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			res, err := Import(ImportRequest{CSV: csv, Path: book, DryRun: true})
			if err != nil {
				t.Fatalf("dtm import of the page's line: %v\n%s", err, problemsText(err))
			}
			if len(res.Boards) != 1 || len(res.Boards[0].Changes) != 28 {
				t.Errorf("import: %+v", res)
			}
		})
	}
}
