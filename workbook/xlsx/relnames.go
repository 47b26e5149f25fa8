package xlsx

import (
	"archive/zip"
	"bytes"
	"path"
	"regexp"
	"strings"
	"time"
)

// relativeTargets returns the package with every relationship that names
// its part from the package's root ("/xl/drawings/drawing1.xml", as
// openpyxl and Google Sheets write them) naming it from its source's
// folder instead ("../drawings/drawing1.xml", as Excel writes them), or
// nil when none does. Both are valid, but excelize turns a name from the
// root into a zip entry "/xl/...", outside the package, when it rewrites
// the part (a sheet's drawing, when dtm score redraws the chart).
func relativeTargets(zr *zip.Reader) ([]byte, error) {
	edited := map[string][]byte{}
	for _, zf := range zr.File {
		if !strings.HasSuffix(zf.Name, ".rels") {
			continue
		}
		raw, err := readPart(zf)
		if err != nil {
			return nil, err
		}
		if !bytes.Contains(raw, []byte(`Target="/`)) {
			continue
		}
		edited[zf.Name] = relativeRels(zf.Name, raw)
	}
	if len(edited) == 0 {
		return nil, nil
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	buf := make([]byte, 32<<10)
	for _, zf := range zr.File {
		body, ok := edited[zf.Name]
		if !ok {
			if err := copyRaw(zw, zf, buf, time.Time{}); err != nil {
				return nil, err
			}
			continue
		}
		w, err := zw.CreateHeader(partHeader(zf.Name, zip.Deflate, time.Time{})) // undated: the save that writes it dates it
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(body); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// relativeRels returns the relationships part name (raw) with each
// internal target named from the package's root named from its source's
// folder instead.
func relativeRels(name string, raw []byte) []byte {
	source := path.Dir(path.Dir(name)) // a/_rels/b.xml.rels -> a
	if source == "." {
		source = ""
	}
	return relationshipRe.ReplaceAllFunc(raw, func(rel []byte) []byte {
		if bytes.Contains(rel, []byte(`TargetMode="External"`)) {
			return rel
		}
		return absTargetRe.ReplaceAllFunc(rel, func(attr []byte) []byte {
			target := string(attr[len(`Target="/`) : len(attr)-1])
			return []byte(`Target="` + relativeTo(source, path.Clean(target)) + `"`)
		})
	})
}

var (
	relationshipRe = regexp.MustCompile(`<Relationship\b[^>]*>`)
	absTargetRe    = regexp.MustCompile(`\bTarget="/[^"]*"`)
)

// relativeTo returns the part name to, a name from the package's root,
// relative to the folder dir ("" for the root).
func relativeTo(dir, to string) string {
	from := strings.Split(dir, "/")
	if dir == "" {
		from = nil
	}
	parts := strings.Split(strings.TrimPrefix(to, "/"), "/")
	common := 0
	for common < len(from) && common < len(parts)-1 && from[common] == parts[common] {
		common++
	}
	return strings.Repeat("../", len(from)-common) + strings.Join(parts[common:], "/")
}
