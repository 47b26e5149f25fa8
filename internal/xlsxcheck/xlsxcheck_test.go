package xlsxcheck

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/templates"
	"github.com/xuri/excelize/v2"
)

func TestHeaderProblem(t *testing.T) {
	for _, tc := range []struct {
		header, want string // want: part of the problem, "" for none
	}{
		{`&C&14&"Calibri,Bold"2026 Regatta`, ""},
		{`&C&"Calibri,Bold"&142026 Regatta`, "ran into it"},
		{`&L&9dtm&R&9Page &P of &N`, ""},
		{`&C&410x`, "font size code &410"},
		{`Tom && Jerry`, ""},
		{`Tom & Jerry`, "unknown code & "},
		{`&"Calibri,Bold`, "closing quote"},
		{`end &`, "lone &"},
		{`&KFF0000red&K000000`, ""},
		{strings.Repeat("x", 256), "256 characters"},
		{strings.Repeat("é", 255), ""},
	} {
		got := HeaderProblem(tc.header)
		if (tc.want == "") != (got == "") || !strings.Contains(got, tc.want) {
			t.Errorf("HeaderProblem(%.40q) = %q, want %q", tc.header, got, tc.want)
		}
	}
}

func TestNameProblem(t *testing.T) {
	for _, tc := range []struct {
		name string
		ok   bool
	}{
		{"_xlnm.Print_Area", true}, {"_xlnm.Print_Titels", false}, {"Players_list", true}, {"Liste.Joueurs", true},
		{"A1", false}, {"XFD1048576", false}, {"XFE1", true}, {"R1C1", false}, {"R", false}, {"c", false},
		{"Rank", true}, {"1st", false}, {"two words", false}, {"", false}, {strings.Repeat("n", 256), false},
	} {
		if got := NameProblem(tc.name); (got == "") != tc.ok {
			t.Errorf("NameProblem(%.20q) = %q, want ok %v", tc.name, got, tc.ok)
		}
	}
}

// TestCheck checks the template, then the same with the faults Excel
// repairs on open.
func TestCheck(t *testing.T) {
	if problems := Check(templates.Tournament); len(problems) > 0 {
		t.Fatalf("the template breaks Excel's rules:\n%s", strings.Join(problems, "\n"))
	}
	broken := edit(t, templates.Tournament, map[string]func([]byte) []byte{
		"xl/_rels/workbook.xml.rels": func(b []byte) []byte {
			return bytes.Replace(b, []byte("</Relationships>"), []byte(`<Relationship Id="rIdX" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain" Target="calcChain.xml"/></Relationships>`), 1)
		},
		"[Content_Types].xml": func(b []byte) []byte {
			return bytes.Replace(b, []byte("</Types>"), []byte(`<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/><Override PartName="/xl/gone.xml" ContentType="application/xml"/></Types>`), 1)
		},
		"xl/calcChain.xml": func([]byte) []byte {
			return []byte(`<calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="A1" i="1"/></calcChain>`)
		},
		"xl/worksheets/sheet1.xml": func(b []byte) []byte { // pageMargins after headerFooter
			return bytes.Replace(b, []byte("<sheetData"), []byte(`<headerFooter><oddHeader>&amp;C&amp;142026</oddHeader></headerFooter><sheetData`), 1)
		},
	})
	got := strings.Join(Check(broken), "\n")
	for _, want := range []string{
		"xl/calcChain.xml: entry A1 (sheet id 1) is not a formula cell",
		"override for /xl/gone.xml",
		"<sheetData> after <headerFooter>",
		"font size code &142026",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("Check missed %q; it found:\n%s", want, got)
		}
	}
}

// TestCheckRules: each rule of what Excel and streaming readers expect
// beyond the schema catches a workbook that breaks it, and only that.
func TestCheckRules(t *testing.T) {
	const heats = "xl/worksheets/sheet7.xml" // the template's Heats sheet: A1:D2
	replace := func(old, new string) func([]byte) []byte {
		return func(b []byte) []byte {
			if !bytes.Contains(b, []byte(old)) {
				t.Fatalf("the template has no %s", old)
			}
			return bytes.Replace(b, []byte(old), []byte(new), 1)
		}
	}
	for _, c := range []struct {
		name  string
		part  string
		edit  func([]byte) []byte
		wants []string
	}{
		{"the dimension the template declares", heats, replace(`<dimension ref="A1:D2"/>`, `<dimension ref="A1"/>`),
			[]string{`Heats): declares <dimension ref="A1"/>, but its cells take A1:D2`}},
		{"a dimension short of the last column", heats, replace(`<dimension ref="A1:D2"/>`, `<dimension ref="A1:C2"/>`),
			[]string{`declares <dimension ref="A1:C2"/>, but its cells take A1:D2`}},
		{"a dimension past the cells, as LibreOffice counts formatted rows", heats, replace(`<dimension ref="A1:D2"/>`, `<dimension ref="A1:D9"/>`),
			nil},
		{"a dimension starting inside the cells", heats, replace(`<dimension ref="A1:D2"/>`, `<dimension ref="B2:D2"/>`),
			[]string{`which starts past its first cell A1`}},
		{"a dimension that is no range", heats, replace(`<dimension ref="A1:D2"/>`, `<dimension ref="D"/>`),
			[]string{`declares <dimension ref="D"/>, but its cells take A1:D2`}},
		{"a cell past the dimension", heats, replace(`</row></sheetData>`, `<c r="F2"/></row><row r="7"><c r="B7"/></row></sheetData>`),
			[]string{`declares <dimension ref="A1:D2"/>, but its cells take A1:F7`}},
		{"a shared text past the table", heats, replace(`<c r="A1" s="1" t="s"><v>179</v>`, `<c r="A1" s="1" t="s"><v>99999</v>`),
			[]string{`cell A1 refers to shared text "99999"; the workbook has`}},
		{"a shared text that is no number", heats, replace(`<c r="A1" s="1" t="s"><v>179</v>`, `<c r="A1" s="1" t="s"><v>x</v>`),
			[]string{`cell A1 refers to shared text "x"`}},
		{"rows out of order", heats, replace(`<row r="2">`, `<row r="1">`),
			[]string{"row 1 after row 1"}},
		{"cells out of order", heats, replace(`<c r="D1"`, `<c r="B1"`),
			[]string{"cell B1 out of order"}},
		{"columns in descending order", heats, replace(`<col customWidth="true" max="1" min="1" width="8"></col><col customWidth="true" max="2" min="2" width="30"></col>`,
			`<col customWidth="true" max="2" min="2" width="30"></col><col customWidth="true" max="1" min="1" width="8"></col>`),
			[]string{"columns 1 to 1 after column 2: Excel wants them in order, apart"}},
		{"columns overlapping", heats, replace(`max="2" min="2"`, `max="3" min="2"`),
			[]string{"columns 3 to 3 after column 3"}},
		{"too many page breaks", heats, replace(`</worksheet>`, `<rowBreaks count="1027" manualBreakCount="1027">`+
			strings.Repeat(`<brk id="3" max="16383" man="1"/>`, 1027)+`</rowBreaks></worksheet>`),
			[]string{"1027 manual row page breaks (Excel: 1026)"}},
		{"an override for a part not there", "[Content_Types].xml", replace(`</Types>`, `<Override PartName="/xl/media/image9.png" ContentType="image/png"/></Types>`),
			[]string{"override for /xl/media/image9.png, which is not in the package"}},
		{"a part without a content type", "xl/media/picture.qoi", func([]byte) []byte { return []byte("QOI") },
			[]string{"xl/media/picture.qoi: has no content type"}},
		{"core properties without the cp: prefix", "docProps/core.xml", func(b []byte) []byte {
			return bytes.ReplaceAll(bytes.ReplaceAll(b, []byte("cp:"), nil), []byte("xmlns:cp="), []byte("xmlns="))
		}, []string{"the core properties are not under the cp: prefix"}},
	} {
		got := Check(edit(t, templates.Tournament, map[string]func([]byte) []byte{c.part: c.edit}))
		for _, want := range c.wants {
			if !strings.Contains(strings.Join(got, "\n"), want) {
				t.Errorf("%s: Check missed %q; it found:\n%s", c.name, want, strings.Join(got, "\n"))
			}
		}
		if len(got) != len(c.wants) {
			t.Errorf("%s: Check found %d problems, want %d:\n%s", c.name, len(got), len(c.wants), strings.Join(got, "\n"))
		}
	}
}

// edit rewrites parts of a package (adding those it lacks).
func edit(t *testing.T, data []byte, edits map[string]func([]byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	write := func(name string, body []byte) {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(body); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := edits[f.Name]; ok {
			body = e(body)
			delete(edits, f.Name)
		}
		write(f.Name, body)
	}
	for name, e := range edits {
		write(name, e(nil))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// TestUsedRanges: a workbook excelize saved, a sheet grown past what it
// declares, is saved by Bytes declaring what each sheet holds.
func TestUsedRanges(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.SetCellValue("Heats", "F9", "late"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.NewSheet("Notes"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue("Notes", "C3", 1); err != nil {
		t.Fatal(err)
	}
	var plain bytes.Buffer
	if _, err := f.WriteTo(&plain); err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(Check(plain.Bytes()), "\n"); !strings.Contains(got, `(Heats): declares <dimension ref="A1:D2"/>, but its cells take A1:F9`) ||
		!strings.Contains(got, `(Notes): declares <dimension ref="A1"/>, but its cells take A1:C3`) {
		t.Errorf("Check on excelize's save:\n%s", got)
	}
	data, err := Bytes(f)
	if err != nil {
		t.Fatal(err)
	}
	if problems := Check(data); len(problems) > 0 {
		t.Errorf("Check on Bytes's save:\n%s", strings.Join(problems, "\n"))
	}
}
