package director

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/scoring"
)

// SeriesResult is the standings across several tournaments.
type SeriesResult struct {
	Rule      scoring.SeriesRule
	Events    []scoring.SeriesEvent
	Standings []scoring.SeriesStanding
}

// Series scores each tournament workbook and combines their final
// standings under a rule ("sum", "best N", "average rank"); players are
// matched by name. The workbooks are not changed.
func Series(paths []string, rule string) (*SeriesResult, error) {
	if len(paths) < 1 {
		return nil, usagef("series needs one or more tournament workbooks")
	}
	r, err := scoring.ParseSeriesRule(rule)
	if err != nil {
		return nil, UsageError{err}
	}
	res := &SeriesResult{Rule: r}
	for _, path := range paths {
		b, event, table, err := openScored(path)
		if err != nil {
			return nil, err
		}
		b.Close()
		name := b.Tournament.Settings.Name
		if name == "" {
			name = filepath.Base(path)
		}
		res.Events = append(res.Events, table.ForSeries(name, event.Players))
	}
	if res.Standings, err = scoring.Series(res.Events, r); err != nil {
		return nil, err
	}
	return res, nil
}

// Report is the series as dtm series --json prints it.
func (r *SeriesResult) Report() SeriesReport { return NewSeriesReport(r.Events, r.Rule, r.Standings) }

// WriteText prints the series standings: rank, name, value, and each
// tournament's total and rank.
func (r *SeriesResult) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "Series of %d tournaments, by %s\n", len(r.Events), r.Rule)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range r.Standings {
		var parts []string
		for _, e := range s.Entries {
			mark := ""
			if !e.Counted {
				mark = ", not counted"
			}
			parts = append(parts, fmt.Sprintf("%s: %s (rank %d%s)", r.Events[e.Event].Name, number(e.Total), e.Rank, mark))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Rank, s.Name, number(s.Value), strings.Join(parts, "; "))
	}
	return tw.Flush()
}
