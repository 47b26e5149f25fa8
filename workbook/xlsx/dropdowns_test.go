package xlsx

import (
	"testing"
)

func TestWithDataValidation(t *testing.T) {
	dv := []byte(`<dataValidation sqref="A1"/>`)
	for _, c := range []struct{ in, want string }{
		{`<worksheet><sheetData/><dataValidations count="2"><dataValidation sqref="B1"/><dataValidation sqref="C1"/></dataValidations></worksheet>`,
			`<worksheet><sheetData/><dataValidations count="3"><dataValidation sqref="B1"/><dataValidation sqref="C1"/><dataValidation sqref="A1"/></dataValidations></worksheet>`},
		{`<worksheet><dataValidations><dataValidation sqref="B1"/></dataValidations></worksheet>`,
			`<worksheet><dataValidations><dataValidation sqref="B1"/><dataValidation sqref="A1"/></dataValidations></worksheet>`},
		{`<worksheet><sheetData/></worksheet>`, ""},
		{`<worksheet><dataValidations count="0"/></worksheet>`, ""},
		{`<worksheet><dataValidations count="x"></dataValidations></worksheet>`, ""},
		{`<worksheet><extLst><x14:dataValidations count="1"></x14:dataValidations></extLst></worksheet>`, ""},
	} {
		out, ok := withDataValidation([]byte(c.in), dv)
		if string(out) != c.want || ok != (c.want != "") {
			t.Errorf("withDataValidation(%s) = %s, %v; want %s", c.in, out, ok, c.want)
		}
	}
}
