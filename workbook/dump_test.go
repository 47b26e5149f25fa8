package workbook

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// dump renders a workbook as text for golden files: sheets in order with
// their visibility, frozen panes, column widths, dropdowns, and every
// non-empty cell with its value (and formula).
func dump(t *testing.T, f *excelize.File) string {
	t.Helper()
	var b strings.Builder
	for _, sheet := range f.GetSheetList() {
		visible, _ := f.GetSheetVisible(sheet)
		fmt.Fprintf(&b, "== %s (visible=%v)\n", sheet, visible)
		if p, err := f.GetPanes(sheet); err == nil && p.Freeze {
			fmt.Fprintf(&b, "frozen: x=%d y=%d\n", p.XSplit, p.YSplit)
		}
		dvs, err := f.GetDataValidations(sheet)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, dv := range dvs {
			lines = append(lines, fmt.Sprintf("dropdown %s: %s", dv.Sqref, dv.Formula1))
		}
		sort.Strings(lines)
		for _, l := range lines {
			b.WriteString(l + "\n")
		}
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		maxCol := 0
		for _, r := range rows {
			maxCol = max(maxCol, len(r))
		}
		for c := 1; c <= maxCol; c++ {
			w, _ := f.GetColWidth(sheet, columnName(c))
			fmt.Fprintf(&b, "width %s: %g\n", columnName(c), w)
		}
		for r, row := range rows {
			for c, v := range row {
				cell := cellName(c+1, r+1)
				formula, _ := f.GetCellFormula(sheet, cell)
				if v == "" && formula == "" {
					continue
				}
				if formula != "" {
					fmt.Fprintf(&b, "%s = %q [=%s]\n", cell, v, formula)
				} else {
					fmt.Fprintf(&b, "%s = %q\n", cell, v)
				}
			}
		}
	}
	return b.String()
}
