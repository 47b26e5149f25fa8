package event

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestReadmeFirstCommand runs the README's first set-up command, as a new
// developer does on a fresh clone: it does the main job on the bundled
// sample (scores it and prints the standings) and leaves every tracked
// file as it was.
func TestReadmeFirstCommand(t *testing.T) {
	t.Parallel()
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	block := regexp.MustCompile("(?s)## Set-up.*?```sh\n(.*?)```").FindSubmatch(readme)
	if block == nil {
		t.Fatal("README.md: no sh block under Set-up")
	}
	lines := strings.Split(strings.TrimSpace(string(block[1])), "\n")
	if tests, _, _ := strings.Cut(lines[len(lines)-1], "#"); len(lines) != 2 || strings.TrimSpace(tests) != "go test ./..." {
		t.Fatalf("README.md's set-up is two commands, the main job and plain go test ./... (each package within go test's default limit):\n%s", block[1])
	}
	first, _, _ := strings.Cut(lines[0], "#")

	// A clone's sample, in a folder of its own; the command's steps run
	// there as the shell would run them.
	clone := t.TempDir()
	sample, err := os.ReadFile(clitest.SamplePath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(clone, "samples"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(clone, clitest.SamplePath), sample, 0o644); err != nil {
		t.Fatal(err)
	}
	ran := false
	for _, step := range strings.Split(first, "&&") {
		args := strings.Fields(step)
		in := func(p string) string { return filepath.Join(clone, p) }
		switch {
		case len(args) == 3 && args[0] == "cp":
			data, err := os.ReadFile(in(args[1]))
			if err != nil {
				t.Fatalf("%s: %v", step, err)
			}
			if err := os.WriteFile(in(args[2]), data, 0o644); err != nil {
				t.Fatal(err)
			}
		case len(args) > 3 && args[0] == "go" && args[1] == "run" && args[2] == ".":
			args = args[3:]
			for i, a := range args {
				if strings.HasSuffix(a, ".xlsx") {
					args[i] = in(a)
				}
			}
			out := clitest.RunOK(t, args...)
			if args[0] != "score" || !strings.Contains(out, "Chloe Carter") || !strings.Contains(out, "wrote ") {
				t.Errorf("%s: want the sample scored and its standings printed:\n%s", step, out)
			}
			ran = true
		default:
			t.Fatalf("README.md's first command: a step this test does not know: %q", step)
		}
	}
	if !ran {
		t.Fatalf("README.md's first command runs no dtm command: %q", first)
	}
	if after, err := os.ReadFile(filepath.Join(clone, clitest.SamplePath)); err != nil || !bytes.Equal(after, sample) {
		t.Errorf("README.md's first command changed the tracked %s (%v)", clitest.SamplePath, err)
	}
}

// TestDocsColumnNames checks that every column the director's guide and
// docs/ name ("the `Scoring system` column") is headed so on a sheet of a
// new workbook or of the scored sample, or is one a director adds: the heat sheet's Scoring system
// column was once "Game system" in the docs.
func TestDocsColumnNames(t *testing.T) {
	t.Parallel()
	book := filepath.Join(t.TempDir(), "new.xlsx")
	clitest.RunOK(t, "new", book, "--heats", "2")
	headers := map[string]bool{}
	for _, path := range []string{book, clitest.SamplePath} {
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, sheet := range f.GetSheetList() {
			rows, err := f.GetRows(sheet)
			if err != nil {
				t.Fatal(err)
			}
			if len(rows) > 0 {
				for _, h := range rows[0] {
					headers[regexp.MustCompile(`\d+$`).ReplaceAllString(strings.TrimSpace(h), "N")] = true
				}
			}
		}
		f.Close()
	}
	// Columns a director adds to the Players sheet when they need them.
	for _, h := range []string{workbook.HeaderStandby, workbook.HeaderTwoBoards, workbook.HeaderDeclines, workbook.HeaderPrefers} {
		headers[h] = true
	}
	// Columns of the files dtm reads or writes beside the workbook.
	files := map[string]bool{"Timestamp": true, "RK_AWA_n": true, "Submitted by": true}
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range append(docs, "README.md") {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile("`([^`]+)` columns?\\b").FindAllSubmatch(text, -1) {
			if name := string(m[1]); !headers[name] && !files[name] {
				t.Errorf("%s names a column %q that no sheet has", doc, name)
			}
		}
	}
}
