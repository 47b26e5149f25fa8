package xlsx

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"strings"

	"github.com/xuri/excelize/v2"
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
	drawing, drawingRels, ok := f.sheetDrawing(sheet)
	if !ok {
		return false
	}
	if drawing == "" {
		return true // no drawing: no picture
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
			f.x.Pkg.Delete(resolve(path.Dir(drawing), r.Target))
		}
	}
	return true
}

// sheetDrawing returns the parts of a sheet's drawing and of its
// relationships, read from the package as read ("" when the sheet has no
// drawing); false when excelize has decoded any of them, or the sheet's
// relationships, or when the sheet is not in the package as read.
func (f *File) sheetDrawing(sheet string) (drawing, drawingRels string, ok bool) {
	paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart))
	if err != nil || paths[sheet] == "" {
		return "", "", false
	}
	sheetPart := paths[sheet]
	raw, ok := f.asRead(sheetPart)
	if !ok {
		return "", "", false
	}
	from := bytes.Index(raw, []byte("<drawing "))
	if from < 0 {
		return "", "", true
	}
	end := bytes.IndexByte(raw[from:], '>')
	if end < 0 {
		return "", "", false
	}
	rid := attr(raw[from:from+end+1], "r:id")
	sheetRels := path.Join(path.Dir(sheetPart), "_rels", path.Base(sheetPart)+".rels")
	if rid == nil || f.relsLoaded(sheetRels) {
		return "", "", false
	}
	rels, err := f.rels(sheetRels)
	if err != nil {
		return "", "", false
	}
	for _, r := range rels.Rels {
		if r.ID == string(rid) && r.TargetMode == "" {
			drawing = resolve(path.Dir(sheetPart), r.Target)
		}
	}
	drawingRels = path.Join(path.Dir(drawing), "_rels", path.Base(drawing)+".rels")
	if drawing == "" || f.drawingLoaded(drawing) || f.relsLoaded(drawingRels) {
		return "", "", false
	}
	return drawing, drawingRels, true
}

// Pictures returns the images of a sheet's pictures, by the cell their top
// left corner is anchored in. It reads them from the package as read when
// excelize has not decoded the drawing (so that DropPictures can still
// remove them at once), else through excelize.
func (f *File) Pictures(sheet string) (map[string][]byte, error) {
	drawing, drawingRels, ok := f.sheetDrawing(sheet)
	if !ok {
		return f.excelizePictures(sheet)
	}
	pics := map[string][]byte{}
	if drawing == "" {
		return pics, nil
	}
	raw, err := f.pkgPart(drawing)
	if err != nil {
		return nil, fmt.Errorf("read %s's pictures: %w", sheet, err)
	}
	var wsDr struct {
		Anchors []struct {
			From struct {
				Col int `xml:"col"`
				Row int `xml:"row"`
			} `xml:"from"`
			Blip struct {
				Embed string `xml:"embed,attr"`
			} `xml:"pic>blipFill>blip"`
		} `xml:",any"`
	}
	if err := xml.Unmarshal(raw, &wsDr); err != nil {
		return nil, fmt.Errorf("read %s's pictures: %s: %w", sheet, drawing, err)
	}
	targets := map[string]string{}
	if rels, err := f.rels(drawingRels); err == nil {
		for _, r := range rels.Rels {
			if r.Type == imageRelType && r.TargetMode == "" {
				targets[r.ID] = resolve(path.Dir(drawing), r.Target)
			}
		}
	}
	for _, a := range wsDr.Anchors {
		target := targets[a.Blip.Embed]
		if target == "" {
			continue
		}
		image, err := f.pkgPart(target)
		if err != nil {
			return nil, fmt.Errorf("read %s's pictures: %w", sheet, err)
		}
		cell, err := excelize.CoordinatesToCellName(a.From.Col+1, a.From.Row+1)
		if err != nil {
			return nil, fmt.Errorf("read %s's pictures: %s: %w", sheet, drawing, err)
		}
		pics[cell] = image
	}
	return pics, nil
}

// excelizePictures is Pictures through excelize.
func (f *File) excelizePictures(sheet string) (map[string][]byte, error) {
	cells, err := GetPictureCells(f.x, sheet)
	if err != nil {
		return nil, err
	}
	pics := map[string][]byte{}
	for _, c := range cells {
		got, err := f.x.GetPictures(sheet, c)
		if err != nil {
			return nil, fmt.Errorf("read %s!%s's picture: %w", sheet, c, err)
		}
		if len(got) > 0 {
			pics[c] = got[0].File
		}
	}
	return pics, nil
}

// DeleteSheet removes a sheet with its pictures and its drawing (excelize's
// DeleteSheet leaves the drawing, its relationships and its images in the
// package, shown by no sheet).
func (f *File) DeleteSheet(sheet string) error {
	drawing, drawingRels, whole := f.sheetDrawing(sheet)
	if !f.DropPictures(sheet) {
		whole = false
		cells, err := GetPictureCells(f.x, sheet)
		if err != nil {
			return err
		}
		for _, c := range cells {
			if err := DeletePicture(f.x, sheet, c); err != nil {
				return err
			}
		}
	}
	if err := f.x.DeleteSheet(sheet); err != nil {
		return fmt.Errorf("delete sheet %s: %w", sheet, err)
	}
	if whole && drawing != "" {
		if f.dropped == nil {
			f.dropped = map[string]bool{}
		}
		f.dropped[drawing], f.dropped[drawingRels] = true, true
	}
	delete(f.patches, sheet)
	delete(f.bodies, sheet)
	return nil
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
