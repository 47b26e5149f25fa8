package xlsxcheck

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCorpusWatch: the corpus keeps a copy of each workbook a command
// made or changed, once for the same bytes, and nothing of a workbook the
// command only read or of another file.
func TestCorpusWatch(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	read := write("read.xlsx", "read")
	c := NewCorpus()
	defer func() { os.RemoveAll(c.dir) }()
	for _, step := range []struct {
		name    string
		args    []string
		command func()
		want    int // workbooks in the corpus after
	}{
		{"made", []string{"new", filepath.Join(dir, "a.xlsx")}, func() { write("a.xlsx", "one") }, 1},
		{"only read", []string{"check", read}, func() {}, 1},
		{"changed, in a flag", []string{"simulate", "--workbook=" + filepath.Join(dir, "a.xlsx")}, func() { write("a.xlsx", "two") }, 2},
		{"the same bytes again", []string{"new", filepath.Join(dir, "b.XLSX")}, func() { write("b.XLSX", "one") }, 2},
		{"not a workbook", []string{"export", filepath.Join(dir, "c.csv")}, func() { write("c.csv", "three") }, 2},
		{"failed to make", []string{"new", filepath.Join(dir, "d.xlsx")}, func() {}, 2},
	} {
		wrote := c.Watch(step.args)
		step.command()
		wrote("TestX/" + step.name)
		if len(c.entries) != step.want {
			t.Errorf("%s: %d workbooks in the corpus, want %d", step.name, len(c.entries), step.want)
		}
	}
	if got := c.entries[1].who; got != `TestX/changed, in a flag: dtm simulate --workbook=a.xlsx` {
		t.Errorf("the second workbook is said to be written by %q", got)
	}
	if got := c.spread(1); len(got) != 1 || got[0] != c.entries[1].path { // the first by test and command
		t.Errorf("spread(1) = %q", got)
	}
}
