package workbook

import (
	"slices"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// printSetup makes a sheet print as the DTM's lists did: A4 (or Letter)
// fitted to the page width, as many pages long as it takes, a title and
// page numbers, the tab's name in the footer, the header row on every
// page, and a print area from A1 to last.
func (b *builder) printSetup(sheet, title, last string, landscape bool) {
	b.do(xlsx.SetPrint(b.f, sheet, xlsx.Print{Header: xlsx.PageHeader(14, title), Footer: xlsx.PageFooter("dtm · " + sheet),
		Areas: []string{"A1:" + last}, Landscape: landscape}))
}

// heatPrintSetup makes a heat sheet print landscape, fitted to the page
// width, with the sheet's name at the top and the header row on every
// page, in two parts, each as far down as the sheet is filled in: what a
// director checks (Board to Score), then the seating's detail (Score
// override to Conflict detail) with each row's power and player repeated
// at the left. The game-years' centres are left off the printout.
func (b *builder) heatPrintSetup(sheet string) {
	col := func(h string) string {
		return columnName(slices.IndexFunc(heatColumns, func(c column) bool { return c.header == h }) + 1)
	}
	check := "A:" + col(HeaderScore)
	detail := col(HeaderScoreOverride) + ":" + col(HeaderConflictDetail)
	b.do(xlsx.SetPrint(b.f, sheet, xlsx.Print{Header: `&C&14&"Calibri,Bold"&A`, Footer: xlsx.PageFooter("dtm · " + sheet), // &A: the sheet's name
		Areas: []string{check, detail}, TitleColumns: col(HeaderPower) + ":" + col(HeaderSeatPlayer), Landscape: true}))
}

// definedName sets a sheet-scoped defined name, replacing an earlier value.
func (b *builder) definedName(name, sheet, refersTo string) {
	b.do(xlsx.SetDefinedName(b.f, name, sheet, refersTo))
}
