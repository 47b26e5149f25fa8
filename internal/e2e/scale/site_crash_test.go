package scale

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/clitest"
)

// siteSnapshot reads a published site: each file's contents by name, the
// time of publishing taken out (it changes from run to run), and the
// SHA-256 of the workbook in the marker (a site published from the new
// workbook before or after dtm score wrote it is the same site); nil when
// the folder does not exist.
func siteSnapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	updated := regexp.MustCompile(`updated [^<·]*`)
	digest := regexp.MustCompile(`(?m)^# workbook SHA-256: .*$`)
	out := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		page := updated.ReplaceAllString(string(data), "updated (time)")
		out[e.Name()] = digest.ReplaceAllString(page, "# workbook SHA-256: (the workbook's)")
	}
	return out
}

// brokenLinks lists the links of a site's pages to files the site does not
// hold.
func brokenLinks(site map[string]string) []string {
	href := regexp.MustCompile(`(?:href|src)="([^"#:]+)`)
	var out []string
	for name, page := range site {
		for _, m := range href.FindAllStringSubmatch(page, -1) {
			if _, ok := site[m[1]]; !ok {
				out = append(out, name+" → "+m[1])
			}
		}
	}
	return out
}

// siteLeftovers lists dtm's temporary files and folders beside a site's
// folder (and the workbook's, in its folder) and inside it.
func siteLeftovers(dir string) []string {
	inside, _ := filepath.Glob(filepath.Join(dir, ".dtm-*.tmp"))
	return append(leftovers(filepath.Dir(dir)), inside...)
}

// TestKillDuringPublish kills a real dtm at many points of its run, many
// times: a first "dtm publish", a "dtm publish" replacing an older site,
// and a "dtm score" refreshing the published site (8 kills each, or
// DTM_KILLS: the closing note's counts are DTM_KILLS=20; at
// delays drawn from a fixed seed: half anywhere in a measured run, half
// within 40 ms of the new site's marker being written, just before it is
// swapped in). After every kill the site's folder is wholly the old site or
// wholly the new one (or, before a first publish, not there), every link
// of its pages resolves, the next command leaves no temporary file or
// folder, and the site is then the new one.
func TestKillDuringPublish(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dtm and runs it many times")
	}
	t.Parallel()
	kills := killCount(t, 8)
	bin := buildDTM(t)
	refs := t.TempDir()
	// The old workbook has two heats finished of three, the new one three.
	oldBook, newBook := filepath.Join(refs, "old.xlsx"), filepath.Join(refs, "new.xlsx")
	clitest.BigEvent(t, oldBook, 210, 2, 3)
	clitest.BigTournament(t, newBook, 210, 3)
	published := func(book string) map[string]string {
		path := filepath.Join(t.TempDir(), "Kill Open.xlsx")
		clitest.CopyFile(t, book, path)
		if code, out, errOut := clitest.Dtm(t, "publish", path); code != 0 {
			t.Fatalf("dtm publish: exit %d\n%s%s", code, out, errOut)
		}
		return siteSnapshot(t, strings.TrimSuffix(path, ".xlsx")+" site")
	}
	oldSite, newSite := published(oldBook), published(newBook)
	for name, site := range map[string]map[string]string{"old": oldSite, "new": newSite} {
		if broken := brokenLinks(site); len(broken) > 0 {
			t.Fatalf("the %s site has broken links: %s", name, strings.Join(broken[:min(5, len(broken))], ", "))
		}
	}
	for _, c := range []struct {
		name      string
		published bool     // the old site is published before the command
		command   []string // "WB" for the workbook
	}{
		{"first publish", false, []string{"publish", "WB"}},
		{"publish again", true, []string{"publish", "WB"}},
		{"score with a site", true, []string{"score", "WB"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "Kill Open.xlsx")
			site := filepath.Join(dir, "Kill Open site")
			args := slices.Clone(c.command)
			args[len(args)-1] = path
			// setup puts the new workbook in place, with the old site
			// published from the old one when the case asks.
			setup := func() {
				os.RemoveAll(site)
				os.Remove(filepath.Join(dir, "Kill Open.dtm-site"))
				if c.published {
					clitest.CopyFile(t, oldBook, path)
					if code, out, errOut := clitest.Dtm(t, "publish", path); code != 0 {
						t.Fatalf("dtm publish: exit %d\n%s%s", code, out, errOut)
					}
				}
				clitest.CopyFile(t, newBook, path)
			}
			setup()
			start := time.Now()
			if out, err := exec.Command(bin, args...).CombinedOutput(); err != nil {
				t.Fatalf("dtm %s: %v\n%s", c.command[0], err, out)
			}
			run := time.Since(start)
			rng := rand.New(rand.NewPCG(30, uint64(len(c.name))))
			var sawNone, sawOld, sawNew, sawLeft int
			for i := range kills {
				setup()
				cmd := exec.Command(bin, args...)
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				var delay time.Duration
				if i%2 == 0 {
					delay = time.Duration(rng.Float64() * 1.1 * float64(run))
					time.Sleep(delay)
				} else {
					delay = time.Duration(rng.Float64() * float64(40*time.Millisecond))
					for deadline := time.Now().Add(3 * run); !swapping(site) && time.Now().Before(deadline); {
						time.Sleep(200 * time.Microsecond)
					}
					time.Sleep(delay)
				}
				cmd.Process.Signal(syscall.SIGKILL)
				cmd.Wait()
				what := fmt.Sprintf("kill %d after %v", i, delay)
				got := siteSnapshot(t, site)
				switch {
				case got == nil && !c.published:
					sawNone++
				case sameSite(got, oldSite) && c.published:
					sawOld++
				case sameSite(got, newSite):
					sawNew++
				default:
					t.Fatalf("%s: the site is neither the old one nor the new one: %d files, %s", what, len(got), siteDiff(got, newSite))
				}
				if broken := brokenLinks(got); len(broken) > 0 {
					t.Fatalf("%s: broken links: %s", what, strings.Join(broken[:min(5, len(broken))], ", "))
				}
				if len(siteLeftovers(site)) > 0 {
					sawLeft++
				}
				// The next command puts the new site in place and cleans what
				// the killed one left.
				if code, out, errOut := clitest.Dtm(t, args...); code != 0 {
					t.Fatalf("%s: dtm %s again: exit %d\n%s%s", what, c.command[0], code, out, errOut)
				}
				if left := siteLeftovers(site); len(left) > 0 {
					t.Fatalf("%s: temporary files survive the next run: %s", what, strings.Join(left, ", "))
				}
				if got := siteSnapshot(t, site); !sameSite(got, newSite) {
					t.Fatalf("%s: after the next run the site is not the new one: %s", what, siteDiff(got, newSite))
				}
				if !files.SiteCurrent(site, path) {
					t.Fatalf("%s: after the next run the site does not record the workbook's file as it is", what)
				}
			}
			t.Logf("%s: %d kills over a %v run: %d left no site, %d the old site, %d the new; %d left temporary files or folders, all cleaned by the next run",
				c.name, kills, run, sawNone, sawOld, sawNew, sawLeft)
		})
	}
}

// swapping reports whether a new version of a site is complete beside its
// folder, about to be swapped in.
func swapping(site string) bool {
	m, _ := filepath.Glob(filepath.Join(filepath.Dir(site), ".dtm-*-new-*.tmp", "dtm-site.txt"))
	return len(m) > 0
}

// sameSite reports whether two sites hold the same files with the same
// contents.
func sameSite(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for name, page := range a {
		if other, ok := b[name]; !ok || other != page {
			return false
		}
	}
	return true
}

// siteDiff says how one site differs from another, in a few words.
func siteDiff(got, want map[string]string) string {
	var missing, extra, changed []string
	for name := range want {
		if _, ok := got[name]; !ok {
			missing = append(missing, name)
		}
	}
	for name, page := range got {
		if w, ok := want[name]; !ok {
			extra = append(extra, name)
		} else if w != page {
			changed = append(changed, name)
		}
	}
	short := func(s []string) string {
		slices.Sort(s)
		return strings.Join(s[:min(5, len(s))], ", ")
	}
	return fmt.Sprintf("missing %d (%s), extra %d (%s), changed %d (%s)", len(missing), short(missing), len(extra), short(extra), len(changed), short(changed))
}
