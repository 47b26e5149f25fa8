package files

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/workbook"
)

// WriteRatings writes the one-page summary of what the rating lists ask of
// an event (docs/exports.md): its class and dates, the players and heats,
// the boards of each heat and of the three largest, the final placings with
// their ties, the top boards' finishers, and the players replaced during a
// game.
func WriteRatings(w io.Writer, r Results) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Rating inputs: %s\n", r.Name)
	if note := workbook.ProvisionalNote(r.InPlay); note != "" {
		fmt.Fprintf(&b, "%s%s: these placings will change\n", strings.ToUpper(note[:1]), note[1:])
	}
	b.WriteString("\n")
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	class := r.EventClass
	if class == "" {
		class = "not given (Tournament sheet, Event class)"
	}
	fmt.Fprintf(tw, "Event class:\t%s\n", class)
	fmt.Fprintf(tw, "Dates:\t%s\n", eventDates(r))
	players := 0
	for _, s := range r.Table.Players {
		if s.Played > 0 {
			players++
		}
	}
	fmt.Fprintf(tw, "Players:\t%d (played at least one game)\n", players)
	boards := make([]int, r.Event.Heats)
	for _, g := range r.Event.Games {
		boards[g.Heat-1]++
	}
	played := 0
	var per, inPlay []string
	for h, n := range boards {
		if slices.ContainsFunc(r.InPlay, func(st workbook.HeatStatus) bool { return st.Heat == h+1 }) {
			inPlay = append(inPlay, fmt.Sprintf(", heat %d in play", h+1))
		} else if n > 0 {
			played++
		}
		per = append(per, fmt.Sprintf("heat %d: %d", h+1, n))
	}
	fmt.Fprintf(tw, "Heats:\t%d played of %d%s\n", played, r.Event.Heats, strings.Join(inPlay, ""))
	fmt.Fprintf(tw, "Boards per heat:\t%s\n", strings.Join(per, ", "))
	largest := slices.Clone(boards)
	slices.SortFunc(largest, func(a, b int) int { return b - a })
	sum := 0
	for _, n := range largest[:min(3, len(largest))] {
		sum += n
	}
	fmt.Fprintf(tw, "Boards in the three largest heats:\t%d\n", sum)
	fmt.Fprintf(tw, "Games scored:\t%d\n", len(r.Event.Games))
	if err := tw.Flush(); err != nil {
		return err
	}

	if r.Finished {
		b.WriteString("\nFinal placings")
	} else {
		b.WriteString("\nPlacings so far, not final")
	}
	b.WriteString(" (ties share a place; players short of the minimum heats are not placed):\n")
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, s := range r.Table.Players {
		if s.Played == 0 {
			continue
		}
		place := "-"
		if s.Qualified {
			place = placeText(s.Rank, r)
		}
		fmt.Fprintf(tw, "%5s  %s\t%s\n", place, r.Players[s.Player].Name, Number(s.Total))
	}
	if err := tw.Flush(); err != nil {
		return err
	}

	b.WriteString("\nTop boards:")
	var tops int
	for _, g := range sortedGames(r.Event) {
		if !r.Top[Chart{g.Heat, g.Board}] {
			continue
		}
		tops++
		fmt.Fprintf(&b, "\nheat %d, board %d:\n", g.Heat, g.Board)
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		order := make([]int, len(g.Seats))
		for i := range order {
			order[i] = i
		}
		slices.SortStableFunc(order, func(a, c int) int {
			ra, _ := boardRank(g, dip.Power(a))
			rc, _ := boardRank(g, dip.Power(c))
			return ra - rc
		})
		for _, pw := range order {
			seat := g.Seats[pw]
			rank, tied := boardRank(g, dip.Power(pw))
			pos := fmt.Sprint(rank)
			if tied > 1 {
				pos = fmt.Sprintf("%d=", rank)
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%d centres\t%s\n", pos, r.Players[seat.Player].Name, wdrPowers[pw], seat.Centres, Number(seat.Score))
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	if tops == 0 {
		b.WriteString(" none (a top board is board 1 with a scoring system of its own on its heat sheet)\n")
	}
	writeReplacements(&b, r)
	_, err := io.WriteString(w, b.String())
	return err
}

// placeText is a place with "=" when it is shared: "3=".
func placeText(rank int, r Results) string {
	tied := 0
	for _, o := range r.Table.Players {
		if o.Qualified && o.Played > 0 && o.Rank == rank {
			tied++
		}
	}
	if tied > 1 {
		return fmt.Sprintf("%d=", rank)
	}
	return fmt.Sprint(rank)
}

// eventDates are the first and last heats' dates: 2026-03-13 to
// 2026-03-15; the Date cells as typed when they are not dates.
func eventDates(r Results) string {
	var days []string
	for h := range r.Days {
		switch {
		case !r.Days[h].IsZero():
			days = append(days, r.Days[h].Format("2006-01-02"))
		case r.Dates[h] != "":
			days = append(days, r.Dates[h])
		}
	}
	switch len(days) {
	case 0:
		return "not given (Heats sheet, Date column)"
	case 1:
		return days[0]
	}
	if days[0] == days[len(days)-1] {
		return days[0]
	}
	return days[0] + " to " + days[len(days)-1]
}

// writeReplacements lists the players replaced during a game, which the
// WDD's files have no place for, so that the director can tell the rating
// lists: nothing when there were none.
func writeReplacements(b *strings.Builder, r Results) {
	var lines []string
	for _, g := range sortedGames(r.Event) {
		for _, l := range r.Replacements[Chart{g.Heat, g.Board}] {
			when := ""
			if l.Year != 0 {
				when = fmt.Sprintf(" in %d", l.Year)
			}
			lines = append(lines, fmt.Sprintf("heat %d, board %d, %s: %s left%s; %s finished the game and has its score\n",
				g.Heat, g.Board, wdrPowers[l.Power], r.Players[l.Player].Name, when, r.Players[g.Seats[l.Power].Player].Name))
		}
	}
	if len(lines) == 0 {
		return
	}
	b.WriteString("\nReplacements (the WDD files carry only the player who finished each game; the WDR file both):\n")
	for _, l := range lines {
		b.WriteString(l)
	}
}
