// Package clitest is what the end-to-end tests of dtm's command line share:
// running dtm with the independent readers' corpus, the workbooks they
// build and edit, and the LibreOffice edits they type.
package clitest

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/cli"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
)

// corpus holds every different workbook the package's tests have dtm
// write; the independent readers read each in the background as it comes,
// what others than dtm are known to put in them aside.
var corpus = xlsxcheck.NewCorpus(xlsxcheck.Authored()...)

// Main runs an end-to-end test package's tests in the repository's root,
// where the README, samples/, templates/, docs/ and the golden files in
// testdata/ are, and reads the corpus of workbooks they wrote at the end.
// Each package's TestMain calls it.
func Main(m *testing.M) {
	if err := chdirRoot(); err != nil {
		fmt.Fprintf(os.Stderr, "clitest: %v\n", err)
		os.Exit(1)
	}
	code := m.Run()
	os.Exit(corpus.Read(code, os.Stderr))
}

// chdirRoot makes the module's root, the folder of its go.mod, the working
// directory, so that the tests' paths are the ones a developer types there.
// The test binary's own path, which alone runs again, is made absolute
// first.
func chdirRoot() error {
	if exe, err := filepath.Abs(os.Args[0]); err == nil {
		os.Args[0] = exe
	}
	dir, err := os.Getwd()
	if err != nil {
		return err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return os.Chdir(dir)
		}
		up := filepath.Dir(dir)
		if up == dir {
			return errors.New("no go.mod in the working directory or above it")
		}
		dir = up
	}
}

// Dtm runs the command line and returns its exit status and output; a
// workbook it writes goes into the readers' corpus.
func Dtm(t testing.TB, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	wrote := corpus.Watch(args)
	var out, errOut bytes.Buffer
	code = cli.Run(append([]string{"dtm"}, args...), &out, &errOut)
	wrote(t.Name())
	return code, out.String(), errOut.String()
}

// aloneEnv names, in the process alone starts, the test it runs.
const aloneEnv = "DTM_TEST_ALONE"

// Alone runs the calling test again in a process of its own, where it is
// the only test, so that it can measure the heap while the package's
// other tests run beside it, or so that a long walk starts at once rather
// than when go test gives it one of its -test.parallel slots, which come
// in no set order: in that process alone returns true and the test goes
// on; in the package's process alone starts that process before the
// package's parallel tests begin, then runs the test in parallel, waits
// for the other process and reports what it logged and whether it passed,
// and alone returns false.
func Alone(t *testing.T) bool {
	if os.Getenv(aloneEnv) == t.Name() {
		return true
	}
	args := []string{"-test.run=^" + t.Name() + "$", "-test.count=1", "-test.v"}
	if deadline, ok := t.Deadline(); ok {
		// It stops a little before this process does, so that what it was
		// doing when it ran out of time is logged here.
		left := time.Until(deadline)
		args = append(args, "-test.timeout="+(left-left/20).Round(time.Second).String())
	}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	if golden.Update() {
		args = append(args, "-update")
	}
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), aloneEnv+"="+t.Name())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Start()
	t.Parallel()
	if err == nil {
		err = cmd.Wait()
	}
	t.Logf("in a process of its own:\n%s", out.Bytes())
	if err != nil {
		t.Errorf("in a process of its own: %v", err)
	}
	return false
}
