package xlsx

import (
	"bytes"
	"strings"
	"testing"
)

// quickCases are XML parts for the fast well-formedness check: quick says
// whether quickWellFormed must be sure of it (true), or must leave it to
// wellFormed (false, which is never wrong).
var quickCases = []struct {
	name    string
	xml     string
	limited bool
	quick   bool
}{
	{"sheet", `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<worksheet xmlns="m" xmlns:r="r"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t xml:space="preserve">a &amp; b &#10;</t></is></c></row></sheetData><drawing r:id="rId1"/></worksheet>`, true, true},
	{"prefixed", `<x:worksheet xmlns:x="m"><x:sheetData><x:row r="2"><x:c r="C2"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`, true, true},
	{"comment and spaces", "<a  b = 'c' ><!-- note --><d/>\n</a >\n", false, true},
	{"rels", `<Relationships xmlns="p"><Relationship Id="rId1" Type="t" Target="worksheets/sheet1.xml"/></Relationships>`, false, true},
	{"empty", ``, false, false},
	{"cut short", `<a><b></b>`, false, false},
	{"wrong close", `<a><b></a></b>`, false, false},
	{"two roots", `<a/><b/>`, false, false},
	{"text outside", `<a/>x`, false, false},
	{"unknown entity", `<a>&nbsp;</a>`, false, false},
	{"bad char ref", `<a>&#1;</a>`, false, false},
	{"bare ampersand", `<a>a & b</a>`, false, false},
	{"lt in attribute", `<a b="<"/>`, false, false},
	{"unquoted attribute", `<a b=c/>`, false, false},
	{"attribute without value", `<a b/>`, false, false},
	{"cdata end in text", `<a>]]></a>`, false, false},
	{"double dash in comment", `<a><!-- a -- b --></a>`, false, false},
	{"control character", "<a>\x01</a>", false, false},
	{"invalid utf-8", "<a>\xff</a>", false, false},
	{"U+FFFE", "<a>\uFFFE</a>", false, false},
	{"version 1.1", `<?xml version="1.1"?><a/>`, false, false},
	{"latin-1", `<?xml version="1.0" encoding="ISO-8859-1"?><a/>`, false, false},
	{"doctype", `<!DOCTYPE a><a/>`, false, false},
	{"cdata", `<a><![CDATA[x]]></a>`, false, false},
	{"two colons", `<a:b:c/>`, false, false},
	{"name from a digit", `<1a/>`, false, false},
	{"row past the limit", `<w><sheetData><row r="200001"><c r="A200001"><v>1</v></c></row></sheetData></w>`, true, false},
	{"column past the limit", `<w><sheetData><row r="1"><c r="ALM1"><v>1</v></c></row></sheetData></w>`, true, false},
	{"row past the limit, unlimited", `<w><sheetData><row r="200001"><c r="A200001"><v>1</v></c></row></sheetData></w>`, false, true},
	// Bytes looked through eight at a time, and attribute values of more
	// than sixteen bytes.
	{"control character after plain text", "<a>" + strings.Repeat("x", 21) + "\x01" + strings.Repeat("y", 30) + "</a>", false, false},
	{"DEL after plain text", "<a>" + strings.Repeat("x", 21) + "\x7f" + strings.Repeat("y", 30) + "</a>", false, true},
	{"U+FFFF after plain text", "<a>" + strings.Repeat("x", 13) + "\uFFFF" + strings.Repeat("y", 30) + "</a>", false, false},
	{"invalid utf-8 after plain text", "<a>" + strings.Repeat("x", 40) + "\xc3(" + "</a>", false, false},
	{"accents among plain text", "<a>" + strings.Repeat("x", 15) + "é" + strings.Repeat("ü", 9) + strings.Repeat("y", 8) + "\t\r\n</a>", false, true},
	{"long attribute", `<a b="` + strings.Repeat("x", 40) + `" c='` + strings.Repeat("z", 16) + `'/>`, false, true},
	{"long attribute not closed", `<a b="` + strings.Repeat("x", 40) + `/>`, false, false},
	{"short attribute not closed", `<a b="xx/>`, false, false},
	{"lt late in a long attribute", `<a b="` + strings.Repeat("x", 20) + `<"/>`, false, false},
	{"entity in an attribute", `<a b="x &amp; y"/>`, false, true},
	{"bare ampersand in an attribute", `<a b="x & y"/>`, false, false},
	{"cdata end in an attribute", `<a b="x]]>"/>`, false, false},
	{"bracket in an attribute", `<a b="x[1]"/>`, false, true},
	// Cells of the usual form, read whole (usualCell), and cells close to
	// it, read tag by tag.
	{"usual cells", `<w><sheetData><row r="3"><c r="A3" s="2" t="s"><v>12</v></c><c r="B3" s="2"></c><c r="C3"/><c r="D3" t="str"><v>a &amp; b&#10;</v></c><c r="E3" s="10" t="n"><v></v></c></row></sheetData></w>`, true, true},
	{"cells close to the usual form", `<w><sheetData><row r="3"><c r="A3" t="s" s="2"><v>1</v></c><c r='B3'><v>2</v></c><c r="C3" ><v>3</v> </c><c r="D3"><f>A3</f><v>4</v></c><c  r="E3"/><c r="f3"><v>5</v></c></row></sheetData></w>`, true, true},
	{"text as dtm writes it", `<w><sheetData><row r="1"><c r="A1" s="3" t="inlineStr"><is><t>Ann &amp; Bob</t></is></c><c r="B1" t="inlineStr"><is><t></t></is></c></row></sheetData></w>`, true, true},
	{"text as dtm writes it, unknown entity", `<w><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&nbsp;</t></is></c></row></sheetData></w>`, true, false},
	{"text as dtm writes it, wrong close", `<w><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></c></row></sheetData></w>`, true, false},
	{"text as dtm writes it, too long", `<w><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>` + strings.Repeat("x", MaxCellLength+1) + `</t></is></c></row></sheetData></w>`, true, false},
	{"text as dtm writes it, past the last column", `<w><sheetData><row r="1"><c r="ALM1" t="inlineStr"><is><t>a</t></is></c></row></sheetData></w>`, true, false},
	{"text as dtm writes it, empty past the last column", `<w><sheetData><row r="1"><c r="ALM1" t="inlineStr"><is><t></t></is></c></row></sheetData></w>`, true, true},
	{"usual cell, unknown entity", `<w><sheetData><row r="1"><c r="A1"><v>&nbsp;</v></c></row></sheetData></w>`, true, false},
	{"usual cell, cdata end", `<w><sheetData><row r="1"><c r="A1"><v>]]></v></c></row></sheetData></w>`, true, false},
	{"usual cell, wrong close", `<w><sheetData><row r="1"><c r="A1"><v>1</v></x></row></sheetData></w>`, true, false},
	{"usual cell, not closed", `<w><sheetData><row r="1"><c r="A1"><v>1</v></row></sheetData></w>`, true, false},
	{"usual cell as the root", `<c r="A1"/>`, true, true},
	{"usual cell after the root", `<w/><c r="A1"/>`, true, false},
	{"usual cell past the last row", `<w><sheetData><row r="1"><c r="B200001" s="1"><v>1</v></c></row></sheetData></w>`, true, false},
	{"usual cell past the last row, empty", `<w><sheetData><row r="1"><c r="B200001" s="1"/><c r="C200001"><v></v></c></row></sheetData></w>`, true, true},
	{"usual cell, long value, unlimited", `<w><sheetData><row r="1"><c r="A1"><v>` + strings.Repeat("x", MaxCellLength+1) + `</v></c></row></sheetData></w>`, false, true},
	{"long value", `<w><sheetData><row r="1"><c r="A1"><v>` + strings.Repeat("x", MaxCellLength+1) + `</v></c></row></sheetData></w>`, true, false},
}

func TestQuickWellFormed(t *testing.T) {
	for _, c := range quickCases {
		t.Run(c.name, func(t *testing.T) {
			got := quickWellFormed([]byte(c.xml), c.limited, true)
			if got != c.quick {
				t.Errorf("quickWellFormed = %v, want %v", got, c.quick)
			}
			if got {
				if ps, err := wellFormed(bytes.NewReader([]byte(c.xml)), "S", c.limited, true); err != nil || len(ps) > 0 {
					t.Errorf("quickWellFormed is sure, but wellFormed finds %v %v", ps, err)
				}
			}
		})
	}
}

// FuzzQuickWellFormed checks that the fast path is never sure of a part
// wellFormed refuses or finds a problem in.
func FuzzQuickWellFormed(f *testing.F) {
	for _, c := range quickCases {
		if len(c.xml) < 1000 {
			f.Add(c.xml, c.limited)
		}
	}
	f.Fuzz(func(t *testing.T, doc string, limited bool) {
		if !quickWellFormed([]byte(doc), limited, true) {
			return
		}
		if ps, err := wellFormed(strings.NewReader(doc), "S", limited, true); err != nil || len(ps) > 0 {
			t.Errorf("quickWellFormed is sure of %q, but wellFormed finds %v %v", doc, ps, err)
		}
	})
}
