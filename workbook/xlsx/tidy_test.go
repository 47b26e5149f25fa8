package xlsx

import (
	"archive/zip"
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/xuri/excelize/v2"
)

func TestUsedIDs(t *testing.T) {
	drawing := `<xdr:wsDr><c:chart xmlns:c="c" r:id="rId2"/><a:blip r:embed="rId3"/><x xr:id="rId9"/><c:chart r:id="rId12"/><y r:id="rId4` +
		`"/><z r:id="unclosed`
	got := usedIDs([]byte(drawing))
	want := map[string]bool{"rId2": true, "rId12": true, "rId4": true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("usedIDs = %v, want %v", got, want)
	}
}

// TestRenumberRels: a drawing's relationships are numbered rId1, rId2 ...
// in their order, its references following; a drawing that mentions an id
// some other way, or one the relationships lack, is left as it is.
func TestRenumberRels(t *testing.T) {
	rels := func(ids ...string) *relationships {
		r := &relationships{}
		for _, id := range ids {
			r.Rels = append(r.Rels, relationship{ID: id, Type: relChart, Target: "../charts/" + id + ".xml"})
		}
		return r
	}
	for _, tc := range []struct {
		name, drawing string
		ids           []string
		want          string // "" for unchanged
		wantIDs       []string
	}{
		{"chart and picture", `<c:chart r:id="rId3"/><a:blip r:embed="rId5"/>`, []string{"rId3", "rId5"},
			`<c:chart r:id="rId1"/><a:blip r:embed="rId2"/>`, []string{"rId1", "rId2"}},
		{"crossed", `<c:chart r:id="rId2"/><c:chart r:id="rId1"/>`, []string{"rId2", "rId1"},
			`<c:chart r:id="rId1"/><c:chart r:id="rId2"/>`, []string{"rId1", "rId2"}},
		{"numbered already", `<c:chart r:id="rId1"/>`, []string{"rId1"}, "", []string{"rId1"}},
		{"another attribute", `<c:chart r:id="rId2"/><x xr:id="rId2"/>`, []string{"rId2"}, "", []string{"rId2"}},
		{"a dangling reference", `<c:chart r:id="rId2"/><c:chart r:id="rId7"/>`, []string{"rId2"}, "", []string{"rId2"}},
	} {
		r := rels(tc.ids...)
		got, ok := renumberRels(r, []byte(tc.drawing))
		if ok != (tc.want != "") || (ok && string(got) != tc.want) {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, ok, tc.want)
		}
		var ids []string
		for _, x := range r.Rels {
			ids = append(ids, x.ID)
		}
		if !reflect.DeepEqual(ids, tc.wantIDs) {
			t.Errorf("%s: ids %q, want %q", tc.name, ids, tc.wantIDs)
		}
	}
}

// TestTidyPackage saves packages as excelize and other programs leave them:
// an override for a picture no longer in the package (LibreOffice names
// each picture's type; excelize's DeletePicture leaves it) goes, and the
// document properties come out as Excel writes them.
func TestTidyPackage(t *testing.T) {
	x := excelize.NewFile()
	var buf bytes.Buffer
	if _, err := x.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := rewritePart(t, buf.Bytes(), "[Content_Types].xml", func(b []byte) []byte {
		return bytes.Replace(b, []byte("</Types>"), []byte(`<Override PartName="/xl/media/IMAGE1.png" ContentType="image/png"/></Types>`), 1)
	})
	when := time.Date(2026, 5, 1, 9, 30, 0, 0, time.UTC)
	out, err := tidy(data, nil, nil, nil, Sheets{}, nil, Properties{Title: "Spring Open", Application: "dtm v1.0", Modified: when})
	if err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.Check(out); len(problems) > 0 {
		t.Errorf("the tidied package breaks Excel's rules:\n%s", strings.Join(problems, "\n"))
	}
	core := partOf(t, out, "docProps/core.xml")
	for _, want := range []string{"<cp:coreProperties ", "<dc:title>Spring Open</dc:title>",
		`<dcterms:created xsi:type="dcterms:W3CDTF">2026-05-01T09:30:00Z</dcterms:created>`,
		`<dcterms:modified xsi:type="dcterms:W3CDTF">2026-05-01T09:30:00Z</dcterms:modified>`} {
		if !strings.Contains(core, want) {
			t.Errorf("core.xml lacks %s:\n%s", want, core)
		}
	}
	if app := partOf(t, out, "docProps/app.xml"); !strings.Contains(app, "<Application>dtm v1.0</Application>") {
		t.Errorf("app.xml does not name dtm:\n%s", app)
	}
	// Saved again later: created is kept, modified moves.
	again, err := tidy(out, nil, nil, nil, Sheets{}, nil, Properties{Modified: when.Add(time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	core = partOf(t, again, "docProps/core.xml")
	if !strings.Contains(core, ">2026-05-01T09:30:00Z</dcterms:created>") || !strings.Contains(core, ">2026-05-01T10:30:00Z</dcterms:modified>") ||
		!strings.Contains(core, "<dc:title>Spring Open</dc:title>") {
		t.Errorf("saved again, core.xml:\n%s", core)
	}
}

// rewritePart returns a package with one part changed by edit.
func rewritePart(t *testing.T, data []byte, name string, edit func([]byte) []byte) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		body, err := readPart(f)
		if err != nil {
			t.Fatal(err)
		}
		if f.Name == name {
			body = edit(body)
		}
		w, _ := zw.Create(f.Name)
		w.Write(body)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// partOf returns one part of a package.
func partOf(t *testing.T, data []byte, name string) string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range zr.File {
		if f.Name == name {
			body, err := readPart(f)
			if err != nil {
				t.Fatal(err)
			}
			return string(body)
		}
	}
	t.Fatalf("no part %s", name)
	return ""
}
