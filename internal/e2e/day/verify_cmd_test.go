package day

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
)

// TestVerifyCommand walks dtm verify through a director's edits typed in
// LibreOffice: a seeded and scored heat verifies, seated again from dtm
// seed's record, and its certificate still holds after a LibreOffice save
// that changes no value; heat 1's results entered without rescoring, a
// typed Standings cell and two players swapped by hand are each reported
// at their cells (exit 1), and the certificate no longer holds.
func TestVerifyCommand(t *testing.T) {
	t.Parallel()
	path := clitest.SeedTournament(t, 28)
	clitest.RunOK(t, "seed", "--heat", "1", "--seed", "5", path)
	clitest.RunOK(t, "score", path)
	out := clitest.RunOK(t, "verify", path)
	if !strings.Contains(out, "1 heat(s) seated again from dtm seed's record") || !strings.Contains(out, "-----BEGIN DTM VERIFY CERTIFICATE-----") {
		t.Fatalf("verify after seed and score:\n%s", out)
	}
	cert := filepath.Join(t.TempDir(), "seed.cert")
	if err := os.WriteFile(cert, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	f := clitest.OpenXLSX(t, path)
	a, _ := f.GetCellValue("Heat 1", "E2") // board 1's first seat
	b, _ := f.GetCellValue("Heat 1", "E9") // board 2's first seat
	f.Close()

	// Saved by LibreOffice, a value typed again as it was: the same
	// inputs and outputs, and the seeding record kept.
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set", "sheet": "Heat 1", "cell": "E2", "value": a}})
	if out := clitest.RunOK(t, "verify", "--certificate", cert, path); !strings.Contains(out, "the certificate holds") {
		t.Errorf("the certificate after a LibreOffice save:\n%s", out)
	}
	if out := clitest.RunOK(t, "verify", path); !strings.Contains(out, "1 heat(s) seated again") {
		t.Errorf("the seeding record did not survive a LibreOffice save:\n%s", out)
	}

	clitest.FinishHeat(t, path, 1) // seven-way draws: 4 points each, not scored yet
	clitest.LoEdits(t, path, []clitest.Edit{
		{"op": "set", "sheet": "Standings", "cell": "C2", "value": 81.5},
		{"op": "set", "sheet": "Heat 1", "cell": "E2", "value": b},
		{"op": "set", "sheet": "Heat 1", "cell": "E9", "value": a},
	})
	code, out, errOut := clitest.Dtm(t, "verify", path)
	if code != 1 {
		t.Fatalf("verify after the edits: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{
		"Standings!C2: shows 81.5, the results give 4",
		"'Heat 1'!K2: board 1's score shows nothing, the results give 4",
		"'Heat 1'!E2: " + b + " is on board 1 as ",
		"'Heat 1'!E9: " + a + " is on board 2 as ",
		"; seats changed by hand since dtm seed: dtm seed --refresh --heat 1 records the change",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("verify lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "not verified") || strings.Contains(out, "CERTIFICATE") {
		t.Errorf("verify's summary, or a certificate printed:\n%s%s", out, errOut)
	}
	code, out, _ = clitest.Dtm(t, "verify", "--certificate", cert, path)
	if code != 1 {
		t.Errorf("the certificate re-checked after the edits: exit %d\n%s", code, out)
	}
}
