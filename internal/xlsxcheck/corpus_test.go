package xlsxcheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/templates"
	"github.com/xuri/excelize/v2"
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
	c.readers = nil // the files are no workbooks
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
}

// TestCorpusReadsEvery: every reader reads every workbook of the corpus,
// not a sample, and a finding names the test that wrote the workbook.
func TestCorpusReadsEvery(t *testing.T) {
	if testing.Short() {
		t.Skip("the readers take seconds")
	}
	dir := t.TempDir()
	// Gnumeric warns of excelize's own new workbook.
	c := NewCorpus("Someone just declared the same namespace")
	const books = 12 // more than the 10 Gnumeric read of a corpus before
	for i := range books {
		f := excelize.NewFile()
		if err := f.SetCellInt("Sheet1", "A1", int64(i)); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if _, err := f.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		c.Wrote(filepath.Join(dir, fmt.Sprintf("b%d.xlsx", i)), buf.Bytes())
	}
	c.Wrote(filepath.Join(dir, "broken.xlsx"), []byte("not a zip"))
	c.Wrote(filepath.Join(dir, "b0.csv"), []byte("not a workbook"))
	var out strings.Builder
	code := c.Read(0, &out)
	if strings.Contains(out.String(), "not installed") {
		if shared.Required() {
			t.Fatal(out.String())
		}
		t.Skip(out.String())
	}
	if code != 1 {
		t.Errorf("Read = %d, want 1 for the broken workbook", code)
	}
	for _, s := range c.streams {
		if len(s.given) != books+1 {
			t.Errorf("%s read %d workbooks, want %d", s.name, len(s.given), books+1)
		}
		for _, f := range s.findings {
			if f.File != c.entries[books].path {
				t.Errorf("%s finds on %s, not the broken workbook: %s", f.Reader, f.File, f.Message)
			}
		}
	}
	// Gnumeric and SheetJS read text that is no zip as a sheet of text.
	for _, reader := range []string{"openpyxl on", "Java's ZipInputStream on", "ExcelJS on"} {
		if !strings.Contains(out.String(), reader) {
			t.Errorf("no finding of %s the broken workbook:\n%s", reader, out.String())
		}
	}
	if want := "(written by " + t.Name() + ": broken.xlsx)"; !strings.Contains(out.String(), want) {
		t.Errorf("the finding does not name the test, %q:\n%s", want, out.String())
	}
	os.RemoveAll(c.dir)
}

// TestTestOf: a workbook in a test's temporary folder is named by the
// test and the file.
func TestTestOf(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "a.xlsx")
	if got := testOf(path); got != "TestTestOf: a.xlsx" {
		t.Errorf("testOf(%q) = %q", path, got)
	}
	if got := testOf("/elsewhere/a.xlsx"); got != "/elsewhere/a.xlsx" && !strings.HasPrefix(os.TempDir(), "/elsewhere") {
		t.Errorf("testOf outside the temporary folder = %q", got)
	}
}

// TestCorpusChecks: Check checks every different workbook of the corpus,
// one over the readers' bounds too, and what it finds fails the run,
// naming the test that wrote the workbook.
func TestCorpusChecks(t *testing.T) {
	c := NewCorpus()
	c.readers = nil
	dir := t.TempDir()
	big := edit(t, templates.Tournament, map[string]func([]byte) []byte{
		"xl/worksheets/sheet7.xml": func(b []byte) []byte {
			return bytes.Replace(b, []byte(`<dimension ref="A1:D2"/>`), []byte(`<dimension ref="A1"/>`), 1)
		},
		"xl/media/filler.bin": func([]byte) []byte { return bytes.Repeat([]byte{0}, MaxCorpusBytes) },
	})
	c.Wrote(filepath.Join(dir, "good.xlsx"), templates.Tournament)
	c.Wrote(filepath.Join(dir, "again.xlsx"), templates.Tournament)
	c.Wrote(filepath.Join(dir, "big.xlsx"), big)
	var out strings.Builder
	if code := c.Read(0, &out); code != 1 {
		t.Errorf("Read = %d, want 1 for the workbook Check finds broken", code)
	}
	for _, want := range []string{
		"Check checked 2 different workbooks",
		"Check on a workbook written by " + t.Name() + ": big.xlsx:\n",
		`xl/worksheets/sheet7.xml (Heats): declares <dimension ref="A1"/>, but its cells take A1:D2`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Count(out.String(), "Check on") != 1 {
		t.Errorf("findings on more than the broken workbook:\n%s", out.String())
	}
}
