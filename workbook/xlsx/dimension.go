package xlsx

import (
	"bytes"
)

// A worksheet declares the range its cells take in its dimension element,
// and readers that stream a sheet trust it: openpyxl's read-only mode
// (and pandas before it resets it), Apache POI's event reader and some
// viewers read only the declared range. excelize declares "A1" for every
// sheet it makes and never changes it, so every worksheet part dtm writes
// anew is given its used range on save: in the pack writer for the parts
// excelize writes, in tidy for the parts it patches and the tabs written
// whole. Parts copied as they were read keep their bytes.

// usedRange returns the range a worksheet part's cells take: from A1 to
// the last row and the last column holding a cell (of any kind: a value,
// a formula or a style alone), "A1" for none. A row or cell without its
// reference follows the one before it. False when the part has no sheet
// data of a form it reads (a prefixed element, a reference it cannot
// read).
func usedRange(raw []byte) (string, bool) {
	from := bytes.Index(raw, []byte("<sheetData"))
	if from < 0 {
		return "", false
	}
	data := raw[from:]
	// Searched for from the end: what follows the cells is short.
	if to := bytes.LastIndex(data, []byte("</sheetData>")); to >= 0 {
		data = data[:to]
	}
	lastRow, lastCol, ok := lastCells(data)
	if !ok {
		if lastRow, lastCol, ok = everyCell(data); !ok {
			return "", false
		}
	}
	if lastRow == 0 {
		return "A1", true
	}
	return "A1:" + CellName(lastCol, lastRow), true
}

// lastCells returns the last row holding a cell and the last column of
// any row's last cell, reading only each row's tag and its last cell's:
// the cells of a row are in order, each with its reference, in every
// sheet Excel, LibreOffice and excelize write. False when a row's tag or
// its last cell's is not of that form.
func lastCells(data []byte) (lastRow, lastCol int, ok bool) {
	row := 0
	for rest := data; ; {
		i := bytes.Index(rest, []byte("<row"))
		if i < 0 {
			return lastRow, lastCol, true
		}
		rest = rest[i:]
		end := bytes.IndexByte(rest, '>')
		if end < 0 || !isTag(rest[:end+1], "row") || bytes.ContainsAny(rest[:end+1], "\t\n\r") {
			return 0, 0, false
		}
		n, ok := wholeAttr(attr(rest[:end+1], "r"))
		if !ok || n <= row {
			return 0, 0, false
		}
		row = n
		if rest[end-1] == '/' { // <row .../>: no cells
			rest = rest[end+1:]
			continue
		}
		close := bytes.Index(rest, []byte("</row>"))
		if close < 0 {
			return 0, 0, false
		}
		body := rest[end+1 : close]
		rest = rest[close:]
		c := lastCellTag(body)
		if c < 0 {
			continue
		}
		tagEnd := bytes.IndexByte(body[c:], '>')
		if tagEnd < 0 || bytes.ContainsAny(body[c:c+tagEnd], "\t\n\r") {
			return 0, 0, false
		}
		col, r := cellOrderBytes(attr(body[c:c+tagEnd+1], "r"))
		if col == 0 || r != row {
			return 0, 0, false
		}
		lastRow, lastCol = row, max(lastCol, col)
	}
}

// lastCellTag returns where the last cell's start tag is in a row's
// content, or -1 for none.
func lastCellTag(body []byte) int {
	for end := len(body); ; {
		i := bytes.LastIndex(body[:end], []byte("<c"))
		if i < 0 {
			return -1
		}
		if isTag(body[i:min(len(body), i+3)], "c") {
			return i
		}
		end = i
	}
}

// everyCell is lastCells for any sheet data: it reads every row's and
// cell's tag, a row or cell without its reference following the one
// before it.
func everyCell(data []byte) (lastRow, lastCol int, ok bool) {
	row, col := 0, 0
	for i := 0; ; {
		n := bytes.IndexByte(data[i:], '<')
		if n < 0 {
			break
		}
		i += n
		end := bytes.IndexByte(data[i:], '>')
		if end < 0 {
			return 0, 0, false
		}
		tag := data[i : i+end+1]
		i += end + 1
		if (isTag(tag, "row") || isTag(tag, "c")) && bytes.ContainsAny(tag, "\t\n\r") {
			return 0, 0, false // attr reads attributes after a space
		}
		switch {
		case isTag(tag, "row"):
			if r := attr(tag, "r"); r == nil {
				row++
			} else if n, ok := wholeAttr(r); ok && n > row {
				row = n
			} else {
				return 0, 0, false
			}
			col = 0
		case isTag(tag, "c"):
			if ref := attr(tag, "r"); ref == nil {
				col++
			} else if c, r := cellOrderBytes(ref); c > 0 && r == row {
				col = c
			} else {
				return 0, 0, false
			}
			lastRow, lastCol = max(lastRow, row), max(lastCol, col)
		}
	}
	return lastRow, lastCol, true
}

// isTag reports whether tag is a start tag of the element name
// (unprefixed).
func isTag(tag []byte, name string) bool {
	if len(tag) < len(name)+2 || tag[0] != '<' || string(tag[1:1+len(name)]) != name {
		return false
	}
	next := tag[1+len(name)]
	return next == ' ' || next == '>' || next == '/' || next == '\t' || next == '\n' || next == '\r'
}

// fixDimension returns a worksheet part declaring its used range
// (usedRange): raw itself when it does already, or when its cells cannot
// be read.
func fixDimension(raw []byte) []byte {
	ref, ok := usedRange(raw)
	if !ok {
		return raw
	}
	return setDimension(raw, ref)
}

// setDimension returns a worksheet part (or the start of one, up to its
// sheet data) declaring the range ref: its dimension element's reference
// replaced, or the element added where the schema puts it (after sheetPr)
// when it has none; raw itself when it declares ref already, in the empty
// element's form. The form is kept one: an element with an end tag (as
// excelize writes it) becomes empty, so that a sheet reads the same
// whether it passed through excelize or was copied as another program
// saved it, and a second run finds nothing to write (a sheet saved by
// LibreOffice took two runs of dtm score to settle).
func setDimension(raw []byte, ref string) []byte {
	if i := elementAt(raw, "dimension"); i >= 0 {
		end := bytes.IndexByte(raw[i:], '>')
		if end < 0 {
			return raw
		}
		tag, to := raw[i:i+end+1], i+end+1
		if string(attr(tag, "ref")) == ref && tag[len(tag)-2] == '/' {
			return raw
		}
		if tag[len(tag)-2] != '/' { // <dimension ...></dimension>
			if n := bytes.Index(raw[to:], []byte("</dimension>")); n >= 0 {
				to += n + len("</dimension>")
			}
		}
		out := make([]byte, 0, len(raw)+len(ref))
		out = append(append(out, raw[:i]...), `<dimension ref="`+ref+`"/>`...)
		return append(out, raw[to:]...)
	}
	at := -1
	for _, name := range []string{"sheetViews", "sheetFormatPr", "cols", "sheetData"} {
		if i := elementAt(raw, name); i >= 0 {
			at = i
			break
		}
	}
	if at < 0 {
		return raw
	}
	out := make([]byte, 0, len(raw)+len(ref)+24)
	out = append(append(out, raw[:at]...), `<dimension ref="`+ref+`"/>`...)
	return append(out, raw[at:]...)
}

// grownRange returns the range a sheet declares (its dimension element,
// from A1 to a cell, as dtm, Excel and LibreOffice write it), grown to
// take the cells ps writes (patches never remove a cell): the sheet's used
// range after the patches, without reading its cells. False, and "", when
// it declares "A1" alone, as excelize leaves every sheet it makes (and so
// did earlier versions of dtm), or a range of another form: its cells are
// then read after the patches (fixDimension).
func grownRange(raw []byte, ps []cellPatch) (string, bool) {
	head := raw
	if i := bytes.Index(raw, []byte("<sheetData")); i >= 0 {
		head = raw[:i]
	}
	i := elementAt(head, "dimension")
	if i < 0 {
		return "", false
	}
	end := bytes.IndexByte(head[i:], '>')
	if end < 0 {
		return "", false
	}
	from, to, ok := bytes.Cut(attr(head[i:i+end+1], "ref"), []byte(":"))
	if !ok || string(from) != "A1" {
		return "", false
	}
	lastCol, lastRow := cellOrderBytes(to)
	if lastCol == 0 {
		return "", false
	}
	for _, p := range ps {
		if p.col > 0 {
			lastCol, lastRow = max(lastCol, p.col), max(lastRow, p.row)
		}
	}
	return "A1:" + CellName(lastCol, lastRow), true
}
