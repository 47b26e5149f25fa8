package workbook

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
)

// A sheetBody is the cells and merged ranges of a tab dtm writes whole,
// as XML: its sheetData and mergeCells elements. dtm writes them itself
// rather than through excelize, and tidy puts them into the sheet's part
// when the package is saved, in place of whatever cells and merges
// excelize holds for the sheet; everything else in the part (columns,
// view, print setup, page breaks, pictures) is excelize's. The tab is
// written, compressed and read back once instead of three times, and no
// merge is checked against the others (excelize's MergeCell does, which
// grows with the square of the merges).
type sheetBody struct {
	data   []byte // <sheetData>…</sheetData>
	merges []byte // <mergeCells …>…</mergeCells>, nil for none
}

// bodyWriter writes a sheetBody row by row, in increasing order of rows
// and, within a row, of columns.
type bodyWriter struct {
	data, merges bytes.Buffer
	row, col     int // the row open and the last column written in it (0 for none)
	nMerges      int
	err          error
	name         []byte // scratch for a cell's name
}

// newBodyWriter returns a writer of an empty sheetBody, with room for about
// size bytes of cells and merges bytes of merged ranges.
func newBodyWriter(size, merges int) *bodyWriter {
	w := &bodyWriter{}
	w.data.Grow(size)
	w.merges.Grow(merges)
	w.data.WriteString("<sheetData>")
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
	w.data.WriteString(`<row r="`)
	w.data.WriteString(strconv.Itoa(r))
	w.data.WriteByte('"')
	if height > 0 {
		w.data.WriteString(` ht="`)
		w.data.WriteString(strconv.FormatFloat(height, 'f', -1, 64))
		w.data.WriteString(`" customHeight="1"`)
	}
	w.data.WriteByte('>')
}

// endRow closes the open row, if any.
func (w *bodyWriter) endRow() {
	if w.row > 0 && w.col >= 0 {
		w.data.WriteString("</row>")
		w.col = -1 // closed
	}
}

// cell writes the cell at column col of the open row: its style (0 for
// the default) and value (nil for none; text, a whole number or a number).
func (w *bodyWriter) cell(col, style int, v any) {
	if w.row == 0 || w.col < 0 || col <= w.col {
		w.fail(fmt.Errorf("cell %s written out of order", cellName(col, max(w.row, 1))))
		return
	}
	w.col = col
	w.data.WriteString(`<c r="`)
	w.name = appendCellName(w.name[:0], col, w.row)
	w.data.Write(w.name)
	w.data.WriteByte('"')
	if style != 0 {
		w.data.WriteString(` s="`)
		w.data.WriteString(strconv.Itoa(style))
		w.data.WriteByte('"')
	}
	switch v := v.(type) {
	case nil:
		w.data.WriteString("/>")
	case string:
		w.data.WriteString(` t="inlineStr"><is><t`)
		if v != "" && (isSpace(v[0]) || isSpace(v[len(v)-1])) {
			w.data.WriteString(` xml:space="preserve"`)
		}
		w.data.WriteByte('>')
		escapeText(&w.data, fitCell(v))
		w.data.WriteString("</t></is></c>")
	case int:
		w.data.WriteString("><v>")
		w.data.WriteString(strconv.Itoa(v))
		w.data.WriteString("</v></c>")
	case float64:
		w.data.WriteString("><v>")
		w.data.WriteString(strconv.FormatFloat(v, 'f', -1, 64))
		w.data.WriteString("</v></c>")
	default:
		w.fail(fmt.Errorf("cell %s: cannot write a %T", cellName(col, w.row), v))
	}
}

// merge merges the cells of row from column first to column last.
func (w *bodyWriter) merge(row, first, last int) {
	w.nMerges++
	w.merges.WriteString(`<mergeCell ref="`)
	w.name = appendCellName(append(appendCellName(w.name[:0], first, row), ':'), last, row)
	w.merges.Write(w.name)
	w.merges.WriteString(`"/>`)
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

// fail keeps the first error.
func (w *bodyWriter) fail(err error) {
	if w.err == nil {
		w.err = err
	}
}

// body returns what was written.
func (w *bodyWriter) body() (sheetBody, error) {
	if w.err != nil {
		return sheetBody{}, w.err
	}
	w.endRow()
	w.data.WriteString("</sheetData>")
	b := sheetBody{data: w.data.Bytes()}
	if w.nMerges > 0 {
		merges := make([]byte, 0, w.merges.Len()+40)
		merges = append(merges, `<mergeCells count="`...)
		merges = strconv.AppendInt(merges, int64(w.nMerges), 10)
		merges = append(merges, `">`...)
		merges = append(merges, w.merges.Bytes()...)
		b.merges = append(merges, "</mergeCells>"...)
	}
	return b, nil
}

// isSpace tells whether a byte is one of the spaces that a cell's text
// keeps only with xml:space="preserve" at its start or end.
func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// escapeText writes text escaped as XML character data. Line breaks are
// kept as they are (as excelize writes them); characters XML cannot hold
// become U+FFFD.
func escapeText(buf *bytes.Buffer, text string) {
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

// Elements that come after mergeCells in a worksheet, in the schema's
// order: mergeCells goes before the first of them that the part holds.
var afterMergeCells = []string{"phoneticPr", "conditionalFormatting", "dataValidations", "hyperlinks",
	"printOptions", "pageMargins", "pageSetup", "headerFooter", "rowBreaks", "colBreaks", "customProperties",
	"cellWatches", "ignoredErrors", "smartTags", "drawing", "legacyDrawing", "legacyDrawingHF", "drawingHF",
	"picture", "oleObjects", "controls", "webPublishItems", "tableParts", "extLst"}

// spliceBody puts body into a worksheet part as excelize wrote it: its
// sheetData replaces the part's, and its mergeCells any the part has. The
// part is returned in pieces, to be written one after the other: the body
// (megabytes for a big heat's board calls) is not copied.
func spliceBody(part []byte, body sheetBody) ([][]byte, error) {
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
	return [][]byte{part[:from], body.data, part[to:at], body.merges, part[at:]}, nil
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
