package score

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
)

// printedCodes prints a heat's board calls through LibreOffice and reads
// their QR codes back with zbarimg, page by page.
func printedCodes(t *testing.T, path string, heat int) []string {
	t.Helper()
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		if shared.Required() {
			t.Fatal("zbarimg is required (apt-get install zbar-tools)")
		}
		t.Skip("zbarimg (zbar-tools) is not installed")
	}
	dir := t.TempDir()
	pdf := filepath.Join(dir, "calls.pdf")
	lotest.Run(t, "lo-pdf", "--sheet", workbook.BoardCallsSheet(heat), path, pdf)
	prefix := filepath.Join(dir, "page")
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
	return got
}

// boardCodes are the board codes of boards 1 to n of a heat, each made by
// link (the board code itself for nil).
func boardCodes(heat, n int, link func(code string) string) []string {
	var out []string
	for b := 1; b <= n; b++ {
		code := workbook.BoardCode(heat, b)
		if link != nil {
			code = link(code)
		}
		out = append(out, code)
	}
	return out
}

// pictureCount counts the pictures of a sheet.
func pictureCount(t *testing.T, path, sheet string) int {
	t.Helper()
	cells, err := clitest.OpenXLSX(t, path).GetPictureCells(sheet)
	if err != nil {
		t.Fatal(err)
	}
	return len(cells)
}

// checkQuiet runs dtm check and fails the test on any warning.
func checkQuiet(t *testing.T, path, when string) {
	t.Helper()
	if out := clitest.RunOK(t, "check", path); strings.Contains(out, "warning") {
		t.Errorf("check %s:\n%s", when, out)
	}
}

// sameBytes runs dtm and fails the test unless the workbook's bytes are
// those it had before; it returns the exit status and output.
func sameBytes(t *testing.T, path string, args ...string) (int, string) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := clitest.Dtm(t, args...)
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Errorf("dtm %s changed the workbook's bytes a second time:\n%s%s", strings.Join(args, " "), out, errOut)
	}
	return code, out + errOut
}

// TestLateKeepsQRCodes replays a drop-out and a late arrival after the
// board calls are printed: in LibreOffice the director clears P03's heat 1
// registration and types a new player, P28, registered for heat 1; dtm seed
// --late gives P28 P03's seat. The calls keep a QR code on every board's
// page (they went, 4 pictures to 0), each printing its board code, and
// check is quiet. Seven more late players then get a new board, with its
// code, and a --late with no one to seat leaves the file as it was.
func TestLateKeepsQRCodes(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	clitest.RunOK(t, "seed", "--seed", "7", path)
	calls := workbook.BoardCallsSheet(1)
	if n := pictureCount(t, path, calls); n != 4 {
		t.Fatalf("after seeding: %d QR codes, want 4", n)
	}
	header := clitest.SheetRows(t, path, workbook.SheetPlayers)[0]
	column := func(h string) int { return slices.Index(header, h) }
	player := func(i int) []any {
		row := make([]any, len(header))
		row[column("First name")], row[column("Last name")], row[column("Heat 1")] = "P"+strconv.Itoa(i), "Test", "Registered"
		return row
	}
	heat1 := string(rune('A' + column("Heat 1")))
	clitest.LoEdits(t, path, []clitest.Edit{
		{"op": "set", "sheet": workbook.SheetPlayers, "cell": heat1 + "5", "value": ""}, // P03 drops out
		{"op": "set_rows", "sheet": workbook.SheetPlayers, "cell": "A30", "rows": [][]any{player(28)}},
	})
	out := clitest.RunOK(t, "seed", "--late", path)
	if !strings.Contains(out, "P28 Test (late player) takes the seat of P03 Test") {
		t.Fatalf("seed --late:\n%s", out)
	}
	if n := pictureCount(t, path, calls); n != 4 {
		t.Errorf("after seed --late: %d QR codes, want 4", n)
	}
	if got, want := printedCodes(t, path, 1), boardCodes(1, 4, nil); !slices.Equal(got, want) {
		t.Errorf("after seed --late, the printed QR codes are %q, want %q", got, want)
	}
	checkQuiet(t, path, "after seed --late")

	var late [][]any
	for i := 29; i < 36; i++ {
		late = append(late, player(i))
	}
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set_rows", "sheet": workbook.SheetPlayers, "cell": "A31", "rows": late}})
	out = clitest.RunOK(t, "seed", "--late", "--heat", "1", path)
	if !strings.Contains(out, "new board 5 for late players") {
		t.Fatalf("seed --late with seven late players:\n%s", out)
	}
	if got, want := printedCodes(t, path, 1), boardCodes(1, 5, nil); !slices.Equal(got, want) {
		t.Errorf("after a new board, the printed QR codes are %q, want %q", got, want)
	}
	checkQuiet(t, path, "after a new board")
	if code, out := sameBytes(t, path, "seed", "--late", "--heat", "1", path); code != 1 || !strings.Contains(out, "no late player to seat") {
		t.Errorf("seed --late with no one to seat: exit %d\n%s", code, out)
	}
}

// TestUnseedRemovesCalls empties heat 1 after seeding it: its board-calls
// tab goes with its QR codes (it stayed, announcing boards that no longer
// exist), the package holds no drawing or picture left behind, and
// LibreOffice opens it. Seeding again writes the calls anew.
func TestUnseedRemovesCalls(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	clitest.RunOK(t, "seed", path)
	out := clitest.RunOK(t, "seed", "--unseed", "--heat", "1", path)
	if !strings.Contains(out, "emptied 4 board(s)") || !strings.Contains(out, "Heat 1 calls removed") {
		t.Errorf("seed --unseed:\n%s", out)
	}
	if sheets := clitest.OpenXLSX(t, path).GetSheetList(); slices.Contains(sheets, workbook.BoardCallsSheet(1)) {
		t.Errorf("after --unseed, the sheets are %q", sheets)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.Check(data); len(problems) > 0 {
		t.Errorf("after --unseed: %q", problems)
	}
	for _, part := range []string{"xl/drawings/", "xl/media/"} {
		if bytes.Contains(data, []byte(part)) {
			t.Errorf("after --unseed, the package still names %s", part)
		}
	}
	if rows := lotest.CSV(t, path, "Heat 1"); len(rows) < 1 {
		t.Errorf("LibreOffice reads no Heat 1")
	}
	checkQuiet(t, path, "after --unseed")
	clitest.RunOK(t, "seed", path)
	if n := pictureCount(t, path, workbook.BoardCallsSheet(1)); n != 4 {
		t.Errorf("seeded again: %d QR codes, want 4", n)
	}
}

// TestResultsFormStaleQRCodes replays a results form set up after the
// board calls were written: the director types its address on the
// Tournament sheet in LibreOffice. dtm check warns that the QR codes are
// stale (it said nothing), dtm seed --refresh rewrites them, and each
// printed code opens the form for its board.
func TestResultsFormStaleQRCodes(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	clitest.RunOK(t, "seed", path)
	checkQuiet(t, path, "after seeding")
	const form = "https://forms.example.org/r?usp=pp_url&entry.1={code}"
	row := slices.IndexFunc(clitest.SheetRows(t, path, workbook.SheetTournament), func(r []string) bool {
		return len(r) > 0 && r[0] == workbook.SetResultsForm
	})
	if row < 0 {
		t.Fatal("the Tournament sheet has no Results form row")
	}
	cell := "B" + strconv.Itoa(row+1)
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set", "sheet": workbook.SheetTournament, "cell": cell, "value": form}})
	out := clitest.RunOK(t, "check", path)
	want := "'Heat 1 calls'!U1: warning: the board calls' QR codes are stale (board 1's QR code does not open the results form as Tournament!" +
		cell + " now gives it; 4 of 4 boards); run dtm seed --refresh --heat 1"
	if !strings.Contains(out, want) {
		t.Errorf("check after the form was typed lacks\n%s\n%s", want, out)
	}
	out = clitest.RunOK(t, "seed", "--refresh", path)
	if !strings.Contains(out, "Heat 1 calls rewritten") {
		t.Errorf("seed --refresh:\n%s", out)
	}
	checkQuiet(t, path, "after seed --refresh")
	link := func(code string) string { return strings.ReplaceAll(form, "{code}", code) }
	if got, want := printedCodes(t, path, 1), boardCodes(1, 4, link); !slices.Equal(got, want) {
		t.Errorf("after seed --refresh, the printed QR codes are %q, want %q", got, want)
	}
	if _, out := sameBytes(t, path, "seed", "--refresh", path); !strings.Contains(out, "nothing to refresh") {
		t.Errorf("a second seed --refresh:\n%s", out)
	}
}

// TestSecondRunSameFile runs dtm score, and dtm seed --refresh --heat 1, a
// second time on a workbook they have just written: the file's bytes are
// the same (the Standings chart's relationship id grew by one on every
// score, and the parts came out in a different order on every save).
func TestSecondRunSameFile(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, "samples/armada-open.xlsx")
	clitest.RunOK(t, "score", path)
	if code, out := sameBytes(t, path, "score", path); code != 0 {
		t.Errorf("a second score: exit %d\n%s", code, out)
	}
	seeded := clitest.SeedTournament(t, 28)
	clitest.RunOK(t, "seed", seeded)
	clitest.RunOK(t, "seed", "--refresh", "--heat", "1", seeded)
	if code, out := sameBytes(t, seeded, "seed", "--refresh", "--heat", "1", seeded); code != 0 {
		t.Errorf("a second seed --refresh --heat 1: exit %d\n%s", code, out)
	}
}
