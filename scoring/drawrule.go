package scoring

import (
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
)

// DrawRule is a tournament's house rule on when a game may end in a draw or a concession, which a GM enforces
// at the board: DixieCon's is no vote before the Fall 1905 adjudication (EarliestYear 1905) and a concession
// only to a power with 12 or more centres and no fewer than any other. The zero DrawRule allows any.
type DrawRule struct {
	EarliestYear      int  // 0, or the first game-year in which a draw or concession may end a game
	ConcessionCentres int  // the least centres the power conceded to must own (0: any)
	ConcessionLargest bool // the power conceded to must own no fewer centres than any other
}

// Check returns a *GameError for each way a recorded draw or concession breaks the rule: the year (Field
// "year", the whole board), or the concession (Field "conceded", the power conceded to). A win on the board and
// a game ended without a draw are never refused.
func (r DrawRule) Check(g Game) []error {
	conceded := g.Conceded && len(g.Winners) == 1
	if !conceded && len(g.Winners) < 2 {
		return nil
	}
	what := fmt.Sprintf("a %d-way draw", len(g.Winners))
	if conceded {
		what = "a concession"
	}
	var errs []error
	if r.EarliestYear != 0 && g.FinalYear < r.EarliestYear {
		errs = append(errs, &GameError{Power: dip.Board, Field: "year",
			Msg: fmt.Sprintf("%s in %d, before %d, the earliest year the house rules allow one", what, g.FinalYear,
				r.EarliestYear)})
	}
	if !conceded {
		return errs
	}
	w := g.Winners[0]
	if w < 0 || w >= dip.NumPowers {
		return errs
	}
	if c := g.Centres[w]; c < r.ConcessionCentres {
		errs = append(errs, &GameError{Power: w, Field: "conceded",
			Msg: fmt.Sprintf("was conceded the game with %d centres; the house rules need %d or more", c,
				r.ConcessionCentres)})
	}
	if r.ConcessionLargest {
		for p := dip.Austria; p < dip.NumPowers; p++ {
			if g.Centres[p] > g.Centres[w] {
				errs = append(errs, &GameError{Power: w, Field: "conceded",
					Msg: fmt.Sprintf("was conceded the game with %d centres, fewer than %s's %d; the house rules "+
						"concede only to a power with no fewer centres than any other", g.Centres[w], p, g.Centres[p])})
				break
			}
		}
	}
	return errs
}
