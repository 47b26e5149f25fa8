package xlsxcheck

import (
	"archive/zip"
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/templates"
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
