package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportCommand imports into the sample tournament, whose heat 3 is
// finished: its board 2 as the sheet has it changes nothing (exit 0); a
// changed result is refused without --overwrite (exit 1, the file
// untouched); the arguments in the wrong number are a usage error.
func TestImportCommand(t *testing.T) {
	t.Parallel()
	path := copySample(t, samplePath)
	dir := filepath.Dir(path)
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Heat 3 board 2: Austria's solo in 1909 (18 6 5 0 2 0 3), Germany out
	// in 1907 and Russia in 1905.
	same := write("same.csv", "Code,Result,Final year,Austria,England,France,Germany,Italy,Russia,Turkey,Germany year,Russia year\n"+
		"H3-B2-V,Austria,1909,18,6,5,0,2,0,3,1907,1905\n")
	before, _ := os.ReadFile(path)
	code, out, errOut := dtm(t, "import", same, path)
	if code != 0 || !strings.Contains(out, "no changes: every board already holds these results (1 board)") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	changed := write("changed.csv", "code,result,year,aus,eng,fra,ger,ita,rus,tur,ger year,rus year\n"+
		"H3-B2-V,Austria,1909,18,5,6,0,2,0,3,1907,1905\n")
	code, out, errOut = dtm(t, "import", "--dry-run", changed, path)
	if code != 1 || !strings.Contains(out, "changed.csv:2: H3-B2-V: board 2 of heat 3 is finished already and this row changes it (England Centres: 6 → 5); run again with --overwrite") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = dtm(t, "import", "--overwrite", "--dry-run", changed, path)
	if code != 0 || !strings.Contains(out, "  England: Centres 6 → 5\n  France: Centres 5 → 6\n") || !strings.Contains(out, "dry run: 1 board would change") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the workbook changed")
	}
	if code, _, errOut = dtm(t, "import", path); code != 2 || !strings.Contains(errOut, "dtm import RESULTS.csv WORKBOOK.xlsx") {
		t.Errorf("one argument: exit %d, %s", code, errOut)
	}
}
