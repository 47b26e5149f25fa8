package workbook

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
)

// FuzzRead types arbitrary values into arbitrary cells of a valid
// tournament, as a director might, and reads it: every input gives a
// tournament and problems located at a sheet, never a panic, and a
// workbook without problems can be scored and seeded.
func FuzzRead(f *testing.F) {
	base := fixtureBytes(f)
	for _, seed := range []struct {
		sheet      uint8
		row, col   uint8
		value      string
		row2, col2 uint8
		value2     string
	}{
		{0, 11, 2, "0", 0, 0, ""},
		{2, 2, 1, "", 2, 2, ""},
		{8, 9, 3, "Austria", 10, 0, "9"},
		{8, 2, 1, "Unstarted", 3, 7, "-1"},
		{6, 3, 1, "nope", 2, 0, "=1/0"},
		{3, 2, 2, "1e309", 2, 3, "Ann Smith"},
	} {
		f.Add(seed.sheet, seed.row, seed.col, seed.value, seed.row2, seed.col2, seed.value2)
	}
	f.Fuzz(func(t *testing.T, sheet, row, col uint8, value string, row2, col2 uint8, value2 string) {
		wb, err := excelize.OpenReader(bytes.NewReader(base))
		if err != nil {
			t.Fatal(err)
		}
		sheets := wb.GetSheetList()
		name := sheets[int(sheet)%len(sheets)]
		for _, e := range []struct {
			row, col uint8
			v        string
		}{{row, col, value}, {row2, col2, value2}} {
			cell := cellName(int(e.col)%30+1, int(e.row)%40+1)
			if err := wb.SetCellValue(name, cell, e.v); err != nil {
				return // excelize refuses the value (too long, ...): nothing to read
			}
		}
		tour, problems, _ := read(wb, "")
		for _, p := range problems {
			if p.Sheet == "" || p.Msg == "" {
				t.Fatalf("unlocated problem: %+v", p)
			}
		}
		if len(problems) > 0 || tour.Settings.Heats < 1 {
			return
		}
		tour.Event()
		for h := 1; h <= tour.Settings.Heats; h++ {
			if err := tour.SeedProblem(h).Validate(); err != nil {
				t.Fatalf("heat %d: a workbook without problems gives an invalid seeding problem: %v", h, err)
			}
			tour.Seating(h)
		}
		tour.Outcomes()
	})
}

// fixtureBytes is the fixture tournament as an .xlsx file.
func fixtureBytes(tb testing.TB) []byte {
	tb.Helper()
	data, err := xlsxcheck.Bytes(fixture(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}
