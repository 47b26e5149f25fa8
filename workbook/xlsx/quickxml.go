package xlsx

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"hash/crc32"
	"strconv"
	"strings"
	"unicode/utf8"
)

// quickPart is checkPart's fast path for an XML part: it reads the part
// whole and reports true only when the part is certainly intact (its size
// and checksum as declared) and certainly what wellFormed accepts without
// a problem. Anything else (a fault, a limit passed, or a form of XML it
// does not follow: a DOCTYPE, CDATA, an unusual entity) returns false, and
// checkPart reads the part again the careful way, which finds and words
// the fault. encoding/xml's tokenizer costs as much as reading every cell
// of a big sheet; this scanner is several times faster.
func quickPart(zf *zip.File, limited, lengths bool) bool {
	if zf.UncompressedSize64 > MaxPartBytes {
		return false
	}
	data, err := readPart(zf) // archive/zip fails a part longer than it declares
	return err == nil && wholePart(zf, data, limited, lengths)
}

// wholePart reports whether data is certainly the whole of the part zf
// declares (its size and CRC-32) and, for an XML part, passes
// quickWellFormed; false means "not sure".
func wholePart(zf *zip.File, data []byte, limited, lengths bool) bool {
	if uint64(len(data)) != zf.UncompressedSize64 || zf.CRC32 != 0 && crc32.ChecksumIEEE(data) != zf.CRC32 {
		return false
	}
	lower := strings.ToLower(zf.Name)
	if !strings.HasSuffix(lower, ".xml") && !strings.HasSuffix(lower, ".rels") {
		return true
	}
	return quickWellFormed(data, limited, lengths)
}

// quickWellFormed reports whether data is certainly one well-formed XML
// document that wellFormed accepts with no problem. It follows a subset of
// XML (ASCII names, the five named entities and character references, an
// XML declaration first, comments); false means "not sure", never "bad".
func quickWellFormed(data []byte, limited, lengths bool) bool {
	if !plainText(data) {
		return false
	}
	s := &quickScanner{data: data}
	if limited {
		s.limits = &cellLimits{lengths: lengths}
	}
	for s.i < len(data) {
		var ok bool
		switch {
		case data[s.i] != '<':
			ok = s.text()
		case s.i+1 >= len(data):
			return false
		case data[s.i+1] == '?':
			ok = s.declaration()
		case data[s.i+1] == '!':
			ok = s.comment()
		case data[s.i+1] == '/':
			ok = s.endTag()
		default:
			var matched bool
			if matched, ok = s.usualCell(); !matched {
				ok = s.startTag()
			}
		}
		if !ok {
			return false
		}
	}
	return len(s.stack) == 0 && s.roots == 1
}

// The element names a usual cell is made of, for cellLimits.
var (
	cElement = []byte("c")
	vElement = []byte("v")
	tElement = []byte("t")
)

// usualCell reads, in a sheet held to the limits, a whole cell of the
// usual form: <c r="B7" s="2" t="s"><v>12</v></c> (s and t optional, in
// that order), the same holding text as dtm writes it, <c r="B7"
// t="inlineStr"><is><t>Ann</t></is></c>, or without a value, <c r="B7"
// s="2"></c> or <c r="B7"/>. It checks what startTag, text and endTag would, tag by tag,
// and follows the limits through the same calls, in one step: most of a
// big sheet is such cells. matched is false, and nothing read, for any
// other form, which they read.
func (s *quickScanner) usualCell() (matched, ok bool) {
	d, i := s.data, s.i
	if s.limits == nil || len(s.stack) == 0 || !bytes.HasPrefix(d[i:], []byte(`<c r="`)) {
		return false, false
	}
	i += len(`<c r="`)
	ref, i, found := usualAttr(d, i, refChar)
	if !found {
		return false, false
	}
	if bytes.HasPrefix(d[i:], []byte(` s="`)) {
		if _, i, found = usualAttr(d, i+len(` s="`), digitChar); !found {
			return false, false
		}
	}
	if bytes.HasPrefix(d[i:], []byte(` t="`)) {
		if _, i, found = usualAttr(d, i+len(` t="`), letterChar); !found {
			return false, false
		}
	}
	var value, element []byte // the value's text, and its element (none when the cell is empty)
	switch {
	case bytes.HasPrefix(d[i:], []byte("/>")):
		i += len("/>")
	case bytes.HasPrefix(d[i:], []byte("></c>")):
		i += len("></c>")
	case bytes.HasPrefix(d[i:], []byte("><v>")):
		i += len("><v>")
		lt := bytes.IndexByte(d[i:], '<')
		if lt < 0 || !bytes.HasPrefix(d[i+lt:], []byte("</v></c>")) {
			return false, false
		}
		value, element = d[i:i+lt], vElement
		if !usualChars(value) {
			return false, false
		}
		i += lt + len("</v></c>")
	case bytes.HasPrefix(d[i:], []byte("><is><t>")): // text dtm writes into a sheet
		if value, i, found = usualText(d, i+len("><is><t>"), "</t></is></c>"); !found {
			return false, false
		}
		element = tElement
	default:
		return false, false
	}
	l := s.limits
	l.start(cElement)
	l.ref(cElement, ref)
	if element != nil { // <is> is none of cellLimits' business
		l.start(element)
		l.valueLen += len(value) // as text counts it
		if _, past := l.end(element); past {
			return true, false
		}
	}
	if _, past := l.end(cElement); past {
		return true, false
	}
	s.i = i
	return true, true
}

// usualText reads a value's text from d[i:] to the next tag, which must
// be end (its end tags): the text and the index after them; false when the
// text is not followed by end, or is not what plainChars accepts.
func usualText(d []byte, i int, end string) ([]byte, int, bool) {
	lt := bytes.IndexByte(d[i:], '<')
	if lt < 0 || !bytes.HasPrefix(d[i+lt:], []byte(end)) {
		return nil, 0, false
	}
	text := d[i : i+lt]
	if !usualChars(text) {
		return nil, 0, false
	}
	return text, i + lt + len(end), true
}

// usualChars is plainChars, looking through text once when it holds
// neither & nor ] (a number, a name), which plainChars then accepts.
func usualChars(text []byte) bool {
	for _, c := range text {
		if c == '&' || c == ']' {
			return plainChars(text)
		}
	}
	return true
}

// usualAttr reads an attribute's value of the characters in, to its
// closing ", from d[i:]: the value and the index after the quote; false
// for any other value (empty, or with another character).
func usualAttr(d []byte, i int, in func(byte) bool) ([]byte, int, bool) {
	from := i
	for i < len(d) && in(d[i]) {
		i++
	}
	if i == from || i >= len(d) || d[i] != '"' {
		return nil, 0, false
	}
	return d[from:i], i + 1, true
}

func refChar(c byte) bool    { return c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' }
func digitChar(c byte) bool  { return c >= '0' && c <= '9' }
func letterChar(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// quickScanner is quickWellFormed's reading of one document: where it is,
// the elements open, and, in a sheet held to the limits, the cell limits.
type quickScanner struct {
	data   []byte
	i      int      // the next byte to read
	stack  [][]byte // the names of the elements open
	roots  int      // how many top-level elements were started
	limits *cellLimits
}

// text reads the characters up to the next tag: only space outside the
// root element, and only plain characters inside it.
func (s *quickScanner) text() bool {
	j := bytes.IndexByte(s.data[s.i:], '<')
	if j < 0 {
		j = len(s.data) - s.i
	}
	text := s.data[s.i : s.i+j]
	if len(s.stack) == 0 {
		if !allSpace(text) {
			return false
		}
	} else if !plainChars(text) {
		return false
	}
	if s.limits != nil && s.limits.inValue {
		s.limits.valueLen += len(text) // at least the characters it decodes to
	}
	s.i += j
	return true
}

// declaration reads the XML declaration, which only the document's first
// bytes may be.
func (s *quickScanner) declaration() bool {
	e := bytes.Index(s.data[s.i:], []byte("?>"))
	if s.i != 0 || e < 0 || !xmlDeclaration(s.data[:e+2]) {
		return false
	}
	s.i = e + 2
	return true
}

// comment reads a comment; any other "<!" (a DOCTYPE, CDATA) is not
// followed.
func (s *quickScanner) comment() bool {
	data, i, n := s.data, s.i, len(s.data)
	if !bytes.HasPrefix(data[i:], []byte("<!--")) {
		return false
	}
	e := bytes.Index(data[i+4:], []byte("--"))
	if e < 0 || i+4+e+2 >= n || data[i+4+e+2] != '>' {
		return false
	}
	s.i += 4 + e + 3
	return true
}

// endTag reads an end tag, which must close the element last opened.
func (s *quickScanner) endTag() bool {
	name, i, ok := scanName(s.data, s.i+2)
	if !ok {
		return false
	}
	i = skipSpace(s.data, i)
	if i >= len(s.data) || s.data[i] != '>' || len(s.stack) == 0 || !bytes.Equal(s.stack[len(s.stack)-1], name) {
		return false
	}
	s.i = i + 1
	s.stack = s.stack[:len(s.stack)-1]
	return s.withinLimits(unprefixed(name))
}

// withinLimits ends an element in a sheet held to the limits, and reports
// whether it is within them; true in any other part.
func (s *quickScanner) withinLimits(local []byte) bool {
	if s.limits == nil {
		return true
	}
	_, past := s.limits.end(local)
	return !past
}

// startTag reads a start tag or an empty-element tag, its attributes
// included.
func (s *quickScanner) startTag() bool {
	name, i, ok := scanName(s.data, s.i+1)
	if !ok {
		return false
	}
	s.i = i
	if len(s.stack) == 0 {
		if s.roots++; s.roots > 1 {
			return false
		}
	}
	s.stack = append(s.stack, name)
	var local []byte
	if s.limits != nil {
		local = unprefixed(name)
		s.limits.start(local)
	}
	empty, ok := s.attributes(local)
	if !ok {
		return false
	}
	if empty {
		s.stack = s.stack[:len(s.stack)-1]
		return s.withinLimits(local)
	}
	return true
}

// attributes reads a tag's attributes up to its > or />, and reports
// whether the element is empty (/>). local is the element's unprefixed
// name when the sheet is held to the limits.
func (s *quickScanner) attributes(local []byte) (empty, ok bool) {
	data, n := s.data, len(s.data)
	for {
		i := skipSpace(data, s.i)
		switch {
		case i >= n:
			return false, false
		case data[i] == '>':
			s.i = i + 1
			return false, true
		case data[i] == '/':
			if i+1 >= n || data[i+1] != '>' {
				return false, false
			}
			s.i = i + 2
			return true, true
		}
		attr, i, ok := scanName(data, i)
		if !ok {
			return false, false
		}
		i = skipSpace(data, i)
		if i >= n || data[i] != '=' {
			return false, false
		}
		i = skipSpace(data, i+1)
		if i >= n || (data[i] != '"' && data[i] != '\'') {
			return false, false
		}
		q := quoteEnd(data[i+1:], data[i])
		if q < 0 {
			return false, false
		}
		value := data[i+1 : i+1+q]
		s.i = i + q + 2
		if !plainValue(value) {
			return false, false
		}
		if s.limits != nil && (string(local) == "row" || string(local) == "c") && string(unprefixed(attr)) == "r" {
			if bytes.IndexByte(value, '&') >= 0 {
				return false, false // an entity, which wellFormed would decode
			}
			s.limits.ref(local, value)
		}
	}
}

// cellLimits follows a sheet's rows and values, holding them to MaxRows,
// MaxColumns, MaxCells and (with lengths) MaxCellLength: wellFormed reports
// each value past a limit, and quickWellFormed is sure of a sheet only when
// none is.
type cellLimits struct {
	sheet        string
	lengths      bool
	row, rowLast int    // the row open, and the column of its last value
	cells        int    // the cells counted so far, each row to its last value
	cell         []byte // the reference of the cell open
	inValue      bool   // inside a <v> or <t>
	valueLen     int    // the length of the value so far
}

// start notes the start of an element.
func (l *cellLimits) start(local []byte) {
	switch string(local) {
	case "row":
		l.cells += l.rowLast
		l.row, l.rowLast = 0, 0
	case "c":
		l.cell = nil
	case "v", "t":
		l.inValue, l.valueLen = true, 0
	}
}

// ref notes a row's or a cell's reference, its r attribute.
func (l *cellLimits) ref(local, value []byte) {
	switch string(local) {
	case "row":
		l.row, _ = atoiBytes(value)
	case "c":
		l.cell = value
	}
}

// end handles the end of an element, and reports a value past a limit, or
// a sheet of too many cells.
func (l *cellLimits) end(local []byte) (Problem, bool) {
	switch string(local) {
	case "v", "t":
		l.inValue = false
		if l.valueLen == 0 {
			return Problem{}, false
		}
		col, r := cellOrderBytes(l.cell)
		if r > 0 {
			l.row = r
		}
		switch {
		case l.lengths && l.valueLen > MaxCellLength:
			return Problem{Sheet: l.sheet, Cell: string(l.cell), Msg: fmt.Sprintf("the cell holds %d characters; a cell holds at most %d", l.valueLen, MaxCellLength),
				Hint: "shorten it"}, true
		case l.row > MaxRows:
			return Problem{Sheet: l.sheet, Cell: string(l.cell), Msg: fmt.Sprintf("a value in row %d; dtm reads sheets of up to %d rows", l.row, MaxRows),
				Hint: "clear the rows below " + strconv.Itoa(MaxRows)}, true
		case col > MaxColumns:
			return Problem{Sheet: l.sheet, Cell: string(l.cell), Msg: fmt.Sprintf("a value in column %s; dtm reads sheets of up to %d columns (to %s)", ColumnName(col), MaxColumns, ColumnName(MaxColumns)),
				Hint: "clear the columns beyond " + ColumnName(MaxColumns)}, true
		}
		l.rowLast = max(l.rowLast, col)
	case "sheetData":
		l.cells += l.rowLast
		l.rowLast = 0
		if l.cells > MaxCells {
			return Problem{Sheet: l.sheet, Msg: fmt.Sprintf("the sheet is too large to read: %d cells counting each row to its last value; dtm reads up to %d", l.cells, MaxCells),
				Hint: "delete rows or columns you do not need"}, true
		}
	}
	return Problem{}, false
}

// quoteEnd returns the index of the first quote in data, -1 for none: an
// attribute's value, most often a few bytes long, is looked through
// without a call for each.
func quoteEnd(data []byte, quote byte) int {
	for i, c := range data[:min(len(data), 16)] {
		if c == quote {
			return i
		}
	}
	if len(data) <= 16 {
		return -1
	}
	if q := bytes.IndexByte(data[16:], quote); q >= 0 {
		return 16 + q
	}
	return -1
}

// plainValue reports whether an attribute's value holds no < and reads as
// plainChars does; most values (a cell's reference, style or type) hold
// none of <, & and ], and are looked through once.
func plainValue(value []byte) bool {
	for _, c := range value {
		if c == '<' || c == '&' || c == ']' {
			return bytes.IndexByte(value, '<') < 0 && plainChars(value)
		}
	}
	return true
}

// plainText reports whether data holds only characters XML allows, as
// UTF-8: no control character but tab, line feed and carriage return, and
// neither U+FFFE nor U+FFFF.
func plainText(data []byte) bool {
	for i := 0; i < len(data); i++ {
		// Eight bytes at a time while they are printable ASCII: no byte
		// below 0x20 and none from 0x80.
		for i+8 <= len(data) {
			w := binary.LittleEndian.Uint64(data[i:])
			if (w-0x2020202020202020)&^w&0x8080808080808080 != 0 || w&0x8080808080808080 != 0 {
				break
			}
			i += 8
		}
		if i >= len(data) {
			break
		}
		c := data[i]
		switch {
		case c < 0x20:
			if c != '\t' && c != '\n' && c != '\r' {
				return false
			}
		case c == 0xEF:
			if i+2 < len(data) && data[i+1] == 0xBF && (data[i+2] == 0xBE || data[i+2] == 0xBF) {
				return false
			}
		}
	}
	return utf8.Valid(data)
}

// plainChars reports whether text (between tags, or an attribute's value)
// reads as encoding/xml reads it: every & starts a known entity or a
// character reference, and no ]]> appears.
func plainChars(text []byte) bool {
	if bytes.Contains(text, []byte("]]>")) {
		return false
	}
	for {
		a := bytes.IndexByte(text, '&')
		if a < 0 {
			return true
		}
		text = text[a+1:]
		semi := bytes.IndexByte(text, ';')
		if semi < 0 || semi > 10 {
			return false
		}
		switch ref := string(text[:semi]); ref {
		case "amp", "lt", "gt", "apos", "quot":
		default:
			if !charRef(ref) {
				return false
			}
		}
		text = text[semi+1:]
	}
}

// charRef reports whether ref ("#10", "#xA") is a character reference to a
// character XML allows.
func charRef(ref string) bool {
	if len(ref) < 2 || ref[0] != '#' {
		return false
	}
	base, digits := 10, ref[1:]
	if digits[0] == 'x' {
		base, digits = 16, digits[1:]
	}
	if digits == "" || digits[0] == '+' || digits[0] == '-' {
		return false
	}
	v, err := strconv.ParseUint(digits, base, 32)
	if err != nil {
		return false
	}
	return v == 0x09 || v == 0x0A || v == 0x0D || (v >= 0x20 && v <= 0xD7FF) ||
		(v >= 0xE000 && v <= 0xFFFD) || (v >= 0x10000 && v <= 0x10FFFF)
}

// xmlDeclaration reports whether decl, the part's first <?...?>, is an
// XML declaration encoding/xml accepts (version 1.0, UTF-8).
func xmlDeclaration(decl []byte) bool {
	if !bytes.HasPrefix(decl, []byte("<?xml ")) {
		return false
	}
	d := xml.NewDecoder(bytes.NewReader(decl))
	d.Strict = true
	tok, err := d.RawToken()
	if err != nil {
		return false
	}
	p, ok := tok.(xml.ProcInst)
	return ok && p.Target == "xml"
}

// scanName reads an element or attribute name of ASCII letters, digits,
// _ . - and at most one : (not first or last) from data[i:], and returns it
// and the index after it. It must end at a space, =, > or /.
func scanName(data []byte, i int) ([]byte, int, bool) {
	from, colons := i, 0
	for i < len(data) {
		c := data[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c == '_':
		case c >= '0' && c <= '9', c == '.', c == '-':
			if i == from {
				return nil, i, false
			}
		case c == ':':
			if i == from {
				return nil, i, false
			}
			colons++
		default:
			if i == from || colons > 1 || data[i-1] == ':' {
				return nil, i, false
			}
			switch c {
			case ' ', '\t', '\n', '\r', '=', '>', '/':
				return data[from:i], i, true
			}
			return nil, i, false
		}
		i++
	}
	return nil, i, false
}

// unprefixed is a name without its prefix, as encoding/xml splits it.
func unprefixed(name []byte) []byte {
	for i, c := range name { // a name is short: no call for each
		if c == ':' {
			return name[i+1:]
		}
	}
	return name
}

// skipSpace returns the index of the first byte from i that is not XML
// white space.
func skipSpace(data []byte, i int) int {
	for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
		i++
	}
	return i
}

// allSpace reports whether text is only XML white space.
func allSpace(text []byte) bool {
	return skipSpace(text, 0) == len(text)
}

// cellOrderBytes is cellOrderStrict on a reference's bytes.
func cellOrderBytes(ref []byte) (col, row int) {
	i := 0
	for i < len(ref) && ref[i] >= 'A' && ref[i] <= 'Z' && col <= 1<<20 {
		col = col*26 + int(ref[i]-'A'+1)
		i++
	}
	r, err := atoiBytes(ref[i:])
	if i == 0 || err != nil {
		return 0, 0
	}
	return col, r
}

// atoiBytes is strconv.Atoi on bytes, without a copy for plain digits.
func atoiBytes(b []byte) (int, error) {
	if len(b) > 0 && len(b) < 10 {
		n := 0
		for _, c := range b {
			if c < '0' || c > '9' {
				return strconv.Atoi(string(b))
			}
			n = n*10 + int(c-'0')
		}
		return n, nil
	}
	return strconv.Atoi(string(b))
}
