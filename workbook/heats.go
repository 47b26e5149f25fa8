package workbook

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

func (r *reader) readHeats() {
	n := r.t.Settings.Heats
	if n < 1 { // the number of heats is missing or wrong: its problem says so
		return
	}
	r.t.Heats = make([]Heat, max(n, 0))
	for i := range r.t.Heats {
		r.t.Heats[i].Number, r.t.Heats[i].Start = i+1, -1
	}
	if t, ok := r.readTable(SheetHeats, heatsSchema.spec()); ok {
		seen := map[int]string{}
		for i := 1; i < len(t.rows); i++ {
			if t.blank(i) {
				continue
			}
			v := t.get(i, HeaderHeat)
			h, ok := parseWhole(v)
			switch {
			case !ok:
				r.p.add(SheetHeats, t.cell(i, HeaderHeat), fmt.Sprintf("a heat number from 1 to %d", n), "heat must be a whole number, not %q", v)
				continue
			case h < 1 || h > n:
				r.p.add(SheetHeats, t.cell(i, HeaderHeat), fmt.Sprintf("delete the row, or raise %s on the Tournament sheet", SetHeats),
					"heat %d, but the tournament has %d heats", h, n)
				continue
			}
			if first, dup := seen[h]; dup {
				r.p.add(SheetHeats, t.cell(i, HeaderHeat), "keep one row per heat", "heat %d is listed twice (first at %s)", h, first)
				continue
			}
			seen[h] = t.cell(i, HeaderHeat)
			heat := &r.t.Heats[h-1]
			heat.Row, heat.System = i+1, t.get(i, HeaderHeatSystem)
			heat.Date, heat.Day = r.dateText(t.get(i, HeaderDate))
			if v := t.get(i, HeaderStart); v != "" {
				if m, ok := parseClockTime(v); ok {
					heat.Start = m
				} else {
					r.p.add(SheetHeats, t.cell(i, HeaderStart), "a time of day such as 19:00 or 9:30 AM", "start time cannot be %q", v)
				}
			}
			r.system(SheetHeats, t.cell(i, HeaderHeatSystem), heat.System)
		}
	}
	for _, name := range r.f.GetSheetList() {
		h, ok := heatSheetNumber(name)
		if !ok {
			continue
		}
		if h > n {
			r.p.add(name, "", fmt.Sprintf("raise %s on the Tournament sheet, or rename the sheet", SetHeats),
				"there is a sheet for heat %d, but the tournament has %d heats", h, n)
			continue
		}
		if visible, err := xlsx.GetSheetVisible(r.f, name); err == nil && !visible {
			r.p.add(name, "", "show it again (in LibreOffice: Sheet > Show Sheet; in Excel: right-click a tab > Unhide)",
				"the sheet of heat %d is hidden: its boards would not be seen or printed", h)
		}
		r.readHeatSheet(&r.t.Heats[h-1], name)
	}
	for _, heat := range r.t.Heats {
		if !heat.Sheet {
			r.unread = append(r.unread, unreadSheet{HeatSheet(heat.Number), heatSheetSchema.spec().required})
		}
	}
}

// dateText returns a Date cell as the board calls print it: a date cell
// (stored as a serial day number, 46095 for 14 March 2026) as "Saturday 14
// March 2026"; text as typed. The day is the date, also for text typed as
// 2026-03-14; zero for other text.
func (r *reader) dateText(v string) (string, time.Time) {
	n, ok := parseNumber(v)
	if !ok || n < 1 {
		d, err := time.Parse(time.DateOnly, v)
		if err != nil {
			return v, time.Time{}
		}
		return v, d
	}
	props, err := xlsx.GetWorkbookProps(r.f)
	d, err2 := excelize.ExcelDateToTime(n, err == nil && props.Date1904 != nil && *props.Date1904)
	if err2 != nil {
		return v, time.Time{}
	}
	d = time.Date(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, time.UTC)
	return d.Format("Monday 2 January 2006"), d
}

// readHeatSheet reads a heat's boards: seven rows per board.
func (r *reader) readHeatSheet(heat *Heat, sheet string) {
	t, ok := r.readTable(sheet, heatSheetSchema.spec())
	if !ok {
		return
	}
	heat.Sheet = true
	heat.cols = t.col
	cols := newSeatColumns(t)
	room := len(t.rows)/7 + 1 // boards, at seven rows each
	games := make(map[int]*Game, room)
	firstRow := make(map[int]int, room) // board -> its first row, for messages
	// player -> where they sit: no more players than the Players sheet's,
	// however far down a stray value stretches the sheet.
	seated := make(map[int]seatings, min(len(t.rows), len(r.t.Players)))
	unnumbered := false
	statusRow := make(map[int]int, room) // board -> the row whose status it has; absent while no row's is readable
	badStatus := map[int][]int{}         // board -> the rows whose status is not a choice
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		v := t.at(i, cols.board)
		b, ok := parseWhole(v)
		if !ok || b < 1 {
			r.p.add(sheet, t.cell(i, HeaderBoard), "every seat's row needs its board number (1, 2, ...)", "board must be a whole number 1 or more, not %q", v)
			unnumbered = true
			continue
		}
		g := games[b]
		if g == nil {
			g = &Game{Board: b, Seats: make([]Seat, 0, 7)}
			games[b] = g
			firstRow[b] = i
			g.System = t.at(i, cols.system)
			r.system(sheet, t.cell(i, HeaderGameSystem), g.System)
		} else if s := t.at(i, cols.system); s != g.System {
			f := firstRow[b]
			r.p.add(sheet, t.cell(i, HeaderGameSystem), "give all seven rows of a board the same scoring system (or leave them all empty)",
				"board %d's scoring system is %q here but %q at %s", b, s, g.System, t.cell(f, HeaderGameSystem))
		}
		// A board's status is its first row's; a status that is not a
		// choice is one mistake, reported once for the board, and the
		// board takes its next row's instead, so that the other rows are
		// not reported as differing from it.
		status := t.at(i, cols.status)
		c := choiceIndex(ChoicesStatus, status)
		at, known := statusRow[b]
		switch {
		case status != "" && c < 0:
			badStatus[b] = append(badStatus[b], i)
		case !known && (status != "" || i == firstRow[b]):
			g.Status, statusRow[b] = Status(max(c, 0)), i
		case known && status != "" && Status(c) != g.Status:
			r.p.add(sheet, t.cell(i, HeaderStatus), "give all seven rows of a board the same status",
				"board %d is %q here but %q at %s", b, status, ChoicesStatus[g.Status], t.cell(at, HeaderStatus))
		}
		seat := r.readSeat(t, i, &cols)
		if seat.Player >= 0 {
			pl := &r.t.Players[seat.Player]
			first := seated[seat.Player]
			switch {
			case first.n == 0:
				first.board = b
			case first.board == b:
				r.p.add(sheet, t.cell(i, HeaderSeatPlayer), "a player sits once on a board",
					"%q is already seated on board %d at %s", pl.Name, b, t.cell(first.rows[0], HeaderSeatPlayer))
			case !pl.TwoBoards:
				r.p.add(sheet, t.cell(i, HeaderSeatPlayer), fmt.Sprintf("a player sits at one board per heat (or two, when marked Yes in %s on the Players sheet)", HeaderTwoBoards),
					"%q is already seated at %s", pl.Name, t.cell(first.rows[0], HeaderSeatPlayer))
			case first.n >= 2:
				r.p.add(sheet, t.cell(i, HeaderSeatPlayer), "a player plays at most two boards per heat",
					"%q is already seated at %s and %s", pl.Name, t.cell(first.rows[0], HeaderSeatPlayer), t.cell(first.rows[1], HeaderSeatPlayer))
			}
			if first.n < len(first.rows) {
				first.rows[first.n] = i
			}
			first.n++
			seated[seat.Player] = first
		}
		for _, other := range g.Seats {
			if seat.Power >= 0 && other.Power == seat.Power {
				r.p.add(sheet, t.cell(i, HeaderPower), "each power once per board",
					"board %d has %s twice (also at %s)", b, ChoicesPower[seat.Power], t.cell(other.Row-1, HeaderPower))
			}
		}
		g.Seats = append(g.Seats, seat)
	}
	boards := make([]int, 0, len(games))
	for b := range games {
		boards = append(boards, b)
	}
	sort.Ints(boards)
	for _, b := range boards {
		g := games[b]
		if rows := badStatus[b]; len(rows) > 0 {
			r.badChoice(t, rows, HeaderStatus, ChoicesStatus)
		}
		if len(g.Seats) != 7 && !unnumbered {
			r.p.add(sheet, t.cell(firstRow[b], HeaderBoard), "a board has seven rows, one per power",
				"board %d has %s", b, plural(len(g.Seats), "row"))
		}
		if g.Status != Unstarted {
			for _, s := range g.Seats {
				if s.Player < 0 && t.get(s.Row-1, HeaderSeatPlayer) == "" {
					r.p.add(sheet, t.cell(s.Row-1, HeaderSeatPlayer), "a started game needs a player in every seat", "board %d has an empty seat", b)
				}
				if s.Power < 0 && t.get(s.Row-1, HeaderPower) == "" {
					r.p.add(sheet, t.cell(s.Row-1, HeaderPower), "choose the power played before marking the game started", "board %d has a seat without a power", b)
				}
			}
		}
		heat.Games = append(heat.Games, *g)
	}
}

// seatings is where a player sits in a heat: how many seats, the rows of
// the first two, and the board of the first.
type seatings struct {
	n     int
	rows  [2]int
	board int
}

// seatColumns are a heat sheet's columns, found once for all its rows (-1
// for a column the sheet lacks).
type seatColumns struct {
	board, system, status, score, conflictTotal, conflictDetail, power, player, result, year, centres,
	replaced, replacedIn, override int
	years    []string // the headers of the years' centre counts, in column order
	yearCols []int    // their columns
}

// newSeatColumns finds a heat sheet's columns.
func newSeatColumns(t *table) seatColumns {
	c := seatColumns{board: t.index(HeaderBoard), system: t.index(HeaderGameSystem), status: t.index(HeaderStatus),
		score: t.index(HeaderScore), conflictTotal: t.index(HeaderConflictTotal), conflictDetail: t.index(HeaderConflictDetail),
		power: t.index(HeaderPower), player: t.index(HeaderSeatPlayer), result: t.index(HeaderResult), year: t.index(HeaderYear),
		centres: t.index(HeaderCentres), replaced: t.index(HeaderReplaced), replacedIn: t.index(HeaderReplacedIn),
		override: t.index(HeaderScoreOverride), years: t.headers(heatSheetSchema.isFamily)}
	for _, h := range c.years {
		c.yearCols = append(c.yearCols, t.index(h))
	}
	return c
}

// readSeat reads one row of a heat sheet.
func (r *reader) readSeat(t *table, i int, cols *seatColumns) Seat {
	s := Seat{Row: i + 1, Power: -1, Player: -1, Centres: -1, Replaced: -1, scoreCell: t.at(i, cols.score),
		conflict: [2]string{t.at(i, cols.conflictTotal), t.at(i, cols.conflictDetail)}}
	s.Power = r.choiceCell(t, i, HeaderPower, t.at(i, cols.power), ChoicesPower, -1)
	if v := t.at(i, cols.player); v != "" {
		s.Player = r.playerIn(t, i, HeaderSeatPlayer, v)
	}
	s.Result = Result(r.choiceCell(t, i, HeaderResult, t.at(i, cols.result), ChoicesResult, -1) + 1)
	s.Year = r.yearCell(t, i, HeaderYear, t.at(i, cols.year))
	s.Centres = r.centresCell(t, i, HeaderCentres, t.at(i, cols.centres))
	if v := t.at(i, cols.replaced); v != "" {
		s.Replaced = r.playerIn(t, i, HeaderReplaced, v)
		if s.Replaced >= 0 && s.Replaced == s.Player {
			r.p.add(t.sheet, t.cell(i, HeaderReplaced), "name the player who left; the Player column holds who finished the game",
				"a player cannot replace themself")
		}
	}
	s.ReplacedIn = r.yearCell(t, i, HeaderReplacedIn, t.at(i, cols.replacedIn))
	if v := t.at(i, cols.override); v != "" {
		n, ok := parseNumber(v)
		if ok {
			s.Override = &n
		} else {
			r.p.add(t.sheet, t.cell(i, HeaderScoreOverride), "a number, or leave it empty to use the computed score", "score override must be %s, not %q", notNumber(v), v)
		}
	}
	for k, h := range cols.years {
		if c := r.centresCell(t, i, h, t.at(i, cols.yearCols[k])); c >= 0 {
			if s.History == nil {
				s.History = map[int]int{}
			}
			y, _ := yearColumn(h)
			s.History[y] = c
		}
	}
	return s
}

// choiceCell reads a dropdown cell holding v; blank gives def.
func (r *reader) choiceCell(t *table, i int, header, v string, choices []string, def int) int {
	if v == "" {
		return def
	}
	c := choiceIndex(choices, v)
	if c < 0 {
		r.badChoice(t, []int{i}, header, choices)
		return def
	}
	return c
}

// badChoice reports dropdown cells holding what is not one of their
// choices, with the choice it most likely meant: at the first of rows, the
// others listed, as one mistake.
func (r *reader) badChoice(t *table, rows []int, header string, choices []string) {
	v := t.get(rows[0], header)
	hint := "choose " + choiceList(choices)
	if best := closest(foldName(v), choices); best != "" {
		hint = fmt.Sprintf("did you mean %q? %s", best, hint)
	}
	msg := fmt.Sprintf("%s cannot be %q", strings.ToLower(header), v)
	switch others := rows[1:]; {
	case len(others) > 1 && others[len(others)-1]-others[0] == len(others)-1:
		msg += fmt.Sprintf(" (nor can %s to %s)", t.cell(others[0], header), t.cell(others[len(others)-1], header))
	case len(others) > 0:
		var also []string
		for _, i := range others {
			also = append(also, t.cell(i, header))
		}
		msg += " (nor can " + strings.Join(also, ", ") + ")"
	}
	r.p.add(t.sheet, t.cell(rows[0], header), hint, "%s", msg)
}

// yearCell reads a game-year (1901 ...) from v, the cell's value; 0 when
// blank.
func (r *reader) yearCell(t *table, i int, header, v string) int {
	if v == "" {
		return 0
	}
	y, ok := parseWhole(v)
	if !ok || y < FirstGameYear || y > LastGameYear {
		r.p.add(t.sheet, t.cell(i, header), "a game-year such as 1907", "%s must be a year from %d to %d, not %q",
			strings.ToLower(header), FirstGameYear, LastGameYear, v)
		return 0
	}
	return y
}

// centresCell reads a centre count 0..34 from v, the cell's value; -1 when
// blank.
func (r *reader) centresCell(t *table, i int, header, v string) int {
	if v == "" {
		return -1
	}
	c, ok := parseWhole(v)
	if !ok || c < 0 || c > 34 {
		what := "centres"
		if _, isYear := yearColumn(header); isYear {
			what = "centres at the end of " + header
		}
		r.p.add(t.sheet, t.cell(i, header), "a whole number of supply centres from 0 to 34", "%s must be from 0 to 34, not %q", what, v)
		return -1
	}
	return c
}

// plural writes a count with its noun: "1 row", "6 rows".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
