package xlsx

import (
	"strconv"
	"unicode/utf8"
)

// CellName names the cell at a 1-based column and row ("C7").
func CellName(col, row int) string {
	return ColumnName(col) + strconv.Itoa(row)
}

// ColumnName converts a 1-based column number to letters ("AA").
func ColumnName(col int) string {
	s := ""
	for col > 0 {
		col--
		s = string(rune('A'+col%26)) + s
		col /= 26
	}
	return s
}

// Digits reads a cell's value of one to nine digits, the usual form of a
// whole number (a row, an index, a count), without a copy and without
// reading it as a float first; false for anything else (a sign, a point,
// a space, ten digits or more).
func Digits[T string | []byte](v T) (int, bool) {
	if len(v) == 0 || len(v) > 9 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
		n = n*10 + int(v[i]-'0')
	}
	return n, true
}

// FitCell cuts a text to what a cell holds (MaxCellLength characters),
// marking the cut.
func FitCell(text string) string {
	if utf8.RuneCountInString(text) <= MaxCellLength {
		return text
	}
	return string([]rune(text)[:MaxCellLength-1]) + "…"
}
