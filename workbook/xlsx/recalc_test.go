package xlsx

import (
	"regexp"
	"testing"
)

func TestDropFormulaValues(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no formula", `<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData>`, ""},
		{"formula with a value",
			`<row r="1"><c r="A1" s="2" t="str"><f>Standings!B2</f><v>Ann</v></c><c r="B1"><v>3</v></c></row>`,
			`<row r="1"><c r="A1" s="2"><f>Standings!B2</f></c><c r="B1"><v>3</v></c></row>`},
		{"number formula, no type", `<c r="B2"><f>A2*7</f><v>42</v></c>`, `<c r="B2"><f>A2*7</f></c>`},
		{"shared formula", `<c r="B3" t="n"><f t="shared" si="0"/><v>1</v></c><c r="B4"/>`, `<c r="B3"><f t="shared" si="0"/></c><c r="B4"/>`},
		{"empty value kept", `<c r="B2" t="str"><f>A2</f><v></v></c>`, ""},
		{"formula without value", `<c r="B2"><f>A2</f></c>`, ""},
		{"prefixed", `<x:c r="A1" t="b"><x:f>B1=1</x:f><x:v>1</x:v></x:c>`, `<x:c r="A1"><x:f>B1=1</x:f></x:c>`},
		// LibreOffice's boolean (TRUE typed in a cell) keeps its value:
		// dtm reads it, and it cannot change.
		{"TRUE() kept", `<c r="M2" s="7" t="n"><f aca="false">TRUE()</f><v>1</v></c>`, ""},
		{"false() kept", `<x:c r="M3" t="b"><x:f>false()</x:f><x:v>0</x:v></x:c>`, ""},
		{"TRUE() in a larger formula", `<c r="M4" t="b"><f>AND(TRUE(),B1)</f><v>1</v></c>`, `<c r="M4"><f>AND(TRUE(),B1)</f></c>`},
		{"cols and text are not cells", `<cols><col min="1"/></cols><c r="A1" t="inlineStr"><is><t>if &lt;f&gt; then</t></is></c>`, ""},
	}
	for _, tc := range tests {
		want := tc.want
		if want == "" {
			want = tc.in
		}
		if got := string(dropFormulaValues([]byte(tc.in), false, nil)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", tc.name, got, want)
		}
	}
}

// TestDropFormulaValuesOnInputSheets: on an input sheet, a formula keeps
// its value unless it refers to an output tab.
func TestDropFormulaValuesOnInputSheets(t *testing.T) {
	outputs := regexp.MustCompile(`(?i)^(standings|awards|team standings|heat [0-9]+ calls)$`)
	output := outputs.MatchString
	tests := []struct {
		formula string
		dropped bool
	}{
		{`"Registered"`, false},
		{`IF(B2&gt;3,&quot;Registered&quot;,&quot;&quot;)`, false},
		{`SUM(H2:H8)`, false},
		{`Players!A2`, false},
		{`'Heat 1'!H2+1`, false},
		{`Standings!B2`, true},
		{`standings!$B$2`, true},
		{`INDEX(&apos;Team Standings&apos;!B:B,2)`, true},
		{`COUNTA('Heat 2 calls'!A:A)`, true},
		{`Awards!B3`, true},
		{`'My Standings'!B2`, false},
		{`MyStandings!B2`, false},
		{`x.Standings!B2`, false},
		{`A1+'it''s'!B2+'Awards'!C3`, true},
		{`'Awards'''!C3`, false},
	}
	for _, tc := range tests {
		in := `<c r="J2" t="str"><f>` + tc.formula + `</f><v>x</v></c>`
		want := in
		if tc.dropped {
			want = `<c r="J2"><f>` + tc.formula + `</f></c>`
		}
		if got := string(dropFormulaValues([]byte(in), true, output)); got != want {
			t.Errorf("%s:\n got %s\nwant %s", tc.formula, got, want)
		}
		if got := string(dropFormulaValues([]byte(in), false, output)); got == in {
			t.Errorf("%s: kept its value on a sheet that is not an input", tc.formula)
		}
	}
}

func TestDropCalcPr(t *testing.T) {
	for in, want := range map[string]string{
		`<workbook><sheets/><calcPr calcId="191029"></calcPr></workbook>`: `<workbook><sheets/></workbook>`,
		`<workbook><sheets/><calcPr calcId="191029"/><x/></workbook>`:     `<workbook><sheets/><x/></workbook>`,
		`<workbook><sheets/><calcPrx/></workbook>`:                        `<workbook><sheets/><calcPrx/></workbook>`,
		`<x:workbook><x:calcPr fullCalcOnLoad="1"/></x:workbook>`:         `<x:workbook></x:workbook>`,
	} {
		if got := string(dropCalcPr([]byte(in))); got != want {
			t.Errorf("dropCalcPr(%s) = %s, want %s", in, got, want)
		}
	}
}
