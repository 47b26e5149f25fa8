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

// TestUnchangedScoreRefreshesAStaleSite: dtm score refreshes the published
// site when it writes the workbook; when it writes nothing, only when the
// site is older than the workbook (its last refresh failed, or the
// workbook was saved in a spreadsheet program since).
func TestUnchangedScoreRefreshesAStaleSite(t *testing.T) {
	t.Parallel()
	dir, _ := publishSample(t, armada)
	book := filepath.Join(filepath.Dir(dir), filepath.Base(armada))
	for _, step := range []struct {
		name     string
		before   func(t *testing.T)
		upToDate bool
		site     bool // refreshed
	}{
		{name: "the first score writes", site: true},
		{name: "the second finds the site current", upToDate: true},
		{name: "a site older than the workbook", before: func(t *testing.T) {
			info, err := os.Stat(book)
			if err != nil {
				t.Fatal(err)
			}
			old := info.ModTime().Add(-time.Hour)
			if err := os.Chtimes(filepath.Join(dir, files.SiteMarker), old, old); err != nil {
				t.Fatal(err)
			}
		}, upToDate: true, site: true},
		{name: "then current again", upToDate: true},
	} {
		if step.before != nil {
			step.before(t)
		}
		res, err := Score(ScoreRequest{Path: book})
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if res.UpToDate != step.upToDate || res.Written == step.upToDate || (res.Site != nil) != step.site || res.Site != nil && res.Site.Err != nil {
			t.Errorf("%s: written %v, up to date %v, site %+v; want up to date %v, site refreshed %v",
				step.name, res.Written, res.UpToDate, res.Site, step.upToDate, step.site)
		}
	}
}

// TestUnchangedImportRefreshesAStaleSite: dtm import that changes nothing
// (the same file again) refreshes the published site only when it is older
// than the workbook, as dtm score does (docs/publish.md).
func TestUnchangedImportRefreshesAStaleSite(t *testing.T) {
	t.Parallel()
	path := importFixture(t)
	pub, err := Publish(PublishRequest{Path: path, Now: publishedAt})
	if err != nil {
		t.Fatal(err)
	}
	csv := filepath.Join("testdata", "import", "solo.csv")
	for _, step := range []struct {
		name   string
		before func(t *testing.T)
		wrote  bool
		site   bool // refreshed
	}{
		{name: "the first import writes", wrote: true, site: true},
		{name: "the second finds the site current"},
		{name: "a site older than the workbook", before: func(t *testing.T) {
			info, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			old := info.ModTime().Add(-time.Hour)
			if err := os.Chtimes(filepath.Join(pub.Dir, files.SiteMarker), old, old); err != nil {
				t.Fatal(err)
			}
		}, site: true},
		{name: "then current again"},
	} {
		if step.before != nil {
			step.before(t)
		}
		res, err := Import(ImportRequest{CSV: csv, Path: path})
		if err != nil {
			t.Fatalf("%s: %v", step.name, err)
		}
		if res.Written != step.wrote || (res.Site != nil) != step.site || res.Site != nil && res.Site.Err != nil {
			t.Errorf("%s: written %v, site %+v; want written %v, site refreshed %v", step.name, res.Written, res.Site, step.wrote, step.site)
		}
	}
}
