package files

import (
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// TableCell is one power of a common result as the printed table shows it, the largest power first.
type TableCell struct {
	Centres string // "7", or "out 1905" for a power eliminated that year
	Won     bool   // the soloist or a member of the draw
	Score   string // rounded to 2 decimals
}

// TableCells returns a common result's powers as the printed table shows them, in the game's order (the
// largest first).
func TableCells(row scoring.CommonResult) []TableCell {
	var won [dip.NumPowers]bool
	for _, p := range row.Game.Winners {
		won[p] = true
	}
	cells := make([]TableCell, dip.NumPowers)
	for p := range dip.NumPowers {
		c := TableCell{Centres: fmt.Sprint(row.Game.Centres[p]), Won: won[p], Score: Number(scoring.RoundTo(row.Scores[p], 2))}
		if row.Game.Centres[p] == 0 {
			c.Centres = fmt.Sprintf("out %d", row.Game.Eliminated[p])
		}
		cells[p] = c
	}
	return cells
}

// TableReport is a system's table of common results as dtm formula --table --json prints it.
type TableReport struct {
	System string           `json:"system"`
	Rows   []TableRowReport `json:"rows"`
}

// TableRowReport is one common result: the game's powers, the largest first.
type TableRowReport struct {
	Result string             `json:"result"`
	Year   int                `json:"year"`
	Powers []TablePowerReport `json:"powers"`
	Error  string             `json:"error,omitempty"` // the system cannot score this result
}

// TablePowerReport is one power of a common result.
type TablePowerReport struct {
	Power      string  `json:"power"`
	Centres    int     `json:"centres"`
	Eliminated int     `json:"eliminated,omitempty"` // the year it went out
	Winner     bool    `json:"winner,omitempty"`     // the soloist or a member of the draw
	Score      float64 `json:"score"`
}

// NewTableReport converts a system's common results.
func NewTableReport(system string, rows []scoring.CommonResult) TableReport {
	r := TableReport{System: system, Rows: []TableRowReport{}}
	for _, row := range rows {
		var won [dip.NumPowers]bool
		for _, w := range row.Game.Winners {
			won[w] = true
		}
		tr := TableRowReport{Result: row.Result, Year: row.Game.FinalYear}
		if row.Err != nil {
			tr.Error = row.Err.Error()
		}
		for p := dip.Austria; p < dip.NumPowers; p++ {
			tr.Powers = append(tr.Powers, TablePowerReport{Power: p.String(), Centres: row.Game.Centres[p],
				Eliminated: row.Game.Eliminated[p], Winner: won[p], Score: row.Scores[p]})
		}
		r.Rows = append(r.Rows, tr)
	}
	return r
}

// AuditJSON is a system's audit as dtm formula --audit --json prints it.
type AuditJSON struct {
	System     string          `json:"system"`
	Games      int             `json:"games"`
	Seed       uint64          `json:"seed"`
	Properties []PropertyJSON  `json:"properties"`
	Total      *AuditTotalJSON `json:"total"` // null when no game had all 34 centres owned
}

// PropertyJSON is what the audit found for one property.
type PropertyJSON struct {
	Property string `json:"property"`
	Checked  int    `json:"checked"`
	Failed   int    `json:"failed"`
	Example  string `json:"example,omitempty"` // the worst failure
}

// AuditTotalJSON is the range of board totals in games without a solo, and the claimed total (0: none).
type AuditTotalJSON struct {
	Min   float64 `json:"min"`
	Max   float64 `json:"max"`
	Claim float64 `json:"claim,omitempty"`
}

// NewAuditJSON converts an audit.
func NewAuditJSON(r scoring.AuditReport, seed uint64, claim float64) AuditJSON {
	a := AuditJSON{System: r.System, Games: r.Games, Seed: seed, Properties: []PropertyJSON{}}
	for _, f := range r.Findings {
		a.Properties = append(a.Properties, PropertyJSON{Property: f.Property.String(), Checked: f.Checked,
			Failed: f.Failed, Example: f.Example})
	}
	if r.TotalSeen {
		a.Total = &AuditTotalJSON{Min: r.TotalLo, Max: r.TotalHi, Claim: claim}
	}
	return a
}
