package xlsx

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
)

// A Body is the cells and merged ranges of a tab written whole, as XML:
// its sheetData and mergeCells elements, gathered by a Grid. They are
// written by the engine rather than through excelize, and tidy puts them into the sheet's part
// when the package is saved, in place of whatever cells and merges
// excelize holds for the sheet; everything else in the part (columns,
// view, print setup, page breaks, pictures) is excelize's. The tab is
// written, compressed and read back once instead of three times, and no
// merge is checked against the others (excelize's MergeCell does, which
// grows with the square of the merges).
type Body struct {
	data   func(io.Writer) error // writes <sheetData>…</sheetData>
	merges func(io.Writer) error // writes <mergeCells …>…</mergeCells>, or nothing for none
	size   int                   // about how many bytes the two write
	ref    string                // the range the cells take (usedRange), "" for unknown
}

// bodyWriter writes a sheetData element row by row, in increasing order of
// rows and, within a row, of columns. It is written straight into the
// saved part (a big tab is megabytes, never held whole).
type bodyWriter struct {
	out      *bufio.Writer
	row, col int // the row open and the last column written in it (0 for none)
	err      error
	name     []byte // scratch for a cell's name
}

// newBodyWriter returns a writer of a sheetData element to out.
func newBodyWriter(out io.Writer) *bodyWriter {
	w := &bodyWriter{out: bufio.NewWriterSize(out, 64<<10)}
	w.out.WriteString("<sheetData>")
	return w
}

// startRow opens row r (after the rows before it), of the given height in
// points (0 for the default height).
func (w *bodyWriter) startRow(r int, height float64) {
	if r <= w.row {
		w.fail(fmt.Errorf("row %d written after row %d", r, w.row))
		return
	}
	w.endRow()
	w.row, w.col = r, 0
	w.out.WriteString(`<row r="`)
	w.out.WriteString(strconv.Itoa(r))
	w.out.WriteByte('"')
	if height > 0 {
		w.out.WriteString(` ht="`)
		w.out.WriteString(strconv.FormatFloat(height, 'f', -1, 64))
		w.out.WriteString(`" customHeight="1"`)
	}
	w.out.WriteByte('>')
}

// endRow closes the open row, if any.
func (w *bodyWriter) endRow() {
	if w.row > 0 && w.col >= 0 {
		w.out.WriteString("</row>")
		w.col = -1 // closed
	}
}

// cell writes the cell at column col of the open row: its style (0 for
// the default) and value (see cellValueOK).
func (w *bodyWriter) cell(col, style int, v any) {
	if w.row == 0 || w.col < 0 || col <= w.col {
		w.fail(fmt.Errorf("cell %s written out of order", CellName(col, max(w.row, 1))))
		return
	}
	if err := cellValueOK(v); err != nil {
		w.fail(fmt.Errorf("cell %s: %w", CellName(col, w.row), err))
		return
	}
	w.col = col
	w.out.WriteString(`<c r="`)
	w.name = appendCellName(w.name[:0], col, w.row)
	w.out.Write(w.name)
	w.out.WriteByte('"')
	if style != 0 {
		w.out.WriteString(` s="`)
		w.out.WriteString(strconv.Itoa(style))
		w.out.WriteByte('"')
	}
	switch v := v.(type) {
	case nil:
		w.out.WriteString("/>")
	case string:
		w.out.WriteString(` t="inlineStr"><is><t`)
		if v != "" && (isSpace(v[0]) || isSpace(v[len(v)-1])) {
			w.out.WriteString(` xml:space="preserve"`)
		}
		w.out.WriteByte('>')
		escapeText(w.out, FitCell(v))
		w.out.WriteString("</t></is></c>")
	case int:
		w.out.WriteString("><v>")
		w.out.WriteString(strconv.Itoa(v))
		w.out.WriteString("</v></c>")
	case float64:
		w.out.WriteString("><v>")
		w.out.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
		w.out.WriteString("</v></c>")
	}
}

// cellValueOK says whether a bodyWriter can write a cell's value: nil for
// none, text, a whole number or a number.
func cellValueOK(v any) error {
	switch v.(type) {
	case nil, string, int, float64:
		return nil
	}
	return fmt.Errorf("cannot write a %T", v)
}

// close ends the element and writes what is left.
func (w *bodyWriter) close() error {
	if w.err != nil {
		return w.err
	}
	w.endRow()
	w.out.WriteString("</sheetData>")
	return w.out.Flush()
}

// fail keeps the first error.
func (w *bodyWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// writeMerges writes the mergeCells element of merged ranges (the row, its
// first and last column each); nothing for none.
func writeMerges(out io.Writer, merges [][3]int) error {
	if len(merges) == 0 {
		return nil
	}
	bw := bufio.NewWriterSize(out, 64<<10)
	bw.WriteString(`<mergeCells count="`)
	bw.WriteString(strconv.Itoa(len(merges)))
	bw.WriteString(`">`)
	var name []byte
	for _, m := range merges {
		bw.WriteString(`<mergeCell ref="`)
		name = appendCellName(append(appendCellName(name[:0], m[1], m[0]), ':'), m[2], m[0])
		bw.Write(name)
		bw.WriteString(`"/>`)
	}
	bw.WriteString("</mergeCells>")
	return bw.Flush()
}

// appendCellName appends the name of the cell at col and row ("AB12").
func appendCellName(dst []byte, col, row int) []byte {
	var letters [3]byte // columns go to XFD
	i := len(letters)
	for col > 0 && i > 0 {
		col--
		i--
		letters[i] = byte('A' + col%26)
		col /= 26
	}
	return strconv.AppendInt(append(dst, letters[i:]...), int64(row), 10)
}

// isSpace tells whether a byte is one of the spaces that a cell's text
// keeps only with xml:space="preserve" at its start or end.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// escapeText writes text escaped as XML character data. Line breaks are
// kept as they are (as excelize writes them); characters XML cannot hold
// become U+FFFD.
func escapeText(buf *bufio.Writer, text string) {
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c >= 0x20 && c != '&' && c != '<' && c != '>' && c < 0x80 || c == '\n' || c == '\t' {
			continue
		}
		if c >= 0x80 { // not ASCII: escaped by encoding/xml from here on
			buf.WriteString(text[start:i])
			var rest bytes.Buffer
			xml.EscapeText(&rest, []byte(text[i:]))
			buf.Write(bytes.ReplaceAll(rest.Bytes(), []byte("&#xA;"), []byte("\n")))
			return
		}
		buf.WriteString(text[start:i])
		switch c {
		case '&':
			buf.WriteString("&amp;")
		case '<':
			buf.WriteString("&lt;")
		case '>':
			buf.WriteString("&gt;")
		case '\r':
			buf.WriteString("&#xD;")
		default:
			buf.WriteString("\uFFFD")
		}
		start = i + 1
	}
	buf.WriteString(text[start:])
}

// SetBody records the body of a tab written whole, put into the sheet's
// part on save in place of the cells and merges excelize holds for it.
func (f *File) SetBody(sheet string, body Body) {
	if f.bodies == nil {
		f.bodies = map[string]Body{}
	}
	f.bodies[sheet] = body
}

// Elements that come after mergeCells in a worksheet, in the schema's
// order: mergeCells goes before the first of them that the part holds.
var afterMergeCells = []string{"phoneticPr", "conditionalFormatting", "dataValidations", "hyperlinks",
	"printOptions", "pageMargins", "pageSetup", "headerFooter", "rowBreaks", "colBreaks", "customProperties",
	"cellWatches", "ignoredErrors", "smartTags", "drawing", "legacyDrawing", "legacyDrawingHF", "drawingHF",
	"picture", "oleObjects", "controls", "webPublishItems", "tableParts", "extLst"}

// A piece is a stretch of a part being written: bytes, or what writes them.
type piece struct {
	raw   []byte
	write func(io.Writer) error
}

// spliceBody puts body into a worksheet part as excelize wrote it: its
// sheetData replaces the part's, and its mergeCells any the part has. The
// part is returned in pieces, to be written one after the other: the body
// (megabytes for a big tab) is written straight into the
// saved part.
func spliceBody(part []byte, body Body) ([]piece, error) {
	part = cutElement(part, "mergeCells", "")
	from := bytes.Index(part, []byte("<sheetData"))
	if from < 0 {
		return nil, fmt.Errorf("the sheet has no sheetData element")
	}
	to := from + len("<sheetData")
	switch {
	case bytes.HasPrefix(part[to:], []byte("/>")):
		to += len("/>")
	case bytes.HasPrefix(part[to:], []byte(">")):
		n := bytes.Index(part[to:], []byte("</sheetData>"))
		if n < 0 {
			return nil, fmt.Errorf("the sheet's sheetData element is not closed")
		}
		to += n + len("</sheetData>")
	default:
		return nil, fmt.Errorf("the sheet's sheetData element has attributes")
	}
	at := bytes.LastIndex(part, []byte("</worksheet>"))
	if at < to {
		return nil, fmt.Errorf("the sheet's worksheet element is not closed")
	}
	for _, name := range afterMergeCells {
		if i := elementAt(part[to:], name); i >= 0 && to+i < at {
			at = to + i
		}
	}
	head := part[:from]
	if body.ref != "" {
		head = setDimension(head, body.ref)
	}
	return []piece{{raw: head}, {write: body.data}, {raw: part[to:at]}, {write: body.merges}, {raw: part[at:]}}, nil
}

// elementAt returns where the first element named name (unprefixed)
// starts in raw, or -1.
func elementAt(raw []byte, name string) int {
	tag := []byte("<" + name)
	for i := 0; ; {
		n := bytes.Index(raw[i:], tag)
		if n < 0 {
			return -1
		}
		end := i + n + len(tag)
		if end < len(raw) && (raw[end] == ' ' || raw[end] == '>' || raw[end] == '/') {
			return i + n
		}
		i = end
	}
}

// Grid gathers the cells of a tab written whole, in any order, with their
// styles, its rows' heights and its merged ranges, and gives them as the
// tab's Body.
type Grid struct {
	cols   int
	rows   []*gridRow // by row number; nil for none
	merges [][3]int   // row, first and last column
}

// gridRow is one row of a Grid.
type gridRow struct {
	height float64
	cells  []gridCell // by column, from 1
}

// gridCell is one cell of a Grid: its value (nil for none) and style, and
// whether it is written at all.
type gridCell struct {
	v     any
	style int
	used  bool
}

// NewGrid returns an empty grid of cols columns.
func NewGrid(cols int) *Grid { return &Grid{cols: cols} }

// at returns row r, gathered so far.
func (g *Grid) at(r int) *gridRow {
	for len(g.rows) <= r {
		g.rows = append(g.rows, nil)
	}
	if g.rows[r] == nil {
		g.rows[r] = &gridRow{cells: make([]gridCell, g.cols+1)}
	}
	return g.rows[r]
}

// Style styles columns from to to of row r.
func (g *Grid) Style(r, from, to, style int) error {
	if from < 1 || to > g.cols {
		return fmt.Errorf("columns %d to %d are outside the tab's %d", from, to, g.cols)
	}
	cr := g.at(r)
	for c := from; c <= to; c++ {
		cr.cells[c].style = style
		cr.cells[c].used = true
	}
	return nil
}

// Set puts a value in the cell at row r, column c (see cellValueOK).
func (g *Grid) Set(r, c int, v any) {
	cell := &g.at(r).cells[c]
	cell.v, cell.used = v, true
}

// Merge merges columns from to to of row r.
func (g *Grid) Merge(r, from, to int) { g.merges = append(g.merges, [3]int{r, from, to}) }

// SetHeight sets the height of row r, in points (0 for the default).
func (g *Grid) SetHeight(r int, height float64) { g.at(r).height = height }

// Body returns the grid as the body of its tab, or the first cell whose
// value cannot be written.
func (g *Grid) Body() (Body, error) {
	cells, lastRow, lastCol := 0, 0, 0
	for r, cr := range g.rows {
		if cr == nil {
			continue
		}
		for c := 1; c <= g.cols; c++ {
			if !cr.cells[c].used {
				continue
			}
			cells++
			lastRow, lastCol = r, max(lastCol, c)
			if err := cellValueOK(cr.cells[c].v); err != nil {
				return Body{}, fmt.Errorf("cell %s: %w", CellName(c, r), err)
			}
		}
	}
	rows, merges, cols := g.rows, g.merges, g.cols
	ref := "A1"
	if lastRow > 0 {
		ref += ":" + CellName(lastCol, lastRow)
	}
	return Body{
		data: func(out io.Writer) error {
			bw := newBodyWriter(out)
			for r, cr := range rows {
				if cr == nil {
					continue
				}
				bw.startRow(r, cr.height)
				for c := 1; c <= cols; c++ {
					if cr.cells[c].used {
						bw.cell(c, cr.cells[c].style, cr.cells[c].v)
					}
				}
			}
			return bw.close()
		},
		merges: func(out io.Writer) error { return writeMerges(out, merges) },
		size:   cells*28 + len(merges)*30, // about the bytes a styled cell and a merge take
		ref:    ref,
	}, nil
}
