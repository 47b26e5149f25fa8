package director

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/workbook"
)

// ImportRequest says which results file to import into which workbook.
type ImportRequest struct {
	CSV, Path string
	DryRun    bool // show what would change; write nothing
	Force     bool // write even when a lock file says the workbook is open
	// Overwrite lets a row change a board that is already finished.
	Overwrite bool
}

// ImportResult is what an import changed (or, in a dry run, would change).
type ImportResult struct {
	CSV, Path string
	// Boards is every board whose cells change, in the file's order.
	Boards []BoardChange
	// Unchanged counts the rows whose board already holds their result.
	Unchanged int
	// Ignored names the columns dtm does not read (a form's Timestamp).
	Ignored []string
	DryRun  bool
	Written bool
}

// BoardChange is one board's cells an import changes.
type BoardChange struct {
	Line        int // the CSV line of its row
	Heat, Board int
	Changes     []workbook.CellChange
}

// importRow is one CSV row read: the board it names and its result.
type importRow struct {
	line        int
	heat, board int
	result      workbook.BoardResult
}

// Import reads a results file (one row per board: docs/import.md), writes
// each board's result into its heat sheet, checks the workbook as dtm check
// does, and (unless DryRun, or nothing changes) saves it. Every problem, in
// the file or in what it would make of the workbook, is reported at the
// file's line, and nothing is written.
func Import(req ImportRequest) (*ImportResult, error) {
	data, err := os.ReadFile(req.CSV)
	if err != nil {
		return nil, fmt.Errorf("read results: %w", err)
	}
	b, err := workbook.Open(req.Path)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	name := filepath.Base(req.CSV)
	res := &ImportResult{CSV: req.CSV, Path: req.Path, DryRun: req.DryRun}
	rows, ignored, ps := parseResults(name, data)
	res.Ignored = ignored
	rows, more := boardsOf(name, rows, b.Tournament)
	ps = append(ps, more...)
	for _, r := range rows {
		finished := b.Tournament.Heats[r.heat-1].Games[gameIndex(b.Tournament, r.heat, r.board)].Status == workbook.Finished
		changes, err := b.SetResult(r.heat, r.board, r.result)
		if err != nil {
			return nil, err
		}
		switch {
		case len(changes) == 0:
			res.Unchanged++
		case finished && !req.Overwrite:
			if err := b.Restore(r.heat, changes); err != nil {
				return nil, err
			}
			c := changes[0]
			ps = append(ps, lineProblem(name, r.line, "run again with --overwrite to replace its result, or remove the row",
				"%s: board %d of heat %d is finished already and this row changes it (%s %s: %s → %s)",
				workbook.BoardCode(r.heat, r.board), r.board, r.heat, c.Power, c.Header, shown(c.Old), shown(c.New)))
		default:
			res.Boards = append(res.Boards, BoardChange{Line: r.line, Heat: r.heat, Board: r.board, Changes: changes})
		}
	}
	b.Reread()
	validate(b, allSystems)
	ps = append(ps, locate(name, rows, b)...)
	if len(ps) > 0 {
		return nil, &ProblemsError{Path: req.CSV, Problems: byLine(ps), Again: "dtm import"}
	}
	if req.DryRun || len(res.Boards) == 0 {
		return res, nil
	}
	if err := b.Save(workbook.Options{Force: req.Force}); err != nil {
		return nil, err
	}
	res.Written = true
	return res, nil
}

// gameIndex finds a board of a heat that boardsOf found; -1 when absent.
func gameIndex(t *workbook.Tournament, heat, board int) int {
	return slices.IndexFunc(t.Heats[heat-1].Games, func(g workbook.Game) bool { return g.Board == board })
}

// csvProblem is a problem at a line of the results file (0: a problem of
// the workbook's own).
type csvProblem struct {
	line int
	workbook.Problem
}

// lineProblem is a problem located at a line of the results file.
func lineProblem(name string, line int, hint, format string, args ...any) csvProblem {
	return csvProblem{line, workbook.Problem{Msg: fmt.Sprintf("%s:%d: ", name, line) + fmt.Sprintf(format, args...), Hint: hint}}
}

// byLine lists problems in the order of the file's lines, the workbook's
// own last.
func byLine(ps []csvProblem) workbook.Problems {
	slices.SortStableFunc(ps, func(a, b csvProblem) int {
		la, lb := a.line, b.line
		if la == 0 {
			la = math.MaxInt
		}
		if lb == 0 {
			lb = math.MaxInt
		}
		return cmp.Compare(la, lb)
	})
	out := make(workbook.Problems, len(ps))
	for i, p := range ps {
		out[i] = p.Problem
	}
	return out
}

// locate reports the workbook's problems: those in an imported board's
// rows at the line that wrote them (with the cell), the others as they are.
func locate(name string, rows []importRow, b *workbook.Book) []csvProblem {
	var out []csvProblem
	for _, p := range b.Problems {
		line := 0
		for _, r := range rows {
			heat := &b.Tournament.Heats[r.heat-1]
			if i := gameIndex(b.Tournament, r.heat, r.board); i >= 0 && (workbook.Problems{p}).InGame(heat, &heat.Games[i]) {
				line = r.line
				break
			}
		}
		if line == 0 {
			out = append(out, csvProblem{0, p})
			continue
		}
		q := p
		q.Sheet, q.Cell = "", ""
		q.Msg = fmt.Sprintf("%s:%d: %s: %s", name, line, p.Location(), p.Msg)
		out = append(out, csvProblem{line, q})
	}
	return out
}

// shown renders a cell's value for a diff: "(empty)" for an empty cell.
func shown(v string) string {
	if v == "" {
		return "(empty)"
	}
	return v
}

// column kinds of a results file.
const (
	colCode = iota
	colHeat
	colBoard
	colStatus
	colResult
	colYear
	colCentres // + power
	colElim    // + power: the year a power was eliminated
	colChart   // + power: its centres year by year from 1901
)

// resultColumn is what a results file's column holds.
type resultColumn struct {
	kind, power int
}

// powerAbbrevs are the powers' three-letter names, in ChoicesPower order.
var powerAbbrevs = [7]string{"aus", "eng", "fra", "ger", "ita", "rus", "tur"}

// powerIndex reads a power's name or abbreviation (three letters at least:
// "aus", "Austria", "AUST"); -1 when it names none.
func powerIndex(s string) int {
	s = strings.ToLower(strings.TrimSpace(s))
	if len(s) < 3 {
		return -1
	}
	for i, p := range workbook.ChoicesPower {
		if strings.HasPrefix(strings.ToLower(p), s) {
			return i
		}
	}
	return -1
}

// columnOf reads a results file's header: which column it is, and false
// for a column dtm does not read.
func columnOf(header string) (resultColumn, bool) {
	h := strings.Join(strings.Fields(strings.Map(func(r rune) rune {
		if strings.ContainsRune("_-.:/()", r) {
			return ' '
		}
		return r
	}, strings.ToLower(header))), " ")
	switch h {
	case "code", "board code", "boardcode":
		return resultColumn{kind: colCode}, true
	case "heat", "round":
		return resultColumn{kind: colHeat}, true
	case "board", "table":
		return resultColumn{kind: colBoard}, true
	case "status":
		return resultColumn{kind: colStatus}, true
	case "result":
		return resultColumn{kind: colResult}, true
	case "year", "final year", "final game year", "last year":
		return resultColumn{kind: colYear}, true
	}
	words := strings.Fields(h)
	if len(words) == 0 {
		return resultColumn{}, false
	}
	p := powerIndex(words[0])
	if p < 0 {
		return resultColumn{}, false
	}
	switch strings.Join(words[1:], " ") {
	case "", "centres", "centers", "sc", "scs", "supply centres", "supply centers":
		return resultColumn{kind: colCentres, power: p}, true
	case "year", "eliminated", "elimination year", "year eliminated":
		return resultColumn{kind: colElim, power: p}, true
	case "chart", "history":
		return resultColumn{kind: colChart, power: p}, true
	}
	return resultColumn{}, false
}

// readCSV splits a results file into records, each with its line: a
// spreadsheet's export with commas, semicolons (where the comma is the
// decimal point) or tabs, with or without a byte-order mark.
func readCSV(data []byte) ([][]string, []int, error) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	first, _, _ := bytes.Cut(data, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	for _, sep := range []rune{';', '\t'} {
		if bytes.Count(first, []byte(string(sep))) > bytes.Count(first, []byte(",")) {
			r.Comma = sep
		}
	}
	var records [][]string
	var lines []int
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			return records, lines, nil
		}
		if err != nil {
			return records, lines, err
		}
		line, _ := r.FieldPos(0)
		records, lines = append(records, rec), append(lines, line)
	}
}

// parseResults reads a results file's rows. It returns the rows read whole,
// the names of the columns it ignores, and every problem at its line.
func parseResults(name string, data []byte) ([]importRow, []string, []csvProblem) {
	records, lines, err := readCSV(data)
	var ps []csvProblem
	if err != nil {
		var pe *csv.ParseError
		line := 1
		if errors.As(err, &pe) {
			line = pe.Line
		}
		ps = append(ps, lineProblem(name, line, "save the file again as CSV from the form tool or spreadsheet", "the file cannot be read as CSV: %v", err))
	}
	if len(records) == 0 {
		return nil, nil, append(ps, lineProblem(name, 1, "the first line names the columns: see docs/import.md", "the file has no header line"))
	}
	cols := make([]resultColumn, len(records[0]))
	known := make([]bool, len(records[0]))
	seen := map[resultColumn]string{}
	var ignored []string
	for i, h := range records[0] {
		c, ok := columnOf(h)
		if !ok {
			if strings.TrimSpace(h) != "" {
				ignored = append(ignored, h)
			}
			continue
		}
		if first, dup := seen[c]; dup {
			ps = append(ps, lineProblem(name, lines[0], "keep one of the two columns", "columns %q and %q say the same", first, h))
			continue
		}
		seen[c], cols[i], known[i] = h, c, true
	}
	_, hasCode := seen[resultColumn{kind: colCode}]
	_, hasHeat := seen[resultColumn{kind: colHeat}]
	_, hasBoard := seen[resultColumn{kind: colBoard}]
	if !hasCode && !(hasHeat && hasBoard) {
		return nil, ignored, append(ps, lineProblem(name, lines[0], "add a Code column (the board code on the score sheet, H2-B5-K), or Heat and Board columns",
			"no column names the board (the header line is %q)", strings.Join(records[0], ",")))
	}
	var rows []importRow
	for k := 1; k < len(records); k++ {
		rec := records[k]
		if !slices.ContainsFunc(rec, func(s string) bool { return strings.TrimSpace(s) != "" }) {
			continue
		}
		r, rps := parseRow(name, lines[k], records[0], cols, known, rec)
		ps = append(ps, rps...)
		if len(rps) == 0 {
			rows = append(rows, r)
		}
	}
	return rows, ignored, ps
}

// parseRow reads one row of a results file.
func parseRow(name string, line int, headers []string, cols []resultColumn, known []bool, rec []string) (importRow, []csvProblem) {
	r := importRow{line: line}
	var ps []csvProblem
	bad := func(header, hint, format string, args ...any) {
		ps = append(ps, lineProblem(name, line, hint, "column %q: "+format, append([]any{header}, args...)...))
	}
	res := &r.result
	res.Status = workbook.Finished
	code, finalYear, resultText, resultHeader := "", 0, "", ""
	var centres, elim [7]int
	var elimHeader [7]string
	var charts [7][]int
	for p := range 7 {
		centres[p], elim[p] = -1, 0
	}
	for i, c := range cols {
		if !known[i] || i >= len(rec) {
			continue
		}
		v, h := strings.TrimSpace(rec[i]), headers[i]
		if v == "" {
			continue
		}
		switch c.kind {
		case colCode:
			code = v
		case colHeat, colBoard:
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				bad(h, "a whole number 1 or more", "%q is not a %s number", v, strings.ToLower(h))
				continue
			}
			if c.kind == colHeat {
				r.heat = n
			} else {
				r.board = n
			}
		case colStatus:
			s := slices.IndexFunc(workbook.ChoicesStatus, func(s string) bool { return strings.EqualFold(s, v) })
			if s < 0 {
				bad(h, "Finished, Started or Unstarted (empty means Finished)", "status cannot be %q", v)
				continue
			}
			res.Status = workbook.Status(s)
		case colResult:
			resultText, resultHeader = v, h
		case colYear, colElim:
			y, err := strconv.Atoi(v)
			if err != nil || y < workbook.FirstGameYear || y > workbook.LastGameYear {
				bad(h, "a game-year such as 1907", "the year must be from %d to %d, not %q", workbook.FirstGameYear, workbook.LastGameYear, v)
				continue
			}
			if c.kind == colYear {
				finalYear = y
			} else {
				elim[c.power], elimHeader[c.power] = y, h
			}
		case colCentres:
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 34 {
				bad(h, "a whole number of supply centres from 0 to 34", "%s's centres must be from 0 to 34, not %q", workbook.ChoicesPower[c.power], v)
				continue
			}
			centres[c.power] = n
		case colChart:
			chart, err := parseChart(v)
			if err != nil {
				bad(h, "the centres at the end of each year from 1901, separated by spaces: 4 5 6 6 7", "%s's chart: %v", workbook.ChoicesPower[c.power], err)
				continue
			}
			charts[c.power] = chart
		}
	}
	if code != "" {
		heat, board, err := workbook.ParseBoardCode(code)
		switch {
		case err != nil:
			ps = append(ps, lineProblem(name, line, "", "%v", err))
		case (r.heat != 0 && r.heat != heat) || (r.board != 0 && r.board != board):
			ps = append(ps, lineProblem(name, line, "correct one of them, or leave the Heat and Board columns empty",
				"the code %s is heat %d board %d, but the row's Heat and Board say heat %d board %d", code, heat, board, r.heat, r.board))
		default:
			r.heat, r.board = heat, board
		}
	} else if (r.heat == 0 || r.board == 0) && len(ps) == 0 {
		ps = append(ps, lineProblem(name, line, "give the board code, or the heat and the board", "the row does not say which board it is"))
	}
	final := centres // the survivors, for "draw" alone: from the chart's last year where centres are not given
	for p, chart := range charts {
		if final[p] < 0 && len(chart) > 0 {
			final[p] = chart[len(chart)-1]
		}
	}
	winners, conceded, err := parseResult(resultText, final)
	if err != nil {
		bad(resultHeader, `the winning powers ("France", "draw Austria England Turkey", "conceded France"; "draw" alone for every survivor)`, "%v", err)
	}
	for p := range 7 {
		switch h := elimHeader[p]; {
		case elim[p] == 0:
		case centres[p] > 0:
			bad(h, "clear it: only a power with no centres left has a year of elimination", "%s has %d centres: it was not eliminated", workbook.ChoicesPower[p], centres[p])
		case finalYear != 0 && elim[p] > finalYear:
			bad(h, "a year up to the game's last", "%s was eliminated in %d, after the game's final year %d", workbook.ChoicesPower[p], elim[p], finalYear)
		}
		s := &res.Seats[p]
		s.Centres = centres[p]
		switch {
		case elim[p] != 0:
			s.Year = elim[p]
		case centres[p] > 0:
			s.Year = finalYear
		}
		switch {
		case resultText == "":
		case winners[p] && conceded:
			s.Result = workbook.ConcededWin
		case winners[p]:
			s.Result = workbook.Win
		default:
			s.Result = workbook.Loss
		}
	}
	if slices.ContainsFunc(charts[:], func(c []int) bool { return c != nil }) {
		res.Chart = map[int][7]int{}
		for p, chart := range charts {
			for k, n := range chart {
				y := workbook.FirstGameYear + k
				year, ok := res.Chart[y]
				if !ok {
					year = [7]int{-1, -1, -1, -1, -1, -1, -1}
				}
				year[p] = n
				res.Chart[y] = year
			}
		}
	}
	return r, ps
}

// parseChart reads a power's centres year by year from 1901.
func parseChart(v string) ([]int, error) {
	words := strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' || r == ';' || r == '/' || r == '|' })
	if len(words) > workbook.LastGameYear-workbook.FirstGameYear+1 {
		return nil, fmt.Errorf("%d years, more than %d to %d", len(words), workbook.FirstGameYear, workbook.LastGameYear)
	}
	out := make([]int, len(words))
	for k, w := range words {
		n, err := strconv.Atoi(w)
		if err != nil || n < 0 || n > 34 {
			return nil, fmt.Errorf("the centres at the end of %d must be from 0 to 34, not %q", workbook.FirstGameYear+k, w)
		}
		out[k] = n
	}
	return out, nil
}

// parseResult reads a row's result: the winning powers, or "draw" alone
// for every power with centres; "conceded" before one power for a conceded
// win ("solo", "win" and "draw" may precede the powers).
func parseResult(v string, centres [7]int) ([7]bool, bool, error) {
	var winners [7]bool
	conceded, draw := false, false
	n := 0
	for _, w := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return strings.ContainsRune(" ,;+&/", r) }) {
		switch w {
		case "solo", "win", "and", "of":
			continue
		case "draw", "drawn":
			draw = true
			continue
		case "conceded", "concession", "concede", "concedes":
			conceded = true
			continue
		}
		p := powerIndex(w)
		if p < 0 {
			return winners, false, fmt.Errorf("%q is not a power", w)
		}
		if !winners[p] {
			n++
		}
		winners[p] = true
	}
	switch {
	case conceded && n != 1:
		return winners, false, fmt.Errorf("a conceded win is one power's, not %d", n)
	case n == 0 && draw:
		for p, c := range centres {
			winners[p] = c > 0
		}
		if !slices.Contains(centres[:], -1) {
			return winners, false, nil
		}
		return winners, false, errors.New(`"draw" alone needs every power's centres (or chart), to know the survivors`)
	case n == 0 && v != "":
		return winners, false, fmt.Errorf("%q names no power", v)
	}
	return winners, conceded, nil
}

// boardsOf checks that each row names a board of the workbook, seated and
// with its powers, and that no two rows give one board different results
// (the same result twice, a form sent twice, is taken once).
func boardsOf(name string, rows []importRow, t *workbook.Tournament) ([]importRow, []csvProblem) {
	var ps []csvProblem
	var out []importRow
	first := map[[2]int]importRow{}
	conflicted := map[[2]int]bool{}
	for _, r := range rows {
		switch {
		case r.heat > len(t.Heats):
			ps = append(ps, lineProblem(name, r.line, "check the heat", "heat %d, but the tournament has %d heats", r.heat, len(t.Heats)))
			continue
		case !t.Heats[r.heat-1].Sheet:
			ps = append(ps, lineProblem(name, r.line, "seat the heat first (dtm seed)", "heat %d has no sheet", r.heat))
			continue
		}
		i := gameIndex(t, r.heat, r.board)
		if i < 0 {
			ps = append(ps, lineProblem(name, r.line, "check the board number, or seat the heat first (dtm seed)",
				"%s has no board %d", workbook.HeatSheet(r.heat), r.board))
			continue
		}
		g := t.Heats[r.heat-1].Games[i]
		if len(g.Seats) != 7 || slices.ContainsFunc(g.Seats, func(s workbook.Seat) bool { return s.Power < 0 || s.Player < 0 }) {
			ps = append(ps, lineProblem(name, r.line, "seat seven players with their powers on the heat sheet first",
				"board %d of heat %d does not have seven players with their powers", r.board, r.heat))
			continue
		}
		key := [2]int{r.heat, r.board}
		if f, dup := first[key]; dup {
			if !reflect.DeepEqual(f.result, r.result) {
				ps = append(ps, lineProblem(name, r.line, "keep one row per board (the right one)",
					"%s: board %d of heat %d is also on line %d, with another result", workbook.BoardCode(r.heat, r.board), r.board, r.heat, f.line))
				conflicted[key] = true
			}
			continue
		}
		first[key] = r
		out = append(out, r)
	}
	// A board given two results is imported from neither row.
	return slices.DeleteFunc(out, func(r importRow) bool { return conflicted[[2]int{r.heat, r.board}] }), ps
}

// WriteText prints each board's changes, then what was written.
func (r *ImportResult) WriteText(w io.Writer) {
	if len(r.Ignored) > 0 {
		fmt.Fprintf(w, "%s: ignored columns: %s\n", r.CSV, strings.Join(r.Ignored, ", "))
	}
	for _, bc := range r.Boards {
		fmt.Fprintf(w, "%s board %d (%s, line %d):\n", workbook.HeatSheet(bc.Heat), bc.Board, workbook.BoardCode(bc.Heat, bc.Board), bc.Line)
		var power string
		var parts []string
		flush := func() {
			if len(parts) > 0 {
				fmt.Fprintf(w, "  %s: %s\n", power, strings.Join(parts, "; "))
			}
			parts = nil
		}
		for _, c := range bc.Changes {
			if c.Power != power {
				flush()
				power = c.Power
			}
			parts = append(parts, fmt.Sprintf("%s %s → %s", c.Header, shown(c.Old), shown(c.New)))
		}
		flush()
	}
	switch {
	case len(r.Boards) == 0:
		fmt.Fprintf(w, "%s: no changes: every board already holds these results (%s)\n", r.Path, boards(r.Unchanged))
	case r.Written:
		fmt.Fprintf(w, "wrote %s: %s changed, %d unchanged; run dtm score to rescore\n", r.Path, boards(len(r.Boards)), r.Unchanged)
	default:
		fmt.Fprintf(w, "dry run: %s would change, %d unchanged; nothing written\n", boards(len(r.Boards)), r.Unchanged)
	}
}

// boards counts boards: "1 board", "3 boards".
func boards(n int) string {
	if n == 1 {
		return "1 board"
	}
	return strconv.Itoa(n) + " boards"
}
