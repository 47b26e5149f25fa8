package workbook

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// WriteStandings rewrites the Standings, Team Standings (with a team
// tournament) and Awards tabs in place, and the heat sheets' Score column.
// While boards are in play, each tab says under its table (and in its
// printed title) that it is provisional, naming them. A column of the
// director's own to the right of a tab's table is kept, row by row (see
// keep); every other cell the director typed on the tabs is replaced, and
// returned, located, for the command to name.
func (b *Book) WriteStandings(table scoring.Table) (Problems, error) {
	if b.Tournament.Settings.Method == scoring.HurstMean {
		b.hurstGameScores(table)
	}
	if err := b.WriteGameScores(); err != nil {
		return nil, err
	}
	tabs := b.outputTabs(table)
	var typed Problems
	for _, o := range tabs {
		lost, err := b.keep(o)
		if err != nil {
			return nil, err
		}
		typed = append(typed, lost...)
		// Recorded before any tab is written: the leaders chart, added
		// again on every run, then stays after the record in the
		// package's content list, and a second run saves the same bytes.
		if err := b.writeRecord(*o); err != nil {
			return nil, err
		}
	}
	if b.hasSheet(SheetStandings) { // the chart, and the page break above it, are rebuilt on every run
		b.x.EmptyForRewrite(SheetStandings, true)
		if err := xlsx.DeleteCharts(b.f, SheetStandings); err != nil {
			return nil, err
		}
	}
	for i, o := range tabs {
		var decorate func() error
		if i == 0 {
			decorate = func() error { return b.leadersChart(len(o.Rows)) }
		}
		if err := b.writeOutput(*o, decorate); err != nil {
			return nil, err
		}
	}
	return typed, nil
}

// outputTabs lays out the tabs dtm score writes from the standings: Standings, Team Standings (with a team
// tournament) and Awards, each marked provisional while boards are in play.
func (b *Book) outputTabs(table scoring.Table) []*Output {
	note := ProvisionalNote(b.InPlay())
	tabs := []*Output{ptr(provisional(b.standingsTab(table), note))}
	if b.Tournament.Settings.TeamSize > 0 {
		tabs = append(tabs, ptr(provisional(b.teamsTab(table), note)))
	}
	return append(tabs, ptr(provisional(b.awardsTab(table), note)))
}

// ptr returns a pointer to a copy of v.
func ptr[T any](v T) *T { return &v }

// provisional marks an output tab as provisional while boards are in
// play: note under the table and at the end of the printed title.
func provisional(o Output, note string) Output {
	if note != "" {
		o.Note = strings.ToUpper(note[:1]) + note[1:]
		o.Title += " (" + note + ")"
	}
	return o
}

// hurstGameScores makes each seat's computed score its Hurst figure: the
// game's centres minus the power's tournament mean.
func (b *Book) hurstGameScores(table scoring.Table) {
	b.SetHurstFigures(table)
	for i := range b.Tournament.Heats {
		heat := &b.Tournament.Heats[i]
		for j := range heat.Games {
			for k := range heat.Games[j].Seats {
				s := &heat.Games[j].Seats[k]
				s.Computed = b.hurst[hurstKey{s.Player, heat.Number}]
			}
		}
	}
}

// hurstKey is a player's heat, whose Hurst figure dtm score writes in the
// heat sheet's Score column.
type hurstKey struct{ player, heat int }

// SetHurstFigures records, under the Hurst Tournament Mean, the figure dtm
// score writes for each player's game (its centres minus the power's
// tournament mean) from the standings, so that HeatStatus can tell whether
// the heat sheets show them.
func (b *Book) SetHurstFigures(table scoring.Table) {
	b.hurst = map[hurstKey]float64{}
	for _, s := range table.Players {
		for _, h := range s.Heats {
			if h.Played {
				b.hurst[hurstKey{s.Player, h.Heat}] = scoring.RoundTo(h.Score, scoring.TotalDecimals)
			}
		}
	}
}

// title is the printed title of an output tab.
func (b *Book) title(list string) string {
	if n := b.Tournament.Settings.Name; n != "" {
		return n + " – " + list
	}
	return list
}

// standingsPortraitHeats is the most heats whose Standings print portrait
// at 9 pt or more, on A4 and on Letter; more print landscape.
const standingsPortraitHeats = 3

// standingsTab lays out the players' standings: a row per player in rank
// order, each heat's score (dropped ones struck through, multiplied ones in
// italics, unplayed ones grey) and a note saying which heats did not count
// in full.
func (b *Book) standingsTab(table scoring.Table) Output {
	t := b.Tournament
	o := Output{Sheet: SheetStandings, Title: b.title("Standings"), Header: []string{HeaderRank, HeaderSeatPlayer, HeaderTotal},
		Widths: []float64{6, 20, 8}, Key: 1}
	for h := 1; h <= t.Settings.Heats; h++ {
		o.Header = append(o.Header, HeatSheet(h))
		o.Widths = append(o.Widths, 7)
	}
	o.Header = append(o.Header, HeaderPlayed, HeaderQualified, HeaderCounted, HeaderTieBreak)
	o.Widths = append(o.Widths, 7, 11, 13, 18)
	o.Landscape = t.Settings.Heats > standingsPortraitHeats
	if len(table.Players) > 0 {
		o.Below = chartGap + chartRows
	}
	if t.Settings.Method == scoring.HurstMean {
		o.Formats = make([]string, 3+t.Settings.Heats)
		for c := 2; c < len(o.Formats); c++ {
			o.Formats[c] = "0.0000"
		}
	}
	tops := make([]map[int]bool, len(t.Heats)) // each heat's top boards, when they are multiplied
	if f := t.Settings.TopBoardFactor; f != 1 && t.Settings.Method != scoring.HurstMean {
		for i := range t.Heats {
			tops[i] = t.Heats[i].TopBoards()
		}
	}
	for r, s := range table.Players {
		row := []any{s.Rank, t.Players[s.Player].Name, s.Total}
		var notes []string
		for _, h := range s.Heats {
			row = append(row, h.Score)
			cell := Mark{Row: r + 2, Col: 3 + h.Heat}
			if h.Played && tops[h.Heat-1][h.Board] {
				notes = append(notes, fmt.Sprintf("heat %d top board ×%s", h.Heat, number(t.Settings.TopBoardFactor)))
			}
			switch {
			case !h.Played:
				cell.Kind = MarkUnplayed
				notes = append(notes, fmt.Sprintf("heat %d %s", h.Heat, t.unplayedNote(s.Player, h.Heat)))
			case h.Factor == 0:
				cell.Kind = MarkDropped
				notes = append(notes, fmt.Sprintf("heat %d dropped", h.Heat))
			case h.Factor != 1:
				cell.Kind = MarkMultiplied
				notes = append(notes, fmt.Sprintf("heat %d ×%s", h.Heat, strconv.FormatFloat(h.Factor, 'f', -1, 64)))
			default:
				continue
			}
			if !h.Played && h.Factor != 1 && t.Settings.Method != scoring.HurstMean {
				notes[len(notes)-1] += fmt.Sprintf(" (×%s)", strconv.FormatFloat(h.Factor, 'f', -1, 64))
			}
			o.Marks = append(o.Marks, cell)
		}
		row = append(row, s.Played, yesNo(s.Qualified), strings.Join(notes, "; "), s.TieBreak)
		o.Rows = append(o.Rows, row)
	}
	return o
}

// teamsTab lays out the team standings with every counted game.
func (b *Book) teamsTab(table scoring.Table) Output {
	t := b.Tournament
	o := Output{Sheet: SheetTeamStandings, Title: b.title("Team standings"),
		Header: []string{HeaderRank, HeaderTeam, HeaderTotal, HeaderMembers, HeaderGames}, Widths: []float64{6, 20, 8, 36, 56},
		Landscape: true, Key: 1}
	for _, ts := range table.Teams {
		team := t.Teams[ts.Team]
		var members, games []string
		for _, m := range team.Members {
			members = append(members, t.Players[m].Name)
		}
		for _, g := range ts.Counted {
			games = append(games, fmt.Sprintf("%s, heat %d board %d: %s", t.Players[g.Player].Name, g.Heat, g.Board, signed(g.Score)))
		}
		o.Rows = append(o.Rows, []any{ts.Rank, team.Name, ts.Total, strings.Join(members, ", "), strings.Join(games, "; ")})
	}
	return o
}

// awardsTab lays out the awards list, one row per award (shared awards name
// every winner).
func (b *Book) awardsTab(table scoring.Table) Output {
	t := b.Tournament
	o := Output{Sheet: SheetAwards, Title: b.title("Awards"), Header: []string{HeaderAward, HeaderWinners, HeaderValue, HeaderAwardWhat},
		Widths: []float64{18, 28, 8, 40}}
	for _, a := range table.Awards {
		var names []string
		for _, w := range a.Winners {
			if a.Team {
				names = append(names, t.Teams[w].Name)
			} else {
				names = append(names, t.Players[w].Name)
			}
		}
		winner := strings.Join(names, " and ")
		var value any = a.Value
		switch {
		case a.TiedAbove > 0:
			winner, value = "(none: tied above)", nil
		case len(names) == 0:
			winner, value = "(nobody eligible)", nil
		}
		o.Rows = append(o.Rows, []any{a.Name, winner, value, a.Detail})
	}
	return o
}

// Leaders chart geometry: the chart sits in column A below the Standings
// table, one empty row after it, and is chartHeight pixels high, which
// excelize counts as 27 rows (of 18 pixels); the print area takes in
// chartRows rows below the gap.
const (
	chartGap    = 1
	chartRows   = 27
	chartWidth  = 640 // pixels; narrower than the narrowest Standings table
	chartHeight = 480
	chartBar    = "4472C4"
)

// leadersChart draws the ten leaders' totals below the Standings table of
// rows players, in the rows standingsTab keeps for it, on a page of its
// own: a chart is cut where a page ends. WriteStandings has
// deleted the previous chart (an earlier run's, wherever it was, or the
// one LibreOffice re-saved, possibly without bars): it is rebuilt on every
// run.
func (b *Book) leadersChart(rows int) error {
	if rows == 0 {
		return nil
	}
	sheet := xlsx.QuoteSheet(SheetStandings)
	last := min(rows, 10) + 1
	no := false
	if err := xlsx.InsertPageBreak(b.f, SheetStandings, cellName(1, rows+2)); err != nil {
		return err
	}
	axis := excelize.Font{Family: "Calibri", Size: 11}
	return xlsx.AddChart(b.f, SheetStandings, cellName(1, rows+2+chartGap), &excelize.Chart{
		Type: excelize.Bar,
		Series: []excelize.ChartSeries{{
			Name:       sheet + "!$C$1",
			Categories: fmt.Sprintf("%s!$B$2:$B$%d", sheet, last),
			Values:     fmt.Sprintf("%s!$C$2:$C$%d", sheet, last),
			Fill:       excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{chartBar}},
		}},
		VaryColors: &no,
		Title:      excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "Leaders", Font: font(true, 14)}}},
		Legend:     excelize.ChartLegend{Position: "none"},
		XAxis:      excelize.ChartAxis{ReverseOrder: true, Font: axis}, // the leader on top
		YAxis:      excelize.ChartAxis{Font: axis},
		Dimension:  excelize.ChartDimension{Width: chartWidth, Height: chartHeight},
	})
}

// hasSheet reports whether the workbook has a sheet of exactly this name.
func (b *Book) hasSheet(name string) bool {
	idx, err := xlsx.GetSheetIndex(b.f, name)
	return err == nil && idx >= 0
}

// number prints a score without trailing zeros.
func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// signed prints a score in running text: as number does, a negative one
// with a minus sign (−3), which a line never breaks away from its digits as
// it may break after a hyphen.
func signed(v float64) string { return strings.Replace(number(v), "-", "−", 1) }

// unplayedNote says why a player's heat has no score yet: the game is in
// play, the board has not started, or the player did not play it.
func (t *Tournament) unplayedNote(player, heat int) string {
	for _, g := range t.Heats[heat-1].Games {
		for _, s := range g.Seats {
			if s.Player != player {
				continue
			}
			switch g.Status {
			case Started:
				return fmt.Sprintf("in play (board %d)", g.Board)
			case Unstarted:
				return fmt.Sprintf("not started yet (board %d)", g.Board)
			}
		}
	}
	return "not played"
}

// Standing is one line of the Standings tab as it stands in the workbook.
type Standing struct {
	Name  string
	Rank  int
	Total float64
}

// WrittenStandings reads the Standings tab as the last dtm score wrote it: each player's rank and total, in
// the tab's order, down to the first row without a player. It is nil when the tab is missing or holds no
// table (no Rank, Player and Total headers in its first row); a line whose rank or total is not a number is
// left out.
func (b *Book) WrittenStandings() ([]Standing, error) {
	if !b.hasSheet(SheetStandings) {
		return nil, nil
	}
	rows, err := xlsx.GetRows(b.f, SheetStandings, excelize.Options{RawCellValue: true})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	col := map[string]int{}
	for c, h := range rows[0] {
		col[normalHeader(h)] = c
	}
	rank, okR := col[normalHeader(HeaderRank)]
	name, okN := col[normalHeader(HeaderSeatPlayer)]
	total, okT := col[normalHeader(HeaderTotal)]
	if !okR || !okN || !okT {
		return nil, nil
	}
	cell := func(row []string, c int) string {
		if c < len(row) {
			return strings.TrimSpace(row[c])
		}
		return ""
	}
	var out []Standing
	for _, row := range rows[1:] {
		n := cell(row, name)
		if n == "" {
			break
		}
		r, okR := parseWhole(cell(row, rank))
		t, okT := parseNumber(cell(row, total))
		if okR && okT {
			out = append(out, Standing{Name: n, Rank: r, Total: t})
		}
	}
	return out, nil
}
