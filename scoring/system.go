package scoring

import (
	"errors"
	"fmt"
	"strings"

	"github.com/armada-dtm/dtm/formula"
)

// Definition is a scoring system as a director writes it: one row of the workbook's Systems sheet.
type Definition struct {
	Name         string
	Criterion    Criterion
	AllSurvivors bool // Win/Draw: draws must include all survivors
	AverageTies  bool // Rank and Both: average the place formulae over an SC tie
	FinalYear    int  // 0 = none; otherwise the last game-year a game may reach, 1907 or later
	Formulas     [NumFormulas]string
	Description  string // one line for directors: what it is and where it comes from
	// Notes says, for a built-in system, where its definition comes from and what dtm chose where the
	// definition is silent or cannot be written in the formula language; not kept on the Systems sheet.
	Notes string
	// Total is what a board without a solo adds up to when the system claims a constant total (0: no claim);
	// Audit checks it. Not kept on the Systems sheet.
	Total float64
}

// FormulaError is a bad formula in a Definition, located by its slot.
type FormulaError struct {
	Slot Slot
	Err  *formula.Error
}

// Error returns `Provisional score: unknown word "scss" at column 12; did you mean "scs"?`.
func (e *FormulaError) Error() string { return fmt.Sprintf("%s: %v", e.Slot, e.Err) }

// Unwrap returns the formula error.
func (e *FormulaError) Unwrap() error { return e.Err }

// System is a compiled Definition, ready to score many games. It is not safe for concurrent use: each
// goroutine needs its own System (compile the Definition again).
type System struct {
	def     Definition
	progs   [NumFormulas]*formula.Program
	history bool // a formula uses a word that needs the year-by-year chart
	hasProv bool // the provisional formula is not blank
}

// historyWords need the year-by-year centre chart.
var historyWords = []string{"ctrs", "sumc", "avgc", "mulc", "minc", "maxc", "hbg", "hti"}

// Compile checks and compiles every formula of d. Bad formulae come back as *FormulaError values joined with
// errors.Join, one per slot; a bad criterion or final game-year (before 1907) as a plain error.
func Compile(d Definition) (*System, error) {
	var errs []error
	if d.Criterion < WinDraw || d.Criterion > Both {
		errs = append(errs, fmt.Errorf("scoring system %q: unknown end-game criterion %d", d.Name, int(d.Criterion)))
	}
	if d.FinalYear != 0 && d.FinalYear < 1907 {
		errs = append(errs, fmt.Errorf("scoring system %q: final game-year %d is before 1907 (0 means none)",
			d.Name, d.FinalYear))
	}
	s := &System{def: d, hasProv: strings.TrimSpace(d.Formulas[SlotProvisional]) != ""}
	for i, src := range d.Formulas {
		kind := formula.Score
		if Slot(i) == SlotProvisional {
			kind = formula.Provisional
		}
		p, err := formula.Compile(src, kind)
		if err != nil {
			var fe *formula.Error
			if errors.As(err, &fe) {
				errs = append(errs, &FormulaError{Slot: Slot(i), Err: fe})
			} else {
				errs = append(errs, fmt.Errorf("%s: %w", Slot(i), err))
			}
			continue
		}
		s.progs[i] = p
		for _, w := range historyWords {
			s.history = s.history || p.Uses(w)
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return s, nil
}

// Definition returns the definition the system was compiled from.
func (s *System) Definition() Definition { return s.def }

// NeedsHistory reports whether a formula uses a word that needs the year-by-year centre chart (ctrs, sumc,
// avgc, mulc, minc, maxc, hbg, hti).
func (s *System) NeedsHistory() bool { return s.history }
