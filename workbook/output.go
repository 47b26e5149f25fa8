package workbook

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// Output is a tab that dtm owns (Standings, Awards ...): its cells are
// rewritten on every run. The sheet itself is kept, never deleted and added
// again, so a director's formulas that point at it keep working.
type Output struct {
	Sheet  string
	Header []string
	Rows   [][]any
	Widths []float64 // column widths, by column; 0 or missing keeps the default
	// Formats are custom number formats by column (e.g. "0.0000"); empty
	// keeps the default.
	Formats []string
	// Title is printed at the top of every page (e.g. the tournament's
	// name and the list's); the header row repeats on every page.
	Title     string
	Landscape bool
	// Below is how many rows under the table are printed with it (the
	// Standings chart's).
	Below int
	// Marks style single cells (a dropped heat, an unplayed one ...).
	Marks []Mark
}

// Mark styles one cell of an output tab.
type Mark struct {
	Row, Col int // 1-based
	Kind     MarkKind
}

// MarkKind is how a marked cell looks.
type MarkKind int

// The cell marks: a dropped score is struck through, a multiplied one in
// italics, an unplayed heat's score grey.
const (
	MarkDropped MarkKind = iota
	MarkMultiplied
	MarkUnplayed
)

// markStyle is the look of each MarkKind.
var markStyle = map[MarkKind]excelize.Style{
	MarkDropped:    {Font: &excelize.Font{Family: "Calibri", Size: 11, Strike: true, Color: "808080"}, Alignment: top},
	MarkMultiplied: {Font: &excelize.Font{Family: "Calibri", Size: 11, Italic: true}, Alignment: top},
	MarkUnplayed:   {Font: &excelize.Font{Family: "Calibri", Size: 11, Italic: true, Color: "A6A6A6"}, Alignment: top},
}

// top aligns an output cell with the first line of its row's wrapped text.
var top = &excelize.Alignment{Vertical: "top"}

// lineHeight is the height of a row of one line of 11-point text, in
// points.
const lineHeight = 15

// maxRowHeight is Excel's tallest row, in points (27 lines).
const maxRowHeight = 409

// lines estimates how many lines the row's longest text takes once wrapped
// in its column: a column's width is counted in digits, which are wider
// than the average letter; a line loses up to a word to wrapping.
func (o Output) lines(row []any) int {
	n := 1
	for c, v := range row {
		s, ok := v.(string)
		if !ok || c >= len(o.Widths) || o.Widths[c] <= 0 {
			continue
		}
		perLine := max(1, int(o.Widths[c]*1.2)-2)
		n = max(n, (utf8.RuneCountInString(s)+perLine-1)/perLine)
	}
	return n
}

// headerWidth is the column width that shows a bold header in full.
func headerWidth(h string) float64 { return float64(utf8.RuneCountInString(h))*1.15 + 2 }

// fitCell cuts a text to what a cell holds (MaxCellLength characters),
// marking the cut.
func fitCell(text string) string {
	if utf8.RuneCountInString(text) <= MaxCellLength {
		return text
	}
	return string([]rune(text)[:MaxCellLength-1]) + "…"
}

// WriteOutput rewrites an output tab in place (creating it at the end of the
// workbook the first time). The change is made in memory; Save writes it.
func (b *Book) WriteOutput(o Output) error {
	f := b.f
	idx, err := f.GetSheetIndex(o.Sheet)
	if err != nil {
		return fmt.Errorf("write %s: %w", o.Sheet, err)
	}
	if idx < 0 {
		if _, err := f.NewSheet(o.Sheet); err != nil {
			return fmt.Errorf("write %s: %w", o.Sheet, err)
		}
	} else if err := clearSheet(f, o.Sheet, len(o.Header), len(o.Rows)+1); err != nil {
		return fmt.Errorf("write %s: %w", o.Sheet, err)
	}
	bl := &builder{f: f}
	if bl.st, err = newStyles(f); err != nil {
		return fmt.Errorf("write %s: %w", o.Sheet, err)
	}
	bl.sheet(o.Sheet)
	for i, h := range o.Header {
		w := 0.0
		if i < len(o.Widths) {
			w = max(o.Widths[i], headerWidth(h))
		}
		cell := cellName(i+1, 1)
		bl.do(f.SetCellStr(o.Sheet, cell, h))
		bl.do(f.SetCellStyle(o.Sheet, cell, cell, bl.st.header))
		if w > 0 {
			bl.do(f.SetColWidth(o.Sheet, columnName(i+1), columnName(i+1), w))
		}
	}
	for r, row := range o.Rows {
		for c, v := range row {
			if text, ok := v.(string); ok && len(text) > MaxCellLength {
				row[c] = fitCell(text)
			}
		}
		bl.do(f.SetSheetRow(o.Sheet, cellName(1, r+2), &row))
	}
	if len(o.Rows) > 0 { // long text wraps inside its column, never past the page's edge
		bl.do(f.SetCellStyle(o.Sheet, "A2", cellName(len(o.Header), len(o.Rows)+1), bl.st.text))
	}
	// Neither Excel nor LibreOffice grows a row for wrapped text when it
	// opens a file: each row gets the height of its longest text.
	for r := 1; r <= len(o.Rows)+1+o.Below; r++ {
		lines := 1
		if r >= 2 && r-2 < len(o.Rows) {
			lines = o.lines(o.Rows[r-2])
		}
		bl.do(f.SetRowHeight(o.Sheet, r, min(lineHeight*float64(lines), maxRowHeight)))
	}
	for c, format := range o.Formats {
		if format == "" || len(o.Rows) == 0 {
			continue
		}
		id, err := f.NewStyle(&excelize.Style{Font: font(false, 11), CustomNumFmt: &format, Alignment: top})
		bl.do(err)
		bl.do(f.SetCellStyle(o.Sheet, cellName(c+1, 2), cellName(c+1, len(o.Rows)+1), id))
	}
	for _, m := range o.Marks {
		st := markStyle[m.Kind]
		id, err := f.NewStyle(&st)
		bl.do(err)
		if c := cellName(m.Col, m.Row); err == nil {
			bl.do(f.SetCellStyle(o.Sheet, c, c, id))
		}
	}
	bl.freeze(o.Sheet, 1)
	bl.printSetup(o.Sheet, o.Title, cellName(len(o.Header), len(o.Rows)+1+o.Below), o.Landscape)
	if bl.err != nil {
		return fmt.Errorf("write %s: %w", o.Sheet, bl.err)
	}
	return nil
}

// clearSheet prepares a sheet to be rewritten with a table of cols columns
// and rows rows: it removes merges and dropdowns, resets every cell's style,
// and empties the cells outside the table (the table's own cells are all
// overwritten), keeping the sheet (and references to it) in place.
func clearSheet(f *excelize.File, sheet string, cols, rows int) error {
	merges, err := f.GetMergeCells(sheet)
	if err != nil {
		return err
	}
	for _, m := range merges {
		if err := f.UnmergeCell(sheet, m.GetStartAxis(), m.GetEndAxis()); err != nil {
			return err
		}
	}
	if err := f.DeleteDataValidation(sheet); err != nil {
		return err
	}
	lastCol, lastRow, err := extent(f, sheet)
	if err != nil || lastCol == 0 {
		return err
	}
	if err := f.SetCellStyle(sheet, "A1", cellName(lastCol, lastRow), 0); err != nil {
		return err
	}
	for r := 1; r <= lastRow; r++ {
		from := cols + 1
		if r > rows {
			from = 1
		}
		for c := from; c <= lastCol; c++ {
			if err := f.SetCellValue(sheet, cellName(c, r), nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// extent returns the last column and row a sheet uses, counting cells that
// hold only a formula or a style.
func extent(f *excelize.File, sheet string) (int, int, error) {
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return 0, 0, err
	}
	lastCol, lastRow := 0, len(rows)
	for _, row := range rows {
		lastCol = max(lastCol, len(row))
	}
	dim, err := f.GetSheetDimension(sheet)
	if err != nil {
		return 0, 0, err
	}
	if _, end, ok := strings.Cut(dim, ":"); ok {
		if c, r, err := excelize.CellNameToCoordinates(end); err == nil {
			lastCol, lastRow = max(lastCol, c), max(lastRow, r)
		}
	}
	return lastCol, lastRow, nil
}

// Sheets lists the workbook's sheets in order.
func (b *Book) Sheets() []string { return b.f.GetSheetList() }
