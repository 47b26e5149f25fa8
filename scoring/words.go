package scoring

import (
	"slices"

	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/internal/dip"
)

// words fills the words of every power of g (all but prov and its aggregates), as formulas.md defines them.
// g has been validated.
func (s *System) words(g *Game, env *[dip.NumPowers]formula.Env) {
	var (
		c       = &g.Centres
		lastY   [dip.NumPowers]int // the power's final game-year: elimination year, else the game's last year
		inWin   [dip.NumPowers]bool
		ldr     int
		winScs  int
		holders int
	)
	for _, w := range g.Winners {
		inWin[w] = true
		winScs += c[w]
	}
	for p := range dip.NumPowers {
		lastY[p] = g.FinalYear
		if c[p] == 0 && g.Eliminated[p] != 0 {
			lastY[p] = g.Eliminated[p]
		}
		ldr = max(ldr, c[p])
		if c[p] > 0 {
			holders++
		}
	}
	sorted := *c
	slices.SortFunc(sorted[:], func(a, b int) int { return b - a })
	var cnc float64
	if g.Conceded {
		cnc = 1
	}
	ctrs := centreSums(g, &lastY)
	hbg, hti := historyRanks(g)
	sumc, mulc, minc, maxc := aggregate(ctrs)

	for p := range dip.NumPowers {
		e := &env[p]
		*e = formula.Env{}
		switch dip.Power(p) {
		case dip.Austria:
			e.Aus = 1
		case dip.England:
			e.Eng = 1
		case dip.France:
			e.Fra = 1
		case dip.Germany:
			e.Ger = 1
		case dip.Italy:
			e.Ita = 1
		case dip.Russia:
			e.Rus = 1
		case dip.Turkey:
			e.Tur = 1
		}
		e.Yrs = float64(lastY[p] - 1900)
		e.Scs = float64(c[p])
		e.Ldr = float64(ldr)
		e.Sec = float64(sorted[1])
		e.Cnc = cnc
		var big, tie, elb, elt, low int
		for q := range dip.NumPowers {
			switch {
			case c[q] > c[p]:
				big++
			case c[q] < c[p]:
				low += c[q]
			case q != p && c[p] > 0:
				tie++
			}
			if c[p] == 0 && c[q] == 0 && q != p {
				if lastY[q] > lastY[p] {
					elb++
				} else if lastY[q] == lastY[p] {
					elt++
				}
			}
		}
		e.Big, e.Tie, e.Elb, e.Elt, e.Low = float64(big), float64(tie), float64(elb), float64(elt), float64(low)
		switch s.def.Criterion {
		case WinDraw:
			e.Num = float64(len(g.Winners))
			e.Srv = float64(34 - winScs)
		case Rank:
			e.Num = float64(holders)
			e.Srv = float64(34 - ldr)
		case Both:
			if inWin[p] {
				e.Num = float64(len(g.Winners))
			}
			e.Srv = float64(34 - winScs)
		}
		e.Ctrs, e.Sumc, e.Avgc, e.Mulc, e.Minc, e.Maxc = ctrs[p], sumc, sumc/dip.NumPowers, mulc, minc, maxc
		e.Hbg, e.Hti = float64(hbg[p]), float64(hti[p])
	}
}

// centreSums returns each power's ctrs: its centres summed over the recorded years up to its final year.
func centreSums(g *Game, lastY *[dip.NumPowers]int) [dip.NumPowers]float64 {
	var ctrs [dip.NumPowers]float64
	for _, h := range g.History {
		for p := range dip.NumPowers {
			if h.Year <= lastY[p] {
				ctrs[p] += float64(h.Centres[p])
			}
		}
	}
	return ctrs
}

// historyRanks returns hbg and hti: for each power, the number of powers ranked above it and the number of
// other powers equal to it, comparing final centres and then the recorded years before the final one, the
// most recent first.
func historyRanks(g *Game) (hbg, hti [dip.NumPowers]int) {
	for p := range dip.NumPowers {
		for q := range dip.NumPowers {
			if q == p {
				continue
			}
			switch compareHistory(g, q, p) {
			case 1:
				hbg[p]++
			case 0:
				hti[p]++
			}
		}
	}
	return hbg, hti
}

// compareHistory returns 1 if power a ranks above b by final centres and then by the most recent earlier
// recorded year in which they differed, -1 if below, 0 if they are equal in every recorded year.
func compareHistory(g *Game, a, b int) int {
	if x, y := g.Centres[a], g.Centres[b]; x != y {
		return cmpInt(x, y)
	}
	for i := len(g.History) - 1; i >= 0; i-- {
		h := &g.History[i]
		if h.Year >= g.FinalYear {
			continue
		}
		if x, y := h.Centres[a], h.Centres[b]; x != y {
			return cmpInt(x, y)
		}
	}
	return 0
}

func cmpInt(x, y int) int {
	if x > y {
		return 1
	}
	return -1
}
