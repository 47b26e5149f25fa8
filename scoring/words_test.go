package scoring

import (
	"math"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// gameEven: everyone survives to 1902 with a history for 1901 and 1902 (the final year, equal to the final
// centres): ctrs = 4+5, 4+5, 5+5, 5+5, 4+5, 5+4, 5+4 = 9 9 10 10 9 9 9.
func gameEven() Game {
	return Game{
		FinalYear: 1902,
		Centres:   [7]int{5, 5, 5, 5, 5, 4, 4},
		Winners:   []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy, dip.Russia, dip.Turkey},
		History: []Year{
			{1901, [7]int{4, 4, 5, 5, 4, 5, 5}},
			{1902, [7]int{5, 5, 5, 5, 5, 4, 4}},
		},
	}
}

// TestWords scores a system whose every formula is one word, so each power's score is the word's value.
// Expected values come from the board descriptions in boards_test.go and formulas.md.
func TestWords(t *testing.T) {
	tests := []struct {
		word string
		crit Criterion
		prov string
		game Game
		want [7]float64
	}{
		{"aus", Rank, "", boardDraw(), [7]float64{1, 0, 0, 0, 0, 0, 0}},
		{"eng", Rank, "", boardDraw(), [7]float64{0, 1, 0, 0, 0, 0, 0}},
		{"fra", Both, "", boardDraw(), [7]float64{0, 0, 1, 0, 0, 0, 0}},
		{"ger", Rank, "", boardDraw(), [7]float64{0, 0, 0, 1, 0, 0, 0}},
		{"ita", WinDraw, "", boardDraw(), [7]float64{0, 0, 0, 0, 1, 0, 0}},
		{"rus", Rank, "", boardDraw(), [7]float64{0, 0, 0, 0, 0, 1, 0}},
		{"tur", WinDraw, "", boardDraw(), [7]float64{0, 0, 0, 0, 0, 0, 1}},
		// The elimination year - 1900 for the dead, the final year for the rest.
		{"yrs", Rank, "", boardSolo(), [7]float64{5, 10, 10, 10, 10, 8, 10}},
		{"scs", Rank, "", boardDraw(), [7]float64{9, 9, 7, 5, 3, 0, 0}},
		{"ldr", Rank, "", boardElim(), [7]float64{12, 12, 12, 12, 12, 12, 12}},
		// For the dead, big is the number of survivors.
		{"big", Rank, "", boardDraw(), [7]float64{0, 0, 2, 3, 4, 5, 5}},
		// Other powers on the same count; 0 for the dead although Russia and Turkey both own 0.
		{"tie", Rank, "", boardDraw(), [7]float64{1, 1, 0, 0, 0, 0, 0}},
		{"tie", Rank, "", boardTie3(), [7]float64{2, 2, 2, 0, 0, 0, 0}},
		// Win/Draw: the size of the winning set, for everyone.
		{"num", WinDraw, "", boardElim(), [7]float64{4, 4, 4, 4, 4, 4, 4}},
		// Rank: the number of powers owning centres (five, although France soloed).
		{"num", Rank, "", boardSolo(), [7]float64{5, 5, 5, 5, 5, 5, 5}},
		// Both: the size of the power's own winning set, 0 outside it.
		{"num", Both, "", with(boardElim(), dip.Turkey, dip.England), [7]float64{0, 2, 0, 0, 0, 0, 2}},
		// Win/Draw: 34 - the winners' 33 centres.
		{"srv", WinDraw, "", boardElim(), [7]float64{1, 1, 1, 1, 1, 1, 1}},
		// 34 - (9 + 9).
		{"srv", WinDraw, "", with(boardDraw(), dip.Austria, dip.England), [7]float64{16, 16, 16, 16, 16, 16, 16}},
		// Rank: 34 - ldr, one leader's count although two share it.
		{"srv", Rank, "", boardDraw(), [7]float64{25, 25, 25, 25, 25, 25, 25}},
		// Both: 34 - (12 + 10); with no winners, 34.
		{"srv", Both, "", with(boardElim(), dip.Turkey, dip.England), [7]float64{12, 12, 12, 12, 12, 12, 12}},
		{"srv", Both, "", with(boardElim()), [7]float64{34, 34, 34, 34, 34, 34, 34}},
		// prov and its aggregates over all seven, the dead included: prov = scs + 1 on boardElim is
		// 1 11 7 6 1 1 13: sum 40, product 1*11*7*6*13 = 6006.
		{"prov", Rank, "scs + 1", boardElim(), [7]float64{1, 11, 7, 6, 1, 1, 13}},
		{"sump", Rank, "scs + 1", boardElim(), [7]float64{40, 40, 40, 40, 40, 40, 40}},
		{"avgp", Rank, "scs + 1", boardElim(), [7]float64{40.0 / 7, 40.0 / 7, 40.0 / 7, 40.0 / 7, 40.0 / 7, 40.0 / 7,
			40.0 / 7}},
		{"mulp", Rank, "scs + 1", boardElim(), [7]float64{6006, 6006, 6006, 6006, 6006, 6006, 6006}},
		{"minp", Rank, "scs + 1", boardElim(), [7]float64{1, 1, 1, 1, 1, 1, 1}},
		{"maxp", Rank, "scs + 1", boardElim(), [7]float64{13, 13, 13, 13, 13, 13, 13}},
		// ctrs sums the recorded years up to the power's final year: Austria (out 1902) none of 1904 and 1906;
		// England 7+10, France 6+6, Germany 6+5, Italy and Russia (out 1905) 1904 only, Turkey 7+11.
		{"ctrs", Rank, "", boardElim(), [7]float64{0, 17, 12, 11, 3, 3, 18}},
		{"sumc", Rank, "", boardElim(), [7]float64{64, 64, 64, 64, 64, 64, 64}},
		{"avgc", Rank, "", boardElim(), [7]float64{64.0 / 7, 64.0 / 7, 64.0 / 7, 64.0 / 7, 64.0 / 7, 64.0 / 7,
			64.0 / 7}},
		{"mulc", Rank, "", boardElim(), [7]float64{0, 0, 0, 0, 0, 0, 0}},
		{"ctrs", Rank, "", gameEven(), [7]float64{9, 9, 10, 10, 9, 9, 9}},
		// 9^5 * 10^2 = 5904900.
		{"mulc", Rank, "", gameEven(), [7]float64{5904900, 5904900, 5904900, 5904900, 5904900, 5904900, 5904900}},
		{"minc", Rank, "", gameEven(), [7]float64{9, 9, 9, 9, 9, 9, 9}},
		{"maxc", Rank, "", gameEven(), [7]float64{10, 10, 10, 10, 10, 10, 10}},
		// Extensions. elb: Austria (1902) outlived by Italy and Russia (1905); Russia (1904) by Turkey (1906).
		{"elb", Rank, "", boardElim(), [7]float64{2, 0, 0, 0, 0, 0, 0}},
		{"elb", Rank, "", boardDraw(), [7]float64{0, 0, 0, 0, 0, 1, 0}},
		{"elt", Rank, "", boardElim(), [7]float64{0, 0, 0, 0, 1, 1, 0}},
		{"sec", Rank, "", boardDraw(), [7]float64{9, 9, 9, 9, 9, 9, 9}},
		{"sec", Rank, "", boardElim(), [7]float64{10, 10, 10, 10, 10, 10, 10}},
		// low: Turkey 10+6+5, England 6+5, France 5.
		{"low", Rank, "", boardElim(), [7]float64{0, 11, 5, 0, 0, 0, 21}},
		{"cnc", Rank, "", boardElim(), [7]float64{0, 0, 0, 0, 0, 0, 0}},
		{"cnc", Rank, "", conceded(boardElim(), dip.Turkey), [7]float64{1, 1, 1, 1, 1, 1, 1}},
		// hbg: England led Austria in 1907; Turkey outlasted Russia (1905: 5 to 0).
		{"hbg", Rank, "", boardDraw(), [7]float64{1, 0, 2, 3, 4, 6, 5}},
		// Italy and Russia equal in every record; both ahead of Austria in 1904.
		{"hbg", Rank, "", boardElim(), [7]float64{6, 1, 2, 3, 4, 4, 0}},
		{"hti", Rank, "", boardElim(), [7]float64{0, 0, 0, 0, 1, 1, 0}},
		// hti is not forced to 0 for the dead: Austria and Russia own 0 in 1909, the only record.
		{"hti", Rank, "", boardSolo(), [7]float64{1, 0, 0, 0, 0, 1, 0}},
		{"hti", Rank, "", boardDraw(), [7]float64{0, 0, 0, 0, 0, 0, 0}},
	}
	for _, tt := range tests {
		d := Definition{Name: "word " + tt.word, Criterion: tt.crit}
		for i := range SlotProvisional {
			d.Formulas[i] = tt.word
		}
		d.Formulas[SlotProvisional] = tt.prov
		s, err := Compile(d)
		if err != nil {
			t.Fatalf("%s: %v", tt.word, err)
		}
		r, err := s.Score(tt.game)
		if err != nil {
			t.Errorf("%s (%s): %v", tt.word, tt.crit, err)
			continue
		}
		for p := range dip.NumPowers {
			if math.Abs(r.Scores[p]-tt.want[p]) > 1e-9 {
				t.Errorf("%s (%s): %s = %g, want %g", tt.word, tt.crit, dip.Power(p), r.Scores[p], tt.want[p])
			}
		}
	}
}
