package xlsx

import (
	"sort"
	"strconv"
	"strings"
)

// Problem is one thing wrong in what a reader read, located at a sheet and
// cell of a workbook, or at a line of a text file.
type Problem struct {
	Sheet string // sheet name; empty for the file as a whole
	Cell  string // "C7", a column "C:C", a row "1:1", or empty for the whole sheet
	File  string // a text file's name, for a problem located at one of its lines
	Line  int    // the line of File, from 1; 0 for the file as a whole
	Msg   string // what is wrong
	Hint  string // how to fix it; may be empty
	// Detail holds extra lines shown under the message (a formula and a
	// caret under the faulty word); may be empty.
	Detail string
}

// Location returns "Sheet!Cell", "Sheet", "file:line", "file" or "" as the
// problem is located.
func (p Problem) Location() string {
	switch {
	case p.File != "" && p.Line > 0:
		return p.File + ":" + strconv.Itoa(p.Line)
	case p.File != "":
		return p.File
	case p.Sheet == "":
		return ""
	case p.Cell == "":
		return p.Sheet
	}
	return QuoteSheet(p.Sheet) + "!" + p.Cell
}

// String renders the problem as one line, "Sheet!Cell: message; hint",
// followed by the indented detail lines when there are any.
func (p Problem) String() string {
	var b strings.Builder
	if loc := p.Location(); loc != "" {
		b.WriteString(loc)
		b.WriteString(": ")
	}
	b.WriteString(p.Msg)
	if p.Hint != "" {
		b.WriteString("; ")
		b.WriteString(p.Hint)
	}
	for _, line := range strings.Split(p.Detail, "\n") {
		if line != "" {
			b.WriteString("\n    ")
			b.WriteString(line)
		}
	}
	return b.String()
}

// QuoteSheet quotes a sheet name for a reference when it needs quoting, as
// spreadsheets do: 'Round 1'!B7.
func QuoteSheet(name string) string {
	if strings.ContainsAny(name, " -'!()&,;+") {
		return "'" + strings.ReplaceAll(name, "'", "''") + "'"
	}
	return name
}

// Problems is every problem found in one reading. As an error it prints one
// problem per line.
type Problems []Problem

// Error implements error.
func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return strings.Join(lines, "\n")
}

// Err returns ps as an error, or nil when there are none.
func (ps Problems) Err() error {
	if len(ps) == 0 {
		return nil
	}
	return ps
}

// Sorted returns the problems ordered by sheet (in sheetOrder), then row,
// then column, so that they read top to bottom; ties keep the order they
// were found in.
func Sorted(ps Problems, sheetOrder []string) Problems {
	rank := map[string]int{}
	for i, s := range sheetOrder {
		rank[s] = i + 1
	}
	out := append(Problems(nil), ps...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if rank[a.Sheet] != rank[b.Sheet] {
			return rank[a.Sheet] < rank[b.Sheet]
		}
		ra, ca := CellOrder(a.Cell)
		rb, cb := CellOrder(b.Cell)
		if ra != rb {
			return ra < rb
		}
		return ca < cb
	})
	return out
}

// CellOrder returns a sort key (row, column) for a cell reference; whole
// columns and sheets sort first.
func CellOrder(cell string) (row, col int) {
	for _, r := range cell {
		switch {
		case r >= 'A' && r <= 'Z':
			col = col*26 + int(r-'A'+1)
		case r >= '0' && r <= '9':
			row = row*10 + int(r-'0')
		default:
			return row, col
		}
	}
	return row, col
}
