package xlsx

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestBodyWriter(t *testing.T) {
	var out bytes.Buffer
	w := newBodyWriter(&out)
	w.startRow(1, 30)
	w.cell(1, 4, "Board 1 · Top board")
	w.cell(2, 4, nil)
	w.cell(24, 0, 17)
	w.startRow(3, 0)
	w.cell(1, 0, " Ann & <Bob>\r\n")
	w.cell(2, 0, "Zoë\x01")
	w.cell(3, 0, 2.5)
	if err := w.close(); err != nil {
		t.Fatal(err)
	}
	want := `<sheetData><row r="1" ht="30" customHeight="1"><c r="A1" s="4" t="inlineStr"><is><t>Board 1 · Top board</t></is></c>` +
		`<c r="B1" s="4"/><c r="X1"><v>17</v></c></row>` +
		`<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve"> Ann &amp; &lt;Bob&gt;&#xD;` + "\n" + `</t></is></c>` +
		`<c r="B3" t="inlineStr"><is><t>Zoë` + "\uFFFD" + `</t></is></c><c r="C3"><v>2.5</v></c></row></sheetData>`
	if out.String() != want {
		t.Errorf("data:\n%s\nwant\n%s", out.String(), want)
	}
	out.Reset()
	if err := writeMerges(&out, [][3]int{{1, 1, 24}, {3, 2, 3}}); err != nil {
		t.Fatal(err)
	}
	if m := `<mergeCells count="2"><mergeCell ref="A1:X1"/><mergeCell ref="B3:C3"/></mergeCells>`; out.String() != m {
		t.Errorf("merges: %s, want %s", out.String(), m)
	}
	out.Reset()
	if err := writeMerges(&out, nil); err != nil || out.Len() > 0 {
		t.Errorf("no merges: %q, %v", out.String(), err)
	}
	for _, c := range []struct {
		name  string
		write func(w *bodyWriter)
		want  string
	}{
		{"row again", func(w *bodyWriter) { w.startRow(2, 0); w.startRow(2, 0) }, "row 2 written after row 2"},
		{"cell before a row", func(w *bodyWriter) { w.cell(1, 0, "x") }, "cell A1 written out of order"},
		{"cells out of order", func(w *bodyWriter) { w.startRow(1, 0); w.cell(2, 0, "x"); w.cell(1, 0, "y") }, "cell A1 written out of order"},
		{"a type it cannot write", func(w *bodyWriter) { w.startRow(1, 0); w.cell(1, 0, true) }, "cell A1: cannot write a bool"},
	} {
		w := newBodyWriter(io.Discard)
		c.write(w)
		if err := w.close(); err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	out.Reset()
	if err := newBodyWriter(&out).close(); err != nil || out.String() != "<sheetData></sheetData>" {
		t.Errorf("empty body: %q %v", out.String(), err)
	}
}

func TestSpliceBody(t *testing.T) {
	text := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	body := Body{data: text(`<sheetData><row r="1"/></sheetData>`), merges: text(`<mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells>`)}
	const head = `<worksheet><dimension ref="A1:X9"/>`
	for _, c := range []struct{ in, want string }{
		{head + `<sheetData/><pageMargins left="1"/><pageSetup/><drawing r:id="rId1"/></worksheet>`,
			head + `<sheetData><row r="1"/></sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells><pageMargins left="1"/><pageSetup/><drawing r:id="rId1"/></worksheet>`},
		{head + `<sheetData><row r="4"><c r="A4"/></row></sheetData><sheetProtection sheet="1"/><mergeCells count="1"><mergeCell ref="A4:C4"/></mergeCells><rowBreaks count="1"/></worksheet>`,
			head + `<sheetData><row r="1"/></sheetData><sheetProtection sheet="1"/><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells><rowBreaks count="1"/></worksheet>`},
		{head + `<sheetData/></worksheet>`,
			head + `<sheetData><row r="1"/></sheetData><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells></worksheet>`},
		{head + `<sheetData/><pageSetupPr/><pageSetup/></worksheet>`, // pageSetupPr is not pageSetup
			head + `<sheetData><row r="1"/></sheetData><pageSetupPr/><mergeCells count="1"><mergeCell ref="A1:B1"/></mergeCells><pageSetup/></worksheet>`},
		{head + `</worksheet>`, "no sheetData"},
		{head + `<sheetData><row r="1"/></worksheet>`, "not closed"},
		{head + `<sheetData x="1"/></worksheet>`, "has attributes"},
		{head + `<sheetData/>`, "worksheet element is not closed"},
	} {
		pieces, err := spliceBody([]byte(c.in), body)
		var out bytes.Buffer
		for _, p := range pieces {
			if p.write != nil {
				p.write(&out)
			} else {
				out.Write(p.raw)
			}
		}
		got := out.String()
		if err != nil {
			got = err.Error()
		}
		if !strings.Contains(got, c.want) || (err == nil) != strings.HasPrefix(c.want, "<") {
			t.Errorf("spliceBody(%s) =\n%s\nwant\n%s", c.in, got, c.want)
		}
	}
}

func TestAppendCellName(t *testing.T) {
	for _, c := range [][2]int{{1, 1}, {24, 143}, {26, 9}, {27, 10}, {52, 1}, {53, 2}, {702, 3}, {703, 4}, {16384, 1048576}} {
		if got, want := string(appendCellName([]byte("x"), c[0], c[1])), "x"+CellName(c[0], c[1]); got != want {
			t.Errorf("appendCellName(%d, %d) = %s, want %s", c[0], c[1], got, want)
		}
	}
}

func TestGrid(t *testing.T) {
	g := NewGrid(3)
	if err := g.Style(1, 1, 3, 5); err != nil {
		t.Fatal(err)
	}
	g.Set(1, 1, "Title")
	g.Merge(1, 1, 3)
	g.SetHeight(1, 20)
	g.Set(3, 2, 7)
	if err := g.Style(2, 2, 4, 1); err == nil {
		t.Error("a style beyond the grid's columns was taken")
	}
	body, err := g.Body()
	if err != nil {
		t.Fatal(err)
	}
	var data, merges bytes.Buffer
	if err := body.data(&data); err != nil {
		t.Fatal(err)
	}
	if err := body.merges(&merges); err != nil {
		t.Fatal(err)
	}
	want := `<sheetData><row r="1" ht="20" customHeight="1"><c r="A1" s="5" t="inlineStr"><is><t>Title</t></is></c><c r="B1" s="5"/><c r="C1" s="5"/></row>` +
		`<row r="3"><c r="B3"><v>7</v></c></row></sheetData>`
	if data.String() != want {
		t.Errorf("data:\n got %s\nwant %s", data.String(), want)
	}
	if want := `<mergeCells count="1"><mergeCell ref="A1:C1"/></mergeCells>`; merges.String() != want {
		t.Errorf("merges:\n got %s\nwant %s", merges.String(), want)
	}
	g.Set(4, 1, true)
	if _, err := g.Body(); err == nil || !strings.Contains(err.Error(), "cell A4: cannot write a bool") {
		t.Errorf("err = %v, want cell A4's", err)
	}
}
