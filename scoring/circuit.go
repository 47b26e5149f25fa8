package scoring

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Circuit is a tiered circuit: each tournament's final places become circuit points by the tournament's tier,
// from the tier's points for the winner down in equal steps to their n-th part for the last of n players
// (LinearPoints), and a player's circuit points are summed over the circuit's tournaments.
type Circuit struct {
	Name  string
	Tiers []CircuitTier
}

// CircuitTier is one tier of a circuit.
type CircuitTier struct {
	Name string // "A"
	// Points are the winner's circuit points; 0 when the circuit's source gives none and the director has not.
	Points float64
	// Given says the director gave Points (ParseCircuit's TIER=POINTS), not the circuit's source.
	Given bool
	// MinBoards and MinPlayers are the least boards (games, over all the heats) and players a tournament of
	// the tier has; 0 for no floor.
	MinBoards, MinPlayers int
}

// MaxCircuitPoints is the most circuit points a tier's winner may be given.
const MaxCircuitPoints = 1_000_000

// CircuitDecimals is how many decimals of a player's circuit points are kept (half away from zero).
const CircuitDecimals = 2

// circuits are the built-in circuits. egp2025 is the European Grand Prix 2025 as diplomania-gen.fr's page
// circuit:egp2025:system gives it: tier A (the EDC and the WDC) 500 points; tier B (the Seven Years' War and a
// country's main tournament with at least 5 boards and 14 players) and tier C (the Tour of Britain, secondary
// tournaments, and main tournaments too small for tier B) without points that could be read from the page: the
// director gives them.
var circuits = []Circuit{
	{Name: "egp2025", Tiers: []CircuitTier{{Name: "A", Points: 500}, {Name: "B", MinBoards: 5, MinPlayers: 14}, {Name: "C"}}},
}

// CircuitNames are the built-in circuits' names.
func CircuitNames() []string {
	var out []string
	for _, c := range circuits {
		out = append(out, c.Name)
	}
	return out
}

// ParseCircuit reads a circuit rule: a built-in circuit's name, then optionally TIER=POINTS for any of its tiers,
// e.g. "egp2025 B=300 C=150". Names and tiers are case-insensitive; points are above 0 and at most
// MaxCircuitPoints. Every problem comes back at once.
func ParseCircuit(s string) (Circuit, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Circuit{}, fmt.Errorf("no circuit given (want a circuit's name, e.g. %q)", circuits[0].Name+" B=POINTS")
	}
	i := slices.IndexFunc(circuits, func(c Circuit) bool { return strings.EqualFold(c.Name, fields[0]) })
	if i < 0 {
		return Circuit{}, fmt.Errorf("unknown circuit %q (known: %s)", fields[0], strings.Join(CircuitNames(), ", "))
	}
	c := Circuit{Name: circuits[i].Name, Tiers: slices.Clone(circuits[i].Tiers)}
	var errs []error
	given := map[int]bool{}
	for _, f := range fields[1:] {
		name, value, ok := strings.Cut(f, "=")
		t := c.tier(name)
		p, err := strconv.ParseFloat(value, 64)
		switch {
		case !ok || t < 0:
			errs = append(errs, fmt.Errorf("%q: want TIER=POINTS with a tier of %s: %s", f, c.Name, c.tierNames()))
		case given[t]:
			errs = append(errs, fmt.Errorf("%q: tier %s's points are given twice", f, c.Tiers[t].Name))
		case err != nil || math.IsNaN(p) || p <= 0 || p > MaxCircuitPoints:
			errs = append(errs, fmt.Errorf("%q: the winner's points must be a number above 0 and at most %d", f, MaxCircuitPoints))
		default:
			given[t] = true
			c.Tiers[t].Points, c.Tiers[t].Given = p, true
		}
	}
	return c, errors.Join(errs...)
}

// String returns the circuit as ParseCircuit reads it, with every tier that has points.
func (c Circuit) String() string {
	parts := []string{c.Name}
	for _, t := range c.Tiers {
		if t.Points > 0 {
			parts = append(parts, t.Name+"="+strconv.FormatFloat(t.Points, 'f', -1, 64))
		}
	}
	return strings.Join(parts, " ")
}

// tier returns the index of the tier named name (case-insensitive), or -1.
func (c Circuit) tier(name string) int {
	return slices.IndexFunc(c.Tiers, func(t CircuitTier) bool { return strings.EqualFold(t.Name, strings.TrimSpace(name)) })
}

// tierNames lists the tiers' names: "A, B, C".
func (c Circuit) tierNames() string {
	var names []string
	for _, t := range c.Tiers {
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}

// Award gives each player of the tournament its circuit points (SeriesResult.Points) under the tournament's tier,
// by LinearPoints over the tournament's players. boards is how many games the tournament had over all its heats,
// checked against the tier's floor with the number of players. The returned tier is the tier's name as the
// circuit spells it. It refuses a tier the circuit lacks, a tier without points, and a tournament too small for
// its tier, saying what to set.
func (c Circuit) Award(ev *SeriesEvent, tier string, boards int) (string, error) {
	if strings.TrimSpace(tier) == "" {
		return "", fmt.Errorf("no circuit tier: set it to one of %s's tiers: %s", c.Name, c.tierNames())
	}
	i := c.tier(tier)
	if i < 0 {
		return "", fmt.Errorf("circuit tier %q is not one of %s's tiers: %s", tier, c.Name, c.tierNames())
	}
	t := c.Tiers[i]
	players := len(ev.Results)
	var errs []error
	if boards < t.MinBoards || players < t.MinPlayers {
		errs = append(errs, fmt.Errorf("%s's tier %s needs at least %d boards and %d players, and this tournament had %d boards and %d players: set a lower tier",
			c.Name, t.Name, t.MinBoards, t.MinPlayers, boards, players))
	}
	if t.Points <= 0 {
		errs = append(errs, fmt.Errorf("%s gives tier %s no points: give the winner's in the circuit rule, e.g. \"%s %s=POINTS\"", c.Name, t.Name, c, t.Name))
	}
	if len(errs) > 0 {
		return "", errors.Join(errs...)
	}
	ranks := make([]int, players)
	for k, r := range ev.Results {
		ranks[k] = r.Rank
	}
	for k, p := range LinearPoints(t.Points, ranks) {
		ev.Results[k].Points = p
	}
	return t.Name, nil
}

// LinearPoints gives the players of a final table, listed in rank order with their competition ranks, their
// circuit points: of n players, the one in place k gets top × (n − k + 1) / n, so the winner gets top and the
// last top / n (100 over 10 players: 100, 90, ..., 10). Players who share a rank share the mean of the places they
// fill. Points keep CircuitDecimals decimals.
func LinearPoints(top float64, ranks []int) []float64 {
	n := len(ranks)
	out := make([]float64, n)
	for start := 0; start < n; {
		end := start + 1
		for end < n && ranks[end] == ranks[start] {
			end++
		}
		// Places start+1..end have points top×(n−start)/n .. top×(n−end+1)/n; their mean is at the middle.
		mean := top * (float64(n-start) - float64(end-start-1)/2) / float64(n)
		for k := start; k < end; k++ {
			out[k] = RoundTo(mean, CircuitDecimals)
		}
		start = end
	}
	return out
}
