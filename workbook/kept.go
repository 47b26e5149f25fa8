package workbook

import (
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// What a director types on dtm's own tabs (Standings, Team Standings,
// Awards) is found by comparing each cell with what dtm wrote there last:
// dtm keeps, in a custom document property per tab (which Excel and
// LibreOffice keep), a 16-bit fingerprint of every cell of the table it
// wrote. A cell that no longer matches was typed over; a cell outside the
// table was typed beside it or below it. A column of the director's own to
// the right of the table is kept, each cell with its row's player, team or
// award; anything else typed there is named before it is replaced.

// recordProp names the document property holding a tab's fingerprints.
func recordProp(sheet string) string { return "dtm tab " + sheet }

// tabRecord is a tab's table as dtm wrote it, cell by cell.
type tabRecord struct {
	cols, rows int
	hashes     []byte // two bytes per cell, row by row
}

// at returns the fingerprint dtm wrote at a 0-based row and column, and
// whether the cell is in the table it wrote.
func (r *tabRecord) at(row, col int) (uint16, bool) {
	if r == nil || row >= r.rows || col >= r.cols {
		return 0, false
	}
	i := 2 * (row*r.cols + col)
	return uint16(r.hashes[i])<<8 | uint16(r.hashes[i+1]), true
}

// fingerprint is a cell's value reduced to 16 bits, numbers compared as a
// spreadsheet saves them (15 significant digits).
func fingerprint(v string) uint16 {
	v = strings.TrimSpace(v)
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		v = strconv.FormatFloat(n, 'g', 12, 64)
	}
	h := fnv.New32a()
	h.Write([]byte(v))
	s := h.Sum32()
	return uint16(s ^ s>>16)
}

// sameCell reports whether two cells hold the same value.
func sameCell(a, b string) bool { return normal(a) == normal(b) }

// normal is a cell's value as sameCell compares it.
func normal(v string) string {
	v = strings.TrimSpace(v)
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		return strconv.FormatFloat(n, 'g', 12, 64)
	}
	return v
}

// grid is the text of every cell of an output tab's table as writeOutput
// writes it: the header, the rows and the note under them.
func (o Output) grid() [][]string {
	text := func(v any) string {
		switch v := v.(type) {
		case nil:
			return ""
		case string:
			return xlsx.FitCell(v)
		case float64:
			return strconv.FormatFloat(v, 'f', -1, 64)
		default:
			return fmt.Sprint(v)
		}
	}
	cols := len(o.Header)
	out := [][]string{append([]string(nil), o.Header...)}
	for _, row := range o.Rows {
		line := make([]string, cols)
		for c := range min(cols, len(row)) {
			line[c] = text(row[c])
		}
		out = append(out, line)
	}
	if o.Note != "" {
		line := make([]string, cols)
		line[0] = o.Note
		out = append(out, line)
	}
	return out
}

// readRecord reads what dtm wrote last on a tab; nil when it never
// recorded it (a workbook scored by an older dtm, or never scored).
func (b *Book) readRecord(sheet string) (*tabRecord, error) {
	props, err := xlsx.GetCustomProps(b.f)
	if err != nil {
		return nil, err
	}
	for _, p := range props {
		s, ok := p.Value.(string)
		if p.Name != recordProp(sheet) || !ok {
			continue
		}
		var r tabRecord
		var h string
		if _, err := fmt.Sscanf(s, "1 %d %d %s", &r.cols, &r.rows, &h); err != nil {
			return nil, nil
		}
		if r.hashes, err = hex.DecodeString(h); err != nil || len(r.hashes) != 2*r.cols*r.rows {
			return nil, nil
		}
		return &r, nil
	}
	return nil, nil
}

// writeRecord records the table an output tab was written with.
func (b *Book) writeRecord(o Output) error {
	g := o.grid()
	var buf []byte
	for _, row := range g {
		for _, v := range row {
			f := fingerprint(v)
			buf = append(buf, byte(f>>8), byte(f))
		}
	}
	return xlsx.SetCustomProps(b.f, excelize.CustomProperty{Name: recordProp(o.Sheet),
		Value: fmt.Sprintf("1 %d %d %s", len(o.Header), len(g), hex.EncodeToString(buf))})
}

// keep compares an output tab as it is with what dtm wrote there last,
// before it is rewritten: the director's own columns to the right of the
// table are added to o (each cell on the row of the same key: player, team
// or award), and every other cell the director typed that the rewrite
// replaces is returned, located.
func (b *Book) keep(o *Output) (Problems, error) {
	if !b.hasSheet(o.Sheet) {
		return nil, nil
	}
	rec, err := b.readRecord(o.Sheet)
	if err != nil {
		return nil, err
	}
	old, err := xlsx.GetRows(b.f, o.Sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, err
	}
	written := o.grid()
	rowOf := map[string]int{} // the new row of each key
	for i, row := range written[1:] {
		if i < len(o.Rows) {
			rowOf[row[o.Key]] = i
		}
	}
	var lost Problems
	for r, row := range old {
		for c, v := range row {
			if strings.TrimSpace(v) == "" {
				continue
			}
			if h, ok := rec.at(r, c); ok && h == fingerprint(v) {
				continue // dtm's own, as it wrote it
			}
			if c >= len(o.Header) { // a column of the director's own
				if r == 0 {
					o.DirectorHeader = grow(o.DirectorHeader, c-len(o.Header)+1)
					o.DirectorHeader[c-len(o.Header)] = v
					continue
				}
				if o.Key < len(row) {
					if i, ok := rowOf[strings.TrimSpace(row[o.Key])]; ok && row[o.Key] != "" {
						o.Rows[i] = growAny(o.Rows[i], c+1)
						o.Rows[i][c] = typed(v)
						continue
					}
				}
			} else {
				if rec == nil {
					continue // written by an older dtm, or typed: there is no telling
				}
				if r < len(written) && sameCell(written[r][c], v) {
					continue // replaced by the same value
				}
			}
			lost = append(lost, Problem{Sheet: o.Sheet, Cell: cellName(c+1, r+1), Msg: fmt.Sprintf("%q was typed here", v)})
		}
	}
	return lost, nil
}

// typed is a cell's raw value as it is written back: a number as a
// number, anything else as text.
func typed(v string) any {
	if v == "" {
		return nil
	}
	if n, err := strconv.ParseFloat(v, 64); err == nil {
		return n
	}
	return v
}

// grow returns s with at least n elements.
func grow(s []string, n int) []string {
	for len(s) < n {
		s = append(s, "")
	}
	return s
}

// growAny returns s with at least n elements.
func growAny(s []any, n int) []any {
	for len(s) < n {
		s = append(s, nil)
	}
	return s
}
