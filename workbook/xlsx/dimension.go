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
	if to := bytes.Index(data, []byte("</sheetData>")); to >= 0 {
		data = data[:to]
	}
	lastRow, lastCol, row, col := 0, 0, 0, 0
	for i := 0; ; {
		n := bytes.IndexByte(data[i:], '<')
		if n < 0 {
			break
		}
		i += n
		end := bytes.IndexByte(data[i:], '>')
		if end < 0 {
			return "", false
		}
		tag := data[i : i+end+1]
		i += end + 1
		if (isTag(tag, "row") || isTag(tag, "c")) && bytes.ContainsAny(tag, "\t\n\r") {
			return "", false // attr reads attributes after a space
		}
		switch {
		case isTag(tag, "row"):
			if r := attr(tag, "r"); r == nil {
				row++
			} else if n, ok := wholeAttr(r); ok && n > row {
				row = n
			} else {
				return "", false
			}
			col = 0
		case isTag(tag, "c"):
			if ref := attr(tag, "r"); ref == nil {
				col++
			} else if c, r := cellOrderBytes(ref); c > 0 && r == row {
				col = c
			} else {
				return "", false
			}
			lastRow, lastCol = max(lastRow, row), max(lastCol, col)
		}
	}
	if lastRow == 0 {
		return "A1", true
	}
	return "A1:" + CellName(lastCol, lastRow), true
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
// when it has none; raw itself when it declares ref already.
func setDimension(raw []byte, ref string) []byte {
	if i := elementAt(raw, "dimension"); i >= 0 {
		end := bytes.IndexByte(raw[i:], '>')
		if end < 0 {
			return raw
		}
		tag, to := raw[i:i+end+1], i+end+1
		if string(attr(tag, "ref")) == ref {
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
