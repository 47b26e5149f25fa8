package workbook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// printSetup makes a sheet print as the DTM's lists did: A4 (or Letter,
// see xlsx.Paper) fitted to the page width, as many pages long as it takes, a title and
// page numbers, the tab's name in the footer, the header row on every
// page, and a print area from A1 to last.
func (b *builder) printSetup(sheet, title, last string, landscape bool) {
	b.do(xlsx.SetPrint(b.f, sheet, xlsx.Print{Header: xlsx.PageHeader(14, title), Footer: xlsx.PageFooter("dtm · " + sheet),
		Areas: []string{"A1:" + last}, Landscape: landscape, Letter: b.letter}))
}

// heatPrint is how a heat sheet prints: landscape, fitted to the page
// width, with the sheet's name at the top and the header row on every
// page, in one or two parts, each as far down as the sheet is filled in:
// what a director checks (Board to Score), then, when detail is true (the
// heat has a conflict detail or a score override), the seating's detail
// (Score override to Conflict detail) with each row's power and player
// repeated at the left. The game-years' centres are left off the printout.
// col gives a header's column (from 1).
func heatPrint(sheet string, col func(header string) int, detail, letter bool) xlsx.Print {
	name := func(h string) string { return columnName(col(h)) }
	areas := []string{"A:" + name(HeaderScore)}
	if detail {
		areas = append(areas, name(HeaderScoreOverride)+":"+name(HeaderConflictDetail))
	}
	return xlsx.Print{Header: `&C&14&"Calibri,Bold"&A`, Footer: xlsx.PageFooter("dtm · " + sheet), // &A: the sheet's name
		Areas: areas, TitleColumns: name(HeaderPower) + ":" + name(HeaderSeatPlayer), Landscape: true, Letter: letter}
}

// templateColumn is a header's column (from 1) in a new heat sheet.
func templateColumn(h string) int {
	return slices.IndexFunc(heatColumns, func(c column) bool { return c.header == h }) + 1
}

// heatPrintSetup gives a heat sheet its print setup (heatPrint); col
// gives a header's column, nil for a new sheet's.
func (b *builder) heatPrintSetup(sheet string, col func(string) int, detail bool) {
	if col == nil {
		col = templateColumn
	}
	b.do(xlsx.SetPrint(b.f, sheet, heatPrint(sheet, col, detail, b.letter)))
}

// wrapped is what a heat sheet's row holds of the text that wraps (its
// player's name and its conflict detail), and whether it has a score
// override.
type wrapped struct {
	player, detail string
	override       bool
}

// height is the row's height: as many lines as its longest text takes
// wrapped in its column (see wrappedLines), -1 (the sheet's default) for
// one line.
func (w wrapped) height() float64 {
	width := func(h string) float64 { return heatColumns[templateColumn(h)-1].width }
	n := max(wrappedLines(w.player, columnChars(width(HeaderSeatPlayer))), wrappedLines(w.detail, columnChars(width(HeaderConflictDetail))))
	if n <= 1 {
		return -1
	}
	return linesHeight(n)
}

// wrappedRows is what each of a heat's seat rows holds of the text that
// wraps, as read.
func (t *Tournament) wrappedRows(heat *Heat) map[int]wrapped {
	rows := map[int]wrapped{}
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			w := wrapped{detail: s.conflict[1], override: s.Override != nil}
			if s.Player >= 0 {
				w.player = t.Players[s.Player].Name
			}
			rows[s.Row] = w
		}
	}
	return rows
}

// printsDetail reports whether a heat sheet's rows have detail to print:
// a conflict detail or a score override.
func printsDetail(rows map[int]wrapped) bool {
	for _, w := range rows {
		if w.detail != "" || w.override {
			return true
		}
	}
	return false
}

// layoutHeat gives a heat's sheet the print setup and wrapping columns
// dtm writes when it lacks them (a sheet written by an older dtm, or on A4
// since the Paper size setting became Letter; a sheet the director set to
// Letter stays Letter), printing its second part only when its rows have
// detail (printsDetail). rows are the sheet's seat rows as they are
// written: each gets the height its wrapped text needs when heights is
// true or the sheet is given its setup. Only what changes is touched: a
// sheet with its setup is not decoded.
func (b *Book) layoutHeat(heat *Heat, rows map[int]wrapped, heights bool) error {
	sheet := HeatSheet(heat.Number)
	col := func(h string) int {
		if c, ok := heat.cols[normalHeader(h)]; ok {
			return c + 1
		}
		return templateColumn(h)
	}
	letter := b.Tournament.Settings.Letter || b.x.SheetPaper(sheet) == xlsx.PaperLetter
	p := heatPrint(sheet, col, printsDetail(rows), letter)
	current, err := b.heatLooksAsPrinted(sheet, p, col)
	if err != nil {
		return err
	}
	if !current {
		bl := &builder{f: b.f, letter: letter}
		if bl.st, err = newStyles(b.f); err != nil {
			return err
		}
		bl.do(xlsx.SetPrint(b.f, sheet, p))
		for _, h := range []string{HeaderSeatPlayer, HeaderConflictDetail} {
			if _, ok := heat.cols[normalHeader(h)]; ok {
				bl.wrapColumn(sheet, col(h), heatColumns[templateColumn(h)-1])
			}
		}
		if bl.err != nil {
			return bl.err
		}
		heights = true
	}
	if heights {
		for r, w := range rows {
			b.x.PatchRowHeight(sheet, r, w.height())
		}
	}
	return nil
}

// heatLooksAsPrinted reports whether a heat sheet has the print setup p
// (its print areas, title columns and paper) and a Player column that
// wraps.
func (b *Book) heatLooksAsPrinted(sheet string, p xlsx.Print, col func(string) int) (bool, error) {
	paper := xlsx.PaperA4
	if p.Letter {
		paper = xlsx.PaperLetter
	}
	if b.x.SheetPaper(sheet) != paper {
		return false, nil
	}
	area, titles := xlsx.PrintNames(sheet, p)
	found := 0
	for _, d := range b.f.GetDefinedName() {
		if d.Scope != sheet {
			continue
		}
		switch strings.TrimPrefix(d.Name, "_xlnm.") {
		case "Print_Area":
			if d.RefersTo != area {
				return false, nil
			}
			found++
		case "Print_Titles":
			if d.RefersTo != titles {
				return false, nil
			}
			found++
		}
	}
	if found != 2 {
		return false, nil
	}
	id, err := b.x.ColumnStyle(sheet, col(HeaderSeatPlayer))
	if err != nil || id == 0 {
		return false, err
	}
	st, err := b.f.GetStyle(id)
	if err != nil {
		return false, fmt.Errorf("read %s's style %d: %w", sheet, id, err)
	}
	return st.Alignment != nil && st.Alignment.WrapText, nil
}

// definedName sets a sheet-scoped defined name, replacing an earlier value.
func (b *builder) definedName(name, sheet, refersTo string) {
	b.do(xlsx.SetDefinedName(b.f, name, sheet, refersTo))
}

// ownTab reports a tab dtm makes, whose print setup is dtm's.
func ownTab(name string) bool { return name == SheetAbout || inputSheet(name) || readsSheet(name) }

// dropBrokenNames deletes the defined names of dtm's own tabs that refer
// to nothing (xlsx.Broken), such as the print areas Gnumeric writes as
// #REF! for a tab that has none: dtm sets its tabs' print areas itself (a
// heat sheet's the next time dtm writes it). The director's own names are
// kept: BrokenNames warns of them.
func (b *Book) dropBrokenNames() error {
	for _, d := range b.f.GetDefinedName() {
		if ownTab(d.Scope) && xlsx.Broken(d.RefersTo) {
			if err := b.f.DeleteDefinedName(&excelize.DefinedName{Name: d.Name, Scope: d.Scope}); err != nil {
				return fmt.Errorf("delete %s's name %s: %w", d.Scope, d.Name, err)
			}
		}
	}
	return nil
}

// BrokenNames warns of each of the director's defined names that refers
// to nothing (xlsx.Broken): at its sheet, or at the workbook for a name of
// the whole workbook.
func (b *Book) BrokenNames() Problems {
	var out Problems
	for _, d := range b.f.GetDefinedName() {
		if !xlsx.Broken(d.RefersTo) || ownTab(d.Scope) {
			continue
		}
		p := Problem{Sheet: d.Scope, Msg: fmt.Sprintf("warning: the defined name %q refers to nothing (%s)", d.Name, d.RefersTo),
			Hint: "correct or delete it in Excel's Formulas > Name Manager (LibreOffice: Sheet > Named Ranges and Expressions > Manage): some programs refuse a workbook holding it"}
		if d.Scope == "Workbook" { // excelize's scope of a name of the whole workbook
			p.Sheet, p.Msg = "", fmt.Sprintf("warning: the workbook's defined name %q refers to nothing (%s)", d.Name, d.RefersTo)
		}
		out = append(out, p)
	}
	return out
}
