package director

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// zbarimg returns the path of zbarimg (Debian's zbar-tools), skipping the
// test when it is absent unless CI or DTM_REQUIRE_LIBREOFFICE is set.
func zbarimg(t *testing.T) string {
	t.Helper()
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		if os.Getenv("CI") != "" || os.Getenv("DTM_REQUIRE_LIBREOFFICE") != "" {
			t.Fatal("zbarimg is required (apt-get install zbar-tools)")
		}
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	return zbar
}

// TestScoreSheetQRCodes writes heat 1's board calls (dtm seed --refresh)
// and reads each board's QR code back from the workbook with zbarimg: the
// board code, or, with a results form on the Tournament sheet, the form's
// link pre-filled with it. A rewrite leaves one picture a board.
func TestScoreSheetQRCodes(t *testing.T) {
	t.Parallel()
	zbar := zbarimg(t)
	for _, tc := range []struct {
		form string
		want []string
	}{
		{"", []string{"H1-B1-M", "H1-B2-R"}},
		{"https://forms.example.org/r?usp=pp_url&entry.1=%7Bx%7D&board={code}",
			[]string{"https://forms.example.org/r?usp=pp_url&entry.1=%7Bx%7D&board=H1-B1-M", "https://forms.example.org/r?usp=pp_url&entry.1=%7Bx%7D&board=H1-B2-R"}},
		{"https://forms.example.org/r", []string{"https://forms.example.org/r?code=H1-B1-M", "https://forms.example.org/r?code=H1-B2-R"}},
	} {
		path, f := gamesFixture(t)
		if tc.form != "" {
			fixture.SetSetting(t, f, workbook.SetResultsForm, tc.form)
		}
		if err := f.Save(); err != nil {
			t.Fatal(err)
		}
		for range 2 { // written, then rewritten
			if _, err := Refresh(t.Context(), RefreshRequest{Path: path, Heat: 1}); err != nil {
				t.Fatal(err)
			}
		}
		got := decodePictures(t, zbar, path, workbook.BoardCallsSheet(1))
		if !slices.Equal(got, tc.want) {
			t.Errorf("form %q: QR codes %q, want %q", tc.form, got, tc.want)
		}
	}
}

// decodePictures decodes every picture of a sheet with zbarimg, top to
// bottom.
func decodePictures(t *testing.T, zbar, path, sheet string) []string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cells, err := f.GetPictureCells(sheet)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(cells, func(a, b string) int {
		_, ra, _ := excelize.CellNameToCoordinates(a)
		_, rb, _ := excelize.CellNameToCoordinates(b)
		return ra - rb
	})
	var out []string
	for _, c := range cells {
		pics, err := f.GetPictures(sheet, c)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range pics {
			file := filepath.Join(t.TempDir(), "qr"+p.Extension)
			if err := os.WriteFile(file, p.File, 0o644); err != nil {
				t.Fatal(err)
			}
			text, err := exec.Command(zbar, "--quiet", "--raw", "-Sbinary", file).Output()
			if err != nil {
				t.Fatalf("%s!%s: zbarimg: %v", sheet, c, err)
			}
			out = append(out, string(bytes.TrimSpace(text)))
		}
	}
	return out
}

// TestResultsFormProblems: a results form that is not a web address, or
// too long for a QR code, is reported at its cell.
func TestResultsFormProblems(t *testing.T) {
	t.Parallel()
	for form, want := range map[string]string{
		"forms.example.org/r": `: Results form: "forms.example.org/r" is not a web address: it should start with https://`,
		"https://forms.example.org/" + strings.Repeat("x", 200): "a QR code on a score sheet holds 213 (shorten it",
	} {
		path, f := gamesFixture(t)
		cell := fixture.SetSetting(t, f, workbook.SetResultsForm, form)
		if strings.HasPrefix(want, ":") {
			want = "Tournament!" + cell + want
		}
		if err := f.Save(); err != nil {
			t.Fatal(err)
		}
		_, err := Check(CheckRequest{Path: path})
		if err == nil || !strings.Contains(problemsText(err), want) {
			t.Errorf("%q: %v\n%s\nwant %q", form, err, problemsText(err), want)
		}
	}
}

// problemsText renders a ProblemsError's problems.
func problemsText(err error) string {
	var b bytes.Buffer
	if ps, ok := err.(*ProblemsError); ok {
		ps.WriteText(&b, false)
	}
	return b.String()
}
