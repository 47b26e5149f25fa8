package xlsx

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"
)

// A few cells of a big sheet (a computed column of a long table) are
// written into the saved package's bytes rather than through excelize,
// which would decode the whole sheet into memory and encode it again, for
// a cost many times that of reading it. The sheet's other bytes are kept
// as they are.

// cellPatch is a number or a text written into a cell (or the cell
// emptied), its style kept; or, in column 0, a row's height.
type cellPatch struct {
	row, col int
	value    string  // a number as excelize writes it, or the text; "" empties the cell
	text     bool    // value is a text, written as an inline string
	height   float64 // column 0: the row's height in points; -1 for the sheet's default
}

// PatchCell records a cell to be written on save (see patchSheet); v is
// a float64, an int, a string that plainText accepts, or nil to empty the
// cell.
func (f *File) PatchCell(sheet string, row, col int, v any) {
	if f.patches == nil {
		f.patches = map[string][]cellPatch{}
	}
	p := cellPatch{row: row, col: col}
	switch x := v.(type) {
	case float64:
		p.value = strconv.FormatFloat(x, 'f', -1, 64)
	case int:
		p.value = strconv.Itoa(x)
	case string:
		p.value, p.text = x, true
	}
	f.patches[sheet] = append(f.patches[sheet], p)
}

// PatchRowHeight records a row's height to be written on save, as
// PatchCell does a cell: height in points, or -1 for the sheet's default.
func (f *File) PatchRowHeight(sheet string, row int, height float64) {
	if f.patches == nil {
		f.patches = map[string][]cellPatch{}
	}
	f.patches[sheet] = append(f.patches[sheet], cellPatch{row: row, height: height})
}

// Patchable reports whether a text can be written as a patch and read back
// as it is: no character XML cannot carry or that excelize would escape
// ("_x0041_" is read as "A"), and no longer than a cell holds.
func Patchable(s string) bool {
	if strings.Contains(s, "_x") || utf8.RuneCountInString(s) > MaxCellLength || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0xFFFE || r == 0xFFFF {
			return false
		}
	}
	return true
}

// applyPatchesNow writes the recorded cells through excelize: the way back
// when a sheet's bytes are laid out in a way patchSheet does not handle.
func (f *File) applyPatchesNow() error {
	for sheet, ps := range f.patches {
		for _, p := range ps {
			if p.col == 0 {
				if err := f.x.SetRowHeight(sheet, p.row, p.height); err != nil {
					return fmt.Errorf("write %s: %w", sheet, err)
				}
				continue
			}
			var v any
			switch {
			case p.value == "":
			case p.text:
				v = p.value
			default:
				x, _ := strconv.ParseFloat(p.value, 64)
				v = x
			}
			if err := f.x.SetCellValue(sheet, CellName(p.col, p.row), v); err != nil {
				return fmt.Errorf("write %s: %w", sheet, err)
			}
		}
	}
	f.patches = nil
	return nil
}

// errPatch reports a sheet laid out in a way patchSheet does not handle
// (rows or cells without their reference).
var errPatch = errors.New("sheet layout not patched in place")

var (
	styleRe  = regexp.MustCompile(`\ss="(\d+)"`)
	colRe    = regexp.MustCompile(`<col\s[^>]*>`)
	colMinRe = regexp.MustCompile(`\smin="(\d+)"`)
	colMaxRe = regexp.MustCompile(`\smax="(\d+)"`)
	colStyRe = regexp.MustCompile(`\sstyle="(\d+)"`)
	customRe = regexp.MustCompile(`\scustomFormat="(1|true)"`)
	heightRe = regexp.MustCompile(`\s(ht|customHeight)="[^"]*"`)
)

// patchSheet writes cells into a worksheet part (as excelize writes it, or
// Excel or LibreOffice: rows and cells in order, each with its reference),
// declaring the range ref ("" keeps what the part declares: see
// grownRange). A cell written keeps its style; a new cell takes its row's
// style, else its column's, as excelize gives it.
func patchSheet(sheet []byte, patches []cellPatch, ref string) ([]byte, error) {
	if len(patches) == 0 {
		return sheet, nil
	}
	ps := append([]cellPatch(nil), patches...)
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].row != ps[j].row {
			return ps[i].row < ps[j].row
		}
		return ps[i].col < ps[j].col
	})
	// The last patch of a cell wins.
	k := 0
	for i := range ps {
		if k > 0 && ps[k-1].row == ps[i].row && ps[k-1].col == ps[i].col {
			ps[k-1] = ps[i]
			continue
		}
		ps[k] = ps[i]
		k++
	}
	ps = ps[:k]
	colStyle := columnStyles(sheet)
	start := bytes.Index(sheet, []byte("<sheetData"))
	if start < 0 {
		return nil, errPatch
	}
	gt := bytes.IndexByte(sheet[start:], '>')
	if gt < 0 {
		return nil, errPatch
	}
	out := make([]byte, 0, len(sheet)+len(ps)*32)
	i := start + gt + 1
	head := sheet[:start]
	if ref != "" {
		head = setDimension(head, ref)
	}
	out = append(out, head...)
	if sheet[i-2] == '/' { // <sheetData/>
		out = append(out, sheet[start:i-2]...)
		out = append(out, '>')
		for len(ps) > 0 {
			row := ps[0].row
			out, ps = newRow(out, row, ps, colStyle)
		}
		out = append(out, "</sheetData>"...)
		return append(out, sheet[i:]...), nil
	}
	out = append(out, sheet[start:i]...)
	for len(ps) > 0 {
		lt := bytes.IndexByte(sheet[i:], '<')
		if lt < 0 {
			return nil, errPatch
		}
		at := i + lt
		name, _ := tagName(sheet[at+1:])
		if sheet[at+1] == '/' {
			name, _ = tagName(sheet[at+2:])
			name = append([]byte("/"), name...)
		}
		switch string(name) {
		case "/sheetData":
			out = append(out, sheet[i:at]...)
			for len(ps) > 0 {
				out, ps = newRow(out, ps[0].row, ps, colStyle)
			}
			i = at
			continue
		case "row":
		default:
			return nil, errPatch
		}
		tagEnd := bytes.IndexByte(sheet[at:], '>')
		if tagEnd < 0 {
			return nil, errPatch
		}
		tagEnd += at
		tag := sheet[at : tagEnd+1]
		r, err := strconv.Atoi(string(attr(tag, "r")))
		if err != nil {
			return nil, errPatch
		}
		out = append(out, sheet[i:at]...)
		for len(ps) > 0 && ps[0].row < r {
			out, ps = newRow(out, ps[0].row, ps, colStyle)
		}
		selfClosing := sheet[tagEnd-1] == '/'
		end := tagEnd + 1 // just after the row
		if !selfClosing {
			n := bytes.Index(sheet[tagEnd:], []byte("</row>"))
			if n < 0 {
				return nil, errPatch
			}
			end = tagEnd + n + len("</row>")
		}
		if len(ps) == 0 || ps[0].row != r {
			out = append(out, sheet[at:end]...)
			i = end
			continue
		}
		rowStyle := 0
		if customRe.Match(tag) {
			if s := styleRe.FindSubmatch(tag); s != nil {
				rowStyle, _ = strconv.Atoi(string(s[1]))
			}
		}
		var mine []cellPatch
		for len(ps) > 0 && ps[0].row == r {
			mine = append(mine, ps[0])
			ps = ps[1:]
		}
		if mine[0].col == 0 {
			tag = rowHeight(tag, mine[0].height)
			mine = mine[1:]
		}
		if selfClosing {
			out = append(out, tag[:len(tag)-2]...)
			out = append(out, '>')
			for _, p := range mine {
				out = appendCell(out, p, newStyle(p.col, rowStyle, colStyle))
			}
			out = append(out, "</row>"...)
			i = end
			continue
		}
		out = append(out, tag...)
		if out, err = patchRow(out, sheet[tagEnd+1:end-len("</row>")], mine, rowStyle, colStyle); err != nil {
			return nil, err
		}
		out = append(out, "</row>"...)
		i = end
	}
	return append(out, sheet[i:]...), nil
}

// patchRow writes a row's cells, patched, after out.
func patchRow(out, body []byte, mine []cellPatch, rowStyle int, colStyle map[int]int) ([]byte, error) {
	i := 0
	for {
		n := bytes.Index(body[i:], []byte("<c"))
		if n < 0 {
			break
		}
		at := i + n
		name, rest := tagName(body[at+1:])
		if string(name) != "c" || len(rest) == 0 {
			return nil, errPatch
		}
		tagEnd := bytes.IndexByte(body[at:], '>')
		if tagEnd < 0 {
			return nil, errPatch
		}
		tagEnd += at
		tag := body[at : tagEnd+1]
		end := tagEnd + 1
		if body[tagEnd-1] != '/' {
			n := bytes.Index(body[tagEnd:], []byte("</c>"))
			if n < 0 {
				return nil, errPatch
			}
			end = tagEnd + n + len("</c>")
		}
		col, _, err := excelize.CellNameToCoordinates(string(attr(tag, "r")))
		if err != nil {
			return nil, errPatch
		}
		out = append(out, body[i:at]...)
		for len(mine) > 0 && mine[0].col < col {
			out = appendCell(out, mine[0], newStyle(mine[0].col, rowStyle, colStyle))
			mine = mine[1:]
		}
		switch {
		case len(mine) > 0 && mine[0].col == col && mine[0].value == "" && emptyCell(body[at:end], tagEnd-at):
			// Emptied again: the cell as it is, however its writer
			// closed it, so that a save writing nothing new leaves the
			// sheet's bytes alone (excelize writes <c ...></c>).
			out = append(out, body[at:end]...)
			mine = mine[1:]
		case len(mine) > 0 && mine[0].col == col:
			style := 0
			if s := styleRe.FindSubmatch(tag); s != nil {
				style, _ = strconv.Atoi(string(s[1]))
			}
			out = appendCell(out, mine[0], style)
			mine = mine[1:]
		default:
			out = append(out, body[at:end]...)
		}
		i = end
	}
	out = append(out, body[i:]...)
	for _, p := range mine {
		out = appendCell(out, p, newStyle(p.col, rowStyle, colStyle))
	}
	return out, nil
}

// emptyCell reports whether a cell element, its start tag ending at
// tagEnd, holds no value and no formula: self-closed, or closed at once.
func emptyCell(cell []byte, tagEnd int) bool {
	if cell[tagEnd-1] == '/' {
		return true
	}
	return len(bytes.TrimSpace(cell[tagEnd+1:len(cell)-len("</c>")])) == 0
}

// attr returns the value of a start tag's attribute; nil when absent.
func attr(tag []byte, name string) []byte {
	key := []byte(" " + name + `="`)
	i := bytes.Index(tag, key)
	if i < 0 {
		return nil
	}
	v := tag[i+len(key):]
	if j := bytes.IndexByte(v, '"'); j >= 0 {
		return v[:j]
	}
	return nil
}

// rowHeight returns a row's start tag with its height set: height
// points, or the sheet's default for -1.
func rowHeight(tag []byte, height float64) []byte {
	out := heightRe.ReplaceAll(tag, nil)
	if height < 0 {
		return out
	}
	end := len(out) - 1 // before ">" or "/>"
	if out[end-1] == '/' {
		end--
	}
	attrs := ` ht="` + strconv.FormatFloat(height, 'f', -1, 64) + `" customHeight="1"`
	return append(append(append([]byte(nil), out[:end]...), attrs...), out[end:]...)
}

// newRow writes a row that the sheet lacks, with the patches of that row.
func newRow(out []byte, row int, ps []cellPatch, colStyle map[int]int) ([]byte, []cellPatch) {
	tag := []byte(`<row r="` + strconv.Itoa(row) + `">`)
	if h := ps[0].height; ps[0].col == 0 {
		tag = rowHeight(tag, h)
		ps = ps[1:]
		if h < 0 && (len(ps) == 0 || ps[0].row != row) {
			return out, ps // the default height of a row that is not there
		}
	}
	out = append(out, tag...)
	for len(ps) > 0 && ps[0].row == row {
		out = appendCell(out, ps[0], newStyle(ps[0].col, 0, colStyle))
		ps = ps[1:]
	}
	return append(out, "</row>"...), ps
}

// newStyle is the style excelize gives a new cell: its row's, else its
// column's.
func newStyle(col, rowStyle int, colStyle map[int]int) int {
	if rowStyle != 0 {
		return rowStyle
	}
	return colStyle[col]
}

// appendCell writes one cell.
func appendCell(out []byte, p cellPatch, style int) []byte {
	out = append(out, `<c r="`...)
	out = append(out, CellName(p.col, p.row)...)
	out = append(out, '"')
	if style != 0 {
		out = append(out, ` s="`...)
		out = strconv.AppendInt(out, int64(style), 10)
		out = append(out, '"')
	}
	if p.value == "" {
		return append(out, "/>"...)
	}
	if p.text {
		out = append(out, ` t="inlineStr"><is><t`...)
		if first, last := p.value[0], p.value[len(p.value)-1]; first == ' ' || last == ' ' {
			out = append(out, ` xml:space="preserve"`...)
		}
		out = append(out, '>')
		out = appendEscaped(out, p.value)
		return append(out, "</t></is></c>"...)
	}
	out = append(out, "><v>"...)
	out = append(out, p.value...)
	return append(out, "</v></c>"...)
}

// appendEscaped writes text as XML character data.
func appendEscaped(out []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '&':
			out = append(out, "&amp;"...)
		case '<':
			out = append(out, "&lt;"...)
		case '>':
			out = append(out, "&gt;"...)
		default:
			out = append(out, c)
		}
	}
	return out
}

// columnStyles reads the styles of a sheet's columns.
func columnStyles(sheet []byte) map[int]int {
	styles := map[int]int{}
	end := bytes.Index(sheet, []byte("<sheetData"))
	if end < 0 {
		return styles
	}
	for _, col := range colRe.FindAll(sheet[:end], -1) {
		lo, hi, st := colMinRe.FindSubmatch(col), colMaxRe.FindSubmatch(col), colStyRe.FindSubmatch(col)
		if lo == nil || hi == nil || st == nil {
			continue
		}
		a, _ := strconv.Atoi(string(lo[1]))
		z, _ := strconv.Atoi(string(hi[1]))
		s, _ := strconv.Atoi(string(st[1]))
		for c := a; c <= min(z, a+1000); c++ {
			if _, ok := styles[c]; !ok {
				styles[c] = s
			}
		}
	}
	return styles
}

// A tab rewritten whole (a report, a printout) would be decoded
// by excelize, cells, merges and all, only to be replaced: its bytes are
// emptied first, keeping the sheet's settings.

// EmptyForRewrite empties a sheet's cells and merges (and, with breaks, its
// page breaks) in the package as read, before excelize decodes it, and
// returns the last row it had; 0 and nothing emptied when the sheet is not
// in the package as read (new in this run, or written already).
func (f *File) EmptyForRewrite(sheet string, breaks bool) int {
	paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart))
	if err != nil || paths[sheet] == "" {
		return 0
	}
	raw, ok := f.asRead(paths[sheet])
	if !ok {
		return 0
	}
	last := 0
	if i := bytes.LastIndex(raw, []byte("<row ")); i >= 0 {
		if end := bytes.IndexByte(raw[i:], '>'); end > 0 {
			last, _ = strconv.Atoi(string(attr(raw[i:i+end+1], "r")))
		}
	}
	out := cutElement(raw, "sheetData", "<sheetData/>")
	out = cutElement(out, "mergeCells", "")
	if breaks {
		out = cutElement(out, "rowBreaks", "")
	}
	f.x.Pkg.Store(paths[sheet], out)
	return last
}

// cutElement replaces the first element named name (unprefixed) with
// instead.
func cutElement(raw []byte, name, instead string) []byte {
	from := bytes.Index(raw, []byte("<"+name))
	if from < 0 {
		return raw
	}
	gt := bytes.IndexByte(raw[from:], '>')
	if gt < 0 {
		return raw
	}
	to := from + gt + 1
	if raw[to-2] != '/' {
		n := bytes.Index(raw[to:], []byte("</"+name+">"))
		if n < 0 {
			return raw
		}
		to += n + len("</"+name+">")
	}
	out := make([]byte, 0, len(raw)-(to-from)+len(instead))
	return append(append(append(out, raw[:from]...), instead...), raw[to:]...)
}

// pkgPart returns a part of the package as excelize holds it.
func (f *File) pkgPart(name string) ([]byte, error) { return filePart(f.x)(name) }

// filePart returns a function that gives a part of f's package as
// excelize holds it.
func filePart(f *excelize.File) func(name string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if raw, ok := heldPart(f, name); ok {
			return raw, nil
		}
		return nil, fmt.Errorf("%s: missing part", name)
	}
}

// asRead returns a worksheet part's bytes when excelize will write them as
// they are: held in the package, not decoded into a worksheet.
func (f *File) asRead(part string) ([]byte, bool) {
	if ws, loaded := f.x.Sheet.Load(part); loaded && ws != nil {
		return nil, false
	}
	raw, err := f.pkgPart(part)
	return raw, err == nil
}

// HeldAsRead reports whether excelize holds a sheet's bytes as they were
// read (it has not decoded the sheet): where PatchCell, EmptyForRewrite,
// DropPictures and AddDataValidation work on the bytes.
func (f *File) HeldAsRead(sheet string) bool {
	_, ok := f.heldSheet(sheet)
	return ok
}

// heldSheet returns a sheet's bytes when excelize holds them as read.
func (f *File) heldSheet(sheet string) ([]byte, bool) {
	paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart))
	if err != nil || paths[sheet] == "" {
		return nil, false
	}
	return f.asRead(paths[sheet])
}

// SheetPaper is Paper(sheet, false) read from the sheet's bytes, without
// decoding the sheet, when excelize holds them as read.
func (f *File) SheetPaper(sheet string) int {
	raw, ok := f.heldSheet(sheet)
	if !ok {
		return Paper(f.x, sheet, false)
	}
	// The page setup comes after the cells: looked for from the end.
	if i := bytes.LastIndex(raw, []byte("<pageSetup ")); i >= 0 {
		if end := bytes.IndexByte(raw[i:], '>'); end > 0 && string(attr(raw[i:i+end+1], "paperSize")) == strconv.Itoa(PaperLetter) {
			return PaperLetter
		}
	}
	return PaperA4
}

// ColumnStyle returns the style of a sheet's column (col from 1; 0 for
// none), from the sheet's bytes when excelize holds them as read.
func (f *File) ColumnStyle(sheet string, col int) (int, error) {
	if raw, ok := f.heldSheet(sheet); ok {
		return columnStyles(raw)[col], nil
	}
	id, err := f.x.GetColStyle(sheet, ColumnName(col))
	if err != nil {
		return 0, fmt.Errorf("read %s's column %s: %w", sheet, ColumnName(col), err)
	}
	return id, nil
}

// settle readies the package for saving: it writes the recorded cells into
// the bytes of the sheets excelize holds as read (the others are patched in
// the saved package, by tidy), and returns the worksheet parts that tidy
// need not look at (held as read and holding no formula) and those whose
// used range it declared (grownRange), which the pack writer need not
// read again.
func (f *File) settle() (skip, ranged map[string]bool) {
	paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart))
	if err != nil {
		return nil, nil
	}
	skip, ranged = map[string]bool{}, map[string]bool{}
	for sheet, part := range paths {
		raw, ok := f.asRead(part)
		if !ok {
			continue
		}
		if ps := f.patches[sheet]; len(ps) > 0 {
			ref, grown := grownRange(raw, ps)
			patched, err := patchSheet(raw, ps, ref)
			if err != nil {
				continue // tidy tries, then excelize
			}
			raw = patched
			ranged[part] = grown
			f.x.Pkg.Store(part, raw)
			delete(f.patches, sheet)
		}
		if !mayHoldFormula(raw) {
			skip[part] = true
		}
	}
	return skip, ranged
}
