package workbook

import (
	"fmt"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// DefaultSystem is the scoring system a new tournament starts with: the one
// DipCon XXXIV used, the DTM manual's own example.
const DefaultSystem = "DipCon XXXIV (2001)"

// style ids of a workbook being built.
type styles struct {
	header, input, computed, computedText, help, title, text, time int
	// A heat sheet's Player and Conflict detail: input and computed text
	// that wrap.
	inputWrap, computedWrap int
	// An output tab's wrapped header, and its text cells: wrapped and
	// indented, so that text never touches a number right-aligned beside it.
	outHeader, outText int
	// A Tournament setting's label and value: at the top of their row,
	// level with the first line of the help beside them in a tall row.
	label, setting int
}

// font is the font of every style: LibreOffice substitutes fonts without a
// name.
func font(bold bool, size float64) *excelize.Font {
	return &excelize.Font{Family: "Calibri", Size: size, Bold: bold}
}

func newStyles(f *excelize.File) (styles, error) {
	var s styles
	defs := []struct {
		dst   *int
		style excelize.Style
	}{
		{&s.header, excelize.Style{Font: font(true, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9E1F2"}},
			Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}, Alignment: &excelize.Alignment{Vertical: "center"}}},
		{&s.input, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF9E5"}}}},
		{&s.computed, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"EDEDED"}}}},
		{&s.computedText, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"EDEDED"}},
			Alignment: &excelize.Alignment{Horizontal: "left", Indent: 1}}},
		{&s.help, excelize.Style{Font: &excelize.Font{Family: "Calibri", Size: 10, Color: "595959"}, Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}}},
		{&s.title, excelize.Style{Font: font(true, 16)}},
		{&s.text, excelize.Style{Font: font(false, 11), Alignment: &excelize.Alignment{WrapText: true, Vertical: "top"}}},
		{&s.outHeader, excelize.Style{Font: font(true, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"D9E1F2"}},
			Border: []excelize.Border{{Type: "bottom", Color: "000000", Style: 1}}, Alignment: &excelize.Alignment{Vertical: "bottom", WrapText: true}}},
		{&s.outText, excelize.Style{Font: font(false, 11), Alignment: &excelize.Alignment{Horizontal: "left", Indent: 1, WrapText: true, Vertical: "top"}}},
		{&s.inputWrap, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF9E5"}}, Alignment: &excelize.Alignment{WrapText: true}}},
		{&s.computedWrap, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"EDEDED"}},
			Alignment: &excelize.Alignment{Horizontal: "left", Indent: 1, WrapText: true}}},
		{&s.label, excelize.Style{Font: font(false, 11), Alignment: &excelize.Alignment{Vertical: "top"}}},
		{&s.setting, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF9E5"}},
			Alignment: &excelize.Alignment{Vertical: "top"}}},
		{&s.time, excelize.Style{Font: font(false, 11), Fill: excelize.Fill{Type: "pattern", Pattern: 1, Color: []string{"FFF9E5"}}, NumFmt: 20}},
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

// Template builds the workbook a new tournament starts from. systems are the
// built-in scoring systems written to the Systems sheet.
func Template(systems []System) (*excelize.File, error) {
	f := excelize.NewFile()
	b := &builder{f: f}
	var err error
	if b.st, err = newStyles(f); err != nil {
		return nil, err
	}
	b.about()
	b.tournament()
	for _, s := range []schema{playersSchema, conflictsSchema, groupsSchema, teamsSchema, heatsSchema} {
		b.table(s.sheet, s)
	}
	b.heats(1)
	b.systems(systems)
	b.clock()
	b.heatSheet(1)
	if b.err != nil {
		return nil, b.err
	}
	f.SetActiveSheet(0)
	if err := xlsx.SetDocProps(f, &excelize.DocProperties{Title: "Diplomacy tournament", Creator: "dtm", Description: "A tournament workbook for dtm, the Diplomacy Tournament Manager"}); err != nil {
		return nil, err
	}
	return f, nil
}

// builder writes sheets, remembering the first error.
type builder struct {
	f      *excelize.File
	st     styles
	err    error
	letter bool // the workbook's Paper size is Letter
}

func (b *builder) do(err error) {
	if b.err == nil && err != nil {
		b.err = err
	}
}

// sheet creates (or reuses) a sheet with the common properties.
func (b *builder) sheet(name string) {
	if idx, _ := xlsx.GetSheetIndex(b.f, name); idx < 0 {
		_, err := xlsx.NewSheet(b.f, name)
		b.do(err)
	}
	ht := 15.0
	b.do(xlsx.SetSheetProps(b.f, name, &excelize.SheetPropsOptions{DefaultRowHeight: &ht}))
}

// table writes a sheet by its schema: headers in row 1, frozen, the
// template's family columns, styled input cells (grey where computed) and
// dropdowns.
func (b *builder) table(name string, s schema) {
	b.sheet(name)
	for i, c := range s.columns {
		b.header(name, i+1, c, s.rows)
		if c.computed && s.rows > 0 {
			b.do(xlsx.SetCellStyle(b.f, name, cellName(i+1, 2), cellName(i+1, s.rows+1), b.cellStyle(c)))
		}
	}
	for n := 1; n <= s.inTemplate; n++ {
		b.familyHeader(name, s, n)
	}
	b.freeze(name, 1)
}

// familyHeader writes the header of a schema's n-th family column.
func (b *builder) familyHeader(name string, s schema, n int) {
	b.header(name, len(s.columns)+n, s.family(n), s.rows)
}

// cellStyle is the style of a column's cells below its header: input,
// computed (a text indented), each wrapping when the column wraps.
func (b *builder) cellStyle(c column) int {
	switch {
	case c.computed && c.wrap:
		return b.st.computedWrap
	case c.computed && c.text:
		return b.st.computedText
	case c.computed:
		return b.st.computed
	case c.wrap:
		return b.st.inputWrap
	}
	return b.st.input
}

// wrapColumn gives a wrapping column its cells' style (col from 1), also
// for the rows below those styled: its header keeps the header style.
func (b *builder) wrapColumn(sheet string, col int, c column) {
	b.do(xlsx.SetColStyle(b.f, sheet, columnName(col), b.cellStyle(c)))
	b.do(xlsx.SetCellStyle(b.f, sheet, cellName(col, 1), cellName(col, 1), b.st.header))
}

// header writes one column's header, width, input style and dropdown.
func (b *builder) header(sheet string, col int, c column, rows int) {
	cell := cellName(col, 1)
	b.do(xlsx.SetCellStr(b.f, sheet, cell, c.header))
	b.do(xlsx.SetColWidth(b.f, sheet, columnName(col), columnName(col), c.width))
	if c.wrap {
		b.wrapColumn(sheet, col, c)
	} else {
		b.do(xlsx.SetCellStyle(b.f, sheet, cell, cell, b.st.header))
	}
	if rows > 0 {
		b.do(xlsx.SetCellStyle(b.f, sheet, cellName(col, 2), cellName(col, rows+1), b.cellStyle(column{wrap: c.wrap})))
		b.dropdown(sheet, cellName(col, 2)+":"+cellName(col, rows+1), c.choices, c.list)
	}
}

// dropdown adds a list validation to a range.
func (b *builder) dropdown(sheet, sqref string, choices []string, list string) {
	if choices == nil && list == "" {
		return
	}
	dv, err := newDropdown(sqref, choices, list)
	b.do(err)
	b.do(xlsx.AddDataValidation(b.f, sheet, dv))
}

// newDropdown returns the dropdown of the cells sqref: the choices, or the
// cells list ("=Sheet!A2:A100").
func newDropdown(sqref string, choices []string, list string) (*excelize.DataValidation, error) {
	dv := excelize.NewDataValidation(true)
	dv.Sqref = sqref
	if choices != nil {
		if err := dv.SetDropList(choices); err != nil {
			return nil, err
		}
		dv.SetError(excelize.DataValidationErrorStyleStop, "Not one of the choices", choiceMessage(choices))
	} else {
		dv.SetSqrefDropList(list[1:])
		dv.SetError(excelize.DataValidationErrorStyleWarning, "Unknown scoring system", "Use a name from the Systems sheet.")
	}
	return dv, nil
}

// maxChoiceMessage bounds a dropdown's error message that names every
// choice, well below Excel's 225 characters so a choice can be added; a
// longer list points at the dropdown instead.
const maxChoiceMessage = 120

// choiceMessage is the error message of a dropdown of choices.
func choiceMessage(choices []string) string {
	if m := "Choose " + choiceList(choices) + "."; xlsx.UTF16Len(m) <= maxChoiceMessage {
		return m
	}
	return fmt.Sprintf("Choose one of the %d choices of the cell's dropdown list.", len(choices))
}

// suggestions adds a dropdown of suggested values that still accepts
// others.
func (b *builder) suggestions(sheet, sqref string, values []string) {
	dv := excelize.NewDataValidation(true)
	dv.Sqref = sqref
	b.do(dv.SetDropList(values))
	dv.SetError(excelize.DataValidationErrorStyleInformation, "Not one of the suggestions", "dtm check tells whether it can read it.")
	b.do(xlsx.AddDataValidation(b.f, sheet, dv))
}

// freeze keeps the first rows visible while scrolling.
func (b *builder) freeze(sheet string, rows int) {
	b.do(xlsx.SetPanes(b.f, sheet, &excelize.Panes{Freeze: true, YSplit: rows, TopLeftCell: cellName(1, rows+1), ActivePane: "bottomLeft",
		Selection: []excelize.Selection{{SQRef: cellName(1, rows+1), ActiveCell: cellName(1, rows+1), Pane: "bottomLeft"}}}))
}

// tournament writes the Tournament sheet: each setting's label, default
// value and help, a help's row as high as its text wrapped in the column.
func (b *builder) tournament() {
	const name = SheetTournament
	b.table(name, tournamentSchema)
	help, _ := tournamentSchema.position(HeaderHelp)
	helpWidth := tournamentSchema.columns[help-1].width
	for i, s := range tournamentSettings {
		row := i + 2
		b.do(xlsx.SetCellStr(b.f, name, cellName(1, row), s.label))
		b.do(xlsx.SetCellValue(b.f, name, cellName(2, row), s.value))
		b.do(xlsx.SetCellStr(b.f, name, cellName(3, row), s.help))
		b.do(xlsx.SetCellStyle(b.f, name, cellName(1, row), cellName(1, row), b.st.label))
		b.do(xlsx.SetCellStyle(b.f, name, cellName(2, row), cellName(2, row), b.st.setting))
		b.do(xlsx.SetCellStyle(b.f, name, cellName(3, row), cellName(3, row), b.st.help))
		if n := wrappedLines(s.help, helpChars(helpWidth)); n > 1 {
			// LibreOffice and Excel open a row without a height one line
			// high, and a longer help then overlaps the rows below it.
			b.do(xlsx.SetRowHeight(b.f, name, row, linesHeight(n)))
		}
		switch {
		case s.list != "":
			b.dropdown(name, cellName(2, row), nil, s.list)
		case s.open:
			b.suggestions(name, cellName(2, row), s.choices)
		case s.choices != nil:
			b.dropdown(name, cellName(2, row), s.choices, "")
		}
	}
}

// helpChars is how many characters of the Tournament sheet's help fit on
// a line of a column width wide: the help is in Calibri 10, where a column's
// width counts the digits of Calibri 11.
func helpChars(width float64) int { return columnChars(width * 11 / 10) }

// heats writes the Heats sheet's rows for heats 1..n.
func (b *builder) heats(n int) {
	for h := 1; h <= n; h++ {
		b.heatRow(h)
	}
}

// heatRow writes heat h's row of the Heats sheet: its number, and input
// cells for the rest.
func (b *builder) heatRow(h int) {
	b.row(heatsSchema, h+1, map[string]any{HeaderHeat: h})
	for i, c := range heatsSchema.columns {
		if c.header != HeaderHeat {
			cell := cellName(i+1, h+1)
			style := b.st.input
			if c.header == HeaderStart {
				style = b.st.time
			}
			b.do(xlsx.SetCellStyle(b.f, SheetHeats, cell, cell, style))
			b.dropdown(SheetHeats, cell, c.choices, c.list)
		}
	}
}

func (b *builder) systems(systems []System) {
	b.table(SheetSystems, systemsSchema)
	for i, s := range systems {
		b.systemRow(i+2, s)
	}
	b.freezeCols(SheetSystems, 1, 1)
}

// clockRows are a new workbook's Clock sheet: the 2003 World DipCon's
// deadlines (Regatta rules, "Negotiation, Adjudication, and Deadlines").
var clockRows = []ClockRow{
	{Phase: ClockSpring, FromYear: 1901, Minutes: 20, Note: "Spring orders are due 20 minutes after the Fall orders before them (or the round's start): the clock is always running."},
	{Phase: ClockSpring, FromYear: 1906, Minutes: 18, Note: "From 1906 on, 18 minutes."},
	{Phase: ClockFall, FromYear: 1901, Minutes: 17, Note: "Fall orders are due 17 minutes after the Spring orders."},
	{Phase: ClockFall, FromYear: 1906, Minutes: 15, Note: "From 1906 on, 15 minutes."},
	{Phase: ClockOrders, Minutes: 1, Note: "The last minute of each phase: write your orders (the clock shows it). 0 for none."},
}

// clock writes the Clock sheet: the room clock of dtm publish. A break is
// a row "Break", the year whose Spring orders it follows, its minutes, and
// a heat (empty for every heat).
func (b *builder) clock() {
	b.table(SheetClock, clockSchema)
	for i, c := range clockRows {
		cells := map[string]any{HeaderPhase: ChoicesClockPhase[c.Phase], HeaderMinutes: c.Minutes, HeaderClockNote: c.Note}
		if c.FromYear > 0 {
			cells[HeaderFromYear] = c.FromYear
		}
		b.row(clockSchema, i+2, cells)
	}
}

// freezeCols freezes the header row and the first cols columns.
func (b *builder) freezeCols(sheet string, rows, cols int) {
	tl := cellName(cols+1, rows+1)
	b.do(xlsx.SetPanes(b.f, sheet, &excelize.Panes{Freeze: true, XSplit: cols, YSplit: rows, TopLeftCell: tl, ActivePane: "bottomRight",
		Selection: []excelize.Selection{{SQRef: tl, ActiveCell: tl, Pane: "bottomRight"}}}))
}

func yesNo(v bool) string {
	if v {
		return ChoicesYesNo[0]
	}
	return ChoicesYesNo[1]
}

func finalYear(y int) any {
	if y == 0 {
		return "None"
	}
	return y
}

// heatSheet writes an empty sheet for heat n, ready for seating and results.
func (b *builder) heatSheet(n int) {
	name := HeatSheet(n)
	b.table(name, heatSheetSchema)
	b.freezeCols(name, 1, 1)
	b.heatPrintSetup(name, nil, false)
}

// aboutText is the About sheet: what to fill in and what to run.
var aboutText = []string{
	"This workbook is one Diplomacy tournament. Fill it in with Excel or LibreOffice; run dtm to check it, seed the heats and score the games.",
	"",
	"1. Tournament: the tournament's settings (name, scoring system, conflict values, number of heats, drops, teams). Each row says what it does.",
	"2. Players: one row per player. Other sheets name a player as \"First name Last name\", exactly as here.",
	"   The Heat columns register players for each heat: Registered, Pre-registered (when pre-registration is on) or Sitting out; empty means not registered.",
	"   Nationality (a WDD country code such as USA, FRA, ANG), WDD id and WDR id go into the results files for the World Diplomacy Database and Reference.",
	"3. Conflicts: pairs of players who should not share a board (family: 100), or, with a negative value, should.",
	"4. Groups: clubs and other groups; each pair of members on one board costs the group's conflict value.",
	"5. Teams: the team tournament's teams (when it is on).",
	"6. Heats: a heat may use another scoring system than the tournament's; leave it empty to follow the tournament.",
	"7. Systems: the scoring systems, each written as nine small formulas (see the formula language in dtm's docs). Add your own rows.",
	"   Clock: the room clock of dtm publish: how long each Spring and Fall lasts from a game-year on, the order-writing minute and breaks (Heats sheet: each round's start time).",
	"8. Heat 1, Heat 2, ...: the boards of each heat, seven rows per board: who plays which power, the game's status, the result, the final year, the centres, and the centres at the end of each year when you have them.",
	"   Grey columns (Score, Conflict, Conflict detail) are written by dtm; type a score in Score override to replace a computed score.",
	"",
	"Commands (in a terminal, in this workbook's folder):",
	"   dtm check WORKBOOK.xlsx     lists every problem, with its sheet and cell. Run it after every edit.",
	"   dtm seed WORKBOOK.xlsx      seats the next heat.",
	"   dtm score WORKBOOK.xlsx     writes the standings and awards.",
	"   dtm export --wdd --wdr --ratings WORKBOOK.xlsx   writes the results files for the databases and rating lists.",
	"   dtm publish WORKBOOK.xlsx   makes the tournament's website, projector pages and room clock.",
	"dtm never runs while the workbook is open in Excel or LibreOffice: save and close it first. Before it writes, it keeps the previous version in the dtm-backups folder beside the workbook.",
}

func (b *builder) about() {
	const name = SheetAbout
	b.do(xlsx.SetSheetName(b.f, "Sheet1", name))
	b.sheet(name)
	b.do(xlsx.SetColWidth(b.f, name, "A", "A", 130))
	b.do(xlsx.SetCellStr(b.f, name, "A1", "Diplomacy tournament workbook (dtm)"))
	b.do(xlsx.SetCellStyle(b.f, name, "A1", "A1", b.st.title))
	for i, line := range aboutText {
		cell := cellName(1, i+3)
		b.do(xlsx.SetCellStr(b.f, name, cell, line))
		b.do(xlsx.SetCellStyle(b.f, name, cell, cell, b.st.text))
	}
}
