package workbook

import (
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// table is a sheet whose first row holds column headers. Columns are found by
// their header text, so a director may insert, reorder or add columns.
type table struct {
	sheet string
	rows  [][]string     // raw cell values, row 0 = headers
	col   map[string]int // normalised header -> 0-based column
	// known caches the column of each header asked for, as written.
	known map[string]int
	// read lists col's columns, for blank (once col is complete).
	read []int
}

// column returns the 0-based column of a header, if the table has it.
func (t *table) column(header string) (int, bool) {
	if c, ok := t.known[header]; ok {
		return c, c >= 0
	}
	c, ok := t.col[normalHeader(header)]
	if !ok {
		c = -1
	}
	if t.known == nil {
		t.known = map[string]int{}
	}
	t.known[header] = c
	return c, ok
}

// columnSpec says which headers a table knows.
type columnSpec struct {
	required []string
	optional []string
	// extra accepts further headers of a family ("Member 7", "Heat 3",
	// "1904") and returns false for anything it does not know.
	extra func(header string) bool
}

// readTable reads a sheet as a table. It reports a missing sheet, missing
// required columns and repeated headers, and notes ignored columns.
func (r *reader) readTable(sheet string, spec columnSpec) (*table, bool) {
	if _, err := xlsx.GetSheetIndex(r.f, sheet); err != nil || !r.hasSheet(sheet) {
		r.unread = append(r.unread, unreadSheet{sheet, spec.required})
		return nil, false
	}
	rows, err := r.rows.Rows(sheet)
	var damage *xlsx.DamageError
	if errors.As(err, &damage) {
		r.p.add(sheet, damage.Cell, xlsx.RestoreHint(r.path), "the workbook is damaged: %s", damage.Msg)
		return nil, false
	}
	if err != nil {
		r.p.add(sheet, "", "", "cannot read the sheet: %v", err)
		return nil, false
	}
	for i, row := range rows {
		for c, v := range row {
			if len(v) > xlsx.MaxCellLength && utf8.RuneCountInString(v) > xlsx.MaxCellLength {
				r.p.add(sheet, cellName(c+1, i+1), "shorten it", "the cell holds %d characters; a cell holds at most %d", utf8.RuneCountInString(v), xlsx.MaxCellLength)
				row[c] = ""
			}
		}
	}
	t := &table{sheet: sheet, rows: rows, col: map[string]int{}}
	known := map[string]bool{}
	for _, h := range append(append([]string(nil), spec.required...), spec.optional...) {
		known[normalHeader(h)] = true
	}
	var header []string
	if len(rows) > 0 {
		header = rows[0]
	}
	for c, h := range header {
		n := normalHeader(h)
		if n == "" {
			continue
		}
		if first, dup := t.col[n]; dup {
			r.p.add(sheet, cellName(c+1, 1), "rename or delete one of them",
				"column %q appears twice (first at %s)", strings.TrimSpace(h), cellName(first+1, 1))
			continue
		}
		if known[n] || (spec.extra != nil && spec.extra(strings.TrimSpace(h))) {
			t.col[n] = c
			continue
		}
		r.p.ignore(sheet, cellName(c+1, 1), "column %q is not one dtm reads; it is kept as it is", strings.TrimSpace(h))
	}
	ok := true
	for _, h := range spec.required {
		if _, found := t.col[normalHeader(h)]; !found {
			r.p.add(sheet, "1:1", "type the header in an empty cell of row 1 (columns may be in any order)",
				"no column headed %q", h)
			ok = false
		}
	}
	return t, ok
}

// hasSheet reports whether the workbook has a sheet of exactly this name.
func (r *reader) hasSheet(name string) bool {
	for _, s := range r.f.GetSheetList() {
		if s == name {
			return true
		}
	}
	return false
}

// get returns the trimmed value in row i (0-based, 0 = headers) under a
// header; "" when the column or cell is absent.
func (t *table) get(i int, header string) string {
	c, ok := t.column(header)
	if !ok {
		return ""
	}
	return t.at(i, c)
}

// at returns the trimmed value in row i, column c (0-based, as column
// finds it; -1 for a column the table lacks): get, for a reader that finds
// its columns once rather than for every row.
func (t *table) at(i, c int) string {
	if c < 0 || i >= len(t.rows) || c >= len(t.rows[i]) {
		return ""
	}
	return strings.TrimSpace(t.rows[i][c])
}

// index returns the 0-based column of a header, -1 when the table lacks
// it, for at.
func (t *table) index(header string) int {
	c, ok := t.column(header)
	if !ok {
		return -1
	}
	return c
}

// cell names the cell of row i under a header ("C7").
func (t *table) cell(i int, header string) string {
	return cellName(t.col[normalHeader(header)]+1, i+1)
}

// blank reports whether row i has nothing in any column the table reads.
func (t *table) blank(i int) bool {
	if i >= len(t.rows) {
		return true
	}
	if t.read == nil {
		t.read = make([]int, 0, len(t.col))
		for _, c := range t.col {
			t.read = append(t.read, c)
		}
	}
	for _, c := range t.read {
		if c < len(t.rows[i]) && strings.TrimSpace(t.rows[i][c]) != "" {
			return false
		}
	}
	return true
}

// headers returns the table's headers that satisfy keep, in column order,
// as typed (trimmed).
func (t *table) headers(keep func(string) bool) []string {
	var out []string
	if len(t.rows) == 0 {
		return nil
	}
	for c, h := range t.rows[0] {
		h = strings.TrimSpace(h)
		if col, ok := t.col[normalHeader(h)]; ok && col == c && keep(h) {
			out = append(out, h)
		}
	}
	return out
}

// MaxNumber bounds every number dtm reads or computes: beyond 10^15 a
// spreadsheet no longer shows every digit, and with it no sum or product
// of scores can overflow.
const MaxNumber = 1e15

// parseNumber reads a number in a form a spreadsheet shows or stores:
// digits with an optional sign, decimal point and exponent ("-2.5",
// "1E+20"), within ±MaxNumber. Hexadecimal ("0x1.8p2"), "Inf", "NaN" and
// digit separators ("1_000") are not numbers to a director.
func parseNumber(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if !decimal(s) {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > MaxNumber {
		return 0, false
	}
	return v + 0, true // + 0 turns -0 into 0
}

// notNumber says why s is not a number dtm reads: "a number" or "a number
// from -10^15 to 10^15", for "... must be a number, not ..." messages.
func notNumber(s string) string {
	if decimal(strings.TrimSpace(s)) {
		return "a number from -10^15 to 10^15"
	}
	return "a number"
}

// decimal reports whether s is [+-]digits[.digits][(e|E)[+-]digits], with
// digits on at least one side of the point.
func decimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		n := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			n++
		}
		return n
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		n += digits()
	}
	if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// parseWhole reads a whole number; spreadsheets may store 7 as
// 7.0000000001. A whole number of a tournament is never written with an
// exponent: "1e5" typed as text is refused.
func parseWhole(s string) (int, bool) {
	if n, ok := xlsx.Digits(s); ok {
		return n, true
	}
	if strings.ContainsAny(s, "eE") {
		return 0, false
	}
	v, ok := parseNumber(s)
	if !ok || math.Abs(v-math.Round(v)) > 1e-9 || math.Abs(v) > 1e12 {
		return 0, false
	}
	return int(math.Round(v)), true
}

// parseYesNo reads Yes/No, TRUE/FALSE or 1/0 as LibreOffice and Excel store
// them.
func parseYesNo(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "yes", "true", "1", "true()", "y":
		return true, true
	case "no", "false", "0", "false()", "n":
		return false, true
	}
	return false, false
}
