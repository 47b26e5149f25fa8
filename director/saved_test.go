package director

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/workbook"
)

// TestEntryPageFailureAfterSave: when the results-entry page cannot be
// written after the workbook was saved, a command says that the workbook
// was saved and how to write the page, returns what it did, and refreshes
// the published site all the same; dtm seed --refresh then writes the page,
// and run again writes nothing.
func TestEntryPageFailureAfterSave(t *testing.T) {
	t.Parallel()
	type done struct {
		site *SiteRefresh
		text interface{ WriteText(io.Writer) }
	}
	fresh := func(t *testing.T) string {
		path, _ := lateWorkbook(t, 21)
		return path
	}
	seeded := func(t *testing.T) string {
		path := fresh(t)
		if _, err := Seed(t.Context(), SeedRequest{Path: path, Heat: 1, Time: uncapped}); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// late: 14 seated, standbys P05 and P12 among them, then P14 registered.
	late := func(t *testing.T) string {
		path := seededWithStandbys(t, nil)
		registerP14(t, path)
		return path
	}
	for _, tc := range []struct {
		name   string
		book   func(t *testing.T) string
		run    func(t *testing.T, path string) (done, error)
		says   string // in what the command reports
		boards int    // heat 1's boards in the saved workbook
	}{
		{"seed", fresh, func(t *testing.T, path string) (done, error) {
			r, err := Seed(t.Context(), SeedRequest{Path: path, Heat: 1, Time: uncapped})
			if r == nil {
				return done{}, err
			}
			return done{r.Site, r}, err
		}, "heat 1", 3},
		{"rename", seeded, func(t *testing.T, path string) (done, error) {
			r, err := Rename(RenameRequest{Path: path, Old: "P03 Player", New: "Pia Player"})
			if r == nil {
				return done{}, err
			}
			return done{r.Site, r}, err
		}, "Pia Player", 3},
		{"seed --unseed", seeded, func(t *testing.T, path string) (done, error) {
			r, err := Unseed(t.Context(), UnseedRequest{Path: path, Heat: 1})
			if r == nil {
				return done{}, err
			}
			return done{r.Site, r}, err
		}, "emptied 3 board(s)", 0},
		{"seed --refresh --heat 1", seeded, func(t *testing.T, path string) (done, error) {
			r, err := Refresh(t.Context(), RefreshRequest{Path: path, Heat: 1})
			if r == nil {
				return done{}, err
			}
			return done{r.Site, r}, err
		}, "Heat 1 calls", 3},
		{"seed --late", late, func(t *testing.T, path string) (done, error) {
			r, err := SeatLate(t.Context(), LateRequest{Path: path})
			if r == nil {
				return done{}, err
			}
			return done{r.Site, r}, err
		}, "P14 Player takes the seat of standby P12 Player", 2},
		{"withdraw", late, func(t *testing.T, path string) (done, error) {
			r, err := Withdraw(t.Context(), WithdrawRequest{Path: path, Name: "P03 Player"})
			if r == nil {
				return done{}, err
			}
			return done{r.Site, r}, err
		}, "P14 Player", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := tc.book(t)
			if _, err := Publish(PublishRequest{Path: path}); err != nil {
				t.Fatal(err)
			}
			page := files.EntryPagePath(path)
			// A folder where the page goes: writing the page fails.
			if err := os.RemoveAll(page); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(page, 0o755); err != nil {
				t.Fatal(err)
			}
			res, err := tc.run(t, path)
			var saved *SavedError
			if !errors.As(err, &saved) {
				t.Fatalf("error %v, want a *SavedError", err)
			}
			for _, want := range []string{path + " was saved, but the results-entry page " + page + " was not written",
				"dtm seed --refresh " + path + " writes it"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error %q does not say %q", err, want)
				}
			}
			if res.text == nil || res.site == nil || res.site.Err != nil || res.site.Pages == 0 {
				t.Fatalf("result %+v: want what was done reported and the site refreshed", res)
			}
			var out bytes.Buffer
			res.text.WriteText(&out)
			if !strings.Contains(out.String(), tc.says) {
				t.Errorf("the report does not say %q:\n%s", tc.says, out.String())
			}
			b, err := workbook.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			boards := len(b.Tournament.Heats[0].Games)
			b.Close()
			if boards != tc.boards {
				t.Fatalf("the saved workbook holds %d boards in heat 1, want %d", boards, tc.boards)
			}
			if tc.boards == 0 {
				return // no heat seated: no page to write
			}
			// The cause fixed, dtm seed --refresh writes the page, once.
			if err := os.Remove(page); err != nil {
				t.Fatal(err)
			}
			for run, want := range []string{page, ""} {
				r, err := Refresh(t.Context(), RefreshRequest{Path: path})
				if err != nil {
					t.Fatalf("refresh %d: %v", run+1, err)
				}
				if len(r.Refreshed) != 0 || r.EntryPage != want {
					t.Errorf("refresh %d: refreshed heats %v, entry page %q; want none and %q", run+1, r.Refreshed, r.EntryPage, want)
				}
			}
			if fi, err := os.Stat(page); err != nil || !fi.Mode().IsRegular() {
				t.Fatalf("the entry page after refresh: %v", err)
			}
		})
	}
}
