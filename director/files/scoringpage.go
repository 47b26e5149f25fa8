package files

import "github.com/armada-dtm/dtm/scoring"

// scoringPage is the printable table of what the tournament's scoring
// system gives for common results (scoring.CommonResults), the table
// directors hand out before an event.
type scoringPage struct {
	System      string // the system's name
	Criterion   string // its end-game criterion: Win/Draw, Rank or Both
	Description string // the Systems sheet's line for directors: what it is, where it comes from
	Rows        []scoringRow
}

// scoringRow is one common result: its powers from the largest.
type scoringRow struct {
	Result string
	Year   int
	Cells  []TableCell
	Err    string // the system cannot score this result
}

// AddScoring gives the site the page of what the tournament's scoring
// system (def) gives for the common results, scoring.html.
func (s *Site) AddScoring(def scoring.Definition, rows []scoring.CommonResult) {
	p := &scoringPage{System: def.Name, Criterion: def.Criterion.String(), Description: def.Description}
	for _, r := range rows {
		row := scoringRow{Result: r.Result, Year: r.Game.FinalYear}
		if r.Err != nil {
			row.Err = r.Err.Error()
		} else {
			row.Cells = TableCells(r)
		}
		p.Rows = append(p.Rows, row)
	}
	s.Scoring = p
}
