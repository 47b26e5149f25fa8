package scoring

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Property is a property of a scoring system that Audit checks over random legal games.
type Property int

const (
	// MoreCentres: a power's score does not fall when it takes a centre from another (no solo either side).
	MoreCentres Property = iota
	// SoloBeatsDraw: in any game-year, a soloist scores more than any power of a game without a solo.
	SoloBeatsDraw
	// EqualResults: powers with the same result on one board (centres, elimination year, draw) score alike.
	EqualResults
	// BoardTotal: a board without a solo, its 34 centres all owned, adds up to the total the system claims
	// (Definition.Total).
	BoardTotal
	numProperties
)

var propertyNames = [numProperties]string{
	"a power never scores less for taking a centre",
	"a solo beats every result without one",
	"equal results score alike",
	"a board adds up to the claimed total",
}

// String returns the property in words.
func (p Property) String() string { return propertyNames[p] }

// Finding is what Audit found for one property.
type Finding struct {
	Property Property
	Checked  int    // cases checked (0: the property does not apply, e.g. no claimed total)
	Failed   int    // cases that broke it
	Example  string // the worst failure, as a concrete game; "" when none failed
	worst    float64
}

// AuditReport is the result of Audit: a finding for each property, and the range of board totals seen in games
// without a solo whose 34 centres are all owned.
type AuditReport struct {
	System           string
	Games            int
	Findings         [numProperties]Finding
	TotalSeen        bool // a game without a solo had all 34 centres owned
	TotalLo, TotalHi float64
}

// Audit scores games random legal games (and a centre transfer in each) under the system, seeded by seed so
// that a run can be repeated, and checks the Property values. A system is not safe for concurrent use, so
// neither is Audit on one System.
func Audit(s *System, games int, seed uint64) AuditReport {
	a := auditor{s: s, rng: rand.New(rand.NewPCG(seed, 0x64746d))}
	r := AuditReport{System: s.def.Name, Games: games, TotalLo: math.Inf(1), TotalHi: math.Inf(-1)}
	for i := range r.Findings {
		r.Findings[i].Property = Property(i)
	}
	type extreme struct {
		score float64
		game  Game
		power dip.Power
	}
	soloLow := map[int]extreme{} // by final year: the lowest soloist's score
	plainHigh := map[int]extreme{}
	for i := range games {
		g := randomGame(a.rng, s, i%4 == 0)
		res, err := s.Score(g)
		if err != nil {
			continue // a game this system refuses (e.g. after its final game-year)
		}
		solo := len(g.Winners) == 1 && (g.Conceded || g.Centres[g.Winners[0]] > 17)
		a.equalResults(&r.Findings[EqualResults], g, res.Scores)
		if solo {
			w := g.Winners[0]
			if e, ok := soloLow[g.FinalYear]; !ok || res.Scores[w] < e.score {
				soloLow[g.FinalYear] = extreme{res.Scores[w], g, w}
			}
			continue
		}
		for p, v := range res.Scores {
			if e, ok := plainHigh[g.FinalYear]; !ok || v > e.score {
				plainHigh[g.FinalYear] = extreme{v, g, dip.Power(p)}
			}
		}
		a.total(&r, g, res.Scores)
		a.transfer(&r.Findings[MoreCentres], g, res.Scores)
	}
	f := &r.Findings[SoloBeatsDraw]
	for year, lo := range soloLow {
		hi, ok := plainHigh[year]
		if !ok {
			continue
		}
		f.Checked++
		if hi.score >= lo.score {
			f.fail(hi.score-lo.score, fmt.Sprintf("%s scores %s without a solo (%s) but %s scores %s for a solo (%s)",
				hi.power, num(hi.score), describe(hi.game), lo.power, num(lo.score), describe(lo.game)))
		}
	}
	r.TotalSeen = r.TotalLo <= r.TotalHi
	if !r.TotalSeen {
		r.TotalLo, r.TotalHi = 0, 0
	}
	return r
}

// fail counts a failure and keeps it as the example when it is the worst so far.
func (f *Finding) fail(by float64, example string) {
	f.Failed++
	if f.Example == "" || by > f.worst {
		f.Example, f.worst = example, by
	}
}

// auditor makes random legal games for one system.
type auditor struct {
	s   *System
	rng *rand.Rand
}

// aliveIn returns the powers with centres, in power order.
func aliveIn(g Game) []dip.Power {
	var ps []dip.Power
	for p := dip.Austria; p < dip.NumPowers; p++ {
		if g.Centres[p] > 0 {
			ps = append(ps, p)
		}
	}
	return ps
}

// transfer moves one centre between two random powers of g, as checkTransfer.
func (a *auditor) transfer(f *Finding, g Game, before [dip.NumPowers]float64) {
	alive := aliveIn(g)
	a.checkTransfer(f, g, before, alive[a.rng.IntN(len(alive))], alive[a.rng.IntN(len(alive))])
}

// checkTransfer moves a centre of g from giver to taker, unless that makes a solo, and checks that the taker's
// score does not fall.
func (a *auditor) checkTransfer(f *Finding, g Game, before [dip.NumPowers]float64, taker, giver dip.Power) {
	if taker == giver || g.Centres[taker] >= 17 || g.Centres[giver] == 0 {
		return
	}
	h := g
	h.Centres[taker]++
	h.Centres[giver]--
	if h.Centres[giver] == 0 {
		h.Eliminated[giver] = h.FinalYear
	}
	if len(g.Winners) > 0 {
		h.Winners = aliveIn(h)
	}
	if len(h.History) > 0 {
		h.History = []Year{{h.FinalYear, h.Centres}}
	}
	res, err := a.s.Score(h)
	if err != nil {
		return
	}
	f.Checked++
	if after := res.Scores[taker]; after < before[taker]-1e-9 {
		f.fail(before[taker]-after, fmt.Sprintf("%s (%d centres) takes a centre from %s (%d): %s falls from %s to %s; "+
			"before: %s", taker, g.Centres[taker], giver, g.Centres[giver], taker, num(before[taker]), num(after),
			describe(g)))
	}
}

// equalResults checks that powers with the same centres, elimination year and place in the draw score alike.
func (a *auditor) equalResults(f *Finding, g Game, scores [dip.NumPowers]float64) {
	var inWin [dip.NumPowers]bool
	for _, w := range g.Winners {
		inWin[w] = true
	}
	for p := dip.Austria; p < dip.NumPowers; p++ {
		for q := p + 1; q < dip.NumPowers; q++ {
			if g.Centres[p] != g.Centres[q] || g.Eliminated[p] != g.Eliminated[q] || inWin[p] != inWin[q] {
				continue
			}
			f.Checked++
			if d := math.Abs(scores[p] - scores[q]); d > 1e-9 {
				f.fail(d, fmt.Sprintf("%s scores %s and %s %s with the same result: %s", p, num(scores[p]), q,
					num(scores[q]), describe(g)))
			}
		}
	}
}

// total records the board's total and checks it against the claimed one.
func (a *auditor) total(r *AuditReport, g Game, scores [dip.NumPowers]float64) {
	sum := 0.0
	for _, v := range scores {
		sum += v
	}
	owned := 0
	for _, c := range g.Centres {
		owned += c
	}
	claim := a.s.def.Total
	if owned < 34 {
		return // a claim holds for a board whose 34 centres are all owned
	}
	r.TotalLo, r.TotalHi = min(r.TotalLo, sum), max(r.TotalHi, sum)
	if claim == 0 {
		return
	}
	f := &r.Findings[BoardTotal]
	f.Checked++
	if d := math.Abs(sum - claim); d > 1e-6 {
		f.fail(d, fmt.Sprintf("the board adds up to %s, not %s: %s", num(sum), num(claim), describe(g)))
	}
}

// describe writes a game in one line: "1907: Austria 14, England 6, ..., Italy out 1905; draw Austria,
// England".
func describe(g Game) string {
	var parts []string
	for p := dip.Austria; p < dip.NumPowers; p++ {
		if g.Centres[p] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", p, g.Centres[p]))
		} else {
			parts = append(parts, fmt.Sprintf("%s out %d", p, g.Eliminated[p]))
		}
	}
	s := fmt.Sprintf("%d: %s", g.FinalYear, strings.Join(parts, ", "))
	switch {
	case len(g.Winners) == 1:
		s += "; won by " + g.Winners[0].String()
	case len(g.Winners) > 1:
		s += fmt.Sprintf("; %d-way draw", len(g.Winners))
	}
	return s
}

// num writes a score with at most two decimals: 71.43, 71.
func num(v float64) string {
	if v = RoundTo(v, 2); v == 0 {
		return "0" // never "-0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
