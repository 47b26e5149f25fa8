package director

import (
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/armada-dtm/dtm/workbook"
)

// UnseedRequest says which heat of a workbook to empty.
type UnseedRequest struct {
	Path string
	// Heat is the heat to empty; 0 for the next one to seat
	// (workbook.NextHeat).
	Heat int
	// Force writes even when a lock file says the workbook is open.
	Force bool
}

// UnseedResult is what emptying a heat did.
type UnseedResult struct {
	Path string
	Heat int
	// Emptied counts the boards emptied.
	Emptied int
	// Kept counts the boards kept (started or finished), whose board calls
	// were rewritten; with none kept, the heat's board-calls tab was
	// removed (CallsRemoved, when it had one).
	Kept         int
	CallsRemoved bool
	// EntryPage is the results-entry page written beside the workbook.
	EntryPage string
	// UpToDate is set when the workbook held the heat so already (no board
	// left to empty): nothing was written.
	UpToDate bool
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
}

// Unseed empties the boards of a heat that have not started, keeping the
// started and finished ones, rewrites the heat's board calls for the boards
// kept, or removes them when none is, and saves the workbook.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is written, or, when the save finds nothing to write,
// if it was not published from the workbook's file as it is
// (refreshSite).
func Unseed(_ context.Context, req UnseedRequest) (*UnseedResult, error) {
	res, err := unseed(req)
	if err != nil && !Saved(err) {
		return nil, err
	}
	res.Site = refreshSite(req.Path, !res.UpToDate)
	return res, err
}

// unseed is Unseed without refreshing the site.
func unseed(req UnseedRequest) (*UnseedResult, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	heat, err := heatToSeat(b.Tournament, req.Heat)
	if err != nil {
		return nil, err
	}
	res := &UnseedResult{Path: req.Path, Heat: heat}
	if res.Emptied, err = b.Unseed(heat); err != nil {
		return nil, err
	}
	if err := b.DropSeedingRecord(heat); err != nil {
		return nil, err
	}
	kept := slices.DeleteFunc(b.Tournament.HeatCallBoards(heat), func(cb workbook.CallBoard) bool {
		return slices.ContainsFunc(b.Tournament.Heats[heat-1].Games, func(g workbook.Game) bool {
			return g.Board == cb.Board && g.Status == workbook.Unstarted
		})
	})
	res.Kept = len(kept)
	if len(kept) == 0 {
		res.CallsRemoved, err = b.RemoveBoardCalls(heat)
	} else {
		kept, err = writeCalls(b, heat, kept)
	}
	if err != nil {
		return nil, err
	}
	wrote, err := b.Save(workbook.Options{Force: req.Force})
	if err != nil {
		return nil, err
	}
	res.UpToDate = !wrote
	res.EntryPage, err = entryPageAfterSave(b, heat, kept)
	return res, err
}

// WriteText says how many boards were emptied, and what became of the
// board calls.
func (r *UnseedResult) WriteText(w io.Writer) {
	fmt.Fprintf(w, "heat %d: emptied %d board(s) that had not started\n", r.Heat, r.Emptied)
	calls := workbook.BoardCallsSheet(r.Heat)
	switch {
	case r.UpToDate:
		writeUpToDate(w, r.Path, fmt.Sprintf("heat %d with no board to empty", r.Heat))
	case r.Kept > 0:
		fmt.Fprintf(w, "wrote %s: %s rewritten for the %d board(s) kept (started or finished)\n", r.Path, calls, r.Kept)
	case r.CallsRemoved:
		fmt.Fprintf(w, "wrote %s: %s removed (no board of the heat is left)\n", r.Path, calls)
	}
	writeEntryPageNote(w, r.EntryPage)
	r.Site.WriteText(w)
}
