package workbook

import "github.com/armada-dtm/dtm/workbook/xlsx"

// printSetup makes a sheet print as the DTM's lists did: A4 (or letter)
// fitted to the page width, a title and page numbers, the header row on
// every page, and a print area from A1 to last.
func (b *builder) printSetup(sheet, title, last string, landscape bool) {
	b.do(xlsx.SetPrint(b.f, sheet, xlsx.Print{Header: xlsx.PageHeader(14, title), Footer: xlsx.PageFooter("dtm"), Last: last, Landscape: landscape}))
}

// heatPrintSetup makes a heat sheet print landscape, fitted to the page
// width, with the sheet's name at the top and the header row on every page.
// It has no print area: the sheet prints as far as it is filled in.
func (b *builder) heatPrintSetup(sheet string) {
	b.do(xlsx.SetPrint(b.f, sheet, xlsx.Print{Header: `&C&14&"Calibri,Bold"&A`, Footer: xlsx.PageFooter("dtm"), Landscape: true})) // &A: the sheet's name
}

// definedName sets a sheet-scoped defined name, replacing an earlier value.
func (b *builder) definedName(name, sheet, refersTo string) {
	b.do(xlsx.SetDefinedName(b.f, name, sheet, refersTo))
}
