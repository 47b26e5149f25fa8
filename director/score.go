package director

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// ScoreRequest says which workbook to score and whether to write it.
type ScoreRequest struct {
	Path   string
	DryRun bool // compute only; write nothing
	Force  bool // write even when a lock file says the workbook is open
}

// ScoreResult is a scored tournament: its standings and whether they were
// written back.
type ScoreResult struct {
	Path    string
	Written bool
	// Heats is the number of heats; Names the players' names by id.
	Heats int
	Names []string
	Table scoring.Table
	// Report is the standings as dtm score --json prints them.
	Report files.Report
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
	// Multiplied marks the heat and board of each top board whose scores
	// count more than once (Top board multiplier), for the printed star.
	Multiplied map[[2]int]bool
	// Warnings are the boards set back from Finished whose results no
	// longer count.
	Warnings workbook.Problems
	// Provisional names the boards in play ("provisional: heat 3 boards
	// 2, 5 in play"); empty when none is.
	Provisional string
	// Replaced are the cells the director typed on dtm's tabs that the
	// rewrite replaced (a column of their own to the right of a table is
	// kept instead).
	Replaced workbook.Problems
}

// Score scores every finished game of a workbook under its system, ranks
// the players, teams and awards, and (unless DryRun) rewrites the
// Standings, Team Standings and Awards tabs and the heat sheets' scores.
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is saved.
func Score(req ScoreRequest) (*ScoreResult, error) {
	b, event, table, err := openScored(req.Path)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	res := &ScoreResult{Path: req.Path, Heats: t.Settings.Heats, Table: table, Report: files.NewReport(t.Settings.Name, event, table),
		Warnings: unfinishedResults(t), Provisional: workbook.ProvisionalNote(b.InPlay())}
	res.Report.Provisional = res.Provisional
	for _, p := range t.Players {
		res.Names = append(res.Names, p.Name)
	}
	if event.Rules.TopFactor() != 1 {
		res.Multiplied = map[[2]int]bool{}
		for _, g := range event.Games {
			if g.Top {
				res.Multiplied[[2]int{g.Heat, g.Board}] = true
			}
		}
	}
	if req.DryRun {
		return res, nil
	}
	typed, err := b.WriteStandings(table)
	if err != nil {
		return nil, err
	}
	res.Replaced = typed
	if err := b.Save(workbook.Options{Force: req.Force}); err != nil {
		return nil, err
	}
	res.Written = true
	res.Site = refreshSite(req.Path)
	return res, nil
}

// WriteWarnings prints the warnings, one per line.
func (r *ScoreResult) WriteWarnings(w io.Writer) {
	for _, p := range r.Warnings {
		fmt.Fprintf(w, "warning: %s\n", p)
	}
}

// WriteText prints the warnings, which boards are in play (the standings
// are then provisional), the first top lines of the standings as DTM's
// Scores screen lists them (rank, name, heat scores, total), then what was
// written.
func (r *ScoreResult) WriteText(w io.Writer, top int) {
	r.WriteWarnings(w)
	if r.Provisional != "" {
		fmt.Fprintln(w, r.Provisional)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "rank\tplayer\t")
	for h := 1; h <= r.Heats; h++ {
		fmt.Fprintf(tw, "heat %d\t", h)
	}
	fmt.Fprintln(tw, "total\t")
	players := r.Table.Players
	for _, s := range players[:min(top, len(players))] {
		fmt.Fprintf(tw, "%d\t%s\t", s.Rank, r.Names[s.Player])
		for _, h := range s.Heats {
			mark := ""
			if h.Played && (h.Factor != 1 || r.Multiplied[[2]int{h.Heat, h.Board}]) {
				mark = "*"
			}
			fmt.Fprintf(tw, "%s%s\t", files.Number(h.Score), mark)
		}
		fmt.Fprintf(tw, "%s\t\n", files.Number(s.Total))
	}
	tw.Flush()
	if len(players) > top {
		fmt.Fprintf(w, "... %d more players (* = dropped or multiplied)\n", len(players)-top)
	}
	for _, p := range r.Replaced {
		fmt.Fprintf(w, "warning: %s: %s, replaced\n", p.Location(), p.Msg)
	}
	if len(r.Replaced) > 0 {
		fmt.Fprintf(w, "warning: %d cell(s) typed on dtm's tabs were replaced (the previous file is in the dtm-backups folder): "+
			"these tabs are rewritten on every run; keep notes on a sheet of your own, or in a column of your own to the right of "+
			"a table, which is kept row by row\n", len(r.Replaced))
	}
	if r.Written {
		tabs := []string{workbook.SheetStandings}
		if len(r.Table.Teams) > 0 {
			tabs = append(tabs, workbook.SheetTeamStandings)
		}
		tabs = append(tabs, workbook.SheetAwards)
		fmt.Fprintf(w, "wrote %s: %s and the heat sheets' scores\n", r.Path, strings.Join(tabs, ", "))
	}
	r.Site.WriteText(w)
}

// number prints a score as a director reads it: no trailing zeros.
