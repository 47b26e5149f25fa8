package director

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// RenameRequest says which player to rename, and to what.
type RenameRequest struct {
	Path string
	// Old is the player's name as on the Players sheet; New the name they
	// are to have ("First Last").
	Old, New string
	// Force writes even when a lock file says the workbook is open.
	Force bool
}

// RenameResult is what renaming a player changed.
type RenameResult struct {
	Path     string
	Old, New string
	// First and Last are the new name's First name and Last name cells.
	First, Last string
	// Already is set when nothing changed: the player has the new name.
	Already bool
	// UpToDate is set when the save found the workbook holding the new
	// name already: nothing was written.
	UpToDate bool
	// Cells counts the cells renamed, by sheet: Players first, then
	// Conflicts, Groups, Teams and the heat sheets.
	Cells []SheetCount
	// Refreshed are the heats whose Conflict columns (and board calls,
	// while a board has not finished) were rewritten with the new name;
	// Stale the heats where the player sits (or sits out) whose were stale
	// already, left for dtm seed --refresh; Printed those whose calls tab
	// is kept as printed (every board finished).
	Refreshed, Stale, Printed []int
	// Scored is set when the workbook has dtm score's tabs, which show the
	// old name until the next dtm score.
	Scored bool
	// EntryPage is the results-entry page rewritten beside the workbook;
	// "" when there is none.
	EntryPage string
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
}

// SheetCount is a number of cells of one sheet.
type SheetCount struct {
	Sheet string
	Cells int
}

// Rename renames a player on every sheet at once: the Players sheet's
// First name and Last name, the Conflicts, Groups and Teams sheets, and the
// heat sheets' Player and Replaced player columns; the Conflict columns and
// board calls of the heats they sit in are rewritten when they matched the
// sheet before (as dtm seed --refresh would), and dtm score's tabs are left
// for the next dtm score. A new name that is another player's is refused.
// Run again, it changes nothing.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is written, or, when nothing is written (the save
// finds nothing to write, or the player has the new name already), if it
// was not published from the workbook's file as it is (refreshSite).
func Rename(req RenameRequest) (*RenameResult, error) {
	res, err := rename(req)
	if err != nil && !Saved(err) {
		return nil, err
	}
	res.Site = refreshSite(req.Path, !res.Already && !res.UpToDate)
	return res, err
}

// rename is Rename without refreshing the site.
func rename(req RenameRequest) (*RenameResult, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	newName := strings.Join(strings.Fields(req.New), " ")
	res := &RenameResult{Path: req.Path, Old: req.Old, New: newName}
	i, hint := t.FindPlayer(req.Old)
	if i < 0 {
		if j, _ := t.FindPlayer(newName); j >= 0 && newName != "" {
			res.Already = true
			return res, nil
		}
		return nil, fmt.Errorf("%s: unknown player %q: %s (nothing was changed)", req.Path, req.Old, hint)
	}
	p := t.Players[i]
	res.Old = p.Name
	if newName == p.Name {
		res.Already = true
		return res, nil
	}
	if err := t.NameProblem(i, newName); err != nil {
		return nil, fmt.Errorf("%s: cannot rename %q to %q: %w (nothing was changed)", req.Path, p.Name, newName, err)
	}
	// The heats' computed columns and calls are rewritten only where they
	// matched the sheet before: a swap by hand not yet refreshed stays.
	current := map[int]bool{}
	for h := 1; h <= t.Settings.Heats; h++ {
		sitting := p.Registration[h-1] == workbook.SittingOut // the calls list who sits out
		if !sitting && !slices.ContainsFunc(t.Heats[h-1].Games, func(g workbook.Game) bool { return onGame(g, i) }) {
			continue
		}
		problem := t.SeedProblem(h)
		ex, err := seeding.Explain(problem, t.HeatPlan(h))
		if err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
		stale, err := staleOutput(b, h, ex, problem)
		if err != nil {
			return nil, err
		}
		if len(stale) > 0 {
			res.Stale = append(res.Stale, h)
		} else {
			current[h] = true
		}
	}
	res.First, res.Last = p.SplitName(newName)
	cells, err := b.RenamePlayer(i, res.First, res.Last)
	if err != nil {
		return nil, err
	}
	for _, c := range cells {
		if k := len(res.Cells) - 1; k >= 0 && res.Cells[k].Sheet == c.Sheet {
			res.Cells[k].Cells++
		} else {
			res.Cells = append(res.Cells, SheetCount{Sheet: c.Sheet, Cells: 1})
		}
	}
	sheets := b.Sheets()
	for h := 1; h <= t.Settings.Heats; h++ {
		if !current[h] {
			continue
		}
		problem := t.SeedProblem(h)
		ex, err := seeding.Explain(problem, t.HeatPlan(h))
		if err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
		if t.ConflictsWritten(h) {
			if err := b.WriteConflicts(h, ex, problem); err != nil {
				return nil, err
			}
		}
		if slices.Contains(sheets, workbook.BoardCallsSheet(h)) {
			if slices.ContainsFunc(t.Heats[h-1].Games, func(g workbook.Game) bool { return g.Status != workbook.Finished }) {
				boards, err := files.WithQRCodes(t, h, t.HeatCallBoards(h))
				if err != nil {
					return nil, err
				}
				if err := b.WriteBoardCalls(h, boards); err != nil {
					return nil, err
				}
			} else {
				res.Printed = append(res.Printed, h)
			}
		}
		res.Refreshed = append(res.Refreshed, h)
	}
	res.Scored = slices.Contains(sheets, workbook.SheetStandings)
	wrote, err := b.Save(workbook.Options{Force: req.Force})
	if err != nil {
		return nil, err
	}
	res.UpToDate = !wrote
	if _, err := os.Stat(files.EntryPagePath(req.Path)); err == nil {
		res.EntryPage, err = entryPageAfterSave(b, 0, nil)
		return res, err
	}
	return res, nil
}

// WriteText says what was renamed, sheet by sheet, and what was left.
func (r *RenameResult) WriteText(w io.Writer) {
	if r.Already {
		fmt.Fprintf(w, "%s: nothing changed: the player is named %q already\n", r.Path, r.New)
		r.Site.WriteText(w)
		return
	}
	var parts []string
	for _, c := range r.Cells {
		parts = append(parts, fmt.Sprintf("%s: %d", c.Sheet, c.Cells))
	}
	fmt.Fprintf(w, "renamed %q to %q (First name %q, Last name %q), cells by sheet: %s\n", r.Old, r.New, r.First, r.Last, strings.Join(parts, ", "))
	for _, h := range r.Refreshed {
		what := "Conflict columns and board calls"
		if slices.Contains(r.Printed, h) {
			what = fmt.Sprintf("Conflict columns (%s is kept as printed: every board has finished)", workbook.BoardCallsSheet(h))
		}
		fmt.Fprintf(w, "heat %d: %s rewritten with the new name\n", h, what)
	}
	for _, h := range r.Stale {
		fmt.Fprintf(w, "heat %d: the board calls or Conflict columns did not match the sheet before (a swap by hand?): left as they were; dtm seed --refresh --heat %d rewrites them\n", h, h)
	}
	if r.Scored {
		fmt.Fprintf(w, "dtm score's tabs (%s, %s ...) show %q until you run dtm score\n", workbook.SheetStandings, workbook.SheetAwards, r.Old)
	}
	if r.UpToDate {
		writeUpToDate(w, r.Path, "the new name")
	} else {
		fmt.Fprintf(w, "wrote %s\n", r.Path)
	}
	writeEntryPageNote(w, r.EntryPage)
	r.Site.WriteText(w)
}
