package director

import (
	"context"
	"fmt"
	"io"

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
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
}

// Unseed empties the boards of a heat that have not started, keeping the
// started and finished ones, and saves the workbook.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is saved.
func Unseed(_ context.Context, req UnseedRequest) (*UnseedResult, error) {
	res, err := unseed(req)
	if err != nil {
		return nil, err
	}
	res.Site = refreshSite(req.Path)
	return res, nil
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
	n, err := b.Unseed(heat)
	if err != nil {
		return nil, err
	}
	if err := b.Save(workbook.Options{Force: req.Force}); err != nil {
		return nil, err
	}
	return &UnseedResult{Path: req.Path, Heat: heat, Emptied: n}, nil
}

// WriteText says how many boards were emptied.
func (r *UnseedResult) WriteText(w io.Writer) {
	fmt.Fprintf(w, "heat %d: emptied %d board(s) that had not started\n", r.Heat, r.Emptied)
	r.Site.WriteText(w)
}
