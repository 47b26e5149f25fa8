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
	if !b.hasSheet(SheetSent) {
		return nil, nil, nil
	}
	rows, err := xlsx.GetRows(b.f, SheetSent, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, nil, fmt.Errorf("read %s: %w", SheetSent, err)
	}
	var out []Sent
	var ps Problems
	for r, row := range rows {
		cell := func(c int) string {
			if c < len(row) {
				return strings.TrimSpace(row[c])
			}
			return ""
		}
		if r == 0 {
			for c, h := range sentHeader {
				if !strings.EqualFold(cell(c), h) {
					ps = append(ps, Problem{Sheet: SheetSent, Cell: cellName(c+1, 1), Msg: fmt.Sprintf("the header should be %q, not %q", h, cell(c)),
						Hint: "dtm send keeps this tab: put its headers back (or delete the tab to send every message again)"})
				}
			}
			continue
		}
		if cell(0)+cell(1)+cell(2)+cell(3)+cell(4)+cell(5) == "" {
			continue
		}
		s := Sent{At: cell(0), Message: cell(2), For: cell(3), To: cell(4), Digest: cell(5)}
		heat, ok := parseWhole(cell(1))
		switch {
		case !ok || heat < 1 || heat > MaxHeats:
			ps = append(ps, Problem{Sheet: SheetSent, Cell: cellName(2, r+1), Msg: fmt.Sprintf("heat must be a whole number from 1 to %d, not %q", MaxHeats, cell(1)),
				Hint: "dtm send keeps this tab: put the heat back, or delete the row to send that message again"})
		case s.For == "" || s.To == "" || s.Digest == "":
			ps = append(ps, Problem{Sheet: SheetSent, Cell: cellName(1, r+1), Msg: "this row lacks its player, address or digest",
				Hint: "dtm send keeps this tab: delete the row to send that message again"})
		default:
			s.Heat = heat
			out = append(out, s)
		}
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
	typed, err := b.keep(&o)
	if err != nil {
		return nil, err
	}
	if err := b.writeRecord(o); err != nil {
		return nil, err
	}
	return typed, b.WriteOutput(o)
}
