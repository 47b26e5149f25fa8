package scoring

import (
	"errors"
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Game is one finished board, per power (the caller maps players to powers).
type Game struct {
	FinalYear  int                // the game's last year, e.g. 1907 (the solo year in a solo)
	Centres    [dip.NumPowers]int // final centres
	Eliminated [dip.NumPowers]int // the year the power went out, 0 if it survived
	Winners    []dip.Power        // the solo winner or the draw; empty when the game ended without one
	Conceded   bool               // the single win was conceded (a vote), not reached on the board
	History    []Year             // optional: centres at the end of each game-year, in year order
}

// Year is one row of a game's year-by-year centre chart: the centres at the end of that game-year.
type Year struct {
	Year    int
	Centres [dip.NumPowers]int
}

// GameError is one problem in a game: the power it concerns (Board for the whole game), the field
// ("year", "centres", "eliminated", "winners", "conceded", "history") and the message.
type GameError struct {
	Power dip.Power
	Field string
	Msg   string
	Year  int // for a "history" problem, the year of the chart it concerns; else 0
}

// Error returns "France: winners: listed twice among the winners", or "centres: ..." for the whole board.
func (e *GameError) Error() string {
	if e.Power == dip.Board {
		return e.Field + ": " + e.Msg
	}
	return fmt.Sprintf("%s: %s: %s", e.Power, e.Field, e.Msg)
}

// Validate checks a game against the system without scoring it: every problem is reported, as *GameError
// values joined with errors.Join. Score returns the same errors.
func (s *System) Validate(g Game) error {
	return errors.Join(s.problems(&g)...)
}

// problems lists every problem of g under s.
func (s *System) problems(g *Game) []error {
	var errs []error
	bad := func(p dip.Power, field, format string, args ...any) {
		errs = append(errs, &GameError{Power: p, Field: field, Msg: fmt.Sprintf(format, args...)})
	}
	d := s.def
	yearOK := g.FinalYear >= 1901
	if !yearOK {
		bad(dip.Board, "year", "the final year %d is missing or before 1901", g.FinalYear)
	} else if d.FinalYear != 0 && g.FinalYear > d.FinalYear {
		bad(dip.Board, "year", "the game ends in %d, after the system's final game-year %d", g.FinalYear, d.FinalYear)
	}

	total := 0
	for p := dip.Austria; p < dip.NumPowers; p++ {
		c, y := g.Centres[p], g.Eliminated[p]
		if c < 0 {
			bad(p, "centres", "negative centre count %d", c)
		} else {
			total += c
		}
		switch {
		case y == 0:
		case y < 1901:
			bad(p, "eliminated", "elimination year %d is before 1901", y)
		case yearOK && y > g.FinalYear:
			bad(p, "eliminated", "eliminated in %d, after the game's final year %d", y, g.FinalYear)
		}
		if y != 0 && c > 0 {
			bad(p, "eliminated", "eliminated in %d but owns %d centres", y, c)
		}
	}
	if total > 34 {
		bad(dip.Board, "centres", "the powers own %d centres in all, more than the 34 on a board", total)
	}

	var in [dip.NumPowers]bool
	n := 0
	for _, w := range g.Winners {
		if w < 0 || w >= dip.NumPowers {
			bad(dip.Board, "winners", "unknown power %d among the winners", int(w))
			continue
		}
		if in[w] {
			bad(w, "winners", "listed twice among the winners")
			continue
		}
		in[w] = true
		n++
		if g.Centres[w] == 0 {
			bad(w, "winners", "a winner must own at least one centre (owns %d)", g.Centres[w])
		}
	}
	if d.Criterion == WinDraw && len(g.Winners) == 0 {
		bad(dip.Board, "winners", "no winner recorded: a Win/Draw system scores only solos and draws, so enter the "+
			"solo winner or every power in the draw")
	}
	if d.Criterion == WinDraw && d.AllSurvivors && n >= 2 {
		for p := dip.Austria; p < dip.NumPowers; p++ {
			if !in[p] && g.Centres[p] > 0 {
				bad(p, "winners", "owns %d centres but is left out of the draw; this system's draws must include "+
					"all survivors", g.Centres[p])
			}
		}
	}
	if g.Conceded {
		errs = append(errs, s.concession(g)...)
	}
	return append(errs, s.historyProblems(g)...)
}

// concession checks a conceded win.
func (s *System) concession(g *Game) []error {
	if len(g.Winners) != 1 {
		return []error{&GameError{Power: dip.Board, Field: "conceded",
			Msg: fmt.Sprintf("a conceded win needs exactly one winner (%d recorded)", len(g.Winners))}}
	}
	w := g.Winners[0]
	if w < 0 || w >= dip.NumPowers {
		return nil // reported with the winners
	}
	if g.Centres[w] >= 18 {
		return []error{&GameError{Power: w, Field: "conceded",
			Msg: fmt.Sprintf("owns %d centres: a win reached on the board, not a concession", g.Centres[w])}}
	}
	if s.def.Criterion == WinDraw {
		return nil
	}
	for p := dip.Austria; p < dip.NumPowers; p++ {
		if p != w && g.Centres[p] >= g.Centres[w] {
			return []error{&GameError{Power: w, Field: "conceded", Msg: fmt.Sprintf("a %s system ranks powers by "+
				"centres, so the conceded win must go to the sole leader (%s owns %d, %s %d)",
				s.def.Criterion, p, g.Centres[p], w, g.Centres[w])}}
		}
	}
	return nil
}

// historyProblems checks the year-by-year chart, and that it is there when the system needs it.
func (s *System) historyProblems(g *Game) []error {
	var errs []error
	year := 0 // the chart's year being checked
	bad := func(p dip.Power, format string, args ...any) {
		errs = append(errs, &GameError{Power: p, Field: "history", Msg: fmt.Sprintf(format, args...), Year: year})
	}
	if len(g.History) == 0 {
		if s.history {
			bad(dip.Board, "the system %q needs the centre counts by year (its formulae use ctrs, hbg or hti): "+
				"enter the history", s.def.Name)
		}
		return errs
	}
	prev := 0
	for _, h := range g.History {
		year = h.Year
		switch {
		case h.Year < 1901 || (g.FinalYear >= 1901 && h.Year > g.FinalYear):
			bad(dip.Board, "year %d is outside 1901..%d", h.Year, g.FinalYear)
		case h.Year == prev:
			bad(dip.Board, "year %d is listed twice", h.Year)
		case h.Year < prev:
			bad(dip.Board, "year %d is out of order (after %d)", h.Year, prev)
		}
		prev = max(prev, h.Year)
		total := 0
		for p := dip.Austria; p < dip.NumPowers; p++ {
			c := h.Centres[p]
			switch {
			case c < 0:
				bad(p, "negative centre count %d in %d", c, h.Year)
			case c > 0 && g.Eliminated[p] >= 1901 && g.Centres[p] == 0 && h.Year >= g.Eliminated[p]:
				bad(p, "owns %d centres in %d, after its elimination in %d", c, h.Year, g.Eliminated[p])
			case h.Year == g.FinalYear && c != g.Centres[p]:
				bad(p, "owns %d centres in %d by the history but %d at the end of the game", c, h.Year, g.Centres[p])
			}
			total += max(c, 0)
		}
		if total > 34 {
			bad(dip.Board, "%d: the powers own %d centres in all, more than the 34 on a board", h.Year, total)
		}
	}
	return errs
}
