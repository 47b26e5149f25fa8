package xlsxcheck

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

// openpyxlScript loads a workbook with openpyxl, reads every cell and
// prints every warning it gives; it exits 3 when openpyxl is missing.
const openpyxlScript = `
import sys, warnings
try:
    import openpyxl
except ImportError:
    sys.exit(3)
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    wb = openpyxl.load_workbook(sys.argv[1])
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                cell.value
        ws.data_validations, ws.print_area, ws.oddHeader
    for dn in wb.defined_names.definedName:
        dn.destinations
for w in caught:
    print("%s: %s" % (w.category.__name__, w.message))
`

// Readers opens the workbook at path with openpyxl (Debian's
// python3-openpyxl) and Gnumeric's ssconvert (gnumeric) and fails the test
// on any error or warning they print, except lines containing one of
// allow; reads it as a stream with Java's ZipInputStream (Debian's
// default-jdk-headless), which must read every part whole; and reads it
// with SheetJS and ExcelJS (npm's xlsx and exceljs, in NodeModules), which
// must read every value dtm wrote, equal. It logs the readers that read
// it ("read by ..."). Without a reader the test is skipped once the others
// have read it, unless shared.Required (CI): .ci/run installs them.
func Readers(t testing.TB, path string, allow ...string) {
	t.Helper()
	var read, absent []string
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		python = "python3"
	}
	out, code := run(t, python, "-c", openpyxlScript, path)
	if code == 3 || code == -1 {
		absent = append(absent, "openpyxl (apt-get install python3-openpyxl)")
	} else if msgs := complaints(out, allow); code != 0 || len(msgs) > 0 {
		t.Errorf("openpyxl on %s (exit %d):\n%s", filepath.Base(path), code, strings.Join(msgs, "\n"))
	} else {
		read = append(read, "openpyxl")
	}
	if _, err := exec.LookPath("ssconvert"); err != nil {
		absent = append(absent, "ssconvert (apt-get install gnumeric)")
	} else {
		dest := filepath.Join(t.TempDir(), "out.gnumeric")
		out, code = run(t, "ssconvert", path, dest)
		if msgs := complaints(out, allow); code != 0 || len(msgs) > 0 {
			t.Errorf("ssconvert on %s (exit %d):\n%s", filepath.Base(path), code, strings.Join(msgs, "\n"))
		} else if info, err := os.Stat(dest); err != nil || info.Size() == 0 {
			t.Errorf("ssconvert wrote nothing from %s", filepath.Base(path))
		} else {
			read = append(read, "Gnumeric")
		}
	}
	if present, ok := javaZip(t, path); !present {
		absent = append(absent, "java (apt-get install default-jdk-headless)")
	} else if ok {
		read = append(read, "Java's ZipInputStream")
	}
	if present, ok := nodeReaders(t, path, allow); !present {
		absent = append(absent, "node with exceljs and xlsx in "+NodeModules()+" (.ci/run installs them)")
	} else {
		read = append(read, ok...)
	}
	t.Logf("%s: read by %s", filepath.Base(path), strings.Join(read, ", "))
	if len(absent) > 0 {
		missing(t, strings.Join(absent, "; "))
	}
}

// run runs a reader and returns what it printed (both streams) and its
// exit code, -1 when it could not start.
func run(t testing.TB, name string, args ...string) (string, int) {
	t.Helper()
	return runEnv(t, nil, name, args...)
}

// runEnv runs a reader as run does, with env added to its environment.
func runEnv(t testing.TB, env []string, name string, args ...string) (string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(append(os.Environ(), "NO_AT_BRIDGE=1"), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return out.String(), ee.ExitCode()
		}
		return err.Error(), -1
	}
	return out.String(), 0
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

// missing skips the test for a missing reader, or fails it under CI.
func missing(t testing.TB, what string) {
	t.Helper()
	if shared.Required() {
		t.Fatalf("%s is not installed (.ci/run installs it)", what)
	}
	t.Skipf("%s is not installed", what)
}
