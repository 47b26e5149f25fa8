package scoring

import (
	"cmp"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// SeriesEvent is one tournament of a series: its name and its final table.
type SeriesEvent struct {
	Name    string
	Results []SeriesResult
	Tier    string // in a circuit, the tournament's tier (Circuit.Award); else ""
}

// SeriesResult is a player's line in a tournament's final table, the player known by name.
type SeriesResult struct {
	Name   string
	Rank   int
	Total  float64
	Points float64 // in a circuit, the player's circuit points (Circuit.Award); else 0
}

// SeriesKind is how a series combines a player's tournaments.
type SeriesKind int

// The series rules. Players are the same player across tournaments when their names are exactly equal. A
// tournament a player is absent from does not count at all: it adds nothing to a sum and is not in an
// average.
const (
	// SeriesSum: the sum of the player's tournament totals; higher is better.
	SeriesSum SeriesKind = iota
	// SeriesBest: the sum of the player's SeriesRule.N best tournament totals (all of them when fewer);
	// higher is better.
	SeriesBest
	// SeriesAverageRank: the mean of the player's ranks over the tournaments played; lower is better.
	SeriesAverageRank
)

// SeriesRule is a series' combining rule.
type SeriesRule struct {
	Kind SeriesKind
	N    int // SeriesBest: the tournaments counted per player, 1 or more
	// Points combines the tournaments' circuit points (SeriesResult.Points) instead of their totals: a
	// circuit's rule, with SeriesSum or SeriesBest.
	Points bool
}

// String returns the rule as ParseSeriesRule reads it: "sum", "best 3" or "average rank".
func (r SeriesRule) String() string {
	switch r.Kind {
	case SeriesSum:
		return "sum"
	case SeriesBest:
		return fmt.Sprintf("best %d", r.N)
	case SeriesAverageRank:
		return "average rank"
	}
	return fmt.Sprintf("SeriesRule(%d)", int(r.Kind))
}

var seriesBestN = regexp.MustCompile(`^best[ -]?(\d+)$`)

// ParseSeriesRule reads a series rule, case-insensitive: "sum", "best N" (or "best-N"), "average rank" (or
// "average-rank", "rank").
func ParseSeriesRule(s string) (SeriesRule, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	switch t {
	case "sum":
		return SeriesRule{Kind: SeriesSum}, nil
	case "average rank", "average-rank", "rank":
		return SeriesRule{Kind: SeriesAverageRank}, nil
	}
	if m := seriesBestN.FindStringSubmatch(t); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil && n >= 1 {
			return SeriesRule{Kind: SeriesBest, N: n}, nil
		}
	}
	return SeriesRule{}, fmt.Errorf("unknown series rule %q (want sum, best N with N 1 or more, or average rank)", s)
}

// SeriesStanding is a player's line in a series: the combined value, a competition rank (ties share it, listed
// by name), and the player's result in each tournament they played, in the order of the events.
type SeriesStanding struct {
	Name    string
	Rank    int
	Value   float64 // the sum (of totals, or of circuit points), the sum of the best N, or the average rank
	Entries []SeriesEntry
}

// SeriesEntry is a player's result in one tournament of the series.
type SeriesEntry struct {
	Event   int // index into the events given to Series
	Rank    int
	Total   float64
	Points  float64 // the circuit points, with SeriesRule.Points
	Counted bool    // SeriesBest: the total (or points) is one of the N best (on equal ones the earlier event); else true
}

// ForSeries returns the table as a tournament of a series: the name, rank and total of every player who
// played at least one heat, in rank order. A player on the roster who played no heat (carried over from an
// earlier tournament) missed the tournament: it does not count for them.
func (t Table) ForSeries(name string, players []EventPlayer) SeriesEvent {
	ev := SeriesEvent{Name: name}
	for _, st := range t.Players {
		if st.Played == 0 {
			continue
		}
		ev.Results = append(ev.Results, SeriesResult{Name: players[st.Player].Name, Rank: st.Rank, Total: st.Total})
	}
	return ev
}

// Series combines tournaments into series standings under the rule. A blank name or a name twice in one
// tournament is an error, as is a rank below 1 or a bad rule; every problem comes back at once.
func Series(events []SeriesEvent, rule SeriesRule) ([]SeriesStanding, error) {
	var errs []error
	switch {
	case rule.Kind == SeriesBest && rule.N < 1:
		errs = append(errs, fmt.Errorf("series rule best %d: count at least one tournament", rule.N))
	case rule.Kind < SeriesSum || rule.Kind > SeriesAverageRank:
		errs = append(errs, fmt.Errorf("unknown series rule %d", int(rule.Kind)))
	case rule.Points && rule.Kind == SeriesAverageRank:
		errs = append(errs, errors.New("circuit points are summed (sum, or best N), not averaged as ranks"))
	}
	at := map[string]int{} // name -> index into out
	var out []SeriesStanding
	for ei, ev := range events {
		seen := map[string]bool{}
		for _, r := range ev.Results {
			loc := fmt.Sprintf("tournament %d %q", ei+1, ev.Name)
			switch {
			case strings.TrimSpace(r.Name) == "":
				errs = append(errs, fmt.Errorf("%s: a player without a name", loc))
				continue
			case seen[r.Name]:
				errs = append(errs, fmt.Errorf("%s: player %q is listed twice", loc, r.Name))
				continue
			case r.Rank < 1:
				errs = append(errs, fmt.Errorf("%s: player %q has rank %d", loc, r.Name, r.Rank))
			}
			seen[r.Name] = true
			i, ok := at[r.Name]
			if !ok {
				i = len(out)
				at[r.Name] = i
				out = append(out, SeriesStanding{Name: r.Name})
			}
			out[i].Entries = append(out[i].Entries, SeriesEntry{Event: ei, Rank: r.Rank, Total: r.Total, Points: r.Points, Counted: true})
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	for i := range out {
		out[i].Value = seriesValue(out[i].Entries, rule)
	}
	lower := rule.Kind == SeriesAverageRank
	order := func(a, b SeriesStanding) int {
		if sameScore(a.Value, b.Value) {
			return 0
		}
		if lower {
			return cmp.Compare(a.Value, b.Value)
		}
		return cmp.Compare(b.Value, a.Value)
	}
	slices.SortFunc(out, func(a, b SeriesStanding) int {
		return cmp.Or(order(a, b), cmp.Compare(a.Name, b.Name))
	})
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && order(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out, nil
}

// seriesValue combines a player's entries under the rule, marking the counted ones.
func seriesValue(es []SeriesEntry, rule SeriesRule) float64 {
	value := func(e SeriesEntry) float64 { return e.Total }
	if rule.Points {
		value = func(e SeriesEntry) float64 { return e.Points }
	}
	sum := 0.0
	switch rule.Kind {
	case SeriesBest:
		idx := make([]int, len(es))
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(value(es[b]), value(es[a])) })
		for k, i := range idx {
			es[i].Counted = k < rule.N
			if es[i].Counted {
				sum += value(es[i])
			}
		}
	case SeriesAverageRank:
		for _, e := range es {
			sum += float64(e.Rank)
		}
		return sum / float64(len(es))
	default:
		for _, e := range es {
			sum += value(e)
		}
	}
	return sum
}
