package xlsx

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// sharedTextDamage is the damage of the cell at col, row whose value v
// refers to a shared text (t="s") of a table of n: nil when v is one of
// them (or empty, as excelize reads it).
func sharedTextDamage(col, row int, v []byte, n int) *DamageError {
	if i, ok := Digits(v); ok && i < n { // the usual form, read without a copy
		return nil
	}
	ref := strings.TrimSpace(string(v))
	if ref == "" {
		return nil
	}
	if i, err := strconv.Atoi(ref); err == nil && i >= 0 && i < n {
		return nil
	}
	return &DamageError{Cell: ColumnName(col) + strconv.Itoa(row),
		Msg: fmt.Sprintf("the cell refers to shared text %s, and the workbook's table of shared texts has %d", ref, n)}
}

// rowDamage is the damage of row n written after row last.
func rowDamage(n, last int) *DamageError {
	return &DamageError{Cell: "A" + strconv.Itoa(n),
		Msg: fmt.Sprintf("row %d is written again after row %d; every row is written once, in order", n, last)}
}

// heldSheetDamage finds, in a sheet that excelize has read, the damage
// quickSheetRows finds in the sheets of the usual form: a shared text past
// the table, a row written twice or out of order. excelize reads the first
// as an empty cell and moves the second's cells to other rows. It reads
// the sheet's bytes as excelize holds them, with a tolerant XML reader:
// any form of sheet. Those are the file's own until excelize's GetRows or
// Cols replaces the bytes of a sheet it has decoded (to set or read a
// cell) with its writing of what it decoded, the damage hidden: call it
// before them. The shared texts are counted as excelize read them, or
// from their part when it has not read them yet.
func heldSheetDamage(x *excelize.File, sheet string) *DamageError {
	part := filePart(x)
	paths, err := sheetPartPaths(part, workbookPart(part))
	if err != nil {
		return nil
	}
	raw, ok := heldPart(x, paths[sheet])
	if !ok {
		return nil
	}
	n := 0
	if x.SharedStrings != nil {
		n = len(x.SharedStrings.SI)
	} else if sst, ok := heldPart(x, sharedStringsPart); ok {
		n = countSharedTexts(sst)
	}
	if damage := sheetDamage(raw, n); damage != nil {
		damage.Sheet = sheet
		return damage
	}
	return nil
}

// countSharedTexts counts the shared texts (<si>) of a shared strings
// part, as excelize reads them: those up to XML it cannot read.
func countSharedTexts(raw []byte) int {
	d := xml.NewDecoder(bytes.NewReader(raw))
	n, depth := 0, 0
	for {
		tok, err := d.RawToken()
		if err != nil {
			return n
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "si" {
				n++
			}
		case xml.EndElement:
			depth--
		}
	}
}

// sheetDamage finds the damage heldSheetDamage describes in a worksheet's
// XML, given its table of n shared texts.
func sheetDamage(raw []byte, n int) *DamageError {
	d := xml.NewDecoder(bytes.NewReader(raw))
	row, lastRow, col := 0, 0, 0
	shared, inV := false, false
	var v []byte
	for {
		tok, err := d.RawToken()
		if err != nil {
			return nil // the end, or XML excelize reported already
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "row":
				row = lastRow + 1
				for _, a := range t.Attr {
					if a.Name.Local == "r" {
						row, _ = strconv.Atoi(a.Value)
					}
				}
				if row <= lastRow {
					return rowDamage(row, lastRow)
				}
				lastRow, col = row, 0
			case "c":
				col++
				shared = false
				for _, a := range t.Attr {
					switch a.Name.Local {
					case "r":
						if c, _, err := excelize.CellNameToCoordinates(a.Value); err == nil {
							col = c
						}
					case "t":
						shared = a.Value == "s"
					}
				}
			case "v":
				inV, v = true, v[:0]
			}
		case xml.CharData:
			if inV {
				v = append(v, t...)
			}
		case xml.EndElement:
			if t.Name.Local == "v" && inV {
				inV = false
				if shared {
					if damage := sharedTextDamage(col, row, v, n); damage != nil {
						return damage
					}
				}
			}
		}
	}
}
