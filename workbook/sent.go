package workbook

import (
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// sentHeader are the Sent tab's columns, in order.
var sentHeader = []string{HeaderSentAt, HeaderSentHeat, HeaderSentMessage, HeaderSentFor, HeaderSentTo, HeaderSentDigest}

// Sent is one row of the Sent tab: a message dtm send sent.
type Sent struct {
	At      string // when, "2026-03-14 09:12:05", UTC
	Heat    int
	Message string // "Board call" or "Result"
	For     string // the player's name, or "Board 3" for a Discord post
	To      string // the e-mail address, or "Discord"
	// Digest is a digest of what the message says: the same digest is
	// the same message.
	Digest string
}

// ReadSent reads the Sent tab: nil when the workbook has none. A row dtm
// cannot read is a problem at its cell; blank rows are skipped.
func (b *Book) ReadSent() ([]Sent, Problems, error) {
	rows, ps, err := b.readLog(SheetSent, sentHeader, "dtm send keeps this tab: put its headers back (or delete the tab to send every message again)")
	if err != nil {
		return nil, nil, err
	}
	var out []Sent
	for _, row := range rows {
		cell := row.cell
		s := Sent{At: cell(0), Message: cell(2), For: cell(3), To: cell(4), Digest: cell(5)}
		heat, ok := parseWhole(cell(1))
		switch {
		case !ok || heat < 1 || heat > MaxHeats:
			ps = append(ps, Problem{Sheet: SheetSent, Cell: cellName(2, row.Row), Msg: fmt.Sprintf("heat must be a whole number from 1 to %d, not %q", MaxHeats, cell(1)),
				Hint: "dtm send keeps this tab: put the heat back, or delete the row to send that message again"})
		case s.For == "" || s.To == "" || s.Digest == "":
			ps = append(ps, Problem{Sheet: SheetSent, Cell: cellName(1, row.Row), Msg: "this row lacks its player, address or digest",
				Hint: "dtm send keeps this tab: delete the row to send that message again"})
		default:
			s.Heat = heat
			out = append(out, s)
		}
	}
	return out, ps, nil
}

// logRow is a row of a tab dtm keeps as a log (Sent, Submissions): its
// spreadsheet row and its cells, trimmed.
type logRow struct {
	Row   int
	cells []string
}

// cell is the row's c-th cell (from 0), trimmed; "" beyond the row.
func (r logRow) cell(c int) string {
	if c < len(r.cells) {
		return strings.TrimSpace(r.cells[c])
	}
	return ""
}

// blank reports whether the row's first n cells are all empty.
func (r logRow) blank(n int) bool {
	for c := range n {
		if r.cell(c) != "" {
			return false
		}
	}
	return true
}

// readLog reads a tab dtm keeps as a log: its header checked against
// header (a problem at each wrong cell, with hint), then every row not
// blank. No tab gives no rows.
func (b *Book) readLog(sheet string, header []string, hint string) ([]logRow, Problems, error) {
	if !b.hasSheet(sheet) {
		return nil, nil, nil
	}
	rows, err := xlsx.GetRows(b.f, sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", sheet, err)
	}
	var out []logRow
	var ps Problems
	for r, cells := range rows {
		row := logRow{Row: r + 1, cells: cells}
		if r == 0 {
			for c, h := range header {
				if !strings.EqualFold(row.cell(c), h) {
					ps = append(ps, Problem{Sheet: sheet, Cell: cellName(c+1, 1), Msg: fmt.Sprintf("the header should be %q, not %q", h, row.cell(c)), Hint: hint})
				}
			}
			continue
		}
		if row.blank(len(header)) {
			continue
		}
		out = append(out, row)
	}
	return out, ps, nil
}

// WriteSent rewrites the Sent tab with rows, oldest first. A column of the
// director's own to the right is kept, row by row; any other cell typed
// there that the rewrite replaces is returned, located.
func (b *Book) WriteSent(rows []Sent) (Problems, error) {
	o := Output{Sheet: SheetSent, Header: sentHeader, Widths: []float64{20, 6, 11, 30, 34, 18}, Key: 5,
		Title: b.title("messages sent by dtm send")}
	for _, s := range rows {
		o.Rows = append(o.Rows, []any{s.At, s.Heat, s.Message, s.For, s.To, s.Digest})
	}
	return b.writeLog(o)
}

// writeLog rewrites a tab dtm keeps as a log (Sent, Submissions) with o. A
// column of the director's own to the right is kept, row by row; any other
// cell typed there that the rewrite replaces is returned, located.
func (b *Book) writeLog(o Output) (Problems, error) {
	typed, err := b.keep(&o)
	if err != nil {
		return nil, err
	}
	if err := b.writeRecord(o); err != nil {
		return nil, err
	}
	return typed, b.WriteOutput(o)
}
