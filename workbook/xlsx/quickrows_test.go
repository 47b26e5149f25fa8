package xlsx

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
)

// Every sheet any test of this package reads is read both ways, and the
// two readings must be the same.
var quickRows xlsxcheck.Rows

func TestMain(m *testing.M) {
	CompareRows = quickRows.Compare
	os.Exit(quickRows.Exit(m.Run(), os.Stderr))
}

// TestQuickRowsRead reads every sheet of the samples and templates both
// ways (see TestMain), and checks that quickRows read some at all.
func TestQuickRowsRead(t *testing.T) {
	files, _ := filepath.Glob("../../samples/*.xlsx")
	templates, _ := filepath.Glob("../../templates/*.xlsx")
	for _, name := range append(files, templates...) {
		f, err := Open(name, Sheets{})
		if err != nil {
			t.Fatal(err)
		}
		r := NewSheetReader(f.Excelize())
		for _, sheet := range f.SheetList() {
			if _, err := r.Rows(sheet); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		f.Close()
	}
	if quickRows.Read() == 0 {
		t.Error("no sheet of the sample was read by quickRows")
	}
}

func TestQuickSheetRows(t *testing.T) {
	sst := []string{"zero", "one"}
	for _, c := range []struct {
		name, xml string
		want      [][]string
		ok        bool
	}{
		{"values", `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>1</v></c><c r="C1"><v>2.5</v></c></row><row r="3" spans="1:2"><c r="B3" t="inlineStr"><is><t xml:space="preserve"> a &amp; b&#10;</t></is></c></row></sheetData></worksheet>`,
			[][]string{{"one", "", "2.5"}, nil, {"", " a & b\n"}}, true},
		{"formula without value", `<worksheet><sheetData><row r="2"><c r="B2"><f>A1+1</f></c><c r="C2" s="3"/></row></sheetData></worksheet>`,
			[][]string{nil, {"", ""}}, true},
		{"no sheet data", `<worksheet><sheetData/></worksheet>`, nil, true},
		{"row without number", `<worksheet><sheetData><row><c r="A1"><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"cell without reference", `<worksheet><sheetData><row r="1"><c><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"rich text", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><r><t>a</t></r></is></c></row></sheetData></worksheet>`, nil, false},
		{"escape", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>_x000D_</t></is></c></row></sheetData></worksheet>`, nil, false},
		{"prefixed", `<x:worksheet><x:sheetData><x:row r="1"/></x:sheetData></x:worksheet>`, nil, false},
		{"comment", `<worksheet><sheetData><!-- x --></sheetData></worksheet>`, nil, false},
		// The head and tail are searched for "<!" and <sheetData; the scan
		// of the sheet data refuses them.
		{"comment before the data", `<worksheet><!-- <sheetData/> --><sheetData/></worksheet>`, nil, false},
		{"comment after the data", `<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData><!-- x --></worksheet>`, nil, false},
		{"comment after empty data", `<worksheet><sheetData/><!-- x --></worksheet>`, nil, false},
		{"second sheet data", `<worksheet><sheetData/><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"sheet data inside the data", `<worksheet><sheetData><sheetData/></sheetData></worksheet>`, nil, false},
		{"comment in a row", `<worksheet><sheetData><row r="1"><!-- x --><c r="A1"><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"comment in a cell", `<worksheet><sheetData><row r="1"><c r="A1"><!-- x --><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"CDATA value", `<worksheet><sheetData><row r="1"><c r="A1" t="str"><v><![CDATA[1]]></v></c></row></sheetData></worksheet>`, nil, false},
		{"CDATA inline text", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[a]]></t></is></c></row></sheetData></worksheet>`, nil, false},
		{"carriage return", "<worksheet><sheetData><row r=\"1\"><c r=\"A1\" t=\"str\"><v>a\r\nb</v></c></row></sheetData></worksheet>", nil, false},
		{"cells of style alone", `<worksheet><sheetData><row r="1"><c r="A1" s="2"></c><c r="B1" s="2"> </c><c r="C1"><v>3</v></c></row><row r="2"><c r="A2" s="1"></c></row></sheetData></worksheet>`,
			[][]string{{"", "", "3"}}, true},
		{"text as dtm writes it", `<worksheet><sheetData><row r="1"><c r="A1" s="2" t="inlineStr"><is><t>Ann &amp; Bob</t></is></c><c r="B1" t="inlineStr"><is><t></t></is></c><c r="C1" t="inlineStr"><is><t>&#233;</t></is></c><c r="D1" t="s"><is><t>x</t></is></c><c r="E1" t="str"><is><t>y</t></is></c></row></sheetData></worksheet>`,
			[][]string{{"Ann & Bob", "", "é"}}, true},
		{"text as dtm writes it, an unknown entity", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&nbsp;</t></is></c></row></sheetData></worksheet>`, nil, false},
		{"text as dtm writes it, an escape", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a_x000D_</t></is></c></row></sheetData></worksheet>`, nil, false},
		{"text not closed", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</is></c></row></sheetData></worksheet>`, nil, false},
		{"rows of many cells", `<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row><row r="2"><c r="B2"><v>4</v></c></row></sheetData></worksheet>`,
			[][]string{{"1", "2", "3"}, {"", "4"}}, true},
		{"row before the data", `<worksheet><x:row/><sheetData/></worksheet>`, nil, false},
		{"style numbers", `<worksheet><sheetData><row r="1"><c r="A1" s="+3"><v>1</v></c><c r="B1" s="007" t="n"><v>2</v></c><c r="C1" s="12345678901" t="str"><v>x</v></c></row></sheetData></worksheet>`,
			[][]string{{"1", "2", "x"}}, true},
		{"usual and unusual cell forms", `<worksheet><sheetData><row r="1"><c r="A1" s="3" t="s"><v>1</v></c><c r="B1" t="n"><v>&lt;2</v></c>` +
			`<c r="C1"> <v>3</v> </c><c r="D1" s="3" t="s" cm="1"><v>0</v></c><c r="E1" t="s"><v>0</v><f>X</f></c><c r="F1" s="4"/><c r="G1" s="007"><v>7</v></c></row></sheetData></worksheet>`,
			[][]string{{"one", "<2", "3", "zero", "zero", "", "7"}}, true},
		{"cells out of order", `<worksheet><sheetData><row r="1"><c r="B1"><v>1</v></c><c r="A1"><v>2</v></c></row></sheetData></worksheet>`, nil, false},
		{"value not closed", `<worksheet><sheetData><row r="1"><c r="A1"><v>1</c></row></sheetData></worksheet>`, nil, false},
		{"style not a number", `<worksheet><sheetData><row r="1"><c r="A1" s="-"><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"style with a letter", `<worksheet><sheetData><row r="1"><c r="A1" s="1a"><v>1</v></c></row></sheetData></worksheet>`, nil, false},
		{"a long attribute name", `<worksheet><sheetData><row r="1"><c r="A1" ss="x" tt="y"><v>1</v></c></row></sheetData></worksheet>`, [][]string{{"1"}}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok, damage := quickSheetRows([]byte(c.xml), sst)
			if damage != nil {
				t.Errorf("damage: %v", damage)
			}
			if ok != c.ok || (ok && !reflect.DeepEqual(got, c.want) && !(len(got) == 0 && len(c.want) == 0)) {
				t.Errorf("quickSheetRows = %q, %v; want %q, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

// TestQuickSheetDamage: damage inside well-formed XML is reported at its
// cell, not read as an empty cell or a row read again.
func TestQuickSheetDamage(t *testing.T) {
	sst := []string{"zero", "one"}
	for _, c := range []struct{ name, xml, want string }{
		{"shared text past the table", `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row><row r="4"><c r="C4" t="s"><v>7</v></c></row></sheetData></worksheet>`,
			"'Heat 1'!C4: the workbook is damaged: the cell refers to shared text 7, and the workbook's table of shared texts has 2"},
		{"shared text not a number", `<worksheet><sheetData><row r="2"><c r="B2" t="s"><v>x</v></c></row></sheetData></worksheet>`,
			"'Heat 1'!B2: the workbook is damaged: the cell refers to shared text x"},
		{"row written twice", `<worksheet><sheetData><row r="2"><c r="A2"><v>1</v></c></row><row r="3"><c r="A3"><v>1</v></c></row><row r="3"><c r="Y3"><v>2</v></c></row></sheetData></worksheet>`,
			"'Heat 1'!A3: the workbook is damaged: row 3 is written again after row 3"},
		{"row out of order", `<worksheet><sheetData><row r="5"/><row r="2"/></sheetData></worksheet>`,
			"'Heat 1'!A2: the workbook is damaged: row 2 is written again after row 5"},
		{"shared text past the table, a comment after the data", `<worksheet><sheetData><row r="2"><c r="B2" t="s"><v>2</v></c></row></sheetData><!-- x --></worksheet>`,
			"'Heat 1'!B2: the workbook is damaged: the cell refers to shared text 2, and the workbook's table of shared texts has 2"},
		{"shared text with a sign", `<worksheet><sheetData><row r="2"><c r="B2" t="s"><v>-1</v></c></row></sheetData></worksheet>`,
			"'Heat 1'!B2: the workbook is damaged: the cell refers to shared text -1"},
	} {
		_, ok, damage := quickSheetRows([]byte(c.xml), sst)
		if damage == nil || ok {
			t.Errorf("%s: no damage found (ok %v)", c.name, ok)
			continue
		}
		damage.Sheet = "Heat 1"
		if got := damage.Error(); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// TestDigits: the usual form of a whole number, one to nine digits, read
// the same from a string and from bytes; anything else is left to a slower
// reading.
func TestDigits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
		ok   bool
	}{
		{"0", 0, true},
		{"7", 7, true},
		{"007", 7, true},
		{"123456789", 123456789, true},
		{"1234567890", 0, false}, // ten digits
		{"", 0, false},
		{"-1", 0, false},
		{"+1", 0, false},
		{"1.0", 0, false},
		{" 1", 0, false},
		{"1e3", 0, false},
	} {
		n, ok := Digits(tc.in)
		m, bok := Digits([]byte(tc.in))
		if n != tc.want || ok != tc.ok || m != n || bok != ok {
			t.Errorf("Digits(%q) = %d, %v (bytes: %d, %v); want %d, %v", tc.in, n, ok, m, bok, tc.want, tc.ok)
		}
	}
}
