package workbook

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// BoardResult is a board's result as dtm import writes it into its heat
// sheet: the board's status and, for each power, its result, year and
// centres, and optionally the centre chart.
type BoardResult struct {
	Status Status
	Seats  [7]SeatResult // by power, in ChoicesPower order
	// Chart is the centres of the seven powers (ChoicesPower order) at the
	// end of each year, -1 for none; nil leaves the heat sheet's chart as it
	// is, and a chart replaces the whole of the board's chart.
	Chart map[int][7]int
}

// SeatResult is one power's result on a board.
type SeatResult struct {
	Result  Result
	Year    int // 0 leaves the Year cell empty
	Centres int // -1 leaves the Centres cell empty
}

// CellChange is one cell a SetResult changes: its heat sheet cell, what
// the column records, and its values as text, before and after ("" for an
// empty cell).
type CellChange struct {
	Cell     string // "G9"
	Power    string // the row's power, "Austria"
	Header   string // "Centres", "1905"
	Old, New string
}

// SetResult writes a board's result into its heat sheet's cells (in
// memory: Save writes the file) and returns the cells whose values
// change, row by row. A chart year the sheet has no column for gets a new
// column, headed with the year, after the sheet's last column. Call Reread
// to read and check the workbook as it now stands.
func (b *Book) SetResult(heat, board int, r BoardResult) ([]CellChange, error) {
	sheet := HeatSheet(heat)
	if heat < 1 || heat > len(b.Tournament.Heats) || !b.Tournament.Heats[heat-1].Sheet {
		return nil, fmt.Errorf("%s: no such heat sheet", sheet)
	}
	h := &b.Tournament.Heats[heat-1]
	i := slices.IndexFunc(h.Games, func(g Game) bool { return g.Board == board })
	if i < 0 {
		return nil, fmt.Errorf("%s: board %d is not on the sheet", sheet, board)
	}
	g := &h.Games[i]
	if r.Chart != nil {
		if err := b.addYearColumns(h, r.Chart); err != nil {
			return nil, fmt.Errorf("%s: %w", sheet, err)
		}
	}
	var changes []CellChange
	set := func(s Seat, header string, v any) error {
		cell := h.cell(s.Row, header)
		if cell == "" {
			return fmt.Errorf("%s: the sheet has no %s column", sheet, header)
		}
		old, err := xlsx.GetCellValue(b.f, sheet, cell, excelize.Options{RawCellValue: true})
		if err != nil {
			return err
		}
		nv := ""
		if v != nil {
			nv = fmt.Sprint(v)
		}
		if sameValue(old, nv) {
			return nil
		}
		if err := xlsx.SetCellValue(b.f, sheet, cell, v); err != nil {
			return err
		}
		changes = append(changes, CellChange{Cell: cell, Power: ChoicesPower[s.Power], Header: header, Old: strings.TrimSpace(old), New: nv})
		return nil
	}
	for _, s := range g.Seats {
		if s.Power < 0 || s.Power >= len(ChoicesPower) {
			return nil, fmt.Errorf("%s: board %d has a row without a power (row %d)", sheet, board, s.Row)
		}
		sr := r.Seats[s.Power]
		cells := []struct {
			header string
			v      any
		}{
			{HeaderStatus, ChoicesStatus[r.Status]},
			{HeaderResult, blankOr(sr.Result != NoResult, func() any { return ChoicesResult[sr.Result-1] })},
			{HeaderYear, blankOr(sr.Year != 0, func() any { return sr.Year })},
			{HeaderCentres, blankOr(sr.Centres >= 0, func() any { return sr.Centres })},
		}
		if r.Chart != nil {
			for _, y := range h.years() {
				c, has := r.Chart[y]
				cells = append(cells, struct {
					header string
					v      any
				}{strconv.Itoa(y), blankOr(has && c[s.Power] >= 0, func() any { return c[s.Power] })})
			}
		}
		for _, c := range cells {
			if err := set(s, c.header, c.v); err != nil {
				return nil, err
			}
		}
	}
	return changes, nil
}

// Restore undoes a SetResult in memory: each changed cell of heat's sheet
// gets its old value back (as text, which reads as the same value). A board
// dtm import refuses to change is restored so that the check of the other
// boards is not confused by it.
func (b *Book) Restore(heat int, changes []CellChange) error {
	sheet := HeatSheet(heat)
	for _, c := range changes {
		var v any
		if c.Old != "" {
			v = c.Old
		}
		if err := xlsx.SetCellValue(b.f, sheet, c.Cell, v); err != nil {
			return err
		}
	}
	return nil
}

// blankOr returns v() when present, else nil (an empty cell).
func blankOr(present bool, v func() any) any {
	if !present {
		return nil
	}
	return v()
}

// sameValue reports whether a cell's value as read and a value to write
// say the same: equal ignoring case and spacing, or the same number.
func sameValue(old, v string) bool {
	if normalHeader(old) == normalHeader(v) {
		return true
	}
	a, ok1 := parseNumber(old)
	b, ok2 := parseNumber(v)
	return ok1 && ok2 && a == b
}

// years lists the heat sheet's year columns, in order.
func (h *Heat) years() []int {
	var ys []int
	for header := range h.cols {
		if y, ok := yearColumn(header); ok {
			ys = append(ys, y)
		}
	}
	slices.Sort(ys)
	return ys
}

// addYearColumns adds a column for each year of the chart the heat sheet
// has none for, after the sheet's last column, headed with the year in the
// style of the last year column's header.
func (b *Book) addYearColumns(h *Heat, chart map[int][7]int) error {
	sheet := HeatSheet(h.Number)
	var missing []int
	for y := range chart {
		if _, ok := h.cols[normalHeader(strconv.Itoa(y))]; !ok {
			missing = append(missing, y)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	slices.Sort(missing)
	last, _, err := extent(b.f, sheet)
	if err != nil {
		return err
	}
	for _, c := range h.cols {
		last = max(last, c+1)
	}
	style := 0
	if ys := h.years(); len(ys) > 0 {
		if style, err = xlsx.GetCellStyle(b.f, sheet, h.cell(1, strconv.Itoa(ys[len(ys)-1]))); err != nil {
			return err
		}
	}
	for _, y := range missing {
		last++
		cell := cellName(last, 1)
		if err := xlsx.SetCellValue(b.f, sheet, cell, strconv.Itoa(y)); err != nil {
			return err
		}
		if err := xlsx.SetCellStyle(b.f, sheet, cell, cell, style); err != nil {
			return err
		}
		h.cols[normalHeader(strconv.Itoa(y))] = last - 1
	}
	return nil
}

// Reread reads the workbook again from its cells as they now stand in
// memory (after SetResult), replacing Tournament, Problems and Ignored.
func (b *Book) Reread() {
	b.Tournament, b.Problems, b.Ignored = read(b.f, b.Path)
}
