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
// as an empty cell and merges the second into the row before. It reads the
// sheet's bytes as excelize holds them once it has read the sheet (a sheet
// it holds decoded is written back first), with a tolerant XML reader: any
// form of sheet. The shared texts are counted as excelize read them; a
// sheet read without any is not checked for them.
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
	n := -1
	if x.SharedStrings != nil {
		n = len(x.SharedStrings.SI)
	}
	if damage := sheetDamage(raw, n); damage != nil {
		damage.Sheet = sheet
		return damage
	}
	return nil
}

// sheetDamage finds the damage heldSheetDamage describes in a worksheet's
// XML, given its table of n shared texts (n < 0: not known, not checked).
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
				if shared && n >= 0 {
					if damage := sharedTextDamage(col, row, v, n); damage != nil {
						return damage
					}
				}
			}
		}
	}
}
