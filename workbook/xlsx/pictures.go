package xlsx

import (
	"bytes"
	"encoding/xml"
	"io"
	"path"
	"strings"
)

// imageRelType is the type of an image's relationship.
const imageRelType = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image"

// DropPictures removes every picture of a sheet at once, in the package as
// read, before excelize decodes the sheet's drawing: what excelize's
// DeletePicture does for each picture (the anchor goes, its image's
// relationship goes, and the image itself unless another drawing shows
// it), which costs the whole drawing for each picture (minutes for
// 10,000 pictures). It reports false, having changed nothing,
// when the drawing holds anything but pictures or excelize holds any part
// involved already: the pictures are then removed one by one.
func (f *File) DropPictures(sheet string) bool {
	paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart))
	if err != nil || paths[sheet] == "" {
		return false
	}
	sheetPart := paths[sheet]
	raw, ok := f.asRead(sheetPart)
	if !ok {
		return false
	}
	from := bytes.Index(raw, []byte("<drawing "))
	if from < 0 {
		return true // no drawing: no picture
	}
	end := bytes.IndexByte(raw[from:], '>')
	if end < 0 {
		return false
	}
	rid := attr(raw[from:from+end+1], "r:id")
	sheetRels := path.Join(path.Dir(sheetPart), "_rels", path.Base(sheetPart)+".rels")
	if rid == nil || f.relsLoaded(sheetRels) {
		return false
	}
	rels, err := f.rels(sheetRels)
	if err != nil {
		return false
	}
	drawing := ""
	for _, r := range rels.Rels {
		if r.ID == string(rid) && r.TargetMode == "" {
			drawing = resolve(path.Dir(sheetPart), r.Target)
		}
	}
	drawingRels := path.Join(path.Dir(drawing), "_rels", path.Base(drawing)+".rels")
	if drawing == "" || f.drawingLoaded(drawing) || f.relsLoaded(drawingRels) {
		return false
	}
	wsDr, err := f.pkgPart(drawing)
	if err != nil {
		return false
	}
	emptied, embeds, ok := withoutPictures(wsDr)
	if !ok {
		return false
	}
	dr, err := f.rels(drawingRels)
	if err != nil {
		if len(embeds) > 0 {
			return false
		}
		dr = &relationships{}
	}
	gone := dr.remove(func(r relationship) bool { return embeds[r.ID] })
	// An image another drawing shows stays (as DeletePicture decides:
	// by the image file's name).
	shown := map[string]bool{}
	others := true
	f.x.Relationships.Range(func(k, _ any) bool {
		others = !strings.Contains(k.(string), "xl/drawings/_rels/drawing")
		return others
	})
	f.x.Pkg.Range(func(k, _ any) bool {
		name := k.(string)
		if !strings.Contains(name, "xl/drawings/_rels/drawing") || name == drawingRels {
			return true
		}
		r, err := f.rels(name)
		if err != nil {
			others = false
			return false
		}
		for _, x := range r.Rels {
			if x.Type == imageRelType {
				shown[path.Base(x.Target)] = true
			}
		}
		return true
	})
	if !others {
		return false
	}
	f.x.Pkg.Store(drawing, emptied)
	if len(gone) > 0 {
		f.x.Pkg.Store(drawingRels, dr.marshal())
	}
	for _, r := range gone {
		if r.Type == imageRelType && !shown[path.Base(r.Target)] {
			f.x.Pkg.Delete(strings.ReplaceAll(r.Target, "../", "xl/"))
		}
	}
	return true
}

// rels reads a relationships part as excelize holds it.
func (f *File) rels(name string) (*relationships, error) {
	raw, err := f.pkgPart(name)
	if err != nil {
		return nil, err
	}
	return parseRels(raw)
}

// relsLoaded reports whether excelize has decoded a relationships part
// (its bytes in the package are then not the ones it will write).
func (f *File) relsLoaded(name string) bool {
	v, ok := f.x.Relationships.Load(name)
	return ok && v != nil
}

// drawingLoaded reports whether excelize has decoded a drawing part.
func (f *File) drawingLoaded(name string) bool {
	v, ok := f.x.Drawings.Load(name)
	return ok && v != nil
}

// withoutPictures returns a drawing part with its anchors removed, and the
// relationship ids of their images; false when an element of the drawing
// is not a picture anchored at a cell.
func withoutPictures(raw []byte) ([]byte, map[string]bool, bool) {
	d := xml.NewDecoder(bytes.NewReader(raw))
	embeds := map[string]bool{}
	depth := 0
	var rootEnd, childrenEnd int64 = -1, -1
	var anchorPic, anchorFrom bool
	for {
		before := d.InputOffset()
		tok, err := d.RawToken()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, false
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			switch depth {
			case 1:
				rootEnd = d.InputOffset()
			case 2:
				if t.Name.Local != "oneCellAnchor" && t.Name.Local != "twoCellAnchor" {
					return nil, nil, false
				}
				anchorPic, anchorFrom = false, false
			case 3:
				switch t.Name.Local {
				case "pic":
					anchorPic = true
				case "from":
					anchorFrom = true
				}
			}
			if t.Name.Local == "blip" {
				for _, a := range t.Attr {
					if a.Name.Local == "embed" {
						embeds[a.Value] = true
					}
				}
			}
		case xml.EndElement:
			if depth == 2 && !(anchorPic && anchorFrom) {
				return nil, nil, false
			}
			if depth == 1 {
				childrenEnd = before
			}
			depth--
		case xml.CharData:
			if depth == 1 && len(bytes.TrimSpace(t)) > 0 {
				return nil, nil, false
			}
		}
	}
	if rootEnd < 0 || childrenEnd < rootEnd {
		return nil, nil, false
	}
	out := make([]byte, 0, int(rootEnd)+len(raw)-int(childrenEnd))
	return append(append(out, raw[:rootEnd]...), raw[childrenEnd:]...), embeds, true
}
