package publish

import (
	"fmt"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/armada-dtm/dtm/workbook/xlsx"
	"github.com/xuri/excelize/v2"
)

// heatPrintLong is a name longer than a heat sheet's Player column holds
// on one line.
var heatPrintLong = fixture.Player{First: "Maximilian Alexander", Last: "von Hohenzollern-Sigmaringen"}

// TestHeatSheetPrint seeds and scores a 14-player heat and checks how dtm
// leaves its sheet to print: the print areas (the seating's detail only
// when the heat has any), the paper (the Paper size setting, or Letter
// kept where the director chose it), fitted to the width on as many pages
// as it takes, and the Player and Conflict detail columns wrapping on rows
// as tall as their text; also on a sheet an older dtm set up to print on
// one page without wrapping, when dtm next writes it.
func TestHeatSheetPrint(t *testing.T) {
	t.Parallel()
	const check, both = "'Heat 1'!$A:$K", "'Heat 1'!$A:$K,'Heat 1'!$L:$N"
	tests := []struct {
		name     string
		letter   bool // the Paper size setting is Letter
		group    bool // every player in one group: each seat has a conflict detail
		old      bool // after seeding, Heat 1 has an older dtm's setup, on Letter
		then     []string
		area     string
		paper    int
		longRows float64 // the long name's row height, at least
	}{
		{"seeded, no detail", false, false, false, nil, check, xlsx.PaperA4, 30},
		{"seeded, detail", false, true, false, nil, both, xlsx.PaperA4, 30},
		{"older setup, then score", false, false, true, []string{"score"}, check, xlsx.PaperLetter, 30},
		{"older setup with detail, then refresh", false, true, true, []string{"seed", "--refresh", "--heat", "1"}, both, xlsx.PaperLetter, 30},
		{"Paper size Letter", true, false, false, []string{"score"}, check, xlsx.PaperLetter, 30},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			players := append([]fixture.Player{heatPrintLong}, fixture.Numbered(13)...)
			settings := map[string]any{}
			if tc.letter {
				settings[workbook.SetPaper] = "Letter"
			}
			path := fixture.Build(t, fixture.Tournament{Name: "Print", Heats: 2, Seed: 7, Players: players, Settings: settings})
			if tc.group {
				f := clitest.OpenXLSX(t, path)
				members := []any{"Everyone", 1}
				for _, p := range players {
					members = append(members, p.First+" "+p.Last)
				}
				fixture.Set(t, f, workbook.SheetGroups, "A2", members...)
				clitest.SaveXLSX(t, f)
			}
			clitest.RunOK(t, "seed", "--heat", "1", path)
			if tc.old {
				olderSetup(t, path)
			}
			if tc.then != nil {
				clitest.RunOK(t, append(tc.then, path)...)
			}
			f := clitest.OpenXLSX(t, path)
			defer f.Close()
			sheet := workbook.HeatSheet(1)
			names := map[string]string{}
			for _, d := range f.GetDefinedName() {
				if d.Scope == sheet {
					names[d.Name] = d.RefersTo
				}
			}
			if got := names["_xlnm.Print_Area"]; got != tc.area {
				t.Errorf("print area %q, want %q", got, tc.area)
			}
			if got, want := names["_xlnm.Print_Titles"], "'Heat 1'!$D:$E,'Heat 1'!$1:$1"; got != want {
				t.Errorf("print titles %q, want %q", got, want)
			}
			sheets := []string{sheet}
			if tc.letter {
				sheets = append(sheets, workbook.HeatSheet(2), workbook.BoardCallsSheet(1), workbook.SheetStandings)
			}
			for _, s := range sheets {
				l, err := f.GetPageLayout(s)
				if err != nil {
					t.Fatal(err)
				}
				if l.Size == nil || *l.Size != tc.paper || l.FitToHeight == nil || *l.FitToHeight != 0 {
					t.Errorf("%s: paper %v, fit to %v pages high, want %d and 0 (as many as it takes)", s, deref(l.Size), deref(l.FitToHeight), tc.paper)
				}
			}
			long := ""
			for _, s := range clitest.HeatSeats(t, path, 1) {
				if s.Player == heatPrintLong.First+" "+heatPrintLong.Last {
					long = fmt.Sprint(s.Row)
				}
			}
			for _, cell := range []string{"E" + long, "N" + long, "E300", "N300"} {
				id, err := f.GetCellStyle(sheet, cell)
				if err != nil {
					t.Fatal(err)
				}
				if st, err := f.GetStyle(id); err != nil || st.Alignment == nil || !st.Alignment.WrapText {
					t.Errorf("%s does not wrap", cell)
				}
			}
			row := 0
			fmt.Sscan(long, &row)
			if h, err := f.GetRowHeight(sheet, row); err != nil || h < tc.longRows {
				t.Errorf("the long name's row %d is %v pt high, want %v or more", row, h, tc.longRows)
			}
		})
	}
}

// olderSetup gives a workbook's Heat 1 the setup an older dtm wrote: no
// print area or title columns, the page fitted to one page high, the
// Player and Conflict detail columns not wrapping, and rows one line high;
// the director chose Letter.
func olderSetup(t *testing.T, path string) {
	t.Helper()
	f := clitest.OpenXLSX(t, path)
	sheet := workbook.HeatSheet(1)
	for _, d := range f.GetDefinedName() {
		if d.Scope == sheet {
			if err := f.DeleteDefinedName(&excelize.DefinedName{Name: d.Name, Scope: sheet}); err != nil {
				t.Fatal(err)
			}
		}
	}
	one, letter := 1, xlsx.PaperLetter
	if err := f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Size: &letter, FitToHeight: &one, FitToWidth: &one}); err != nil {
		t.Fatal(err)
	}
	plain, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Family: "Calibri", Size: 11}})
	if err != nil {
		t.Fatal(err)
	}
	for _, col := range []string{"E", "N"} {
		if err := f.SetColStyle(sheet, col, plain); err != nil {
			t.Fatal(err)
		}
	}
	for r := 2; r <= 20; r++ {
		if err := f.SetRowHeight(sheet, r, -1); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
}

// deref is what a pointer points to, or nil.
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestPaperSizeSetting checks that dtm check reads the Paper size setting
// and names its cell when it cannot.
func TestPaperSizeSetting(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ value, want string }{
		{"Letter", ""},
		{"letter", ""},
		{"A3", `Paper size cannot be "A3"; choose "A4" or "Letter"`},
	} {
		path := fixture.Build(t, fixture.Tournament{Name: "Paper"})
		f := clitest.OpenXLSX(t, path)
		cell := fixture.SetSetting(t, f, workbook.SetPaper, tc.value)
		clitest.SaveXLSX(t, f)
		if tc.want != "" {
			tc.want = workbook.SheetTournament + "!" + cell + ": " + tc.want
		}
		code, out, errOut := clitest.Dtm(t, "check", path)
		switch {
		case tc.want == "" && code != 0:
			t.Errorf("%s: exit %d\n%s%s", tc.value, code, out, errOut)
		case tc.want != "" && (code != 1 || !strings.Contains(out+errOut, tc.want) || !strings.Contains(out+errOut, "Letter")):
			t.Errorf("%s: exit %d, want 1 and %q naming the choices:\n%s%s", tc.value, code, tc.want, out, errOut)
		}
	}
}
