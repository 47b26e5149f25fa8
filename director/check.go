package director

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// CheckResult is what dtm check found in a workbook with no problems.
type CheckResult struct {
	Path    string
	Players int
	// Playing counts the players who take part: registered for a heat or
	// seated in one (workbook.Tournament.Playing); the rest of the roster
	// is not ranked or exported.
	Playing int
	Heats   int
	Systems int
	// Victory names the tournament's victory rule.
	Victory string
	// Outcomes are the games whose centre chart reached a victory or allows
	// a draw vote.
	Outcomes []workbook.Outcome
	// Seatings explain the seating conflict of every heat with seated
	// boards, as it stands after any edits.
	Seatings []HeatConflicts
	// Warnings are boards set back from Finished with their results still
	// typed, what dtm wrote that no longer matches the sheets (board
	// calls and Conflict columns after a director's swaps: dtm seed
	// --refresh rewrites them), likely duplicate players, and players
	// without the ids of the databases the results go to (Results sent to).
	Warnings workbook.Problems
	// Ignored is what the reader read past (printed with -v).
	Ignored workbook.Problems
}

// HeatConflicts is a heat's seating conflict as the sheet stands.
type HeatConflicts struct {
	Heat, Boards int
	Explanation  seeding.Explanation
	Problem      *seeding.Problem
}

// CheckRequest says which workbook to check.
type CheckRequest struct {
	Path string
	// Verbose warns about each player without an id rather than about
	// them all in one line per database.
	Verbose bool
}

// Check reads a whole workbook, validates every cell, every scoring system
// and every finished game, and explains each seated heat's conflicts. A
// workbook with problems gives a *ProblemsError listing them all.
func Check(req CheckRequest) (*CheckResult, error) {
	path := req.Path
	b, err := open(path, allSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	playing := t.Playing()
	res := &CheckResult{Path: path, Players: len(t.Players), Playing: count(playing), Heats: t.Settings.Heats,
		Systems: len(t.Systems), Victory: t.Settings.Victory.Name, Outcomes: t.Outcomes(), Ignored: b.Ignored}
	_, sent, err := b.ReadSent() // dtm send's record: a row it cannot read stops only dtm send
	if err != nil {
		return nil, err
	}
	_, subs, err := confirmations(b) // dtm import's submissions: a row it cannot read stops only dtm import
	if err != nil {
		return nil, err
	}
	for _, p := range slices.Concat(unfinishedResults(t), sent, subs) {
		p.Msg = "warning: " + p.Msg // check prints its warnings as they are
		res.Warnings = append(res.Warnings, p)
	}
	for h := 1; h <= t.Settings.Heats; h++ {
		plan := t.HeatPlan(h)
		if len(plan.Boards) == 0 {
			continue
		}
		problem := t.SeedProblem(h)
		ex, err := seeding.Explain(problem, plan)
		if err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
		res.Seatings = append(res.Seatings, HeatConflicts{Heat: h, Boards: len(plan.Boards), Explanation: ex, Problem: problem})
		stale, err := staleOutput(b, h, ex, problem)
		if err != nil {
			return nil, err
		}
		res.Warnings = append(res.Warnings, stale...)
		res.Warnings = append(res.Warnings, t.PowerRuleWarnings(h, problem)...)
		res.Warnings = append(res.Warnings, t.DropOutWarnings(h)...)
		res.Warnings = append(res.Warnings, t.CallsPageWarnings(h)...)
	}
	res.Warnings = append(res.Warnings, unseatedWarnings(unseated(b))...)
	res.Warnings = append(res.Warnings, b.BrokenNames()...)
	res.Warnings = append(res.Warnings, LikelyDuplicates(t)...)
	res.Warnings = append(res.Warnings, MissingIDs(t, playing, t.Settings.ResultsToWDD, t.Settings.ResultsToWDR, req.Verbose)...)
	return res, nil
}

// count counts the true values.
func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// staleOutput lists what dtm wrote for heat h that no longer matches the
// workbook: its board calls and their QR codes, unless every game of the
// heat has finished (they have served), and its Conflict columns against
// ex, the explanation of its seating as the sheet stands.
func staleOutput(b *workbook.Book, h int, ex seeding.Explanation, problem *seeding.Problem) (workbook.Problems, error) {
	var out workbook.Problems
	var calls *workbook.Problem
	games := b.Tournament.Heats[h-1].Games
	if slices.ContainsFunc(games, func(g workbook.Game) bool { return g.Status != workbook.Finished }) {
		boards, err := files.WithQRCodes(b.Tournament, h, b.Tournament.HeatCallBoards(h))
		if err != nil {
			return nil, err
		}
		if calls, err = b.StaleCalls(h, boards); err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
	}
	for _, p := range []*workbook.Problem{calls, b.Tournament.StaleConflicts(h, ex, problem)} {
		if p != nil {
			out = append(out, *p)
		}
	}
	return out, nil
}

// WriteText prints the check's summary, each game's outcome, and each
// heat's seating conflict; verbose adds what was ignored and each player's
// conflicts.
func (r *CheckResult) WriteText(w io.Writer, verbose bool) {
	if verbose {
		writeIgnored(w, r.Ignored)
	}
	fmt.Fprintf(w, "%s: no problems (%d players, %d heats, %d scoring systems)\n", r.Path, r.Players, r.Heats, r.Systems)
	if r.Playing < r.Players {
		fmt.Fprintf(w, "%d of %d on the roster play (registered for a heat, or seated); the other %d are not ranked or exported\n",
			r.Playing, r.Players, r.Players-r.Playing)
	}
	for _, p := range r.Warnings {
		fmt.Fprintln(w, p)
	}
	for _, o := range r.Outcomes {
		if v := o.Victory; v != nil {
			fmt.Fprintf(w, "%s: board %d: %s reached victory in %d with %d centres (%s)\n", o.Cell, o.Board, v.Power, v.Year, v.Centres, r.Victory)
		}
		for k, y := range o.DrawVoteYears {
			fmt.Fprintf(w, "%s: board %d: a two-way draw vote may be called in %d (%s and %s)\n", o.Cell, o.Board, y, o.DrawVoters[k][0], o.DrawVoters[k][1])
		}
	}
	for _, hc := range r.Seatings {
		ex := hc.Explanation
		fmt.Fprintf(w, "heat %d: %d boards, seating conflict %d", hc.Heat, hc.Boards, ex.Total+ex.Locked)
		if ex.Locked != 0 {
			fmt.Fprintf(w, " (%d on started boards)", ex.Locked)
		}
		fmt.Fprintln(w)
		if !verbose {
			continue
		}
		for _, pc := range ex.Players {
			if pc.Total == 0 {
				continue
			}
			var parts []string
			for _, it := range pc.Items {
				parts = append(parts, it.Describe(hc.Problem))
			}
			fmt.Fprintf(w, "  %s: %d: %s\n", hc.Problem.Players[pc.Player], pc.Total, strings.Join(parts, "; "))
		}
	}
}

// unfinishedResults warns about every board that is not Finished but holds
// a finished game's results (set back from Finished): they do not count.
func unfinishedResults(t *workbook.Tournament) workbook.Problems {
	var out workbook.Problems
	for h := 1; h <= len(t.Heats); h++ {
		out = append(out, t.UnfinishedResults(h)...)
	}
	return out
}
