package director

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// FormulaResult is a formula's value for the words given.
type FormulaResult struct {
	Value float64
	// Expr is the expr program the formula was translated into.
	Expr string
}

// ParseWords reads a formula's words given as "word=number" (dtm formula's
// arguments); the words not given are 0.
func ParseWords(args []string) (formula.Env, error) {
	var env formula.Env
	for _, a := range args {
		word, value, ok := strings.Cut(a, "=")
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if !ok || err != nil {
			return env, fmt.Errorf("%q: give words as word=number, e.g. scs=7", a)
		}
		if err := env.Set(strings.TrimSpace(word), v); err != nil {
			return env, err
		}
	}
	return env, nil
}

// FormulaRequest is a scoring formula to try, and the words' values it is
// tried with (ParseWords reads them).
type FormulaRequest struct {
	Formula string
	Words   formula.Env
}

// EvalFormula evaluates a scoring formula for the words' values.
func EvalFormula(req FormulaRequest) (*FormulaResult, error) {
	p, err := formula.Compile(req.Formula, formula.Score)
	var fe *formula.Error
	if errors.As(err, &fe) {
		return nil, fmt.Errorf("%v\n%s", fe, indent(fe.Caret()))
	} else if err != nil {
		return nil, err
	}
	v, err := p.Eval(&req.Words)
	if err != nil {
		return nil, err
	}
	return &FormulaResult{Value: v, Expr: p.Expr()}, nil
}

// WriteText prints the value as the last line; verbose first prints the
// expr program.
func (r *FormulaResult) WriteText(w io.Writer, verbose bool) {
	if verbose {
		fmt.Fprintf(w, "expr: %s\n", r.Expr)
	}
	fmt.Fprintln(w, files.Number(r.Value))
}

// indent indents every line by four spaces.
func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// GameScoreRequest names a game to score and the system to score it under.
type GameScoreRequest struct {
	System string
	// Workbook is the workbook whose Systems sheet has the system; "" for
	// the built-in systems.
	Workbook string
	Game     string // a GAME.json file
}

// GameScore is one game scored under a system.
type GameScore struct {
	Definition scoring.Definition
	Result     scoring.Result
}

// Report is the game's score as dtm game-score --json prints it.
func (r *GameScore) Report() files.GameReport { return files.NewGameReport(r.Result) }

// ScoreGame scores the game in a GAME.json file under a built-in scoring
// system or one of a workbook's.
func ScoreGame(req GameScoreRequest) (*GameScore, error) {
	sys, err := compileSystem(SystemRequest{System: req.System, Workbook: req.Workbook})
	if err != nil {
		return nil, err
	}
	g, err := readGame(req.Game)
	if err != nil {
		return nil, err
	}
	res, err := sys.Score(g)
	if err != nil {
		return nil, wrapf(err, "%s", req.Game)
	}
	return &GameScore{Definition: sys.Definition(), Result: res}, nil
}

// lookupSystem finds a scoring system in a workbook's Systems sheet, or
// among the built-in systems. A workbook system with problems in its row
// gives a *ProblemsError.
func lookupSystem(name, path string) (scoring.Definition, error) {
	if path == "" {
		d, ok := scoring.Lookup(name)
		if !ok {
			return d, fmt.Errorf("no built-in scoring system %q (the built-in systems are on a new workbook's Systems sheet; use --workbook for your own)", name)
		}
		return d, nil
	}
	b, err := workbook.Open(path)
	if err != nil {
		return scoring.Definition{}, err
	}
	defer b.Close()
	s, ok := b.Tournament.SystemByName(name)
	if !ok {
		return scoring.Definition{}, fmt.Errorf("%s: no scoring system %q on the Systems sheet", path, name)
	}
	ps := b.ProblemsInRow(workbook.SheetSystems, s.Row)
	if _, err := scoring.Compile(s.Definition()); err != nil {
		ps = append(ps, s.FormulaProblems(err)...)
	}
	if len(ps) > 0 {
		return scoring.Definition{}, &ProblemsError{Path: path, Problems: ps}
	}
	return s.Definition(), nil
}

// readGame reads a GAME.json file.
func readGame(path string) (scoring.Game, error) {
	f, err := files.OpenInput(path, "game file", files.MaxGameBytes)
	if err != nil {
		return scoring.Game{}, err
	}
	defer f.Close()
	g, err := files.DecodeGame(f)
	if err != nil {
		return g, wrapf(err, "%s", path)
	}
	return g, nil
}

// WriteText prints a table of each power's formula, main words and score;
// all prints every word.
func (r *GameScore) WriteText(w io.Writer, all bool) {
	words := []string{"yrs", "scs", "num", "big", "tie", "srv", "ldr", "prov"}
	if all {
		words = formula.Words()
	}
	fmt.Fprintf(w, "%s (%s)\n", r.Definition.Name, r.Definition.Criterion)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "power\tformula\t")
	for _, word := range words {
		fmt.Fprintf(tw, "%s\t", word)
	}
	fmt.Fprintln(tw, "score\t")
	for p := dip.Austria; p < dip.NumPowers; p++ {
		fmt.Fprintf(tw, "%s\t%s\t", p, r.Result.Slot[p])
		for _, word := range words {
			v, _ := r.Result.Words[p].Get(word)
			fmt.Fprintf(tw, "%s\t", files.Number(v))
		}
		fmt.Fprintf(tw, "%s\t\n", files.Number(r.Result.Scores[p]))
	}
	tw.Flush()
}
