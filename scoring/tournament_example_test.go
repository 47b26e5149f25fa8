package scoring_test

import (
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// A two-heat tournament of seven players on one board, the lowest heat dropped (DipCon XXXIV's rule), ties
// broken by head-to-head and then the best scores in order. C and D both total 20 and met in both games
// (head-to-head: 20 each); their best scores are 20, 20 and 20, 10, so C is ahead. The dropped heat is in brackets;
// of C's two 20s the later is dropped.
func ExampleStandings() {
	chain, err := scoring.ParseTieBreaks("head-to-head, best-scores")
	if err != nil {
		panic(err)
	}
	e := scoring.Event{Heats: 2, Rules: scoring.Rules{LowestCount: 1, LowestFactor: 0, TieBreaks: chain}}
	for _, n := range []string{"A", "B", "C", "D", "E", "F", "G"} {
		e.Players = append(e.Players, scoring.EventPlayer{Name: n})
	}
	for h, scores := range [][dip.NumPowers]float64{{50, 30, 20, 10, 5, 0, -5}, {0, 40, 20, 20, 5, 10, 60}} {
		g := scoring.Played{Heat: h + 1, Board: 1}
		for p := range dip.NumPowers {
			g.Seats[p] = scoring.PlayedSeat{Player: p, Score: scores[p]}
		}
		e.Games = append(e.Games, g)
	}
	t, err := scoring.Standings(e)
	if err != nil {
		panic(err)
	}
	for _, st := range t.Players {
		fmt.Printf("%d. %s", st.Rank, e.Players[st.Player].Name)
		for _, h := range st.Heats {
			if h.Factor == 0 {
				fmt.Printf(" (%g)", h.Score)
			} else {
				fmt.Printf(" %g", h.Score)
			}
		}
		fmt.Printf(" = %g", st.Total)
		if st.TieBreak != "" {
			fmt.Printf(", %s", st.TieBreak)
		}
		fmt.Println()
	}
	// Output:
	// 1. G (-5) 60 = 60
	// 2. A 50 (0) = 50
	// 3. B (30) 40 = 40
	// 4. C 20 (20) = 20, best scores: 2nd 20 to 10 against D
	// 5. D (10) 20 = 20, best scores: 2nd 10 to 20 against C
	// 6. F (0) 10 = 10
	// 7. E 5 (5) = 5
}
