package workbook

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
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
	values := map[string]string{}
	if err := (&Book{f: scratch, Tournament: b.Tournament}).writeBoardCalls(n, boards, values); err != nil {
		return nil, err
	}
	rows, err := xlsx.GetRows(b.f, sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, err
	}
	got := map[string]string{}
	for r, row := range rows {
		for c, v := range row {
			if v != "" {
				got[cellName(c+1, r+1)] = v
			}
		}
	}
	var differ []string
	for _, m := range []map[string]string{got, values} {
		for cell := range m {
			if got[cell] != values[cell] {
				differ = append(differ, cell)
			}
		}
	}
	if len(differ) == 0 {
		return nil, nil
	}
	cell := slices.MinFunc(differ, func(a, b string) int {
		ra, ca := xlsx.CellOrder(a)
		rb, cb := xlsx.CellOrder(b)
		return cmp.Or(ra-rb, ca-cb)
	})
	row, _ := xlsx.CellOrder(cell)
	return &Problem{Sheet: sheet, Cell: cell, Hint: fmt.Sprintf("run dtm seed --refresh --heat %d", n),
		Msg: fmt.Sprintf("warning: the board calls do not match the heat sheet (%s: %s reads %q, now %q)",
			callsPage(values, row), cell, clip(got[cell]), clip(values[cell]))}, nil
}

// callsPage names the page of a board-calls tab that a row is on, from the
// titles in its column A: "board 3", or "the list of players".
func callsPage(values map[string]string, row int) string {
	for r := row; r >= 1; r-- {
		a := values[cellName(1, r)]
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
