package workbook

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"

	"github.com/armada-dtm/dtm/workbook/xlsx"
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
		p := dip.Power(s.Power)
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

// Overrides returns the director's score overrides of a game, by power.
func (g *Game) Overrides() [dip.NumPowers]*float64 {
	var o [dip.NumPowers]*float64
	for _, s := range g.Seats {
		if s.Power >= 0 {
			o[s.Power] = s.Override
		}
	}
	return o
}

// SetScores records the scores scoring gave a finished game (see
// scoring.ScoreGames): each seat's Computed and Score by its power.
func (g *Game) SetScores(gs scoring.GameScores) {
	g.Scored, g.Criterion = true, gs.Criterion
	for k := range g.Seats {
		s := &g.Seats[k]
		s.Computed, s.Score = gs.Computed[s.Power], gs.Scores[s.Power]
	}
}

// ScoringProblems locates, at the heat sheet's cells, a problem that
// scoring.ScoreGames found in a game of the heat. system is the name of the
// game's scoring system, victory the tournament's victory rule.
func (h *Heat) ScoringProblems(g *Game, p scoring.GameProblem, system string, victory scoring.VictoryRule) Problems {
	var c problems
	sheet := HeatSheet(h.Number)
	var ge *scoring.GameError
	switch p.Kind {
	case scoring.BreaksVictory:
		if errors.As(p.Err, &ge) {
			c.list = append(c.list, h.gameProblem(g, ge, fmt.Sprintf("under the victory rule %q (%s on the Tournament sheet)", victory.Name, SetVictory)))
		}
	case scoring.BreaksDrawRule:
		if errors.As(p.Err, &ge) {
			c.list = append(c.list, h.gameProblem(g, ge, fmt.Sprintf("correct the result or the year, or the house rules "+
				"(%s, %s, %s on the Tournament sheet)", SetDrawYear, SetConcessionCentres, SetConcessionLargest)))
		}
	case scoring.Unscorable:
		for _, e := range leafErrors(p.Err) {
			if errors.As(e, &ge) {
				c.list = append(c.list, h.gameProblem(g, ge, fmt.Sprintf("under the scoring system %q", system)))
				continue
			}
			c.add(sheet, h.cell(g.Seats[0].Row, HeaderBoard), fmt.Sprintf("check the formulas of %q", system),
				"board %d cannot be scored: %v", g.Board, e)
		}
	case scoring.ScoreTooLarge:
		row := g.powerRow(p.Power)
		cell := h.cell(row, HeaderScore)
		if cell == "" {
			cell = h.cell(row, HeaderPower)
		}
		c.add(sheet, cell, fmt.Sprintf("check the formulas of %q: scores must be from -10^15 to 10^15", system),
			"board %d: %s's score %g is too large", g.Board, ChoicesPower[p.Power], p.Score)
	case scoring.OverrideIgnored:
		c.add(sheet, h.cell(g.powerRow(p.Power), HeaderScoreOverride),
			"clear it; to change the result, correct the centres (or set Tournament scoring to Sum of heats)",
			"board %d: a score override has no effect under the Hurst Tournament Mean, which ranks each game by centres", g.Board)
	}
	return c.list
}

// powerRow returns the heat sheet row of a game's seat that plays the power;
// the game's first row for dip.Board.
func (g *Game) powerRow(p dip.Power) int {
	row := g.Seats[0].Row
	if p != dip.Board {
		for _, s := range g.Seats {
			if s.Power == int(p) {
				row = s.Row
			}
		}
	}
	return row
}

// GameHasProblem reports whether one of ps was found in a game's rows of
// the heat: its values are not to be trusted until the director fixes it.
func (h *Heat) GameHasProblem(g *Game, ps Problems) bool {
	rows := map[int]bool{}
	for _, s := range g.Seats {
		rows[s.Row] = true
	}
	sheet := HeatSheet(h.Number)
	for _, p := range ps {
		if row, _ := xlsx.CellOrder(p.Cell); p.Sheet == sheet && rows[row] {
			return true
		}
	}
	return false
}

// CompleteGame reports, at their cells, what a finished game of the heat
// lacks for every score: a chart year with all seven powers, then each
// seat's final centres and (when needYear) year. A seat whose final year or
// centres are blank takes them from a complete chart: the chart's last year,
// the centres then, and for a power with none the year it lost its last
// centre. It reports whether the game can be scored.
func (h *Heat) CompleteGame(g *Game, needYear bool) (bool, Problems) {
	var c problems
	heat := h
	sheet := HeatSheet(heat.Number)
	chart := len(g.Seats) == 7 // the chart can fill in blank final years and centres
	ok := chart
	years := map[int]int{}
	for _, s := range g.Seats {
		if s.Player < 0 || s.Power < 0 { // reported when the sheet was read, or the Players sheet is missing
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
		ok, chart = false, false
		for _, s := range g.Seats {
			if _, has := s.History[y]; !has {
				c.add(sheet, heat.cell(s.Row, strconv.Itoa(y)), "a year of the chart needs all seven powers' centres (0 for an eliminated power)",
					"board %d: the centres at the end of %d are missing", g.Board, y)
			}
		}
	}
	for k := range g.Seats {
		s := &g.Seats[k]
		if chart && last > 0 {
			s.deriveFromChart(last)
		}
		for _, missing := range []struct {
			blank  bool
			header string
		}{{s.Year == 0 && needYear, HeaderYear}, {s.Centres < 0, HeaderCentres}} {
			if missing.blank {
				ok = false
				c.add(sheet, heat.cell(s.Row, missing.header), "fill it in (or the centre chart, year by year), or set the board's status back to Started",
					"board %d is finished but the %s cell is empty", g.Board, lowerFirst(missing.header))
			}
		}
	}
	return ok, c.list
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

// gameProblem locates a scoring validation error of a game of the heat at
// the cell it concerns.
func (h *Heat) gameProblem(g *Game, ge *scoring.GameError, hint string) Problem {
	heat := h
	row := g.powerRow(ge.Power)
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
	if ge.Power != dip.Board && !strings.HasPrefix(msg, ge.Power.String()+" ") {
		msg = ge.Power.String() + " " + msg
	}
	return Problem{Sheet: HeatSheet(heat.Number), Cell: heat.cell(row, header), Msg: fmt.Sprintf("board %d: %s", g.Board, msg), Hint: hint}
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
// Score override column is never written. The cells are written on save,
// into the sheet's bytes (see patch.go). A sheet lacking dtm's print
// setup gets it (layoutHeat).
func (b *Book) WriteGameScores() error {
	for i := range b.Tournament.Heats {
		heat := &b.Tournament.Heats[i]
		if !heat.Sheet || heat.cell(1, HeaderScore) == "" {
			continue
		}
		sheet := HeatSheet(heat.Number)
		if err := b.layoutHeat(heat, b.Tournament.wrappedRows(heat), false); err != nil {
			return err
		}
		for _, g := range heat.Games {
			for k := range g.Seats {
				s := &g.Seats[k]
				var v any
				want := ""
				if g.Scored {
					v, want = s.Computed, number(s.Computed)
				}
				if want == s.scoreCell {
					continue // already there: a re-score writes only what changed
				}
				b.x.PatchCell(sheet, s.Row, heat.cols[normalHeader(HeaderScore)]+1, v)
				s.scoreCell = want // the heat's state now reads what is written
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
			cell := xlsx.QuoteSheet(HeatSheet(heat.Number)) + "!" + heat.cell(g.Seats[0].Row, HeaderBoard)
			out = append(out, Outcome{Heat: heat.Number, Board: g.Board, Cell: cell, Outcome: o})
		}
	}
	return out
}

// UnfinishedResults warns, at the Status cell of each board of heat n that
// is not Finished but holds a finished game's results, that they do not
// count: a typed Result, or a score dtm score wrote while the board was
// Finished. It is what a board set back from Finished (to Started, or
// Unstarted) looks like; a centre chart, final year or centres alone are a
// game in play being recorded and say nothing.
func (t *Tournament) UnfinishedResults(n int) Problems {
	heat := &t.Heats[n-1]
	var out Problems
	for _, g := range heat.Games {
		if g.Status == Finished || len(g.Seats) == 0 {
			continue
		}
		var found []string
		best, bestSeat := 0.0, -1
		for i, s := range g.Seats {
			if s.Result != NoResult && !slices.Contains(found, HeaderResult) {
				found = append(found, HeaderResult)
			}
			if v, err := strconv.ParseFloat(s.scoreCell, 64); err == nil {
				if !slices.Contains(found, HeaderScore) {
					found = append(found, HeaderScore)
				}
				if bestSeat < 0 || v > best {
					best, bestSeat = v, i
				}
			}
		}
		if len(found) == 0 {
			continue
		}
		msg := fmt.Sprintf("board %d is %s but holds a finished game's results (%s): they do not count in the standings",
			g.Board, ChoicesStatus[g.Status], strings.Join(found, ", "))
		if s := g.Seats[max(bestSeat, 0)]; bestSeat >= 0 && s.Player >= 0 {
			msg += fmt.Sprintf(" (%s's %s points among them)", t.Players[s.Player].Name, number(best))
		}
		out = append(out, Problem{Sheet: HeatSheet(n), Cell: heat.cell(g.Seats[0].Row, HeaderStatus), Msg: msg,
			Hint: "set the board's Status back to Finished to count them, or clear its results if the game is still being played"})
	}
	return out
}
