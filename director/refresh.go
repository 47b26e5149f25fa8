package director

import (
	"context"
	"fmt"
	"io"

	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// RefreshRequest says which heats' board calls and Conflict columns to
// rewrite from their sheets as they stand.
type RefreshRequest struct {
	Path string
	// Heat is the heat to rewrite; 0 for every heat where they no longer
	// match the sheet.
	Heat int
	// Force writes even when a lock file says the workbook is open.
	Force bool
}

// RefreshResult is what refreshing did.
type RefreshResult struct {
	Path string
	// Refreshed are the heats whose board calls and Conflict columns were
	// rewritten (empty when all matched).
	Refreshed []int
	// EntryPage is the results-entry page written beside the workbook
	// ("" when none was written).
	EntryPage string
	// UpToDate is set when the workbook held these board calls and
	// Conflict columns already: nothing was written.
	UpToDate bool
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
}

// Refresh rewrites heat req.Heat's board calls and Conflict columns from
// its sheet as it stands (after swaps by hand), without reseeding, or, with
// no heat given, those of every heat where they no longer match; it saves
// only when something was rewritten. Either way it brings the results-entry
// page beside the workbook up to date, when some heat is seated: this is how
// a page that failed to be written (SavedError) is written.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is written, or, when nothing is written, if it was
// not published from the workbook's file as it is (refreshSite).
func Refresh(_ context.Context, req RefreshRequest) (*RefreshResult, error) {
	res, err := refresh(req)
	if err != nil && !Saved(err) {
		return nil, err
	}
	res.Site = refreshSite(req.Path, len(res.Refreshed) > 0 && !res.UpToDate)
	return res, err
}

// refresh is Refresh without refreshing the site.
func refresh(req RefreshRequest) (*RefreshResult, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	if req.Heat != 0 && (req.Heat < 1 || req.Heat > t.Settings.Heats) {
		return nil, usagef("--heat must be from 1 to %d", t.Settings.Heats)
	}
	res := &RefreshResult{Path: req.Path, Refreshed: []int{}}
	for h := 1; h <= t.Settings.Heats; h++ {
		if (req.Heat != 0 && h != req.Heat) || len(t.Heats[h-1].Games) == 0 {
			continue
		}
		problem := t.SeedProblem(h)
		ex, err := seeding.Explain(problem, t.HeatPlan(h))
		if err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
		boards := t.HeatCallBoards(h)
		if req.Heat == 0 {
			stale, err := staleOutput(b, h, ex, problem)
			if err != nil {
				return nil, err
			}
			if len(stale) == 0 {
				continue
			}
		}
		if err := b.WriteConflicts(h, ex, problem); err != nil {
			return nil, err
		}
		if err := b.MarkSeatsChanged(h, "dtm seed --refresh"); err != nil {
			return nil, err
		}
		if _, err := writeCalls(b, h, boards); err != nil {
			return nil, err
		}
		res.Refreshed = append(res.Refreshed, h)
	}
	if req.Heat != 0 && len(res.Refreshed) == 0 {
		return nil, fmt.Errorf("heat %d has no boards on its sheet: nothing to refresh; seat it with dtm seed --heat %d", req.Heat, req.Heat)
	}
	if len(res.Refreshed) == 0 {
		// Nothing to save: the results-entry page is still brought up to
		// date, as after a failure to write it (SavedError).
		if seated(t) {
			res.EntryPage, err = writeEntryPage(b, 0, nil)
		}
		return res, err
	}
	wrote, err := b.Save(workbook.Options{Force: req.Force})
	if err != nil {
		return nil, err
	}
	res.UpToDate = !wrote
	res.EntryPage, err = entryPageAfterSave(b, 0, nil)
	return res, err
}

// WriteText says which heats were rewritten, or that none needed it, and
// where the results-entry page was written.
func (r *RefreshResult) WriteText(w io.Writer) {
	if len(r.Refreshed) == 0 {
		fmt.Fprintf(w, "%s: the board calls and Conflict columns match the heat sheets: nothing to refresh\n", r.Path)
	}
	for _, h := range r.Refreshed {
		if r.UpToDate {
			writeUpToDate(w, r.Path, fmt.Sprintf("%s and the Conflict columns of sheet %s as the sheet stands",
				workbook.BoardCallsSheet(h), workbook.HeatSheet(h)))
			continue
		}
		fmt.Fprintf(w, "wrote %s: %s rewritten and the Conflict columns of sheet %s, from the sheet as it stands\n",
			r.Path, workbook.BoardCallsSheet(h), workbook.HeatSheet(h))
	}
	writeEntryPageNote(w, r.EntryPage)
	r.Site.WriteText(w)
}

// seated reports whether some heat of t has boards on its sheet.
func seated(t *workbook.Tournament) bool {
	for _, h := range t.Heats {
		if len(h.Games) > 0 {
			return true
		}
	}
	return false
}
