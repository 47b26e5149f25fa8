package scoring

import (
	"slices"
	"strings"
	"testing"
)

// seriesEvents are three tournaments:
//
//	Regatta: Ann 1st 100, Bob 2nd 80, Cy 3rd 60
//	Open:    Bob 1st 90, Ann 2nd 70, Dee 3rd 50
//	Cup:     Cy 1st 120, Dee 2nd 40, Ann 3rd 30
var seriesEvents = []SeriesEvent{
	{Name: "Regatta", Results: []SeriesResult{{"Ann", 1, 100, 0}, {"Bob", 2, 80, 0}, {"Cy", 3, 60, 0}}},
	{Name: "Open", Results: []SeriesResult{{"Bob", 1, 90, 0}, {"Ann", 2, 70, 0}, {"Dee", 3, 50, 0}}},
	{Name: "Cup", Results: []SeriesResult{{"Cy", 1, 120, 0}, {"Dee", 2, 40, 0}, {"Ann", 3, 30, 0}}},
}

// TestSeries combines seriesEvents under each rule.
func TestSeries(t *testing.T) {
	type line struct {
		name    string
		rank    int
		value   float64
		counted []bool // per entry
	}
	for _, tc := range []struct {
		rule SeriesRule
		want []line
	}{
		// Ann 100+70+30 = 200, Cy 60+120 = 180, Bob 80+90 = 170, Dee 50+40 = 90.
		{SeriesRule{Kind: SeriesSum}, []line{
			{"Ann", 1, 200, []bool{true, true, true}}, {"Cy", 2, 180, []bool{true, true}},
			{"Bob", 3, 170, []bool{true, true}}, {"Dee", 4, 90, []bool{true, true}}}},
		// Best 2: Cy 180; Ann 100+70 = 170 (the Cup's 30 left out) ties Bob 170, listed by name; Dee 90.
		{SeriesRule{Kind: SeriesBest, N: 2}, []line{
			{"Cy", 1, 180, []bool{true, true}}, {"Ann", 2, 170, []bool{true, true, false}},
			{"Bob", 2, 170, []bool{true, true}}, {"Dee", 4, 90, []bool{true, true}}}},
		// Best 1: Cy 120, Ann 100, Bob 90, Dee 50.
		{SeriesRule{Kind: SeriesBest, N: 1}, []line{
			{"Cy", 1, 120, []bool{false, true}}, {"Ann", 2, 100, []bool{true, false, false}},
			{"Bob", 3, 90, []bool{false, true}}, {"Dee", 4, 50, []bool{true, false}}}},
		// Average rank over the tournaments played: Bob (2+1)/2 = 1.5; Ann (1+2+3)/3 = 2 and Cy (3+1)/2 = 2
		// tie; Dee (3+2)/2 = 2.5.
		{SeriesRule{Kind: SeriesAverageRank}, []line{
			{"Bob", 1, 1.5, []bool{true, true}}, {"Ann", 2, 2, []bool{true, true, true}},
			{"Cy", 2, 2, []bool{true, true}}, {"Dee", 4, 2.5, []bool{true, true}}}},
	} {
		t.Run(tc.rule.String(), func(t *testing.T) {
			got, err := Series(seriesEvents, tc.rule)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("%d lines, want %d", len(got), len(tc.want))
			}
			for i, w := range tc.want {
				g := got[i]
				var counted []bool
				for _, e := range g.Entries {
					counted = append(counted, e.Counted)
				}
				if g.Name != w.name || g.Rank != w.rank || g.Value != w.value || !slices.Equal(counted, w.counted) {
					t.Errorf("line %d: %s %d %g %v, want %s %d %g %v", i+1, g.Name, g.Rank, g.Value, counted,
						w.name, w.rank, w.value, w.counted)
				}
			}
		})
	}
	// Entries keep the event index and the tournament's rank and total.
	got, _ := Series(seriesEvents, SeriesRule{Kind: SeriesSum})
	if want := []SeriesEntry{{Event: 0, Rank: 1, Total: 100, Counted: true}, {Event: 1, Rank: 2, Total: 70,
		Counted: true}, {Event: 2, Rank: 3, Total: 30, Counted: true}}; !slices.Equal(got[0].Entries, want) {
		t.Errorf("Ann's entries %+v, want %+v", got[0].Entries, want)
	}
}

// TestSeriesErrors reports every problem.
func TestSeriesErrors(t *testing.T) {
	_, err := Series([]SeriesEvent{{Name: "Open", Results: []SeriesResult{{"Ann", 1, 5, 0}, {"Ann", 2, 4, 0},
		{" ", 3, 3, 0}, {"Bo", 0, 2, 0}}}}, SeriesRule{Kind: SeriesBest})
	for _, want := range []string{
		"series rule best 0: count at least one tournament",
		`tournament 1 "Open": player "Ann" is listed twice`,
		`tournament 1 "Open": a player without a name`,
		`tournament 1 "Open": player "Bo" has rank 0`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in %v", want, err)
		}
	}
}

// TestParseSeriesRule reads the rules and writes them back.
func TestParseSeriesRule(t *testing.T) {
	for in, want := range map[string]SeriesRule{"sum": {Kind: SeriesSum}, "Best 3": {Kind: SeriesBest, N: 3},
		"best-2": {Kind: SeriesBest, N: 2}, "AVERAGE RANK": {Kind: SeriesAverageRank}, "rank": {Kind: SeriesAverageRank}} {
		got, err := ParseSeriesRule(in)
		if err != nil || got != want {
			t.Errorf("ParseSeriesRule(%q) = %v, %v; want %v", in, got, err, want)
		}
		if back, err := ParseSeriesRule(got.String()); err != nil || back != got {
			t.Errorf("round trip of %q: %v, %v", got.String(), back, err)
		}
	}
	for _, in := range []string{"best 0", "best", "median"} {
		if _, err := ParseSeriesRule(in); err == nil || !strings.HasPrefix(err.Error(), "unknown series rule") {
			t.Errorf("ParseSeriesRule(%q): %v", in, err)
		}
	}
}

// TestForSeries turns a standings table into a series tournament: names, ranks and totals in rank order.
func TestForSeries(t *testing.T) {
	e := dipconEvent(nil)
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	ev := tab.ForSeries("DipCon XXXIV", e.Players)
	// DTM ties: Yarden Livnat and Tom Kobrin both 2nd with 197.
	want := []SeriesResult{{"David Hood", 1, 230, 0}, {"Yarden Livnat", 2, 197, 0}, {"Tom Kobrin", 2, 197, 0}}
	if ev.Name != "DipCon XXXIV" || len(ev.Results) != 14 || !slices.Equal(ev.Results[:3], want) {
		t.Errorf("%s %v", ev.Name, ev.Results)
	}
}

// TestForSeriesLeavesOutMissedTournament checks that a player on the roster
// who played no heat (carried over by dtm new --from) is not in the
// tournament's series results: a missed tournament does not count, rather
// than counting as last place with the unplayed score.
func TestForSeriesLeavesOutMissedTournament(t *testing.T) {
	e := dipconEvent(nil)
	e.Players = append(e.Players, EventPlayer{Name: "Carried Over"})
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Players) != 15 {
		t.Fatalf("standings of %d players, want 15", len(tab.Players))
	}
	ev := tab.ForSeries("DipCon XXXIV", e.Players)
	if len(ev.Results) != 14 || slices.ContainsFunc(ev.Results, func(r SeriesResult) bool { return r.Name == "Carried Over" }) {
		t.Errorf("the player who played no heat is in the series: %v", ev.Results)
	}
}
