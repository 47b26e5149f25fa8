package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook/lotest"
)

// loEdit applies edits to a workbook in a real LibreOffice, as a director
// would, and saves it.
func loEdit(t *testing.T, path, edits string) {
	t.Helper()
	lotest.Run(t, "lo-edit", path, "--json", edits)
}

// TestHeatSheetRenamedInLibreOffice replays a director renaming (then
// hiding) a heat sheet in LibreOffice: check names the missing sheet with
// the renamed one as its suggestion, and score refuses instead of scoring
// the heat's games as not played.
func TestHeatSheetRenamedInLibreOffice(t *testing.T) {
	path := copySample(t, samplePath)
	loEdit(t, path, `[{"op":"rename_sheet","sheet":"Heat 3","name":"Round 3"}]`)
	code, out, _ := dtm(t, "check", path)
	if code != 1 || !strings.Contains(out, `Heat 3: the sheet of heat 3 is missing`) || !strings.Contains(out, `did you mean "Round 3"?`) {
		t.Errorf("check after a rename: exit %d\n%s", code, out)
	}
	before, _ := os.ReadFile(path)
	if code, out, _ := dtm(t, "score", path); code != 1 || !strings.Contains(out, "the sheet of heat 3 is missing") {
		t.Errorf("score after a rename: exit %d\n%s", code, out)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("score changed a workbook it refused")
	}

	loEdit(t, path, `[{"op":"rename_sheet","sheet":"Round 3","name":"Heat 3"},{"op":"hide_sheet","sheet":"Heat 2"}]`)
	if code, out, _ := dtm(t, "check", path); code != 1 || !strings.Contains(out, `Heat 2: the sheet of heat 2 is hidden`) {
		t.Errorf("check of a hidden heat sheet: exit %d\n%s", code, out)
	}
}
