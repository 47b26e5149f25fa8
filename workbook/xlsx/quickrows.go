package xlsx

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// SheetReader reads the cells of a workbook's sheets, as excelize's GetRows
// with RawCellValue does, several times faster for sheets of the usual
// form.
type SheetReader struct {
	x *excelize.File
	// parts maps each sheet to its part, and sst holds the shared
	// strings, once quickRows needs them.
	parts map[string]string
	sst   []string
}

// NewSheetReader returns a reader of x's sheets.
func NewSheetReader(x *excelize.File) *SheetReader { return &SheetReader{x: x} }

// Rows returns a sheet's cells as excelize's GetRows with RawCellValue
// does: row i of the result is the sheet's row i+1, each row to its last
// value. Sheets of the usual form (every row and cell with its reference,
// values, formulas and plain inline text) are read from their bytes by
// quickRows, several times faster than excelize's decoder, which reads the
// rest.
func (r *SheetReader) Rows(sheet string) ([][]string, error) {
	quick, ok, damage := r.quickRows(sheet)
	if damage != nil {
		damage.Sheet = sheet
		return nil, damage
	}
	if ok && CompareRows == nil {
		return quick, nil
	}
	if !ok { // the damage excelize reads past
		if damage := heldSheetDamage(r.x, sheet); damage != nil {
			return nil, damage
		}
	}
	rows, err := r.x.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", sheet, err)
	}
	if ok {
		CompareRows(sheet, quick, rows)
	}
	return rows, nil
}

// DamageError is damage inside a sheet's well-formed XML, found as it is
// read: a cell that refers to a shared text the workbook lacks, or a row
// written twice or out of order. Rows reports it rather than reading the
// cell as empty or the row again.
type DamageError struct {
	Sheet, Cell string // the cell, or the row's first cell
	Msg         string
}

// Error implements error.
func (e *DamageError) Error() string {
	return fmt.Sprintf("%s: the workbook is damaged: %s", Problem{Sheet: e.Sheet, Cell: e.Cell}.Location(), e.Msg)
}

// CompareRows is for tests: when set, Rows reads every sheet it can read
// fast both ways, and gives both readings to it, so that every workbook a
// test reads checks the fast reader against excelize's.
var CompareRows func(sheet string, quick, rows [][]string)

// quickRows reads a sheet as excelize holds it when read, with the shared
// strings excelize has read; false when it cannot be sure to read it as
// GetRows does.
func (r *SheetReader) quickRows(sheet string) ([][]string, bool, *DamageError) {
	// The shared strings are read from their part when it is of the plain
	// form quickSharedStrings reads; otherwise by excelize itself, the
	// first sheet of the workbook being read by GetRows.
	if r.sst == nil && r.x.SharedStrings == nil {
		raw, ok := heldPart(r.x, sharedStringsPart)
		if !ok {
			return nil, false, nil
		}
		if r.sst, ok = quickSharedStrings(raw); !ok {
			return nil, false, nil
		}
	}
	if r.parts == nil {
		part := filePart(r.x)
		paths, err := sheetPartPaths(part, workbookPart(part))
		if err != nil {
			paths = map[string]string{}
		}
		r.parts = paths
	}
	name, ok := r.parts[sheet]
	if !ok {
		return nil, false, nil
	}
	// excelize keeps a worksheet it has decoded (to read or write a cell)
	// in its Sheet map, and its bytes in Pkg are then stale.
	if ws, loaded := r.x.Sheet.Load(name); loaded && ws != nil {
		return nil, false, nil
	}
	raw, ok := heldPart(r.x, name)
	if !ok {
		return nil, false, nil
	}
	if r.sst == nil {
		r.sst = make([]string, len(r.x.SharedStrings.SI))
		for i, si := range r.x.SharedStrings.SI {
			r.sst[i] = si.String()
		}
	}
	return quickSheetRows(raw, r.sst)
}

// maxSheetRows and maxSheetColumns are excelize's bounds of a cell
// reference.
const (
	maxSheetRows    = 1_048_576
	maxSheetColumns = 16_384
)

// quickSheetRows reads the cells of a worksheet's XML as GetRows does with
// RawCellValue, given the shared strings; false when the sheet is not of
// the form it reads: a sheetData of <row r> elements in order, each of <c
// r s t> elements in order holding <v>, <f> and inline <is><t> text, with
// no comment, CDATA or namespace prefix anywhere in the part.
func quickSheetRows(data []byte, sst []string) ([][]string, bool, *DamageError) {
	if bytes.IndexByte(data, '\r') >= 0 {
		return nil, false, nil
	}
	// No comment, CDATA or second sheetData anywhere: the scan refuses a
	// "<!" or a <sheetData within the sheet data (neither is a tag it
	// reads), so only the part's head and tail are searched for them.
	from := bytes.Index(data, []byte("<sheetData"))
	if from < 0 || bytes.Contains(data[:from], []byte("<!")) || rowTag(data[:from]) {
		return nil, false, nil
	}
	usualTail := func(tail []byte) bool {
		return !bytes.Contains(tail, []byte("<!")) && !bytes.Contains(tail, []byte("<sheetData"))
	}
	p := &sheetScanner{data: data, i: from}
	name, _, empty, ok := p.tag()
	if !ok || name != "sheetData" {
		return nil, false, nil
	}
	var rows [][]string
	if empty {
		return rows, usualTail(data[p.i:]), nil
	}
	lastRow := 0
	for {
		name, attrs, empty, ok := p.tag()
		if !ok {
			return nil, false, nil
		}
		switch name {
		case "/sheetData":
			if !usualTail(data[p.i:]) {
				return nil, false, nil
			}
			return rows, true, nil
		case "row":
		default:
			return nil, false, nil
		}
		n := 0
		for _, a := range attrs {
			if a.name == 'r' {
				if n, ok = wholeAttr(a.value); !ok {
					return nil, false, nil
				}
			}
		}
		if n > 0 && n <= lastRow {
			return nil, false, rowDamage(n, lastRow)
		}
		if n <= lastRow || n > maxSheetRows {
			return nil, false, nil
		}
		lastRow = n
		p.row = n
		if empty {
			continue
		}
		cells, ok := p.rowCells(sst)
		if p.damage != nil {
			return nil, false, p.damage
		}
		if !ok {
			return nil, false, nil
		}
		if len(cells) > 0 {
			for len(rows) < n-1 {
				rows = append(rows, nil)
			}
			rows = append(rows, cells)
		}
	}
}

// rowCells reads a row's cells to its </row>. The cells are gathered in
// p.cells, reused from row to row, and the row is cut from p.slab, so that
// a row costs no allocation of its own.
func (p *sheetScanner) rowCells(sst []string) ([]string, bool) {
	cells := p.cells[:0]
	defer func() { p.cells = cells[:0] }()
	lastCol := 0
	for {
		col, kind, empty, matched := p.cellTag()
		if !matched {
			name, attrs, e, ok := p.tag()
			if !ok {
				return nil, false
			}
			switch name {
			case "/row":
				return p.keep(cells), true
			case "c":
			default:
				return nil, false
			}
			empty = e
			for _, a := range attrs {
				switch a.name {
				case 'r':
					if col, ok = cellColumn(a.value); !ok {
						return nil, false
					}
				case 's':
					if !styleAttr(a.value) {
						return nil, false
					}
				case 't':
					kind = sheetCellKind(a.value)
				}
			}
		}
		if col <= lastCol {
			return nil, false
		}
		lastCol = col
		var v, is []byte
		var hasV, hasF, hasIS bool
		if !empty {
			if v, hasV = p.plainValue(); hasV {
				empty = true // read to its </c>
			} else if is, hasIS = p.plainInline(); hasIS {
				empty = true // read to its </c>
			} else if bytes.HasPrefix(p.data[p.i:], []byte("</c>")) {
				p.i += len("</c>")
				empty = true // a cell of style alone
			}
		}
		for done := empty; !done; {
			name, attrs, leaf, ok := p.tag()
			if !ok || len(attrs) > 0 && name != "f" {
				return nil, false
			}
			switch {
			case name == "/c":
				done = true
			case name == "v" && !hasV:
				hasV = true
				if !leaf {
					if v, ok = p.text("v"); !ok {
						return nil, false
					}
				}
			case name == "f" && !hasF:
				hasF = true
				if !leaf {
					if _, ok = p.text("f"); !ok {
						return nil, false
					}
				}
			case name == "is" && !hasIS && !leaf:
				hasIS = true
				if is, ok = p.inlineText(); !ok {
					return nil, false
				}
			default:
				return nil, false
			}
		}
		if kind == "s" {
			if p.damage = sharedTextDamage(col, p.row, v, len(sst)); p.damage != nil {
				return nil, false
			}
		}
		val, ok := cellValue(kind, v, is, hasIS, sst)
		if !ok {
			return nil, false
		}
		if val != "" || hasF {
			for len(cells) < col-1 {
				cells = append(cells, "")
			}
			cells = append(cells, val)
		}
	}
}

// cellTag reads a cell's start tag of the usual form, <c r="AB12" s="3"
// t="s"> (s and t optional, in that order, s in digits) or the same closed
// by "/>": its column, type and whether it closes itself. Anything else is
// left where it is (matched false) for tag, which reads every form.
func (p *sheetScanner) cellTag() (col int, kind string, empty, matched bool) {
	d := p.data
	i := skipSpace(d, p.i)
	const head = `<c r="`
	if !bytes.HasPrefix(d[i:], []byte(head)) {
		return 0, "", false, false
	}
	i += len(head)
	q := bytes.IndexByte(d[i:], '"')
	if q < 0 {
		return 0, "", false, false
	}
	col, ok := cellColumn(d[i : i+q])
	if !ok {
		return 0, "", false, false
	}
	i += q + 1
	if bytes.HasPrefix(d[i:], []byte(` s="`)) {
		i += len(` s="`)
		q = bytes.IndexByte(d[i:], '"')
		if q < 1 || q > 9 {
			return 0, "", false, false
		}
		for _, c := range d[i : i+q] {
			if c < '0' || c > '9' {
				return 0, "", false, false
			}
		}
		i += q + 1
	}
	if bytes.HasPrefix(d[i:], []byte(` t="`)) {
		i += len(` t="`)
		q = bytes.IndexByte(d[i:], '"')
		if q < 0 || bytes.IndexByte(d[i:i+q], '&') >= 0 {
			return 0, "", false, false
		}
		kind = sheetCellKind(d[i : i+q])
		i += q + 1
	}
	switch {
	case bytes.HasPrefix(d[i:], []byte("/>")):
		p.i = i + 2
		return col, kind, true, true
	case i < len(d) && d[i] == '>':
		p.i = i + 1
		return col, kind, false, true
	}
	return 0, "", false, false
}

// plainValue reads a cell's content of the usual form, <v>text</v></c>,
// to the cell's end; false leaves the scanner where it was.
func (p *sheetScanner) plainValue() ([]byte, bool) {
	d := p.data[p.i:]
	if !bytes.HasPrefix(d, []byte("<v>")) {
		return nil, false
	}
	lt := bytes.IndexByte(d[3:], '<')
	if lt < 0 || !bytes.HasPrefix(d[3+lt:], []byte("</v></c>")) {
		return nil, false
	}
	v, ok := unescape(d[3 : 3+lt])
	if !ok {
		return nil, false
	}
	p.i += 3 + lt + len("</v></c>")
	return v, true
}

// plainInline reads a cell's content of the form dtm writes text in,
// <is><t>text</t></is></c>, to the cell's end; false leaves the scanner
// where it was.
func (p *sheetScanner) plainInline() ([]byte, bool) {
	d := p.data[p.i:]
	const head, tail = "<is><t>", "</t></is></c>"
	if !bytes.HasPrefix(d, []byte(head)) {
		return nil, false
	}
	lt := bytes.IndexByte(d[len(head):], '<')
	if lt < 0 || !bytes.HasPrefix(d[len(head)+lt:], []byte(tail)) {
		return nil, false
	}
	text, ok := unescape(d[len(head) : len(head)+lt])
	if !ok {
		return nil, false
	}
	p.i += len(head) + lt + len(tail)
	return text, true
}

// cellValue is a cell's value as excelize gives it with RawCellValue.
func cellValue(kind string, v, is []byte, hasIS bool, sst []string) (string, bool) {
	switch kind {
	case "s":
		if len(v) == 0 {
			return "", true
		}
		i, ok := Digits(v)
		if !ok {
			i, _ = strconv.Atoi(strings.TrimSpace(string(v)))
		}
		if i < 0 || i >= len(sst) {
			return "", true // excelize's error, which GetRows drops
		}
		return sst[i], true
	case "inlineStr":
		if hasIS {
			if bytes.Contains(is, []byte("_x")) { // excelize's escapes
				return "", false
			}
			return string(is), true
		}
	}
	return string(v), true
}

// sheetScanner walks the tags of a worksheet's sheet data.
type sheetScanner struct {
	data   []byte
	i      int
	attrs  []sheetAttr  // the last tag's, reused
	cells  []string     // the row being read's cells, reused
	slab   []string     // room for the rows still to be read
	row    int          // the row being read
	damage *DamageError // damage found in the row read
}

// keep returns a copy of a row's cells, cut from p.slab (its capacity its
// length: an append to one row never writes into the next).
func (p *sheetScanner) keep(cells []string) []string {
	if len(cells) == 0 {
		return nil
	}
	if len(cells) > len(p.slab) {
		p.slab = make([]string, max(4096, len(cells)))
	}
	row := p.slab[:len(cells):len(cells)]
	p.slab = p.slab[len(cells):]
	copy(row, cells)
	return row
}

// sheetAttr is an attribute of a tag, its value as written.
type sheetAttr struct {
	name  byte // the name's letter: r, s or t; 0 for any other name
	value []byte
}

// tag reads the next tag, skipping white space before it: its name ("/c"
// for an end tag), attributes, and whether it closes itself. Text other
// than white space, a prefixed name or an attribute value with an entity
// is not read (false).
func (p *sheetScanner) tag() (string, []sheetAttr, bool, bool) {
	d := p.data
	i := skipSpace(d, p.i)
	if i >= len(d) || d[i] != '<' {
		return "", nil, false, false
	}
	i++
	closing := i < len(d) && d[i] == '/'
	if closing {
		i++
	}
	raw, i, ok := scanName(d, i)
	if !ok || bytes.IndexByte(raw, ':') >= 0 {
		return "", nil, false, false
	}
	name := sheetTagName(raw, closing)
	attrs := p.attrs[:0]
	defer func() { p.attrs = attrs[:0] }()
	for {
		i = skipSpace(d, i)
		if i >= len(d) {
			return "", nil, false, false
		}
		switch d[i] {
		case '>':
			p.i = i + 1
			return name, attrs, false, true
		case '/':
			if closing || i+1 >= len(d) || d[i+1] != '>' {
				return "", nil, false, false
			}
			p.i = i + 2
			return name, attrs, true, true
		}
		if closing {
			return "", nil, false, false
		}
		var an []byte
		if an, i, ok = scanName(d, i); !ok {
			return "", nil, false, false
		}
		i = skipSpace(d, i)
		if i >= len(d) || d[i] != '=' {
			return "", nil, false, false
		}
		i = skipSpace(d, i+1)
		if i >= len(d) || (d[i] != '"' && d[i] != '\'') {
			return "", nil, false, false
		}
		q := bytes.IndexByte(d[i+1:], d[i])
		if q < 0 {
			return "", nil, false, false
		}
		value := d[i+1 : i+1+q]
		i += q + 2
		if bytes.IndexByte(an, ':') >= 0 {
			// xml:space and the like: no attribute of a cell's
			// reading, but a prefixed r, s or t would be one.
			if l := unprefixed(an); string(l) == "r" || string(l) == "s" || string(l) == "t" {
				return "", nil, false, false
			}
			continue
		}
		if bytes.IndexByte(value, '&') >= 0 {
			return "", nil, false, false
		}
		var letter byte
		if len(an) == 1 && (an[0] == 'r' || an[0] == 's' || an[0] == 't') {
			letter = an[0]
		}
		attrs = append(attrs, sheetAttr{name: letter, value: value})
	}
}

// sheetTagName returns the names quickSheetRows knows without allocating.
func sheetTagName(raw []byte, closing bool) string {
	names := [...]string{"sheetData", "row", "c", "v", "f", "is", "t"}
	ends := [...]string{"/sheetData", "/row", "/c", "/v", "/f", "/is", "/t"}
	for i, n := range names {
		if string(raw) == n {
			if closing {
				return ends[i]
			}
			return n
		}
	}
	return "?" // a tag it does not read
}

// text reads an element's text to its end tag </name>, entities decoded.
func (p *sheetScanner) text(name string) ([]byte, bool) {
	d := p.data
	end := bytes.IndexByte(d[p.i:], '<')
	if end < 0 {
		return nil, false
	}
	raw := d[p.i : p.i+end]
	p.i += end
	if n, _, empty, ok := p.tag(); !ok || empty || len(n) != len(name)+1 || n[0] != '/' || n[1:] != name {
		return nil, false
	}
	return unescape(raw)
}

// inlineText reads an inline string's <is><t>text</t></is> (the <is>
// already read) to its end; a rich-text or phonetic string is not read.
func (p *sheetScanner) inlineText() ([]byte, bool) {
	name, _, empty, ok := p.tag()
	switch {
	case !ok:
		return nil, false
	case name == "/is":
		return nil, true
	case name != "t":
		return nil, false
	}
	var text []byte
	if !empty {
		if text, ok = p.text("t"); !ok {
			return nil, false
		}
	}
	if name, _, _, ok = p.tag(); !ok || name != "/is" {
		return nil, false
	}
	if text == nil {
		text = []byte{}
	}
	return text, true
}

// unescape decodes the entities and character references of text that
// quickWellFormed accepts.
func unescape(raw []byte) ([]byte, bool) {
	if bytes.IndexByte(raw, '&') < 0 {
		return raw, true
	}
	out := make([]byte, 0, len(raw))
	for {
		a := bytes.IndexByte(raw, '&')
		if a < 0 {
			return append(out, raw...), true
		}
		out = append(out, raw[:a]...)
		raw = raw[a+1:]
		semi := bytes.IndexByte(raw, ';')
		if semi < 0 {
			return nil, false
		}
		switch ref := string(raw[:semi]); ref {
		case "amp":
			out = append(out, '&')
		case "lt":
			out = append(out, '<')
		case "gt":
			out = append(out, '>')
		case "apos":
			out = append(out, '\'')
		case "quot":
			out = append(out, '"')
		default:
			if !charRef(ref) {
				return nil, false
			}
			base, digits := 10, ref[1:]
			if digits[0] == 'x' {
				base, digits = 16, digits[1:]
			}
			v, _ := strconv.ParseUint(digits, base, 32)
			out = utf8.AppendRune(out, rune(v))
		}
		raw = raw[semi+1:]
	}
}

// rowTag reports whether the part before the sheet data has a row element,
// which excelize's reader would take for one.
func rowTag(head []byte) bool {
	for i := 0; ; i++ {
		j := bytes.Index(head[i:], []byte("row"))
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && (head[i-1] == '<' || head[i-1] == ':') {
			return true
		}
	}
}

// styleAttr reports whether a cell's style is a number strconv reads
// (as excelize reads it).
func styleAttr(b []byte) bool {
	if len(b) > 0 && len(b) < 10 {
		for i, c := range b {
			if c < '0' || c > '9' {
				if i > 0 || (c != '-' && c != '+') || len(b) == 1 {
					return false
				}
			}
		}
		return true
	}
	_, err := strconv.ParseInt(string(b), 10, 64)
	return err == nil
}

// sheetCellKind returns a cell's type attribute as a string, without
// allocating for the usual ones.
func sheetCellKind(b []byte) string {
	for _, k := range [...]string{"s", "n", "b", "str", "inlineStr", "e", "d"} {
		if string(b) == k {
			return k
		}
	}
	return string(b)
}

// wholeAttr reads a row number: at most seven digits, the first not 0.
func wholeAttr(b []byte) (int, bool) {
	if len(b) > 7 || len(b) > 0 && b[0] == '0' {
		return 0, false
	}
	return Digits(b)
}

// cellColumn reads the column of a reference such as "AB12" (capital
// letters, then a row number).
func cellColumn(ref []byte) (int, bool) {
	i, col := 0, 0
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' && i < 3 {
		col = col*26 + int(ref[i]-'A'+1)
		i++
	}
	if i == 0 || col > maxSheetColumns {
		return 0, false
	}
	row, ok := wholeAttr(ref[i:])
	return col, ok && row <= maxSheetRows
}
