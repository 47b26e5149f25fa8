package workbook

import "fmt"

// submissionHeader are the Submissions tab's columns, in order.
var submissionHeader = []string{HeaderSubHeat, HeaderSubBoard, HeaderSubBy, HeaderSubFile, HeaderSubLine, HeaderSubHeader, HeaderSubText}

// Submission is one row of the Submissions tab: a player's submission of
// a board's result, as dtm import read it under two-party confirmation.
type Submission struct {
	Row         int // the tab's row; 0 for a submission not yet written
	Heat, Board int
	By          string // the player, by name as on the Players sheet
	File        string // the results file's name
	Line        int    // its line there
	// Header and Text are the file's header line and the submitted line,
	// as CSV with commas: read again, they give the result.
	Header, Text string
}

// submissionHint is how to mend the Submissions tab.
const submissionHint = "dtm import keeps this tab under two-party confirmation: put the row back as it was (the previous workbook is in the dtm-backups folder), or delete the row to forget that submission"

// ReadSubmissions reads the Submissions tab: nil when the workbook has
// none. A row dtm cannot read is a problem at its cell; blank rows are
// skipped.
func (b *Book) ReadSubmissions() ([]Submission, Problems, error) {
	rows, ps, err := b.readLog(SheetSubmissions, submissionHeader, submissionHint)
	if err != nil {
		return nil, nil, err
	}
	var out []Submission
	for _, row := range rows {
		cell := row.cell
		s := Submission{Row: row.Row, By: cell(2), File: cell(3), Header: cell(5), Text: cell(6)}
		bad := -1 // the first column that is not a whole number 1 or more
		for n, col := range map[*int]int{&s.Heat: 0, &s.Board: 1, &s.Line: 4} {
			v, ok := parseWhole(cell(col))
			if (!ok || v < 1) && (bad < 0 || col < bad) {
				bad = col
			}
			*n = v
		}
		switch {
		case bad >= 0:
			ps = append(ps, Problem{Sheet: SheetSubmissions, Cell: cellName(bad+1, row.Row),
				Msg: fmt.Sprintf("%s must be a whole number 1 or more, not %q", submissionHeader[bad], cell(bad)), Hint: submissionHint})
		case s.By == "" || s.Header == "" || s.Text == "":
			ps = append(ps, Problem{Sheet: SheetSubmissions, Cell: cellName(3, row.Row), Msg: "this row lacks its player, header line or submitted line", Hint: submissionHint})
		default:
			out = append(out, s)
		}
	}
	return out, ps, nil
}

// WriteSubmissions rewrites the Submissions tab with rows, oldest first. A
// column of the director's own to the right is kept, row by row; any
// other cell typed there that the rewrite replaces is returned, located.
func (b *Book) WriteSubmissions(rows []Submission) (Problems, error) {
	o := Output{Sheet: SheetSubmissions, Header: submissionHeader, Widths: []float64{6, 6, 22, 18, 6, 40, 60}, Key: 6,
		Title: b.title("results submitted for two-party confirmation")}
	for _, s := range rows {
		o.Rows = append(o.Rows, []any{s.Heat, s.Board, s.By, s.File, s.Line, s.Header, s.Text})
	}
	return b.writeLog(o)
}
