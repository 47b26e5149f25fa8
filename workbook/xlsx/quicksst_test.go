package xlsx

import (
	"archive/zip"
	"bytes"
	"fmt"
	"reflect"
	"testing"

	"github.com/xuri/excelize/v2"
)

func TestQuickSharedStrings(t *testing.T) {
	const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\n" +
		`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="9" uniqueCount="9">`
	for _, c := range []struct {
		name, xml string
		want      []string
		ok        bool
	}{
		{"plain", head + `<si><t>Ann Smith</t></si><si><t xml:space="preserve"> a &amp; b&#10;</t></si><si><t/></si><si/></sst>`,
			[]string{"Ann Smith", " a & b\n", "", ""}, true},
		{"rich text and phonetic runs", head + `<si><r><rPr><b/><sz val="11"/><rFont val="Calibri"/></rPr><t>Zo</t></r><r><t xml:space="preserve">ë </t></r>` +
			`<rPh sb="0" eb="1"><t>ゾ</t></rPh><phoneticPr fontId="1"/></si><si><t>x</t><rPh sb="0" eb="1"><t>y</t></rPh></si></sst>`,
			[]string{"Zoë ", "x"}, true},
		{"none", head + `</sst>`, []string{}, true},
		{"excelize escape", head + `<si><t>a_x000D_b</t></si></sst>`, nil, false},
		{"CDATA", head + `<si><t><![CDATA[a]]></t></si></sst>`, nil, false},
		{"carriage return", head + "<si><t>a\r\nb</t></si></sst>", nil, false},
		{"prefixed", `<x:sst xmlns:x="s"><x:si><x:t>a</x:t></x:si></x:sst>`, nil, false},
		{"unknown entity", head + `<si><t>&nbsp;</t></si></sst>`, nil, false},
		{"two texts", head + `<si><t>a</t><t>b</t></si></sst>`, nil, false},
		{"a run with two texts", head + `<si><r><t>a</t><t>b</t></r></si></sst>`, nil, false},
		{"text and runs", head + `<si><t>a</t><r><t>b</t></r></si></sst>`, nil, false},
		{"runs then text", head + `<si><r><t>b</t></r><t>a</t></si></sst>`, nil, false},
		{"si with an attribute", head + `<si x="1"><t>a</t></si></sst>`, nil, false},
		{"markup in text", head + `<si><t>a<b/>c</t></si></sst>`, nil, false},
		{"not closed", head + `<si><t>a</t>`, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := quickSharedStrings([]byte(c.xml))
			if ok != c.ok || !reflect.DeepEqual(got, c.want) {
				t.Fatalf("quickSharedStrings = %q, %v; want %q, %v", got, ok, c.want, c.ok)
			}
			if !ok {
				return
			}
			if got2 := excelizeSharedStrings(t, c.xml, len(got)); !reflect.DeepEqual(got, got2) {
				t.Errorf("excelize reads %q", got2)
			}
		})
	}
}

// excelizeSharedStrings returns what excelize reads as the first n shared
// strings of a workbook whose shared strings part is sst.
func excelizeSharedStrings(t *testing.T, sst string, n int) []string {
	t.Helper()
	f := excelize.NewFile()
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	f.Close()
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	sheet := `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`
	for i := range n {
		sheet += fmt.Sprintf(`<row r="%d"><c r="A%d" t="s"><v>%d</v></c></row>`, i+1, i+1, i)
	}
	sheet += `</sheetData></worksheet>`
	for _, zf := range zr.File {
		body, err := readPart(zf)
		if err != nil {
			t.Fatal(err)
		}
		switch zf.Name {
		case "xl/worksheets/sheet1.xml":
			body = []byte(sheet)
		case sharedStringsPart:
			continue
		}
		w, _ := zw.Create(zf.Name)
		w.Write(body)
	}
	w, _ := zw.Create(sharedStringsPart)
	w.Write([]byte(sst))
	zw.Close()
	g, err := excelize.OpenReader(bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	rows, err := g.GetRows("Sheet1", excelize.Options{RawCellValue: true})
	if err != nil {
		t.Fatal(err)
	}
	got := make([]string, n)
	for i := range got {
		if i < len(rows) && len(rows[i]) > 0 {
			got[i] = rows[i][0]
		}
	}
	return got
}
