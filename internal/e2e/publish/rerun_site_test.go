package publish

import (
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// TestRenameAndWithdrawAgainAfterALibreOfficeEdit walks what a director
// does with a published site: rename a player, run it again, type a note in
// LibreOffice, and run dtm rename and dtm withdraw again. A run that writes
// refreshes the site; one with nothing to change refreshes it only when the
// workbook was saved since (here by LibreOffice), once, and says so; dtm
// status reads the workbook after each step.
func TestRenameAndWithdrawAgainAfterALibreOfficeEdit(t *testing.T) {
	t.Parallel()
	book := fixture.Copy(t, clitest.SamplePath)
	if code, _, errOut := clitest.Dtm(t, "publish", book); code != 0 {
		t.Fatalf("dtm publish: %s", errOut)
	}
	const refreshed = "refreshed the site in "
	for _, step := range []struct {
		name    string
		edit    bool // typed in LibreOffice first
		args    []string
		want    string // in the output
		refresh bool
	}{
		{name: "rename", args: []string{"rename", book, "Alice Archer", "Alicia Archer"}, want: "renamed ", refresh: true},
		{name: "rename again", args: []string{"rename", book, "Alice Archer", "Alicia Archer"}, want: "nothing changed: the player is named"},
		{name: "rename again after a LibreOffice edit", edit: true, args: []string{"rename", book, "Alice Archer", "Alicia Archer"},
			want: "nothing changed: the player is named", refresh: true},
		{name: "rename once more", args: []string{"rename", book, "Alice Archer", "Alicia Archer"}, want: "nothing changed: the player is named"},
		{name: "withdraw after a LibreOffice edit", edit: true, args: []string{"withdraw", book, "Bruno Baker"},
			want: "nothing changed: Bruno Baker has no registration", refresh: true},
		{name: "withdraw again", args: []string{"withdraw", book, "Bruno Baker"}, want: "nothing changed: Bruno Baker has no registration"},
	} {
		if step.edit {
			clitest.LoEdits(t, book, []clitest.Edit{{"op": "set", "sheet": "Players", "cell": "Z1", "value": step.name}})
		}
		code, out, errOut := clitest.Dtm(t, step.args...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", step.name, code, errOut)
		}
		if !strings.Contains(out, step.want) || strings.Count(out, refreshed) != map[bool]int{true: 1}[step.refresh] {
			t.Errorf("%s: want %q and the site refreshed %v; got\n%s", step.name, step.want, step.refresh, out)
		}
		if code, out, errOut := clitest.Dtm(t, "status", book); code != 0 || !strings.Contains(out, "standings: final") {
			t.Errorf("%s: dtm status: exit %d\n%s%s", step.name, code, out, errOut)
		}
	}
}
