package scoring

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestLinearPoints checks the linear distribution: the EGP 2025 page's example (100 points over 10 players) and
// the tie rule dtm chose (tied players share the mean of their places).
func TestLinearPoints(t *testing.T) {
	for _, tc := range []struct {
		name  string
		top   float64
		ranks []int
		want  []float64
	}{
		{"the page's example", 100, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, []float64{100, 90, 80, 70, 60, 50, 40, 30, 20, 10}},
		// Places 2 and 3 of 4 are worth 75 and 50: the two tied 2nd share (75 + 50) / 2 = 62.5.
		{"a tie shares the mean", 100, []int{1, 2, 2, 4}, []float64{100, 62.5, 62.5, 25}},
		// Three tied 1st of 3 share (500 + 333.33 + 166.67) / 3 = 333.33.
		{"all tied", 500, []int{1, 1, 1}, []float64{333.33, 333.33, 333.33}},
		// 500 over 7: 500, 428.571..., 357.142...: two decimals kept.
		{"rounded to two decimals", 500, []int{1, 2, 3, 4, 5, 6, 7}, []float64{500, 428.57, 357.14, 285.71, 214.29, 142.86, 71.43}},
		{"one player", 150, []int{1}, []float64{150}},
		{"nobody", 150, nil, []float64{}},
	} {
		if got := LinearPoints(tc.top, tc.ranks); !slices.Equal(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

// results lists players in rank order with their ranks.
func results(names []string, ranks ...int) []SeriesResult {
	var out []SeriesResult
	for i, n := range names {
		out = append(out, SeriesResult{Name: n, Rank: ranks[i], Total: float64(100 - i)})
	}
	return out
}

// fillers are n players named P1..Pn.
func fillers(n int) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf("P%d", i+1))
	}
	return out
}

// TestCircuitSeries is a three-tournament EGP 2025 circuit worked by hand, tier A's 500 points from the source and
// B=300, C=150 given as a director would:
//
//	EDC (A, 5 players):        Ann 1st 500, Bob 2nd 400, Cy 3rd 300, Dee 4th 200, Eve 5th 100 (500 × (6 − k) / 5)
//	NDC (B, 15 players, 6 boards): Bob 1st 300, Ann 2nd 280, Cy and Dee tied 3rd share (260 + 240) / 2 = 250
//	                           (300 × (16 − k) / 15), eleven others below
//	Spirecon (C, 6 players):   Cy 1st 150, Eve 2nd 125, Ann 3rd 100, Bob 4th 75 (150 × (7 − k) / 6), two others
//
// Sum: Ann 500 + 280 + 100 = 880, Bob 400 + 300 + 75 = 775, Cy 300 + 250 + 150 = 700, Dee 200 + 250 = 450,
// Eve 100 + 125 = 225. Best 2: Ann 780, Bob 700, Cy 550, Dee 450, Eve 225.
func TestCircuitSeries(t *testing.T) {
	c, err := ParseCircuit("EGP2025 b=300 C=150")
	if err != nil {
		t.Fatal(err)
	}
	if got := c.String(); got != "egp2025 A=500 B=300 C=150" {
		t.Errorf("String() = %q", got)
	}
	edc := SeriesEvent{Name: "EDC", Results: results([]string{"Ann", "Bob", "Cy", "Dee", "Eve"}, 1, 2, 3, 4, 5)}
	ndc := SeriesEvent{Name: "NDC", Results: results(append([]string{"Bob", "Ann", "Cy", "Dee"}, fillers(11)...),
		1, 2, 3, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)}
	spire := SeriesEvent{Name: "Spirecon", Results: results([]string{"Cy", "Eve", "Ann", "Bob", "X", "Y"}, 1, 2, 3, 4, 5, 6)}
	for _, a := range []struct {
		ev     *SeriesEvent
		tier   string
		boards int
	}{{&edc, "A", 2}, {&ndc, "b", 6}, {&spire, "C", 2}} {
		tier, err := c.Award(a.ev, a.tier, a.boards)
		if err != nil {
			t.Fatal(err)
		}
		a.ev.Tier = tier
	}
	if ndc.Tier != "B" {
		t.Errorf("tier %q, want the circuit's spelling B", ndc.Tier)
	}
	events := []SeriesEvent{edc, ndc, spire}
	for _, tc := range []struct {
		rule  SeriesRule
		want  map[string]float64
		order []string
	}{
		{SeriesRule{Kind: SeriesSum, Points: true}, map[string]float64{"Ann": 880, "Bob": 775, "Cy": 700, "Dee": 450, "Eve": 225},
			[]string{"Ann", "Bob", "Cy", "Dee", "Eve"}},
		{SeriesRule{Kind: SeriesBest, N: 2, Points: true}, map[string]float64{"Ann": 780, "Bob": 700, "Cy": 550, "Dee": 450, "Eve": 225},
			[]string{"Ann", "Bob", "Cy", "Dee", "Eve"}},
	} {
		got, err := Series(events, tc.rule)
		if err != nil {
			t.Fatal(err)
		}
		for i, name := range tc.order {
			if got[i].Name != name || got[i].Value != tc.want[name] || got[i].Rank != i+1 {
				t.Errorf("%v: line %d %s %g (rank %d), want %s %g", tc.rule, i+1, got[i].Name, got[i].Value, got[i].Rank, name, tc.want[name])
			}
		}
	}
	// Cy's entries keep the tournament's rank and total beside the points.
	got, _ := Series(events, SeriesRule{Kind: SeriesSum, Points: true})
	i := slices.IndexFunc(got, func(s SeriesStanding) bool { return s.Name == "Cy" })
	want := []SeriesEntry{{Event: 0, Rank: 3, Total: 98, Points: 300, Counted: true}, {Event: 1, Rank: 3, Total: 98, Points: 250, Counted: true},
		{Event: 2, Rank: 1, Total: 100, Points: 150, Counted: true}}
	if !slices.Equal(got[i].Entries, want) {
		t.Errorf("Cy's entries %+v, want %+v", got[i].Entries, want)
	}
	if _, err := Series(events, SeriesRule{Kind: SeriesAverageRank, Points: true}); err == nil || !strings.Contains(err.Error(), "not averaged") {
		t.Errorf("circuit points averaged as ranks: %v", err)
	}
}

// TestCircuitErrors checks each refusal and its message.
func TestCircuitErrors(t *testing.T) {
	for _, tc := range []struct {
		rule string
		want []string
	}{
		{"", []string{`no circuit given (want a circuit's name, e.g. "egp2025 B=POINTS")`}},
		{"gp2026", []string{`unknown circuit "gp2026" (known: egp2025)`}},
		{"egp2025 D=10 B C=x A=0 B=1 B=2 C=2000000", []string{
			`"D=10": want TIER=POINTS with a tier of egp2025: A, B, C`,
			`"B": want TIER=POINTS`,
			`"C=x": the winner's points must be a number above 0 and at most 1000000`,
			`"A=0": the winner's points must be`,
			`"B=2": tier B's points are given twice`,
			`"C=2000000": the winner's points must be`,
		}},
	} {
		_, err := ParseCircuit(tc.rule)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("ParseCircuit(%q): missing %q in %v", tc.rule, w, err)
			}
		}
	}
	c, err := ParseCircuit("egp2025 C=150")
	if err != nil {
		t.Fatal(err)
	}
	small := SeriesEvent{Name: "Small", Results: results(fillers(13), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13)}
	for _, tc := range []struct {
		tier   string
		boards int
		want   []string
	}{
		{" ", 4, []string{"no circuit tier: set it to one of egp2025's tiers: A, B, C"}},
		{"D", 4, []string{`circuit tier "D" is not one of egp2025's tiers: A, B, C`}},
		// 13 players on 4 boards is too small for tier B, and B has no points: both said at once.
		{"B", 4, []string{
			"egp2025's tier B needs at least 5 boards and 14 players, and this tournament had 4 boards and 13 players: set a lower tier",
			`egp2025 gives tier B no points: give the winner's in the circuit rule, e.g. "egp2025 A=500 C=150 B=POINTS"`}},
	} {
		_, err := c.Award(&small, tc.tier, tc.boards)
		for _, w := range tc.want {
			if err == nil || !strings.Contains(err.Error(), w) {
				t.Errorf("Award(%q): missing %q in %v", tc.tier, w, err)
			}
		}
	}
	if slices.ContainsFunc(small.Results, func(r SeriesResult) bool { return r.Points != 0 }) {
		t.Errorf("a refused tier gave points: %v", small.Results)
	}
}
