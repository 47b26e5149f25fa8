package director

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/workbook"
)

// TestSecondRunWritesNothing: a command run again on the workbook it has
// just written finds the workbook holding its result already. The second
// run writes nothing (the workbook keeps its bytes and its time, no backup
// is added, no file beside it is rewritten) and says so in one line.
func TestSecondRunWritesNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	seeded := func(t *testing.T) string {
		path, _ := lateWorkbook(t, 21)
		if _, err := Seed(ctx, SeedRequest{Path: path, Heat: 1, Time: uncapped}); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		name string
		book func(t *testing.T) string
		run  func(path string, w io.Writer) error
		want string // the second run's last line, %s the workbook
	}{
		{"score", func(t *testing.T) string { return fixture.Copy(t, armada) }, func(path string, w io.Writer) error {
			res, err := Score(ScoreRequest{Path: path})
			if err == nil {
				res.WriteText(w, 3)
			}
			return err
		}, "unchanged: %s already holds these standings; nothing written"},
		{"seed --reseed with the same seed", seeded, func(path string, w io.Writer) error {
			res, err := Seed(ctx, SeedRequest{Path: path, Heat: 1, Reseed: true, Time: uncapped})
			if err == nil {
				res.WriteText(w)
			}
			return err
		}, "unchanged: %s already holds this seating of heat 1; nothing written"},
		{"seed --refresh --heat 1", seeded, func(path string, w io.Writer) error {
			res, err := Refresh(ctx, RefreshRequest{Path: path, Heat: 1})
			if err == nil {
				res.WriteText(w)
			}
			return err
		}, "unchanged: %s already holds Heat 1 calls and the Conflict columns of sheet Heat 1 as the sheet stands; nothing written"},
		{"unseed", seeded, func(path string, w io.Writer) error {
			res, err := Unseed(ctx, UnseedRequest{Path: path, Heat: 1})
			if err == nil {
				res.WriteText(w)
			}
			return err
		}, "unchanged: %s already holds heat 1 with no board to empty; nothing written"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := tc.book(t)
			var out bytes.Buffer
			if err := tc.run(path, &out); err != nil {
				t.Fatal(err)
			}
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			state := folderState(t, filepath.Dir(path))
			out.Reset()
			if err := tc.run(path, &out); err != nil {
				t.Fatal(err)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
				t.Error("the second run changed the workbook")
			}
			if now := folderState(t, filepath.Dir(path)); now != state {
				t.Errorf("the second run wrote in the workbook's folder:\nbefore\n%s\nafter\n%s", state, now)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if want := fmt.Sprintf(tc.want, path); lines[len(lines)-1] != want || strings.Contains(out.String(), "wrote ") {
				t.Errorf("the second run said\n%s\nwant its last line %q, and no \"wrote\"", out.String(), want)
			}
		})
	}
}

// folderState lists the files of a folder and of its backups folder, each
// with its size and modification time.
func folderState(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	for _, d := range []string{dir, filepath.Join(dir, workbook.BackupDir)} {
		entries, err := os.ReadDir(d)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		for _, e := range entries {
			info, err := e.Info()
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(&b, "%s %d %s\n", filepath.Join(d, e.Name()), info.Size(), info.ModTime().Format(time.RFC3339Nano))
		}
	}
	return b.String()
}

// remark rewrites the site marker in dir as if the site had been published
// from a file of SHA-256 digest ("" for a marker of an older dtm, which
// records none), dated the workbook's file time plus shift.
func remark(t *testing.T, dir, book, digest string, shift time.Duration) {
	t.Helper()
	marker := filepath.Join(dir, files.SiteMarker)
	data, err := os.ReadFile(marker)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for line := range strings.Lines(string(data)) {
		if strings.HasPrefix(line, "# workbook SHA-256: ") {
			if digest == "" {
				continue
			}
			line = "# workbook SHA-256: " + digest + "\n"
		}
		out = append(out, line)
	}
	if err := os.WriteFile(marker, []byte(strings.Join(out, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(book)
	if err != nil {
		t.Fatal(err)
	}
	at := info.ModTime().Add(shift)
	if err := os.Chtimes(marker, at, at); err != nil {
		t.Fatal(err)
	}
}

// rerunStep is a run of a command on a workbook with a published site:
// what is done before it, and whether it refreshes the site.
type rerunStep struct {
	name   string
	before func(t *testing.T)
	site   bool
}

// rerunSteps are a first run, which writes and refreshes the site in dir,
// then runs again with nothing to change, which refresh the site only when
// it was not published from the workbook's file as it is: a refresh that
// failed, a save in a spreadsheet program since, or an older copy of the
// workbook put back with its date kept, which the file times alone miss.
func rerunSteps(dir, book string) []rerunStep {
	other := strings.Repeat("0", 64)
	return []rerunStep{
		{name: "the first run writes", site: true},
		{name: "the second run finds the site current"},
		{name: "a site published from other bytes, dated after the workbook", before: func(t *testing.T) {
			remark(t, dir, book, other, time.Hour)
		}, site: true},
		{name: "then current again"},
		{name: "an older dtm's marker, dated before the workbook", before: func(t *testing.T) {
			remark(t, dir, book, "", -time.Hour)
		}, site: true},
		{name: "an older dtm's marker, dated after the workbook", before: func(t *testing.T) {
			remark(t, dir, book, "", time.Hour)
		}},
	}
}

// TestUnchangedScoreRefreshesAStaleSite: dtm score refreshes the published
// site when it writes the workbook; when it writes nothing, only when the
// site was not published from the workbook's file as it is
// (rerunSteps).
func TestUnchangedScoreRefreshesAStaleSite(t *testing.T) {
	t.Parallel()
	dir, _ := publishSample(t, armada)
	book := filepath.Join(filepath.Dir(dir), filepath.Base(armada))
	for k, step := range rerunSteps(dir, book) {
		if step.before != nil {
			step.before(t)
		}
		res, err := Score(ScoreRequest{Path: book})
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		upToDate := k > 0
		if res.UpToDate != upToDate || res.Written == upToDate || (res.Site != nil) != step.site || res.Site != nil && res.Site.Err != nil {
			t.Errorf("%s: written %v, up to date %v, site %+v; want up to date %v, site refreshed %v",
				step.name, res.Written, res.UpToDate, res.Site, upToDate, step.site)
		}
	}
}

// TestUnchangedImportRefreshesAStaleSite: dtm import that changes nothing
// (the same file again) refreshes the published site only when it was not
// published from the workbook's file as it is, as dtm score does
// (rerunSteps; docs/publish.md).
func TestUnchangedImportRefreshesAStaleSite(t *testing.T) {
	t.Parallel()
	path := importFixture(t)
	pub, err := Publish(PublishRequest{Path: path, Now: publishedAt})
	if err != nil {
		t.Fatal(err)
	}
	csv := filepath.Join("testdata", "import", "solo.csv")
	for k, step := range rerunSteps(pub.Dir, path) {
		if step.before != nil {
			step.before(t)
		}
		res, err := Import(ImportRequest{CSV: csv, Path: path})
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if wrote := k == 0; res.Written != wrote || (res.Site != nil) != step.site || res.Site != nil && res.Site.Err != nil {
			t.Errorf("%s: written %v, site %+v; want written %v, site refreshed %v", step.name, res.Written, res.Site, wrote, step.site)
		}
	}
}

// TestUnchangedWithdrawAndRenameRefreshAStaleSite: dtm withdraw and dtm
// rename run again (the player withdrawn, or renamed, already) refresh the
// published site only when it was not published from the workbook's file
// as it is, as dtm score does, and say so once (rerunSteps;
// docs/publish.md).
func TestUnchangedWithdrawAndRenameRefreshAStaleSite(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		run  func(path string, w io.Writer) (*SiteRefresh, error)
	}{
		{"withdraw", func(path string, w io.Writer) (*SiteRefresh, error) {
			res, err := Withdraw(context.Background(), WithdrawRequest{Path: path, Name: "P03 Player"})
			if err != nil {
				return nil, err
			}
			res.WriteText(w)
			return res.Site, nil
		}},
		{"rename", func(path string, w io.Writer) (*SiteRefresh, error) {
			res, err := Rename(RenameRequest{Path: path, Old: "P03 Player", New: "Anne Other"})
			if err != nil {
				return nil, err
			}
			res.WriteText(w)
			return res.Site, nil
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path, _ := lateWorkbook(t, 21)
			pub, err := Publish(PublishRequest{Path: path, Now: publishedAt})
			if err != nil {
				t.Fatal(err)
			}
			for _, step := range rerunSteps(pub.Dir, path) {
				if step.before != nil {
					step.before(t)
				}
				var out bytes.Buffer
				site, err := tc.run(path, &out)
				if err != nil {
					t.Fatalf("%s: %v", step.name, err)
				}
				said := strings.Count(out.String(), "refreshed the site in "+pub.Dir)
				if (site != nil) != step.site || site != nil && site.Err != nil || (said == 1) != step.site || said > 1 {
					t.Errorf("%s: site %+v, want refreshed %v; printed:\n%s", step.name, site, step.site, out.String())
				}
			}
		})
	}
}
