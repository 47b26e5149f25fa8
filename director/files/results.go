package files

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/armada-dtm/dtm/workbook"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// ResultsRow is one row of a results file (docs/import.md), read whole: the
// board it names and its result.
type ResultsRow struct {
	Line        int // the file's line
	Heat, Board int
	Result      workbook.BoardResult
	// SubmittedBy is the Submitted by cell as typed (a player's name or
	// id); "" when the file has no such column or the cell is empty.
	SubmittedBy string
	// Header and Text are the file's header line and this row, written
	// again as CSV with commas: what two-party confirmation keeps and
	// quotes.
	Header, Text string
}

// LineProblemf is a problem located at a line of the results file name.
func LineProblemf(name string, line int, hint, format string, args ...any) workbook.Problem {
	return workbook.Problem{File: name, Line: line, Msg: fmt.Sprintf(format, args...), Hint: hint}
}

// ByLine sorts problems in the order of the results file's lines, the
// workbook's own (located at a cell, not a line) last.
func ByLine(ps workbook.Problems) workbook.Problems {
	slices.SortStableFunc(ps, func(a, b workbook.Problem) int {
		la, lb := a.Line, b.Line
		if la == 0 {
			la = math.MaxInt
		}
		if lb == 0 {
			lb = math.MaxInt
		}
		return cmp.Compare(la, lb)
	})
	return ps
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
	colSubmitter
)

// resultColumn is what a results file's column holds.
type resultColumn struct {
	kind, power int
}

// PowerIndex reads a power's name or abbreviation (three letters at least:
// "aus", "Austria", "AUST"); -1 when it names none.
func PowerIndex(s string) int {
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
	case "submitted by", "submitter", "reported by":
		return resultColumn{kind: colSubmitter}, true
	}
	words := strings.Fields(h)
	if len(words) == 0 {
		return resultColumn{}, false
	}
	p := PowerIndex(words[0])
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

// The limits of a results file (docs/import.md#limits), far beyond any
// tournament's: one line per board, and 20,000 players seat 2,857 boards a
// heat.
const (
	MaxResultsBytes  = 32 << 20 // the file's size
	MaxResultsLines  = 200_000
	MaxResultsFields = 1_000  // fields on one line
	MaxResultsField  = 32_767 // characters in one field (Excel's cell limit)
)

// OpenInput opens a file dtm reads beside the workbook (what names it: "results
// file"), refusing before reading anything that is not a regular file (a
// folder, a named pipe, a device: reading one could wait forever or never
// end) and a file of more than limit bytes.
func OpenInput(path, what string, limit int64) (*os.File, error) {
	if err := inputFile(path, what, limit, os.Stat); err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", what, err)
	}
	// The file opened, not the one looked at.
	if err := inputFile(path, what, limit, func(string) (fs.FileInfo, error) { return f.Stat() }); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// inputFile refuses a file dtm reads that is not a regular file, or too big.
func inputFile(path, what string, limit int64, stat func(string) (fs.FileInfo, error)) error {
	info, err := stat(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", what, err)
	}
	if !info.Mode().IsRegular() {
		kind := "not a regular file"
		for _, k := range []struct {
			mode fs.FileMode
			kind string
		}{{fs.ModeDir, "a folder"}, {fs.ModeNamedPipe, "a named pipe (FIFO)"}, {fs.ModeDevice | fs.ModeCharDevice, "a device"}, {fs.ModeSocket, "a socket"}} {
			if info.Mode()&k.mode != 0 {
				kind = k.kind
			}
		}
		return fmt.Errorf("read %s: %s is %s, not a file: give the %s itself", what, path, kind, what)
	}
	if info.Size() > limit {
		return fmt.Errorf("read %s: %s is %s, more than the %s a %s may hold", what, path, size(info.Size()), size(limit), what)
	}
	return nil
}

// size says a file's size in MiB, or KiB below one MiB, rounded up.
func size(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KiB", (n+1023)>>10)
	}
	return fmt.Sprintf("%d MiB", (n+(1<<20)-1)>>20)
}

// utf8Hint says how to save a results file dtm reads.
const utf8Hint = "save it again as CSV UTF-8 (or, from Excel, as Unicode text)"

// textOf decodes a results file to UTF-8 text by its byte-order mark: UTF-8
// with or without one, UTF-16 (little- or big-endian) with one. UTF-32, and
// UTF-16 without a mark, are refused by name.
func textOf(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(4)
	switch {
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE, 0, 0}), bytes.HasPrefix(head, []byte{0, 0, 0xFE, 0xFF}):
		return nil, errors.New("the file is UTF-32 text, which dtm does not read")
	case bytes.HasPrefix(head, []byte{0xFF, 0xFE}):
		return transform.NewReader(br, unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM).NewDecoder()), nil
	case bytes.HasPrefix(head, []byte{0xFE, 0xFF}):
		return transform.NewReader(br, unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder()), nil
	case bytes.HasPrefix(head, []byte("\uFEFF")):
		br.Discard(3)
	case len(head) >= 2 && (head[0] == 0) != (head[1] == 0):
		return nil, errors.New("the file is UTF-16 text without a byte-order mark, which dtm cannot tell from other encodings")
	}
	return br, nil
}

// csvOf reads a results file's text as CSV records: a spreadsheet's export
// with commas, semicolons (where the comma is the decimal point) or tabs
// (Excel's Unicode text), whichever its first line holds most of.
func csvOf(text io.Reader) *csv.Reader {
	br := bufio.NewReaderSize(text, 64<<10)
	head, _ := br.Peek(64 << 10)
	first, _, _ := bytes.Cut(head, []byte("\n"))
	r := csv.NewReader(br)
	r.FieldsPerRecord = -1
	r.ReuseRecord = true
	for _, sep := range []rune{';', '\t'} {
		if bytes.Count(first, []byte(string(sep))) > bytes.Count(first, []byte(",")) {
			r.Comma = sep
		}
	}
	return r
}

// ReadResults reads the rows of results file name (docs/import.md) from r,
// one line at a time, within the file's limits. It returns the rows read
// whole, the names of the columns it ignores, and every problem at its line.
func ReadResults(name string, r io.Reader) ([]ResultsRow, []string, workbook.Problems) {
	text, err := textOf(io.LimitReader(r, MaxResultsBytes))
	if err != nil {
		return nil, nil, workbook.Problems{LineProblemf(name, 1, utf8Hint, "%v", err)}
	}
	cr := csvOf(text)
	var ps workbook.Problems
	// next reads the next line's fields; false at the end of the file, or
	// at a problem that stops the reading.
	next := func() ([]string, int, bool) {
		for {
			rec, err := cr.Read()
			if errors.Is(err, io.EOF) {
				return nil, 0, false
			}
			if err != nil {
				line := 1
				var pe *csv.ParseError
				if errors.As(err, &pe) {
					line = pe.Line
				}
				ps = append(ps, LineProblemf(name, line, "save the file again as CSV from the form tool or spreadsheet", "the file cannot be read as CSV: %v", err))
				return nil, 0, false
			}
			line, _ := cr.FieldPos(0)
			if p, stop := overLimits(name, line, rec); p != nil {
				ps = append(ps, *p)
				if stop {
					return nil, 0, false
				}
				continue
			}
			return rec, line, true
		}
	}
	header, line, ok := next()
	if !ok {
		if len(ps) > 0 {
			return nil, nil, ps
		}
		return nil, nil, append(ps, LineProblemf(name, 1, "the first line names the columns: see docs/import.md", "the file has no header line"))
	}
	header = slices.Clone(header)
	cols := make([]resultColumn, len(header))
	known := make([]bool, len(header))
	seen := map[resultColumn]string{}
	var ignored []string
	for i, h := range header {
		c, ok := columnOf(h)
		if !ok {
			if strings.TrimSpace(h) != "" {
				ignored = append(ignored, h)
			}
			continue
		}
		if first, dup := seen[c]; dup {
			ps = append(ps, LineProblemf(name, line, "keep one of the two columns", "columns %q and %q say the same", first, h))
			continue
		}
		seen[c], cols[i], known[i] = h, c, true
	}
	_, hasCode := seen[resultColumn{kind: colCode}]
	_, hasHeat := seen[resultColumn{kind: colHeat}]
	_, hasBoard := seen[resultColumn{kind: colBoard}]
	if !hasCode && !(hasHeat && hasBoard) {
		return nil, ignored, append(ps, LineProblemf(name, line, "add a Code column (the board code on the score sheet, H2-B5-K), or Heat and Board columns",
			"no column names the board (the header line is %q)", strings.Join(header, ",")))
	}
	var rows []ResultsRow
	headerText := CSVLine(header)
	for {
		rec, line, ok := next()
		if !ok {
			return rows, ignored, ps
		}
		if !slices.ContainsFunc(rec, func(s string) bool { return strings.TrimSpace(s) != "" }) {
			continue
		}
		r, rps := parseRow(name, line, header, cols, known, rec)
		ps = append(ps, rps...)
		if len(rps) == 0 {
			r.Header, r.Text = headerText, CSVLine(rec)
			rows = append(rows, r)
		}
	}
}

// CSVLine writes fields as one line of CSV with commas, quoted where they
// need it, without the line's end.
func CSVLine(fields []string) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	w.Write(fields) // a strings.Builder does not fail
	w.Flush()
	return strings.TrimSuffix(b.String(), "\n")
}

// overLimits checks one line of a results file against the file's limits
// and its text against UTF-8: a problem at the line, and whether the rest
// of the file is then left unread.
func overLimits(name string, line int, rec []string) (*workbook.Problem, bool) {
	switch {
	case line > MaxResultsLines:
		p := LineProblemf(name, line, "import the file in parts", "the file has more than %d lines, the most a results file may hold", MaxResultsLines)
		return &p, true
	case len(rec) > MaxResultsFields:
		p := LineProblemf(name, line, "remove the extra fields", "the line has %d fields, more than the %d a line may hold", len(rec), MaxResultsFields)
		return &p, false
	}
	for i, f := range rec {
		if !utf8.ValidString(f) {
			bad := f[strings.IndexFunc(f, func(r rune) bool { return r == utf8.RuneError }):]
			p := LineProblemf(name, line, utf8Hint, "the file is not UTF-8 text (field %d holds the byte 0x%02X): it was saved in another encoding, such as Windows-1252, Mac Roman or ISO-8859-1", i+1, bad[0])
			return &p, true
		}
		if len(f) > MaxResultsField && utf8.RuneCountInString(f) > MaxResultsField {
			p := LineProblemf(name, line, "shorten it", "field %d holds %d characters, more than the %d a field may hold", i+1, utf8.RuneCountInString(f), MaxResultsField)
			return &p, false
		}
	}
	return nil, false
}

// rowParser gathers the problems of one row of a results file.
type rowParser struct {
	name string
	line int
	ps   workbook.Problems
}

// add records a problem of the row.
func (p *rowParser) add(hint, format string, args ...any) {
	p.ps = append(p.ps, LineProblemf(p.name, p.line, hint, format, args...))
}

// bad records a problem of the row's cell in column header.
func (p *rowParser) bad(header, hint, format string, args ...any) {
	p.add(hint, "column %q: "+format, append([]any{header}, args...)...)
}

// rowCells is what a row's cells say, each read on its own.
type rowCells struct {
	code        string
	heat, board int
	status      workbook.Status
	finalYear   int
	// result is the Result cell, read in column resultHeader.
	result, resultHeader string
	// centres are the powers' centres, -1 where not given; elim the years
	// they were eliminated, 0 where not given, read in columns elimHeader.
	centres, elim [7]int
	elimHeader    [7]string
	charts        [7][]int // the powers' centres year by year from 1901
	submitter     string   // the Submitted by cell
}

// parseRow reads one row of a results file: its cells, the board they
// name, the result and each power's seat.
func parseRow(name string, line int, headers []string, cols []resultColumn, known []bool, rec []string) (ResultsRow, workbook.Problems) {
	p := &rowParser{name: name, line: line}
	c := p.cells(headers, cols, known, rec)
	r := ResultsRow{Line: line, Result: workbook.BoardResult{Status: c.status}, SubmittedBy: c.submitter}
	r.Heat, r.Board = p.board(c)
	winners, conceded, err := parseResult(c.result, c.survivors())
	if err != nil {
		p.bad(c.resultHeader, `the winning powers ("France", "draw Austria England Turkey", "conceded France"; "draw" alone for every survivor)`, "%v", err)
	}
	p.seats(c, winners, conceded, &r.Result)
	r.Result.Chart = chartByYear(c.charts)
	return r, p.ps
}

// cells reads each of a row's cells in the columns dtm reads.
func (p *rowParser) cells(headers []string, cols []resultColumn, known []bool, rec []string) *rowCells {
	c := &rowCells{status: workbook.Finished}
	for pw := range 7 {
		c.centres[pw] = -1
	}
	for i, col := range cols {
		if !known[i] || i >= len(rec) {
			continue
		}
		v, h := strings.TrimSpace(rec[i]), headers[i]
		if v == "" {
			continue
		}
		switch col.kind {
		case colCode:
			c.code = v
		case colHeat, colBoard:
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				p.bad(h, "a whole number 1 or more", "%q is not a %s number", v, strings.ToLower(h))
				continue
			}
			if col.kind == colHeat {
				c.heat = n
			} else {
				c.board = n
			}
		case colStatus:
			s := slices.IndexFunc(workbook.ChoicesStatus, func(s string) bool { return strings.EqualFold(s, v) })
			if s < 0 {
				p.bad(h, "Finished, Started or Unstarted (empty means Finished)", "status cannot be %q", v)
				continue
			}
			c.status = workbook.Status(s)
		case colResult:
			c.result, c.resultHeader = v, h
		case colSubmitter:
			c.submitter = v
		case colYear, colElim:
			y, err := strconv.Atoi(v)
			if err != nil || y < workbook.FirstGameYear || y > workbook.LastGameYear {
				p.bad(h, "a game-year such as 1907", "the year must be from %d to %d, not %q", workbook.FirstGameYear, workbook.LastGameYear, v)
				continue
			}
			if col.kind == colYear {
				c.finalYear = y
			} else {
				c.elim[col.power], c.elimHeader[col.power] = y, h
			}
		case colCentres:
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 34 {
				p.bad(h, "a whole number of supply centres from 0 to 34", "%s's centres must be from 0 to 34, not %q", workbook.ChoicesPower[col.power], v)
				continue
			}
			c.centres[col.power] = n
		case colChart:
			chart, err := parseChart(v)
			if err != nil {
				p.bad(h, "the centres at the end of each year from 1901, separated by spaces: 4 5 6 6 7", "%s's chart: %v", workbook.ChoicesPower[col.power], err)
				continue
			}
			c.charts[col.power] = chart
		}
	}
	return c
}

// board is the heat and board the row names: by its code, which must agree
// with its Heat and Board cells, or by those cells.
func (p *rowParser) board(c *rowCells) (heat, board int) {
	if c.code == "" {
		if (c.heat == 0 || c.board == 0) && len(p.ps) == 0 {
			p.add("give the board code, or the heat and the board", "the row does not say which board it is")
		}
		return c.heat, c.board
	}
	heat, board, err := workbook.ParseBoardCode(c.code)
	switch {
	case err != nil:
		p.add("", "%v", err)
	case (c.heat != 0 && c.heat != heat) || (c.board != 0 && c.board != board):
		p.add("correct one of them, or leave the Heat and Board columns empty",
			"the code %s is heat %d board %d, but the row's Heat and Board say heat %d board %d", c.code, heat, board, c.heat, c.board)
	default:
		return heat, board
	}
	return c.heat, c.board
}

// survivors are the powers' final centres for "draw" alone: the centres
// given, else the chart's last year; -1 where neither is.
func (c *rowCells) survivors() [7]int {
	final := c.centres
	for pw, chart := range c.charts {
		if final[pw] < 0 && len(chart) > 0 {
			final[pw] = chart[len(chart)-1]
		}
	}
	return final
}

// seats checks the years of elimination and sets each power's seat of res:
// its centres, its last year and its result.
func (p *rowParser) seats(c *rowCells, winners [7]bool, conceded bool, res *workbook.BoardResult) {
	for pw := range 7 {
		switch h := c.elimHeader[pw]; {
		case c.elim[pw] == 0:
		case c.centres[pw] > 0:
			p.bad(h, "clear it: only a power with no centres left has a year of elimination", "%s has %d centres: it was not eliminated", workbook.ChoicesPower[pw], c.centres[pw])
		case c.finalYear != 0 && c.elim[pw] > c.finalYear:
			p.bad(h, "a year up to the game's last", "%s was eliminated in %d, after the game's final year %d", workbook.ChoicesPower[pw], c.elim[pw], c.finalYear)
		}
		s := &res.Seats[pw]
		s.Centres = c.centres[pw]
		switch {
		case c.elim[pw] != 0:
			s.Year = c.elim[pw]
		case c.centres[pw] > 0:
			s.Year = c.finalYear
		}
		switch {
		case c.result == "":
		case winners[pw] && conceded:
			s.Result = workbook.ConcededWin
		case winners[pw]:
			s.Result = workbook.Win
		default:
			s.Result = workbook.Loss
		}
	}
}

// chartByYear turns the powers' charts into the centres of each year (-1
// for a power whose chart stops before it); nil when no chart is given.
func chartByYear(charts [7][]int) map[int][7]int {
	if !slices.ContainsFunc(charts[:], func(c []int) bool { return c != nil }) {
		return nil
	}
	out := map[int][7]int{}
	for pw, chart := range charts {
		for k, n := range chart {
			y := workbook.FirstGameYear + k
			year, ok := out[y]
			if !ok {
				year = [7]int{-1, -1, -1, -1, -1, -1, -1}
			}
			year[pw] = n
			out[y] = year
		}
	}
	return out
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
		p := PowerIndex(w)
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
