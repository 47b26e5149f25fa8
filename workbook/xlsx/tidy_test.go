package xlsx

import (
	"reflect"
	"testing"
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
