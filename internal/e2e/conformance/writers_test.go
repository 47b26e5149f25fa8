package conformance

import (
	"archive/zip"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
)

// absolutePath is the hand-made case of the writers' corpus: a tournament
// with heat 1 played, seeded and scored by dtm, whose every relationship
// names its part from the package's root ("/xl/drawings/drawing1.xml"), as
// openpyxl and Google Sheets write them (go test ./internal/e2e/conformance
// -run TestOtherWriters -update makes it again).
const absolutePath = "testdata/writers/absolute-names.xlsx"

// xlsxwriterScript writes the workbook argv[1] anew with xlsxwriter (which
// cannot read a workbook: openpyxl reads it), every cell's value or
// formula, into argv[2]; it exits 3 when either is missing.
const xlsxwriterScript = `
import sys
try:
    import openpyxl, xlsxwriter
except ImportError:
    sys.exit(3)
src = openpyxl.load_workbook(sys.argv[1])
out = xlsxwriter.Workbook(sys.argv[2])
for ws in src.worksheets:
    o = out.add_worksheet(ws.title)
    for row in ws.iter_rows():
        for c in row:
            v = c.value
            if v is None:
                continue
            if isinstance(v, str) and v.startswith("="):
                o.write_formula(c.row - 1, c.column - 1, v)
            elif isinstance(v, (str, int, float, bool)):
                o.write(c.row - 1, c.column - 1, v)
            else:
                o.write(c.row - 1, c.column - 1, str(v))
out.close()
`

// openpyxlScript loads argv[1] with openpyxl and saves it as argv[2].
const openpyxlSave = `
import sys
try:
    import openpyxl
except ImportError:
    sys.exit(3)
openpyxl.load_workbook(sys.argv[1]).save(sys.argv[2])
`

// otherWriters are the programs a director may save a dtm workbook with:
// each writes src anew at dst.
var otherWriters = []struct {
	name  string
	write func(t *testing.T, src, dst string)
}{
	{"excelize", func(t *testing.T, src, dst string) {
		f := clitest.OpenXLSX(t, src)
		if err := f.SaveAs(dst); err != nil {
			t.Fatal(err)
		}
	}},
	{"openpyxl", func(t *testing.T, src, dst string) { python(t, openpyxlSave, src, dst) }},
	{"xlsxwriter", func(t *testing.T, src, dst string) { python(t, xlsxwriterScript, src, dst) }},
	{"gnumeric", func(t *testing.T, src, dst string) {
		if _, err := exec.LookPath("ssconvert"); err != nil {
			if shared.Required() {
				t.Fatal("ssconvert is not installed (.ci/run installs gnumeric)")
			}
			t.Skip("ssconvert (gnumeric) is not installed")
		}
		if out, err := exec.Command("ssconvert", "--export-type=Gnumeric_Excel:xlsx2", src, dst).CombinedOutput(); err != nil {
			t.Fatalf("ssconvert: %v\n%s", err, out)
		}
	}},
	{"libreoffice", func(t *testing.T, src, dst string) {
		clitest.CopyFile(t, src, dst)
		lotest.Run(t, "lo-recalc", "--no-hard-recalc", dst)
	}},
	{"absolute part names", func(t *testing.T, _, dst string) { clitest.CopyFile(t, absolutePath, dst) }},
}

// python runs a script with Debian's python3 (where python3-openpyxl and
// python3-xlsxwriter install), skipping the test (failing it in CI) when
// the script exits 3 for a missing module.
func python(t *testing.T, script string, args ...string) {
	t.Helper()
	out, err := exec.Command("/usr/bin/python3", append([]string{"-c", script}, args...)...).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		if shared.Required() {
			t.Fatal("python3-openpyxl or python3-xlsxwriter is not installed (.ci/run installs them)")
		}
		t.Skip("python3-openpyxl or python3-xlsxwriter is not installed")
	}
	if err != nil {
		t.Fatalf("python3: %v\n%s", err, out)
	}
}

// playedHeat seeds the next heat of a workbook, imports a result for each
// of its boards (Austria's solo) and scores it.
func playedHeat(t *testing.T, path string, heat int) {
	t.Helper()
	clitest.RunOK(t, "seed", "--heat", fmt.Sprint(heat), path)
	csv := "Code,Result,Final year,Austria,England,France,Germany,Italy,Russia,Turkey\n"
	for b := 1; b <= 3; b++ { // 21 players
		csv += workbook.BoardCode(heat, b) + ",Austria,1909,18,6,5,2,1,1,1\n"
	}
	results := filepath.Join(t.TempDir(), "results.csv")
	if err := os.WriteFile(results, []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	clitest.RunOK(t, "import", results, path)
	clitest.RunOK(t, "score", path)
}

// writersBase is the tournament every writer saves: 21 players, heat 1
// seeded, played and scored (its calls carry QR pictures, its Standings a
// chart).
func writersBase(t *testing.T) string {
	t.Helper()
	path := clitest.SeedTournament(t, 21)
	playedHeat(t, path, 1)
	return path
}

// TestOtherWriters saves a tournament with each program a director may
// use (and a hand-made case of part names from the package's root), then
// runs every command on it: check, seed, import, score and publish, and
// checks after each save that the workbook is whole (no zip entry named
// from the root, Excel's rules kept) and reads in openpyxl and Gnumeric.
func TestOtherWriters(t *testing.T) {
	t.Parallel()
	base := writersBase(t)
	if golden.Update() {
		if err := os.WriteFile(absolutePath, absoluteNames(t, base), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, w := range otherWriters {
		t.Run(w.name, func(t *testing.T) {
			t.Parallel()
			path := filepath.Join(t.TempDir(), "Writers Open.xlsx")
			w.write(t, base, path)
			clitest.RunOK(t, "check", path)
			playedHeat(t, path, 2)
			whole(t, path)
			clitest.RunOK(t, "publish", path)
			if out := clitest.RunOK(t, "check", path); !strings.Contains(out, "21 players, 3 heats") {
				t.Errorf("dtm check after the chain:\n%s", out)
			}
			xlsxcheck.Readers(t, path, append(append(xlsxcheck.LibreOfficeAuthored, xlsxcheck.WriterAuthored...), xlsxcheck.GnumericUnions)...)
		})
	}
}

// whole checks a workbook dtm saved: no zip entry named from the root, and
// Excel's rules kept.
func whole(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "/") {
			t.Errorf("a stray zip entry %s", f.Name)
		}
	}
	if problems := xlsxcheck.Check(data); len(problems) > 0 {
		t.Errorf("%s breaks Excel's rules:\n%s", filepath.Base(path), strings.Join(problems, "\n"))
	}
}

var relTarget = regexp.MustCompile(`Target="([^"/][^"]*)"`)

// absoluteNames returns a workbook with every relationship naming its
// part from the package's root.
func absoluteNames(t *testing.T, path string) []byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		body := []byte(clitest.Part(t, path, f.Name))
		if strings.HasSuffix(f.Name, ".rels") {
			dir := filepath.ToSlash(filepath.Dir(filepath.Dir(f.Name)))
			body = relTarget.ReplaceAllFunc(body, func(m []byte) []byte {
				target := string(relTarget.FindSubmatch(m)[1])
				if strings.Contains(target, ":") { // a URL
					return m
				}
				return []byte(`Target="/` + filepath.ToSlash(filepath.Clean(filepath.Join(dir, target))) + `"`)
			})
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(body)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}
