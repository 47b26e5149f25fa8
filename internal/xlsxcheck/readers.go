package xlsxcheck

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

// A Finding is what one reader says of a workbook it did not read as dtm
// wrote it: it refused it, warned, or read a value otherwise.
type Finding struct {
	File, Reader, Message string
}

// readerRun is what one reader made of a set of workbooks.
type readerRun struct {
	name     string
	absent   string // how to install the reader, when it is missing
	files    int    // workbooks it was given
	took     time.Duration
	findings []Finding
}

// reading is the readers' runs over a set of workbooks.
type reading []readerRun

// readAll runs every reader over files, at once, each reader in one
// process (Gnumeric, one process a workbook, over sample only), with
// dir for their programs and output; a message containing one of allow
// is no finding.
func readAll(dir string, files, sample, allow []string) (reading, error) {
	readers := []struct {
		name  string
		files []string
		read  func(dir string, files, allow []string) (absent string, f []Finding, err error)
	}{
		{"openpyxl", files, readOpenpyxl},
		{"Gnumeric", sample, readGnumeric},
		{"Java's ZipInputStream", files, readJavaZip},
		{"SheetJS and ExcelJS", files, readNode},
	}
	runs := make(reading, len(readers))
	errs := make([]error, len(readers))
	var wg sync.WaitGroup
	for i, r := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start := time.Now()
			absent, found, err := r.read(dir, r.files, allow)
			runs[i] = readerRun{name: r.name, absent: absent, files: len(r.files), took: time.Since(start), findings: found}
			if err != nil {
				errs[i] = fmt.Errorf("%s: %w", r.name, err)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return runs, nil
}

// findings returns every reader's findings.
func (rs reading) findings() []Finding {
	var all []Finding
	for _, r := range rs {
		all = append(all, r.findings...)
	}
	return all
}

// absent names the missing readers and how to install them, "" when all
// are there.
func (rs reading) absent() string {
	var absent []string
	for _, r := range rs {
		if r.absent != "" {
			absent = append(absent, r.absent)
		}
	}
	return strings.Join(absent, "; ")
}

// Readers opens the workbook at path with openpyxl (Debian's
// python3-openpyxl), which must give no error or warning and read every
// value dtm wrote, equal, and with Gnumeric's ssconvert (gnumeric), which
// must give no error or warning, except lines containing one of allow;
// reads it as a stream with Java's ZipInputStream (Debian's
// default-jdk-headless), which must read every part whole; and reads it
// with SheetJS and ExcelJS (npm's xlsx and exceljs, in NodeModules), which
// must read every value dtm wrote, equal. It logs the readers that read
// it ("read by ..."). Without a reader the test is skipped once the others
// have read it, unless shared.Required (CI): .ci/run installs them.
func Readers(t testing.TB, path string, allow ...string) {
	t.Helper()
	runs, err := readAll(t.TempDir(), []string{path}, []string{path}, allow)
	if err != nil {
		t.Fatal(err)
	}
	var read []string
	for _, r := range runs {
		if r.absent == "" && len(r.findings) == 0 {
			read = append(read, r.name)
		}
		for _, f := range r.findings {
			t.Errorf("%s on %s:\n%s", f.Reader, filepath.Base(path), f.Message)
		}
	}
	t.Logf("%s: read by %s", filepath.Base(path), strings.Join(read, ", "))
	if absent := runs.absent(); absent != "" {
		if shared.Required() {
			t.Fatalf("%s is not installed (.ci/run installs it)", absent)
		}
		t.Skipf("%s is not installed", absent)
	}
}

// readGnumeric converts each of files with Gnumeric's ssconvert, one
// process a workbook, which must give no error or warning but those
// allow matches, and write something.
func readGnumeric(dir string, files, allow []string) (string, []Finding, error) {
	if _, err := exec.LookPath("ssconvert"); err != nil {
		return "ssconvert (apt-get install gnumeric)", nil, nil
	}
	var found []Finding
	for i, path := range files {
		dest := filepath.Join(dir, fmt.Sprintf("gnumeric-%d.gnumeric", i))
		out, code := run(len(files), nil, "ssconvert", path, dest)
		if msgs := complaints(out, allow); code != 0 || len(msgs) > 0 {
			found = append(found, Finding{path, "ssconvert", fmt.Sprintf("exit %d:\n%s", code, strings.Join(msgs, "\n"))})
		} else if info, err := os.Stat(dest); err != nil || info.Size() == 0 {
			found = append(found, Finding{path, "ssconvert", "wrote nothing"})
		}
		os.Remove(dest)
	}
	return "", found, nil
}

// run runs a reader over files workbooks and returns what it printed
// (both streams) and its exit code, -1 when it could not start, with env
// added to its environment.
func run(files int, env []string, name string, args ...string) (string, int) {
	var out bytes.Buffer
	code := start(files, env, &out, &out, name, args...)
	return out.String(), code
}

// start runs a reader over files workbooks, its output to stdout and
// stderr, and returns its exit code, -1 when it could not start or was
// stopped: it has four minutes, and ten seconds more a workbook.
func start(files int, env []string, stdout, stderr io.Writer, name string, args ...string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute+time.Duration(files)*10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(append(os.Environ(), "NO_AT_BRIDGE=1"), env...)
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Minute // a child left holding the output
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok && ctx.Err() == nil {
		return ee.ExitCode()
	} else if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return -1
	}
	return 0
}

// lines runs a reader over files workbooks and calls each with every line
// it prints on its standard output, as it prints them; it returns what the
// reader printed on its standard error, and its exit code.
func lines(files int, env []string, each func(line []byte) error, name string, args ...string) (string, int, error) {
	pr, pw := io.Pipe()
	var errOut bytes.Buffer
	done := make(chan error, 1)
	go func() {
		br := bufio.NewReader(pr)
		var err error
		for {
			line, rerr := br.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 && err == nil {
				err = each(line)
			}
			if rerr != nil {
				break
			}
		}
		io.Copy(io.Discard, pr)
		done <- err
	}()
	code := start(files, env, pw, &errOut, name, args...)
	pw.Close()
	return errOut.String(), code, <-done
}

// complaints returns the non-empty lines of out that no allow matches.
func complaints(out string, allow []string) []string {
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "\t") && len(lines) > 0 { // Gnumeric's "in state :" goes on
			lines[len(lines)-1] += " " + strings.TrimSpace(line)
		} else if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	var msgs []string
	for _, line := range lines {
		allowed := false
		for _, a := range allow {
			allowed = allowed || strings.Contains(line, a)
		}
		if !allowed {
			msgs = append(msgs, line)
		}
	}
	return msgs
}
