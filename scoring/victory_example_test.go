package scoring_test

import (
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// A game under the 2003 Regatta rule: France and Germany, tied above everyone and growing, may call a two-way
// draw vote at the end of 1910; they play on, and Germany wins at the end of 1911 with 17 centres (the 1911
// target is 10; Germany grew from 15 and France has 14).
func ExampleVictoryRule_Check() {
	r, err := scoring.ParseVictoryRule("regatta-2003")
	if err != nil {
		panic(err)
	}
	row := func(y, fra, ger, rus int) scoring.Year {
		var h scoring.Year
		h.Year = y
		h.Centres[dip.France], h.Centres[dip.Germany], h.Centres[dip.Russia] = fra, ger, rus
		return h
	}
	o := r.Check([]scoring.Year{row(1908, 13, 13, 6), row(1909, 14, 14, 6), row(1910, 15, 15, 4),
		row(1911, 14, 17, 3)})
	for i, y := range o.DrawVoteYears {
		fmt.Printf("%d: a two-way draw vote may be called (%s, %s)\n", y, o.DrawVoters[i][0], o.DrawVoters[i][1])
	}
	fmt.Printf("%d: %s wins with %d centres\n", o.Victory.Year, o.Victory.Power, o.Victory.Centres)
	// Output:
	// 1910: a two-way draw vote may be called (France, Germany)
	// 1911: Germany wins with 17 centres
}
