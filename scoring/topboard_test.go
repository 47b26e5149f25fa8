package scoring

import (
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestTopBoardFactor: the top board's game scores count TopBoardFactor
// times in the totals, before the lowest heats are dropped; the awards and
// the other boards keep the game scores. Hand-worked: Ann scores 10 in
// heat 1 (board 2) and 30 in heat 2 on the top board (board 1); Bo 20 and
// 25 (top board too).
func TestTopBoardFactor(t *testing.T) {
	games := []Played{
		onBoard(1, 1, [dip.NumPowers]int{1, 2, 3, 4, 5, 6, 7}, [dip.NumPowers]float64{20}),
		onBoard(1, 2, [dip.NumPowers]int{0, 8, 9, 10, 11, 12, 13}, [dip.NumPowers]float64{10}),
		onBoard(2, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{30, 25}),
	}
	for _, tc := range []struct {
		name          string
		rules         Rules
		ann, bo       float64
		annH2, boH2   float64
		first, second string
	}{
		// 10 + 30 = 40 and 20 + 25 = 45: Bo first.
		{"zero counts as one", Rules{}, 40, 45, 30, 25, "Bo", "Ann"},
		{"one", Rules{TopBoardFactor: 1}, 40, 45, 30, 25, "Bo", "Ann"},
		// Heat 2 is a top board: 10 + 2 x 30 = 70, 20 + 2 x 25 = 70: a tie.
		{"two", Rules{TopBoardFactor: 2}, 70, 70, 60, 50, "", ""},
		// Only heat 2's board 1 is flagged: 10 + 45 = 55, 20 + 37.5 = 57.5.
		{"one and a half", Rules{TopBoardFactor: 1.5}, 55, 57.5, 45, 37.5, "Bo", "Ann"},
		// The lowest heat dropped after multiplying: Ann drops 10 (60 left), Bo 20 (50 left).
		{"two, lowest dropped", Rules{TopBoardFactor: 2, LowestCount: 1}, 60, 50, 60, 50, "Ann", "Bo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := append([]Played(nil), games...)
			g[2].Top = true
			names := named("Ann", "Bo", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N")
			e := Event{Players: names, Heats: 2, Games: g, Rules: tc.rules}
			tab, err := Standings(e)
			if err != nil {
				t.Fatal(err)
			}
			ann, bo := byName(t, e, tab, "Ann"), byName(t, e, tab, "Bo")
			if ann.Total != tc.ann || bo.Total != tc.bo {
				t.Errorf("totals Ann %g Bo %g, want %g %g", ann.Total, bo.Total, tc.ann, tc.bo)
			}
			if ann.Heats[1].Score != tc.annH2 || bo.Heats[1].Score != tc.boH2 || ann.Heats[0].Score != 10 {
				t.Errorf("heat scores Ann %+v Bo %+v", ann.Heats, bo.Heats)
			}
			if tc.first != "" && (names[tab.Players[0].Player].Name != tc.first || names[tab.Players[1].Player].Name != tc.second) {
				t.Errorf("order %s, %s, want %s, %s", names[tab.Players[0].Player].Name, names[tab.Players[1].Player].Name,
					tc.first, tc.second)
			}
			for _, a := range tab.Awards {
				if a.Name == "Best Austria" && a.Value != 30 {
					t.Errorf("Best Austria %g, want the game score 30", a.Value)
				}
			}
		})
	}
}

// TestTopBoardFactorErrors: a negative or non-number multiplier, and any
// but 1 under the Hurst Tournament Mean, are refused.
func TestTopBoardFactorErrors(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		want  string
	}{
		{Rules{TopBoardFactor: -1}, "the top board multiplier -1 must be a number above 0"},
		{Rules{Method: HurstMean, TopBoardFactor: 2}, "the Hurst Tournament Mean averages centres"},
	} {
		errs := tc.rules.Validate(2, false)
		if len(errs) != 1 || !strings.Contains(errs[0].Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.rules, errs, tc.want)
		}
	}
	if errs := (Rules{Method: HurstMean, TopBoardFactor: 1}).Validate(2, false); len(errs) != 0 {
		t.Errorf("Hurst with 1: %v", errs)
	}
}
