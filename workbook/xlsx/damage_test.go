package xlsx

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// withParts returns a workbook of one sheet (Sheet1) and two shared texts,
// with the parts named in parts replaced.
func withParts(t *testing.T, parts map[string]string) *excelize.File {
	t.Helper()
	x := excelize.NewFile()
	x.SetCellStr("Sheet1", "A1", "zero")
	x.SetCellStr("Sheet1", "A2", "one")
	buf, err := x.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		w, _ := zw.Create(f.Name)
		if body, ok := parts[f.Name]; ok {
			io.WriteString(w, body)
			continue
		}
		r, _ := f.Open()
		io.Copy(w, r)
		r.Close()
	}
	zw.Close()
	opened, err := excelize.OpenReader(&out)
	if err != nil {
		t.Fatal(err)
	}
	return opened
}

// TestDamageOnEveryReadPath: a shared text past the table and a row
// written twice are reported at their sheet and cell whichever way the
// sheet is read: fast (a sheet of the usual form), by excelize (a sheet of
// another form: cells without references), and by GetRows, also once
// excelize has decoded the sheet to read a cell (it then reads the rows
// from its own writing of the sheet, the damage hidden).
func TestDamageOnEveryReadPath(t *testing.T) {
	const sheet = "xl/worksheets/sheet1.xml"
	wrap := func(rows string) string {
		return `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` + rows + `</sheetData></worksheet>`
	}
	// Shared texts with runs of rich text and of phonetic text.
	rich := `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2"><si><r><rPr><b/></rPr><t>zero</t></r></si><si><t>one</t><rPh sb="0" eb="1"><t>o</t></rPh></si></sst>`
	for _, c := range []struct {
		name  string
		parts map[string]string
		want  string
	}{
		{"fast: shared text past the table", map[string]string{sheet: wrap(`<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="4"><c r="C4" t="s"><v>7</v></c></row>`)},
			"Sheet1!C4: the workbook is damaged: the cell refers to shared text 7, and the workbook's table of shared texts has 2"},
		{"fast: row written twice", map[string]string{sheet: wrap(`<row r="3"><c r="A3"><v>1</v></c></row><row r="3"><c r="Y3"><v>2</v></c></row>`)},
			"Sheet1!A3: the workbook is damaged: row 3 is written again after row 3"},
		{"excelize, cells without references: shared text past the table", map[string]string{sheet: wrap(`<row r="1"><c t="s"><v>0</v></c></row><row r="4"><c/><c/><c t="s"><v>7</v></c></row>`)},
			"Sheet1!C4: the workbook is damaged: the cell refers to shared text 7, and the workbook's table of shared texts has 2"},
		{"excelize, cells without references: row written twice", map[string]string{sheet: wrap(`<row r="3"><c><v>1</v></c></row><row r="3"><c><v>2</v></c></row>`)},
			"Sheet1!A3: the workbook is damaged: row 3 is written again after row 3"},
		{"rich shared texts: shared text past the table", map[string]string{"xl/sharedStrings.xml": rich, sheet: wrap(`<row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="2"><c r="B2" t="s"><v>2</v></c></row>`)},
			"Sheet1!B2: the workbook is damaged: the cell refers to shared text 2, and the workbook's table of shared texts has 2"},
		{"rich shared texts: row out of order", map[string]string{"xl/sharedStrings.xml": rich, sheet: wrap(`<row r="5"><c r="A5" t="s"><v>1</v></c></row><row r="2"><c r="A2"><v>1</v></c></row>`)},
			"Sheet1!A2: the workbook is damaged: row 2 is written again after row 5"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, read := range []struct {
				path string
				rows func(x *excelize.File) ([][]string, error)
			}{
				{"Rows", func(x *excelize.File) ([][]string, error) { return NewSheetReader(x).Rows("Sheet1") }},
				{"GetRows", func(x *excelize.File) ([][]string, error) {
					return GetRows(x, "Sheet1", excelize.Options{RawCellValue: true})
				}},
				{"Rows of a decoded sheet", func(x *excelize.File) ([][]string, error) {
					decode(t, x)
					return NewSheetReader(x).Rows("Sheet1")
				}},
				{"GetRows of a decoded sheet", func(x *excelize.File) ([][]string, error) {
					decode(t, x)
					return GetRows(x, "Sheet1", excelize.Options{RawCellValue: true})
				}},
			} {
				if strings.HasPrefix(c.name, "fast") && read.path == "GetRows" {
					continue // GetRows is excelize's reading alone
				}
				x := withParts(t, c.parts)
				rows, err := read.rows(x)
				var damage *DamageError
				if !errors.As(err, &damage) || !strings.HasPrefix(err.Error(), c.want) {
					t.Errorf("%s: %q, %v; want %q", read.path, rows, err, c.want)
				}
				x.Close()
			}
		})
	}
}

// decode has excelize decode Sheet1, as reading or setting a cell does.
func decode(t *testing.T, x *excelize.File) {
	t.Helper()
	if _, err := x.GetCellValue("Sheet1", "A1"); err != nil {
		t.Fatal(err)
	}
}

// TestSheetDamageReadsAnyForm: the tolerant reader finds nothing in sound
// sheets of forms the fast reader leaves to excelize.
func TestSheetDamageReadsAnyForm(t *testing.T) {
	for _, xml := range []string{
		`<worksheet><sheetData><row><c t="s"><v>1</v></c></row><row><c t="inlineStr"><is><r><t>7</t></r></is></c></row></sheetData></worksheet>`,
		`<worksheet><sheetData><row r="2" spans="1:3"><c r="B2" t="s" s="3"><v> 0 </v></c><c r="C2"><f>A1</f><v>9</v></c></row><row r="9"/></sheetData></worksheet>`,
		`<x:worksheet xmlns:x="urn:x"><x:sheetData><x:row x:r="1"><x:c x:r="A1" x:t="s"><x:v>1</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
	} {
		if d := sheetDamage([]byte(xml), 2); d != nil {
			t.Errorf("%s: %v", xml, d)
		}
	}
}
