package director

import (
	"errors"
	"fmt"
	"io"

	"github.com/armada-dtm/dtm/workbook"
)

// UsageError is a mistake in how a command was called that only the use
// case can see (a heat the tournament does not have, a generated
// tournament's impossible numbers): the command line exits with status 2.
// The command line refuses every other mistake itself.
type UsageError struct{ Err error }

func (e UsageError) Error() string { return e.Err.Error() }
func (e UsageError) Unwrap() error { return e.Err }

// usagef returns a UsageError.
func usagef(format string, args ...any) error { return UsageError{fmt.Errorf(format, args...)} }

// ProblemsError reports a workbook with problems in what the director
// typed: the command did nothing, and the file is untouched.
type ProblemsError struct {
	Path     string
	Problems workbook.Problems
	// Ignored is what the reader read past (dtm check -v).
	Ignored workbook.Problems
	// Again is the command to run once they are fixed; "dtm check" when
	// empty.
	Again string
}

func (e *ProblemsError) Error() string {
	again := e.Again
	if again == "" {
		again = "dtm check"
	}
	return fmt.Sprintf("%s: %d problem(s); fix them and run %s again", e.Path, len(e.Problems), again)
}

// WriteText prints every problem, one per line (with its formula and caret
// where there is one); with verbose, what was ignored first.
func (e *ProblemsError) WriteText(w io.Writer, verbose bool) {
	if verbose {
		writeIgnored(w, e.Ignored)
	}
	for _, p := range e.Problems {
		fmt.Fprintln(w, p)
	}
}

// writeIgnored lists the columns, settings and sheets dtm read past.
func writeIgnored(w io.Writer, ignored workbook.Problems) {
	for _, p := range ignored {
		fmt.Fprintf(w, "ignored: %s\n", p)
	}
}

// SavedError is a failure after the workbook was saved: the workbook holds
// what the command changed, and its result, returned with the error, says
// what that was. What failed is the results-entry page that dtm writes
// beside the workbook; dtm seed --refresh writes it again.
type SavedError struct {
	// Path is the workbook's.
	Path string
	Err  error
}

func (e *SavedError) Error() string {
	return fmt.Sprintf("%s was saved, but %v; once that is fixed, dtm seed --refresh %s writes it", e.Path, e.Err, e.Path)
}

func (e *SavedError) Unwrap() error { return e.Err }

// Saved reports whether err is a *SavedError: the command saved the
// workbook before it failed, and still returns its result (and refreshes
// the site), which says what it did.
func Saved(err error) bool {
	var s *SavedError
	return errors.As(err, &s)
}

// ErrNoHeat reports that no heat has players waiting to be seated.
var ErrNoHeat = errors.New("no heat to seat: every player registered in the Players sheet's Heat columns is seated; " +
	"register players for the next heat, or reseed a heat's boards that have not started with --heat N")
