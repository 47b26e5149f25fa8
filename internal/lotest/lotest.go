package lotest

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

// Dir returns the directory of the lo-* tools: $LO_TOOLS_DIR, else
// ../shared/tools beside the module root (see shared.Path).
func Dir(t testing.TB) string {
	t.Helper()
	if dir := os.Getenv("LO_TOOLS_DIR"); dir != "" {
		return dir
	}
	return shared.Path(t, "tools")
}

// toolTimeout is how long a tool may run before its watchdog kills
// LibreOffice. The tools' own default, two minutes, killed lo-edit calls at
// a load average of 30, failing tests because the machine was busy; a hung
// LibreOffice is still stopped, later. $LO_TOOLS_TIMEOUT overrides it.
const toolTimeout = 10 * time.Minute

// Run runs a tool (e.g. "lo-csv") with arguments and returns its standard
// output. Exit status 3 (LibreOffice missing) skips the test unless
// shared.Required.
func Run(t testing.TB, tool string, args ...string) []byte {
	t.Helper()
	dir := Dir(t)
	path := filepath.Join(dir, tool)
	if _, err := os.Stat(path); err != nil {
		if shared.Required() {
			t.Fatalf("%s: %v", tool, err)
		}
		t.Skipf("%s not found (%v); the LibreOffice tools live in ../shared/tools", tool, err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), toolTimeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Env = os.Environ()
	if os.Getenv("LO_TOOLS_TIMEOUT") == "" {
		cmd.Env = append(cmd.Env, "LO_TOOLS_TIMEOUT="+strconv.Itoa(int(toolTimeout/time.Second)))
	}
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) } // lets the tool clean up
	cmd.WaitDelay = 20 * time.Second
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 3 && !shared.Required() {
		t.Skipf("%s: LibreOffice not installed (run %s/lo-install): %s", tool, dir, stderr.String())
	}
	if err != nil {
		t.Fatalf("%s %q: %v\n%s", tool, args, err, stderr.String())
	}
	return out
}

// CSV returns a sheet as LibreOffice computes and displays it (full
// recalculation), as rows of cells.
func CSV(t testing.TB, book, sheet string) [][]string {
	t.Helper()
	out := Run(t, "lo-csv", book, sheet, "-")
	r := csv.NewReader(bytes.NewReader(out))
	r.FieldsPerRecord = -1
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatalf("lo-csv %s %s: %v", book, sheet, err)
	}
	return rows
}

// GUI reports whether lo-install --gui has been run (Xvfb is present), so
// saves can keep view settings as a person's save does.
func GUI() bool {
	_, err := exec.LookPath("Xvfb")
	return err == nil
}
