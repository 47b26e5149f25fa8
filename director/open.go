package director

import (
	"errors"
	"slices"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// systemsToCompile says which scoring systems opening a workbook compiles.
type systemsToCompile int

const (
	// usedSystems compiles only the systems that finished games use.
	usedSystems systemsToCompile = iota
	// allSystems compiles every row of the Systems sheet (dtm check).
	allSystems
)

// open reads a workbook, validates every finished game and scores it under
// its system, and returns the workbook when nothing is wrong: each heat's
// state (Book.HeatStatus) is then known. A workbook with problems is closed
// and reported as a *ProblemsError.
func open(path string, which systemsToCompile) (*workbook.Book, error) {
	b, err := workbook.Open(path)
	if err != nil {
		return nil, err
	}
	validate(b, which)
	if len(b.Problems) > 0 {
		b.Close()
		return nil, &ProblemsError{Path: path, Problems: b.Problems, Ignored: b.Ignored}
	}
	return b, nil
}

// hurstFigures tells a workbook scored by the Hurst Tournament Mean the
// figures dtm score writes on its heat sheets, which come from the
// standings, so that its heats' states are known. Standings that cannot be
// computed leave them unknown (the heats not scored): the command that
// needs the standings reports why.
func hurstFigures(b *workbook.Book) {
	if b.Tournament.Settings.Method != scoring.HurstMean {
		return
	}
	if table, err := scoring.Standings(b.Tournament.Event()); err == nil {
		b.SetHurstFigures(table)
	}
}

// validate adds to a workbook's problems what reading its sheets cannot
// see: every finished game validated and scored under its system, and the
// tournament rules scoring would refuse. A workbook without problems then
// knows each heat's state.
func validate(b *workbook.Book, which systemsToCompile) {
	b.AddProblems(scoreGames(b.Tournament, b.Problems, which))
	b.AddProblems(ruleProblems(b.Tournament, b.Problems))
	if len(b.Problems) == 0 {
		hurstFigures(b)
	}
}

// openScored opens a workbook that has no problems and computes its
// standings; live counts the boards in play as they stand (scoreLive), as
// dtm score and dtm publish do, never the federation files.
func openScored(path string, live bool) (*workbook.Book, scoring.Event, scoring.Table, error) {
	b, err := open(path, usedSystems)
	if err != nil {
		return nil, scoring.Event{}, scoring.Table{}, err
	}
	if live {
		scoreLive(b.Tournament)
	}
	event := b.Tournament.Event()
	table, err := scoring.Standings(event)
	if err != nil {
		b.Close()
		return nil, event, table, wrapf(err, "%s: standings", path)
	}
	return b, event, table, nil
}

// ruleProblems reports, at their settings, the tournament rules that
// scoring would refuse (such as a drop-lowest rule under the Hurst
// Tournament Mean), except where reading the setting found a problem
// already.
func ruleProblems(t *workbook.Tournament, found workbook.Problems) workbook.Problems {
	s := t.Settings
	var out workbook.Problems
	for _, err := range s.Rules.Validate(s.Heats, s.TeamSize > 0) {
		var re *scoring.RuleError
		if !errors.As(err, &re) {
			continue
		}
		p := t.Settings.RuleProblem(re)
		if !slices.ContainsFunc(found, func(q workbook.Problem) bool { return q.Sheet == p.Sheet && q.Cell == p.Cell }) {
			out = append(out, p)
		}
	}
	return out
}
