package xlsx

import (
	"archive/zip"
	"bytes"
	"cmp"
	"encoding/xml"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Relationship types tidy looks for.
const (
	relCalcChain = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain"
	relChart     = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart"
)

// tidy finishes the package excelize wrote, before it goes to disk. Its
// passes each undo something excelize does:
//
//   - dropCalcChain: the calculation chain (xl/calcChain.xml, its content
//     type and its relationship) goes. Excel rebuilds a missing chain
//     silently, whereas the one excelize keeps after cells were
//     overwritten is wrong (its deleteCalcChain removes the entry that
//     carries the sheet index, so the entries after it, which Excel writes
//     without one, move to the previous sheet) and Excel "repairs" the
//     workbook on open;
//   - dropUnshownCharts, then renumberCharts: the chart parts no drawing
//     shows any more go (excelize's DeleteChart removes the chart from the
//     drawing but leaves its part, relationship and content type behind,
//     one more on every run), and the charts left are numbered 1, 2 ...
//     again, since excelize names a new chart after the count of chart
//     parts and would overwrite one;
//   - dropStylesNamespace: the x14 namespace that excelize declares,
//     unused, in styles.xml goes (Gnumeric warns about it);
//   - finishWorksheets, first: the sheets excelize's stream writer wrote
//     are written as excelize writes the others (the stream writer
//     declares some fifty namespaces on the worksheet, unused, and binds
//     the drawing's relationship id to a prefix of its own,
//     "relationships:"; Gnumeric warns about both);
//   - properties: the document properties are written as Excel writes
//     them (excelize writes the core properties without the cp: prefix,
//     which ExcelJS refuses), with the title, dates and application the
//     caller gives;
//   - finishWorksheets, then, with dropCalcPr: the cached values of formula
//     cells (but TRUE() and FALSE()) and the workbook's calculation
//     properties go, so that the formulas are recalculated on opening (see
//     recalc.go); excelize keeps the values it read.
//
// It also leaves out the parts in drop (those of a deleted sheet that
// excelize leaves behind, see DeleteSheet), writes the cells recorded for saving that settle could not write
// before (patches, see patch.go), puts the bodies of the tabs written whole
// into their parts (see sheetbody.go), and does not look at the worksheet
// parts in skip (held as read and free of formulas). Every other part is
// copied as it is, without recompressing it.
func tidy(data []byte, patches map[string][]cellPatch, skip map[string]bool, bodies map[string]Body, sheets Sheets, drop map[string]bool, props Properties) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	t := &tidier{
		zr:      zr,
		parts:   map[string]*zip.File{},
		drop:    map[string]bool{},
		edited:  map[string][]byte{},
		spliced: map[string][]piece{},
		when:    props.Modified,
	}
	for part := range drop {
		t.drop[part] = true
	}
	for _, f := range zr.File {
		t.parts[f.Name] = f
	}
	if err := t.dropCalcChain(); err != nil {
		return nil, err
	}
	if err := t.dropUnshownCharts(); err != nil {
		return nil, err
	}
	wb, paths, err := t.sheetPaths()
	if err != nil {
		return nil, err
	}
	if err := t.patchCells(paths, patches); err != nil {
		return nil, err
	}
	if err := t.finishWorksheets(paths, skip, sheets); err != nil {
		return nil, err
	}
	if err := t.spliceBodies(paths, bodies); err != nil {
		return nil, err
	}
	if err := t.dropCalcPr(wb); err != nil {
		return nil, err
	}
	t.dropStylesNamespace()
	if err := t.properties(props); err != nil {
		return nil, err
	}
	if err := t.renumberCharts(); err != nil {
		return nil, err
	}
	if err := t.contentTypes(); err != nil {
		return nil, err
	}
	if err := t.relativeTargets(); err != nil {
		return nil, err
	}
	if len(t.drop) == 0 && len(t.edited) == 0 && len(t.spliced) == 0 && slices.IsSortedFunc(zr.File, partOrder) {
		return data, nil
	}
	return t.write(len(data), bodies)
}

// tidier is one run of tidy over a package: its parts, and what becomes of
// them.
type tidier struct {
	zr      *zip.Reader
	parts   map[string]*zip.File
	drop    map[string]bool    // parts left out
	edited  map[string][]byte  // parts written anew
	spliced map[string][]piece // parts written in pieces (sheetbody.go)
	rename  map[string]string  // parts written under another name (charts)
	when    time.Time          // the save's time, the date of the parts written anew
}

// rels returns a relationships part, as edited so far.
func (t *tidier) rels(name string) (*relationships, error) {
	if raw, ok := t.edited[name]; ok {
		return parseRels(raw)
	}
	raw, err := readPart(t.parts[name])
	if err != nil {
		return nil, err
	}
	return parseRels(raw)
}

// relativeTargets names every part a relationship targets from its
// source's folder, as reading the workbook does (relativeTargets):
// excelize names the custom properties' part from the root when it adds
// it, and a save must write what the next read gives, or the next save of
// the same workbook would not give the same file.
func (t *tidier) relativeTargets() error {
	for _, f := range t.zr.File {
		if !strings.HasSuffix(f.Name, ".rels") || t.drop[f.Name] {
			continue
		}
		raw, ok := t.edited[f.Name]
		if !ok {
			var err error
			if raw, err = readPart(f); err != nil {
				return err
			}
		}
		if bytes.Contains(raw, []byte(`Target="/`)) {
			t.edited[f.Name] = relativeRels(f.Name, raw)
		}
	}
	return nil
}

// dropCalcChain leaves out the calculation chain and its relationship.
func (t *tidier) dropCalcChain() error {
	const wbRels = "xl/_rels/workbook.xml.rels"
	if t.parts[wbRels] == nil {
		return nil
	}
	r, err := t.rels(wbRels)
	if err != nil {
		return fmt.Errorf("%s: %w", wbRels, err)
	}
	if gone := r.remove(func(x relationship) bool { return x.Type == relCalcChain }); len(gone) > 0 {
		for _, x := range gone {
			t.drop[resolve("xl", x.Target)] = true
		}
		t.edited[wbRels] = r.marshal()
	}
	return nil
}

// dropUnshownCharts leaves out the charts that no drawing shows, with
// their relationships.
func (t *tidier) dropUnshownCharts() error {
	kept := map[string]bool{}
	for name := range t.parts {
		dir, file := path.Split(name)
		if dir != "xl/drawings/_rels/" || !strings.HasSuffix(file, ".rels") {
			continue
		}
		drawing := "xl/drawings/" + strings.TrimSuffix(file, ".rels")
		body, err := readPart(t.parts[drawing])
		if err != nil {
			continue // a relationship file without its drawing: not ours to judge
		}
		used := usedIDs(body)
		r, err := t.rels(name)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		gone := r.remove(func(x relationship) bool { return x.Type == relChart && !used[x.ID] })
		for _, x := range gone {
			t.drop[resolve("xl/drawings", x.Target)] = true
		}
		if len(gone) > 0 {
			if renumbered, ok := renumberRels(r, body); ok {
				t.edited[drawing] = renumbered
			}
			t.edited[name] = r.marshal()
		}
		for _, x := range r.Rels {
			kept[resolve("xl/drawings", x.Target)] = true
		}
	}
	for part := range t.drop {
		if kept[part] { // another relationship still shows it
			delete(t.drop, part)
		} else if dir, file := path.Split(part); dir == "xl/charts/" {
			t.drop[dir+"_rels/"+file+".rels"] = true
		}
	}
	return nil
}

// sheetPaths returns the workbook's part and the sheets' parts, by sheet.
func (t *tidier) sheetPaths() (string, map[string]string, error) {
	zipPart := func(name string) ([]byte, error) { return readPart(t.parts[name]) }
	wb := workbookPart(zipPart)
	if wb == "" {
		return "", nil, nil
	}
	paths, err := sheetPartPaths(zipPart, wb)
	return wb, paths, err
}

// patchCells writes the cells recorded for saving (see patch.go).
func (t *tidier) patchCells(paths map[string]string, patches map[string][]cellPatch) error {
	for sheet, ps := range patches {
		name := paths[sheet]
		raw, err := readPart(t.parts[name])
		if err != nil {
			return fmt.Errorf("%s: %w", sheet, err)
		}
		ref, grown := grownRange(raw, ps)
		patched, err := patchSheet(raw, ps, ref)
		if err != nil {
			return fmt.Errorf("%s: %w", sheet, err)
		}
		if !grown {
			patched = fixDimension(patched)
		}
		t.edited[name] = patched
	}
	return nil
}

// finishWorksheets writes the stream writer's sheets as excelize writes
// the others (plainStreamSheet), and drops the cached values of formula
// cells (dropFormulaValues), in every worksheet part but those in skip.
func (t *tidier) finishWorksheets(paths map[string]string, skip map[string]bool, sheets Sheets) error {
	inputs := map[string]bool{} // the parts of the sheets the caller reads
	for sheet, name := range paths {
		inputs[name] = sheets.input(sheet)
	}
	for name, part := range t.parts {
		if !worksheetPart(name) || skip[name] {
			continue
		}
		raw, ok := t.edited[name]
		if !ok {
			var err error
			if raw, err = readPart(part); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		if plain := dropFormulaValues(plainStreamSheet(raw), inputs[name], sheets.output); len(plain) != len(raw) || ok {
			t.edited[name] = plain
		}
	}
	return nil
}

// worksheetPart reports whether a part is a worksheet, where excelize and
// Excel put them.
func worksheetPart(name string) bool {
	dir, file := path.Split(name)
	return dir == "xl/worksheets/" && strings.HasSuffix(file, ".xml")
}

// spliceBodies puts the bodies of the tabs written whole into their parts
// (see sheetbody.go).
func (t *tidier) spliceBodies(paths map[string]string, bodies map[string]Body) error {
	for sheet, body := range bodies {
		name := paths[sheet]
		raw, ok := t.edited[name]
		if !ok {
			var err error
			if raw, err = readPart(t.parts[name]); err != nil {
				return fmt.Errorf("%s: %w", sheet, err)
			}
		}
		var err error
		if t.spliced[name], err = spliceBody(raw, body); err != nil {
			return fmt.Errorf("%s: %w", sheet, err)
		}
		delete(t.edited, name)
	}
	return nil
}

// dropCalcPr drops the workbook's calculation properties (see recalc.go).
func (t *tidier) dropCalcPr(wb string) error {
	if wb == "" {
		return nil
	}
	raw, err := readPart(t.parts[wb])
	if err != nil {
		return fmt.Errorf("%s: %w", wb, err)
	}
	if plain := dropCalcPr(raw); len(plain) != len(raw) {
		t.edited[wb] = plain
	}
	return nil
}

// dropStylesNamespace drops the x14 namespace excelize declares, unused,
// in styles.xml.
func (t *tidier) dropStylesNamespace() {
	const styles = "xl/styles.xml"
	if raw, err := readPart(t.parts[styles]); err == nil {
		if plain := dropNamespace(raw, "x14"); len(plain) != len(raw) {
			t.edited[styles] = plain
		}
	}
}

// properties writes the document properties as Excel writes them (see
// props.go).
func (t *tidier) properties(p Properties) error {
	const core, app = "docProps/core.xml", "docProps/app.xml"
	if raw, err := readPart(t.parts[core]); err == nil {
		out, err := coreProperties(raw, p)
		if err != nil {
			return fmt.Errorf("%s: %w", core, err)
		}
		if !bytes.Equal(out, raw) {
			t.edited[core] = out
		}
	}
	if raw, err := readPart(t.parts[app]); err == nil && p.Application != "" {
		if out := appProperties(raw, p.Application); !bytes.Equal(out, raw) {
			t.edited[app] = out
		}
	}
	return nil
}

// renumberCharts numbers the charts left 1, 2 ... again, so that excelize,
// which names a new chart after the number of chart parts, never reuses a
// name; the relationships that lead to them follow.
func (t *tidier) renumberCharts() error {
	t.rename = chartNames(t.parts, t.drop)
	if len(t.rename) == 0 {
		return nil
	}
	for name := range t.parts {
		if !strings.HasSuffix(name, ".rels") || t.drop[name] {
			continue
		}
		r, err := t.rels(name)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		source := path.Dir(path.Dir(name)) // xl/drawings/_rels/x.rels -> xl/drawings
		changed := false
		for i, x := range r.Rels {
			if to, ok := t.rename[resolve(source, x.Target)]; ok && x.TargetMode == "" {
				r.Rels[i].Target = path.Join(path.Dir(x.Target), path.Base(to))
				changed = true
			}
		}
		if changed {
			t.edited[name] = r.marshal()
		}
	}
	return nil
}

// contentTypes drops the content types of the parts left out, or missing
// (a picture excelize deleted: strict readers such as .NET's
// System.IO.Packaging refuse an override for a part that is not there),
// and renames those of the parts renamed.
func (t *tidier) contentTypes() error {
	const ct = contentTypesPart
	raw, err := readPart(t.parts[ct])
	if err != nil {
		return fmt.Errorf("%s: %w", ct, err)
	}
	present := make(map[string]bool, len(t.parts)) // part names are not case-sensitive
	for name := range t.parts {
		present[strings.ToLower(name)] = !t.drop[name]
	}
	out := overrideRe.ReplaceAllFunc(raw, func(o []byte) []byte {
		m := partNameRe.FindSubmatch(o)
		if m == nil {
			return o
		}
		part := strings.TrimPrefix(string(m[1]), "/")
		if !present[strings.ToLower(part)] {
			return nil
		}
		if to, ok := t.rename[part]; ok {
			return bytes.Replace(o, m[0], []byte(`PartName="/`+to+`"`), 1)
		}
		return o
	})
	if !bytes.Equal(out, raw) {
		t.edited[ct] = out
	}
	return nil
}

// write returns the tidied package: the parts written anew compressed, the
// others copied as they are.
func (t *tidier) write(size int, bodies map[string]Body) ([]byte, error) {
	// Room for the package, with the spliced parts compressed about five
	// times, so that the buffer is rarely grown (copied) again.
	var out bytes.Buffer
	for _, pieces := range t.spliced {
		for _, p := range pieces {
			size += len(p.raw) / 5
		}
	}
	for _, body := range bodies {
		size += body.size / 5
	}
	out.Grow(size)
	zw := zip.NewWriter(&out)
	// The parts rewritten here were compressed once already by excelize:
	// the fastest compression keeps the second time cheap.
	zw.RegisterCompressor(zip.Deflate, reusedDeflate())
	buf := make([]byte, 32<<10) // for the parts copied as they are
	for _, f := range slices.SortedStableFunc(slices.Values(t.zr.File), partOrder) {
		if t.drop[f.Name] {
			continue
		}
		pieces, ok, err := t.newContent(f)
		if err != nil {
			return nil, err
		}
		if !ok {
			if err := copyRaw(zw, f, buf, t.when); err != nil {
				return nil, err
			}
			continue
		}
		w, err := zw.CreateHeader(partHeader(t.newName(f.Name), zip.Deflate, t.when))
		if err != nil {
			return nil, err
		}
		for _, p := range pieces {
			if p.write != nil {
				err = p.write(w)
			} else {
				_, err = w.Write(p.raw)
			}
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// partOrder orders the parts of a package as tidy writes them: the content
// types and the package's relationships first, then by name. excelize
// writes them in the order of its maps, a different one on every save, so
// that without it the same workbook saved twice would not give the same
// file.
func partOrder(a, b *zip.File) int {
	rank := func(name string) int {
		switch name {
		case contentTypesPart:
			return 0
		case "_rels/.rels":
			return 1
		}
		return 2
	}
	return cmp.Or(rank(a.Name)-rank(b.Name), strings.Compare(a.Name, b.Name))
}

// newName is the name a part is written under: a chart's (or its
// relationships') after renumberCharts.
func (t *tidier) newName(name string) string {
	if to, ok := t.rename[name]; ok {
		return to
	}
	if dir, file := path.Split(name); dir == "xl/charts/_rels/" {
		if to, ok := t.rename[dir[:len(dir)-len("_rels/")]+strings.TrimSuffix(file, ".rels")]; ok {
			return path.Dir(to) + "/_rels/" + path.Base(to) + ".rels"
		}
	}
	return name
}

// newContent returns what a part is written as, in pieces, when it is not
// copied as it is (false).
func (t *tidier) newContent(f *zip.File) ([]piece, bool, error) {
	if body, ok := t.edited[f.Name]; ok {
		return []piece{{raw: body}}, true, nil
	}
	if pieces, ok := t.spliced[f.Name]; ok {
		return pieces, true, nil
	}
	if t.newName(f.Name) != f.Name {
		body, err := readPart(f)
		if err != nil {
			return nil, false, err
		}
		return []piece{{raw: body}}, true, nil
	}
	return nil, false, nil
}

var (
	overrideRe = regexp.MustCompile(`<Override\b[^>]*?(?:/>|></Override>)`)
	partNameRe = regexp.MustCompile(`PartName="([^"]*)"`)
)

// dropNamespace removes a namespace prefix that a part declares (and lists
// as ignorable) but never uses. excelize's styles.xml declares dozens;
// Gnumeric warns about the x14 one.
func dropNamespace(raw []byte, prefix string) []byte {
	if bytes.Contains(raw, []byte("<"+prefix+":")) || bytes.Contains(raw, []byte(" "+prefix+":")) {
		return raw
	}
	decl := regexp.MustCompile(` xmlns:` + prefix + `="[^"]*"`)
	loc := decl.FindIndex(raw)
	if loc == nil {
		return raw
	}
	out := append(append([]byte{}, raw[:loc[0]]...), raw[loc[1]:]...)
	return ignorableRe.ReplaceAllFunc(out, func(m []byte) []byte {
		sub := ignorableRe.FindSubmatch(m)
		var keep []string
		for _, p := range strings.Fields(string(sub[1])) {
			if p != prefix {
				keep = append(keep, p)
			}
		}
		return []byte(`mc:Ignorable="` + strings.Join(keep, " ") + `"`)
	})
}

var ignorableRe = regexp.MustCompile(`mc:Ignorable="([^"]*)"`)

// usedIDs returns the relationship ids a drawing part refers to.
func usedIDs(drawing []byte) map[string]bool {
	used := map[string]bool{}
	key := []byte(`r:id="`)
	for rest := drawing; ; {
		i := bytes.Index(rest, key)
		if i < 0 {
			return used
		}
		value := rest[i+len(key):]
		if i == 0 || !isWordByte(rest[i-1]) {
			if end := bytes.IndexByte(value, '"'); end >= 0 {
				used[string(value[:end])] = true
			}
		}
		rest = value
	}
}

// relRefRe matches an attribute of a drawing that gives a relationship id
// (r:id, r:embed, r:link), the id as its submatch.
var relRefRe = regexp.MustCompile(`\br:(?:id|embed|link)="([^"]*)"`)

// renumberRels numbers a drawing's relationships rId1, rId2 ... in their
// order, and returns the drawing with its references renumbered to match:
// excelize gives a new chart the highest id plus one, so without it the id
// of the chart dtm rewrites on every run (the Standings chart) would grow
// by one each time, and a second run would not give the same file. It
// changes nothing and reports false when the ids are already so, or when
// the drawing mentions an id that it does not refer to by one of those
// attributes, or one the relationships lack.
func renumberRels(r *relationships, drawing []byte) ([]byte, bool) {
	to := map[string]string{}
	same := true
	for i, x := range r.Rels {
		id := "rId" + strconv.Itoa(i+1)
		to[x.ID] = id
		same = same && x.ID == id
	}
	refs := relRefRe.FindAllSubmatch(drawing, -1)
	if same || len(to) != len(r.Rels) || len(refs) != bytes.Count(drawing, []byte(`="rId`)) {
		return nil, false
	}
	for _, m := range refs {
		if _, ok := to[string(m[1])]; !ok {
			return nil, false
		}
	}
	for i := range r.Rels {
		r.Rels[i].ID = to[r.Rels[i].ID]
	}
	return relRefRe.ReplaceAllFunc(drawing, func(m []byte) []byte {
		sub := relRefRe.FindSubmatchIndex(m)
		return append(append(append([]byte{}, m[:sub[2]]...), to[string(m[sub[2]:sub[3]])]...), m[sub[3]:]...)
	}), true
}

// isWordByte tells whether c is an ASCII letter, digit or underscore.
func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// chartNames returns the new names of the chart parts that are left when
// drop goes, numbered 1, 2 ... in their old order; only those that change.
func chartNames(parts map[string]*zip.File, drop map[string]bool) map[string]string {
	type chart struct {
		name string
		n    int
	}
	var left []chart
	for name := range parts {
		if m := chartPartRe.FindStringSubmatch(name); m != nil && !drop[name] {
			n, _ := strconv.Atoi(m[1])
			left = append(left, chart{name, n})
		}
	}
	sort.Slice(left, func(i, j int) bool { return left[i].n < left[j].n })
	rename := map[string]string{}
	for i, c := range left {
		if c.n != i+1 {
			rename[c.name] = fmt.Sprintf("xl/charts/chart%d.xml", i+1)
		}
	}
	return rename
}

var chartPartRe = regexp.MustCompile(`^xl/charts/chart(\d+)\.xml$`)

// plainStreamSheet returns a worksheet part that excelize's stream writer
// wrote with only the namespaces it uses declared (and without the
// worksheet's revision id and ignorable namespaces), and relationship ids
// under the usual r: prefix; any other part as it is.
func plainStreamSheet(raw []byte) []byte {
	head := bytes.IndexByte(raw, '>') + 1 // the XML declaration
	end := bytes.IndexByte(raw[head:], '>')
	if head == 0 || end < 0 || !bytes.Contains(raw[head:head+end], []byte(` xmlns:ap="`)) {
		return raw
	}
	end += head
	body := raw[end:]
	// The cells hold no relationship: the prefixes are renamed around
	// them (a regular expression over every cell costs much).
	if from, to := bytes.Index(body, []byte("<sheetData")), bytes.LastIndex(body, []byte("</sheetData>")); from >= 0 && to > from &&
		!bytes.Contains(body[from:to], []byte(" xmlns:relationships=")) {
		renamed := make([]byte, 0, len(body)+64)
		renamed = append(renamed, relsPrefixRe.ReplaceAll(body[:from], []byte("<$1 r:$2="))...)
		renamed = append(renamed, body[from:to]...)
		body = append(renamed, relsPrefixRe.ReplaceAll(body[to:], []byte("<$1 r:$2="))...)
	} else {
		body = relsPrefixRe.ReplaceAll(body, []byte("<$1 r:$2="))
	}
	// The stream writer writes cells without prefixes: only what is around
	// the sheet data may use one.
	around := body
	if from, to := bytes.Index(body, []byte("<sheetData")), bytes.LastIndex(body, []byte("</sheetData>")); from >= 0 && to > from {
		around = append(append([]byte{}, body[:from]...), body[to:]...)
	}
	tag := []byte(`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"`)
	for _, decl := range nsDeclRe.FindAllSubmatch(raw[head:end], -1) {
		prefix := decl[1]
		if string(prefix) == "r" || string(prefix) == "mc" || bytes.Contains(around, append([]byte("<"), append(prefix, ':')...)) ||
			bytes.Contains(around, append([]byte(" "), append(prefix, ':')...)) {
			tag = append(tag, decl[0]...)
		}
	}
	out := make([]byte, 0, head+len(tag)+len(body))
	return append(append(append(out, raw[:head]...), tag...), body...)
}

var (
	nsDeclRe     = regexp.MustCompile(` xmlns:(\w+)="[^"]*"`)
	relsPrefixRe = regexp.MustCompile(`<(\w+) xmlns:relationships="http://schemas.openxmlformats.org/officeDocument/2006/relationships" relationships:(\w+)=`)
)

// sheetPartPaths maps each sheet's name to its part in the package.
func sheetPartPaths(part func(string) ([]byte, error), wb string) (map[string]string, error) {
	raw, err := part(wb)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", wb, err)
	}
	var book struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			ID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	if err := xml.Unmarshal(raw, &book); err != nil {
		return nil, fmt.Errorf("%s: %w", wb, err)
	}
	dir, file := path.Split(wb)
	relsRaw, err := part(dir + "_rels/" + file + ".rels")
	if err != nil {
		return nil, fmt.Errorf("%s relationships: %w", wb, err)
	}
	rels, err := parseRels(relsRaw)
	if err != nil {
		return nil, fmt.Errorf("%s relationships: %w", wb, err)
	}
	targets := map[string]string{}
	for _, x := range rels.Rels {
		targets[x.ID] = resolve(path.Clean(dir), x.Target)
	}
	out := map[string]string{}
	for _, s := range book.Sheets {
		out[s.Name] = targets[s.ID]
	}
	return out, nil
}

// workbookPart returns the name of the package's workbook part, "" when it
// has none.
func workbookPart(part func(string) ([]byte, error)) string {
	raw, err := part("_rels/.rels")
	if err != nil {
		return ""
	}
	r, err := parseRels(raw)
	if err != nil {
		return ""
	}
	for _, x := range r.Rels {
		if strings.HasSuffix(x.Type, "/officeDocument") {
			return resolve("", x.Target)
		}
	}
	return ""
}

// resolve turns a relationship target into a part name, relative to the
// source part's directory.
func resolve(dir, target string) string {
	if strings.HasPrefix(target, "/") {
		return strings.TrimPrefix(path.Clean(target), "/")
	}
	return path.Clean(path.Join(dir, target))
}

// relationships is a .rels part.
type relationships struct {
	XMLName xml.Name       `xml:"http://schemas.openxmlformats.org/package/2006/relationships Relationships"`
	Rels    []relationship `xml:"Relationship"`
}

// relationship is one relationship of a .rels part.
type relationship struct {
	ID         string `xml:"Id,attr"`
	Type       string `xml:"Type,attr"`
	Target     string `xml:"Target,attr"`
	TargetMode string `xml:"TargetMode,attr,omitempty"`
}

func parseRels(raw []byte) (*relationships, error) {
	var r relationships
	if err := xml.Unmarshal(raw, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// remove removes the relationships that match and returns them.
func (r *relationships) remove(match func(relationship) bool) []relationship {
	var keep, gone []relationship
	for _, x := range r.Rels {
		if match(x) {
			gone = append(gone, x)
		} else {
			keep = append(keep, x)
		}
	}
	r.Rels = keep
	return gone
}

func (r *relationships) marshal() []byte {
	out, _ := xml.Marshal(r) // plain strings: cannot fail
	return append([]byte(xml.Header), out...)
}

// readPart reads a part of the package; a missing part is an error.
func readPart(f *zip.File) ([]byte, error) {
	if f == nil {
		return nil, fmt.Errorf("missing part")
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	buf := bytes.NewBuffer(make([]byte, 0, min(f.UncompressedSize64, MaxPartBytes)+bytes.MinRead))
	_, err = buf.ReadFrom(rc)
	return buf.Bytes(), err
}
