package workbook

import (
	"crypto/sha256"
	"fmt"
	"strconv"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// ShownDifferences compares what the workbook shows with what dtm score
// writes from table: the Standings, Team Standings and Awards tabs cell by
// cell (a column of the director's own to the right of a table left out)
// and each seat's Score on the heat sheets. It returns every cell that
// differs, located, saying what it shows and what the results give; a tab
// that is missing is one problem. Numbers compare as a spreadsheet saves
// them (15 significant digits), so a save that changes nothing is no
// difference.
func (b *Book) ShownDifferences(table scoring.Table) (Problems, error) {
	var out Problems
	for _, o := range b.outputTabs(table) {
		diffs, err := b.tabDifferences(*o)
		if err != nil {
			return nil, err
		}
		out = append(out, diffs...)
	}
	return append(out, b.scoreDifferences(table)...), nil
}

// tabDifferences compares one output tab, as it stands, with the table dtm
// writes there.
func (b *Book) tabDifferences(o Output) (Problems, error) {
	if !b.hasSheet(o.Sheet) {
		return Problems{{Sheet: o.Sheet, Msg: "the tab is missing", Hint: "dtm score writes it"}}, nil
	}
	rows, err := xlsx.GetRows(b.f, o.Sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, err
	}
	want := o.grid()
	var out Problems
	for r := range max(len(rows), len(want)) {
		for c := range o.Header {
			var have, give string
			if r < len(rows) && c < len(rows[r]) {
				have = rows[r][c]
			}
			if r < len(want) {
				give = want[r][c]
			}
			if sameCell(have, give) {
				continue
			}
			out = append(out, Problem{Sheet: o.Sheet, Cell: cellName(c+1, r+1),
				Msg: fmt.Sprintf("shows %s, the results give %s", shown(have), shown(give))})
		}
	}
	return out, nil
}

// scoreDifferences compares each seat's Score on the heat sheets with what
// dtm score writes there: the game's computed score when it is finished
// and scored (under the Hurst Tournament Mean, the standings' figure),
// nothing otherwise.
func (b *Book) scoreDifferences(table scoring.Table) Problems {
	t := b.Tournament
	hurst := t.Settings.Method == scoring.HurstMean
	if hurst {
		b.SetHurstFigures(table)
	}
	var out Problems
	for i := range t.Heats {
		heat := &t.Heats[i]
		if !heat.Sheet || heat.cell(1, HeaderScore) == "" {
			continue
		}
		for _, g := range heat.Games {
			for _, s := range g.Seats {
				give := ""
				if g.Scored {
					v := s.Computed
					if hurst {
						v = b.hurst[hurstKey{s.Player, heat.Number}]
					}
					give = number(v)
				}
				if sameCell(s.scoreCell, give) {
					continue
				}
				out = append(out, Problem{Sheet: HeatSheet(heat.Number), Cell: heat.cell(s.Row, HeaderScore),
					Msg: fmt.Sprintf("board %d's score shows %s, the results give %s", g.Board, shown(s.scoreCell), shown(give))})
			}
		}
	}
	return out
}

// shown is a cell's value as a message quotes it: a number as it is, text
// in quotes (clipped), an empty cell as nothing.
func shown(v string) string {
	n := normal(v)
	_, num := parseNumber(n)
	switch {
	case n == "":
		return "nothing"
	case num:
		return n
	default:
		return strconv.Quote(clip(n))
	}
}

// SheetDigest is the SHA-256 digest of what one sheet holds (or, for a heat
// sheet, of its input or output columns), cell contents only: a save that
// changes no cell's value keeps it.
type SheetDigest struct {
	Name string // "Players", "Heat 2", "Heat 2 scores and conflicts"
	Sum  [sha256.Size]byte
}

// heatOutputColumns are the heat sheets' columns dtm writes: the rest of
// a heat sheet is what the director typed.
var heatOutputColumns = []string{HeaderScore, HeaderConflictTotal, HeaderConflictDetail}

// Digests returns the digests of the workbook's inputs (the Tournament,
// Players, Conflicts, Groups, Teams and Systems sheets and each heat sheet
// but its Score and Conflict columns) and of its outputs (the Standings,
// Team Standings and Awards tabs and the heat sheets' Score and Conflict
// columns), sheet by sheet, missing sheets left out. A cell's content is
// its value as read, numbers to a spreadsheet's 15 significant digits.
func (b *Book) Digests() (inputs, outputs []SheetDigest, err error) {
	sheet := func(name string, keep func(col int) bool) (*SheetDigest, error) {
		if !b.hasSheet(name) {
			return nil, nil
		}
		rows, err := xlsx.GetRows(b.f, name, excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, err
		}
		h := sha256.New()
		for r, row := range rows {
			for c, v := range row {
				if v = normal(v); v != "" && keep(c) {
					fmt.Fprintf(h, "%d\x1f%d\x1f%s\x1e", r, c, v)
				}
			}
		}
		d := &SheetDigest{Name: name}
		h.Sum(d.Sum[:0])
		return d, nil
	}
	all := func(int) bool { return true }
	add := func(list *[]SheetDigest, name, as string, keep func(int) bool) {
		if err != nil {
			return
		}
		var d *SheetDigest
		if d, err = sheet(name, keep); err == nil && d != nil {
			d.Name = as
			*list = append(*list, *d)
		}
	}
	for _, name := range []string{SheetTournament, SheetPlayers, SheetConflicts, SheetGroups, SheetTeams, SheetSystems} {
		add(&inputs, name, name, all)
	}
	for i := range b.Tournament.Heats {
		heat := &b.Tournament.Heats[i]
		if !heat.Sheet {
			continue
		}
		out := map[int]bool{}
		for _, h := range heatOutputColumns {
			if c, ok := heat.cols[normalHeader(h)]; ok {
				out[c] = true
			}
		}
		name := HeatSheet(heat.Number)
		add(&inputs, name, name, func(c int) bool { return !out[c] })
		add(&outputs, name, name+" scores and conflicts", func(c int) bool { return out[c] })
	}
	for _, name := range []string{SheetStandings, SheetTeamStandings, SheetAwards} {
		add(&outputs, name, name, all)
	}
	return inputs, outputs, err
}
