package scoring

import (
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// awardEvent: 8 players A..H (ids 0..7), 3 heats of one board, lowest heat x 0, 3 heats to qualify.
//
//	heat 1 (Austria solos):        A Aus 100 18c, B Eng 5 3c, C Fra 6 4c, D Ger 25 5c, E Ita 3 2c, F Rus 2 1c,
//	                               G Tur -3 1c; H sits out
//	heat 2 (Aus-Eng draw):         B Aus 50 9c, C Eng 50 9c, D Fra 4 4c, E Ger 6 5c, F Ita 8 3c, A Rus 2 2c,
//	                               H Tur 9 2c; G sits out
//	heat 3 (Aus-Eng-Rus draw):     C Aus 30 8c, A Eng 30 8c, B Fra 5 3c, G Ger 7 4c, H Ita 10 2c, D Rus 30 8c,
//	                               E Tur 9 1c; F sits out
//
// Totals (unplayed 0, lowest dropped): A 100+30 = 130; B 5+50 (of its two 5s, heat 3's dropped) = 55; C 50+30
// = 80; D 25+30 = 55; E 6+9 = 15; F 2+8 (the unplayed 0 dropped) = 10; G 0+7 = 7 (its -3 dropped, the
// unplayed heat 2 counted); H 9+10 = 19. Qualified: A..E; F, G, H played two heats.
func awardEvent(rank bool, lowest int, byCentres bool) Event {
	game := func(heat int, players [dip.NumPowers]int, scores [dip.NumPowers]float64, centres [dip.NumPowers]int,
		winners ...dip.Power) Played {
		g := onBoard(heat, 1, players, scores, winners...)
		g.Rank = rank
		for pw := range dip.NumPowers {
			g.Seats[pw].Centres = centres[pw]
		}
		return g
	}
	return Event{Players: named("A", "B", "C", "D", "E", "F", "G", "H"), Heats: 3,
		Rules: Rules{LowestCount: lowest, MinHeats: 3, AwardsByCentres: byCentres},
		Games: []Played{
			game(1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{100, 5, 6, 25, 3, 2, -3},
				[dip.NumPowers]int{18, 3, 4, 5, 2, 1, 1}, dip.Austria),
			game(2, [dip.NumPowers]int{1, 2, 3, 4, 5, 0, 7}, [dip.NumPowers]float64{50, 50, 4, 6, 8, 2, 9},
				[dip.NumPowers]int{9, 9, 4, 5, 3, 2, 2}, dip.Austria, dip.England),
			game(3, [dip.NumPowers]int{2, 0, 1, 6, 7, 3, 4}, [dip.NumPowers]float64{30, 30, 5, 7, 10, 30, 9},
				[dip.NumPowers]int{8, 8, 3, 4, 2, 8, 1}, dip.Austria, dip.England, dip.Russia),
		}}
}

const (
	pA = iota
	pB
	pC
	pD
	pE
	pF
	pG
	pH
)

// TestAwards checks every award of DTM section 15 on awardEvent and its variants.
func TestAwards(t *testing.T) {
	places := []Award{
		{Name: "1st place", Winners: []int{pA}, Value: 130, Detail: "total 130"},
		{Name: "2nd place", Winners: []int{pC}, Value: 80, Detail: "total 80"},
		// B and D tie on 55 and share 3rd; 4th is skipped, as their ranks (3, 3, 5) are.
		{Name: "3rd place", Winners: []int{pB, pD}, Value: 55, Detail: "total 55, tied for 3rd place"},
		{Name: "4th place", Detail: "none: 2 players tied for 3rd place", TiedAbove: 3},
		// H's 19 is higher but H did not qualify.
		{Name: "5th place", Winners: []int{pE}, Value: 15, Detail: "total 15"},
		{Name: "6th place", Detail: "nobody eligible"},
		{Name: "7th place", Detail: "nobody eligible"},
	}
	byScore := []Award{
		{Name: "Best Austria", Winners: []int{pA}, Value: 100, Detail: "Austria, heat 1 board 1: 18 centres, 100 points"},
		{Name: "Best England", Winners: []int{pC}, Value: 50, Detail: "England, heat 2 board 1: 9 centres, 50 points"},
		{Name: "Best France", Winners: []int{pC}, Value: 6, Detail: "France, heat 1 board 1: 4 centres, 6 points"},
		{Name: "Best Germany", Winners: []int{pD}, Value: 25, Detail: "Germany, heat 1 board 1: 5 centres, 25 points"},
		// H did not qualify but every player is eligible for the power awards.
		{Name: "Best Italy", Winners: []int{pH}, Value: 10, Detail: "Italy, heat 3 board 1: 2 centres, 10 points"},
		{Name: "Best Russia", Winners: []int{pD}, Value: 30, Detail: "Russia, heat 3 board 1: 8 centres, 30 points"},
		{Name: "Best Turkey", Winners: []int{pH, pE}, Value: 9,
			Detail: "Turkey, heat 2 board 1: 2 centres, 9 points (H); heat 3 board 1: 1 centre, 9 points (E)"},
	}
	byCentres := []Award{
		{Name: "Best Austria", Winners: []int{pA}, Value: 18, Detail: "Austria, heat 1 board 1: 18 centres, 100 points"},
		{Name: "Best England", Winners: []int{pC}, Value: 9, Detail: "England, heat 2 board 1: 9 centres, 50 points"},
		// C and D both had 4: C's 6 points beat D's 4.
		{Name: "Best France", Winners: []int{pC}, Value: 4, Detail: "France, heat 1 board 1: 4 centres, 6 points"},
		// D and E both had 5: D's 25 points beat E's 6.
		{Name: "Best Germany", Winners: []int{pD}, Value: 5, Detail: "Germany, heat 1 board 1: 5 centres, 25 points"},
		{Name: "Best Italy", Winners: []int{pF}, Value: 3, Detail: "Italy, heat 2 board 1: 3 centres, 8 points"},
		{Name: "Best Russia", Winners: []int{pD}, Value: 8, Detail: "Russia, heat 3 board 1: 8 centres, 30 points"},
		{Name: "Best Turkey", Winners: []int{pH}, Value: 2, Detail: "Turkey, heat 2 board 1: 2 centres, 9 points"},
	}
	atLarge := []Award{
		// Only A soloed; C's 80 is the best of the rest. Eligibility: 3 - 1 = 2 heats, everyone.
		{Name: "Best result without a solo", Winners: []int{pC}, Value: 80, Detail: "total 80 in 3 games, none a solo"},
		// E, F, G and H never won or drew: H's 19 is the best.
		{Name: "Best score made only of losses", Winners: []int{pH}, Value: 19,
			Detail: "total 19 in 2 games, all losses"},
		// G's 7 counts its unplayed heat 2: F's 10 is the lowest of the rest.
		{Name: "Last place", Winners: []int{pF}, Value: 10, Detail: "total 10 in 2 games, no unplayed heat counted"},
	}
	cat := func(parts ...[]Award) []Award { return slices.Concat(parts...) }
	for _, tc := range []struct {
		name string
		e    Event
		want []Award
	}{
		{"by score", awardEvent(false, 1, false), cat(places, byScore, atLarge)},
		{"by centres", awardEvent(false, 1, true), cat(places, byCentres, atLarge)},
		{"rank system", awardEvent(true, 1, false), cat(places, byScore, []Award{
			// Toppers: A (heat 1), B and C (heat 2, 9 each), A, C, D (heat 3, 8 each); E, F, G, H never:
			// H's 19 is best; the same for losses.
			{Name: "Best result without topping a board", Winners: []int{pH}, Value: 19,
				Detail: "total 19 in 2 games, none topping a board"},
			{Name: "Best score made only of losses", Winners: []int{pH}, Value: 19,
				Detail: "total 19 in 2 games, all losses"},
			atLarge[2],
		})},
		// No drop: A 132, B 60, C 86, D 59, E 3+6+9 = 18; F, G, H played 2 of the 3 heats now needed for the
		// at-large awards.
		{"no drop", awardEvent(false, 0, false), cat([]Award{
			{Name: "1st place", Winners: []int{pA}, Value: 132, Detail: "total 132"},
			{Name: "2nd place", Winners: []int{pC}, Value: 86, Detail: "total 86"},
			{Name: "3rd place", Winners: []int{pB}, Value: 60, Detail: "total 60"},
			{Name: "4th place", Winners: []int{pD}, Value: 59, Detail: "total 59"},
			{Name: "5th place", Winners: []int{pE}, Value: 18, Detail: "total 18"},
			places[5], places[6]}, byScore, []Award{
			{Name: "Best result without a solo", Winners: []int{pC}, Value: 86, Detail: "total 86 in 3 games, none a solo"},
			{Name: "Best score made only of losses", Winners: []int{pE}, Value: 18,
				Detail: "total 18 in 3 games, all losses"},
			{Name: "Last place", Winners: []int{pE}, Value: 18, Detail: "total 18 in 3 games, no unplayed heat counted"},
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Standings(tc.e)
			if err != nil {
				t.Fatal(err)
			}
			if len(tab.Awards) != len(tc.want) {
				t.Fatalf("%d awards, want %d: %+v", len(tab.Awards), len(tc.want), tab.Awards)
			}
			for i, w := range tc.want {
				a := tab.Awards[i]
				if a.Name != w.Name || !slices.Equal(a.Winners, w.Winners) || a.Value != w.Value ||
					a.Detail != w.Detail || a.TiedAbove != w.TiedAbove || a.Team {
					t.Errorf("award %d:\n got %+v\nwant %+v", i+1, a, w)
				}
				pw, err := dip.ParsePower(strings.TrimPrefix(a.Name, "Best "))
				if err != nil {
					pw = dip.Board
				}
				if a.Power != pw || (pw == dip.Board) != (a.Games == nil) {
					t.Errorf("%s: power %v, games %v", a.Name, a.Power, a.Games)
				}
			}
		})
	}
	// The games of a shared best-power award: H's Turkey in heat 2 (9 points, 2 centres), E's in heat 3 (9, 1).
	tab, err := Standings(awardEvent(false, 1, false))
	if err != nil {
		t.Fatal(err)
	}
	want := []AwardGame{{Player: pH, Heat: 2, Board: 1, Score: 9, Centres: 2}, {Player: pE, Heat: 3, Board: 1, Score: 9,
		Centres: 1}}
	if a := tab.Awards[13]; a.Name != "Best Turkey" || !slices.Equal(a.Games, want) {
		t.Errorf("%s games %+v, want %+v", a.Name, a.Games, want)
	}
}

// TestAwardTies: equal totals share an at-large award.
func TestAwardTies(t *testing.T) {
	// Seven players, one heat, nobody wins: everyone's game is a loss; B and C share the best 10 and F and G
	// the lowest -2.
	e := Event{Players: sevenNames(), Heats: 1,
		Games: []Played{onBoard(1, 1, seven, [dip.NumPowers]float64{5, 10, 10, 3, 1, -2, -2})}}
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]Award{
		"1st place":                      {Winners: []int{1, 2}, Value: 10, Detail: "total 10, tied for 1st place"},
		"2nd place":                      {Detail: "none: 2 players tied for 1st place", TiedAbove: 1},
		"Best score made only of losses": {Winners: []int{1, 2}, Value: 10, Detail: "total 10 each, tied"},
		"Last place":                     {Winners: []int{5, 6}, Value: -2, Detail: "total -2 each, tied"},
	}
	for _, a := range tab.Awards {
		if w, ok := want[a.Name]; ok && (!slices.Equal(a.Winners, w.Winners) || a.Value != w.Value || a.Detail != w.Detail || a.TiedAbove != w.TiedAbove) {
			t.Errorf("%s: %+v, want %+v", a.Name, a, w)
		}
	}
}

// TestAwardNames: every award the list gives, whether games are ranked or
// not, has one of AwardNames' names (the publication policy names awards
// by them).
func TestAwardNames(t *testing.T) {
	names := AwardNames()
	for _, rank := range []bool{false, true} {
		table, err := Standings(awardEvent(rank, 1, false))
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range table.Awards {
			if !slices.Contains(names, a.Name) {
				t.Errorf("award %q is not in AwardNames", a.Name)
			}
		}
	}
	if len(names) != 7+1+7+4 {
		t.Errorf("%d names: %v", len(names), names)
	}
}
