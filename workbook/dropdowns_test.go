package workbook

import (
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// TestDropdownInBytes adds the dropdowns a big heat needs beyond the
// template's rows into the sheet's bytes, and through excelize, and finds
// the same dropdowns in both saved workbooks.
func TestDropdownInBytes(t *testing.T) {
	sheet := HeatSheet(1)
	var got [2][]string
	added := 0
	for way := range 2 {
		b := saved(t)
		if !b.x.HeldAsRead(sheet) {
			t.Fatalf("%s is not held as read", sheet)
		}
		for i, c := range heatColumns {
			if c.choices == nil && c.list == "" {
				continue
			}
			sqref := cellName(i+1, heatSheetRows+2) + ":" + cellName(i+1, heatSheetRows+50)
			var err error
			if way == 0 {
				err = b.addDropdown(sheet, sqref, c.choices, c.list)
			} else {
				dv, derr := newDropdown(sqref, c.choices, c.list)
				if derr != nil {
					t.Fatal(derr)
				}
				err = b.f.AddDataValidation(sheet, dv)
			}
			if err != nil {
				t.Fatal(err)
			}
			added++
		}
		if ok := b.x.HeldAsRead(sheet); ok != (way == 0) {
			t.Fatalf("way %d: sheet held as read: %v", way, ok)
		}
		f := packed(t, b, filepath.Join(t.TempDir(), "dv.xlsx"))
		dvs, err := f.GetDataValidations(sheet)
		if err != nil {
			t.Fatal(err)
		}
		for _, dv := range dvs {
			got[way] = append(got[way], dv.Sqref+" "+dv.Type+" "+dv.Formula1+" "+*dv.ErrorStyle+" "+*dv.ErrorTitle+" "+*dv.Error)
		}
	}
	beyond := 0
	for _, dv := range got[0] {
		if strings.Contains(dv, strconv.Itoa(heatSheetRows+2)+":") {
			beyond++
		}
	}
	if beyond == 0 || 2*beyond != added || !reflect.DeepEqual(got[0], got[1]) {
		t.Errorf("in bytes:\n%q\nthrough excelize:\n%q", got[0], got[1])
	}
}
