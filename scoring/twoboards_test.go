package scoring

import (
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestTwoBoards scores a heat of 13 players on two boards, Ann on both
// (Austria on board 1, England on board 2): her heat counts the better
// game, 25 on board 2, not 10 nor 35; one heat played. Over two heats, the
// lowest heat dropped: heat 1's 25 and heat 2's 4 (the better of 4 and -2)
// leave 25. Bob on two boards without TwoBoards is an error.
func TestTwoBoards(t *testing.T) {
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lu", "Max"}
	e := Event{Players: named(names...), Heats: 2, Rules: Rules{LowestCount: 1}}
	e.Players[0].TwoBoards = true
	e.Games = []Played{
		onBoard(1, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{10, 20, 1, 1, 1, 1, 1}),
		onBoard(1, 2, [dip.NumPowers]int{7, 0, 8, 9, 10, 11, 12}, [dip.NumPowers]float64{1, 25, 1, 1, 1, 1, 1}),
	}
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	ann := byName(t, e, tab, "Ann")
	if h := ann.Heats[0]; !h.Played || h.Score != 25 || h.Board != 2 || h.Power != dip.England || ann.Played != 1 {
		t.Errorf("Ann's heat 1: %+v, played %d; want 25 on board 2 as England, 1 played", h, ann.Played)
	}
	e.Games = append(e.Games,
		onBoard(2, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{-2, 20, 1, 1, 1, 1, 1}),
		onBoard(2, 2, [dip.NumPowers]int{7, 8, 0, 9, 10, 11, 12}, [dip.NumPowers]float64{1, 1, 4, 1, 1, 1, 1}))
	if tab, err = Standings(e); err != nil {
		t.Fatal(err)
	}
	if ann := byName(t, e, tab, "Ann"); ann.Total != 25 || ann.Heats[1].Score != 4 || ann.Played != 2 {
		t.Errorf("Ann over two heats: total %v, heat 2 %+v, played %d; want 25, 4, 2", ann.Total, ann.Heats[1], ann.Played)
	}
	e.Games[1].Seats[2].Player = 1 // Bob on boards 1 and 2 of heat 1
	_, err = Standings(e)
	if err == nil || !strings.Contains(err.Error(), `heat 1 board 2: France: player 1 "Bob" also plays on board 1 in heat 1`) {
		t.Errorf("Bob on two boards: %v", err)
	}
}
