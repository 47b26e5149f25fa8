package workbook

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
)

// SystemName returns the scoring system of a game of a heat: the game's own,
// else its heat's, else the tournament's.
func (t *Tournament) SystemName(heat *Heat, g *Game) string {
	switch {
	case g.System != "":
		return g.System
	case heat.System != "":
		return heat.System
	}
	return t.Settings.System
}

// ScoringGame converts a finished board into the game the scoring package
// scores: final centres, elimination years (a power with no centres was
// eliminated in its Year), the winning set and the centre chart.
func ScoringGame(g *Game) scoring.Game {
	var sg scoring.Game
	years := map[int]*scoring.Year{}
	for _, s := range g.Seats {
		if s.Power < 0 {
			continue
		}
		p := scoring.Power(s.Power)
		sg.FinalYear = max(sg.FinalYear, s.Year)
		sg.Centres[p] = max(s.Centres, 0)
		if s.Centres == 0 {
			sg.Eliminated[p] = s.Year
		}
		switch s.Result {
		case Win:
			sg.Winners = append(sg.Winners, p)
		case ConcededWin:
			sg.Winners = append(sg.Winners, p)
			sg.Conceded = true
		}
		for y, c := range s.History {
			if years[y] == nil {
				years[y] = &scoring.Year{Year: y}
			}
			years[y].Centres[p] = c
		}
	}
	for _, y := range years {
		sg.History = append(sg.History, *y)
	}
	sort.Slice(sg.History, func(i, j int) bool { return sg.History[i].Year < sg.History[j].Year })
	return sg
}

// scoreGames validates every finished game under its scoring system,
// locating each problem at the heat sheet's cell, and scores the games that
// are right. Each system is compiled once.
func (r *reader) scoreGames() {
	systems := map[string]*scoring.System{}
	for i := range r.t.Heats {
		heat := &r.t.Heats[i]
		for j := range heat.Games {
			g := &heat.Games[j]
			if g.Status != Finished {
				continue
			}
			if r.t.Settings.Hurst {
				r.centresOnly(heat, g)
				continue
			}
			name := r.t.SystemName(heat, g)
			sys, ok := systems[name]
			if !ok {
				if row, found := r.t.SystemByName(name); found {
					sys, _ = scoring.Compile(row.Definition()) // a bad system is reported on its own row
				}
				systems[name] = sys
			}
			if sys == nil || r.hasProblems(heat, g) || !r.gameComplete(heat, g, true) {
				continue
			}
			sg := ScoringGame(g)
			if !r.victoryProblems(heat, g, sg) {
				continue
			}
			res, err := sys.Score(sg)
			if err != nil {
				r.scoreProblems(heat, g, err, name)
				continue
			}
			if !r.finiteScores(heat, g, res, name) {
				continue
			}
			g.Scored = true
			g.Criterion = sys.Definition().Criterion
			for k := range g.Seats {
				s := &g.Seats[k]
				s.Computed = round6(res.Scores[s.Power])
				s.Score = s.Computed
				if s.Override != nil {
					s.Score = *s.Override
				}
			}
		}
	}
}

// centresOnly takes a finished game of a Hurst Tournament Mean tournament:
// it is ranked by centres alone, so no scoring system applies and its
// centres are not checked against the 34 on a board (Hurst's own example
// totals 35). Each seat's Score is its centres.
func (r *reader) centresOnly(heat *Heat, g *Game) {
	if r.hasProblems(heat, g) || !r.gameComplete(heat, g, false) {
		return
	}
	g.Scored, g.Criterion = true, scoring.Rank
	for k := range g.Seats {
		s := &g.Seats[k]
		s.Computed, s.Score = float64(s.Centres), float64(s.Centres)
	}
}

// round6 rounds a computed score to six decimals, so that LibreOffice's
// 15-digit rounding cannot change it and ties compare equal. A number too
// large to have decimals is kept as it is (v*1e6 would overflow).
func round6(v float64) float64 {
	if !(math.Abs(v) < MaxNumber) {
		return v
	}
	return math.Round(v*1e6) / 1e6
}

// finiteScores refuses a game whose scoring system gives a score beyond
// ±MaxNumber, at the seat's Score cell: no total built from it could be
// trusted (a sum may overflow to infinity).
func (r *reader) finiteScores(heat *Heat, g *Game, res scoring.Result, system string) bool {
	ok := true
	for _, s := range g.Seats {
		v := res.Scores[s.Power]
		if math.Abs(v) <= MaxNumber {
			continue
		}
		cell := heat.cell(s.Row, HeaderScore)
		if cell == "" {
			cell = heat.cell(s.Row, HeaderPower)
		}
		r.p.add(HeatSheet(heat.Number), cell, fmt.Sprintf("check the formulas of %q: scores must be from -10^15 to 10^15", system),
			"board %d: %s's score %g is too large", g.Board, ChoicesPower[s.Power], v)
		ok = false
	}
	return ok
}

// scoreProblems reports why a game could not be scored.
func (r *reader) scoreProblems(heat *Heat, g *Game, err error, system string) {
	for _, e := range leafErrors(err) {
		var ge *scoring.GameError
		if errors.As(e, &ge) {
			r.gameProblem(heat, g, ge, fmt.Sprintf("under the scoring system %q", system))
			continue
		}
		r.p.add(HeatSheet(heat.Number), heat.cell(g.Seats[0].Row, HeaderBoard), fmt.Sprintf("check the formulas of %q", system),
			"board %d cannot be scored: %v", g.Board, e)
	}
}

// hasProblems reports whether a problem was already found in a game's rows:
// its values are not to be trusted until the director fixes it.
func (r *reader) hasProblems(heat *Heat, g *Game) bool {
	rows := map[int]bool{}
	for _, s := range g.Seats {
		rows[s.Row] = true
	}
	sheet := HeatSheet(heat.Number)
	for _, p := range r.p.list {
		if row, _ := cellOrder(p.Cell); p.Sheet == sheet && rows[row] {
			return true
		}
	}
	return false
}

// gameComplete reports, at their cells, what a finished game lacks for
// every score: a chart year with all seven powers, then each seat's final
// centres and (when needYear) year. A seat whose final year or centres are blank takes them
// from a complete chart: the chart's last year, the centres then, and for a
// power with none the year it lost its last centre. It reports whether the
// game can be scored.
func (r *reader) gameComplete(heat *Heat, g *Game, needYear bool) bool {
	sheet := HeatSheet(heat.Number)
	ok := len(g.Seats) == 7
	years := map[int]int{}
	for _, s := range g.Seats {
		if s.Player < 0 || s.Power < 0 { // reported when the sheet was read
			ok = false
		}
		for y := range s.History {
			years[y]++
		}
	}
	last := 0
	for y, n := range years {
		last = max(last, y)
		if n == len(g.Seats) {
			continue
		}
		ok = false
		for _, s := range g.Seats {
			if _, has := s.History[y]; !has {
				r.p.add(sheet, heat.cell(s.Row, strconv.Itoa(y)), "a year of the chart needs all seven powers' centres (0 for an eliminated power)",
					"board %d: the centres at the end of %d are missing", g.Board, y)
			}
		}
	}
	for k := range g.Seats {
		s := &g.Seats[k]
		if ok && last > 0 {
			s.deriveFromChart(last)
		}
		for _, missing := range []struct {
			blank  bool
			header string
		}{{s.Year == 0 && needYear, HeaderYear}, {s.Centres < 0, HeaderCentres}} {
			if missing.blank {
				ok = false
				r.p.add(sheet, heat.cell(s.Row, missing.header), "fill it in (or the centre chart, year by year), or set the board's status back to Started",
					"board %d is finished but the %s cell is empty", g.Board, lowerFirst(missing.header))
			}
		}
	}
	return ok
}

// deriveFromChart fills a seat's blank final centres and year from its
// centre chart, whose last year is last.
func (s *Seat) deriveFromChart(last int) {
	if s.Centres < 0 {
		s.Centres = s.History[last]
	}
	if s.Year != 0 {
		return
	}
	s.Year = last
	if s.Centres == 0 {
		for y := last; y >= FirstGameYear; y-- {
			c, has := s.History[y]
			if has && c > 0 {
				break
			}
			if has {
				s.Year = y
			}
		}
	}
}

// victoryProblems compares a finished game's recorded result with the
// tournament's victory rule, when the game has a centre chart (or the rule
// needs none: without one, growth cannot be checked).
func (r *reader) victoryProblems(heat *Heat, g *Game, sg scoring.Game) bool {
	rule := r.t.Settings.Victory
	if len(sg.History) == 0 && rule.MustGrow {
		return true
	}
	ok := true
	for _, e := range rule.CheckResult(sg) {
		var ge *scoring.GameError
		if errors.As(e, &ge) {
			r.gameProblem(heat, g, ge, fmt.Sprintf("under the victory rule %q (%s on the Tournament sheet)", rule.Name, SetVictory))
			ok = false
		}
	}
	return ok
}

// gameProblem reports a scoring validation problem at the cell it concerns.
func (r *reader) gameProblem(heat *Heat, g *Game, ge *scoring.GameError, hint string) {
	row := g.Seats[0].Row
	if ge.Power != scoring.Board {
		for _, s := range g.Seats {
			if s.Power == int(ge.Power) {
				row = s.Row
			}
		}
	}
	header := HeaderBoard
	switch ge.Field {
	case "centres":
		header = HeaderCentres
	case "year", "eliminated":
		header = HeaderYear
	case "winners", "conceded":
		header = HeaderResult
	case "history":
		if ge.Year != 0 && heat.cell(row, strconv.Itoa(ge.Year)) != "" {
			header = strconv.Itoa(ge.Year)
		}
	}
	msg := ge.Msg
	if ge.Power != scoring.Board && !strings.HasPrefix(msg, ge.Power.String()+" ") {
		msg = ge.Power.String() + " " + msg
	}
	r.p.add(HeatSheet(heat.Number), heat.cell(row, header), hint, "board %d: %s", g.Board, msg)
}

// cell names the cell of a heat sheet row under a header; "" when the sheet
// has no such column.
func (h *Heat) cell(row int, header string) string {
	c, ok := h.cols[normalHeader(header)]
	if !ok {
		return ""
	}
	return cellName(c+1, row)
}

// WriteGameScores writes each seat's computed score into its heat sheet's
// Score column, and empties it for games that are not finished and scored
// (their scores are left out, never shown as provisional). The director's
// Score override column is never written.
func (b *Book) WriteGameScores() error {
	for i := range b.Tournament.Heats {
		heat := &b.Tournament.Heats[i]
		if !heat.Sheet || heat.cell(1, HeaderScore) == "" {
			continue
		}
		sheet := HeatSheet(heat.Number)
		for _, g := range heat.Games {
			for _, s := range g.Seats {
				var v any
				want := ""
				if g.Scored {
					v, want = s.Computed, number(s.Computed)
				}
				if want == s.scoreCell {
					continue // already there: a re-score writes only what changed
				}
				if err := b.f.SetCellValue(sheet, heat.cell(s.Row, HeaderScore), v); err != nil {
					return fmt.Errorf("write %s scores: %w", sheet, err)
				}
			}
		}
	}
	return nil
}

// lowerFirst lowers a header's first letter for a message ("final year").
func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return string(s[0]|0x20) + s[1:]
}

// Outcome is what a game's centre chart says under the tournament's victory
// rule: a victory reached, or years in which a two-way draw vote may be
// called.
type Outcome struct {
	Heat, Board int
	Cell        string // the board's first cell, "'Heat 1'!A2"
	scoring.Outcome
}

// Outcomes checks every game that has a centre chart, finished or still in
// play, against the tournament's victory rule, and returns those with
// something to tell: a victory, or a draw vote that may be called.
func (t *Tournament) Outcomes() []Outcome {
	var out []Outcome
	for i := range t.Heats {
		heat := &t.Heats[i]
		for j := range heat.Games {
			g := &heat.Games[j]
			sg := ScoringGame(g)
			if len(sg.History) == 0 || len(g.Seats) != 7 {
				continue
			}
			o := t.Settings.Victory.Check(sg.History)
			if o.Victory == nil && len(o.DrawVoteYears) == 0 {
				continue
			}
			cell := quoteSheet(HeatSheet(heat.Number)) + "!" + heat.cell(g.Seats[0].Row, HeaderBoard)
			out = append(out, Outcome{Heat: heat.Number, Board: g.Board, Cell: cell, Outcome: o})
		}
	}
	return out
}
