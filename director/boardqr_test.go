package director

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
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
		if err := xlsxcheck.Save(f); err != nil {
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
		if err := xlsxcheck.Save(f); err != nil {
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

// TestSeatingChangesKeepQRCodes runs each command that writes a heat's
// board calls and reads every QR code back with zbarimg: one per board, in
// board order, each holding its board code. dtm seed --late used to write
// the calls without them (7 pictures to 0 on a drop-out's seat).
func TestSeatingChangesKeepQRCodes(t *testing.T) {
	t.Parallel()
	zbar := zbarimg(t)
	ctx := context.Background()
	seed := func(t *testing.T, req SeedRequest) {
		t.Helper()
		if _, err := Seed(ctx, req); err != nil {
			t.Fatal(err)
		}
	}
	setRegistration := func(t *testing.T, path string, h int, value any, players ...int) {
		t.Helper()
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		col := fixture.PlayersColumn(t, f, workbook.HeatSheet(h))
		for _, p := range players {
			fixture.Set(t, f, workbook.SheetPlayers, col+strconv.Itoa(p+2), value)
		}
		if err := xlsxcheck.Save(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	for _, tc := range []struct {
		name   string
		heat   int
		boards int
		run    func(t *testing.T) string // the workbook after the command
	}{
		{"seed", 1, 3, func(t *testing.T) string {
			path, _ := lateWorkbook(t, 21)
			seed(t, SeedRequest{Time: uncapped, Path: path})
			return path
		}},
		{"seed --sit-out auto", 1, 3, func(t *testing.T) string {
			path := ruleWorkbook(t, 22, 1, nil)
			seed(t, SeedRequest{Time: uncapped, Path: path, SitOutAuto: true})
			return path
		}},
		{"seed --two-boards auto", 1, 3, func(t *testing.T) string {
			path := twoBoardsWorkbook(t, 20, 1, 0)
			seed(t, SeedRequest{Time: uncapped, Path: path, TwoBoardsAuto: true})
			return path
		}},
		{"seed --pool", 2, 3, func(t *testing.T) string {
			path := ruleWorkbook(t, 21, 2, nil)
			seed(t, SeedRequest{Time: uncapped, Path: path, Heat: 1})
			f, err := excelize.OpenFile(path)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range heatGames(t, path, 1) {
				for k, s := range g.Seats {
					fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(2, s.Row), "Finished")
					fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(6, s.Row), "Win", 1907, []int{6, 5, 4, 5, 4, 5, 5}[k])
				}
			}
			if err := xlsxcheck.Save(f); err != nil {
				t.Fatal(err)
			}
			f.Close()
			seed(t, SeedRequest{Time: uncapped, Path: path, Heat: 2, Pool: Pool{Size: 7}})
			return path
		}},
		{"seed --late, a new board", 1, 3, func(t *testing.T) string {
			path, register := lateWorkbook(t, 14)
			seed(t, SeedRequest{Time: uncapped, Path: path})
			register(14, 15, 16, 17, 18, 19, 20)
			if _, err := SeatLate(ctx, LateRequest{Path: path}); err != nil {
				t.Fatal(err)
			}
			return path
		}},
		{"seed --late, a drop-out's seat", 1, 2, func(t *testing.T) string {
			path, register := lateWorkbook(t, 14)
			seed(t, SeedRequest{Time: uncapped, Path: path})
			setRegistration(t, path, 1, nil, 3)
			register(14)
			if _, err := SeatLate(ctx, LateRequest{Path: path}); err != nil {
				t.Fatal(err)
			}
			return path
		}},
		{"seed --unseed, a started board kept", 1, 1, func(t *testing.T) string {
			path, _ := lateWorkbook(t, 21)
			seed(t, SeedRequest{Time: uncapped, Path: path})
			startBoardOne(t, path)
			if _, err := Unseed(ctx, UnseedRequest{Path: path, Heat: 1}); err != nil {
				t.Fatal(err)
			}
			return path
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := tc.run(t)
			var want []string
			for b := 1; b <= tc.boards; b++ {
				want = append(want, workbook.BoardCode(tc.heat, b))
			}
			if got := decodePictures(t, zbar, path, workbook.BoardCallsSheet(tc.heat)); !slices.Equal(got, want) {
				t.Errorf("QR codes %q, want %q", got, want)
			}
			chk, err := Check(CheckRequest{Path: path})
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range chk.Warnings {
				if strings.Contains(w.String(), "stale") {
					t.Errorf("dtm check: %v", w)
				}
			}
		})
	}
}
