package workbook

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"
)

// printSetup makes a sheet print as the DTM's lists did: A4 (or letter)
// fitted to the page width, a title and page numbers, the header row on
// every page, and a print area from A1 to last.
func (b *builder) printSetup(sheet, title, last string, landscape bool) {
	orientation := "portrait"
	if landscape {
		orientation = "landscape"
	}
	size, one, zero, fit := 9, 1, 0, true // 9 = A4; Letter printers shrink it to fit
	b.do(b.f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Size: &size, Orientation: &orientation, FitToWidth: &one, FitToHeight: &zero}))
	b.do(b.f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &fit}))
	margin, edge := 0.6, 0.3
	b.do(b.f.SetPageMargins(sheet, &excelize.PageLayoutMarginsOptions{Top: &margin, Bottom: &margin, Left: &margin, Right: &margin, Header: &edge, Footer: &edge}))
	b.do(b.f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{
		OddHeader: `&C&"Calibri,Bold"&14` + headerText(title),
		OddFooter: `&L&"Calibri,Regular"&9dtm&R&"Calibri,Regular"&9Page &P of &N`,
	}))
	b.definedName("_xlnm.Print_Area", sheet, fmt.Sprintf("%s!$A$1:%s", quoteSheet(sheet), absolute(last)))
	b.definedName("_xlnm.Print_Titles", sheet, fmt.Sprintf("%s!$1:$1", quoteSheet(sheet)))
}

// definedName sets a sheet-scoped defined name, replacing an earlier value.
func (b *builder) definedName(name, sheet, refersTo string) {
	for _, d := range b.f.GetDefinedName() {
		if d.Name == name && d.Scope == sheet {
			b.do(b.f.DeleteDefinedName(&excelize.DefinedName{Name: name, Scope: sheet}))
		}
	}
	b.do(b.f.SetDefinedName(&excelize.DefinedName{Name: name, RefersTo: refersTo, Scope: sheet}))
}

// absolute turns "H50" into "$H$50".
func absolute(cell string) string {
	i := strings.IndexAny(cell, "0123456789")
	return "$" + cell[:i] + "$" + cell[i:]
}

// headerText escapes & in text for a page header.
func headerText(s string) string { return strings.ReplaceAll(s, "&", "&&") }
