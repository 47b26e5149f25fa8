package workbook

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Relationship types tidy looks for.
const (
	relCalcChain = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain"
	relChart     = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart"
)

// tidy finishes the package excelize wrote, before it goes to disk:
//
//   - it drops the calculation chain (xl/calcChain.xml, its content type and
//     its relationship). Excel rebuilds a missing chain silently, whereas
//     the one excelize keeps after dtm overwrote formula cells is wrong (its
//     deleteCalcChain removes the entry that carries the sheet index, so
//     the entries after it, which Excel writes without one, move to the
//     previous sheet) and Excel "repairs" the workbook on open;
//   - it drops the chart parts no drawing shows any more: excelize's
//     DeleteChart removes the chart from the drawing but leaves its part,
//     relationship and content type behind, one more on every run; the
//     charts left are numbered 1, 2 ... again, since excelize names a new
//     chart after the count of chart parts and would overwrite one;
//   - it drops the x14 namespace that excelize declares, unused, in
//     styles.xml (Gnumeric warns about it);
//   - it writes the sheets excelize's stream writer wrote as excelize
//     writes the others: it declares some fifty namespaces on the
//     worksheet, unused, and binds the drawing's relationship id to a
//     prefix of its own, "relationships:" (Gnumeric warns about both);
//   - it drops the cached values of formula cells (but TRUE() and FALSE())
//     and the workbook's calculation properties, so that the director's
//     formulas are recalculated on opening (see recalc.go).
//
// It also writes the cells recorded for saving that settle could not write
// before (patches, see patch.go), puts the bodies of the tabs written whole
// into their parts (see sheetbody.go), and does not look at the worksheet
// parts in skip (held as read and free of formulas). Every other part is
// copied as it is, without recompressing it.
func tidy(data []byte, patches map[string][]cellPatch, skip map[string]bool, bodies map[string]sheetBody) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	parts := map[string]*zip.File{}
	for _, f := range zr.File {
		parts[f.Name] = f
	}
	drop := map[string]bool{}
	edited := map[string][]byte{}
	spliced := map[string][]piece{} // parts written in pieces (sheetbody.go)
	rels := func(name string) (*relationships, error) {
		if raw, ok := edited[name]; ok {
			return parseRels(raw)
		}
		raw, err := readPart(parts[name])
		if err != nil {
			return nil, err
		}
		return parseRels(raw)
	}
	// The calculation chain.
	const wbRels = "xl/_rels/workbook.xml.rels"
	if parts[wbRels] != nil {
		r, err := rels(wbRels)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", wbRels, err)
		}
		if gone := r.remove(func(x relationship) bool { return x.Type == relCalcChain }); len(gone) > 0 {
			for _, x := range gone {
				drop[resolve("xl", x.Target)] = true
			}
			edited[wbRels] = r.marshal()
		}
	}
	// Charts that no drawing shows.
	kept := map[string]bool{}
	for name := range parts {
		dir, file := path.Split(name)
		if dir != "xl/drawings/_rels/" || !strings.HasSuffix(file, ".rels") {
			continue
		}
		body, err := readPart(parts["xl/drawings/"+strings.TrimSuffix(file, ".rels")])
		if err != nil {
			continue // a relationship file without its drawing: not ours to judge
		}
		used := usedIDs(body)
		r, err := rels(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		for _, x := range r.remove(func(x relationship) bool { return x.Type == relChart && !used[x.ID] }) {
			drop[resolve("xl/drawings", x.Target)] = true
			edited[name] = r.marshal()
		}
		for _, x := range r.Rels {
			kept[resolve("xl/drawings", x.Target)] = true
		}
	}
	for part := range drop {
		if kept[part] { // another relationship still shows it
			delete(drop, part)
		} else if dir, file := path.Split(part); dir == "xl/charts/" {
			drop[dir+"_rels/"+file+".rels"] = true
		}
	}
	// The sheets' parts, by sheet.
	zipPart := func(name string) ([]byte, error) { return readPart(parts[name]) }
	wb := workbookPart(zipPart)
	var paths map[string]string
	if wb != "" {
		if paths, err = sheetPartPaths(zipPart, wb); err != nil {
			return nil, err
		}
	}
	// The cells written on save (see patch.go).
	if len(patches) > 0 {
		for sheet, ps := range patches {
			name := paths[sheet]
			raw, err := readPart(parts[name])
			if err != nil {
				return nil, fmt.Errorf("%s: %w", sheet, err)
			}
			if edited[name], err = patchSheet(raw, ps); err != nil {
				return nil, fmt.Errorf("%s: %w", sheet, err)
			}
		}
	}
	// The director's formulas, recalculated on opening (see recalc.go).
	inputs := map[string]bool{} // the parts of the sheets dtm reads
	for sheet, name := range paths {
		inputs[name] = inputSheet(sheet)
	}
	for name, part := range parts {
		if dir, file := path.Split(name); dir != "xl/worksheets/" || !strings.HasSuffix(file, ".xml") || skip[name] {
			continue
		}
		raw, ok := edited[name]
		if !ok {
			var err error
			if raw, err = readPart(part); err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
		}
		if plain := dropFormulaValues(plainStreamSheet(raw), inputs[name]); len(plain) != len(raw) || ok {
			edited[name] = plain
		}
	}
	if len(bodies) > 0 {
		for sheet, body := range bodies {
			name := paths[sheet]
			raw, ok := edited[name]
			if !ok {
				if raw, err = readPart(parts[name]); err != nil {
					return nil, fmt.Errorf("%s: %w", sheet, err)
				}
			}
			if spliced[name], err = spliceBody(raw, body); err != nil {
				return nil, fmt.Errorf("%s: %w", sheet, err)
			}
			delete(edited, name)
		}
	}
	if wb != "" {
		raw, err := readPart(parts[wb])
		if err != nil {
			return nil, fmt.Errorf("%s: %w", wb, err)
		}
		if plain := dropCalcPr(raw); len(plain) != len(raw) {
			edited[wb] = plain
		}
	}
	const styles = "xl/styles.xml"
	if raw, err := readPart(parts[styles]); err == nil {
		if plain := dropNamespace(raw, "x14"); len(plain) != len(raw) {
			edited[styles] = plain
		}
	}
	if len(drop) == 0 && len(edited) == 0 && len(spliced) == 0 {
		return data, nil
	}
	// excelize names a new chart after the number of chart parts: number
	// the charts left 1, 2 ... again so that it never reuses a name.
	rename := chartNames(parts, drop)
	for name := range parts {
		if !strings.HasSuffix(name, ".rels") || drop[name] || len(rename) == 0 {
			continue
		}
		r, err := rels(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		source := path.Dir(path.Dir(name)) // xl/drawings/_rels/x.rels -> xl/drawings
		changed := false
		for i, x := range r.Rels {
			if to, ok := rename[resolve(source, x.Target)]; ok && x.TargetMode == "" {
				r.Rels[i].Target = path.Join(path.Dir(x.Target), path.Base(to))
				changed = true
			}
		}
		if changed {
			edited[name] = r.marshal()
		}
	}
	// Content types of the dropped and renamed parts.
	const ct = "[Content_Types].xml"
	raw, err := readPart(parts[ct])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ct, err)
	}
	edited[ct] = overrideRe.ReplaceAllFunc(raw, func(o []byte) []byte {
		m := partNameRe.FindSubmatch(o)
		if m == nil {
			return o
		}
		part := strings.TrimPrefix(string(m[1]), "/")
		if drop[part] {
			return nil
		}
		if to, ok := rename[part]; ok {
			return bytes.Replace(o, m[0], []byte(`PartName="/`+to+`"`), 1)
		}
		return o
	})
	// Room for the package, with the spliced parts compressed about five
	// times, so that the buffer is rarely grown (copied) again.
	var out bytes.Buffer
	size := len(data)
	for _, pieces := range spliced {
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
	for _, f := range zr.File {
		if drop[f.Name] {
			continue
		}
		name := f.Name
		if to, ok := rename[name]; ok {
			name = to
		} else if dir, file := path.Split(name); dir == "xl/charts/_rels/" {
			if to, ok := rename[dir[:len(dir)-len("_rels/")]+strings.TrimSuffix(file, ".rels")]; ok {
				name = path.Dir(to) + "/_rels/" + path.Base(to) + ".rels"
			}
		}
		pieces, ok := spliced[f.Name]
		if body, edit := edited[f.Name]; edit {
			pieces, ok = []piece{{raw: body}}, true
		}
		if !ok && name != f.Name {
			body, err := readPart(f)
			if err != nil {
				return nil, err
			}
			pieces, ok = []piece{{raw: body}}, true
		}
		if ok {
			w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: f.Modified})
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
			continue
		}
		if err := copyRaw(zw, f, buf); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
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
