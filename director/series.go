package director

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// SeriesResult is the standings across several tournaments.
type SeriesResult struct {
	Rule scoring.SeriesRule
	// Circuit is the circuit whose points were combined (Rule.Points); nil
	// without one.
	Circuit   *scoring.Circuit
	Events    []scoring.SeriesEvent
	Standings []scoring.SeriesStanding
	// Warnings are what the director should know before using the
	// standings, e.g. tournaments scored on different scales.
	Warnings []string
}

// ParseSeriesRule reads how a series combines its tournaments: "sum",
// "best N" or "average rank".
func ParseSeriesRule(s string) (scoring.SeriesRule, error) { return scoring.ParseSeriesRule(s) }

// ParseCircuit reads the circuit rule of dtm series --circuit: a circuit's
// name and the points its source does not give, e.g. "egp2025 B=300
// C=150". Circuit points are summed, so the series rule must be sum or
// best N.
func ParseCircuit(s string, rule scoring.SeriesRule) (scoring.Circuit, error) {
	c, err := scoring.ParseCircuit(s)
	if err != nil {
		return c, fmt.Errorf("--circuit: %w", err)
	}
	if rule.Kind == scoring.SeriesAverageRank {
		return c, fmt.Errorf("--circuit sums circuit points: use it with --rule sum or \"best N\", not %q", rule)
	}
	return c, nil
}

// SeriesRequest says which tournaments to combine, and how.
type SeriesRequest struct {
	Paths []string // the tournaments' workbooks, one or more
	Rule  scoring.SeriesRule
	// Circuit, when set, turns each tournament's final places into circuit
	// points by the tier of its Circuit tier setting, and the rule
	// combines those points (sum or best N).
	Circuit *scoring.Circuit
}

// Series scores each tournament workbook and combines their final
// standings under the request's rule; players are matched by name. The
// workbooks are not changed.
func Series(req SeriesRequest) (*SeriesResult, error) {
	r := req.Rule
	r.Points = req.Circuit != nil
	res := &SeriesResult{Rule: r, Circuit: req.Circuit}
	methods := map[scoring.Method][]string{}
	var tierErrs []error
	for _, path := range req.Paths {
		b, event, table, err := openScored(path, false)
		if err != nil {
			return nil, err
		}
		b.Close()
		name := b.Tournament.Settings.Name
		if name == "" {
			name = filepath.Base(path)
		}
		ev := table.ForSeries(name, event.Players)
		if req.Circuit != nil {
			if ev.Tier, err = req.Circuit.Award(&ev, b.Tournament.Settings.CircuitTier, len(event.Games)); err != nil {
				each := []error{err}
				if j, ok := err.(interface{ Unwrap() []error }); ok {
					each = j.Unwrap() // Award joins a tournament's problems: each at the cell
				}
				for _, e := range each {
					tierErrs = append(tierErrs, fmt.Errorf("%s: %s!%s (%s): %w", path, workbook.SheetTournament,
						settingCell(b.Tournament, workbook.SetCircuitTier), workbook.SetCircuitTier, e))
				}
			}
		}
		res.Events = append(res.Events, ev)
		methods[event.Rules.Method] = append(methods[event.Rules.Method], name)
	}
	if len(tierErrs) > 0 {
		return nil, errors.Join(tierErrs...)
	}
	if len(methods) > 1 && r.Kind != scoring.SeriesAverageRank && !r.Points {
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
	rep := files.NewSeriesReport(r.Events, r.Rule, r.Standings)
	if r.Circuit != nil {
		rep.Circuit = r.Circuit.String()
	}
	return rep
}

// WriteWarnings prints the warnings, one per line.
func (r *SeriesResult) WriteWarnings(w io.Writer) {
	for _, warning := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", warning)
	}
}

// WriteText prints the series standings: rank, name, value, and each
// tournament's total and rank (in a circuit, its tier and circuit points
// too).
func (r *SeriesResult) WriteText(w io.Writer) error {
	if r.Circuit != nil {
		fmt.Fprintf(w, "Circuit %s: %d tournaments, circuit points by %s\n", r.Circuit, len(r.Events), r.Rule)
	} else {
		fmt.Fprintf(w, "Series of %d tournaments, by %s\n", len(r.Events), r.Rule)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, s := range r.Standings {
		var parts []string
		for _, e := range s.Entries {
			mark := ""
			if !e.Counted {
				mark = ", not counted"
			}
			ev := r.Events[e.Event]
			if r.Circuit != nil {
				parts = append(parts, fmt.Sprintf("%s (tier %s): %s points (rank %d, total %s%s)", ev.Name, ev.Tier, files.Number(e.Points), e.Rank, files.Number(e.Total), mark))
				continue
			}
			parts = append(parts, fmt.Sprintf("%s: %s (rank %d%s)", ev.Name, files.Number(e.Total), e.Rank, mark))
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Rank, s.Name, files.Number(s.Value), strings.Join(parts, "; "))
	}
	return tw.Flush()
}
