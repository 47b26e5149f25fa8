package director

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/seeding"
)

// copyTo copies a workbook into a temporary folder and returns the copy.
func copyTo(t *testing.T, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// editCells sets cells of a workbook ("Sheet!A1" to a value) and saves it.
func editCells(t *testing.T, path string, cells map[string]any) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for at, v := range cells {
		sheet, cell, _ := strings.Cut(at, "!")
		if err := f.SetCellValue(sheet, cell, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
}

// verifyText runs dtm verify's use case and returns what it prints and
// whether it failed as not verified.
func verifyText(t *testing.T, req VerifyRequest) (string, bool) {
	t.Helper()
	res, err := Verify(req)
	if err != nil {
		t.Fatalf("verify %s: %v", req.Path, err)
	}
	var b strings.Builder
	res.WriteText(&b)
	failed := res.Err() != nil
	if failed && !errors.Is(res.Err(), ErrNotVerified) {
		t.Fatalf("verify %s: %v", req.Path, res.Err())
	}
	return b.String(), failed
}

// TestVerifySamples: the bundled samples, as dtm score wrote them, verify
// clean and print a certificate that re-checks clean.
func TestVerifySamples(t *testing.T) {
	t.Parallel()
	for _, sample := range []string{"armada-open", "dipcon-xxxiv", "hurst-example"} {
		path := copyTo(t, filepath.Join("..", "samples", sample+".xlsx"))
		out, failed := verifyText(t, VerifyRequest{Path: path})
		if failed || !strings.Contains(out, certBegin) {
			t.Errorf("%s does not verify clean:\n%s", sample, out)
			continue
		}
		cert := filepath.Join(t.TempDir(), "cert.txt")
		if err := os.WriteFile(cert, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, failed := verifyText(t, VerifyRequest{Path: path, Certificate: cert}); failed || !strings.Contains(out, "the certificate holds") {
			t.Errorf("%s: the certificate does not re-check:\n%s", sample, out)
		}
	}
}

// TestVerifyFindsEdits: each edit of what dtm wrote, or of an input
// without rescoring, is reported at its cells, and the run fails.
func TestVerifyFindsEdits(t *testing.T) {
	t.Parallel()
	sample := filepath.Join("..", "samples", "armada-open.xlsx")
	for _, c := range []struct {
		name  string
		cells map[string]any
		want  []string
	}{
		// Maya Moreau's total is 166.
		{"an edited Standings cell", map[string]any{"Standings!C2": 81.5},
			[]string{"Standings!C2: shows 81.5, the results give 166"}},
		{"a typed heat score", map[string]any{"Heat 1!K3": 7},
			[]string{"'Heat 1'!K3: board 1's score shows 7, the results give -2"}},
		// Elena Evans ends heat 2 on 16 centres, not 17, in her two-way
		// draw with Quinn Quade: the draw still scores 78, but England's
		// best result names the centres.
		{"a changed centre count, not rescored", map[string]any{"Heat 2!H3": 16},
			[]string{`Awards!D11: shows "England, heat 2 board 1: 17 centres, 78 points", the results give "England, heat 2 board 1: 16 centres, 78 points"`}},
	} {
		path := copyTo(t, sample)
		editCells(t, path, c.cells)
		out, failed := verifyText(t, VerifyRequest{Path: path})
		if !failed {
			t.Errorf("%s: verified clean:\n%s", c.name, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, out)
			}
		}
		if strings.Contains(out, certBegin) {
			t.Errorf("%s: a certificate printed for a run that failed:\n%s", c.name, out)
		}
	}
}

// TestVerifyCertificateAfterEdit: a certificate printed for a workbook
// fails after one of its inputs changes (rescored, so that the workbook
// still verifies), naming the sheet.
func TestVerifyCertificateAfterEdit(t *testing.T) {
	t.Parallel()
	path := copyTo(t, filepath.Join("..", "samples", "armada-open.xlsx"))
	out, _ := verifyText(t, VerifyRequest{Path: path})
	cert := filepath.Join(t.TempDir(), "cert.txt")
	if err := os.WriteFile(cert, []byte("saved from the terminal:\n"+out), 0o644); err != nil {
		t.Fatal(err)
	}
	editCells(t, path, map[string]any{"Heat 2!H3": 16})
	if _, err := Score(ScoreRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	out, failed := verifyText(t, VerifyRequest{Path: path, Certificate: cert})
	if !failed {
		t.Fatalf("the certificate holds after an edit:\n%s", out)
	}
	for _, w := range []string{"inputs changed", "input Heat 2 changed", "outputs changed", "output Awards changed"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	if strings.Contains(out, "input Players changed") {
		t.Errorf("an unchanged sheet is said to have changed:\n%s", out)
	}
}

// seededFixture writes a tournament of 14 players and seeds heat 1 with
// dtm seed's use case, and scores it.
func seededFixture(t *testing.T) string {
	t.Helper()
	tour := fixture.Tournament{Name: "Verify", Heats: 2, Seed: 11, Players: fixture.Numbered(14)}
	path := fixture.Build(t, tour)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path}); err != nil {
		t.Fatal(err)
	}
	if _, err := Score(ScoreRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestVerifySwappedSeats: a heat dtm seed seated is seated again from its
// record; two players swapped between boards by hand, without dtm seed
// --refresh, are reported at their Player cells, in the calls and in the
// Standings' notes (which name each player's board). After dtm seed
// --refresh and dtm score the workbook verifies, with a note on the seats
// the refresh recorded.
func TestVerifySwappedSeats(t *testing.T) {
	t.Parallel()
	path := seededFixture(t)
	if out, failed := verifyText(t, VerifyRequest{Path: path}); failed || !strings.Contains(out, "1 heat(s) seated again from dtm seed's record") {
		t.Fatalf("a seeded heat does not verify, replayed:\n%s", out)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := f.GetCellValue("Heat 1", "E2")
	b, _ := f.GetCellValue("Heat 1", "E9")
	f.Close()
	editCells(t, path, map[string]any{"Heat 1!E2": b, "Heat 1!E9": a})
	out, failed := verifyText(t, VerifyRequest{Path: path})
	if !failed {
		t.Fatalf("swapped seats verify clean:\n%s", out)
	}
	for _, w := range []string{"'Heat 1 calls'!G5: the board calls do not match the heat sheet", "Standings!H2: shows",
		"'Heat 1'!E2: " + b + " is on board 1 as Austria; dtm seed (heat seed ", "'Heat 1'!E9: " + a + " is on board 2 as Austria; dtm seed (heat seed "} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	if _, err := Refresh(context.Background(), RefreshRequest{Path: path, Heat: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := Score(ScoreRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	out, failed = verifyText(t, VerifyRequest{Path: path})
	if want := "note: heat 1: 2 seat(s) differ from dtm seed's (heat seed 12), as dtm seed --refresh left them"; failed || !strings.Contains(out, want) {
		t.Errorf("after dtm seed --refresh: no %q, or not clean:\n%s", want, out)
	}
}

// TestVerifyFiles: dtm export's files verify clean; a tampered WDR score
// is reported at its JSON Pointer and a tampered CSV line at its line.
func TestVerifyFiles(t *testing.T) {
	t.Parallel()
	path := copyTo(t, filepath.Join("..", "samples", "armada-open.xlsx"))
	dir := filepath.Join(filepath.Dir(path), "results")
	if _, err := Export(ExportRequest{Path: path, CSV: true, WDD: true, WDR: true, Ratings: true, Out: dir}); err != nil {
		t.Fatal(err)
	}
	if out, failed := verifyText(t, VerifyRequest{Path: path, Files: dir}); failed || !strings.Contains(out, "6 exported file(s)") {
		t.Fatalf("the exports do not verify clean:\n%s", out)
	}
	tamper := func(name, old, new string) {
		t.Helper()
		file := filepath.Join(dir, name)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), old) {
			t.Fatalf("%s holds no %q", name, old)
		}
		if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tamper("ARMADA Open 2026 WDR.json", `"score": 112,`, `"score": 121,`)
	tamper("ARMADA Open 2026.csv", "2,Elena Evans,-2,78,34,112", "2,Elena Evans,-2,78,34,121")
	out, failed := verifyText(t, VerifyRequest{Path: path, Files: dir})
	if !failed {
		t.Fatalf("tampered exports verify clean:\n%s", out)
	}
	for _, w := range []string{
		"ARMADA Open 2026 WDR.json: /rounds/1/games/1/players/France/score: shows 121, the workbook gives 112",
		"ARMADA Open 2026.csv:2: shows \"2,Elena Evans,-2,78,34,121\", the workbook gives \"2,Elena Evans,-2,78,34,112\"",
	} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	if n := strings.Count(out, "\n") - strings.Count(out, "note: "); n != 2 {
		t.Errorf("%d lines, want the 2 differences:\n%s", n, out)
	}
	if out, failed := verifyText(t, VerifyRequest{Path: path, Files: t.TempDir()}); !failed || !strings.Contains(out, "holds none of the files dtm export writes") {
		t.Errorf("a folder without exports:\n%s", out)
	}
}

// TestSeedingInputsIgnoreStarted: an earlier heat's board is the same
// history to the seeder before and after it starts, so the record of a
// heat seeded the night before its predecessor starts still matches when
// dtm verify seats it again after that heat is played.
func TestSeedingInputsIgnoreStarted(t *testing.T) {
	board := seeding.Board{Seats: []seeding.Seat{{Player: 0}, {Player: 1}, {Player: 2}, {Player: 3}, {Player: 4}, {Player: 5}, {Player: 6}}}
	problem := func(started bool) *seeding.Problem {
		b := board
		b.Locked = started
		return &seeding.Problem{Players: make([]string, 14), History: []seeding.Plan{{Round: 1, Boards: []seeding.Board{b}}}}
	}
	before := seedingInputs(problem(false), nil, nil, seeding.Options{})
	after := seedingInputs(problem(true), nil, nil, seeding.Options{})
	if !slices.Equal(before, after) {
		t.Errorf("the inputs' digests changed when heat 1 started:\n%v\n%v", before, after)
	}
	moved := problem(true)
	moved.History[0].Boards[0].Seats[0].Player = 7
	if slices.Equal(before, seedingInputs(moved, nil, nil, seeding.Options{})) {
		t.Error("a player moved in heat 1 left the history's digest as it was")
	}
}
