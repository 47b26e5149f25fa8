package workbook

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"
)

// StaleCalls compares heat n's board-calls tab with the one WriteBoardCalls
// would write for boards now. It returns a warning at the first cell that
// differs (a director swapped players on the heat sheet, changed the heat's
// date or a board's system), or nil when they match or the heat has no
// board-calls tab.
func (b *Book) StaleCalls(n int, boards []CallBoard) (*Problem, error) {
	sheet := BoardCallsSheet(n)
	if !b.hasSheet(sheet) {
		return nil, nil
	}
	scratch := excelize.NewFile()
	defer scratch.Close()
	fresh := &Book{f: scratch, Tournament: b.Tournament}
	if err := fresh.WriteBoardCalls(n, boards); err != nil {
		return nil, err
	}
	got, err := b.f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", sheet, err)
	}
	want, err := scratch.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", sheet, err)
	}
	at := func(rows [][]string, r, c int) string {
		if r < len(rows) && c < len(rows[r]) {
			return rows[r][c]
		}
		return ""
	}
	for r := range max(len(got), len(want)) {
		for c := range max(rowLen(got, r), rowLen(want, r)) {
			if g, w := at(got, r, c), at(want, r, c); g != w {
				cell := cellName(c+1, r+1)
				return &Problem{Sheet: sheet, Cell: cell, Hint: fmt.Sprintf("run dtm seed --refresh --heat %d", n),
					Msg: fmt.Sprintf("warning: the board calls do not match the heat sheet (%s: %s reads %q, now %q)",
						callsPage(want, r), cell, clip(g), clip(w))}, nil
			}
		}
	}
	return nil, nil
}

// callsPage names the page of a board-calls tab that row r (0-based) is
// on: "board 3", or "the list of players".
func callsPage(rows [][]string, r int) string {
	for ; r >= 0; r-- {
		if r >= len(rows) || len(rows[r]) == 0 {
			continue
		}
		a := rows[r][0]
		if strings.HasSuffix(a, ": who plays where") || strings.HasSuffix(a, ": who plays where (continued)") {
			return "the list of players"
		}
		if rest, ok := strings.CutPrefix(a, "Board "); ok {
			number, _, _ := strings.Cut(rest, " ")
			return "board " + number
		}
	}
	return "the first page"
}

// rowLen is the length of row r, 0 beyond the last row.
func rowLen(rows [][]string, r int) int {
	if r < len(rows) {
		return len(rows[r])
	}
	return 0
}
