package scoring

import (
	"errors"
	"fmt"

	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/internal/dip"
)

// Result is the score of one game.
type Result struct {
	Scores [dip.NumPowers]float64
	Words  [dip.NumPowers]formula.Env // every word's value for each power, prov and its aggregates included
	Slot   [dip.NumPowers]Slot        // the formula each power got; for an averaged SC tie, the first of them
}

// Score validates g (see Validate) and scores it: the words of every power, then the provisional formula for
// all seven, then each power's formula chosen by the system's end-game criterion, averaged over an SC tie
// when the system says so, plus prov in Both mode.
func (s *System) Score(g Game) (Result, error) {
	var r Result
	if errs := s.problems(&g); len(errs) > 0 {
		return r, errors.Join(errs...)
	}
	s.words(&g, &r.Words)
	if s.hasProv {
		if err := s.provisional(&r.Words); err != nil {
			return r, err
		}
	}
	var inWin [dip.NumPowers]bool
	for _, w := range g.Winners {
		inWin[w] = true
	}
	for p := range dip.NumPowers {
		e := &r.Words[p]
		first, last := SlotElimination, SlotElimination
		switch {
		case s.def.Criterion == WinDraw:
			if inWin[p] {
				first = Slot(len(g.Winners) - 1)
				last = first
			}
		case e.Scs > 0:
			first = Slot(e.Big)
			last = first
			if s.def.AverageTies {
				last = first + Slot(e.Tie)
			}
		}
		sum := 0.0
		for slot := first; slot <= last; slot++ {
			v, err := s.progs[slot].Eval(e)
			if err != nil {
				return r, fmt.Errorf("%s: %s formula: %w", dip.Power(p), slot, err)
			}
			sum += v
		}
		r.Slot[p] = first
		r.Scores[p] = sum / float64(last-first+1)
		if s.def.Criterion == Both {
			r.Scores[p] += e.Prov
		}
	}
	return r, nil
}

// provisional evaluates the provisional formula for all seven powers and sets prov and its aggregates.
func (s *System) provisional(env *[dip.NumPowers]formula.Env) error {
	var prov [dip.NumPowers]float64
	for p := range dip.NumPowers {
		v, err := s.progs[SlotProvisional].Eval(&env[p])
		if err != nil {
			return fmt.Errorf("%s: %s formula: %w", dip.Power(p), SlotProvisional, err)
		}
		prov[p] = v
	}
	sum, mul, lo, hi := aggregate(prov)
	for p := range dip.NumPowers {
		e := &env[p]
		e.Prov, e.Sump, e.Avgp, e.Mulp, e.Minp, e.Maxp = prov[p], sum, sum/dip.NumPowers, mul, lo, hi
	}
	return nil
}

// aggregate returns the sum, product, smallest and largest of the seven
// powers' values (the words sump mulp minp maxp and sumc mulc minc maxc).
func aggregate(vs [dip.NumPowers]float64) (sum, mul, lo, hi float64) {
	sum, mul, lo, hi = 0, 1, vs[0], vs[0]
	for _, v := range vs {
		sum += v
		mul *= v
		lo = min(lo, v)
		hi = max(hi, v)
	}
	return sum, mul, lo, hi
}
