package workbook

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"fmt"
	_ "image/png" // excelize reads a picture's size through image.DecodeConfig
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/xuri/excelize/v2"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// CallBoard is one board of a heat's seating, for the board calls.
type CallBoard struct {
	Board int
	Seats []CallSeat // seven, in power order; Power "" when powers are chosen at the tables
	// System names the board's scoring system ("" for none known); its
	// last game-year and criterion shape the score sheet.
	System    string
	FinalYear int  // the system's last game-year; 0 when the game has none
	Rank      bool // the game is ranked by centres: no W/L column, no victory table
	// Top marks the top boards: board 1 when it has its own scoring system
	// on the heat sheet, and each next board while it has one too (dtm seed
	// --pool writes the heat's system on the pool's boards).
	Top bool
	// QR is a PNG image of the board's QR code (its board code, or a link
	// to the results form), printed at the top right of its page; nil for
	// none.
	QR []byte
}

// markTop marks the top boards of a heat's boards, sorted by number: the
// run of boards from board 1 on that have a scoring system of their own
// (own[i] for boards[i]).
func markTop(boards []CallBoard, own []bool) {
	for i := range boards {
		if boards[i].Board != i+1 || !own[i] {
			return
		}
		boards[i].Top = true
	}
}

// CallSeat is one seat of a board.
type CallSeat struct{ Power, Player string }

// The board-calls tab is a grid of callCols equal columns, so that the board
// pages (seats, score sheet, victory table) and the list of players (three
// blocks side by side) share one set of column widths. At callColWidth the
// grid is about 745 pixels wide: A4 portrait at about 95 %.
const (
	callCols     = 24
	callColWidth = 3.7
)

// Spans of the grid's columns, first and last (1-based).
var (
	callAll       = [2]int{1, callCols}
	callSeatPower = [2]int{1, 6}
	callSeatName  = [2]int{7, callCols}
	callPower     = [2]int{1, 3}
	callPlayer    = [2]int{4, 8}
	callFirstYear = 9            // the score sheet's years 1901 .. 1912 take one column each, then W/L and the signature
	callLabel     = [2]int{1, 8} // the victory table's row labels
	callHeading   = [2]int{1, 16}
	callBesideQR  = [2]int{1, callCols - 4} // a board's title lines, left of its QR code
	callCode      = [2]int{17, callCols}    // the board code, right of the score sheet's heading
)

// MaxPageBreaks is the most manual page breaks Excel allows on a sheet: a
// heat's board calls start a page at each board and each page of the list
// of players, and the pages past the limit go without a break of their own.
const MaxPageBreaks = 1026

// CallsPageWarnings warns, at heat n's board-calls tab, when its pages need
// more page breaks than Excel allows (a heat of about 7,000 players).
func (t *Tournament) CallsPageWarnings(n int) Problems {
	var boards []int
	seats := 0
	for _, g := range t.Heats[n-1].Games {
		if b, ok := g.SeedingBoard(); ok {
			boards = append(boards, g.Board)
			seats += len(b.Seats)
		}
	}
	perPage := callBlocks * callListRows
	pages := len(boards) + max(1, (seats+perPage-1)/perPage)
	if pages-1 <= MaxPageBreaks {
		return nil
	}
	slices.Sort(boards)
	// The first page without its break is page MaxPageBreaks+2.
	first := fmt.Sprintf("page %d of the list of players", MaxPageBreaks+2-len(boards))
	if len(boards) > MaxPageBreaks+1 {
		first = fmt.Sprintf("board %d", boards[MaxPageBreaks+1])
	}
	return Problems{{Sheet: BoardCallsSheet(n), Cell: "A1",
		Msg: fmt.Sprintf("warning: the board calls fill %d pages, and Excel allows %d page breaks on a sheet: from %s on, pages do not start at a page break of their own",
			pages, MaxPageBreaks, first),
		Hint: "print those pages in parts, or split the heat's boards between two heats"}}
}

// callQRPixels is the printed size of a board's QR code, in pixels at 96
// per inch (about 27 mm): beside the board's title, right of its text.
const callQRPixels = 104

// callYears is how many game-years the score sheet has columns for.
const callYears = 12

// The list of players: blocks of callBlockCols columns side by side, each a
// name (five columns), a board and a power (two); callListRows rows per page.
// Three blocks of 47 rows at 11 pt put 141 players on one page, A4 or
// Letter; up to callLargeRows rows (90 players) the list is printed larger,
// at 16 pt. A name longer than callNameChars characters would shrink below
// 9 pt: it wraps instead, at 9 pt, on a taller row (and the page holds
// fewer rows).
const (
	callBlocks    = callCols / callBlockCols
	callBlockCols = 8
	callListRows  = 47
	callLargeRows = 30
	callNameChars = 23
	callLongLine  = 11 // the height of a line of a long name, in points
)

// callListLook is the style ids of a list row's name, board and power cells,
// plain and banded.
type callListLook struct{ name, long, board, power [2]int }

// callStyles are the style ids of the board-calls tab.
type callStyles struct {
	boardTitle, heatLine, note, seatPower, seatPlayer, heading, code int
	gridHead, gridPower, gridPlayer, gridCell, line                  int
	victoryLabel, victoryYear, victoryTarget, victoryText            int
	listTitle, listSub, listHead                                     int
	list                                                             [2]callListLook // at 11 pt, and larger
	listHeight                                                       [2]float64      // their rows' heights
}

// newCallStyles adds the tab's styles to the workbook (excelize reuses an
// identical style, so a rewrite adds none). Every style names its font.
func newCallStyles(f *excelize.File) (callStyles, error) {
	type option = func(*excelize.Style)
	cellStyle := func(bold bool, size float64, horizontal string, opts ...option) excelize.Style {
		st := excelize.Style{Font: font(bold, size), Alignment: &excelize.Alignment{Horizontal: horizontal, Vertical: "center"}}
		for _, o := range opts {
			if o != nil {
				o(&st)
			}
		}
		return st
	}
	boxed := func(st *excelize.Style) {
		for _, side := range []string{"left", "right", "top", "bottom"} {
			st.Border = append(st.Border, excelize.Border{Type: side, Color: "000000", Style: 1})
		}
	}
	underlined := func(st *excelize.Style) {
		st.Border = []excelize.Border{{Type: "bottom", Color: "A6A6A6", Style: 1}}
	}
	fill := func(colour string) option {
		return func(st *excelize.Style) {
			st.Fill = excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{colour}}
		}
	}
	shaded, band := fill("E7E6E6"), fill("F2F2F2")
	shrink := func(st *excelize.Style) { st.Alignment.ShrinkToFit = true }
	indent := func(st *excelize.Style) { st.Alignment.Indent = 1 }
	wrap := func(st *excelize.Style) { st.Alignment.WrapText = true; st.Alignment.Vertical = "top" }
	wrapped := func(st *excelize.Style) { st.Alignment.WrapText = true }
	italic := func(st *excelize.Style) { st.Font.Italic = true }

	var s callStyles
	type def struct {
		dst   *int
		style excelize.Style
	}
	defs := []def{
		{&s.boardTitle, cellStyle(true, 36, "center")},
		{&s.heatLine, cellStyle(false, 20, "center", shrink)},
		{&s.note, cellStyle(false, 14, "center", italic, shrink)},
		{&s.seatPower, cellStyle(true, 24, "left", underlined, indent, shrink)},
		{&s.seatPlayer, cellStyle(false, 24, "left", underlined, shrink)},
		{&s.heading, cellStyle(true, 14, "left")},
		{&s.code, cellStyle(true, 14, "right")},
		{&s.gridHead, cellStyle(true, 9, "center", boxed, shaded)},
		{&s.gridPower, cellStyle(true, 11, "left", boxed, indent, shrink)},
		{&s.gridPlayer, cellStyle(false, 9, "left", boxed, wrapped)},
		{&s.gridCell, cellStyle(false, 11, "center", boxed)},
		{&s.line, cellStyle(false, 10, "left")},
		{&s.victoryLabel, cellStyle(true, 9, "left", boxed, shaded, indent)},
		{&s.victoryYear, cellStyle(true, 9, "center", boxed, shaded)},
		{&s.victoryTarget, cellStyle(true, 12, "center", boxed)},
		{&s.victoryText, cellStyle(false, 11, "left", wrap)},
		{&s.listTitle, cellStyle(true, 28, "center")},
		{&s.listSub, cellStyle(false, 14, "center")},
		{&s.listHead, cellStyle(true, 10, "left", shaded, underlined, indent)},
	}
	s.listHeight = [2]float64{13.5, 22}
	for size, pt := range [2][2]float64{{11, 10}, {16, 11}} { // name and board, power
		for banded, b := range []option{nil, band} {
			look := &s.list[size]
			defs = append(defs,
				def{&look.name[banded], cellStyle(false, pt[0], "left", shrink, indent, b)},
				def{&look.long[banded], cellStyle(false, 9, "left", wrapped, indent, b)},
				def{&look.board[banded], cellStyle(true, pt[0], "center", b)},
				def{&look.power[banded], cellStyle(false, pt[1], "left", shrink, b)})
		}
	}
	for _, d := range defs {
		id, err := xlsx.NewStyle(f, &d.style)
		if err != nil {
			return s, err
		}
		*d.dst = id
	}
	return s, nil
}

// callsWriter writes one board-calls tab. The cells, merges and page
// breaks are gathered in memory, then written in one pass (flush).
type callsWriter struct {
	*builder
	sheet string
	cs    callStyles
	row   int // the next row to write
	// values, when set, receives each cell's value as text instead of the
	// sheet, and pictures each QR code's image by its cell (StaleCalls
	// compares them with the tab as it is).
	values   map[string]string
	pictures map[string][]byte
	grid     *xlsx.Grid
	breaks   []int // rows that start a printed page
}

// style styles columns from to to of row r.
func (w *callsWriter) style(r, from, to, style int) {
	w.do(w.grid.Style(r, from, to, style))
}

// put writes v into the span of row, styles the whole span and merges it.
func (w *callsWriter) put(row int, span [2]int, v any, style int) {
	if w.values != nil {
		if v != nil && v != "" {
			w.values[cellName(span[0], row)] = fmt.Sprint(v)
		}
		return
	}
	w.style(row, span[0], span[1], style)
	if v != nil && v != "" {
		if w.err != nil {
			return
		}
		w.grid.Set(row, span[0], v)
	}
	if span[1] > span[0] {
		w.grid.Merge(row, span[0], span[1])
	}
}

// next starts a new row of the given height and returns its number.
func (w *callsWriter) next(height float64) int {
	r := w.row
	w.row++
	if w.values == nil {
		w.grid.SetHeight(r, height)
	}
	return r
}

// pageBreak starts a new printed page at the next row.
func (w *callsWriter) pageBreak() {
	if w.row > 1 {
		w.breaks = append(w.breaks, w.row)
	}
}

// flush writes the gathered tab's page breaks and returns its cells and
// merges (written into the sheet's part on save in place of the old
// cells, styles, row heights and merges).
func (w *callsWriter) flush() xlsx.Body {
	if w.err != nil || w.values != nil {
		return xlsx.Body{}
	}
	// Excel refuses a sheet with more manual page breaks than it allows:
	// the pages past them go without (CallsPageWarnings says so).
	for _, r := range w.breaks[:min(len(w.breaks), MaxPageBreaks)] {
		w.do(xlsx.InsertPageBreak(w.f, w.sheet, cellName(1, r)))
	}
	body, err := w.grid.Body()
	if err != nil {
		w.do(fmt.Errorf("write %s: %w", w.sheet, err))
	}
	return body
}

// WriteBoardCalls rewrites (in place) heat n's board-calls tab: one printed page per board, then one page
// listing every player's board sorted by name.
//
// Each board's page names the board, the heat and the tournament, and lists its seven powers and players in
// a large font, to be laid on the table; below, a score sheet for the centres at the end of each game-year,
// the result and the players' signatures, and, when the tournament's victory rule is not the classic one,
// its table of centres needed to win and its conditions. The last page (more pages beyond 141 players) lists
// the players alphabetically by last name with their board and power. The change is made in memory; Save
// writes it.
func (b *Book) WriteBoardCalls(heat int, boards []CallBoard) error {
	return b.writeBoardCalls(heat, boards, nil, nil)
}

// writeBoardCalls writes heat n's board-calls tab, or with values only
// records each cell's value there, and each QR code's image in pictures.
func (b *Book) writeBoardCalls(heat int, boards []CallBoard, values map[string]string, pictures map[string][]byte) error {
	sheet := BoardCallsSheet(heat)
	if heat < 1 || heat > MaxHeats {
		return fmt.Errorf("write %s: heat must be from 1 to %d, not %d", sheet, MaxHeats, heat)
	}
	for _, cb := range boards {
		if len(cb.Seats) > len(ChoicesPower) {
			return fmt.Errorf("write %s: board %d has %d seats, at most %d", sheet, cb.Board, len(cb.Seats), len(ChoicesPower))
		}
	}
	if err := b.prepareCalls(sheet); err != nil {
		return err
	}
	w := &callsWriter{builder: &builder{f: b.f}, sheet: sheet, row: 1, values: values, pictures: pictures, grid: xlsx.NewGrid(callCols)}
	var err error
	if w.cs, err = newCallStyles(b.f); err != nil {
		return fmt.Errorf("write %s: %w", sheet, err)
	}
	w.columns()
	sub := b.callsHeatLine(heat)
	for _, cb := range boards {
		w.pageBreak()
		w.boardPage(heat, cb, sub, b.callsVictory(cb))
	}
	w.playerList(heat, b.Tournament, boards)
	w.pageSetup(b.Tournament)
	body := w.flush()
	if w.err != nil {
		return w.err
	}
	if values == nil {
		b.x.SetBody(sheet, body)
	}
	return nil
}

// RemoveBoardCalls removes heat n's board-calls tab, with its QR codes
// (dtm seed --unseed, once no board of the heat is left); false when the
// heat has none. The change is made in memory; Save writes it.
func (b *Book) RemoveBoardCalls(n int) (bool, error) {
	sheet := BoardCallsSheet(n)
	if !b.hasSheet(sheet) {
		return false, nil
	}
	return true, b.x.DeleteSheet(sheet)
}

// prepareCalls creates the tab, or readies it for a rewrite: its dropdowns,
// pictures and page breaks go (the stream writer replaces cells, styles, row
// heights and merges).
func (b *Book) prepareCalls(sheet string) error {
	f := b.f
	if !b.hasSheet(sheet) {
		_, err := xlsx.NewSheet(f, sheet)
		return err
	}
	lastRow := b.x.EmptyForRewrite(sheet, true)
	if lastRow == 0 {
		var err error
		if _, lastRow, err = extent(f, sheet); err != nil {
			return err
		}
	}
	// The QR codes of the old seating, before anything decodes the sheet.
	dropped := b.x.DropPictures(sheet)
	if err := xlsx.DeleteDataValidations(f, sheet); err != nil {
		return err
	}
	if !dropped {
		cells, err := xlsx.GetPictureCells(f, sheet)
		if err != nil {
			return err
		}
		for _, c := range cells {
			if err := xlsx.DeletePicture(f, sheet, c); err != nil {
				return err
			}
		}
	}
	return removeRowBreaks(f, sheet, lastRow+1)
}

// removeRowBreaks removes every page break before rows 2 to last. excelize
// cannot list page breaks, and its RemovePageBreak counts a break as removed
// even where there was none; inserting the break first makes each removal
// exact.
func removeRowBreaks(f *excelize.File, sheet string, last int) error {
	for r := 2; r <= last; r++ {
		cell := cellName(1, r)
		if err := xlsx.InsertPageBreak(f, sheet, cell); err != nil {
			return err
		}
		if err := xlsx.RemovePageBreak(f, sheet, cell); err != nil {
			return err
		}
	}
	return nil
}

// columns sets the tab's common properties, column widths and view.
func (w *callsWriter) columns() {
	w.builder.sheet(w.sheet)
	w.do(xlsx.SetColWidth(w.f, w.sheet, columnName(1), columnName(callCols), callColWidth))
	off := false
	w.do(xlsx.SetSheetView(w.f, w.sheet, 0, &excelize.ViewOptions{ShowGridLines: &off}))
}

// callsHeatLine is the line under each board's number: the heat, its date when
// the Heats sheet gives one, and the tournament.
func (b *Book) callsHeatLine(heat int) string {
	parts := []string{HeatSheet(heat)}
	t := b.Tournament
	if t == nil {
		return parts[0]
	}
	if heat <= len(t.Heats) && t.Heats[heat-1].Date != "" {
		parts = append(parts, t.Heats[heat-1].Date)
	}
	if t.Settings.Name != "" {
		parts = append(parts, t.Settings.Name)
	}
	return strings.Join(parts, " · ")
}

// callsVictory returns the tournament's victory rule for a board's victory
// table, or nil when the board needs none: a game ranked by centres (its
// score does not depend on a win), or a rule that is the classic one (18
// centres, no other condition) over the game's years.
func (b *Book) callsVictory(cb CallBoard) *scoring.VictoryRule {
	if b.Tournament == nil || cb.Rank {
		return nil
	}
	r := b.Tournament.Settings.Victory
	targets := r.Targets
	if n := cb.years(); cb.FinalYear != 0 && len(targets) > n {
		targets = targets[:n]
	}
	if r.Lead == 0 && !r.MustGrow && !r.DrawVote && !slices.ContainsFunc(targets, func(n int) bool { return n != 18 }) {
		return nil
	}
	return &r
}

// years is how many game-years the board's score sheet has columns for:
// 1901 to the system's last game-year, at most callYears.
func (cb CallBoard) years() int {
	if cb.FinalYear >= FirstGameYear {
		return min(cb.FinalYear-FirstGameYear+1, callYears)
	}
	return callYears
}

// signature is the score sheet's signature column span: after the years
// and the W/L column, when there is one, to the right edge.
func (cb CallBoard) signature() [2]int {
	c := callFirstYear + cb.years()
	if !cb.Rank {
		c++
	}
	return [2]int{c, callCols}
}

// boardPage writes one board's page of heat.
func (w *callsWriter) boardPage(heat int, cb CallBoard, sub string, rule *scoring.VictoryRule) {
	cs := w.cs
	title := "Board " + strconv.Itoa(cb.Board)
	if cb.Top {
		title += " · Top board"
	}
	span := callAll
	if len(cb.QR) > 0 {
		span = callBesideQR
	}
	top := w.next(46)
	w.put(top, span, title, cs.boardTitle)
	w.qrCode(top, cb.QR)
	w.put(w.next(30), span, sub, cs.heatLine)
	if note := cb.systemNote(); note != "" {
		w.put(w.next(24), span, note, cs.note)
	}
	atTables := !slices.ContainsFunc(cb.Seats, func(s CallSeat) bool { return s.Power != "" })
	if atTables {
		w.put(w.next(24), callAll, "Powers are chosen at the table: write them in the score sheet.", cs.note)
	} else {
		w.next(10)
	}
	for _, s := range cb.Seats {
		r := w.next(30)
		if atTables {
			w.put(r, callAll, s.Player, cs.seatPower)
			continue
		}
		w.put(r, callSeatPower, s.Power, cs.seatPower)
		w.put(r, callSeatName, s.Player, cs.seatPlayer)
	}
	w.next(16)
	w.scoreSheet(heat, cb, atTables)
	if rule != nil {
		w.victoryTable(cb, *rule)
	}
}

// qrCode places a board's QR code (a PNG) at the right end of row, the
// board's title.
func (w *callsWriter) qrCode(row int, data []byte) {
	if len(data) == 0 {
		return
	}
	if w.values != nil {
		w.pictures[callQRCell(row)] = data
		return
	}
	width := pngWidth(data)
	if width == 0 {
		w.do(fmt.Errorf("write %s: the QR code of row %d is not a PNG image", w.sheet, row))
		return
	}
	scale, print := float64(callQRPixels)/float64(width), true
	w.do(xlsx.AddPictureFromBytes(w.f, w.sheet, callQRCell(row), &excelize.Picture{Extension: ".png", File: data,
		Format: &excelize.GraphicOptions{AltText: "QR code of the board", OffsetX: 2, OffsetY: 2,
			ScaleX: scale, ScaleY: scale, Positioning: "oneCell", LockAspectRatio: true, PrintObject: &print}}))
}

// callQRCell is the cell a board's QR code is anchored in: the fourth
// column from the right of the board's title row.
func callQRCell(row int) string { return cellName(callCols-3, row) }

// pngWidth returns the width in pixels that a PNG image's header gives,
// or 0 when data does not begin as a PNG image does.
func pngWidth(data []byte) int {
	const ihdr = "\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR"
	if len(data) < len(ihdr)+8 || string(data[:len(ihdr)]) != ihdr {
		return 0
	}
	return int(binary.BigEndian.Uint32(data[len(ihdr):]))
}

// systemNote names the board's scoring system and its last game-year.
func (cb CallBoard) systemNote() string {
	if cb.System == "" {
		return ""
	}
	note := "Scoring system: " + cb.System
	if cb.FinalYear != 0 {
		note += fmt.Sprintf(" · the game ends after %d", cb.FinalYear)
	}
	return note
}

// scoreSheet writes the grid the table fills in by hand: a row per power,
// the centres at the end of each game-year, the result and a signature.
func (w *callsWriter) scoreSheet(heat int, cb CallBoard, atTables bool) {
	cs := w.cs
	head := w.next(24)
	w.put(head, callHeading, "Score sheet: centres at the end of each game-year", cs.heading)
	w.put(head, callCode, "Board code "+BoardCode(heat, cb.Board), cs.code)
	r := w.next(20)
	w.put(r, callPower, HeaderPower, cs.gridHead)
	w.put(r, callPlayer, HeaderSeatPlayer, cs.gridHead)
	years, sign := cb.years(), cb.signature()
	result := [2]int{callFirstYear + years, callFirstYear + years}
	for y := range years {
		c := callFirstYear + y
		w.put(r, [2]int{c, c}, strconv.Itoa(FirstGameYear+y), cs.gridHead)
	}
	if !cb.Rank {
		w.put(r, result, "W/L", cs.gridHead)
	}
	w.put(r, sign, "Signature", cs.gridHead)
	for i, power := range ChoicesPower {
		player := ""
		if !atTables {
			power, player = "", ""
			if i < len(cb.Seats) {
				power, player = cb.Seats[i].Power, cb.Seats[i].Player
			}
		}
		r := w.next(max(26, longHeight(player, callNameChars)))
		w.put(r, callPower, power, cs.gridPower)
		w.put(r, callPlayer, player, cs.gridPlayer)
		if w.values == nil {
			w.style(r, callFirstYear, callFirstYear+years-1, cs.gridCell)
		}
		if !cb.Rank {
			w.put(r, result, nil, cs.gridCell)
		}
		w.put(r, sign, nil, cs.gridCell)
	}
	line := "W/L: W for the winner, or for each power in the draw; L for the others. Signing confirms the centres and the result."
	if cb.Rank {
		line = "The powers are ranked by their centres. Signing confirms the centres."
	}
	w.put(w.next(18), callAll, line, cs.line)
	w.put(w.next(26), callAll, "Final game-year: __________          Director: ______________________________", cs.line)
}

// victoryTable writes the rule's centres needed to win, year by year under
// the score sheet's year columns, and its other conditions. A game with no
// last game-year gets a column for the years after the score sheet's.
func (w *callsWriter) victoryTable(cb CallBoard, rule scoring.VictoryRule) {
	cs := w.cs
	w.next(12)
	w.put(w.next(24), callAll, "Victory criteria: "+rule.Name, cs.heading)
	years, targets := w.next(20), w.next(24)
	w.put(years, callLabel, "Game-year", cs.victoryLabel)
	w.put(targets, callLabel, "Centres to win", cs.victoryLabel)
	n := cb.years()
	for y := range n {
		c := callFirstYear + y
		w.put(years, [2]int{c, c}, strconv.Itoa(FirstGameYear+y), cs.victoryYear)
		w.put(targets, [2]int{c, c}, rule.Target(FirstGameYear+y), cs.victoryTarget)
	}
	if later := FirstGameYear + n; cb.FinalYear == 0 || cb.FinalYear >= later {
		label := strconv.Itoa(later)
		if len(rule.Targets) <= n+1 {
			label += "+" // the last target holds from here on
		}
		span := [2]int{callFirstYear + n, callFirstYear + n + 1}
		w.put(years, span, label, cs.victoryYear)
		w.put(targets, span, rule.Target(later), cs.victoryTarget)
	}
	text := victoryConditions(rule)
	w.put(w.next(16*float64(1+len(text)/110)), callAll, text, cs.victoryText)
}

// victoryConditions describes a rule's conditions in words.
func victoryConditions(r scoring.VictoryRule) string {
	conds := []string{"owns at least the centres shown for that year"}
	switch {
	case r.Lead == 1:
		conds = append(conds, "more centres than any other power")
	case r.Lead > 1:
		conds = append(conds, fmt.Sprintf("at least %d more centres than every other power", r.Lead))
	}
	if r.MustGrow {
		conds = append(conds, "more centres than at the end of the year before (in 1901: more than its home centres)")
	}
	s := "A power wins at the end of a game-year when it " + strings.Join(conds[:len(conds)-1], ", ")
	if len(conds) > 1 {
		s += " and "
	}
	s += conds[len(conds)-1] + "."
	if r.Lead == 0 {
		s += " If several powers do, the one with the most centres wins; none does if they tie."
	}
	if len(r.Targets) > callYears+1 {
		s += " Later years' targets are as in the tournament's victory rule."
	}
	if r.DrawVote {
		s += " Two-way draw vote: when, in two game-years in a row, the same two powers are tied with each other " +
			"ahead of every other power and both reach the year's target"
		if r.MustGrow {
			s += " and grow"
		}
		s += ", a two-way draw may be voted."
	}
	return s
}

// callEntry is one line of the list of players.
type callEntry struct {
	last, first, shown string
	board              int
	power              string
}

// playerList writes the pages listing every player's board, sorted by last
// name then first name: three blocks side by side, filled down then across.
func (w *callsWriter) playerList(heat int, t *Tournament, boards []CallBoard) {
	entries := callEntries(t, boards)
	cs := w.cs
	for page, from := 0, 0; page == 0 || from < len(entries); page++ {
		w.pageBreak()
		title := HeatSheet(heat) + ": who plays where"
		if page > 0 {
			title += " (continued)"
		}
		w.put(w.next(36), callAll, title, cs.listTitle)
		sub := fmt.Sprintf("%d players on %d boards, by last name", distinctPlayers(entries), len(boards))
		if two := len(entries) - distinctPlayers(entries); two > 0 {
			sub += fmt.Sprintf(" (%d on two boards: listed twice)", two)
		}
		if t != nil && t.Settings.Name != "" {
			sub = t.Settings.Name + " · " + sub
		}
		w.put(w.next(22), callAll, sub, cs.listSub)
		on, size := w.listPage(entries[from:])
		from += len(on)
		rows := (len(on) + callBlocks - 1) / callBlocks
		head := w.next(18)
		for k := range callBlocks {
			c := 1 + k*callBlockCols
			w.put(head, [2]int{c, c + 4}, HeaderSeatPlayer, cs.listHead)
			w.put(head, [2]int{c + 5, c + 7}, HeaderBoard, cs.listHead)
		}
		for i := range rows {
			r := w.next(w.listRowHeight(on, rows, i, size))
			look, banded := cs.list[size], i%2
			board, power := look.board[banded], look.power[banded]
			for k := range callBlocks {
				c := 1 + k*callBlockCols
				var e callEntry
				if j := k*rows + i; j < len(on) {
					e = on[j]
				}
				var n any
				if e.board > 0 {
					n = e.board
				}
				name := look.name[banded]
				if longName(e.shown) {
					name = look.long[banded]
				}
				w.put(r, [2]int{c, c + 4}, e.shown, name)
				w.put(r, [2]int{c + 5, c + 5}, n, board)
				w.put(r, [2]int{c + 6, c + 7}, e.power, power)
			}
		}
	}
	w.sittingOut(heat, t)
}

// longName reports whether a list entry's name is too long for its cell
// at 9 pt.
func longName(shown string) bool { return utf8.RuneCountInString(shown) > callNameChars }

// longHeight is the height of a row holding a long name wrapped at 9 pt,
// chars characters a line.
func longHeight(name string, chars int) float64 {
	return callLongLine*float64(wrappedLines(name, chars)) + 3
}

// listRowHeight is the height of row i of a list page of rows rows: the
// size's row height, or taller for a long name wrapped over lines.
func (w *callsWriter) listRowHeight(on []callEntry, rows, i, size int) float64 {
	h := w.cs.listHeight[size]
	for k := range callBlocks {
		if j := k*rows + i; j < len(on) && longName(on[j].shown) {
			h = max(h, longHeight(on[j].shown, callNameChars))
		}
	}
	return h
}

// listPage chooses the entries of the next page of the list, from the
// first of entries, and their size (1 for the larger print): as many as
// fit callListRows rows of 11 pt, long names' taller rows counted.
func (w *callsWriter) listPage(entries []callEntry) ([]callEntry, int) {
	room := callListRows * w.cs.listHeight[0]
	height := func(on []callEntry, size int) float64 {
		rows, sum := (len(on)+callBlocks-1)/callBlocks, 0.0
		for i := range rows {
			sum += w.listRowHeight(on, rows, i, size)
		}
		return sum
	}
	n := min(len(entries), callBlocks*callListRows)
	for n > callBlocks && height(entries[:n], 0) > room {
		n -= callBlocks
	}
	on := entries[:n]
	if (n+callBlocks-1)/callBlocks <= callLargeRows && height(on, 1) <= room {
		return on, 1
	}
	return on, 0
}

// sittingOut writes, under the list of players, the players marked as
// sitting the heat out on the Players sheet, by last name, in the list's
// blocks.
func (w *callsWriter) sittingOut(heat int, t *Tournament) {
	if t == nil {
		return
	}
	var out CallBoard
	for _, p := range t.Players {
		if heat <= len(p.Registration) && p.Registration[heat-1] == SittingOut {
			out.Seats = append(out.Seats, CallSeat{Player: p.Name})
		}
	}
	if len(out.Seats) == 0 {
		return
	}
	cs := w.cs
	w.next(12)
	w.put(w.next(24), callAll, fmt.Sprintf("%s: sitting out (%s)", HeatSheet(heat), plural(len(out.Seats), "player")), cs.heading)
	entries := callEntries(t, []CallBoard{out})
	rows := (len(entries) + callBlocks - 1) / callBlocks
	size := 0
	if rows <= callLargeRows {
		size = 1
	}
	look := cs.list[size]
	chars := callNameChars * callBlockCols / 5 // a name spans the whole block
	for i := range rows {
		height := cs.listHeight[size]
		for k := range callBlocks {
			if j := k*rows + i; j < len(entries) && utf8.RuneCountInString(entries[j].shown) > chars {
				height = max(height, longHeight(entries[j].shown, chars))
			}
		}
		r := w.next(height)
		for k := range callBlocks {
			c := 1 + k*callBlockCols
			shown, style := "", look.name[i%2]
			if j := k*rows + i; j < len(entries) {
				shown = entries[j].shown
			}
			if utf8.RuneCountInString(shown) > chars {
				style = look.long[i%2]
			}
			w.put(r, [2]int{c, c + callBlockCols - 1}, shown, style)
		}
	}
}

// distinctPlayers counts the players of the list, a player on two boards
// (listed once for each) once.
func distinctPlayers(entries []callEntry) int {
	seen := map[string]bool{}
	for _, e := range entries {
		seen[e.shown] = true
	}
	return len(seen)
}

// callEntries lists the seated players, sorted by last name, then first
// name, then board, in the language-neutral Unicode order, ignoring case and
// accents first (so "Émile" comes with the Es, and "Ébert, Al" before
// "Ebert, Bob").
func callEntries(t *Tournament, boards []CallBoard) []callEntry {
	byName := map[string]Player{}
	if t != nil {
		for _, p := range t.Players {
			byName[p.Name] = p
		}
	}
	var out []callEntry
	for _, cb := range boards {
		for _, s := range cb.Seats {
			if s.Player == "" {
				continue
			}
			e := callEntry{board: cb.Board, power: s.Power, shown: s.Player}
			p, ok := byName[s.Player]
			switch {
			case ok && p.Last != "":
				e.last, e.first = p.Last, p.First
				if p.First != "" {
					e.shown = p.Last + ", " + p.First
				}
			case ok:
				e.last = p.First
			default: // not on the Players sheet: the last word is the last name
				e.last = s.Player
				if i := strings.LastIndex(s.Player, " "); i > 0 {
					e.first, e.last = s.Player[:i], s.Player[i+1:]
					e.shown = e.last + ", " + e.first
				}
			}
			out = append(out, e)
		}
	}
	order := NameOrder(len(out), func(i int) (string, string, int) { return out[i].last, out[i].first, out[i].board })
	sorted := make([]callEntry, len(out))
	for i, j := range order {
		sorted[i] = out[j]
	}
	return sorted
}

// NameOrder returns the order of n entries sorted as the board calls list
// players: by last name, then first name (their NameRanks), then board.
// name gives the i-th entry's last and first names and its board.
func NameOrder(n int, name func(i int) (last, first string, board int)) []int {
	ranks := NameRanks(n, func(i int) (string, string) { last, first, _ := name(i); return last, first })
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		_, _, ab := name(a)
		_, _, bb := name(b)
		return cmp.Or(cmp.Compare(ranks[a], ranks[b]), cmp.Compare(ab, bb))
	})
	return order
}

// NameRanks gives each of n entries its place in the order of names the
// board calls use: by last name, then first name, in the language-neutral
// Unicode order, ignoring case and accents first; names the same to that
// loose collation are then compared exactly, and entries whose names are
// the same share a rank. name gives the i-th entry's last and first names.
// Each name's collation keys are computed once (comparing strings through
// the collator at each step of a sort cost more than the rest of the board
// calls), however many entries are later sorted by the ranks (a heat's
// calls each, on a site of many heats).
func NameRanks(n int, name func(i int) (last, first string)) []int {
	var buf collate.Buffer
	loose, exact := collate.New(language.Und, collate.Loose), collate.New(language.Und)
	keys := make([][2][]byte, n)
	for j := range n {
		last, first := name(j)
		keys[j][0] = bytes.Clone(loose.KeyFromString(&buf, last))
		keys[j][1] = bytes.Clone(loose.KeyFromString(&buf, first))
		buf.Reset()
	}
	byName := func(a, b int) int {
		for k := range keys[a] {
			if d := bytes.Compare(keys[a][k], keys[b][k]); d != 0 {
				return d
			}
		}
		al, af := name(a)
		bl, bf := name(b)
		if d := exact.CompareString(al, bl); d != 0 {
			return d
		}
		return exact.CompareString(af, bf)
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, byName)
	ranks := make([]int, n)
	for i, p := range order {
		if i > 0 && byName(order[i-1], p) == 0 {
			ranks[p] = ranks[order[i-1]]
		} else {
			ranks[p] = i
		}
	}
	return ranks
}

// pageSetup makes the tab print as its pages: A4 (or Letter, when the
// workbook's Paper size setting or the director's Page Setup of the tab
// says so) portrait fitted to the width, the
// tournament's name at the top and page numbers at the bottom, and a print
// area over everything written.
func (w *callsWriter) pageSetup(t *Tournament) {
	size, portrait, one, zero, fit := xlsx.Paper(w.f, w.sheet, t != nil && t.Settings.Letter), "portrait", 1, 0, true
	w.do(xlsx.SetPageLayout(w.f, w.sheet, &excelize.PageLayoutOptions{Size: &size, Orientation: &portrait, FitToWidth: &one, FitToHeight: &zero}))
	w.do(xlsx.SetSheetProps(w.f, w.sheet, &excelize.SheetPropsOptions{FitToPage: &fit}))
	side, top, edge, centre := 0.4, 0.5, 0.25, true
	w.do(xlsx.SetPageMargins(w.f, w.sheet, &excelize.PageLayoutMarginsOptions{Top: &top, Bottom: &top, Left: &side, Right: &side,
		Header: &edge, Footer: &edge, Horizontally: &centre}))
	name := ""
	if t != nil {
		name = t.Settings.Name
	}
	w.do(xlsx.SetHeaderFooter(w.f, w.sheet, &excelize.HeaderFooterOptions{
		OddHeader: xlsx.PageHeader(12, name),
		OddFooter: xlsx.PageFooter("dtm · " + w.sheet),
	}))
	w.definedName("_xlnm.Print_Area", w.sheet, fmt.Sprintf("%s!$A$1:%s", xlsx.QuoteSheet(w.sheet), xlsx.Absolute(cellName(callCols, w.row-1))))
}
