package scoring

import (
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// normanEvent is a one-round event of two boards in which players 0 (board
// 1, France) and 7 (board 2, France) score the same 50 points: how Norman's
// ranking separates them depends on their results.
func normanEvent(board1, board2 Played) Event {
	e := Event{Heats: 1, Rules: Rules{TieBreaks: []TieBreak{{Kind: NormanBest}}}}
	for i := range 14 {
		e.Players = append(e.Players, EventPlayer{Name: string(rune('A' + i))})
	}
	for b, g := range []Played{board1, board2} {
		g.Heat, g.Board = 1, b+1
		for p := range g.Seats {
			g.Seats[p].Player = 7*b + (p+5)%7 // France (power 2) is player 0 on board 1, 7 on board 2
		}
		e.Games = append(e.Games, g)
	}
	return e
}

// board builds a played game: every power's centres and year, France's
// score 50, the others 1 point per centre, and the winners.
func playedBoard(centres, years [dip.NumPowers]int, winners ...dip.Power) Played {
	g := Played{Winners: winners}
	for p := range dip.NumPowers {
		g.Seats[p] = PlayedSeat{Centres: centres[p], Year: years[p], Eliminated: centres[p] == 0, Score: float64(centres[p])}
	}
	g.Seats[dip.France].Score = 50
	return g
}

func TestNormanTieBreak(t *testing.T) {
	all := func(y int) [dip.NumPowers]int { return [dip.NumPowers]int{y, y, y, y, y, y, y} }
	tests := []struct {
		name           string
		board1, board2 Played
		first          int // the player ranked first: 0 or 7
	}{
		// A solo (a win) beats a share of a two-way draw.
		{"win before draw",
			playedBoard([dip.NumPowers]int{2, 3, 18, 4, 3, 2, 2}, all(1908), dip.France),
			playedBoard([dip.NumPowers]int{0, 0, 17, 0, 0, 0, 17}, [dip.NumPowers]int{1904, 1905, 1909, 1906, 1907, 1908, 1909}, dip.France, dip.Turkey), 0},
		// Both lose: France out in 1905 against France surviving to 1908: years survived first.
		{"years survived",
			playedBoard([dip.NumPowers]int{6, 6, 0, 6, 6, 5, 5}, [dip.NumPowers]int{1908, 1908, 1905, 1908, 1908, 1908, 1908}),
			playedBoard([dip.NumPowers]int{6, 6, 1, 6, 6, 5, 4}, all(1908)), 7},
		// Two draws: a three-way beats a four-way.
		{"smaller draw",
			playedBoard([dip.NumPowers]int{0, 0, 10, 12, 12, 0, 0}, [dip.NumPowers]int{1905, 1906, 1910, 1910, 1910, 1907, 1908}, dip.France, dip.Germany, dip.Italy),
			playedBoard([dip.NumPowers]int{0, 0, 9, 9, 8, 8, 0}, [dip.NumPowers]int{1905, 1906, 1910, 1910, 1910, 1910, 1908}, dip.France, dip.Germany, dip.Italy, dip.Russia), 0},
	}
	for _, tc := range tests {
		table, err := Standings(normanEvent(tc.board1, tc.board2))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var top Standing
		for _, st := range table.Players {
			if st.Rank == 1 {
				top = st
			}
		}
		if top.Player != tc.first || top.Total != 50 || !strings.Contains(top.TieBreak, "Norman's ranking") {
			t.Errorf("%s: first is player %d (total %v, note %q), want player %d on Norman's ranking", tc.name, top.Player, top.Total, top.TieBreak, tc.first)
		}
	}
	if chain, err := ParseTieBreaks("head-to-head, norman"); err != nil || len(chain) != 2 || chain[1].Kind != NormanBest || chain[1].String() != "norman" {
		t.Errorf("ParseTieBreaks: %v %v", chain, err)
	}
}
