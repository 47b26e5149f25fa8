package xlsx

import (
	"errors"
	"testing"
)

func TestPatchSheet(t *testing.T) {
	const cols = `<cols><col min="3" max="4" width="9" style="7"/></cols>`
	tests := []struct {
		name    string
		in      string
		patches []cellPatch
		want    string
	}{
		{"replace, keep the style",
			`<sheetData><row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2" s="5" t="s"><v>1</v></c></row></sheetData>`,
			[]cellPatch{{2, 3, "12.5", false, 0}},
			`<sheetData><row r="2"><c r="A2" t="s"><v>0</v></c><c r="C2" s="5"><v>12.5</v></c></row></sheetData>`},
		{"insert in order, column style",
			cols + `<sheetData><row r="2"><c r="A2"><v>1</v></c><c r="E2"><v>2</v></c></row></sheetData>`,
			[]cellPatch{{2, 3, "7", false, 0}, {2, 6, "8", false, 0}},
			cols + `<sheetData><row r="2"><c r="A2"><v>1</v></c><c r="C2" s="7"><v>7</v></c><c r="E2"><v>2</v></c><c r="F2"><v>8</v></c></row></sheetData>`},
		{"empty a cell, new rows, row style",
			`<sheetData><row r="2" s="4" customFormat="1"><c r="B2" s="3"><v>5</v></c></row><row r="5"/></sheetData>`,
			[]cellPatch{{2, 2, "", false, 0}, {3, 1, "1", false, 0}, {5, 2, "2", false, 0}, {7, 1, "3", false, 0}, {2, 4, "9", false, 0}},
			`<sheetData><row r="2" s="4" customFormat="1"><c r="B2" s="3"/><c r="D2" s="4"><v>9</v></c></row><row r="3"><c r="A3"><v>1</v></c></row>` +
				`<row r="5"><c r="B5"><v>2</v></c></row><row r="7"><c r="A7"><v>3</v></c></row></sheetData>`},
		{"empty sheet", `<dimension ref="A1"/><sheetData/><pageMargins/>`, []cellPatch{{1, 1, "4", false, 0}},
			`<dimension ref="A1"/><sheetData><row r="1"><c r="A1"><v>4</v></c></row></sheetData><pageMargins/>`},
		{"text, escaped, kept spaces, over a formula", `<sheetData><row r="1"><c r="A1" s="2"><f>B1</f><v>0</v></c></row></sheetData>`,
			[]cellPatch{{1, 1, "Ann & <Bob>", true, 0}, {1, 2, " Zoë", true, 0}},
			`<sheetData><row r="1"><c r="A1" s="2" t="inlineStr"><is><t>Ann &amp; &lt;Bob&gt;</t></is></c><c r="B1" t="inlineStr"><is><t xml:space="preserve"> Zoë</t></is></c></row></sheetData>`},
		{"a row holding a self-closed cell, as Excel writes a styled empty one",
			`<sheetData><row r="5"><c r="A5"><v>1</v></c><c r="D5" s="3"/><c r="E5"><v>2</v></c></row></sheetData>`,
			[]cellPatch{{5, 4, "7", false, 0}},
			`<sheetData><row r="5"><c r="A5"><v>1</v></c><c r="D5" s="3"><v>7</v></c><c r="E5"><v>2</v></c></row></sheetData>`},
		{"row heights: set, replaced, reset, on a new row, alone", `<sheetData><row r="1" ht="30" customHeight="1"><c r="A1"><v>1</v></c></row><row r="2" spans="1:3"/><row r="3" ht="45" customHeight="1"><c r="A3"><v>3</v></c></row></sheetData>`,
			[]cellPatch{{1, 0, "", false, 60}, {2, 0, "", false, 30}, {3, 0, "", false, -1}, {4, 0, "", false, 45}, {4, 1, "4", false, 0}, {5, 0, "", false, -1}},
			`<sheetData><row r="1" ht="60" customHeight="1"><c r="A1"><v>1</v></c></row><row r="2" spans="1:3" ht="30" customHeight="1"></row><row r="3"><c r="A3"><v>3</v></c></row>` +
				`<row r="4" ht="45" customHeight="1"><c r="A4"><v>4</v></c></row></sheetData>`},
		{"an empty cell emptied again keeps its bytes, however closed; a cell with a value or a formula is emptied",
			`<sheetData><row r="2"><c r="A2" s="2"></c><c r="B2" s="2"/><c r="C2" s="2"> </c><c r="D2" s="2"><v>1</v></c><c r="E2"><f>A2</f></c></row></sheetData>`,
			[]cellPatch{{2, 1, "", false, 0}, {2, 2, "", false, 0}, {2, 3, "", false, 0}, {2, 4, "", false, 0}, {2, 5, "", false, 0}},
			`<sheetData><row r="2"><c r="A2" s="2"></c><c r="B2" s="2"/><c r="C2" s="2"> </c><c r="D2" s="2"/><c r="E2"/></row></sheetData>`},
		{"an empty cell given a value",
			`<sheetData><row r="2"><c r="A2" s="2"></c></row></sheetData>`,
			[]cellPatch{{2, 1, "3", false, 0}},
			`<sheetData><row r="2"><c r="A2" s="2"><v>3</v></c></row></sheetData>`},
		{"the last patch of a cell wins", `<sheetData></sheetData>`, []cellPatch{{1, 1, "4", false, 0}, {1, 1, "5", false, 0}},
			`<sheetData><row r="1"><c r="A1"><v>5</v></c></row></sheetData>`},
	}
	for _, tc := range tests {
		got, err := patchSheet([]byte(tc.in), tc.patches, "")
		if err != nil || string(got) != tc.want {
			t.Errorf("%s:\n got %s (%v)\nwant %s", tc.name, got, err, tc.want)
		}
	}
	for _, in := range []string{`<sheetData><row><c r="A1"/></row></sheetData>`, `<sheetData><row r="1"><c><v>1</v></c></row></sheetData>`} {
		if _, err := patchSheet([]byte(in), []cellPatch{{1, 1, "1", false, 0}}, ""); !errors.Is(err, errPatch) {
			t.Errorf("%s: err %v, want errPatch (written through excelize instead)", in, err)
		}
	}
}
