package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
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
	var (
		stack        [][]byte
		roots        int
		row, rowLast int
		cells        int
		cell         []byte
		inValue      bool
		valueLen     int
		i, n         = 0, len(data)
		closing      bool
		name         []byte
	)
	// end handles the end of an element as wellFormed does in a sheet it
	// limits; false when wellFormed would report a problem.
	end := func(local []byte) bool {
		switch string(local) {
		case "v", "t":
			inValue = false
			if valueLen == 0 {
				return true
			}
			col, r := cellOrderBytes(cell)
			if r > 0 {
				row = r
			}
			if (lengths && valueLen > MaxCellLength) || row > MaxRows || col > MaxColumns {
				return false
			}
			rowLast = max(rowLast, col)
		case "sheetData":
			if cells += rowLast; cells > MaxCells {
				return false
			}
			rowLast = 0
		}
		return true
	}
	for i < n {
		if data[i] != '<' {
			j := bytes.IndexByte(data[i:], '<')
			if j < 0 {
				j = n - i
			}
			text := data[i : i+j]
			if len(stack) == 0 {
				if !allSpace(text) {
					return false
				}
			} else if !plainChars(text) {
				return false
			}
			if inValue {
				valueLen += len(text) // at least the characters it decodes to
			}
			i += j
			continue
		}
		if i+1 >= n {
			return false
		}
		switch data[i+1] {
		case '?':
			e := bytes.Index(data[i:], []byte("?>"))
			if i != 0 || e < 0 || !xmlDeclaration(data[:e+2]) {
				return false
			}
			i = e + 2
			continue
		case '!':
			if !bytes.HasPrefix(data[i:], []byte("<!--")) {
				return false
			}
			e := bytes.Index(data[i+4:], []byte("--"))
			if e < 0 || i+4+e+2 >= n || data[i+4+e+2] != '>' {
				return false
			}
			i += 4 + e + 3
			continue
		case '/':
			closing = true
			i += 2
		default:
			closing = false
			i++
		}
		var ok bool
		if name, i, ok = scanName(data, i); !ok {
			return false
		}
		if closing {
			i = skipSpace(data, i)
			if i >= n || data[i] != '>' || len(stack) == 0 || !bytes.Equal(stack[len(stack)-1], name) {
				return false
			}
			i++
			stack = stack[:len(stack)-1]
			if limited && !end(unprefixed(name)) {
				return false
			}
			continue
		}
		if len(stack) == 0 {
			if roots++; roots > 1 {
				return false
			}
		}
		stack = append(stack, name)
		var local []byte
		if limited {
			local = unprefixed(name)
			switch string(local) {
			case "row":
				cells += rowLast
				row, rowLast = 0, 0
			case "c":
				cell = nil
			case "v", "t":
				inValue, valueLen = true, 0
			}
		}
		// Attributes, to > or />.
		empty := false
		for {
			i = skipSpace(data, i)
			if i >= n {
				return false
			}
			if data[i] == '>' {
				i++
				break
			}
			if data[i] == '/' {
				if i+1 >= n || data[i+1] != '>' {
					return false
				}
				i += 2
				empty = true
				break
			}
			var attr []byte
			if attr, i, ok = scanName(data, i); !ok {
				return false
			}
			i = skipSpace(data, i)
			if i >= n || data[i] != '=' {
				return false
			}
			i = skipSpace(data, i+1)
			if i >= n || (data[i] != '"' && data[i] != '\'') {
				return false
			}
			q := bytes.IndexByte(data[i+1:], data[i])
			if q < 0 {
				return false
			}
			value := data[i+1 : i+1+q]
			i += q + 2
			if bytes.IndexByte(value, '<') >= 0 || !plainChars(value) {
				return false
			}
			if limited && (string(local) == "row" || string(local) == "c") && string(unprefixed(attr)) == "r" {
				if bytes.IndexByte(value, '&') >= 0 {
					return false
				}
				if string(local) == "row" {
					row, _ = atoiBytes(value)
				} else {
					cell = value
				}
			}
		}
		if empty {
			stack = stack[:len(stack)-1]
			if limited && !end(local) {
				return false
			}
		}
	}
	return len(stack) == 0 && roots == 1
}

// plainText reports whether data holds only characters XML allows, as
// UTF-8: no control character but tab, line feed and carriage return, and
// neither U+FFFE nor U+FFFF.
func plainText(data []byte) bool {
	for i := 0; i < len(data); i++ {
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
	if c := bytes.IndexByte(name, ':'); c >= 0 {
		return name[c+1:]
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
