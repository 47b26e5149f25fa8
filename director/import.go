package director

import (
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/workbook"
)

// ImportRequest says which results file to import into which workbook.
type ImportRequest struct {
	CSV, Path string
	DryRun    bool // show what would change; write nothing
	Force     bool // write even when a lock file says the workbook is open
	// Overwrite lets a row change a board that is already finished.
	Overwrite bool
}

// ImportResult is what an import changed (or, in a dry run, would change).
type ImportResult struct {
	CSV, Path string
	// Boards is every board whose cells change, in the file's order.
	Boards []BoardChange
	// Unchanged counts the rows whose board already holds their result.
	Unchanged int
	// Ignored names the columns dtm does not read (a form's Timestamp).
	Ignored []string
	DryRun  bool
	// Written is set when the workbook was written; UpToDate when it held
	// these results already, so that nothing was written.
	Written, UpToDate bool
	// Submitted counts the new submissions under two-party confirmation,
	// and Confirmations says where each board submitted for stands.
	Submitted     int
	Confirmations []BoardConfirmation
	// Replaced are the cells typed on the Submissions tab that its rewrite
	// replaced.
	Replaced workbook.Problems
	// Site is set when the published site was refreshed (or failed to be),
	// so that its pages (the projector's Board reports) show the import.
	Site *SiteRefresh
}

// BoardChange is one board's cells an import changes.
type BoardChange struct {
	Line        int // the CSV line of its row
	Heat, Board int
	Changes     []workbook.CellChange
}

// Import reads a results file (one row per board: docs/import.md), writes
// each board's result into its heat sheet, checks the workbook as dtm check
// does, and (unless DryRun, or nothing changes) saves it. Every problem, in
// the file or in what it would make of the workbook, is reported at the
// file's line, and nothing is written. When the workbook's site was
// published, it is refreshed after the workbook is written, or, when the
// import changes nothing, if it was not published from the workbook's
// file as it is (refreshSite).
func Import(req ImportRequest) (*ImportResult, error) {
	f, err := files.OpenInput(req.CSV, "results file", files.MaxResultsBytes)
	if err != nil {
		return nil, err
	}
	name := filepath.Base(req.CSV)
	rows, ignored, ps := files.ReadResults(name, f)
	f.Close()
	b, err := workbook.Open(req.Path)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	res := &ImportResult{CSV: req.CSV, Path: req.Path, DryRun: req.DryRun}
	res.Ignored = ignored
	confirm := b.Tournament.Settings.Confirmation
	rows, more := boardsOf(name, rows, b.Tournament, confirm)
	ps = append(ps, more...)
	var subs *confirmed
	if confirm {
		c, more, err := confirmRows(name, rows, b)
		if err != nil {
			return nil, err
		}
		ps = append(ps, more...)
		subs, rows = c, c.write
		res.Confirmations, res.Submitted, res.Unchanged = c.boards, c.added, c.unchanged
	}
	for _, r := range rows {
		finished := b.Tournament.Heats[r.Heat-1].Games[gameIndex(b.Tournament, r.Heat, r.Board)].Status == workbook.Finished
		changes, err := b.SetResult(r.Heat, r.Board, r.Result)
		if err != nil {
			return nil, err
		}
		switch {
		case len(changes) == 0:
			res.Unchanged++
		case finished && !req.Overwrite:
			if err := b.Restore(r.Heat, changes); err != nil {
				return nil, err
			}
			c := changes[0]
			ps = append(ps, files.LineProblemf(name, r.Line, "run again with --overwrite to replace its result, or remove the row",
				"%s: board %d of heat %d is finished already and this row changes it (%s %s: %s → %s)",
				workbook.BoardCode(r.Heat, r.Board), r.Board, r.Heat, c.Power, c.Header, shown(c.Old), shown(c.New)))
		default:
			res.Boards = append(res.Boards, BoardChange{Line: r.Line, Heat: r.Heat, Board: r.Board, Changes: changes})
		}
	}
	b.Reread()
	validate(b, allSystems)
	ps = append(ps, locate(name, rows, b)...)
	if len(ps) > 0 {
		return nil, &ProblemsError{Path: req.CSV, Problems: files.ByLine(ps), Again: "dtm import"}
	}
	if req.DryRun {
		return res, nil
	}
	if len(res.Boards) == 0 && res.Submitted == 0 {
		res.Site = refreshSite(req.Path, false)
		return res, nil
	}
	if res.Submitted > 0 {
		if res.Replaced, err = b.WriteSubmissions(subs.tab); err != nil {
			return nil, err
		}
	}
	if res.Written, err = b.Save(workbook.Options{Force: req.Force}); err != nil {
		return nil, err
	}
	res.UpToDate = !res.Written
	res.Site = refreshSite(req.Path, res.Written)
	return res, nil
}

// gameIndex finds a board of a heat that boardsOf found; -1 when absent.
func gameIndex(t *workbook.Tournament, heat, board int) int {
	return slices.IndexFunc(t.Heats[heat-1].Games, func(g workbook.Game) bool { return g.Board == board })
}

// locate reports the workbook's problems: those in an imported board's
// rows at the line that wrote them (with the cell), the others as they are.
func locate(name string, rows []files.ResultsRow, b *workbook.Book) workbook.Problems {
	var out workbook.Problems
	for _, p := range b.Problems {
		line := 0
		for _, r := range rows {
			heat := &b.Tournament.Heats[r.Heat-1]
			if i := gameIndex(b.Tournament, r.Heat, r.Board); i >= 0 && heat.GameHasProblem(&heat.Games[i], workbook.Problems{p}) {
				line = r.Line
				break
			}
		}
		if line == 0 {
			out = append(out, p)
			continue
		}
		q := p
		q.Sheet, q.Cell, q.File, q.Line = "", "", name, line
		q.Msg = fmt.Sprintf("%s: %s", p.Location(), p.Msg)
		out = append(out, q)
	}
	return out
}

// shown renders a cell's value for a diff: "(empty)" for an empty cell.
func shown(v string) string {
	if v == "" {
		return "(empty)"
	}
	return v
}

// boardsOf checks that each row names a board of the workbook, seated and
// with its powers, and (unless under two-party confirmation) that no two
// rows give one board different results (the same result twice, a form
// sent twice, is taken once).
func boardsOf(name string, rows []files.ResultsRow, t *workbook.Tournament, confirm bool) ([]files.ResultsRow, workbook.Problems) {
	var ps workbook.Problems
	var out []files.ResultsRow
	first := map[[2]int]files.ResultsRow{}
	conflicted := map[[2]int]bool{}
	for _, r := range rows {
		switch {
		case r.Heat > len(t.Heats):
			ps = append(ps, files.LineProblemf(name, r.Line, "check the heat", "heat %d, but the tournament has %d heats", r.Heat, len(t.Heats)))
			continue
		case !t.Heats[r.Heat-1].Sheet:
			ps = append(ps, files.LineProblemf(name, r.Line, "seat the heat first (dtm seed)", "heat %d has no sheet", r.Heat))
			continue
		}
		i := gameIndex(t, r.Heat, r.Board)
		if i < 0 {
			ps = append(ps, files.LineProblemf(name, r.Line, "check the board number, or seat the heat first (dtm seed)",
				"%s has no board %d", workbook.HeatSheet(r.Heat), r.Board))
			continue
		}
		g := t.Heats[r.Heat-1].Games[i]
		if len(g.Seats) != 7 || slices.ContainsFunc(g.Seats, func(s workbook.Seat) bool { return s.Power < 0 || s.Player < 0 }) {
			ps = append(ps, files.LineProblemf(name, r.Line, "seat seven players with their powers on the heat sheet first",
				"board %d of heat %d does not have seven players with their powers", r.Board, r.Heat))
			continue
		}
		key := [2]int{r.Heat, r.Board}
		if confirm { // each row is a submission: several for a board are expected
			out = append(out, r)
			continue
		}
		if f, dup := first[key]; dup {
			if !reflect.DeepEqual(f.Result, r.Result) {
				ps = append(ps, files.LineProblemf(name, r.Line, "keep one row per board (the right one)",
					"%s: board %d of heat %d is also on line %d, with another result", workbook.BoardCode(r.Heat, r.Board), r.Board, r.Heat, f.Line))
				conflicted[key] = true
			}
			continue
		}
		first[key] = r
		out = append(out, r)
	}
	// A board given two results is imported from neither row.
	return slices.DeleteFunc(out, func(r files.ResultsRow) bool { return conflicted[[2]int{r.Heat, r.Board}] }), ps
}

// WriteText prints each board's changes, then what was written, and
// whether the site was refreshed.
func (r *ImportResult) WriteText(w io.Writer) {
	defer r.Site.WriteText(w)
	if len(r.Ignored) > 0 {
		fmt.Fprintf(w, "%s: ignored columns: %s\n", r.CSV, strings.Join(r.Ignored, ", "))
	}
	for _, bc := range r.Boards {
		fmt.Fprintf(w, "%s board %d (%s, line %d):\n", workbook.HeatSheet(bc.Heat), bc.Board, workbook.BoardCode(bc.Heat, bc.Board), bc.Line)
		var power string
		var parts []string
		flush := func() {
			if len(parts) > 0 {
				fmt.Fprintf(w, "  %s: %s\n", power, strings.Join(parts, "; "))
			}
			parts = nil
		}
		for _, c := range bc.Changes {
			if c.Power != power {
				flush()
				power = c.Power
			}
			parts = append(parts, fmt.Sprintf("%s %s → %s", c.Header, shown(c.Old), shown(c.New)))
		}
		flush()
	}
	for _, c := range r.Confirmations {
		at := fmt.Sprintf("%s (heat %d board %d)", workbook.BoardCode(c.Heat, c.Board), c.Heat, c.Board)
		switch c.State {
		case Awaiting:
			fmt.Fprintf(w, "%s: awaiting: submitted by %s; a second player of the board must submit the same result\n", at, files.AndList(c.By))
		case Contested:
			fmt.Fprintf(w, "%s: contested: %s differs from %s; the player who is wrong submits again, or type the result on the heat sheet and mark the board Finished\n",
				at, c.Quotes[0], c.Quotes[1])
		case Final:
			fmt.Fprintf(w, "%s: confirmed by %s\n", at, files.AndList(c.By))
		}
	}
	for _, p := range r.Replaced {
		fmt.Fprintf(w, "warning: %s: %s, replaced\n", p.Location(), p.Msg)
	}
	subs := ""
	if r.Submitted > 0 {
		subs = fmt.Sprintf(", %d new submission(s)", r.Submitted)
	}
	switch {
	case len(r.Boards) == 0 && r.Submitted == 0 && len(r.Confirmations) > 0:
		fmt.Fprintf(w, "%s: no changes: every line repeats its player's latest submission, or a board's result (%d line(s))\n", r.Path, r.Unchanged)
	case len(r.Boards) == 0 && r.Submitted == 0:
		fmt.Fprintf(w, "%s: no changes: every board already holds these results (%s)\n", r.Path, boards(r.Unchanged))
	case r.Written:
		fmt.Fprintf(w, "wrote %s: %s changed%s, %d unchanged; run dtm score to rescore\n", r.Path, boards(len(r.Boards)), subs, r.Unchanged)
	case r.UpToDate:
		writeUpToDate(w, r.Path, "these results")
	default:
		fmt.Fprintf(w, "dry run: %s would change%s, %d unchanged; nothing written\n", boards(len(r.Boards)), subs, r.Unchanged)
	}
}

// boards counts boards: "1 board", "3 boards".
func boards(n int) string {
	if n == 1 {
		return "1 board"
	}
	return strconv.Itoa(n) + " boards"
}
