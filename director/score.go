package director

import (
	"fmt"
	"io"
	"slices"
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
	Diff   bool // compare the new standings with those the Standings tab holds
}

// ScoreResult is a scored tournament: its standings and whether they were
// written back.
type ScoreResult struct {
	Path string
	// Written is set when the workbook was written; UpToDate when it held
	// these standings already, so that nothing was written (neither is set
	// by a dry run).
	Written, UpToDate bool
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
	// Diff is set with ScoreRequest.Diff: what moved since the standings were last written.
	Diff *StandingsDiff
	// Live marks the heat and board of each board in play scored as it
	// stands (provisionally), for the printed "~".
	Live map[[2]int]bool
}

// StandingsDiff is what moved between the standings the Standings tab held and the new ones.
type StandingsDiff struct {
	First bool   // the tab held no standings: everything is new
	Moves []Move // the players whose rank or total changed, came or went, in the new standings' order
}

// Move is one player's change: before and after (Before false for a player new to the standings, After false
// for one no longer in them). Provisional marks a new total that counts a board in play as it stands.
type Move struct {
	Name               string
	Before, After      bool
	Provisional        bool
	RankBefore, Rank   int
	TotalBefore, Total float64
}

// diffStandings compares the standings as written with the new table.
func diffStandings(old []workbook.Standing, table scoring.Table, names []string, live map[[2]int]bool) *StandingsDiff {
	d := &StandingsDiff{First: len(old) == 0}
	was := map[string]workbook.Standing{}
	for _, s := range old {
		was[s.Name] = s
	}
	seen := map[string]bool{}
	for _, s := range table.Players {
		name := names[s.Player]
		seen[name] = true
		o, ok := was[name]
		if ok && o.Rank == s.Rank && files.Number(o.Total) == files.Number(s.Total) {
			continue
		}
		d.Moves = append(d.Moves, Move{Name: name, Before: ok, After: true, RankBefore: o.Rank, Rank: s.Rank,
			TotalBefore: o.Total, Total: s.Total, Provisional: slices.ContainsFunc(s.Heats, func(h scoring.HeatScore) bool {
				return h.Played && live[[2]int{h.Heat, h.Board}]
			})})
	}
	for _, o := range old {
		if !seen[o.Name] {
			d.Moves = append(d.Moves, Move{Name: o.Name, Before: true, RankBefore: o.Rank, TotalBefore: o.Total})
		}
	}
	return d
}

// Score scores every finished game of a workbook under its system, ranks
// the players, teams and awards, and (unless DryRun) rewrites the
// Standings, Team Standings and Awards tabs and the heat sheets' scores;
// a workbook that holds them already is left as it is. When the
// workbook's site was published (dtm publish), it is refreshed after the
// workbook is written, or when it was not published from the workbook's
// file as it is (refreshSite).
func Score(req ScoreRequest) (*ScoreResult, error) {
	b, event, table, err := openScored(req.Path, true)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	res := &ScoreResult{Path: req.Path, Heats: t.Settings.Heats, Table: table, Report: files.NewReport(t.Settings.Name, event, table),
		Warnings: unfinishedResults(t), Provisional: workbook.ProvisionalNote(b.InPlay())}
	res.Report.Provisional = res.Provisional
	for _, st := range b.InPlay() {
		for _, l := range st.Live {
			if res.Live == nil {
				res.Live = map[[2]int]bool{}
			}
			res.Live[[2]int{st.Heat, l[0]}] = true
		}
	}
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
	if req.Diff {
		old, err := b.WrittenStandings()
		if err != nil {
			return nil, err
		}
		res.Diff = diffStandings(old, table, res.Names, res.Live)
	}
	if req.DryRun {
		return res, nil
	}
	typed, err := b.WriteStandings(table)
	if err != nil {
		return nil, err
	}
	res.Replaced = typed
	if res.Written, err = b.Save(workbook.Options{Force: req.Force}); err != nil {
		return nil, err
	}
	res.UpToDate = !res.Written
	res.Site = refreshSite(req.Path, res.Written)
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
			if h.Played && r.Live[[2]int{h.Heat, h.Board}] {
				mark += "~"
			}
			fmt.Fprintf(tw, "%s%s\t", files.Number(h.Score), mark)
		}
		fmt.Fprintf(tw, "%s\t\n", files.Number(s.Total))
	}
	tw.Flush()
	if len(players) > top {
		fmt.Fprintf(w, "... %d more players (* = dropped or multiplied)\n", len(players)-top)
	}
	if len(r.Live) > 0 {
		fmt.Fprintln(w, "~ = a board in play, scored as it stands: provisional")
	}
	for _, p := range r.Replaced {
		fmt.Fprintf(w, "warning: %s: %s, replaced\n", p.Location(), p.Msg)
	}
	if len(r.Replaced) > 0 {
		fmt.Fprintf(w, "warning: %d cell(s) typed on dtm's tabs were replaced (the previous file is in the dtm-backups folder): "+
			"these tabs are rewritten on every run; keep notes on a sheet of your own, or in a column of your own to the right of "+
			"a table, which is kept row by row\n", len(r.Replaced))
	}
	r.Diff.WriteText(w)
	if r.Written {
		tabs := []string{workbook.SheetStandings}
		if len(r.Table.Teams) > 0 {
			tabs = append(tabs, workbook.SheetTeamStandings)
		}
		tabs = append(tabs, workbook.SheetAwards)
		fmt.Fprintf(w, "wrote %s: %s and the heat sheets' scores\n", r.Path, strings.Join(tabs, ", "))
	}
	if r.UpToDate {
		writeUpToDate(w, r.Path, "these standings")
	}
	r.Site.WriteText(w)
}

// WriteText prints what moved: one line a player (rank and total before and after), or that nothing did.
func (d *StandingsDiff) WriteText(w io.Writer) {
	switch {
	case d == nil:
		return
	case d.First:
		fmt.Fprintln(w, "since the last score: the Standings tab held no standings; all are new")
		return
	case len(d.Moves) == 0:
		fmt.Fprintln(w, "since the last score: nothing moved")
		return
	}
	fmt.Fprintf(w, "since the last score: %d player(s) moved\n", len(d.Moves))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, m := range d.Moves {
		switch {
		case !m.Before:
			fmt.Fprintf(tw, "  %s\tnew\trank %d\ttotal %s%s\n", m.Name, m.Rank, files.Number(m.Total), m.provisional())
		case !m.After:
			fmt.Fprintf(tw, "  %s\tgone\twas rank %d\ttotal %s\n", m.Name, m.RankBefore, files.Number(m.TotalBefore))
		default:
			fmt.Fprintf(tw, "  %s\t%s\trank %d -> %d\ttotal %s -> %s%s\n", m.Name, arrow(m.RankBefore, m.Rank), m.RankBefore,
				m.Rank, files.Number(m.TotalBefore), files.Number(m.Total), m.provisional())
		}
	}
	tw.Flush()
}

// provisional is " (provisional)" for a total that counts a board in play.
func (m Move) provisional() string {
	if m.Provisional {
		return " (provisional)"
	}
	return ""
}

// arrow says which way a player moved: up (a better rank), down, or level.
func arrow(before, after int) string {
	switch {
	case after < before:
		return "up"
	case after > before:
		return "down"
	}
	return "level"
}
