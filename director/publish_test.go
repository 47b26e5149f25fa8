package director

import (
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/golden"
)

// publishedAt is the time the golden pages say they were updated.
var publishedAt = time.Date(2026, 3, 15, 18, 30, 0, 0, time.UTC)

// publishSample publishes a copy of a sample into a temporary folder and
// returns the site's folder.
func publishSample(t *testing.T, sample string) (string, *PublishResult) {
	t.Helper()
	dir := t.TempDir()
	data, err := os.ReadFile(sample)
	if err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(dir, filepath.Base(sample))
	if err := os.WriteFile(book, data, 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := Publish(PublishRequest{Path: book, Now: publishedAt})
	if err != nil {
		t.Fatalf("publish %s: %v", sample, err)
	}
	return res.Dir, res
}

// TestPublishGolden keeps one page of each kind, from the ARMADA Open and
// the Hurst example, in golden files: the structure of the pages.
func TestPublishGolden(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		sample string
		pages  []string
	}{
		{armada, []string{"index.html", "standings.html", "standings-heat-1.html", "heat-1.html", "calls-heat-3.html", "players.html",
			"player-13.html", "powers.html", "awards.html", "teams.html", "projector.html", "projector-4.html", "clock-heat-1.html",
			"wall.html", "certificates.html", "scoring.html"}},
		{"../samples/hurst-example.xlsx", []string{"standings.html"}},
	} {
		site, _ := publishSample(t, c.sample)
		prefix := strings.TrimSuffix(filepath.Base(c.sample), ".xlsx")
		for _, page := range c.pages {
			got, err := os.ReadFile(filepath.Join(site, page))
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "testdata/site/"+prefix+"-"+page, string(got))
		}
	}
}

// reference finds every place a page names another file: links, sources,
// style sheets, CSS urls and imports.
var reference = regexp.MustCompile(`(?i)(?:href|src|action|poster|data)\s*=\s*"([^"]*)"|url\(\s*['"]?([^'")]*)|@import\s+['"]([^'"]*)|content="\d+;\s*url=([^"]*)"`)

// TestPublishSelfContained checks every page of every sample's site: each
// reference is a file of the folder (and each #fragment an id of its
// page), nothing is fetched from elsewhere, and only the room clocks have
// a script, inline.
func TestPublishSelfContained(t *testing.T) {
	t.Parallel()
	for _, sample := range []string{armada, dipcon, "../samples/hurst-example.xlsx"} {
		site, res := publishSample(t, sample)
		pages := map[string]string{}
		for _, f := range res.Files {
			data, err := os.ReadFile(filepath.Join(site, f))
			if err != nil {
				t.Fatal(err)
			}
			pages[f] = string(data)
		}
		for name, body := range pages {
			for _, m := range reference.FindAllStringSubmatch(body, -1) {
				ref := strings.Join(m[1:], "")
				u, err := url.Parse(ref)
				if err != nil || u.Scheme != "" || u.Host != "" || strings.HasPrefix(ref, "//") || strings.Contains(u.Path, "/") || strings.Contains(u.Path, `\`) {
					t.Errorf("%s %s: %q leaves the folder", sample, name, ref)
					continue
				}
				target := name
				if u.Path != "" {
					target = u.Path
				}
				tb, ok := pages[target]
				if !ok {
					t.Errorf("%s %s: %q names a file the site does not have", sample, name, ref)
					continue
				}
				if u.Fragment != "" && !strings.Contains(tb, `id="`+u.Fragment+`"`) {
					t.Errorf("%s %s: %q: %s has no id %q", sample, name, ref, target, u.Fragment)
				}
			}
			scripts := strings.Count(body, "<script")
			clock := strings.HasPrefix(name, "clock-")
			if (scripts > 0) != clock || strings.Contains(body, "<script src") || (clock && scripts != 1) {
				t.Errorf("%s %s: %d scripts", sample, name, scripts)
			}
		}
		if !slices.Contains(res.Files, "style.css") || !slices.Contains(res.Files, "index.html") || !slices.Contains(res.Files, "projector.html") {
			t.Errorf("%s: site lacks a page: %v", sample, res.Files)
		}
	}
}

// TestProjectorCycle follows the projector's refreshes from projector.html:
// every frame once, then back to the first, each after the policy's
// seconds.
func TestProjectorCycle(t *testing.T) {
	t.Parallel()
	site, res := publishSample(t, armada)
	refresh := regexp.MustCompile(`<meta http-equiv="refresh" content="(\d+); url=([^"]+)">`)
	frames := 0
	for _, f := range res.Files {
		if strings.HasPrefix(f, "projector") {
			frames++
		}
	}
	seen := map[string]bool{}
	page := "projector.html"
	for !seen[page] {
		seen[page] = true
		data, err := os.ReadFile(filepath.Join(site, page))
		if err != nil {
			t.Fatal(err)
		}
		m := refresh.FindStringSubmatch(string(data))
		if m == nil {
			t.Fatalf("%s has no refresh", page)
		}
		if m[1] != "20" {
			t.Errorf("%s: refresh after %s seconds, want 20", page, m[1])
		}
		page = m[2]
	}
	if page != "projector.html" || len(seen) != frames || frames < 5 {
		t.Errorf("the cycle visits %d of %d frames and ends at %s", len(seen), frames, page)
	}
}

// TestPublishRefusesAForeignFolder: a folder holding files dtm did not
// write is left alone.
func TestPublishRefusesAForeignFolder(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	data, err := os.ReadFile(armada)
	if err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(dir, "a.xlsx")
	if err := os.WriteFile(book, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "mine")
	os.Mkdir(out, 0o755)
	own := filepath.Join(out, "index.html")
	if err := os.WriteFile(own, []byte("my own page"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Publish(PublishRequest{Path: book, Out: out}); err == nil || !strings.Contains(err.Error(), "did not write") {
		t.Fatalf("publish into a foreign folder: %v", err)
	}
	if got, _ := os.ReadFile(own); string(got) != "my own page" {
		t.Errorf("the folder's page was changed: %q", got)
	}
	if files.PublishedSite(book) != "" {
		t.Errorf("a refused publish is remembered")
	}
}

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestPublishSwapsTheSite: publishing again keeps what the director put in
// the site's folder, removes the temporary files a killed dtm left there
// and beside it, and puts back a site whose folder a crash left missing (in
// the moment between two renames, where a system cannot exchange two
// folders in one step).
func TestPublishSwapsTheSite(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		// crash leaves, in the site's folder dir and beside it, what a
		// killed dtm (process pid) or the director left.
		crash func(t *testing.T, dir string, pid int)
		// again is the command run next: publish, or a refresh.
		refresh bool
	}{
		{"the director's own files", func(t *testing.T, dir string, _ int) {
			write(t, filepath.Join(dir, "logo.png"), "a logo")
			os.Mkdir(filepath.Join(dir, "photos"), 0o755)
			write(t, filepath.Join(dir, "photos", "day1.jpg"), "a photo")
		}, false},
		{"a temporary file in the folder", func(t *testing.T, dir string, pid int) {
			write(t, filepath.Join(dir, fmt.Sprintf(".dtm-%d-123.tmp", pid)), "half a page")
		}, false},
		{"a half-written site beside it", func(t *testing.T, dir string, pid int) {
			half := filepath.Join(filepath.Dir(dir), fmt.Sprintf(".dtm-%d-7-new-%s.tmp", pid, filepath.Base(dir)))
			os.Mkdir(half, 0o755)
			write(t, filepath.Join(half, "index.html"), "half a site")
		}, true},
		{"the folder missing in the swap", func(t *testing.T, dir string, pid int) {
			parent, base := filepath.Dir(dir), filepath.Base(dir)
			if err := os.Rename(dir, filepath.Join(parent, fmt.Sprintf(".dtm-%d-1-old-%s.tmp", pid, base))); err != nil {
				t.Fatal(err)
			}
			if err := os.CopyFS(filepath.Join(parent, fmt.Sprintf(".dtm-%d-2-new-%s.tmp", pid, base)), os.DirFS(filepath.Join(parent, fmt.Sprintf(".dtm-%d-1-old-%s.tmp", pid, base)))); err != nil {
				t.Fatal(err)
			}
		}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir, res := publishSample(t, armada)
			book := filepath.Join(filepath.Dir(dir), filepath.Base(armada))
			c.crash(t, dir, deadPID(t))
			if c.refresh {
				if r := refreshSite(book, true); r == nil || r.Err != nil {
					t.Fatalf("refresh: %+v", r)
				}
			} else if _, err := Publish(PublishRequest{Path: book, Now: publishedAt}); err != nil {
				t.Fatal(err)
			}
			for _, name := range res.Files {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("after publishing again: %v", err)
				}
			}
			left, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), ".dtm-*.tmp"))
			inside, _ := filepath.Glob(filepath.Join(dir, ".dtm-*.tmp"))
			if left = append(left, inside...); len(left) > 0 {
				t.Errorf("temporary files left: %s", strings.Join(left, ", "))
			}
			if c.name == "the director's own files" {
				for name, want := range map[string]string{"logo.png": "a logo", "photos/day1.jpg": "a photo"} {
					if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != want {
						t.Errorf("%s: %q after publishing, want %q", name, got, want)
					}
				}
			}
		})
	}
}

// write writes a file of a test.
func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPublishIntoALongFolderName: a site's folder whose name leaves no room
// for dtm's temporary folder beside it within 255 bytes is published, and
// published again.
func TestPublishIntoALongFolderName(t *testing.T) {
	t.Parallel()
	dir, _ := publishSample(t, armada)
	book := filepath.Join(filepath.Dir(dir), filepath.Base(armada))
	out := filepath.Join(filepath.Dir(dir), strings.Repeat("é", 125)) // 250 bytes
	for range 2 {
		if _, err := Publish(PublishRequest{Path: book, Out: out, Now: publishedAt}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Fatal(err)
	}
}

// TestPublishResumesAnOlderInterruptedSite: a first publish by an older
// dtm, which wrote the pages straight into the folder and the marker last,
// killed before the marker, is resumed over; a folder that holds anything
// else beside such pages is still refused, untouched.
func TestPublishResumesAnOlderInterruptedSite(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		change func(t *testing.T, dir string) // after the marker and some pages are gone
		resume bool
	}{
		{"pages and the style sheet", func(*testing.T, string) {}, true},
		{"a file of the director's", func(t *testing.T, dir string) { write(t, filepath.Join(dir, "notes.txt"), "mine") }, false},
		{"a page of the director's under a page's name", func(t *testing.T, dir string) {
			write(t, filepath.Join(dir, "player-1.html"), "<!DOCTYPE html>\n<html><body>my page</body></html>")
		}, false},
		{"a folder", func(t *testing.T, dir string) { os.Mkdir(filepath.Join(dir, "photos"), 0o755) }, false},
		{"no style sheet", func(t *testing.T, dir string) { os.Remove(filepath.Join(dir, "style.css")) }, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			dir, res := publishSample(t, armada)
			book := filepath.Join(filepath.Dir(dir), filepath.Base(armada))
			// What the older dtm had written when it was killed: the
			// first pages, no marker, no pointer beside the workbook.
			os.Remove(filepath.Join(dir, files.SiteMarker))
			os.Remove(files.SitePointer(book))
			for _, name := range res.Files[len(res.Files)/2:] {
				if name != "style.css" {
					os.Remove(filepath.Join(dir, name))
				}
			}
			c.change(t, dir)
			before, _ := os.ReadDir(dir)
			_, err := Publish(PublishRequest{Path: book, Out: dir, Now: publishedAt})
			if !c.resume {
				if err == nil || !strings.Contains(err.Error(), "did not write") {
					t.Fatalf("publish over it: %v, want a refusal", err)
				}
				if after, _ := os.ReadDir(dir); len(after) != len(before) {
					t.Errorf("the refused folder held %d entries, now %d", len(before), len(after))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range append(res.Files, files.SiteMarker) {
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Errorf("after resuming: %v", err)
				}
			}
			if files.PublishedSite(book) == "" {
				t.Error("the resumed site is not remembered")
			}
		})
	}
}
