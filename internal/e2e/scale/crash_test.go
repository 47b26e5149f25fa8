package scale

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/workbook"
)

// buildDTM builds the dtm binary into a temporary folder.
func buildDTM(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "dtm")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// leftovers lists dtm's temporary files in a workbook's folder and its
// backup folder.
func leftovers(dir string) []string {
	a, _ := filepath.Glob(filepath.Join(dir, ".dtm-*.tmp"))
	b, _ := filepath.Glob(filepath.Join(dir, workbook.BackupDir, ".dtm-*.tmp"))
	return append(a, b...)
}

// killCount is how many times a kill test kills dtm: def, or DTM_KILLS
// for a longer run (the kill tests take most of a minute at their
// defaults, inside the package's ten minutes).
func killCount(t *testing.T, def int) int {
	t.Helper()
	v := os.Getenv("DTM_KILLS")
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 2 {
		t.Fatalf("DTM_KILLS=%q: want a number of kills, 2 or more", v)
	}
	return n
}

// TestKillDuringScore kills a real "dtm score" process at many points of
// its run, many times (16 kills, or DTM_KILLS, at delays drawn from a fixed seed): half
// anywhere in the last two thirds of a measured run, half within 40 ms of
// its save's temporary file appearing. After every kill the
// workbook is byte for byte the old version or opens as the new one, and
// the next command on it leaves no temporary file behind.
func TestKillDuringScore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dtm and runs it many times")
	}
	t.Parallel()
	kills := killCount(t, 16)
	bin := buildDTM(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "Kill Open.xlsx")
	clitest.BigTournament(t, path, 14, 2)
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The new version, from a run that is not killed; and how long a run
	// takes here.
	ref := filepath.Join(t.TempDir(), "Kill Open.xlsx")
	if err := os.WriteFile(ref, old, 0o644); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if out, err := exec.Command(bin, "score", ref).CombinedOutput(); err != nil {
		t.Fatalf("dtm score: %v\n%s", err, out)
	}
	run := time.Since(start)
	want := clitest.OutputDump(t, ref)

	rng := rand.New(rand.NewPCG(14, 9))
	var sawOld, sawNew, sawLeft int
	for i := range kills {
		if err := os.WriteFile(path, old, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "score", path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		var delay time.Duration
		if i%2 == 0 {
			// Anywhere from a third of a run to a little past its end.
			delay = time.Duration((0.33 + 0.77*rng.Float64()) * float64(run))
			time.Sleep(delay)
		} else {
			// In the save: once its temporary file appears, within 40 ms.
			delay = time.Duration(rng.Float64() * float64(40*time.Millisecond))
			for deadline := time.Now().Add(3 * run); len(leftovers(dir)) == 0 && time.Now().Before(deadline); {
				time.Sleep(200 * time.Microsecond)
			}
			time.Sleep(delay)
		}
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("kill %d after %v: the workbook cannot be read: %v", i, delay, err)
		}
		if bytes.Equal(got, old) {
			sawOld++
		} else {
			b, err := workbook.Open(path)
			if err != nil {
				t.Fatalf("kill %d after %v: the workbook is neither the old nor a readable new version: %v", i, delay, err)
			}
			b.Close()
			if dump := clitest.OutputDump(t, path); dump != want {
				t.Fatalf("kill %d after %v: the workbook is neither the old nor the new version:\n%s", i, delay, dump)
			}
			sawNew++
		}
		if len(leftovers(dir)) > 0 {
			sawLeft++
		}
		// The next command on the workbook cleans what the killed one left.
		if code, out, errOut := clitest.Dtm(t, "check", path); code != 0 {
			t.Fatalf("kill %d: dtm check after the kill: exit %d\n%s%s", i, code, out, errOut)
		}
		if left := leftovers(dir); len(left) > 0 {
			t.Fatalf("kill %d after %v: temporary files survive the next run: %s", i, delay, strings.Join(left, ", "))
		}
	}
	t.Logf("%d kills over a %v run: %d left the old version, %d the new; %d left temporary files, all cleaned by the next run", kills, run, sawOld, sawNew, sawLeft)
}
