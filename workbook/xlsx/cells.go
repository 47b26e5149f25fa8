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

// FitCell cuts a text to what a cell holds (MaxCellLength characters),
// marking the cut.
func FitCell(text string) string {
	if utf8.RuneCountInString(text) <= MaxCellLength {
		return text
	}
	return string([]rune(text)[:MaxCellLength-1]) + "…"
}
