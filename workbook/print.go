package workbook

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
)

// pageLayout sets A4 (Letter printers shrink it to fit), fitted to the page
// width, and the margins.
func (b *builder) pageLayout(sheet string, landscape bool) {
	orientation := "portrait"
	if landscape {
		orientation = "landscape"
	}
	size, one, zero, fit := 9, 1, 0, true // 9 = A4
	b.do(b.f.SetPageLayout(sheet, &excelize.PageLayoutOptions{Size: &size, Orientation: &orientation, FitToWidth: &one, FitToHeight: &zero}))
	b.do(b.f.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &fit}))
	margin, edge := 0.6, 0.3
	b.do(b.f.SetPageMargins(sheet, &excelize.PageLayoutMarginsOptions{Top: &margin, Bottom: &margin, Left: &margin, Right: &margin, Header: &edge, Footer: &edge}))
}

// printSetup makes a sheet print as the DTM's lists did: A4 (or letter)
// fitted to the page width, a title and page numbers, the header row on
// every page, and a print area from A1 to last.
func (b *builder) printSetup(sheet, title, last string, landscape bool) {
	b.pageLayout(sheet, landscape)
	b.do(b.f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{
		OddHeader: pageHeader(14, title),
		OddFooter: pageFooter("dtm"),
	}))
	b.definedName("_xlnm.Print_Area", sheet, fmt.Sprintf("%s!$A$1:%s", quoteSheet(sheet), absolute(last)))
	b.definedName("_xlnm.Print_Titles", sheet, fmt.Sprintf("%s!$1:$1", quoteSheet(sheet)))
}

// heatPrintSetup makes a heat sheet print landscape, fitted to the page
// width, with the sheet's name at the top and the header row on every page.
// It has no print area: the sheet prints as far as it is filled in.
func (b *builder) heatPrintSetup(sheet string) {
	b.pageLayout(sheet, true)
	b.do(b.f.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{
		OddHeader: `&C&14&"Calibri,Bold"&A`, // &A: the sheet's name
		OddFooter: pageFooter("dtm"),
	}))
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

// Page header and footer. A font size code (&14) takes every digit that
// follows it, so a title starting with a digit ("2026 Regatta") would print
// at 142 pt in Excel, or lose its number in LibreOffice: the size comes
// first and the font name, closed by its quote, last, so nothing typed can
// run into a code.
//
// maxHeader is Excel's limit on a header or footer, codes included, in
// UTF-16 code units.
const maxHeader = 255

// pageHeader is the page header printing title centred, bold, at size
// points, the title shortened with an ellipsis to fit Excel's limit.
func pageHeader(size int, title string) string {
	codes := fmt.Sprintf(`&C&%d&"Calibri,Bold"`, size)
	h := codes + headerText(title)
	for runes := []rune(title); utf16Len(h) > maxHeader && len(runes) > 0; {
		runes = runes[:len(runes)-1]
		h = codes + headerText(strings.TrimSpace(string(runes))+"…")
	}
	return h
}

// pageFooter is the page footer: left (short) on the left, "Page 1 of 3"
// on the right.
func pageFooter(left string) string {
	return `&L&9&"Calibri,Regular"` + headerText(left) + `&R&9&"Calibri,Regular"Page &P of &N`
}

// headerText escapes & in text for a page header.
func headerText(s string) string { return strings.ReplaceAll(s, "&", "&&") }

// utf16Len is the length of s in UTF-16 code units, as Excel counts.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }
