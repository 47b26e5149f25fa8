package workbook

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/xuri/excelize/v2"
)

// WriteStandings rewrites the Standings, Team Standings (with a team
// tournament) and Awards tabs in place, and the heat sheets' Score column.
func (b *Book) WriteStandings(table scoring.Table) error {
	if b.Tournament.Settings.Hurst {
		b.hurstGameScores(table)
	}
	if err := b.WriteGameScores(); err != nil {
		return err
	}
	created := !b.hasSheet(SheetStandings)
	if err := b.WriteOutput(b.standingsTab(table)); err != nil {
		return err
	}
	if created { // the chart's ranges never move: rewriting the cells updates it
		if err := b.leadersChart(); err != nil {
			return err
		}
	}
	if b.Tournament.Settings.TeamSize > 0 {
		if err := b.WriteOutput(b.teamsTab(table)); err != nil {
			return err
		}
	}
	return b.WriteOutput(b.awardsTab(table))
}

// hurstGameScores makes each seat's computed score its Hurst figure: the
// game's centres minus the power's tournament mean.
func (b *Book) hurstGameScores(table scoring.Table) {
	type key struct{ player, heat int }
	figure := map[key]float64{}
	for _, s := range table.Players {
		for _, h := range s.Heats {
			if h.Played {
				figure[key{s.Player, h.Heat}] = h.Score
			}
		}
	}
	for i := range b.Tournament.Heats {
		heat := &b.Tournament.Heats[i]
		for j := range heat.Games {
			for k := range heat.Games[j].Seats {
				s := &heat.Games[j].Seats[k]
				s.Computed = scoring.RoundTo(figure[key{s.Player, heat.Number}], scoring.TotalDecimals)
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

// standingsTab lays out the players' standings: a row per player in rank
// order, each heat's score (dropped ones struck through, multiplied ones in
// italics, unplayed ones grey) and a note saying which heats did not count
// in full.
func (b *Book) standingsTab(table scoring.Table) Output {
	t := b.Tournament
	o := Output{Sheet: SheetStandings, Title: b.title("Standings"), Header: []string{HeaderRank, HeaderSeatPlayer, HeaderTotal},
		Widths: []float64{7, 24, 10}}
	for h := 1; h <= t.Settings.Heats; h++ {
		o.Header = append(o.Header, HeatSheet(h))
		o.Widths = append(o.Widths, 9)
	}
	o.Header = append(o.Header, HeaderPlayed, HeaderQualified, HeaderCounted, HeaderTieBreak)
	o.Widths = append(o.Widths, 8, 10, 30, 46)
	o.Landscape = t.Settings.Heats > 5
	if t.Settings.Hurst {
		o.Formats = make([]string, 3+t.Settings.Heats)
		for c := 2; c < len(o.Formats); c++ {
			o.Formats[c] = "0.0000"
		}
	}
	for r, s := range table.Players {
		row := []any{s.Rank, t.Players[s.Player].Name, s.Total}
		var notes []string
		for _, h := range s.Heats {
			row = append(row, h.Score)
			cell := Mark{Row: r + 2, Col: 3 + h.Heat}
			switch {
			case !h.Played:
				cell.Kind = MarkUnplayed
				notes = append(notes, fmt.Sprintf("heat %d not played", h.Heat))
			case h.Factor == 0:
				cell.Kind = MarkDropped
				notes = append(notes, fmt.Sprintf("heat %d dropped", h.Heat))
			case h.Factor != 1:
				cell.Kind = MarkMultiplied
				notes = append(notes, fmt.Sprintf("heat %d ×%s", h.Heat, strconv.FormatFloat(h.Factor, 'f', -1, 64)))
			default:
				continue
			}
			if !h.Played && h.Factor != 1 && !t.Settings.Hurst {
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
		Header: []string{HeaderRank, HeaderTeam, HeaderTotal, HeaderMembers, HeaderGames}, Widths: []float64{7, 26, 10, 50, 80}}
	for _, ts := range table.Teams {
		team := t.Teams[ts.Team]
		var members, games []string
		for _, m := range team.Members {
			members = append(members, t.Players[m].Name)
		}
		for _, g := range ts.Counted {
			games = append(games, fmt.Sprintf("%s, heat %d board %d: %s", t.Players[g.Player].Name, g.Heat, g.Board, number(g.Score)))
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
		Widths: []float64{34, 40, 10, 70}}
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
		if len(names) == 0 {
			winner, value = "(nobody eligible)", nil
		}
		o.Rows = append(o.Rows, []any{a.Name, winner, value, a.Detail})
	}
	return o
}

// leadersChart draws the ten leaders' totals beside the Standings table.
// Its ranges (names in column B, totals in column C, rows 2 to 11) are
// fixed, so it follows every rewrite of the tab.
func (b *Book) leadersChart() error {
	sheet := quoteSheet(SheetStandings)
	anchor := cellName(8+b.Tournament.Settings.Heats+1, 2) // right of the table, outside the print area
	err := b.f.AddChart(SheetStandings, anchor, &excelize.Chart{
		Type: excelize.Bar,
		Series: []excelize.ChartSeries{{
			Name:       sheet + "!$C$1",
			Categories: sheet + "!$B$2:$B$11",
			Values:     sheet + "!$C$2:$C$11",
		}},
		Title:     excelize.ChartTitle{Paragraph: []excelize.RichTextRun{{Text: "Leaders", Font: font(true, 14)}}},
		Legend:    excelize.ChartLegend{Position: "none"},
		YAxis:     excelize.ChartAxis{ReverseOrder: true},
		Dimension: excelize.ChartDimension{Width: 480, Height: 320},
	})
	if err != nil {
		return fmt.Errorf("standings chart: %w", err)
	}
	return nil
}

// hasSheet reports whether the workbook has a sheet of exactly this name.
func (b *Book) hasSheet(name string) bool {
	idx, err := b.f.GetSheetIndex(name)
	return err == nil && idx >= 0
}

// number prints a score without trailing zeros.
func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
