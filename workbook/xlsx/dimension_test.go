package xlsx

import (
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
)

func TestUsedRange(t *testing.T) {
	const head = `<worksheet><dimension ref="A1"/>`
	for _, c := range []struct{ name, sheet, want string }{
		{"no cells", `<sheetData/>`, "A1"},
		{"rows without cells", `<sheetData><row r="3" ht="20" customHeight="1"/></sheetData>`, "A1"},
		{"one cell", `<sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>`, "A1:A1"},
		{"the widest row is not the last", `<sheetData><row r="2"><c r="A2"/><c r="Z2" s="3"/></row><row r="9"><c r="B9" t="inlineStr"><is><t>x</t></is></c></row><row r="12"/></sheetData>`, "A1:Z9"},
		{"a style alone is a cell", `<sheetData><row r="501"><c r="J501" s="2"/></row></sheetData>`, "A1:J501"},
		{"references left out", `<sheetData><row><c><v>1</v></c><c/></row><row><c/></row><row r="7"><c r="C7"/><c/></row></sheetData>`, "A1:D7"},
		{"attributes on new lines", "<sheetData><row\n r=\"4\"><c\tr=\"AB4\"/></row></sheetData>", "unread"},
		{"no sheet data", ``, "unread"},
		{"a cell in another row than its row's", `<sheetData><row r="2"><c r="A3"/></row></sheetData>`, "unread"},
		{"rows out of order", `<sheetData><row r="5"><c r="A5"/></row><row r="2"><c r="A2"/></row></sheetData>`, "unread"},
		{"a reference it cannot read", `<sheetData><row r="1"><c r="1A"/></row></sheetData>`, "unread"},
	} {
		got, ok := usedRange([]byte(head + c.sheet + `</worksheet>`))
		if !ok {
			got = "unread"
		}
		if got != c.want {
			t.Errorf("%s: usedRange = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestSetDimension(t *testing.T) {
	const data = `<sheetData><row r="2"><c r="C2"/></row></sheetData></worksheet>`
	for _, c := range []struct{ name, in, want string }{
		{"replaced", `<worksheet><sheetPr/><dimension ref="A1"/>` + data, `<worksheet><sheetPr/><dimension ref="A1:C2"/>` + data},
		{"replaced, written with an end tag", `<worksheet><dimension ref="A1"></dimension><sheetViews/>` + data, `<worksheet><dimension ref="A1:C2"/><sheetViews/>` + data},
		{"right already", `<worksheet><dimension ref="A1:C2"/>` + data, `<worksheet><dimension ref="A1:C2"/>` + data},
		{"right already, written with an end tag", `<worksheet><dimension ref="A1:C2"></dimension>` + data, `<worksheet><dimension ref="A1:C2"/>` + data},
		{"added after sheetPr", `<worksheet><sheetPr/><sheetViews/><cols/>` + data, `<worksheet><sheetPr/><dimension ref="A1:C2"/><sheetViews/><cols/>` + data},
		{"added before the cells", `<worksheet>` + data, `<worksheet><dimension ref="A1:C2"/>` + data},
		{"cells it cannot read", `<worksheet><dimension ref="A1"/><sheetData><row r="2"><c r="C3"/></row></sheetData></worksheet>`, `<worksheet><dimension ref="A1"/><sheetData><row r="2"><c r="C3"/></row></sheetData></worksheet>`},
	} {
		if got := string(fixDimension([]byte(c.in))); got != c.want {
			t.Errorf("%s: fixDimension =\n%s\nwant\n%s", c.name, got, c.want)
		}
	}
}

// TestSaveDeclaresUsedRange checks that every sheet a save writes anew
// declares the range its cells take, whichever way dtm wrote it: through
// excelize, patched into its bytes, or written whole; and that a sheet
// dtm did not touch keeps its bytes.
func TestSaveDeclaresUsedRange(t *testing.T) {
	f := sample(t)
	before := rawParts(t, f.src)
	if err := SetCellValue(f.x, "Clock", "H60", "late"); err != nil { // decoded by excelize
		t.Fatal(err)
	}
	f.PatchCell("Players", 700, 12, "patched") // past the sheet's rows and columns
	f.PatchCell("Heat 1", 400, 30, 7.5)
	g := NewGrid(3)
	g.Set(1, 1, "Award")
	g.Set(5, 3, 2)
	body, err := g.Body()
	if err != nil {
		t.Fatal(err)
	}
	f.EmptyForRewrite("Awards", false)
	f.SetBody("Awards", body)
	data, err := f.Pack()
	if err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.Check(data); len(problems) > 0 {
		t.Errorf("the saved workbook breaks Excel's rules:\n%s", strings.Join(problems, "\n"))
	}
	for part, want := range map[string]string{
		"xl/worksheets/sheet9.xml":  `<dimension ref="A1:H60"/>`,
		"xl/worksheets/sheet3.xml":  `<dimension ref="A1:L700"/>`,
		"xl/worksheets/sheet10.xml": `:AD400"/>`,
		"xl/worksheets/sheet15.xml": `<dimension ref="A1:C5"/>`,
	} {
		if got := partOf(t, data, part); !strings.Contains(got, want) {
			t.Errorf("%s declares %s, want %s", part, dimensionOf(got), want)
		}
	}
	if rawParts(t, data)["xl/worksheets/sheet8.xml"] != before["xl/worksheets/sheet8.xml"] {
		t.Error("Systems, which nothing touched, changed")
	}
}

// dimensionOf is a worksheet part's dimension element.
func dimensionOf(part string) string {
	i := strings.Index(part, "<dimension")
	if i < 0 {
		return "nothing"
	}
	return part[i : i+strings.IndexByte(part[i:], '>')+1]
}

// BenchmarkFixDimension: a sheet of 10,000 rows of 28 cells, as a heat of
// 10,003 players is, given its used range.
func BenchmarkFixDimension(b *testing.B) {
	var sheet strings.Builder
	sheet.WriteString(`<worksheet><dimension ref="A1"/>`)
	bw := newBodyWriter(&sheet)
	for r := 1; r <= 10000; r++ {
		bw.startRow(r, 0)
		for c := 1; c <= 28; c++ {
			bw.cell(c, 3, "Ann Smith")
		}
	}
	if err := bw.close(); err != nil {
		b.Fatal(err)
	}
	sheet.WriteString(`</worksheet>`)
	raw := []byte(sheet.String())
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		fixDimension(raw)
	}
}

func TestGrownRange(t *testing.T) {
	const cells = `<sheetData><row r="2"><c r="C2"/></row></sheetData></worksheet>`
	ps := []cellPatch{{row: 9, col: 2, value: "x"}, {row: 12, height: 20}, {row: 3, col: 5}}
	for _, c := range []struct{ name, sheet, want string }{
		{"grown to the patches", `<worksheet><dimension ref="A1:C2"/>` + cells, "A1:E9"},
		{"past the patches already", `<worksheet><dimension ref="A1:Z99"/>` + cells, "A1:Z99"},
		{"A1 alone, as excelize leaves it", `<worksheet><dimension ref="A1"/>` + cells, "read"},
		{"not from A1", `<worksheet><dimension ref="B2:C2"/>` + cells, "read"},
		{"no dimension", `<worksheet>` + cells, "read"},
		{"a dimension among the cells is none", `<worksheet><sheetData><dimension ref="A1:C2"/></sheetData></worksheet>`, "read"},
	} {
		got, ok := grownRange([]byte(c.sheet), ps)
		if !ok {
			got = "read"
		}
		if got != c.want {
			t.Errorf("%s: grownRange = %s, want %s", c.name, got, c.want)
		}
	}
	got, err := patchSheet([]byte(`<worksheet><dimension ref="A1:C2"/>`+cells), ps, "A1:E9")
	if err != nil || !strings.HasPrefix(string(got), `<worksheet><dimension ref="A1:E9"/><sheetData><row r="2"><c r="C2"/></row><row r="3"><c r="E3"/></row>`) {
		t.Errorf("patchSheet = %s, %v", got, err)
	}
}
