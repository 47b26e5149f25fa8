package scoring

import (
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestNormanRank ranks single games by Norman's order ("all game winners beat all draw participants, and all
// draw participants beat all losers and eliminated players"; draw participants by draw size, then centres;
// losses and eliminations by years played, then centres). Places are worked out by hand; ties share the better
// place.
func TestNormanRank(t *testing.T) {
	tests := []struct {
		name string
		game Game
		want [dip.NumPowers]int // aus eng fra ger ita rus tur
	}{
		// Germany wins in 1908. The rest survived to 1908 except Turkey (out in 1906): France 8 second,
		// England 6 third, Italy 4 fourth, Austria and Russia 2 share fifth, Turkey seventh.
		{"solo", Game{FinalYear: 1908, Centres: [dip.NumPowers]int{2, 6, 8, 12, 4, 2, 0},
			Eliminated: [dip.NumPowers]int{dip.Turkey: 1906}, Winners: []dip.Power{dip.Germany}},
			[dip.NumPowers]int{5, 3, 2, 1, 4, 5, 7}},
		// Three-way draw France 10, Germany 10, England 8: France and Germany share first, England third.
		// Then Italy 4 and Austria 2 (survived to 1909), Turkey (out 1907), Russia (out 1905).
		{"draw", Game{FinalYear: 1909, Centres: [dip.NumPowers]int{2, 8, 10, 10, 4, 0, 0},
			Eliminated: [dip.NumPowers]int{dip.Russia: 1905, dip.Turkey: 1907}, Winners: []dip.Power{dip.France, dip.Germany, dip.England}},
			[dip.NumPowers]int{5, 3, 1, 1, 4, 7, 6}},
		// A conceded win still makes a winner: Italy first although France has more centres.
		{"conceded", Game{FinalYear: 1907, Centres: [dip.NumPowers]int{4, 4, 10, 4, 8, 2, 2},
			Winners: []dip.Power{dip.Italy}, Conceded: true}, [dip.NumPowers]int{3, 3, 2, 3, 1, 6, 6}},
		// No winner or draw recorded: everyone by years played, then centres. Russia has no centres and no
		// elimination year, so it counts as playing to 1910 with 0 centres, ahead of Turkey (out in 1908).
		{"no result", Game{FinalYear: 1910, Centres: [dip.NumPowers]int{7, 7, 9, 11, 0, 0, 0},
			Eliminated: [dip.NumPowers]int{dip.Italy: 1909, dip.Turkey: 1908}},
			[dip.NumPowers]int{3, 3, 2, 1, 6, 5, 7}},
	}
	for _, tt := range tests {
		if got := NormanRank(tt.game); got != tt.want {
			t.Errorf("%s: NormanRank = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestNormanCompare compares results of different games, as a one-round event or a tie-break does.
func TestNormanCompare(t *testing.T) {
	// win returns the winner's result of a game Germany won in year y with c centres, given its earlier chart.
	win := func(y, c int, history ...Year) NormanResult {
		g := Game{FinalYear: y, Winners: []dip.Power{dip.Germany}, History: history}
		g.Centres[dip.Germany] = c
		return Norman(g)[dip.Germany]
	}
	// draw returns Austria's result in an n-way draw (Austria and the next n-1 powers) with c centres.
	draw := func(n, c int) NormanResult {
		g := Game{FinalYear: 1909}
		g.Centres[dip.Austria] = c
		for p := range dip.Power(n) {
			g.Winners = append(g.Winners, p)
			g.Centres[p] = max(g.Centres[p], 1)
		}
		return Norman(g)[dip.Austria]
	}
	// loss returns Italy's result in a game ending in y, Italy eliminated in out (0: survived) with c centres.
	loss := func(y, out, c int) NormanResult {
		g := Game{FinalYear: y, Winners: []dip.Power{dip.Germany}}
		g.Centres[dip.Italy], g.Centres[dip.Germany] = c, 10
		g.Eliminated[dip.Italy] = out
		return Norman(g)[dip.Italy]
	}
	ger := func(y, c int) Year {
		var h Year
		h.Year, h.Centres[dip.Germany] = y, c
		return h
	}
	tests := []struct {
		name string
		a, b NormanResult
		want int // the sign: -1 a ahead, 1 b ahead, 0 tie
	}{
		{"earlier win first", win(1907, 12), win(1908, 14), -1},
		{"same year: more centres", win(1908, 12), win(1908, 14), 1},
		// Same year and centres: 1907 decides (11 against 10).
		{"previous year", win(1908, 12, ger(1907, 11)), win(1908, 12, ger(1907, 10)), -1},
		// 1907 is missing from b's chart, so 1906 decides (9 against 10).
		{"missing year skipped", win(1908, 12, ger(1906, 9), ger(1907, 11)), win(1908, 12, ger(1906, 10)), 1},
		{"identical wins tie", win(1908, 12, ger(1907, 11)), win(1908, 12, ger(1907, 11)), 0},
		{"any win beats any draw", win(1915, 6), draw(2, 17), -1},
		{"smaller draw first", draw(3, 12), draw(2, 5), 1},
		{"same draw: more centres", draw(3, 12), draw(3, 9), -1},
		{"draw ties", draw(4, 9), draw(4, 9), 0},
		{"any draw beats any loss", loss(1912, 0, 17), draw(7, 1), 1},
		// Years played come before centres: surviving to 1910 with 1 beats surviving to 1909 with 10.
		{"years played first", loss(1910, 0, 1), loss(1909, 0, 10), -1},
		{"eliminated earlier", loss(1910, 1906, 0), loss(1910, 1907, 0), 1},
		{"same years: more centres", loss(1910, 0, 3), loss(1910, 0, 5), 1},
		{"losses tie", loss(1910, 0, 5), loss(1910, 0, 5), 0},
	}
	sign := func(n int) int { return min(max(n, -1), 1) }
	for _, tt := range tests {
		if got := sign(tt.a.Compare(tt.b)); got != tt.want {
			t.Errorf("%s: Compare = %d, want %d", tt.name, got, tt.want)
		}
		if got := sign(tt.b.Compare(tt.a)); got != -tt.want {
			t.Errorf("%s: reversed Compare = %d, want %d", tt.name, got, -tt.want)
		}
	}
}
