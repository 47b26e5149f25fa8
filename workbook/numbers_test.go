package workbook

import (
	"math"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestParseNumber(t *testing.T) {
	for _, tc := range []struct {
		in    string
		want  float64
		ok    bool
		whole bool // parseWhole accepts it too
	}{
		{"7", 7, true, true},
		{" -2.5 ", -2.5, true, false},
		{"+3", 3, true, true},
		{".5", 0.5, true, false},
		{"5.", 5, true, true},
		{"6.9999999999", 6.9999999999, true, true}, // a spreadsheet's 7
		{"7.00000000001", 7.00000000001, true, true},
		{"1E+20", 0, false, false}, // beyond 10^15
		{"1.5E-7", 1.5e-7, true, false},
		{"1e5", 1e5, true, false}, // a number, but not a whole number a director types
		{"-0", 0, true, true},
		{"0x1.8p2", 0, false, false},
		{"0x10", 0, false, false},
		{"1_000", 0, false, false},
		{"Inf", 0, false, false},
		{"-Infinity", 0, false, false},
		{"NaN", 0, false, false},
		{"1e308", 0, false, false},
		{"1e400", 0, false, false},
		{"1,5", 0, false, false},
		{"", 0, false, false},
		{".", 0, false, false},
		{"1e", 0, false, false},
		{"--1", 0, false, false},
		{"1 000", 0, false, false},
	} {
		got, ok := parseNumber(tc.in)
		if ok != tc.ok || (ok && got != tc.want) || (got == 0 && math.Signbit(got)) {
			t.Errorf("parseNumber(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
		if _, ok := parseWhole(tc.in); ok != tc.whole {
			t.Errorf("parseWhole(%q) ok = %v, want %v", tc.in, ok, tc.whole)
		}
	}
}

// TestNumbersRefusedAtTheirCell: numbers a spreadsheet would not show, and
// results that are not finite, are located problems.
func TestNumbersRefusedAtTheirCell(t *testing.T) {
	heat := HeatSheet(1)
	for _, tc := range []struct {
		name             string
		edit             func(t *testing.T, f *excelize.File)
		sheet, cell, msg string
	}{
		{"hexadecimal centres", func(t *testing.T, f *excelize.File) { set(t, f, heat, "H2", "0x1.8p2") },
			heat, "H2", `centres must be from 0 to 34, not "0x1.8p2"`},
		{"exponent year", func(t *testing.T, f *excelize.File) { set(t, f, heat, "G2", "1.907e3") },
			heat, "G2", `must be a year from 1901 to 1999, not "1.907e3"`},
		{"digit separators", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "C2", "1_000") },
			SheetConflicts, "C2", `conflict value must be a whole number, not "1_000"`},
		{"NaN override", func(t *testing.T, f *excelize.File) { set(t, f, heat, "L2", "NaN") },
			heat, "L2", `score override must be a number, not "NaN"`},
		{"multiplier of 1e308", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetLowestFactor)), "1e308")
		}, SheetTournament, cellName(2, settingRowOf(t, SetLowestFactor)), `must be a number from -10^15 to 10^15, not "1e308"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fixture(t)
			tc.edit(t, f)
			b := reread(t, f)
			defer b.Close()
			if len(b.Problems) == 0 {
				t.Fatal("no problem")
			}
			p := b.Problems[0]
			if p.Sheet != tc.sheet || (tc.cell != "" && p.Cell != tc.cell) || p.Cell == "" || !strings.Contains(p.Msg, tc.msg) {
				t.Errorf("got  %s\nwant %s!%s: ...%s...", p, tc.sheet, tc.cell, tc.msg)
			}
		})
	}
}

// TestParseWholeDigits: digits alone, read without a float, are read as
// the float reading reads them.
func TestParseWholeDigits(t *testing.T) {
	for _, in := range []string{"0", "7", "007", "34", "1907", "123456789", "999999999", "1234567890", "0000000001"} {
		got, ok := parseWhole(in)
		v, fok := parseNumber(in)
		if !ok || !fok || float64(got) != v {
			t.Errorf("parseWhole(%q) = %d, %v; the float reading gives %v, %v", in, got, ok, v, fok)
		}
	}
}
