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
