package director

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/scoring"
)

// SeriesResult is the standings across several tournaments.
type SeriesResult struct {
	Rule      scoring.SeriesRule
	Events    []scoring.SeriesEvent
	Standings []scoring.SeriesStanding
	// Warnings are what the director should know before using the
	// standings, e.g. tournaments scored on different scales.
	Warnings []string
}

// ParseSeriesRule reads how a series combines its tournaments: "sum",
// "best N" or "average rank".
func ParseSeriesRule(s string) (scoring.SeriesRule, error) { return scoring.ParseSeriesRule(s) }

// SeriesRequest says which tournaments to combine, and how.
type SeriesRequest struct {
	Paths []string // the tournaments' workbooks, one or more
	Rule  scoring.SeriesRule
}

// Series scores each tournament workbook and combines their final
// standings under the request's rule; players are matched by name. The
// workbooks are not changed.
func Series(req SeriesRequest) (*SeriesResult, error) {
	r := req.Rule
	res := &SeriesResult{Rule: r}
	methods := map[scoring.Method][]string{}
	for _, path := range req.Paths {
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
		methods[event.Rules.Method] = append(methods[event.Rules.Method], name)
	}
	if len(methods) > 1 && r.Kind != scoring.SeriesAverageRank {
		var parts []string
		for _, m := range []scoring.Method{scoring.SumOfHeats, scoring.HurstMean} {
			if names := methods[m]; len(names) > 0 {
				parts = append(parts, fmt.Sprintf("%s by %s", strings.Join(names, ", "), m))
			}
		}
		res.Warnings = append(res.Warnings, fmt.Sprintf("the tournaments are scored on different scales (%s): "+
			"adding their totals mixes them; --rule \"average rank\" compares ranks instead", strings.Join(parts, "; ")))
	}
	standings, err := scoring.Series(res.Events, r)
	if err != nil {
		return nil, err
	}
	res.Standings = standings
	return res, nil
}

// Report is the series as dtm series --json prints it.
func (r *SeriesResult) Report() files.SeriesReport {
	return files.NewSeriesReport(r.Events, r.Rule, r.Standings)
}

// WriteWarnings prints the warnings, one per line.
func (r *SeriesResult) WriteWarnings(w io.Writer) {
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warning)
	}
}

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
			parts = append(parts, fmt.Sprintf("%s: %s (rank %d%s)", r.Events[e.Event].Name, files.Number(e.Total), e.Rank, mark))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Rank, s.Name, files.Number(s.Value), strings.Join(parts, "; "))
	}
	return tw.Flush()
}
