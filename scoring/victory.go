package scoring

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// VictoryRule says when a game ends in a victory on the board. At the end of each game-year (the start of the
// winter adjustments) a power wins when it meets every condition of the rule at once:
//   - it owns at least Target(year) centres;
//   - it leads: with Lead 1 it owns more centres than any other power, with Lead 2 at least two more than
//     each other power, and so on; with Lead 0 there is no lead condition, and the power with the most centres
//     among those meeting the other conditions wins (no one wins that year if two of them tie);
//   - with MustGrow, it owns more centres than at the end of the year before (for 1901, more than its home
//     centres: 4 for Russia, 3 for the others).
//
// With DrawVote, the 2003 Regatta's two-way draw vote applies as well (see Check).
//
// The built-in rules, by the name ParseVictoryRule reads:
//
//	classic        18 centres in any year; no lead or growth condition (the standard rules)
//	regatta-2002   18 up to 1905, then 17 16 15 14 12 10 8 (1912), then 6 from 1913;
//	               at least two more centres than each other power (Lead 2); must grow
//	regatta-2003   the same targets; more centres than any other power (Lead 1); must grow; two-way draw vote
//	norman         18 up to 1904, then 17 15 14 12 11 9 8 6 (1912), then 5 from 1913;
//	               more centres than any other power (Lead 1); must grow
//	norman-short-N Norman's table with N of its four leading 18s removed (N from 1 to 4), so every target
//	               comes N years earlier: norman-short-3 is 18 in 1901, 17 in 1902, 15 in 1903 ... 5 from 1910
//
// The zero VictoryRule is the classic rule.
type VictoryRule struct {
	// Name is the built-in name ("regatta-2003"), or the rule as written for a custom table.
	Name string
	// Targets[i] is the number of centres needed to win in game-year 1901+i; the last target holds for every
	// later year. Empty means 18 in every year.
	Targets []int
	// Lead is how many more centres than every other power the winner must own: 0 for no lead condition, 1 for
	// more than any other power, 2 for at least two more.
	Lead int
	// MustGrow requires the winner to have grown in the year just played.
	MustGrow bool
	// DrawVote enables the 2003 Regatta's two-way draw vote.
	DrawVote bool
}

// Target returns the number of centres needed to win at the end of the given game-year. Years before 1901 get
// the first target.
func (r VictoryRule) Target(year int) int {
	if len(r.Targets) == 0 {
		return 18
	}
	return r.Targets[min(max(year-1901, 0), len(r.Targets)-1)]
}

// regattaTargets is the victory table of the 2002 and 2003 ARMADA Regattas, from 1901: "1901-1905 | 1906 |
// ... | 1913+" over "18 | 17 | 16 | 15 | 14 | 12 | 10 | 8 | 6".
var regattaTargets = []int{18, 18, 18, 18, 18, 17, 16, 15, 14, 12, 10, 8, 6}

// normanTargets is David Norman's table, from 1901: "1904 1905 ... 1913+" over "18 17 15 14 12 11 9 8 6 5", the
// 1904 column standing for 1901 to 1904.
var normanTargets = []int{18, 18, 18, 18, 17, 15, 14, 12, 11, 9, 8, 6, 5}

// normanLeading18s is the number of leading 18s in Norman's table (1901 to 1904), the most that shortening
// can remove.
const normanLeading18s = 4

// builtinRule returns the built-in rule of a lower-case name, and whether there is one.
func builtinRule(name string) (VictoryRule, bool, error) {
	switch name {
	case "classic":
		return VictoryRule{Name: "classic", Targets: []int{18}}, true, nil
	case "regatta-2002":
		return VictoryRule{Name: name, Targets: slices.Clone(regattaTargets), Lead: 2, MustGrow: true}, true, nil
	case "regatta-2003":
		return VictoryRule{Name: name, Targets: slices.Clone(regattaTargets), Lead: 1, MustGrow: true,
			DrawVote: true}, true, nil
	case "norman":
		return VictoryRule{Name: name, Targets: slices.Clone(normanTargets), Lead: 1, MustGrow: true}, true, nil
	}
	n, ok := strings.CutPrefix(name, "norman-short-")
	if !ok {
		return VictoryRule{}, false, nil
	}
	k, err := strconv.Atoi(n)
	if err != nil || k < 1 || k > normanLeading18s {
		return VictoryRule{}, false, fmt.Errorf("the Norman table can be shortened by 1 to %d years (its leading "+
			"18s), so write norman-short-1 to norman-short-%d", normanLeading18s, normanLeading18s)
	}
	return VictoryRule{Name: name, Targets: slices.Clone(normanTargets[k:]), Lead: 1, MustGrow: true}, true, nil
}

// ParseVictoryRule reads a victory rule: a built-in name (classic, regatta-2002, regatta-2003, norman,
// norman-short-N; any case) or a custom table, optionally followed by options, all separated by ";".
//
// A custom table is written one of two ways:
//
//	18,18,18,18,17,15,14,12,11,9,8,6,5      the targets of 1901, 1902, 1903 and so on
//	1904:18,1905:17,1906:15,1913+:5         each target holds from its year up to the next year listed
//
// In both forms the last target holds for every later year. In the second form the years must increase, the
// first target also holds for the years before its year, and the last year may be written with a "+" (1913+).
// Targets are whole numbers from 1 to 34; years run from 1901 to 2000. A custom table has Norman's conditions
// unless options say otherwise: more centres than any other power, grown in the year just played, no draw
// vote.
//
// The options, after the table or a built-in name, change the conditions:
//
//	lead=N      the winner needs N more centres than every other power (0: no lead condition)
//	grow        the winner must have grown in the year just played; no-grow drops the condition
//	draw-vote   the 2003 two-way draw vote applies; no-draw-vote drops it
//
// For example "regatta-2003; no-draw-vote" or "18,18,18,17,16,15,14,13,12,11,10; lead=2".
func ParseVictoryRule(s string) (VictoryRule, error) {
	parts := strings.Split(s, ";")
	head := strings.ToLower(strings.TrimSpace(parts[0]))
	if head == "" {
		return VictoryRule{}, fmt.Errorf("victory rule %q: empty (want classic, regatta-2002, regatta-2003, "+
			"norman, norman-short-N or a table of centres)", s)
	}
	r, ok, err := builtinRule(head)
	if err != nil {
		return VictoryRule{}, fmt.Errorf("victory rule %q: %w", s, err)
	}
	if !ok {
		if head[0] < '0' || head[0] > '9' {
			return VictoryRule{}, fmt.Errorf("victory rule %q: unknown (want classic, regatta-2002, regatta-2003, "+
				"norman, norman-short-N, or a table such as 18,18,18,18,17,15 or 1905:18,1906:17)", s)
		}
		if r, err = parseTable(head); err != nil {
			return VictoryRule{}, fmt.Errorf("victory rule %q: %w", s, err)
		}
	}
	for _, o := range parts[1:] {
		o = strings.ToLower(strings.TrimSpace(o))
		if o == "" {
			continue // a stray ";"
		}
		if err := r.option(o); err != nil {
			return VictoryRule{}, fmt.Errorf("victory rule %q: %w", s, err)
		}
	}
	if len(parts) > 1 || !ok {
		r.Name = strings.TrimSpace(s)
	}
	return r, nil
}

// option applies one option of a custom rule.
func (r *VictoryRule) option(o string) error {
	switch o {
	case "grow":
		r.MustGrow = true
	case "no-grow":
		r.MustGrow = false
	case "draw-vote":
		r.DrawVote = true
	case "no-draw-vote":
		r.DrawVote = false
	default:
		n, ok := strings.CutPrefix(o, "lead=")
		if !ok {
			return fmt.Errorf("option %q: unknown (want lead=N, grow, no-grow, draw-vote or no-draw-vote)", o)
		}
		k, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || k < 0 || k > 34 {
			return fmt.Errorf("option %q: the lead must be a whole number from 0 to 34", o)
		}
		r.Lead = k
	}
	return nil
}

// parseTable reads a custom table (lower case, trimmed) with Norman's conditions.
func parseTable(t string) (VictoryRule, error) {
	r := VictoryRule{Lead: 1, MustGrow: true}
	entries := strings.Split(t, ",")
	withYears := strings.Contains(t, ":")
	var years []int // the years of the second form, one per entry
	for i, e := range entries {
		e = strings.TrimSpace(e)
		where := fmt.Sprintf("entry %d %q", i+1, e)
		ys, cs, hasYear := strings.Cut(e, ":")
		if hasYear != withYears {
			return r, fmt.Errorf("%s: write every entry as YEAR:CENTRES, or none of them", where)
		}
		if !hasYear {
			cs = e
		}
		c, err := strconv.Atoi(strings.TrimSpace(cs))
		if err != nil || c < 1 || c > 34 {
			return r, fmt.Errorf("%s: the target must be a whole number of centres from 1 to 34", where)
		}
		r.Targets = append(r.Targets, c)
		if !hasYear {
			continue
		}
		ys, plus := strings.CutSuffix(strings.TrimSpace(ys), "+")
		if plus && i != len(entries)-1 {
			return r, fmt.Errorf("%s: only the last year can be written with a \"+\"", where)
		}
		y, err := strconv.Atoi(strings.TrimSpace(ys))
		switch {
		case err != nil || y < 1901 || y > 2000:
			return r, fmt.Errorf("%s: the year must be a game-year from 1901 to 2000", where)
		case len(years) > 0 && y <= years[len(years)-1]:
			return r, fmt.Errorf("%s: the years must increase (%d comes after %d)", where, y, years[len(years)-1])
		}
		years = append(years, y)
	}
	if withYears {
		byYear := r.Targets
		r.Targets = nil
		for y, k := 1901, 0; y <= years[len(years)-1]; y++ {
			if k+1 < len(years) && years[k+1] <= y {
				k++
			}
			r.Targets = append(r.Targets, byYear[k])
		}
	}
	return r, nil
}

// Outcome is what a game's centre chart says about how it ended under a victory rule.
type Outcome struct {
	// Victory is the first year-end at which a power met every condition of the rule; nil if none did.
	Victory *Victory
	// ContinuedTo is the last year of the chart when the chart goes on past the victory year; else 0.
	ContinuedTo int
	// DrawVoteYears are the years, up to the victory if any, in which a two-way draw vote may be called (rules
	// with DrawVote only), in chart order.
	DrawVoteYears []int
	// DrawVoters[i] are the two powers of the draw vote of DrawVoteYears[i], in board order.
	DrawVoters [][2]dip.Power
	// Unconfirmed lists, up to the victory if any, the year-ends at which a power met every condition but
	// growth, which cannot be established because the chart lacks the year before.
	Unconfirmed []Victory
}

// Victory is a win on the board: the year at whose end it was reached, the winner and its centres then.
type Victory struct {
	Year    int
	Power   dip.Power
	Centres int
}

// homeCentres are the powers' centres at the start of the game, the "year before" 1901.
var homeCentres = [dip.NumPowers]int{3, 3, 3, 3, 3, 4, 3}

// Check reads a game's centre chart (the centres at the end of each recorded game-year, in year order) and says
// whether and when the game ended in a victory under r.
//
// Years may be missing from the chart. A year is checked on its own centres; growth compares them with the
// year before, so when the chart lacks the year before (and the year is not 1901, which compares with the home
// centres), growth cannot be established: under a MustGrow rule no victory and no draw vote is found in that
// year, and a power that met every other condition is listed in Unconfirmed.
//
// With DrawVote (the 2003 Regatta, rule II.A), a two-way draw vote may be called at the end of a year when, in
// that year and in the year just before it, the same two powers both met the target of the year and (under a
// MustGrow rule, as the 2003 rule is) grew in it, and, tied with each other, both owned more centres than every
// other power. Each such year is reported (three
// such years in a row give two draw-vote years). Nothing after a victory is checked, except that ContinuedTo
// reports a chart that goes on past it.
func (r VictoryRule) Check(history []Year) Outcome {
	var o Outcome
	prev := Year{Year: 1900, Centres: homeCentres}
	var pair, prevPair *[2]dip.Power
	for _, h := range history {
		grew := func(p dip.Power) (yes, known bool) {
			if prev.Year != h.Year-1 {
				return false, false
			}
			return h.Centres[p] > prev.Centres[p], true
		}
		v, unsure := r.victory(h, grew)
		if unsure != nil {
			o.Unconfirmed = append(o.Unconfirmed, *unsure)
		}
		if v != nil {
			o.Victory = v
			if last := history[len(history)-1].Year; last > v.Year {
				o.ContinuedTo = last
			}
			return o
		}
		prevPair, pair = pair, nil
		if r.DrawVote {
			pair = r.drawPair(h, grew)
			if pair != nil && prevPair != nil && *pair == *prevPair && prev.Year == h.Year-1 {
				o.DrawVoteYears = append(o.DrawVoteYears, h.Year)
				o.DrawVoters = append(o.DrawVoters, *pair)
			}
		}
		prev = h
	}
	return o
}

// victory returns the power that wins at the end of year h, or the one that would if growth, which grew cannot
// establish, were met.
func (r VictoryRule) victory(h Year, grew func(dip.Power) (bool, bool)) (win, unsure *Victory) {
	c := &h.Centres
	target := r.Target(h.Year)
	best, tied := dip.Board, false
	for p := range dip.Power(dip.NumPowers) {
		if c[p] < target || (r.Lead == 0 && r.MustGrow && !growsOrUnknown(grew, p)) {
			continue
		}
		switch {
		case best == dip.Board || c[p] > c[best]:
			best, tied = p, false
		case c[p] == c[best]:
			tied = true
		}
	}
	if best == dip.Board || tied {
		return nil, nil
	}
	for p := range dip.Power(dip.NumPowers) {
		if p != best && r.Lead > 0 && c[best]-c[p] < r.Lead {
			return nil, nil
		}
	}
	v := &Victory{Year: h.Year, Power: best, Centres: c[best]}
	if !r.MustGrow {
		return v, nil
	}
	switch yes, known := grew(best); {
	case !known:
		return nil, v
	case yes:
		return v, nil
	}
	return nil, nil
}

// growsOrUnknown says whether p grew, or whether that cannot be established.
func growsOrUnknown(grew func(dip.Power) (bool, bool), p dip.Power) bool {
	yes, known := grew(p)
	return yes || !known
}

// drawPair returns the two powers that, in year h, are tied for the most centres, own more than every other
// power, reach the target and, under a MustGrow rule, grew; nil if there are none or growth cannot be
// established.
func (r VictoryRule) drawPair(h Year, grew func(dip.Power) (bool, bool)) *[2]dip.Power {
	c := &h.Centres
	top := slices.Max(c[:])
	var pair [2]dip.Power
	n := 0
	for p := range dip.Power(dip.NumPowers) {
		if c[p] != top {
			continue
		}
		if n == 2 {
			return nil
		}
		pair[n] = p
		n++
	}
	if n != 2 || top < r.Target(h.Year) {
		return nil
	}
	for _, p := range pair {
		if yes, _ := grew(p); r.MustGrow && !yes {
			return nil
		}
	}
	return &pair
}

// CheckResult compares a game's recorded result with what its centre chart says under r, and returns every
// disagreement as a *GameError:
//   - a solo win recorded (not conceded) where no power reached victory, or where the winner's growth in the
//     victory year cannot be established because the chart lacks the year before (field "winners");
//   - a recorded winner other than the power that reached victory (field "winners");
//   - a victory reached but no winner recorded, or a draw recorded after a victory (field "winners");
//   - a win recorded as conceded although the winner reached victory on the board (field "conceded");
//   - a chart that goes on past the victory year (field "history");
//   - under a rule with DrawVote, a draw that leaves out a survivor (a power owning centres at the end) other
//     than the two-way draw vote of the final year (field "winners"): such rules share every other draw among
//     all survivors.
//
// Each error carries the year it concerns (the victory year if there is one; else the game's final year, or for
// an unconfirmed win the year it would have come) and, where it concerns one power, that power. A draw of all
// survivors, whether voted or called by the director at the start of an adjustment phase, is a legal result
// whenever no victory was reached. The chart is the game's History; when it has no
// row for the final year, the final centres stand in for one, so a game recorded by its final centres alone is
// still checked against the rule's target and lead. A game with no chart and no final year gives no errors.
func (r VictoryRule) CheckResult(g Game) []error {
	chart := g.History
	if g.FinalYear >= 1901 && (len(chart) == 0 || chart[len(chart)-1].Year < g.FinalYear) {
		chart = append(slices.Clip(chart), Year{Year: g.FinalYear, Centres: g.Centres})
	}
	if len(chart) == 0 {
		return nil
	}
	o := r.Check(chart)
	name := r.Name
	if name == "" {
		name = "classic"
	}
	var errs []error
	bad := func(p dip.Power, field string, year int, format string, args ...any) {
		errs = append(errs, &GameError{Power: p, Field: field, Year: year, Msg: fmt.Sprintf(format, args...)})
	}
	v := o.Victory
	var won string
	if v != nil {
		won = fmt.Sprintf("%s won in %d with %d centres under %s", v.Power, v.Year, v.Centres, name)
	}
	switch n := len(g.Winners); {
	case n == 0 && v != nil:
		bad(v.Power, "winners", v.Year, "%s, but no winner is recorded", won)
	case n == 1 && v == nil && !g.Conceded:
		w := g.Winners[0]
		if i := slices.IndexFunc(o.Unconfirmed, func(u Victory) bool { return u.Power == w }); i >= 0 {
			u := o.Unconfirmed[i]
			bad(w, "winners", u.Year, "the win cannot be confirmed: %s met the other conditions of %s in %d with %d "+
				"centres, but the chart lacks %d, so its growth cannot be established", w, name, u.Year, u.Centres,
				u.Year-1)
			break
		}
		bad(w, "winners", g.FinalYear, "%s is recorded as the winner, but no power reached victory under %s", w, name)
	case n == 1 && v != nil && g.Winners[0] != v.Power:
		bad(g.Winners[0], "winners", v.Year, "%s is recorded as the winner, but %s", g.Winners[0], won)
	case n == 1 && v != nil && g.Conceded:
		bad(v.Power, "conceded", v.Year, "the win is recorded as conceded, but %s on the board", won)
	case n >= 2 && v != nil:
		bad(dip.Board, "winners", v.Year, "a %d-way draw is recorded, but %s", n, won)
	case n >= 2 && r.DrawVote:
		errs = append(errs, r.drawVoteProblems(&g, o, name)...)
	}
	if v != nil && o.ContinuedTo > 0 {
		bad(v.Power, "history", v.Year, "%s, so the game ended then, but the chart goes on to %d", won,
			o.ContinuedTo)
	}
	return errs
}

// drawVoteProblems checks, under a DrawVote rule, a draw recorded where no victory was reached: it must include
// every survivor, or be the two-way draw vote of the two powers the chart allows in the final year.
func (r VictoryRule) drawVoteProblems(g *Game, o Outcome, name string) []error {
	var out []string
	for p := range dip.Power(dip.NumPowers) {
		if g.Centres[p] > 0 && !slices.Contains(g.Winners, p) {
			out = append(out, p.String())
		}
	}
	if len(out) == 0 {
		return nil
	}
	left := strings.Join(out, ", ")
	if len(g.Winners) > 2 {
		return []error{&GameError{Power: dip.Board, Field: "winners", Year: g.FinalYear, Msg: fmt.Sprintf("a "+
			"%d-way draw leaves out survivors (%s): under %s a draw includes every survivor, except the two-way "+
			"draw vote", len(g.Winners), left, name)}}
	}
	pair := [2]dip.Power{min(g.Winners[0], g.Winners[1]), max(g.Winners[0], g.Winners[1])}
	for i, y := range o.DrawVoteYears {
		if y == g.FinalYear && o.DrawVoters[i] == pair {
			return nil
		}
	}
	return []error{&GameError{Power: dip.Board, Field: "winners", Year: g.FinalYear, Msg: fmt.Sprintf("a two-way "+
		"draw of %s and %s leaves out survivors (%s): under %s that is the two-way draw vote, which the chart "+
		"does not allow in %d (the two must be tied above every other power, reach the target and grow, in %d "+
		"and %d)", pair[0], pair[1], left, name, g.FinalYear, g.FinalYear-1, g.FinalYear)}}
}
