package xlsx

import (
	"fmt"
	"strings"
	"unicode/utf16"

	"github.com/xuri/excelize/v2"
)

// Paper sizes of a sheet's page setup (ECMA-376 paperSize codes).
const (
	PaperLetter = 1
	PaperA4     = 9
)

// Paper returns the paper size a sheet prints on: Letter when letter
// says so (the workbook's Paper size setting) or its page setup does (a
// director who prints on Letter chose it in Page Setup), else A4.
func Paper(x *excelize.File, sheet string, letter bool) int {
	if l, err := x.GetPageLayout(sheet); letter || err == nil && l.Size != nil && *l.Size == PaperLetter {
		return PaperLetter
	}
	return PaperA4
}

// pageLayout sets a sheet to print on its paper (A4, or Letter when the
// workbook's setting or the director's Page Setup says so), fitted to the
// page width and as many pages long as it takes, with narrow margins.
func pageLayout(x *excelize.File, sheet string, landscape, letter bool) error {
	orientation := "portrait"
	if landscape {
		orientation = "landscape"
	}
	size, one, zero, fit := Paper(x, sheet, letter), 1, 0, true
	if err := x.SetPageLayout(sheet, &excelize.PageLayoutOptions{Size: &size, Orientation: &orientation, FitToWidth: &one, FitToHeight: &zero}); err != nil {
		return fmt.Errorf("set %s's page layout: %w", sheet, err)
	}
	if err := x.SetSheetProps(sheet, &excelize.SheetPropsOptions{FitToPage: &fit}); err != nil {
		return fmt.Errorf("set %s's fit to page: %w", sheet, err)
	}
	margin, side, edge := 0.6, 0.5, 0.3
	if err := x.SetPageMargins(sheet, &excelize.PageLayoutMarginsOptions{Top: &margin, Bottom: &margin, Left: &side, Right: &side, Header: &edge, Footer: &edge}); err != nil {
		return fmt.Errorf("set %s's page margins: %w", sheet, err)
	}
	return nil
}

// Print says how a table prints.
type Print struct {
	Header string // the page header (see PageHeader)
	Footer string // the page footer (see PageFooter)
	// Areas are the print areas, each a range such as "A1:K50" printed on
	// pages of its own, in order; none prints the whole sheet.
	Areas []string
	// TitleColumns are columns repeated at the left of every page that
	// does not hold them ("D:E"); "" for none. The header row repeats on
	// every page.
	TitleColumns string
	Landscape    bool
	Letter       bool // the workbook's paper is Letter (see Paper)
}

// SetPrint makes a sheet print as a table: its pageLayout, a page header
// and footer, the header row (and title columns) on every page, and the
// print areas.
func SetPrint(x *excelize.File, sheet string, p Print) error {
	if err := pageLayout(x, sheet, p.Landscape, p.Letter); err != nil {
		return err
	}
	if err := x.SetHeaderFooter(sheet, &excelize.HeaderFooterOptions{OddHeader: p.Header, OddFooter: p.Footer}); err != nil {
		return fmt.Errorf("set %s's page header: %w", sheet, err)
	}
	area, titles := PrintNames(sheet, p)
	if area != "" {
		if err := SetDefinedName(x, "_xlnm.Print_Area", sheet, area); err != nil {
			return err
		}
	}
	return SetDefinedName(x, "_xlnm.Print_Titles", sheet, titles)
}

// PrintNames are the values SetPrint gives a sheet's defined names
// _xlnm.Print_Area ("" for none) and _xlnm.Print_Titles.
func PrintNames(sheet string, p Print) (area, titles string) {
	q := QuoteSheet(sheet)
	areas := make([]string, len(p.Areas))
	for i, a := range p.Areas {
		from, to, _ := strings.Cut(a, ":")
		areas[i] = q + "!" + absoluteRef(from) + ":" + absoluteRef(to)
	}
	titles = q + "!$1:$1"
	if p.TitleColumns != "" {
		from, to, _ := strings.Cut(p.TitleColumns, ":")
		titles = q + "!$" + from + ":$" + to + "," + titles
	}
	return strings.Join(areas, ","), titles
}

// SetDefinedName sets a sheet-scoped defined name, replacing an earlier
// value: excelize's SetDefinedName refuses a name that exists. A built-in
// name ("_xlnm.Print_Titles") also replaces the same name spelled without
// its prefix ("Print_Titles", as Gnumeric writes it), which Excel takes
// for the same name.
func SetDefinedName(x *excelize.File, name, sheet, refersTo string) error {
	plain, builtin := strings.CutPrefix(name, "_xlnm.")
	for _, d := range x.GetDefinedName() {
		if (d.Name == name || builtin && strings.EqualFold(d.Name, plain)) && d.Scope == sheet {
			if err := x.DeleteDefinedName(&excelize.DefinedName{Name: d.Name, Scope: sheet}); err != nil {
				return fmt.Errorf("delete %s's name %s: %w", sheet, d.Name, err)
			}
		}
	}
	if err := x.SetDefinedName(&excelize.DefinedName{Name: name, RefersTo: refersTo, Scope: sheet}); err != nil {
		return fmt.Errorf("set %s's name %s: %w", sheet, name, err)
	}
	return nil
}

// Broken reports whether a defined name's value refers to nothing:
// #REF! (its sheet or range was deleted, or Gnumeric had nothing to write)
// or ERROR("...") (Gnumeric's way of keeping a reference it could not
// read, such as two print areas). ExcelJS refuses a workbook holding one.
func Broken(refersTo string) bool {
	return strings.Contains(refersTo, "#REF!") || strings.HasPrefix(refersTo, "ERROR(")
}

// absoluteRef turns a cell ("H50") or a whole column ("H") absolute.
func absoluteRef(ref string) string {
	if !strings.ContainsAny(ref, "0123456789") {
		return "$" + ref
	}
	return Absolute(ref)
}

// Absolute turns "H50" into "$H$50".
func Absolute(cell string) string {
	i := strings.IndexAny(cell, "0123456789")
	return "$" + cell[:i] + "$" + cell[i:]
}

// Page header and footer. A font size code (&14) takes every digit that
// follows it, so a title starting with a digit ("2026 Regatta") would print
// at 142 pt in Excel, or lose its number in LibreOffice: the size comes
// first and the font name, closed by its quote, last, so nothing typed can
// run into a code.

// MaxHeader is Excel's limit on a header or footer, codes included, in
// UTF-16 code units.
const MaxHeader = 255

// PageHeader is the page header printing title centred, bold, at size
// points, the title shortened with an ellipsis to fit Excel's limit.
func PageHeader(size int, title string) string {
	codes := fmt.Sprintf(`&C&%d&"Calibri,Bold"`, size)
	h := codes + headerText(title)
	for runes := []rune(title); UTF16Len(h) > MaxHeader && len(runes) > 0; {
		runes = runes[:len(runes)-1]
		h = codes + headerText(strings.TrimSpace(string(runes))+"…")
	}
	return h
}

// PageFooter is the page footer: left (short) on the left, "Page 1 of 3"
// on the right.
func PageFooter(left string) string {
	return `&L&9&"Calibri,Regular"` + headerText(left) + `&R&9&"Calibri,Regular"Page &P of &N`
}

// headerText escapes & in text for a page header.
func headerText(s string) string { return strings.ReplaceAll(s, "&", "&&") }

// UTF16Len is the length of s in UTF-16 code units, as Excel counts.
func UTF16Len(s string) int { return len(utf16.Encode([]rune(s))) }
