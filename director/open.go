package director

import (
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
// its system, and returns the workbook when nothing is wrong. A workbook
// with problems is closed and reported as a *ProblemsError.
func open(path string, which systemsToCompile) (*workbook.Book, error) {
	b, err := workbook.Open(path)
	if err != nil {
		return nil, err
	}
	b.AddProblems(scoreGames(b.Tournament, b.Problems, which))
	if len(b.Problems) > 0 {
		b.Close()
		return nil, &ProblemsError{Path: path, Problems: b.Problems, Ignored: b.Ignored}
	}
	return b, nil
}

// openScored opens a workbook that has no problems and computes its
// standings.
func openScored(path string) (*workbook.Book, scoring.Event, scoring.Table, error) {
	b, err := open(path, usedSystems)
	if err != nil {
		return nil, scoring.Event{}, scoring.Table{}, err
	}
	event := b.Tournament.Event()
	table, err := scoring.Standings(event)
	if err != nil {
		b.Close()
		return nil, event, table, wrapf(err, "%s: standings", path)
	}
	return b, event, table, nil
}
