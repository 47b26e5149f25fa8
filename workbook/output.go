package workbook

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
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
	// Key is the column (0-based) whose value names a row: a player, team
	// or award. A column of the director's own to the right of the table
	// is kept, each cell on the row of its key.
	Key int
	// DirectorHeader are the headers of the director's own columns after
	// Header ("" where there is none), kept as they were typed.
	DirectorHeader []string
	// Note is a line in bold italics in column A of the row under the
	// table (the first of the Below rows), printed with it: "provisional:
	// heat 3 boards 2, 5 in play". Empty writes nothing there.
	Note string
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

// linesHeight is the height of a row of n lines, at most Excel's tallest.
func linesHeight(n int) float64 { return min(lineHeight*float64(n), maxRowHeight) }

// lines estimates how many lines the row's longest text takes once wrapped
// in its column, word by word: a column's width is counted in digits.
func (o Output) lines(row []any) int {
	n := 1
	for c, v := range row {
		s, ok := v.(string)
		if !ok || c >= len(o.Widths) || o.Widths[c] <= 0 {
			continue
		}
		n = max(n, wrappedLines(s, columnChars(o.Widths[c])))
	}
	return n
}

// columnChars is how many characters of text a line of a column of width
// holds, its indent left out: as many as digits, less two (a line of
// letters holds more, so a row is rather too tall than cut short).
func columnChars(width float64) int { return max(1, int(width)-2) }

// wrappedLines counts the lines text takes wrapped at perLine characters:
// at spaces and hyphens, a word longer than a line broken where it must.
func wrappedLines(text string, perLine int) int {
	lines := 0
	for _, para := range strings.Split(text, "\n") {
		at := 0 // characters on the current line
		for _, word := range strings.FieldsFunc(strings.ReplaceAll(para, "-", "- "), func(r rune) bool { return r == ' ' }) {
			w := utf8.RuneCountInString(word)
			switch {
			case at == 0:
				at = w
			case at+1+w <= perLine || strings.HasSuffix(word, "-") && at+w <= perLine:
				at += 1 + w
			default:
				lines++
				at = w
			}
			for at > perLine {
				lines++
				at -= perLine
			}
		}
		lines++
	}
	return lines
}

// headerWidth is the narrowest column that shows a bold header's longest
// word: a header wraps at its spaces.
func headerWidth(h string) float64 {
	longest := 0
	for _, w := range strings.Fields(h) {
		longest = max(longest, utf8.RuneCountInString(w))
	}
	return float64(longest)*1.15 + 2
}

// headerLines is how many lines the header row takes.
func (o Output) headerLines() int {
	n := 1
	for i, h := range o.Header {
		if i < len(o.Widths) && o.Widths[i] > 0 {
			n = max(n, wrappedLines(h, int(max(o.Widths[i], headerWidth(h))/1.15)-1))
		}
	}
	return n
}

// WriteOutput rewrites an output tab in place (creating it at the end of the
// workbook the first time). The change is made in memory; Save writes it.
func (b *Book) WriteOutput(o Output) error { return b.writeOutput(o, nil) }

// writeOutput writes an output tab in one pass: the sheet's settings first
// (panes, print setup, and whatever decorate adds, such as a chart), then
// every row through a stream writer, which replaces the old cells, their
// styles and merges wholesale. excelize loses any change made to a sheet
// after its stream is flushed, so nothing touches the sheet afterwards.
func (b *Book) writeOutput(o Output, decorate func() error) error {
	f := b.f
	b.x.EmptyForRewrite(o.Sheet, false)
	bl := &builder{f: f, letter: b.Tournament != nil && b.Tournament.Settings.Letter}
	var err error
	if bl.st, err = newStyles(f); err != nil {
		return fmt.Errorf("write %s: %w", o.Sheet, err)
	}
	bl.sheet(o.Sheet)
	if bl.err == nil {
		bl.do(xlsx.DeleteDataValidations(f, o.Sheet))
	}
	cols, last := len(o.Header)+len(o.DirectorHeader), len(o.Rows)+1
	for _, row := range o.Rows {
		cols = max(cols, len(row))
	}
	below := o.Below
	if o.Note != "" {
		below = max(below, 1)
	}
	bl.freeze(o.Sheet, 1)
	bl.printSetup(o.Sheet, o.Title, cellName(len(o.Header), last+below), o.Landscape)
	width := func(i int) float64 { return max(o.Widths[i], headerWidth(o.Header[i])) }
	if decorate != nil && bl.err == nil {
		// A picture is anchored by the columns it spans: those the tab is
		// about to get, not those it had (else the next run moves it).
		for i := range min(len(o.Header), len(o.Widths)) {
			col := columnName(i + 1)
			bl.do(xlsx.SetColWidth(f, o.Sheet, col, col, width(i)))
		}
		bl.do(decorate())
	}
	if bl.err != nil {
		return bl.err
	}
	sw, err := xlsx.NewStreamWriter(f, o.Sheet)
	if err != nil {
		return err
	}
	// Last column first: excelize's stream writer puts each column before
	// those set already, and Excel wants them in order.
	for i := min(len(o.Header), len(o.Widths)) - 1; i >= 0; i-- {
		bl.do(sw.SetColWidth(i+1, i+1, width(i)))
	}
	// Each column's style: the text style (long text wraps inside its
	// column, never past the page's edge) or its number format.
	colStyle := make([]int, cols)
	for c := range colStyle {
		if c < len(o.Header) {
			colStyle[c] = bl.st.text
		}
		if c < len(o.Formats) && o.Formats[c] != "" && len(o.Rows) > 0 {
			format := o.Formats[c]
			colStyle[c], err = xlsx.NewStyle(f, &excelize.Style{Font: font(false, 11), CustomNumFmt: &format, Alignment: top})
			bl.do(err)
		}
	}
	type at struct{ row, col int }
	marks := map[at]int{}
	for _, m := range o.Marks {
		st := markStyle[m.Kind]
		id, err := xlsx.NewStyle(f, &st)
		bl.do(err)
		marks[at{m.Row, m.Col}] = id
	}
	header := make([]any, len(o.Header), len(o.Header)+len(o.DirectorHeader))
	for i, h := range o.Header {
		header[i] = excelize.Cell{StyleID: bl.st.outHeader, Value: h}
	}
	for _, h := range o.DirectorHeader {
		header = append(header, typed(h))
	}
	// Neither Excel nor LibreOffice grows a row for wrapped text when it
	// opens a file: each row gets the height of its longest text.
	bl.do(sw.SetRow("A1", header, excelize.RowOpts{Height: lineHeight * float64(o.headerLines())}))
	cells := make([]any, cols)
	for r, row := range o.Rows {
		for c := range cells {
			var v any
			if c < len(row) {
				v = row[c]
			}
			style := colStyle[c]
			if text, ok := v.(string); ok {
				v = xlsx.FitCell(text)
				if style == bl.st.text {
					style = bl.st.outText
				}
			}
			if id, ok := marks[at{r + 2, c + 1}]; ok {
				style = id
			}
			if v == nil && style == 0 {
				cells[c] = nil
			} else {
				cells[c] = excelize.Cell{StyleID: style, Value: v}
			}
		}
		height := linesHeight(o.lines(row))
		bl.do(sw.SetRow(cellName(1, r+2), cells, excelize.RowOpts{Height: height}))
	}
	for r := last + 1; r <= last+below; r++ {
		var note []any
		if r == last+1 && o.Note != "" {
			id, err := xlsx.NewStyle(f, &excelize.Style{Font: &excelize.Font{Family: "Calibri", Size: 11, Bold: true, Italic: true}})
			bl.do(err)
			note = []any{excelize.Cell{StyleID: id, Value: o.Note}}
		}
		bl.do(sw.SetRow(cellName(1, r), note, excelize.RowOpts{Height: lineHeight}))
	}
	bl.do(sw.Flush())
	if bl.err != nil {
		return fmt.Errorf("write %s: %w", o.Sheet, bl.err)
	}
	return nil
}

// extent returns the last column and row a sheet uses, counting cells that
// hold only a formula or a style.
func extent(f *excelize.File, sheet string) (int, int, error) {
	rows, err := xlsx.GetRows(f, sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return 0, 0, err
	}
	lastCol, lastRow := 0, len(rows)
	for _, row := range rows {
		lastCol = max(lastCol, len(row))
	}
	dim, err := xlsx.GetSheetDimension(f, sheet)
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
