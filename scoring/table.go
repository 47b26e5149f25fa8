package scoring

import (
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
)

// CommonResult is one common result of a system's table (dtm formula --table): the game and what each power scores.
// Powers are in the order of Centres: the largest first, so Austria is always the leader of a table's game.
type CommonResult struct {
	Result string // "Solo in 1905", "3-way draw", "Lone topper"
	Game   Game
	Scores [dip.NumPowers]float64
	Err    error // the system cannot score this result (e.g. a final game-year before its year); Scores are 0
}

// commonGame is a result of the table before a system is chosen: centres largest first, the powers left with
// none eliminated one a year, the last of them the year before the end.
type commonGame struct {
	result  string
	year    int
	centres [dip.NumPowers]int
	winners int // the first winners powers won (1 a solo, k a k-way draw); -1 for no recorded draw
}

// commonGames lists the results NDC-style tables print: solos in different years, draws of 2 to 7 (all
// survivors, centres as even as can be), and typical centre splits without a recorded draw.
func commonGames() []commonGame {
	var gs []commonGame
	for _, y := range []int{1905, 1906, 1907, 1908, 1910} {
		gs = append(gs, commonGame{fmt.Sprintf("Solo in %d", y), y, [7]int{18, 6, 5, 3, 2}, 1})
	}
	for k := 2; k <= 7; k++ {
		var c [7]int
		for i := range 34 {
			c[i%k]++
		}
		gs = append(gs, commonGame{fmt.Sprintf("%d-way draw", k), 1907, c, k})
	}
	for _, s := range []struct {
		result  string
		centres [7]int
	}{
		{"Near solo", [7]int{17, 8, 5, 3, 1}},
		{"Dominant topper", [7]int{15, 7, 5, 4, 2, 1}},
		{"Lone topper", [7]int{10, 8, 6, 4, 3, 2, 1}},
		{"Shared top", [7]int{9, 9, 6, 4, 3, 2, 1}},
		{"Three-way top", [7]int{10, 10, 10, 2, 1, 1}},
		{"Close board", [7]int{6, 5, 5, 5, 5, 4, 4}},
	} {
		gs = append(gs, commonGame{s.result, 1907, s.centres, -1})
	}
	return gs
}

// game builds the Game of a common result for a system: a Win/Draw system records every survivor as the draw
// when no draw is given (the usual end of a draw-based game); Rank and Both systems score the board by centres.
// A system that needs the chart gets the final year only, so earlier years break no tie.
func (c commonGame) game(s *System) Game {
	g := Game{FinalYear: c.year, Centres: c.centres}
	out := c.year - 1 // the largest of the eliminated went out last
	for p := range dip.NumPowers {
		if c.centres[p] == 0 {
			g.Eliminated[p] = max(out, 1901)
			out--
		}
	}
	n := c.winners
	if n < 0 && s.def.Criterion == WinDraw {
		n = 0
		for _, sc := range c.centres {
			if sc > 0 {
				n++
			}
		}
	}
	for p := range max(n, 0) {
		g.Winners = append(g.Winners, dip.Power(p))
	}
	if s.history {
		g.History = []Year{{c.year, c.centres}}
	}
	return g
}

// CommonResults scores the common results (solos by year, 2- to 7-way draws, typical centre splits) under the system,
// as the tables directors hand out before an event.
func CommonResults(s *System) []CommonResult {
	var rows []CommonResult
	for _, c := range commonGames() {
		row := CommonResult{Result: c.result, Game: c.game(s)}
		r, err := s.Score(row.Game)
		if err != nil {
			row.Err = err
		} else {
			row.Scores = r.Scores
		}
		rows = append(rows, row)
	}
	return rows
}
