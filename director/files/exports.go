package files

import (
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// Neutralise makes text safe in a CSV file that a spreadsheet will open: text
// starting with =, +, -, @ (or a tab or carriage return) would be run as a
// formula, so it gets a leading apostrophe, which spreadsheets show as text.
func Neutralise(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// Number writes a score (or any other number of points) as dtm writes it
// everywhere: in the shortest decimal form that reads back as the same
// value, with no exponent and no trailing zeros: 37.5, 0, -11. The WDD and
// DTM files want it so; the site rounds and sets a true minus sign on top
// of it.
func Number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// utf8BOM starts the DTM CSV so that Excel, opening the file by a
// double-click, reads it as UTF-8 (accented names intact) rather than in the
// system's legacy code page. LibreOffice and scripts' CSV readers skip it.
const utf8BOM = "\ufeff"

// WriteDTM writes the DTM's export of the standings: one line per player,
// with rank, name, each heat's score and the total, comma-separated, no
// header (DTM manual, section 14), in UTF-8 with a byte-order mark. Ties
// share a rank.
func WriteDTM(w io.Writer, r Report) error {
	if _, err := io.WriteString(w, utf8BOM); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	for _, p := range r.Players {
		rec := []string{strconv.Itoa(p.Rank), Neutralise(p.Name)}
		for _, h := range p.Heats {
			rec = append(rec, Number(h.Score))
		}
		rec = append(rec, Number(p.Total))
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// ExportPlayer is what the results files need to know of a player beyond
// the standings.
type ExportPlayer struct {
	Name        string // as every sheet names the player: "First Last"
	First, Last string
	Location    string // WDD country code, e.g. USA, FRA, ANG; may be empty
	Nationality string // WDD country code; may be empty
	WDDID       int    // World Diplomacy Database id; 0 when unknown
	WDRID       int    // World Diplomacy Reference id; 0 when unknown
}

// Chart identifies a game: its heat and its board on the heat sheet.
type Chart struct{ Heat, Board int }

// Results is what the WDD, WDR and ratings files are written from: the
// scored event and its standings, and what the workbook says beyond them.
type Results struct {
	Name    string
	Event   scoring.Event
	Table   scoring.Table
	Players []ExportPlayer // one per event player
	Charts  map[Chart][]scoring.Year
	// Top marks the top boards (board 1 with a scoring system of its own
	// on the heat sheet, as the board calls label it).
	Top map[Chart]bool
	// Systems names each scored game's scoring system; HeatSystems each
	// heat's (index 0 is heat 1).
	Systems     map[Chart]string
	HeatSystems []string
	// Days are the heats' dates (zero when not given) and Dates the Date
	// cells as typed or shown, index 0 being heat 1.
	Days       []time.Time
	Dates      []string
	EventClass string
	// Replacements are each scored game's players replaced during it, in
	// heat-sheet order; the game's seat is the player who finished it.
	Replacements map[Chart][]Replacement
	// InPlay are the heats in play: while there is one, the standings are
	// provisional (workbook.ProvisionalNote names its boards).
	InPlay []workbook.HeatStatus
	// Finished is set when every board of every heat has finished: the
	// placings are final.
	Finished bool
}

// Replacement is a player who left a game and was replaced in their seat.
type Replacement struct {
	Power  dip.Power
	Player int // the player who left, an event player id
	Year   int // the year of the replacement; 0 when not given
}

// wddPowers are the WDD's power codes, in Power order.
var wddPowers = [dip.NumPowers]string{"0AU", "0EN", "0FR", "0GE", "0IT", "0RU", "0TU"}

// wddRounds is how many rounds the WDD classification file holds.
const wddRounds = 8

// wddOtherAwards numbers the awards other than places and best powers in
// the classification file's RK_AWA_n columns, in this stable order.
var wddOtherAwards = []scoring.AwardKind{scoring.WithoutSoloAward, scoring.OnlyLossesAward, scoring.LastPlaceAward, scoring.BestTeamAward}

// WriteWDD writes the World Diplomacy Database upload: the classification
// file (one row per player who played), the boards file (one row per player
// per game), with the columns of the WDD's format, and the numbered list of
// the awards of the classification's RK_AWA_n columns, for the WDD's award
// form.
func WriteWDD(classification, boards, awards io.Writer, r Results) error {
	if len(r.Players) != len(r.Event.Players) {
		return fmt.Errorf("WDD export: %d players' names for %d players", len(r.Players), len(r.Event.Players))
	}
	if err := writeClassification(classification, r); err != nil {
		return fmt.Errorf("WDD classification file: %w", err)
	}
	if err := writeBoards(boards, r.Event, r.Players, r.Charts); err != nil {
		return fmt.Errorf("WDD boards file: %w", err)
	}
	if err := writeAwardList(awards, r); err != nil {
		return fmt.Errorf("WDD awards file: %w", err)
	}
	return nil
}

// writeAwardList writes the awards numbered as the classification file's
// RK_AWA_n columns: NUMBER, AWARD (its name on the Awards tab), WINNERS
// (names separated by "; ", a team's name for the best team) and DETAIL.
// An award the event does not have (the best team without teams) is left
// out; the numbers stay.
func writeAwardList(w io.Writer, r Results) error {
	var rows [][]string
	for n, kind := range wddOtherAwards {
		for _, a := range r.Table.Awards {
			if a.Kind != kind {
				continue
			}
			var names []string
			for _, wi := range a.Winners {
				if a.Team {
					names = append(names, r.Event.Teams[wi].Name)
				} else {
					names = append(names, r.Event.Players[wi].Name)
				}
			}
			rows = append(rows, []string{strconv.Itoa(n + 1), Neutralise(a.Name), Neutralise(strings.Join(names, "; ")), Neutralise(a.Detail)})
		}
	}
	return writeCSV(w, []string{"NUMBER", "AWARD", "WINNERS", "DETAIL"}, rows)
}

// topBoardSeat is a player's seat on a top board, for the classification
// file's top-board columns.
type topBoardSeat struct {
	game  scoring.Played
	power dip.Power
}

// topBoardSeats returns, per player, the last top board they played (the
// final, when several heats have one).
func topBoardSeats(r Results) map[int]topBoardSeat {
	out := map[int]topBoardSeat{}
	for _, g := range sortedGames(r.Event) {
		if !r.Top[Chart{g.Heat, g.Board}] {
			continue
		}
		for pw, seat := range g.Seats {
			out[seat.Player] = topBoardSeat{g, dip.Power(pw)}
		}
	}
	return out
}

// boardRank is a seat's position on its board by game score (a competition
// rank: 1, 2, 2, 4) and how many seats share it.
func boardRank(g scoring.Played, pw dip.Power) (rank, tied int) {
	rank = 1
	for _, o := range g.Seats {
		if o.Score > g.Seats[pw].Score {
			rank++
		}
		if o.Score == g.Seats[pw].Score {
			tied++
		}
	}
	return rank, tied
}

// sortedGames returns the event's games in heat and board order.
func sortedGames(e scoring.Event) []scoring.Played {
	games := slices.Clone(e.Games)
	slices.SortFunc(games, func(a, b scoring.Played) int {
		if a.Heat != b.Heat {
			return a.Heat - b.Heat
		}
		return a.Board - b.Board
	})
	return games
}

func writeClassification(w io.Writer, r Results) error {
	e, t, players := r.Event, r.Table, r.Players
	boardIDs := wddBoards(e)
	tops := topBoardSeats(r)
	header := []string{"FIRST NAME", "NAME", "HOMONYME", "RANK", "EXAEQUO", "LOCATION", "NATIONALITY", "SCORE"}
	for r := 1; r <= wddRounds; r++ {
		header = append(header, "R"+strconv.Itoa(r))
	}
	for _, c := range wddPowers {
		header = append(header, "RK_"+c, "PT_"+c, "CT_"+c, "HEAT_"+c, "BOARD_"+c)
	}
	for n := 1; n <= 12; n++ {
		header = append(header, "RK_AWA_"+strconv.Itoa(n))
	}
	top := len(tops) > 0
	if top {
		header = append(header, "NAME_TOPBOARD", "HEAT_TOPBOARD", "BOARD_TOPBOARD", "RK_TOPBOARD", "CT_TOPBOARD", "COUNTRY_TOPBOARD")
	}
	teams := e.Teams != nil
	if teams {
		header = append(header, "TEAM", "TEAM_SCORE", "TEAM_RANK")
	}
	// Per player: the best-power awards won (power -> the game) and the other awards.
	best := map[int]map[dip.Power]scoring.AwardGame{}
	other := map[int][]int{}
	for _, a := range t.Awards {
		if a.Kind == scoring.BestPowerAward {
			for _, g := range a.Games {
				if best[g.Player] == nil {
					best[g.Player] = map[dip.Power]scoring.AwardGame{}
				}
				best[g.Player][a.Power] = g
			}
			continue
		}
		for n, kind := range wddOtherAwards {
			if a.Kind != kind {
				continue
			}
			for _, wi := range a.Winners {
				if a.Team {
					other[-1-wi] = append(other[-1-wi], n+1) // team ids kept apart from player ids
				} else {
					other[wi] = append(other[wi], n+1)
				}
			}
		}
	}
	teamOf := map[int]int{}
	teamLine := map[int]scoring.TeamStanding{}
	for _, ts := range t.Teams {
		teamLine[ts.Team] = ts
		for _, m := range e.Teams[ts.Team].Members {
			teamOf[m] = ts.Team
		}
	}
	var rows [][]string
	var played []scoring.Standing
	for _, s := range t.Players {
		if s.Played > 0 {
			played = append(played, s)
		}
	}
	for _, s := range played {
		p := players[s.Player]
		tied := 0
		for _, o := range played {
			if o.Rank == s.Rank {
				tied++
			}
		}
		rec := []string{Neutralise(p.First), Neutralise(p.Last), "1", strconv.Itoa(s.Rank), strconv.Itoa(tied),
			Neutralise(p.Location), Neutralise(p.Nationality), Number(s.Total)}
		for r := 1; r <= wddRounds; r++ {
			v := ""
			if r <= len(s.Heats) && s.Heats[r-1].Played {
				v = Number(s.Heats[r-1].Score)
			}
			rec = append(rec, v)
		}
		for pw := dip.Austria; pw < dip.NumPowers; pw++ {
			if g, ok := best[s.Player][pw]; ok {
				rec = append(rec, "1", Number(g.Score), strconv.Itoa(g.Centres), strconv.Itoa(g.Heat), strconv.Itoa(boardIDs[Chart{g.Heat, g.Board}]))
			} else {
				rec = append(rec, "", "", "", "", "")
			}
		}
		won := other[s.Player]
		if tm, ok := teamOf[s.Player]; ok {
			won = append(won, other[-1-tm]...)
		}
		for n := 1; n <= 12; n++ {
			v := ""
			if slices.Contains(won, n) {
				v = "1"
			}
			rec = append(rec, v)
		}
		if top {
			if ts, ok := tops[s.Player]; ok {
				rank, _ := boardRank(ts.game, ts.power)
				rec = append(rec, "A", strconv.Itoa(ts.game.Heat), strconv.Itoa(boardIDs[Chart{ts.game.Heat, ts.game.Board}]),
					strconv.Itoa(rank), strconv.Itoa(ts.game.Seats[ts.power].Centres), wddPowers[ts.power])
			} else {
				rec = append(rec, "", "", "", "", "", "")
			}
		}
		if teams {
			if tm, ok := teamOf[s.Player]; ok {
				rec = append(rec, Neutralise(e.Teams[tm].Name), Number(teamLine[tm].Total), strconv.Itoa(teamLine[tm].Rank))
			} else {
				rec = append(rec, "", "", "")
			}
		}
		rows = append(rows, rec)
	}
	return writeCSV(w, header, rows)
}

func writeBoards(w io.Writer, e scoring.Event, players []ExportPlayer, charts map[Chart][]scoring.Year) error {
	boardIDs := wddBoards(e)
	header := []string{"FIRST NAME", "NAME", "HOMONYME", "ROUND", "BOARD", "COUNTRY", "RANK", "EXAEQUO", "SCORE",
		"NB_CENTRE", "YEAR_ELIMINATION", "DRAW"}
	for y := 1; y <= 20; y++ {
		header = append(header, fmt.Sprintf("CT_%02d", y))
	}
	var rows [][]string
	for _, g := range sortedGames(e) {
		chart := map[int]scoring.Year{}
		for _, y := range charts[Chart{g.Heat, g.Board}] {
			chart[y.Year] = y
		}
		for pw := dip.Austria; pw < dip.NumPowers; pw++ {
			seat := g.Seats[pw]
			p := players[seat.Player]
			rank, tied := boardRank(g, pw)
			elim := ""
			if seat.Eliminated {
				elim = strconv.Itoa(seat.Year % 100)
			}
			rec := []string{Neutralise(p.First), Neutralise(p.Last), "1", strconv.Itoa(g.Heat), strconv.Itoa(boardIDs[Chart{g.Heat, g.Board}]),
				wddPowers[pw], strconv.Itoa(rank), strconv.Itoa(tied), Number(seat.Score), strconv.Itoa(seat.Centres),
				elim, drawValue(g, pw)}
			for y := 1; y <= 20; y++ {
				v := ""
				if c, ok := chart[1900+y]; ok {
					v = strconv.Itoa(c.Centres[pw])
				}
				rec = append(rec, v)
			}
			rows = append(rows, rec)
		}
	}
	return writeCSV(w, header, rows)
}

// wddBoards numbers the scored games for the WDD's BOARD fields, which
// identify a game within the tournament: heat by heat, board by board, from
// 1 (heat 1's boards 1..k are 1..k, heat 2's first board is k+1).
func wddBoards(e scoring.Event) map[Chart]int {
	var games []Chart
	for _, g := range e.Games {
		games = append(games, Chart{g.Heat, g.Board})
	}
	slices.SortFunc(games, func(a, b Chart) int {
		if a.Heat != b.Heat {
			return a.Heat - b.Heat
		}
		return a.Board - b.Board
	})
	ids := map[Chart]int{}
	for i, g := range games {
		ids[g] = i + 1
	}
	return ids
}

// drawValue is the WDD's DRAW field: a solo gives the winner 1 and the rest
// 0; a draw gives each power in it the draw's size (1 for a power conceded
// to) and the rest 0; empty when the game ended without either.
func drawValue(g scoring.Played, pw dip.Power) string {
	if len(g.Winners) == 0 {
		return ""
	}
	if !slices.Contains(g.Winners, pw) {
		return "0"
	}
	if g.Conceded {
		return "1"
	}
	return strconv.Itoa(len(g.Winners))
}

func writeCSV(w io.Writer, header []string, rows [][]string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return err
	}
	if err := cw.WriteAll(rows); err != nil {
		return err
	}
	return cw.Error()
}
