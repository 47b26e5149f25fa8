package workbook

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook/xlsx"
)

func TestPageHeader(t *testing.T) {
	long := strings.Repeat("Grand Prix ", 30) // 330 characters
	for _, tc := range []struct {
		title, want string // want: the header, or its end when it was shortened
	}{
		{"2026 Regatta – Standings", `&C&14&"Calibri,Bold"2026 Regatta – Standings`},
		{"Cap & Gown", `&C&14&"Calibri,Bold"Cap && Gown`},
		{long, "…"},
		{strings.Repeat("&", 300), "&&…"},
		{strings.Repeat("🏆", 200), "🏆…"}, // two UTF-16 units each
	} {
		got := xlsx.PageHeader(14, tc.title)
		if !strings.HasSuffix(got, tc.want) || !strings.HasPrefix(got, `&C&14&"Calibri,Bold"`) {
			t.Errorf("xlsx.PageHeader(%.30q) = %.60q..., want it to end %q", tc.title, got, tc.want)
		}
		if msg := xlsxcheck.HeaderProblem(got); msg != "" {
			t.Errorf("xlsx.PageHeader(%.30q): %s", tc.title, msg)
		}
		if xlsx.UTF16Len(tc.title) > 200 && xlsx.UTF16Len(got) < xlsx.MaxHeader-2 {
			t.Errorf("xlsx.PageHeader(%.30q) shortened to %d, more than needed", tc.title, xlsx.UTF16Len(got))
		}
	}
	if f := xlsx.PageFooter("dtm · Heat 1 calls"); xlsxcheck.HeaderProblem(f) != "" {
		t.Errorf("footer %q: %s", f, xlsxcheck.HeaderProblem(f))
	}
}

// TestValidationsLeaveRoom walks every dropdown of a new workbook and
// checks that its messages leave room below Excel's limits for one more
// choice.
func TestValidationsLeaveRoom(t *testing.T) {
	f, err := Template(BuiltInSystems())
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, sheet := range f.GetSheetList() {
		dvs, err := f.GetDataValidations(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for _, dv := range dvs {
			for _, m := range []*string{dv.Error, dv.Prompt} {
				if m != nil && xlsx.UTF16Len(*m) > 150 {
					t.Errorf("%s!%s: message of %d characters leaves too little room (Excel: 225): %q", sheet, dv.Sqref, xlsx.UTF16Len(*m), *m)
				}
			}
			if n := xlsx.UTF16Len(dv.Formula1); n > 230 {
				t.Errorf("%s!%s: list of %d characters leaves too little room (Excel: 255)", sheet, dv.Sqref, n)
			}
		}
	}
}

// TestRowHeights checks that each output row is as tall as its wrapped
// text, within Excel's tallest row.
func TestRowHeights(t *testing.T) {
	b := saved(t)
	o := Output{Sheet: SheetAwards, Header: []string{"Award", "Winners"}, Widths: []float64{10, 20},
		Rows: [][]any{{"1st", "Ann"}, {"2nd", strings.Repeat("word ", 10)}, {"Tied", strings.Repeat("word ", 2000)}}}
	if err := b.WriteOutput(o); err != nil {
		t.Fatal(err)
	}
	// Row 3: ten words of four letters, three a line in a column 20 wide.
	for row, want := range map[int]float64{1: 15, 2: 15, 3: 60, 4: 409} {
		if got, err := b.f.GetRowHeight(SheetAwards, row); err != nil || got != want {
			t.Errorf("row %d: height %v (%v), want %v", row, got, err, want)
		}
	}
}

// TestBrokenNames saves a workbook holding names that refer to nothing, as
// Gnumeric writes them, and finds those of dtm's own tabs gone and the
// director's kept and warned of.
func TestBrokenNames(t *testing.T) {
	f := fixture(t)
	if _, err := f.NewSheet("Prizes"); err != nil {
		t.Fatal(err)
	}
	names := []struct {
		name, scope, refersTo string
		kept                  bool
	}{
		{"_xlnm.Print_Area", SheetTournament, "#REF!", false},
		{"_xlnm.Print_Area", HeatSheet(1), `ERROR("'Heat 1'!$A:$K,'Heat 1'!$L:$N")`, false},
		{"Print_Titles", HeatSheet(1), `ERROR("'Heat 1'!$D:$E,'Heat 1'!$1:$1")`, false},
		{"_xlnm.Print_Area", SheetAbout, "#REF!", false},
		{"_xlnm.Print_Area", "Prizes", "#REF!", true},
		{"Winners", "Workbook", "#REF!$A$1:$A$3", true},
		{"Seeds", "Workbook", "Players!$A$2:$A$10", true},
	}
	for _, d := range f.GetDefinedName() { // Gnumeric wrote the sheets' names anew
		if err := f.DeleteDefinedName(&excelize.DefinedName{Name: d.Name, Scope: d.Scope}); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range names {
		scope := strings.TrimPrefix(n.scope, "Workbook") // excelize's scope of a name of the whole workbook
		if err := f.SetDefinedName(&excelize.DefinedName{Name: n.name, Scope: scope, RefersTo: n.refersTo}); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "names.xlsx")
	if err := xlsxcheck.SaveAs(f, path); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	b.Close()
	b, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	have := map[[2]string]string{}
	for _, d := range b.f.GetDefinedName() {
		have[[2]string{d.Name, d.Scope}] = d.RefersTo
	}
	for _, n := range names {
		if _, ok := have[[2]string{n.name, n.scope}]; ok != n.kept {
			t.Errorf("%s of %q (%s): kept %v, want %v", n.name, n.scope, n.refersTo, ok, n.kept)
		}
	}
	var got []string
	for _, p := range b.BrokenNames() {
		got = append(got, p.Location()+": "+p.Msg)
	}
	want := []string{
		`Prizes: warning: the defined name "_xlnm.Print_Area" refers to nothing (#REF!)`,
		`: warning: the workbook's defined name "Winners" refers to nothing (#REF!$A$1:$A$3)`,
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
