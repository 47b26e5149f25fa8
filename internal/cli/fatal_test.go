package cli

import (
	"os"
	"os/exec"
	"sync"
	"testing"
)

// TestFatalIsNotUsage: a fatal runtime failure (here an unlock of an
// unlocked mutex, which like running out of memory cannot be recovered)
// does not end with status 2, dtm's usage error.
func TestFatalIsNotUsage(t *testing.T) {
	if os.Getenv("DTM_TEST_FATAL") == "1" {
		crashNotUsage()
		var m sync.Mutex
		m.Unlock()
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestFatalIsNotUsage$")
	cmd.Env = append(os.Environ(), "DTM_TEST_FATAL=1", "GOTRACEBACK=")
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the fatal failure did not end the process:\n%s", out)
	}
	if code := cmd.ProcessState.ExitCode(); code == 2 {
		t.Fatalf("exit status 2 (usage error) for a fatal failure:\n%s", out)
	}
	t.Logf("ended by: %v", cmd.ProcessState)
}
