package conformance

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
)

// conforms checks a workbook dtm wrote with the project's checker and the
// independent readers.
func conforms(t *testing.T, path string, allow ...string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.Check(data); len(problems) > 0 {
		t.Errorf("%s breaks Excel's rules:\n%s", filepath.Base(path), strings.Join(problems, "\n"))
	}
	xlsxcheck.Readers(t, path, append(allow, xlsxcheck.GnumericUnions)...)
}

// digitSample is the ARMADA sample renamed "2026 ..." (a title a font size
// code could swallow), with a calculation chain naming cells dtm
// overwrites, scored.
func digitSample(t *testing.T) string {
	t.Helper()
	path := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, path)
	fixture.SetSetting(t, f, "Tournament name", "2026 ARMADA Open")
	for _, cell := range []string{"C2", "D3"} { // overwritten by dtm score
		if err := f.SetCellFormula("Standings", cell, "1+1"); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SetCellFormula("Awards", "B2", "2+2"); err != nil {
		t.Fatal(err)
	}
	ids := map[string]int{}
	for id, name := range f.GetSheetMap() {
		ids[name] = id
	}
	clitest.SaveXLSX(t, f)
	// As Excel writes it: the sheet id on the first entry of each sheet.
	addCalcChain(t, path, fmt.Sprintf(`<c r="C2" i="%d"/><c r="D3"/><c r="B2" i="%d"/>`, ids["Standings"], ids["Awards"]))
	if code, out, errOut := clitest.Dtm(t, "score", path); code != 0 {
		t.Fatalf("dtm score: exit %d\n%s%s", code, out, errOut)
	}
	return path
}

// addCalcChain adds a calculation chain with entries to a workbook, as
// Excel saves one.
func addCalcChain(t *testing.T, path, entries string) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		switch f.Name {
		case "[Content_Types].xml":
			body = bytes.Replace(body, []byte("</Types>"), []byte(`<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>`), 1)
		case "xl/_rels/workbook.xml.rels":
			body = bytes.Replace(body, []byte("</Relationships>"), []byte(`<Relationship Id="rIdCalc" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>`), 1)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(body)
	}
	w, err := zw.Create("xl/calcChain.xml")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` + entries + `</calcChain>`))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	zr.Close()
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.Check(out.Bytes()); len(problems) != 0 {
		t.Fatalf("the calculation chain the test adds is not consistent: %q", problems)
	}
}

// TestConformance checks every kind of workbook dtm writes against Excel's
// rules and independent readers: the template, dtm new, dtm new --from,
// after seed, after score, and after a LibreOffice save and another score.
func TestConformance(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	t.Run("template", func(t *testing.T) { conforms(t, filepath.Join("templates", "tournament.xlsx")) })
	t.Run("new", func(t *testing.T) {
		path := filepath.Join(dir, "2026 Spring Open.xlsx")
		if code, out, errOut := clitest.Dtm(t, "new", path); code != 0 {
			t.Fatalf("dtm new: %s%s", out, errOut)
		}
		conforms(t, path)
	})
	t.Run("new --from", func(t *testing.T) {
		path := filepath.Join(dir, "from.xlsx")
		if code, out, errOut := clitest.Dtm(t, "new", "--from", clitest.SamplePath, "--heats", "9", path); code != 0 {
			t.Fatalf("dtm new --from: %s%s", out, errOut)
		}
		conforms(t, path)
	})
	t.Run("seed", func(t *testing.T) {
		path := clitest.SeedTournament(t, 21)
		if code, out, errOut := clitest.Dtm(t, "seed", path); code != 0 {
			t.Fatalf("dtm seed: %s%s", out, errOut)
		}
		conforms(t, path)
	})
	t.Run("score", func(t *testing.T) {
		path := digitSample(t)
		conforms(t, path)
		data, _ := os.ReadFile(path)
		if bytes.Contains(data, []byte("calcChain")) {
			t.Error("the calculation chain is still in the package")
		}
		// A director saves it in LibreOffice, which re-saves the chart its
		// own way; dtm scores again and rebuilds it.
		args := []string{"--no-hard-recalc", path}
		if lotest.GUI() {
			args = append([]string{"--gui"}, args...)
		}
		lotest.Run(t, "lo-recalc", args...)
		if code, out, errOut := clitest.Dtm(t, "score", path); code != 0 {
			t.Fatalf("dtm score after LibreOffice: %s%s", out, errOut)
		}
		conforms(t, path, xlsxcheck.LibreOfficeAuthored...)
		if n := strings.Count(clitest.Part(t, path, "[Content_Types].xml"), "/xl/charts/"); n != 1 {
			t.Errorf("%d chart parts after two scores, want 1 (the rebuilt chart)", n)
		}
		chart := clitest.Part(t, path, "xl/charts/chart1.xml")
		if !strings.Contains(chart, `<a:srgbClr val="4472C4">`) || strings.Count(chart, "<ser>") != 1 {
			t.Errorf("after LibreOffice and dtm score, the chart has no filled bar series:\n%s", chart)
		}
	})
}

// TestPrintedPagesHoldEverything prints the output tabs of the scored
// "2026 ..." sample, and a heat's board calls, through LibreOffice and
// checks that every column header, every counted game and every player is
// on paper, and the title whole.
func TestPrintedPagesHoldEverything(t *testing.T) {
	t.Parallel()
	path := digitSample(t)
	if _, err := exec.LookPath("pdftotext"); err != nil && !shared.Required() {
		t.Skip("pdftotext (poppler-utils) is not installed")
	}
	dir := t.TempDir()
	check := func(path, sheet, title string) {
		pdf := filepath.Join(dir, sheet+".pdf")
		lotest.Run(t, "lo-pdf", "--sheet", sheet, path, pdf)
		out, err := exec.Command("pdftotext", pdf, "-").Output()
		if err != nil {
			t.Fatalf("pdftotext %s: %v", sheet, err)
		}
		text := squash(string(out))
		rows, err := clitest.OpenXLSX(t, path).GetRows(sheet)
		if err != nil || len(rows) < 2 {
			t.Fatalf("%s: nothing written (%v)", sheet, err)
		}
		if !strings.Contains(text, squash(title)) {
			t.Errorf("%s: the printed title lost its number:\n%s", sheet, text)
		}
		for r, row := range rows {
			for c, cell := range row {
				pieces := gap.Split(cell, -1) // pieces spaced apart print apart
				if r == 0 {
					pieces = strings.Fields(cell) // a header wraps at its spaces, beside other headers
				}
				for _, piece := range pieces {
					if !strings.Contains(text, squash(piece)) {
						t.Errorf("%s row %d column %d: %q is not on the printed page", sheet, r+1, c+1, piece)
					}
				}
			}
		}
	}
	for _, sheet := range []string{workbook.SheetStandings, workbook.SheetTeamStandings, workbook.SheetAwards} {
		check(path, sheet, "2026 ARMADA Open")
	}
	seeded := clitest.SeedTournament(t, 21)
	f := clitest.OpenXLSX(t, seeded)
	fixture.SetSetting(t, f, "Tournament name", "2026 Spring Open")
	clitest.SaveXLSX(t, f)
	if code, out, errOut := clitest.Dtm(t, "seed", seeded); code != 0 {
		t.Fatalf("dtm seed: %s%s", out, errOut)
	}
	check(seeded, workbook.BoardCallsSheet(1), "2026 Spring Open")
	printedQRCodes(t, filepath.Join(dir, workbook.BoardCallsSheet(1)+".pdf"), 3)
}

// printedQRCodes reads the QR codes of a printed heat 1's board calls with
// zbarimg: each board's page carries its board code, in order.
func printedQRCodes(t *testing.T, pdf string, boards int) {
	t.Helper()
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		if shared.Required() {
			t.Fatal("zbarimg is required (apt-get install zbar-tools)")
		}
		t.Skip("zbarimg (zbar-tools) is not installed")
	}
	prefix := filepath.Join(t.TempDir(), "page")
	if out, err := exec.Command("pdftoppm", "-r", "150", "-png", pdf, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	pages, _ := filepath.Glob(prefix + "*.png")
	sort.Strings(pages)
	var got []string
	for _, p := range pages {
		out, _ := exec.Command(zbar, "--quiet", "--raw", p).Output() // a page without a code (the list) exits 4
		got = append(got, strings.Fields(string(out))...)
	}
	var want []string
	for b := 1; b <= boards; b++ {
		want = append(want, workbook.BoardCode(1, b))
	}
	if !slices.Equal(got, want) {
		t.Errorf("printed QR codes %q, want %q", got, want)
	}
}

var (
	space = regexp.MustCompile(`\s+`)
	gap   = regexp.MustCompile(`\s{2,}`)
)

// squash removes white space, so that text wrapped over lines compares
// with the cell it came from.
func squash(s string) string { return space.ReplaceAllString(s, "") }
