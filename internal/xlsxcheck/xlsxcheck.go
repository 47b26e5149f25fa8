package xlsxcheck

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf16"
)

// Namespaces of the parts checked.
const (
	nsMain  = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
	nsChart = "http://schemas.openxmlformats.org/drawingml/2006/chart"
	nsRel   = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
)

// Excel's limits.
const (
	maxHeaderFooter = 255  // a header or footer, codes included (UTF-16 units)
	maxListFormula  = 255  // a validation's formula (the typed list of choices)
	maxMessage      = 225  // a validation's input or error message
	maxTitle        = 32   // a validation's input or error title
	maxName         = 255  // a defined name
	maxFontSize     = 409  // the largest font size a &N header code may set
	maxPageBreaks   = 1026 // manual page breaks of one kind on a sheet
)

// Check opens the workbook in data and returns every rule it breaks, each
// as "part: what is wrong". It checks the package (every part's local
// header readable by a streaming zip reader, no part named from the root,
// every part has a content type, every override and relationship points
// at an existing part), the element order of worksheets and charts,
// columns in order, page breaks, page headers and footers, data
// validations, defined names, the calculation chain and the document
// properties.
func Check(data []byte) []string {
	c := &checker{}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return []string{"not a zip package: " + err.Error()}
	}
	c.localHeaders(data, zr)
	c.parts = map[string][]byte{}
	for _, f := range zr.File {
		if strings.HasPrefix(f.Name, "/") {
			c.add(f.Name, "a zip entry named from the root: Excel and the package's own names have none")
		}
		rc, err := f.Open()
		if err != nil {
			c.add(f.Name, "cannot be read: %v", err)
			continue
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			c.add(f.Name, "cannot be read: %v", err)
			continue
		}
		c.parts[f.Name] = body
	}
	c.contentTypes()
	c.relationships()
	sheets := c.workbook()
	strings := c.sharedStrings()
	for _, s := range sheets {
		c.worksheet(s.part, s.name, strings)
	}
	c.calcChain(sheets)
	c.coreProperties()
	for name, body := range c.parts {
		if chartPart.MatchString(name) {
			c.order(name, body, nsChart, chartOrder)
		}
	}
	sort.Strings(c.problems)
	return c.problems
}

var chartPart = regexp.MustCompile(`^xl/charts/chart\d+\.xml$`)

type checker struct {
	parts    map[string][]byte
	problems []string
}

func (c *checker) add(part, format string, args ...any) {
	c.problems = append(c.problems, part+": "+fmt.Sprintf(format, args...))
}

// contentTypes checks that every part has a content type and that every
// override names an existing part.
func (c *checker) contentTypes() {
	const name = "[Content_Types].xml"
	var ct struct {
		Defaults []struct {
			Extension string `xml:"Extension,attr"`
		} `xml:"Default"`
		Overrides []struct {
			PartName string `xml:"PartName,attr"`
		} `xml:"Override"`
	}
	if err := xml.Unmarshal(c.parts[name], &ct); err != nil {
		c.add(name, "%v", err)
		return
	}
	exts, overrides := map[string]bool{}, map[string]bool{}
	for _, d := range ct.Defaults {
		exts[strings.ToLower(d.Extension)] = true
	}
	for _, o := range ct.Overrides {
		part := strings.TrimPrefix(o.PartName, "/")
		if overrides[strings.ToLower(part)] {
			c.add(name, "two overrides for %s", o.PartName)
		}
		overrides[strings.ToLower(part)] = true
		if _, ok := c.parts[part]; !ok {
			c.add(name, "override for %s, which is not in the package", o.PartName)
		}
	}
	for part := range c.parts {
		ext := strings.ToLower(strings.TrimPrefix(path.Ext(part), "."))
		if part != name && !strings.HasSuffix(part, "/") && !overrides[strings.ToLower(part)] && !exts[ext] {
			c.add(part, "has no content type")
		}
	}
}

// rels is a relationships part.
type rels struct {
	Rels []struct {
		ID         string `xml:"Id,attr"`
		Type       string `xml:"Type,attr"`
		Target     string `xml:"Target,attr"`
		TargetMode string `xml:"TargetMode,attr"`
	} `xml:"Relationship"`
}

// readRels reads the relationships of a part ("" for the package's).
func (c *checker) readRels(part string) (rels, string) {
	dir, file := path.Split(part)
	name := dir + "_rels/" + file + ".rels"
	var r rels
	if body, ok := c.parts[name]; ok {
		if err := xml.Unmarshal(body, &r); err != nil {
			c.add(name, "%v", err)
		}
	}
	return r, name
}

// target resolves a relationship's target from its source part's folder.
func target(source, t string) string {
	if strings.HasPrefix(t, "/") {
		return strings.TrimPrefix(path.Clean(t), "/")
	}
	return path.Clean(path.Join(path.Dir(source), t))
}

// relationships checks that every internal relationship points at a part
// of the package and that ids are unique.
func (c *checker) relationships() {
	for name := range c.parts {
		if !strings.HasSuffix(name, ".rels") {
			continue
		}
		dir := path.Dir(path.Dir(name)) // a/_rels/b.xml.rels -> a
		source := path.Join(dir, strings.TrimSuffix(path.Base(name), ".rels"))
		if dir == "." {
			source = "" // _rels/.rels: the package's own
		}
		if _, ok := c.parts[source]; !ok && dir != "." {
			c.add(name, "relationships of %s, which is not in the package", source)
		}
		r, _ := c.readRels(source)
		ids := map[string]bool{}
		for _, x := range r.Rels {
			if ids[x.ID] {
				c.add(name, "relationship id %s used twice", x.ID)
			}
			ids[x.ID] = true
			if x.TargetMode == "External" {
				continue
			}
			if _, ok := c.parts[target(source, x.Target)]; !ok {
				c.add(name, "%s points at %s, which is not in the package", x.ID, x.Target)
			}
		}
	}
}

type sheet struct{ name, part string }

// workbook checks the defined names and returns the sheets in order.
func (c *checker) workbook() []sheet {
	const name = "xl/workbook.xml"
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
		Names []struct {
			Name    string `xml:"name,attr"`
			LocalID *int   `xml:"localSheetId,attr"`
			Value   string `xml:",chardata"`
		} `xml:"definedNames>definedName"`
	}
	if err := xml.Unmarshal(c.parts[name], &wb); err != nil {
		c.add(name, "%v", err)
		return nil
	}
	r, _ := c.readRels(name)
	targets := map[string]string{}
	for _, x := range r.Rels {
		targets[x.ID] = target(name, x.Target)
	}
	var sheets []sheet
	for _, s := range wb.Sheets {
		if p, ok := targets[s.RID]; ok {
			sheets = append(sheets, sheet{s.Name, p})
		} else {
			c.add(name, "sheet %q has no part (relationship %s)", s.Name, s.RID)
		}
	}
	seen := map[string]bool{}
	for _, d := range wb.Names {
		scope := "workbook"
		if d.LocalID != nil {
			if *d.LocalID < 0 || *d.LocalID >= len(sheets) {
				c.add(name, "defined name %s: localSheetId %d is not a sheet", d.Name, *d.LocalID)
				continue
			}
			scope = sheets[*d.LocalID].name
		}
		// A built-in name spelled without its prefix is the same name.
		key := strings.ToLower(strings.TrimPrefix(d.Name, "_xlnm.")) + "\x00" + scope
		if seen[key] {
			c.add(name, "defined name %s defined twice in %s", d.Name, scope)
		}
		seen[key] = true
		if msg := NameProblem(d.Name); msg != "" {
			c.add(name, "defined name %q: %s", d.Name, msg)
		}
		if strings.HasPrefix(d.Name, "_xlnm.") && d.LocalID == nil && d.Name != "_xlnm._FilterDatabase" {
			c.add(name, "defined name %s must belong to a sheet", d.Name)
		}
		if strings.TrimSpace(d.Value) == "" {
			c.add(name, "defined name %s refers to nothing", d.Name)
		}
	}
	return sheets
}

var (
	builtinNames = map[string]bool{"Print_Area": true, "Print_Titles": true, "_FilterDatabase": true, "Criteria": true,
		"Extract": true, "Consolidate_Area": true, "Sheet_Title": true}
	nameChars = regexp.MustCompile(`^[\pL_\\][\pL\pN_.\\?]*$`)
	a1Ref     = regexp.MustCompile(`^(?i)[A-Z]{1,3}[0-9]+$`)
	r1c1Ref   = regexp.MustCompile(`^(?i)(R[0-9]*C[0-9]*|R[0-9]*|C[0-9]*)$`)
)

// NameProblem returns what makes name an invalid Excel defined name, or "".
func NameProblem(name string) string {
	if rest, ok := strings.CutPrefix(name, "_xlnm."); ok {
		if !builtinNames[rest] {
			return "not a built-in name Excel knows"
		}
		return ""
	}
	switch {
	case name == "":
		return "empty"
	case len([]rune(name)) > maxName:
		return fmt.Sprintf("longer than %d characters", maxName)
	case !nameChars.MatchString(name):
		return "must start with a letter, _ or \\ and hold only letters, digits, _, . and \\"
	case a1Ref.MatchString(name) && isColumn(strings.TrimRight(strings.ToUpper(name), "0123456789")):
		return "looks like a cell reference"
	case r1c1Ref.MatchString(name):
		return "looks like an R1C1 reference"
	}
	return ""
}

// isColumn reports whether s is a column name Excel has (A to XFD).
func isColumn(s string) bool {
	n := 0
	for _, r := range s {
		n = n*26 + int(r-'A'+1)
	}
	return n <= 16384
}

// sharedStrings returns how many texts the workbook's shared strings part
// holds (0 for none).
func (c *checker) sharedStrings() int {
	r, _ := c.readRels("xl/workbook.xml")
	for _, x := range r.Rels {
		if !strings.HasSuffix(x.Type, "/sharedStrings") {
			continue
		}
		name := target("xl/workbook.xml", x.Target)
		var sst struct {
			SI []struct{} `xml:"si"`
		}
		if err := xml.Unmarshal(c.parts[name], &sst); err != nil {
			c.add(name, "%v", err)
		}
		return len(sst.SI)
	}
	return 0
}

// worksheet checks a sheet part: element order, rows and cells in order,
// the range the sheet declares it uses, shared texts that exist, headers
// and footers, data validations. texts is how many shared texts the
// workbook holds.
func (c *checker) worksheet(part, name string, texts int) {
	body, ok := c.parts[part]
	if !ok {
		c.add(part, "sheet %q: missing part", name)
		return
	}
	// The cells are read by a scanner of their own (xml.Unmarshal takes
	// over a second for a sheet of 10,000 rows); the rest is decoded.
	cells, rest := splitSheetData(body)
	c.order(part, rest, nsMain, sheetOrder)
	var ws struct {
		Dimension *struct {
			Ref string `xml:"ref,attr"`
		} `xml:"dimension"`
		Cols []struct {
			Min int `xml:"min,attr"`
			Max int `xml:"max,attr"`
		} `xml:"cols>col"`
		RowBreaks    []struct{} `xml:"rowBreaks>brk"`
		ColBreaks    []struct{} `xml:"colBreaks>brk"`
		HeaderFooter struct {
			Items []struct {
				XMLName xml.Name
				Text    string `xml:",chardata"`
			} `xml:",any"`
		} `xml:"headerFooter"`
		Validations []struct {
			Type        string `xml:"type,attr"`
			Sqref       string `xml:"sqref,attr"`
			Prompt      string `xml:"prompt,attr"`
			PromptTitle string `xml:"promptTitle,attr"`
			Error       string `xml:"error,attr"`
			ErrorTitle  string `xml:"errorTitle,attr"`
			Formula1    string `xml:"formula1"`
			Formula2    string `xml:"formula2"`
		} `xml:"dataValidations>dataValidation"`
	}
	if err := xml.Unmarshal(rest, &ws); err != nil {
		c.add(part, "%v", err)
		return
	}
	where := fmt.Sprintf("%s (%s)", part, name)
	used := c.cells(where, cells, texts)
	if ws.Dimension != nil {
		if msg := dimensionProblem(ws.Dimension.Ref, used); msg != "" {
			c.add(where, "declares <dimension ref=%q/>, %s: streaming readers (openpyxl's read-only mode, POI's event reader) read only that range", ws.Dimension.Ref, msg)
		}
	}
	lastCol := 0
	for _, col := range ws.Cols {
		if col.Min <= lastCol || col.Max < col.Min {
			c.add(where, "columns %d to %d after column %d: Excel wants them in order, apart", col.Min, col.Max, lastCol)
		}
		lastCol = max(lastCol, col.Max)
	}
	for kind, n := range map[string]int{"row": len(ws.RowBreaks), "column": len(ws.ColBreaks)} {
		if n > maxPageBreaks {
			c.add(where, "%d manual %s page breaks (Excel: %d)", n, kind, maxPageBreaks)
		}
	}
	for _, h := range ws.HeaderFooter.Items {
		if msg := HeaderProblem(h.Text); msg != "" {
			c.add(where, "%s %q: %s", h.XMLName.Local, h.Text, msg)
		}
	}
	for _, v := range ws.Validations {
		at := where + " validation " + v.Sqref
		if strings.TrimSpace(v.Sqref) == "" {
			c.add(where, "a validation without cells")
		}
		for _, f := range []string{v.Formula1, v.Formula2} {
			if n := utf16Len(f); n > maxListFormula {
				c.add(at, "formula of %d characters (Excel: %d)", n, maxListFormula)
			}
		}
		for _, m := range []struct {
			what, text string
			limit      int
		}{{"input message", v.Prompt, maxMessage}, {"error message", v.Error, maxMessage},
			{"input title", v.PromptTitle, maxTitle}, {"error title", v.ErrorTitle, maxTitle}} {
			if n := utf16Len(m.text); n > m.limit {
				c.add(at, "%s of %d characters (Excel: %d)", m.what, n, m.limit)
			}
		}
	}
}

// splitSheetData returns a worksheet's cells (what its sheetData element
// holds) and the worksheet without them.
func splitSheetData(body []byte) (cells, rest []byte) {
	from := bytes.Index(body, []byte("<sheetData>"))
	to := bytes.LastIndex(body, []byte("</sheetData>"))
	if from < 0 || to < from {
		return nil, body
	}
	from += len("<sheetData>")
	rest = append(append(append([]byte{}, body[:from]...), "</sheetData>"...), body[to+len("</sheetData>"):]...)
	return body[from:to], rest
}

// cells checks a sheet's rows and cells (data, its sheetData's content):
// rows and cells in order, and each shared text within the texts the
// workbook has. It returns the first and the last column and row holding
// a cell (zero for none), a row or cell without its reference following
// the one before it.
func (c *checker) cells(where string, data []byte, texts int) (used [2][2]int) {
	last, row, col := 0, 0, 0
	for i := 0; ; {
		n := bytes.IndexByte(data[i:], '<')
		if n < 0 {
			return used
		}
		i += n
		end := bytes.IndexByte(data[i:], '>')
		if end < 0 {
			return used
		}
		tag := data[i : i+end+1]
		i += end + 1
		switch tagName(tag) {
		case "row":
			r, _ := strconv.Atoi(tagAttr(tag, "r"))
			if r != 0 && r <= last {
				c.add(where, "row %d after row %d", r, last)
			}
			row = max(row+1, r)
			last = max(last, r)
			col = 0
		case "c":
			ref := tagAttr(tag, "r")
			cc := col + 1
			if ref != "" {
				if cc = columnOf(ref); cc <= col {
					c.add(where, "cell %s out of order", ref)
				}
			}
			col = max(col, cc)
			if used[1][0] == 0 {
				used[0] = [2]int{cc, row}
			}
			used[0][0] = min(used[0][0], cc)
			used[1] = [2]int{max(used[1][0], cc), row}
			if tagAttr(tag, "t") == "s" {
				v := ""
				if closing := bytes.Index(data[i:], []byte("</c>")); tag[len(tag)-2] != '/' && closing >= 0 {
					inner := data[i : i+closing]
					if a, b := bytes.Index(inner, []byte("<v>")), bytes.Index(inner, []byte("</v>")); a >= 0 && b > a {
						v = string(inner[a+len("<v>") : b])
					}
				}
				if k, err := strconv.Atoi(strings.TrimSpace(v)); err != nil || k < 0 || k >= texts {
					c.add(where, "cell %s refers to shared text %q; the workbook has %d", cellName(cc, row), v, texts)
				}
			}
		}
	}
}

// tagName is the (unprefixed) name of a start tag's element, "" for any
// other markup.
func tagName(tag []byte) string {
	name := tag[1:]
	if i := bytes.IndexAny(name, " \t\r\n/>"); i >= 0 {
		name = name[:i]
	}
	if i := bytes.IndexByte(name, ':'); i >= 0 {
		name = name[i+1:]
	}
	switch string(name) { // without allocating for the usual ones
	case "row":
		return "row"
	case "c":
		return "c"
	}
	return ""
}

// tagAttr is the value of a start tag's attribute name, "" when it has
// none.
func tagAttr(tag []byte, name string) string {
	key := []byte(name + `="`)
	for rest := tag; ; {
		i := bytes.Index(rest, key)
		if i < 0 {
			return ""
		}
		if i > 0 && (rest[i-1] == ' ' || rest[i-1] == '\t' || rest[i-1] == '\n' || rest[i-1] == '\r') {
			v := rest[i+len(key):]
			if j := bytes.IndexByte(v, '"'); j >= 0 {
				return string(v[:j])
			}
			return ""
		}
		rest = rest[i+len(key):]
	}
}

// dimensionProblem says how a sheet's declared range leaves out some of
// the cells it holds (used: the first and last column and row holding
// one, zero for none), or "": it must reach the last row and column
// holding a cell, and start at A1 or at the first ones. A range past the
// cells is no problem (LibreOffice and Gnumeric count formatted rows and
// columns without cells; a streaming reader reads them as empty): dtm
// declares the cells exactly, which workbook/xlsx's tests hold it to.
func dimensionProblem(ref string, used [2][2]int) string {
	if used[1][0] == 0 {
		return ""
	}
	want := "A1:" + cellName(used[1][0], used[1][1])
	from, to, ok := strings.Cut(strings.ToUpper(ref), ":")
	if !ok {
		to = from
	}
	toCol, toRow := cellOf(to)
	fromCol, fromRow := cellOf(from)
	switch {
	case toCol < used[1][0] || toRow < used[1][1]:
		return "but its cells take " + want
	case fromCol == 0 || fromCol > used[0][0] || fromRow > used[0][1]:
		return "which starts past its first cell " + cellName(used[0][0], used[0][1])
	}
	return ""
}

// cellOf is the column and row of an A1 name (zero for none).
func cellOf(name string) (col, row int) {
	col = columnOf(name)
	digits := strings.TrimLeft(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
	row, err := strconv.Atoi(digits)
	if err != nil || col == 0 || len(digits) == len(name) {
		return 0, 0
	}
	return col, row
}

// cellName is a cell's A1 name.
func cellName(col, row int) string {
	name := ""
	for ; col > 0; col = (col - 1) / 26 {
		name = string(rune('A'+(col-1)%26)) + name
	}
	return name + strconv.Itoa(row)
}

func columnOf(cell string) int {
	n := 0
	for _, r := range strings.ToUpper(cell) {
		if r < 'A' || r > 'Z' {
			break
		}
		n = n*26 + int(r-'A'+1)
	}
	return n
}

var sizeCode = regexp.MustCompile(`^[0-9]+`)

// HeaderProblem returns what is wrong with a page header or footer, or "":
// too long for Excel, an unknown & code, an unclosed font name, or a font
// size code that text starting with a digit ran into ("&14" then "2026"
// reads as &142026); dtm avoids the last by always following a size with
// another code.
func HeaderProblem(h string) string {
	if n := utf16Len(h); n > maxHeaderFooter {
		return fmt.Sprintf("%d characters (Excel: %d)", n, maxHeaderFooter)
	}
	for i := 0; i < len(h); i++ {
		if h[i] != '&' {
			continue
		}
		if i+1 == len(h) {
			return "ends with a lone &"
		}
		i++
		switch ch := h[i]; {
		case ch == '&':
		case ch == '"':
			end := strings.IndexByte(h[i+1:], '"')
			if end < 0 {
				return "font name without its closing quote"
			}
			i += end + 1
		case ch >= '0' && ch <= '9':
			digits := sizeCode.FindString(h[i:])
			if n, _ := strconv.Atoi(digits); len(digits) > 3 || n < 1 || n > maxFontSize {
				return fmt.Sprintf("font size code &%s: text starting with a digit ran into it", digits)
			}
			i += len(digits) - 1
		case ch == 'K':
			i += 6 // &Krrggbb, or a theme colour of the same length
		case strings.IndexByte("LCRPNDTZFAGBIUESXYH+-", ch) >= 0:
		default:
			return fmt.Sprintf("unknown code &%c", ch)
		}
	}
	return ""
}

func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// calcChain checks that every cell of the calculation chain holds a
// formula: Excel drops the whole chain, with a repair dialog, otherwise.
func (c *checker) calcChain(sheets []sheet) {
	const name = "xl/calcChain.xml"
	body, ok := c.parts[name]
	if !ok {
		return
	}
	var chain struct {
		C []struct {
			R string `xml:"r,attr"`
			I int    `xml:"i,attr"`
		} `xml:"c"`
	}
	if err := xml.Unmarshal(body, &chain); err != nil {
		c.add(name, "%v", err)
		return
	}
	formulas := map[int]map[string]bool{}
	for i, s := range sheets {
		var ws struct {
			Cells []struct {
				R string    `xml:"r,attr"`
				F *struct{} `xml:"f"`
			} `xml:"sheetData>row>c"`
		}
		_ = xml.Unmarshal(c.parts[s.part], &ws) // reported by worksheet
		formulas[i+1] = map[string]bool{}
		for _, cell := range ws.Cells {
			if cell.F != nil {
				formulas[i+1][cell.R] = true
			}
		}
	}
	ids := sheetIDs(c.parts["xl/workbook.xml"])
	sheetIndex := 0
	for _, e := range chain.C {
		if e.I != 0 {
			sheetIndex = ids[e.I]
		}
		if !formulas[sheetIndex][e.R] {
			c.add(name, "entry %s (sheet id %d) is not a formula cell", e.R, e.I)
		}
	}
}

// sheetIDs maps each sheetId to the sheet's position (1-based).
func sheetIDs(workbook []byte) map[int]int {
	var wb struct {
		Sheets []struct {
			ID int `xml:"sheetId,attr"`
		} `xml:"sheets>sheet"`
	}
	_ = xml.Unmarshal(workbook, &wb) // reported by workbook
	ids := map[int]int{}
	for i, s := range wb.Sheets {
		ids[s.ID] = i + 1
	}
	return ids
}

// order checks that the children of the elements in rules come in the
// schema's order, and that they are children the schema allows. A rule is
// keyed by the parent's name, or "grandparent/parent" where the same name
// means different things.
func (c *checker) order(part string, body []byte, ns string, rules map[string][]string) {
	type frame struct {
		name string
		key  string
		last int
	}
	var stack []frame
	d := xml.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			c.add(part, "%v", err)
			return
		}
		switch t := tok.(type) {
		case xml.StartElement:
			name := t.Name.Local
			if t.Name.Space != ns {
				name = "{" + t.Name.Space + "}" + name
			}
			if n := len(stack); n > 0 {
				parent := &stack[n-1]
				if seq, ok := rules[parent.key]; ok && t.Name.Space == ns {
					at := indexOf(seq, t.Name.Local)
					switch {
					case at < 0:
						c.add(part, "<%s> not allowed in <%s>", t.Name.Local, parent.name)
					case at < parent.last:
						c.add(part, "<%s> after <%s> in <%s>", t.Name.Local, seq[parent.last], parent.name)
					default:
						parent.last = at
					}
				}
			}
			key := name
			if n := len(stack); n > 0 {
				if _, ok := rules[stack[n-1].name+"/"+name]; ok {
					key = stack[n-1].name + "/" + name
				}
			}
			stack = append(stack, frame{name: name, key: key})
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		}
	}
}

func indexOf(seq []string, name string) int {
	for i, s := range seq {
		for _, alt := range strings.Split(s, "|") {
			if alt == name {
				return i
			}
		}
	}
	return -1
}

// sheetOrder is CT_Worksheet's sequence (ECMA-376 Part 1, 18.3.1.99).
var sheetOrder = map[string][]string{
	"worksheet": {"sheetPr", "dimension", "sheetViews", "sheetFormatPr", "cols", "sheetData", "sheetCalcPr",
		"sheetProtection", "protectedRanges", "scenarios", "autoFilter", "sortState", "dataConsolidate",
		"customSheetViews", "mergeCells", "phoneticPr", "conditionalFormatting", "dataValidations", "hyperlinks",
		"printOptions", "pageMargins", "pageSetup", "headerFooter", "rowBreaks", "colBreaks", "customProperties",
		"cellWatches", "ignoredErrors", "smartTags", "drawing", "legacyDrawing", "legacyDrawingHF", "drawingHF",
		"picture", "oleObjects", "controls", "webPublishItems", "tableParts", "extLst"},
	"headerFooter": {"oddHeader", "oddFooter", "evenHeader", "evenFooter", "firstHeader", "firstFooter"},
	"sheetPr":      {"tabColor", "outlinePr", "pageSetUpPr"},
}

// chartOrder is the sequences of the chart elements dtm writes (ECMA-376
// Part 1, 21.2.2). Alternatives share a place ("crosses|crossesAt").
var chartOrder = map[string][]string{
	"chartSpace": {"date1904", "lang", "roundedCorners", "AlternateContent", "style", "clrMapOvr", "pivotSource",
		"protection", "chart", "spPr", "txPr", "externalData", "printSettings", "userShapes", "extLst"},
	"chart": {"title", "autoTitleDeleted", "pivotFmts", "view3D", "floor", "sideWall", "backWall", "plotArea",
		"legend", "plotVisOnly", "dispBlanksAs", "showDLblsOverMax", "extLst"},
	"title": {"tx", "layout", "overlay", "spPr", "txPr", "extLst"},
	"plotArea": {"layout",
		"areaChart|area3DChart|lineChart|line3DChart|stockChart|radarChart|scatterChart|pieChart|pie3DChart|doughnutChart|barChart|bar3DChart|ofPieChart|surfaceChart|surface3DChart|bubbleChart",
		"valAx|catAx|dateAx|serAx", "dTable", "spPr", "extLst"},
	"barChart": {"barDir", "grouping", "varyColors", "ser", "dLbls", "gapWidth", "overlap", "serLines", "axId", "extLst"},
	"barChart/ser": {"idx", "order", "tx", "spPr", "invertIfNegative", "pictureOptions", "dPt", "dLbls", "trendline",
		"errBars", "cat", "val", "shape", "extLst"},
	"dLbls": {"dLbl", "delete|numFmt", "spPr", "txPr", "dLblPos", "showLegendKey", "showVal", "showCatName", "showSerName",
		"showPercent", "showBubbleSize", "separator", "showLeaderLines", "leaderLines", "extLst"},
	"catAx": {"axId", "scaling", "delete", "axPos", "majorGridlines", "minorGridlines", "title", "numFmt",
		"majorTickMark", "minorTickMark", "tickLblPos", "spPr", "txPr", "crossAx", "crosses|crossesAt", "auto",
		"lblAlgn", "lblOffset", "tickLblSkip", "tickMarkSkip", "noMultiLvlLbl", "extLst"},
	"valAx": {"axId", "scaling", "delete", "axPos", "majorGridlines", "minorGridlines", "title", "numFmt",
		"majorTickMark", "minorTickMark", "tickLblPos", "spPr", "txPr", "crossAx", "crosses|crossesAt",
		"crossBetween", "majorUnit", "minorUnit", "dispUnits", "extLst"},
	"scaling": {"logBase", "orientation", "max", "min", "extLst"},
	"legend":  {"legendPos", "legendEntry", "layout", "overlay", "spPr", "txPr", "extLst"},
}

// LocalHeaders returns, as Check does, what keeps a streaming reader from
// reading a package's parts (see localHeaders).
func LocalHeaders(data []byte) []string {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return []string{"not a zip package: " + err.Error()}
	}
	c := &checker{}
	c.localHeaders(data, zr)
	return c.problems
}

// localHeaders walks the package's local headers, as a streaming reader
// (Java's ZipInputStream, SheetJS) does, and checks that each part can be
// read from them: a stored part must carry its checksum and sizes in its
// local header (a reader cannot find the end of stored bytes otherwise),
// and what a local header gives must be what the central directory says.
func (c *checker) localHeaders(data []byte, zr *zip.Reader) {
	for _, f := range zr.File {
		start, err := f.DataOffset()
		if err != nil {
			c.add(f.Name, "cannot find its data: %v", err)
			continue
		}
		at := start - int64(len(f.Name)) - 30
		for at >= 0 && !bytes.HasPrefix(data[at:], []byte("PK\x03\x04")) {
			at-- // the local header's extra field may differ from the central one
		}
		if at < 0 || start-at > 30+int64(len(f.Name))+65535 {
			c.add(f.Name, "no local header before its data")
			continue
		}
		h := data[at : at+30]
		flags, method := binary.LittleEndian.Uint16(h[6:]), binary.LittleEndian.Uint16(h[8:])
		crc, size := binary.LittleEndian.Uint32(h[14:]), binary.LittleEndian.Uint32(h[22:])
		switch {
		case flags&0x8 != 0 && method == zip.Store:
			c.add(f.Name, "stored with its sizes in a data descriptor: a streaming reader cannot find its end (Java's ZipInputStream, SheetJS)")
		case flags&0x8 == 0 && (crc != f.CRC32 || size != uint32(min(f.UncompressedSize64, 0xffffffff))):
			c.add(f.Name, "its local header's checksum or size differs from the central directory's")
		}
	}
}

// coreProperties checks the document properties as Excel writes them: the
// core properties under the cp: prefix (ExcelJS reads nothing else).
func (c *checker) coreProperties() {
	const name = "docProps/core.xml"
	body, ok := c.parts[name]
	if !ok {
		return
	}
	if !bytes.Contains(body, []byte("<cp:coreProperties")) {
		c.add(name, "the core properties are not under the cp: prefix, as Excel writes them")
	}
}
