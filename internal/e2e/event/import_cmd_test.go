package event

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// TestImportCommand imports into the sample tournament, whose heat 3 is
// finished: its board 2 as the sheet has it changes nothing (exit 0); a
// changed result is refused without --overwrite (exit 1, the file
// untouched); the arguments in the wrong number are a usage error.
func TestImportCommand(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
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
	code, out, errOut := clitest.Dtm(t, "import", same, path)
	if code != 0 || !strings.Contains(out, "no changes: every board already holds these results (1 board)") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	changed := write("changed.csv", "code,result,year,aus,eng,fra,ger,ita,rus,tur,ger year,rus year\n"+
		"H3-B2-V,Austria,1909,18,5,6,0,2,0,3,1907,1905\n")
	code, out, errOut = clitest.Dtm(t, "import", "--dry-run", changed, path)
	if code != 1 || !strings.Contains(out, "changed.csv:2: H3-B2-V: board 2 of heat 3 is finished already and this row changes it (England Centres: 6 → 5); run again with --overwrite") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = clitest.Dtm(t, "import", "--overwrite", "--dry-run", changed, path)
	if code != 0 || !strings.Contains(out, "  England: Centres 6 → 5\n  France: Centres 5 → 6\n") || !strings.Contains(out, "dry run: 1 board would change") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("the workbook changed")
	}
	if code, _, errOut = clitest.Dtm(t, "import", path); code != 2 || !strings.Contains(errOut, "dtm import RESULTS.csv WORKBOOK.xlsx") {
		t.Errorf("one argument: exit %d, %s", code, errOut)
	}
}

// TestImportFileLimits: dtm import reads Excel's "Unicode text" (UTF-16
// with tabs) as it reads CSV; it refuses by name a file in an encoding it
// does not read (never printing its bytes), a file beyond the size limit
// and a named pipe (at once, where it used to wait forever); the workbook
// is untouched.
func TestImportFileLimits(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	dir := filepath.Dir(path)
	same := "Code\tResult\tFinal year\tAustria\tEngland\tFrance\tGermany\tItaly\tRussia\tTurkey\tGermany year\tRussia year\r\n" +
		"H3-B2-V\tAustria\t1909\t18\t6\t5\t0\t2\t0\t3\t1907\t1905\r\n"
	unicodeText := []byte{0xFF, 0xFE}
	for _, r := range same {
		unicodeText = append(unicodeText, byte(r), 0)
	}
	for _, c := range []struct {
		name string
		make func(p string) error
		code int
		want string
	}{
		{"unicode.txt", func(p string) error { return os.WriteFile(p, unicodeText, 0o644) }, 0, "no changes: every board already holds these results (1 board)"},
		{"utf32.csv", func(p string) error { return os.WriteFile(p, []byte{0xFF, 0xFE, 0, 0, 'C', 0, 0, 0}, 0o644) }, 1, "utf32.csv:1: the file is UTF-32 text, which dtm does not read; save it again as CSV UTF-8"},
		{"big.csv", func(p string) error { return os.WriteFile(p, make([]byte, 33<<20), 0o644) }, 1, "is 33 MiB, more than the 32 MiB a results file may hold"},
		{"fifo.csv", func(p string) error { return exec.Command("mkfifo", p).Run() }, 1, "is a named pipe (FIFO), not a file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, c.name)
			if err := c.make(p); err != nil {
				t.Skipf("cannot make %s here: %v", c.name, err)
			}
			before, _ := os.ReadFile(path)
			done := make(chan string, 1)
			go func() {
				code, out, errOut := clitest.Dtm(t, "import", "--dry-run", p, path)
				if code != c.code || !strings.Contains(out+errOut, c.want) || strings.Contains(out+errOut, `\x`) {
					done <- fmt.Sprintf("exit %d\n%s%s", code, out, errOut)
				}
				close(done)
			}()
			select {
			case msg, failed := <-done:
				if failed {
					t.Fatalf("%s; want exit %d saying %q", msg, c.code, c.want)
				}
			case <-time.After(time.Minute):
				t.Fatal("dtm import still reads after a minute")
			}
			if after, _ := os.ReadFile(path); string(after) != string(before) {
				t.Error("the workbook changed")
			}
		})
	}
}
