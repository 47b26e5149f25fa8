package scoring

import "github.com/armada-dtm/dtm/internal/dip"

// NormanClass is the group a power falls in under David Norman's single-round ranking.
type NormanClass int

// Norman's three groups, best first: every game winner beats every draw participant, who beats every other
// player.
const (
	NormanWin  NormanClass = iota // the single winner of the game, reached on the board or conceded
	NormanDraw                    // a participant in a draw
	NormanLoss                    // every other power: survivors outside the winning set, and the eliminated
)

// NormanResult is one power's result in one game, as David Norman's ranking compares results ("Variable
// Length Tournament Diplomacy"). Results of different games compare as well, which ranks a one-round event
// or breaks ties between players from different boards.
type NormanResult struct {
	Class NormanClass
	// Year is, for a win, the winning year (the game's final year); otherwise the power's last game-year: its
	// elimination year, or the game's final year if it survived or no elimination year was entered.
	Year int
	// DrawSize is the number of powers in the draw, for a draw participant; else 0.
	DrawSize int
	// Centres is the power's final centre count.
	Centres int
	// earlier holds, for a win, the power's centres at the end of each year before Year, the most recent
	// first, down to 1901; -1 where the game's chart lacks the year.
	earlier []int
}

// Norman returns the Norman result of every power of g. g should be valid (System.Validate); with an unknown
// power among the winners, every power is ranked as a loss.
func Norman(g Game) [dip.NumPowers]NormanResult {
	var res [dip.NumPowers]NormanResult
	for p := range dip.NumPowers {
		r := &res[p]
		r.Centres = g.Centres[p]
		r.Class = NormanLoss
		r.Year = g.FinalYear
		if g.Centres[p] == 0 && g.Eliminated[p] != 0 {
			r.Year = g.Eliminated[p]
		}
	}
	for _, w := range g.Winners {
		if w < 0 || w >= dip.NumPowers {
			return res // not a valid game: Validate reports it
		}
	}
	switch len(g.Winners) {
	case 0:
	case 1:
		r := &res[g.Winners[0]]
		r.Class = NormanWin
		for y := g.FinalYear - 1; y >= 1901; y-- {
			c := -1
			for _, h := range g.History {
				if h.Year == y {
					c = h.Centres[g.Winners[0]]
				}
			}
			r.earlier = append(r.earlier, c)
		}
	default:
		for _, w := range g.Winners {
			res[w].Class, res[w].DrawSize = NormanDraw, len(g.Winners)
		}
	}
	return res
}

// Compare returns a negative number when a ranks ahead of b, a positive one when b ranks ahead of a, and 0 when
// they tie. Following Norman: game winners beat draw participants, who beat everyone else. Winners rank by
// winning year, earlier first, then by final centres, more first, then by their centres at the end of the
// previous years, going back a year at a time until they differ (years missing from either game's chart are
// skipped). Draw participants rank by the size of the draw, smaller first, then by final centres. The rest
// rank by years played (the last game-year, later first), then by final centres.
func (a NormanResult) Compare(b NormanResult) int {
	if a.Class != b.Class {
		return int(a.Class) - int(b.Class)
	}
	switch a.Class {
	case NormanWin:
		if a.Year != b.Year {
			return a.Year - b.Year
		}
		if a.Centres != b.Centres {
			return b.Centres - a.Centres
		}
		for i := range min(len(a.earlier), len(b.earlier)) {
			x, y := a.earlier[i], b.earlier[i]
			if x >= 0 && y >= 0 && x != y {
				return y - x
			}
		}
		return 0
	case NormanDraw:
		if a.DrawSize != b.DrawSize {
			return a.DrawSize - b.DrawSize
		}
	default:
		if a.Year != b.Year {
			return b.Year - a.Year
		}
	}
	return b.Centres - a.Centres
}

// NormanRank ranks the seven powers of one game by Norman's single-round ranking (see NormanResult.Compare):
// 1 is best, and powers that tie share the better place, the next place being skipped (1, 2, 2, 4).
func NormanRank(g Game) [dip.NumPowers]int {
	res := Norman(g)
	var rank [dip.NumPowers]int
	for p := range dip.NumPowers {
		rank[p] = 1
		for q := range dip.NumPowers {
			if res[q].Compare(res[p]) < 0 {
				rank[p]++
			}
		}
	}
	return rank
}
