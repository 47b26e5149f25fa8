package scoring

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
)

// legalTries is how many random games LegalGame draws before it gives up on finding one that the system, the
// victory rule and the draw rule all accept.
const legalTries = 1000

// ErrNoLegalGame reports a system and rules under which LegalGame found no legal game.
var ErrNoLegalGame = errors.New("no random game is legal")

// LegalGame returns a random game that s scores and that keeps the victory rule v and the draw rule d, drawn
// with rng as Audit draws its games (a solo one game in four): a chart of every year from 1901 to the final year
// when chart is set or the system or the rule needs one, in which each power grows from its home centres
// towards its final count and an eliminated power loses its last centre in its elimination year. A power that
// the chart shows reaching victory under v ends the game then, as its winner. It gives up with ErrNoLegalGame
// after a thousand games that are refused (by a system whose final game-year comes early, say).
func (s *System) LegalGame(rng *rand.Rand, v VictoryRule, d DrawRule, chart bool) (Game, error) {
	chart = chart || s.history || !v.classic()
	var last error
	for range legalTries {
		g := randomGame(rng, s, rng.IntN(4) == 0)
		g.History = nil
		if chart {
			g = ended(randomChart(rng, g), v)
		}
		errs := append(v.CheckResult(g), d.Check(g)...)
		if _, err := s.Score(g); err != nil {
			errs = append(errs, err)
		}
		if len(errs) == 0 {
			return g, nil
		}
		last = errors.Join(errs...)
	}
	return Game{}, fmt.Errorf("%w under %q after %d games (the last: %v)", ErrNoLegalGame, s.def.Name, legalTries, last)
}

// classic reports whether a game's final centres alone settle its result under the rule: 18 centres in any
// year, no lead, growth or draw vote.
func (r VictoryRule) classic() bool {
	return r.Lead == 0 && !r.MustGrow && !r.DrawVote && !slices.ContainsFunc(r.Targets, func(t int) bool { return t != 18 })
}

// randomChart gives g a chart of every year from 1901 to its final year: each power from its home centres
// towards its final count (an eliminated power towards one centre the year before its elimination, none from
// then on), a centre more or less at random, no power on 18 before the final year and at most 34 centres owned
// in any year.
func randomChart(rng *rand.Rand, g Game) Game {
	g.History = make([]Year, 0, g.FinalYear-1900)
	for y := 1901; y <= g.FinalYear; y++ {
		h := Year{Year: y}
		if y == g.FinalYear {
			h.Centres = g.Centres
			g.History = append(g.History, h)
			break
		}
		total := 0
		for p := range dip.Power(dip.NumPowers) {
			end, at := g.Centres[p], g.FinalYear
			if e := g.Eliminated[p]; e != 0 {
				if y >= e {
					continue
				}
				end, at = 1, e-1
			}
			home := homeCentres[p]
			c := home + (end-home)*(y-1900)/(at-1900) + rng.IntN(3) - 1
			h.Centres[p] = min(max(c, 1), 17)
			total += h.Centres[p]
		}
		for total > 34 {
			if p := rng.IntN(dip.NumPowers); h.Centres[p] > 1 {
				h.Centres[p]--
				total--
			}
		}
		g.History = append(g.History, h)
	}
	return g
}

// ended cuts a game short at the year its chart shows a victory under r, with the victor as its winner: the
// game ended then.
func ended(g Game, r VictoryRule) Game {
	v := r.Check(g.History).Victory
	if v == nil || (v.Year == g.FinalYear && slices.Equal(g.Winners, []dip.Power{v.Power})) {
		return g
	}
	g.History = g.History[:v.Year-1900]
	g.FinalYear = v.Year
	g.Centres = g.History[len(g.History)-1].Centres
	for p := range dip.Power(dip.NumPowers) {
		if g.Centres[p] > 0 {
			g.Eliminated[p] = 0
		}
	}
	g.Winners, g.Conceded = []dip.Power{v.Power}, false
	return g
}

// randomGame returns a random legal game under s: a final year from 1902 to 1912, 2 to 7 survivors sharing the centres
// (all 34 after 1903), the others out in a random earlier year; a solo when solo is set, otherwise nobody on
// 18. A Win/Draw system gets a draw of every survivor; a Both system one game in two.
func randomGame(rng *rand.Rand, s *System, solo bool) Game {
	g := Game{FinalYear: 1902 + rng.IntN(11)}
	order := rng.Perm(dip.NumPowers)
	n := 2 + rng.IntN(6)
	total := 34
	if g.FinalYear <= 1903 {
		total -= rng.IntN(5)
	}
	for {
		weights := make([]float64, n)
		for i := range weights {
			weights[i] = rng.Float64() * rng.Float64()
		}
		centres := make([]int, n)
		left := total
		if solo {
			centres[0] = 18 + rng.IntN(total-18-(n-1)+1)
			left -= centres[0]
		}
		for i := range centres {
			if centres[i] == 0 {
				centres[i] = 1
				left--
			}
		}
		for ; left > 0; left-- {
			centres[pick(rng, weights, solo)]++
		}
		big := 0
		for i, c := range centres {
			if i > 0 || !solo {
				big = max(big, c)
			}
		}
		if big > 17 {
			continue
		}
		for i, c := range centres {
			g.Centres[order[i]] = c
		}
		break
	}
	for _, p := range order[n:] {
		g.Eliminated[p] = 1901 + rng.IntN(g.FinalYear-1900)
	}
	switch {
	case solo:
		g.Winners = []dip.Power{dip.Power(order[0])}
	case s.def.Criterion == WinDraw || (s.def.Criterion == Both && rng.IntN(2) == 0):
		g.Winners = aliveIn(g)
	}
	if s.history {
		g.History = []Year{{g.FinalYear, g.Centres}}
	}
	return g
}

// pick draws an index in proportion to weights; with solo, never the soloist (index 0).
func pick(rng *rand.Rand, weights []float64, solo bool) int {
	from := 0
	if solo && len(weights) > 1 {
		from = 1
	}
	sum := 0.0
	for _, w := range weights[from:] {
		sum += w
	}
	x := rng.Float64() * sum
	for i := from; i < len(weights); i++ {
		x -= weights[i]
		if x < 0 {
			return i
		}
	}
	return len(weights) - 1
}
