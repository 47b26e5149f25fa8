package scoring_test

import (
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// Scoring a five-way draw in 1908 under the DipCon XXXIV system of the DTM manual: each drawer gets 33 - 8,
// Russia (out in 1904) 4 - 11 and Turkey (out in 1906) 6 - 11.
func ExampleSystem_Score() {
	d, _ := scoring.Lookup("DipCon XXXIV (2001)")
	s, err := scoring.Compile(d)
	if err != nil {
		panic(err)
	}
	r, err := s.Score(scoring.Game{
		FinalYear:  1908,
		Centres:    [dip.NumPowers]int{9, 9, 7, 5, 3, 0, 0},
		Eliminated: [dip.NumPowers]int{dip.Russia: 1904, dip.Turkey: 1906},
		Winners:    []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy},
	})
	if err != nil {
		panic(err)
	}
	for p := range dip.NumPowers {
		fmt.Printf("%s %g (%s)\n", dip.Power(p).Code(), r.Scores[p], r.Slot[p])
	}
	// Output:
	// aus 25 (Five-way draw / 5th)
	// eng 25 (Five-way draw / 5th)
	// fra 25 (Five-way draw / 5th)
	// ger 25 (Five-way draw / 5th)
	// ita 25 (Five-way draw / 5th)
	// rus -7 (Elimination or survival)
	// tur -5 (Elimination or survival)
}

// A director's own system with a mistake in two formulae: every bad formula is reported at once.
func ExampleCompile() {
	_, err := scoring.Compile(scoring.Definition{
		Name:      "Mine",
		Criterion: scoring.Rank,
		Formulas:  [scoring.NumFormulas]string{"scss + 10", "scs + 5", "", "", "", "", "", "2 * yrss", ""},
	})
	fmt.Println(err)
	// Output:
	// Solo victory / 1st: unknown word "scss" at column 1; did you mean "scs"?
	// Elimination or survival: unknown word "yrss" at column 5; did you mean "yrs"?
}
