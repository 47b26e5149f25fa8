package xlsx

import (
	"bytes"
	"html"
	"regexp"
	"strings"
)

// A workbook's formulas are recalculated when it is next opened:
// on save, formula cells lose their cached value (and its value type), and
// the workbook loses its calculation properties (calcPr), so that Excel and
// LibreOffice compute them afresh, from the values dtm wrote. Two kinds keep
// their value, because dtm reads them and a value dropped would read as an
// empty cell in the next command, before any spreadsheet has recalculated:
// the constants TRUE() and FALSE() (constantBool), and, on the sheets dtm
// reads (Sheets.Input), every formula that does not refer to a tab dtm
// rewrites on every run (Sheets.Output).
// excelize's UpdateLinkedValue does the same, but decodes and re-encodes
// every sheet of the workbook to do it; this works on the package's bytes,
// and touches only the sheets that hold a formula.

// mayHoldFormula reports whether a worksheet part may hold a formula cell:
// a cheap test that passes every sheet with an <f> element (with or without
// a namespace prefix), and few without.
func mayHoldFormula(sheet []byte) bool {
	if hasElement(sheet, nil, "f") {
		return true
	}
	for _, s := range []string{":f>", ":f ", ":f/"} {
		if bytes.Contains(sheet, []byte(s)) {
			return true
		}
	}
	return false
}

// dropFormulaValues returns a worksheet part with the cached value and the
// value type removed from every formula cell that has a value, but those
// kept (see above; input: the sheet is one dtm reads; output: the tabs it
// rewrites, by name as a formula writes it); sheet itself when there is
// none.
func dropFormulaValues(sheet []byte, input bool, output func(sheet string) bool) []byte {
	if !mayHoldFormula(sheet) {
		return sheet
	}
	var out []byte // nil until the first change
	done := 0      // sheet[:done] is in out
	for i := 0; ; {
		lt := bytes.IndexByte(sheet[i:], '<')
		if lt < 0 {
			break
		}
		start := i + lt
		name, rest := tagName(sheet[start+1:])
		if localName(name) != "c" || len(rest) == 0 || (rest[0] != ' ' && rest[0] != '>') {
			i = start + 1
			continue
		}
		gt := bytes.IndexByte(sheet[start:], '>')
		if gt < 0 {
			break
		}
		tagEnd := start + gt // the start tag's '>'
		if sheet[tagEnd-1] == '/' {
			i = tagEnd + 1
			continue
		}
		closing := []byte("</" + string(name) + ">")
		n := bytes.Index(sheet[tagEnd:], closing)
		if n < 0 {
			break
		}
		bodyEnd := tagEnd + n
		body := sheet[tagEnd+1 : bodyEnd]
		i = bodyEnd + len(closing)
		prefix := name[:len(name)-1] // "" or "x:"
		if !hasElement(body, prefix, "f") || constantBool(body, prefix) || input && !referencesOutput(formulaText(body, prefix), output) {
			continue
		}
		vFrom, vTo, ok := valueElement(body, prefix)
		if !ok {
			continue
		}
		if out == nil {
			out = make([]byte, 0, len(sheet))
		}
		out = append(out, sheet[done:start]...)
		out = append(out, typeAttr.ReplaceAll(sheet[start:tagEnd+1], nil)...)
		out = append(out, body[:vFrom]...)
		out = append(out, body[vTo:]...)
		out = append(out, closing...)
		done = i
	}
	if out == nil {
		return sheet
	}
	return append(out, sheet[done:]...)
}

// constantBool reports whether a formula cell's formula is TRUE() or
// FALSE(): how LibreOffice saves a boolean typed in a cell (TRUE in a
// Standby column) once it has read it from an .xlsx. Its value cannot
// change on recalculation, and dtm reads it, so it keeps its cached value:
// without it the next dtm command would read the cell as empty.
func constantBool(body, prefix []byte) bool {
	f := strings.ToUpper(strings.TrimPrefix(strings.TrimSpace(formulaText(body, prefix)), "="))
	return f == "TRUE()" || f == "FALSE()"
}

// formulaText is the formula of a cell's body, its XML entities decoded;
// "" for a shared formula's other cells (<f t="shared" si="0"/>).
func formulaText(body, prefix []byte) string {
	open := []byte("<" + string(prefix) + "f")
	from := bytes.Index(body, open)
	if from < 0 {
		return ""
	}
	gt := bytes.IndexByte(body[from:], '>')
	if gt < 0 || body[from+gt-1] == '/' {
		return ""
	}
	text := body[from+gt+1:]
	end := bytes.Index(text, []byte("</"+string(prefix)+"f>"))
	if end < 0 {
		return ""
	}
	return html.UnescapeString(string(text[:end]))
}

// sheetRef matches a sheet's name before the "!" of a reference in a
// formula, quoted ('Team A'!B2, a quote doubled inside) or not (Totals!B2).
var sheetRef = regexp.MustCompile(`(\w+|'(?:[^']|'')*')!`)

// referencesOutput reports whether a formula refers to a tab output
// reports (a tab rewritten on every run, whose values change): such a
// formula must be recalculated even on an input sheet. A name counts where
// a reference may start: not after a letter, digit, underscore, dot or
// quote.
func referencesOutput(formula string, output func(sheet string) bool) bool {
	for _, m := range sheetRef.FindAllStringSubmatchIndex(formula, -1) {
		if from := m[2]; from > 0 {
			if c := formula[from-1]; isWordByte(c) || c == '.' || c == '\'' {
				continue
			}
		}
		name := formula[m[2]:m[3]]
		if strings.HasPrefix(name, "'") {
			name = strings.ReplaceAll(name[1:len(name)-1], "''", "'")
		}
		if output(name) {
			return true
		}
	}
	return false
}

// typeAttr is a cell's value type attribute.
var typeAttr = regexp.MustCompile(`\st="[^"]*"`)

// tagName splits the name of the element whose tag starts s (after the '<')
// from what follows it.
func tagName(s []byte) (name, rest []byte) {
	n := 0
	for n < len(s) && s[n] != ' ' && s[n] != '>' && s[n] != '/' && s[n] != '\t' && s[n] != '\n' && s[n] != '\r' {
		n++
	}
	return s[:n], s[n:]
}

// localName drops a name's namespace prefix.
func localName(name []byte) string {
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		return string(name[i+1:])
	}
	return string(name)
}

// hasElement reports whether a cell's body holds the element prefix+local.
func hasElement(body, prefix []byte, local string) bool {
	tag := []byte("<" + string(prefix) + local)
	for i := 0; ; {
		n := bytes.Index(body[i:], tag)
		if n < 0 {
			return false
		}
		after := i + n + len(tag)
		if after < len(body) && (body[after] == '>' || body[after] == ' ' || body[after] == '/') {
			return true
		}
		i = after
	}
}

// valueElement finds a cell's non-empty <v> element: its bounds in body.
func valueElement(body, prefix []byte) (from, to int, ok bool) {
	open := []byte("<" + string(prefix) + "v>")
	closing := []byte("</" + string(prefix) + "v>")
	from = bytes.Index(body, open)
	if from < 0 {
		return 0, 0, false
	}
	n := bytes.Index(body[from:], closing)
	if n < 0 || n == len(open) { // no end, or an empty value: nothing cached
		return 0, 0, false
	}
	return from, from + n + len(closing), true
}

// calcPrRe is the workbook's calculation properties element.
var calcPrRe = regexp.MustCompile(`(?s)<(\w+:)?calcPr\b[^>]*?(?:/>|>.*?</(\w+:)?calcPr>)`)

// dropCalcPr removes the workbook part's calculation properties.
func dropCalcPr(wb []byte) []byte { return calcPrRe.ReplaceAll(wb, nil) }
