package director

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// importFixture is gamesFixture saved: heat 1's board 1 finished (a
// seven-way draw in 1907), board 2 seated and unstarted.
func importFixture(t *testing.T) string {
	t.Helper()
	path, f := gamesFixture(t)
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	return path
}

// heatDump renders heat 1's rows as dtm import writes them: board,
// status, power, result, year, centres and the chart columns with values.
func heatDump(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(workbook.HeatSheet(1), excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for r, row := range rows {
		var cells []string
		for c, v := range row {
			if v != "" && (c <= 7 || c >= 14) {
				cells = append(cells, fmt.Sprintf("%s=%s", fixture.Cell(c+1, r+1), v))
			}
		}
		fmt.Fprintln(&b, strings.Join(cells, " "))
	}
	return b.String()
}

// runImport imports a results file of testdata/import into a fresh
// fixture and renders what dtm import prints and the heat sheet after.
func runImport(t *testing.T, csvName string, req ImportRequest) (string, error) {
	t.Helper()
	req.Path, req.CSV = importFixture(t), filepath.Join("testdata", "import", csvName)
	res, err := Import(req)
	var out bytes.Buffer
	var ps *ProblemsError
	switch {
	case errors.As(err, &ps):
		ps.WriteText(&out, false)
		fmt.Fprintln(&out, ps)
	case err != nil:
		t.Fatalf("import %s: %v", csvName, err)
	default:
		res.WriteText(&out)
	}
	out.WriteString("-- Heat 1 after:\n")
	got := strings.ReplaceAll(out.String(), req.Path, "games.xlsx")
	return got + heatDump(t, req.Path), err
}

// TestImportGoldens imports hand-worked boards and files with mistakes:
// what dtm import prints (each problem at its CSV line) and the heat sheet
// after are golden files.
//
// solo.csv: France's solo in 1909 with 18 centres (34 in all: 0 4 18 3 2
// 0 7), Austria out in 1906 and Russia in 1908, by board code, with a
// form's Timestamp column. chart.csv: semicolons, heat and board, and only
// charts: Italy goes from 1 centre (1904) to 0 (1905), so the draw of the
// survivors is the six others, its year 1905 and Italy's 1905.
// problems.csv: one mistake a line (a mistyped check letter, a board or
// heat that does not exist, no board at all, a bad status, power and
// centres, a finished board changed, a code that disagrees with its
// heat and board, two results for one board). total.csv: 35 centres on
// the board, found by the same check as dtm check's, at the line.
// noyear.csv: no final year: each seat's Year is reported at the line.
func TestImportGoldens(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		csv     string
		req     ImportRequest
		problem bool
	}{
		{"solo.csv", ImportRequest{}, false},
		{"chart.csv", ImportRequest{}, false},
		{"problems.csv", ImportRequest{}, true},
		{"total.csv", ImportRequest{}, true},
		{"noyear.csv", ImportRequest{}, true},
		{"problems2.tsv", ImportRequest{}, true},
	} {
		t.Run(tc.csv, func(t *testing.T) {
			out, err := runImport(t, tc.csv, tc.req)
			if (err != nil) != tc.problem {
				t.Errorf("error %v, want problems %v", err, tc.problem)
			}
			golden.Check(t, "testdata/import/"+strings.TrimSuffix(strings.TrimSuffix(tc.csv, ".csv"), ".tsv")+".txt", out)
		})
	}
}

// TestImportTwice imports a file, then the same file again: the second
// import changes nothing, says so, and leaves the file and its backups as
// they were. A dry run writes nothing; a finished board changes only with
// Overwrite; a lock file stops the write unless Force.
func TestImportTwice(t *testing.T) {
	t.Parallel()
	path := importFixture(t)
	csv := filepath.Join("testdata", "import", "solo.csv")
	dry, err := Import(ImportRequest{CSV: csv, Path: path, DryRun: true})
	if err != nil || dry.Written || len(dry.Boards) != 1 {
		t.Fatalf("dry run: %+v, %v", dry, err)
	}
	before := fileHash(t, path)
	if _, err := Import(ImportRequest{CSV: csv, Path: path}); err != nil {
		t.Fatal(err)
	}
	written := fileHash(t, path)
	if written == before {
		t.Fatal("the first import wrote nothing")
	}
	backups := backupCount(t, path)
	res, err := Import(ImportRequest{CSV: csv, Path: path})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res.WriteText(&out)
	if res.Written || len(res.Boards) != 0 || res.Unchanged != 1 || !strings.Contains(out.String(), "no changes: every board already holds these results (1 board)") {
		t.Errorf("second import: %+v\n%s", res, out.String())
	}
	if fileHash(t, path) != written || backupCount(t, path) != backups {
		t.Error("the second import changed the file or its backups")
	}

	// Board 2 is finished now: another result needs Overwrite.
	other := filepath.Join(t.TempDir(), "other.csv")
	if err := os.WriteFile(other, []byte("code,result,year,aus,eng,fra,ger,ita,rus,tur,rus year\nH1-B2-R,draw,1909,1,4,17,3,2,0,7,1908\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Import(ImportRequest{CSV: other, Path: path})
	var ps *ProblemsError
	if !errors.As(err, &ps) || len(ps.Problems) != 1 || !strings.Contains(ps.Problems[0].String(), "other.csv:2: H1-B2-R: board 2 of heat 1 is finished already and this row changes it (Austria Result: Loss → Win); run again with --overwrite") {
		t.Fatalf("without --overwrite: %v %v", err, ps)
	}
	lock := filepath.Join(filepath.Dir(path), ".~lock.games.xlsx#")
	if err := os.WriteFile(lock, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Import(ImportRequest{CSV: other, Path: path, Overwrite: true}); !errors.Is(err, workbook.ErrOpenElsewhere) {
		t.Fatalf("with a lock file: %v", err)
	}
	if fileHash(t, path) != written {
		t.Fatal("a refused import changed the file")
	}
	if _, err := Import(ImportRequest{CSV: other, Path: path, Overwrite: true, Force: true}); err != nil {
		t.Fatal(err)
	}
	if got := heatDump(t, path); !strings.Contains(got, "A9=2 B9=Finished D9=Austria E9=Hal Test F9=Win G9=1909 H9=1") {
		t.Errorf("after --overwrite:\n%s", got)
	}
}

// TestImportChartBeyondColumns imports a chart past the sheet's last year
// column (1914): dtm adds the columns 1915 and 1916 and the game checks.
func TestImportChartBeyondColumns(t *testing.T) {
	t.Parallel()
	path := importFixture(t)
	csv := filepath.Join(t.TempDir(), "long.csv")
	// Sixteen years of a quiet game (France 4, the others 5), then Turkey
	// takes two of Italy's centres in 1916 (34 in all every year).
	quiet, quiet4 := strings.TrimSpace(strings.Repeat("5 ", 15)), strings.TrimSpace(strings.Repeat("4 ", 15))
	data := "code,status,result,aus chart,eng chart,fra chart,ger chart,ita chart,rus chart,tur chart\n" +
		"H1-B2-R,Finished,draw," + strings.Join([]string{quiet + " 5", quiet + " 5", quiet4 + " 4", quiet + " 5", quiet + " 3", quiet + " 5", quiet + " 7"}, ",") + "\n"
	if err := os.WriteFile(csv, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Import(ImportRequest{CSV: csv, Path: path})
	var ps *ProblemsError
	if errors.As(err, &ps) {
		var b bytes.Buffer
		ps.WriteText(&b, false)
		t.Fatalf("%v\n%s", err, b.String())
	}
	if err != nil {
		t.Fatal(err)
	}
	got := heatDump(t, path)
	for _, want := range []string{"AC1=1915 AD1=1916", "AC9=5 AD9=5", "AC15=5 AD15=7"} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in\n%s", want, got)
		}
	}
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(data)
}

func backupCount(t *testing.T, path string) int {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(filepath.Dir(path), workbook.BackupDir, "*"))
	if err != nil {
		t.Fatal(err)
	}
	return len(m)
}
