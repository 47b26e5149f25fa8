package files

import (
	"bytes"
	_ "embed" // the WDR JSON Schema
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Validating federation files written by any tool (docs/exports.md,
// "Checking a file before you send it"): the WDR JSON against its schema
// and the checks a schema cannot make; the WDD CSV files against their
// columns and the same checks.

// A Finding is one problem in a file: a stable code, where it is and what
// is wrong.
type Finding struct {
	Code    string // WDR001 ... or WDD001 ...; docs/exports.md lists them
	Line    int    // 1-based; 0 for the whole file
	Column  int    // 1-based byte column in the line (JSON), or field number (CSV); 0 when not known
	Where   string // the JSON pointer (/rounds/1/games/2) or the CSV column's name
	Message string
}

// String is the finding as dtm validate prints it after the file's name:
// "12:5: WDR011 /rounds/1/games/2: ...".
func (f Finding) String() string {
	var b strings.Builder
	if f.Line > 0 {
		fmt.Fprintf(&b, "%d:", f.Line)
		if f.Column > 0 {
			fmt.Fprintf(&b, "%d:", f.Column)
		}
		b.WriteByte(' ')
	}
	b.WriteString(f.Code)
	if f.Where != "" {
		b.WriteString(" " + f.Where)
	}
	return b.String() + ": " + f.Message
}

//go:embed wdr.schema.json
var wdrSchemaJSON []byte

// WDRSchema is the JSON Schema of the WDR's tournament JSON that dtm
// ships (docs/wdr.schema.json).
func WDRSchema() []byte { return wdrSchemaJSON }

var wdrSchema = sync.OnceValues(func() (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(wdrSchemaJSON))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("wdr.schema.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("wdr.schema.json")
})

// ValidateWDR checks a WDR tournament JSON document: its syntax (WDR001),
// its shape against the schema (WDR002), then what the schema cannot say
// (WDR010-WDR022). Findings are in the order of the file.
func ValidateWDR(data []byte) ([]Finding, error) {
	places, err := jsonPlaces(data)
	if err != nil {
		return []Finding{syntaxFinding(data, err)}, nil
	}
	at := func(code, pointer, format string, args ...any) Finding {
		off := places[pointer]
		line, col := lineCol(data, off)
		return Finding{Code: code, Line: line, Column: col, Where: pointer, Message: fmt.Sprintf(format, args...)}
	}
	schema, err := wdrSchema()
	if err != nil {
		return nil, fmt.Errorf("the WDR schema: %w", err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return []Finding{syntaxFinding(data, err)}, nil
	}
	var found []Finding
	if err := schema.Validate(inst); err != nil {
		var ve *jsonschema.ValidationError
		if !errors.As(err, &ve) {
			return nil, err
		}
		for _, e := range leafErrors(ve) {
			pointer := ""
			for _, tok := range e.InstanceLocation {
				pointer += "/" + escapePointer(tok)
			}
			found = append(found, at("WDR002", pointer, "%s", e.ErrorKind.LocalizedString(english)))
		}
		sortFindings(found)
		return found, nil // the checks below assume the schema's shape
	}
	var doc wdrTournament
	if err := json.Unmarshal(data, &doc); err != nil {
		return []Finding{syntaxFinding(data, err)}, nil
	}
	found = append(found, checkWDRGames(doc, at)...)
	found = append(found, checkWDRResults(doc, at)...)
	sortFindings(found)
	return found, nil
}

// checkWDRGames makes the per-game checks: games numbered 1..N in each
// round (WDR012), seven different players (WDR010), at most 34 centres
// (WDR011), a draw among the board's powers agreeing with in_draw (WDR013)
// and an elimination year only for a power with no centres (WDR014).
func checkWDRGames(doc wdrTournament, at func(code, pointer, format string, args ...any) Finding) []Finding {
	var found []Finding
	for _, r := range sortedKeys(doc.Rounds) {
		games := doc.Rounds[r].Games
		keys := sortedKeys(games)
		for i, k := range keys {
			p := "/rounds/" + r + "/games/" + k
			if n, _ := strconv.Atoi(k); n != i+1 {
				found = append(found, at("WDR012", p, "round %s's games are numbered %s: the format numbers them 1, 2, ... in each round, with no gaps", r, strings.Join(keys, ", ")))
			}
			g := games[k]
			if g.Board != 0 && strconv.Itoa(g.Board) != k {
				found = append(found, at("WDR012", p+"/board", "board %d is keyed %q: the two must be the same number", g.Board, k))
			}
			seatOf := map[string]string{}
			centres := 0
			for _, pw := range wdrPowers {
				s, ok := g.Players[pw]
				if !ok {
					continue
				}
				centres += s.FinalSCs
				if other, dup := seatOf[s.Name]; dup {
					found = append(found, at("WDR010", p+"/players/"+pw, "%s plays both %s and %s: a game has seven different players", s.Name, other, pw))
				}
				seatOf[s.Name] = pw
				if s.EliminationYear != nil && s.FinalSCs > 0 {
					found = append(found, at("WDR014", p+"/players/"+pw+"/elimination_year", "%s was eliminated in %d but ends with %d centres", pw, *s.EliminationYear, s.FinalSCs))
				}
				if g.Draw != nil && s.InDraw != nil && *s.InDraw != slices.Contains(g.Draw.Powers, pw) {
					found = append(found, at("WDR013", p+"/players/"+pw+"/in_draw", "%s's in_draw is %v but the draw's powers are %s", pw, *s.InDraw, strings.Join(g.Draw.Powers, ", ")))
				}
			}
			if centres > 34 {
				found = append(found, at("WDR011", p+"/players", "the board's final centres add up to %d: a board has 34", centres))
			}
		}
	}
	return found
}

// checkWDRResults checks the results: rankings consistent with scores as
// competition ranks (1, 2, 2, 4), a tie shared or broken by a tie-break
// (WDR020), breakdowns naming rounds the file
// has (WDR021), and each player listed once (WDR022).
func checkWDRResults(doc wdrTournament, at func(code, pointer, format string, args ...any) Finding) []Finding {
	var found []Finding
	var rs []rankedScore
	seen := map[string]int{}
	for i, r := range doc.Results {
		p := fmt.Sprintf("/results/%d", i)
		if j, dup := seen[r.PlayerName]; dup {
			found = append(found, at("WDR022", p+"/player_name", "%s is listed twice (also at /results/%d)", r.PlayerName, j))
		}
		seen[r.PlayerName] = i
		for k, b := range r.ScoreBreakdown {
			if _, ok := doc.Rounds[strconv.Itoa(b.Round)]; !ok {
				found = append(found, at("WDR021", fmt.Sprintf("%s/score_breakdown/%d/round", p, k), "round %d is not among the file's rounds", b.Round))
			}
		}
		if r.Ranking != nil {
			rs = append(rs, rankedScore{i, *r.Ranking, r.Score})
		}
	}
	sort.SliceStable(rs, func(a, b int) bool { return rs[a].score > rs[b].score })
	for _, r := range rs {
		above, same := scoreCounts(rs, r.score)
		if r.rank <= above || r.rank > above+same {
			found = append(found, at("WDR020", fmt.Sprintf("/results/%d/ranking", r.i), "ranked %d with score %s, but %d ranked players score more: the ranking should be %d (ties share a rank, the next rank skips: 1, 2, 2, 4)%s",
				r.rank, Number(r.score), above, above+1, brokenTie(above, same)))
		}
	}
	return found
}

// brokenTie says, of a score same players share with above scoring more,
// which ranks a tie-break may give them instead of sharing one; "" when
// nobody shares it.
func brokenTie(above, same int) string {
	if same < 2 {
		return ""
	}
	return fmt.Sprintf(", or %d to %d when a tie-break orders the %d who score the same", above+1, above+same, same)
}

// scoreCounts counts the ranked players who score more than score, and
// those who score the same (the player included).
func scoreCounts(rs []rankedScore, score float64) (above, same int) {
	for _, r := range rs {
		switch {
		case r.score > score:
			above++
		case r.score == score:
			same++
		}
	}
	return above, same
}

// rankedScore is a ranked player's rank and score, at their place in the
// results.
type rankedScore struct {
	i     int
	rank  int
	score float64
}

// english prints the schema's messages.
var english = message.NewPrinter(language.English)

// leafErrors are the schema's findings that have no finer cause.
func leafErrors(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leafErrors(c)...)
	}
	return out
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		if fs[i].Line != fs[j].Line {
			return fs[i].Line < fs[j].Line
		}
		return fs[i].Column < fs[j].Column
	})
}

// sortedKeys are a JSON object's keys in number order, then text order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, aerr := strconv.Atoi(keys[i])
		b, berr := strconv.Atoi(keys[j])
		if aerr == nil && berr == nil {
			return a < b
		}
		return keys[i] < keys[j]
	})
	return keys
}

// syntaxFinding places a JSON syntax error.
func syntaxFinding(data []byte, err error) Finding {
	var se *json.SyntaxError
	off := int64(len(data))
	if errors.As(err, &se) {
		off = se.Offset
	}
	line, col := lineCol(data, off)
	return Finding{Code: "WDR001", Line: line, Column: col, Message: "not JSON: " + err.Error()}
}

// lineCol turns a byte offset into a 1-based line and column.
func lineCol(data []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	return line, int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
}

// jsonPlaces maps each value's JSON pointer to the offset where its key
// (or, in an array, the value) starts, so findings can be placed.
func jsonPlaces(data []byte) (map[string]int64, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	places := map[string]int64{"": 0}
	type frame struct {
		path    string
		isArray bool
		index   int
		key     string
		wantKey bool
	}
	var stack []frame
	childPath := func() string {
		f := &stack[len(stack)-1]
		if f.isArray {
			p := f.path + "/" + strconv.Itoa(f.index)
			f.index++
			return p
		}
		return f.path + "/" + escapePointer(f.key)
	}
	for {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			return places, nil
		}
		if err != nil {
			return nil, err
		}
		if len(stack) > 0 && !stack[len(stack)-1].isArray && stack[len(stack)-1].wantKey {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				stack = stack[:len(stack)-1]
				continue
			}
			f := &stack[len(stack)-1]
			f.key, f.wantKey = tok.(string), false
			places[f.path+"/"+escapePointer(f.key)] = skipSpace(data, start)
			continue
		}
		path := ""
		if len(stack) > 0 {
			if d, ok := tok.(json.Delim); ok && d == ']' {
				stack = stack[:len(stack)-1]
				continue
			}
			path = childPath()
			if stack[len(stack)-1].isArray {
				places[path] = skipSpace(data, start)
			}
			if !stack[len(stack)-1].isArray {
				stack[len(stack)-1].wantKey = true
			}
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, frame{path: path, isArray: d == '[', wantKey: d == '{'})
		}
	}
}

// skipSpace moves an offset past the spaces, commas and colons before a
// token.
func skipSpace(data []byte, off int64) int64 {
	return off + int64(len(data[off:])-len(bytes.TrimLeft(data[off:], " \t\r\n,:")))
}

// escapePointer escapes a key for a JSON pointer (RFC 6901).
func escapePointer(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}

// The WDD's two files (docs/exports.md): which columns each must have, and
// which hold numbers.
var (
	wddBoardsColumns         = []string{"FIRST NAME", "NAME", "HOMONYME", "ROUND", "BOARD", "COUNTRY", "RANK", "EXAEQUO", "SCORE", "NB_CENTRE"}
	wddClassificationColumns = []string{"FIRST NAME", "NAME", "HOMONYME", "RANK", "EXAEQUO", "SCORE"}
	wddPowerCodes            = []string{"0AU", "0EN", "0FR", "0GE", "0IT", "0RU", "0TU"}
)

// wddNumeric reports whether a WDD column holds a number (or nothing).
func wddNumeric(col string) bool {
	switch col {
	case "HOMONYME", "ROUND", "BOARD", "RANK", "EXAEQUO", "SCORE", "NB_CENTRE", "YEAR_ELIMINATION", "DRAW", "TEAM_SCORE", "TEAM_RANK":
		return true
	}
	if rest, ok := strings.CutPrefix(col, "R"); ok && rest != "" && rest[0] >= '0' && rest[0] <= '9' {
		return true // R1 ... R8
	}
	for _, prefix := range []string{"CT_", "PT_", "RK_", "HEAT_", "BOARD_"} {
		if strings.HasPrefix(col, prefix) {
			return true
		}
	}
	return false
}

// wddRow is a row of a WDD file, with what the checks need.
type wddRow struct {
	line        int
	name        string
	group       string // boards: "round R board B"; classification: ""
	country     string
	rank, exaeq int
	score       float64
	centres     int
	rankCol     int // field numbers, for placing findings
	countryCol  int
	centresCol  int
	bad         bool // a field the checks need is missing or not a number
}

// ValidateWDD checks a WDD file, the classification, the boards or the
// awards (told apart by their columns): its columns (WDD001-WDD002), every
// row's fields (WDD003-WDD006), ranks, powers and centres (WDD010-WDD012),
// and the awards' numbers, names and winners (WDD020-WDD022).
func ValidateWDD(data []byte) []Finding {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	r := csv.NewReader(bytes.NewReader(data))
	header, err := r.Read()
	if err != nil {
		return []Finding{{Code: "WDD001", Line: 1, Message: "no header row: " + err.Error()}}
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(h)] = i
	}
	kind := wddKind(func(c string) bool { _, ok := col[c]; return ok })
	switch kind {
	case "awards":
		return validateWDDAwards(r, header, col)
	case "":
		return []Finding{{Code: "WDD001", Line: 1, Message: fmt.Sprintf("not a WDD classification, boards or awards file: its header (%s) has neither FIRST NAME nor HOMONYME, nor NUMBER and AWARD", strings.Join(header[:min(len(header), 4)], ", "))}}
	}
	boards := kind == "boards"
	required := wddClassificationColumns
	if boards {
		required = wddBoardsColumns
	}
	var found []Finding
	for _, c := range required {
		if _, ok := col[c]; !ok {
			kind := "classification"
			if boards {
				kind = "boards"
			}
			found = append(found, Finding{Code: "WDD002", Line: 1, Where: c, Message: fmt.Sprintf("the %s file has no %s column", kind, c)})
		}
	}
	if len(found) > 0 {
		return found
	}
	var rows []wddRow
	found = append(found, eachWDDRow(r, len(header), func(rec []string, line int, whole bool) []Finding {
		if !whole {
			rows = append(rows, wddRow{line: line, group: wddGroup(rec, col, boards), bad: true})
			return nil
		}
		row, bad := readWDDRow(rec, header, col, line, boards)
		rows = append(rows, row)
		return bad
	})...)
	found = append(found, checkWDDRows(rows, boards)...)
	sortFindings(found)
	return found
}

// eachWDDRow reads a WDD file's rows after its header, calling row with
// each one, its line and whether it has the header's width fields: a row
// of another width is a finding (WDD003), and so is text that is not CSV,
// which ends the reading.
func eachWDDRow(r *csv.Reader, width int, row func(rec []string, line int, whole bool) []Finding) []Finding {
	r.FieldsPerRecord = -1 // a short or long row is a finding, not the end
	var found []Finding
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return found
		}
		if err != nil {
			line := 0
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				line = pe.Line
			}
			return append(found, Finding{Code: "WDD003", Line: line, Message: "not CSV from here on: " + err.Error()})
		}
		line, _ := r.FieldPos(0)
		if len(rec) != width {
			found = append(found, Finding{Code: "WDD003", Line: line, Message: fmt.Sprintf("%d fields where the header has %d", len(rec), width)})
		}
		found = append(found, row(rec, line, len(rec) == width)...)
	}
}

// The WDD awards file's columns (docs/exports.md), and its highest award
// number: the classification's RK_AWA_1 ... RK_AWA_12.
var wddAwardsColumns = []string{"NUMBER", "AWARD", "WINNERS", "DETAIL"}

const maxWDDAward = 12

// validateWDDAwards checks the WDD awards file (its header read into
// col): its columns (WDD002), every row's width (WDD003), award numbers
// from 1 to 12 in increasing order, each once (WDD020), a name for each
// award (WDD021), and winners' names separated by "; ", none empty or
// padded with spaces (WDD022); no winner at all is an award nobody won.
func validateWDDAwards(r *csv.Reader, header []string, col map[string]int) []Finding {
	var found []Finding
	for _, c := range wddAwardsColumns {
		if _, ok := col[c]; !ok {
			found = append(found, Finding{Code: "WDD002", Line: 1, Where: c, Message: "the awards file has no " + c + " column"})
		}
	}
	if len(found) > 0 {
		return found
	}
	last, lastLine := 0, 0
	found = eachWDDRow(r, len(header), func(rec []string, line int, whole bool) []Finding {
		if !whole {
			return nil
		}
		var bad []Finding
		at := func(code, c, format string, args ...any) {
			bad = append(bad, Finding{Code: code, Line: line, Column: col[c] + 1, Where: c, Message: fmt.Sprintf(format, args...)})
		}
		v := strings.TrimSpace(rec[col["NUMBER"]])
		switch n, err := strconv.Atoi(v); {
		case err != nil || n < 1 || n > maxWDDAward:
			at("WDD020", "NUMBER", "%q is not an award number: a whole number from 1 to %d, as the classification's RK_AWA_n columns", v, maxWDDAward)
		case n <= last:
			at("WDD020", "NUMBER", "award %d comes after award %d (line %d): the awards are numbered in increasing order, each once", n, last, lastLine)
		default:
			last, lastLine = n, line
		}
		if strings.TrimSpace(rec[col["AWARD"]]) == "" {
			at("WDD021", "AWARD", "the award has no name")
		}
		winners := rec[col["WINNERS"]]
		if winners == "" { // nobody won it: dtm says why in DETAIL ("nobody eligible")
			return bad
		}
		for _, name := range strings.Split(winners, "; ") {
			if name == "" || name != strings.TrimSpace(name) || strings.Contains(name, ";") || strings.ContainsFunc(name, unicode.IsControl) {
				at("WDD022", "WINNERS", "%q is not a list of names: each winner's name, separated by \"; \", none empty", winners)
				break
			}
		}
		return bad
	})
	sortFindings(found)
	return found
}

// readWDDRow reads one row's fields, finding numbers that are not numbers
// (WDD004), unknown powers (WDD005) and HOMONYME other than 1 (WDD006).
func readWDDRow(rec, header []string, col map[string]int, line int, boards bool) (wddRow, []Finding) {
	var found []Finding
	bad := false
	at := func(code string, c int, format string, args ...any) {
		found = append(found, Finding{Code: code, Line: line, Column: c + 1, Where: header[c], Message: fmt.Sprintf(format, args...)})
		bad = bad || code != "WDD006"
	}
	nums := map[string]float64{}
	for c, h := range header {
		v := strings.TrimSpace(rec[c])
		if !wddNumeric(h) || v == "" {
			continue
		}
		n, err := strconv.ParseFloat(v, 64)
		if err != nil {
			at("WDD004", c, "%q is not a number", v)
			continue
		}
		nums[h] = n
	}
	row := wddRow{line: line, name: strings.TrimSpace(rec[col["FIRST NAME"]] + " " + rec[col["NAME"]]),
		rank: int(nums["RANK"]), exaeq: int(nums["EXAEQUO"]), score: nums["SCORE"], rankCol: col["RANK"] + 1}
	if h := strings.TrimSpace(rec[col["HOMONYME"]]); h != "1" {
		at("WDD006", col["HOMONYME"], "HOMONYME is %q: it is always 1", h)
	}
	for _, need := range []string{"RANK", "EXAEQUO", "SCORE"} {
		if strings.TrimSpace(rec[col[need]]) == "" {
			at("WDD004", col[need], "%s is empty: every row needs one", need)
		}
	}
	row.group = wddGroup(rec, col, boards)
	if boards {
		row.country, row.countryCol = strings.TrimSpace(rec[col["COUNTRY"]]), col["COUNTRY"]+1
		row.centres, row.centresCol = int(nums["NB_CENTRE"]), col["NB_CENTRE"]+1
		if !slices.Contains(wddPowerCodes, row.country) {
			at("WDD005", col["COUNTRY"], "%q is not a power code: %s", row.country, strings.Join(wddPowerCodes, ", "))
		}
	}
	row.bad = bad
	return row, found
}

// checkWDDRanks checks the ranks of rows ranked together (where: the
// classification, or a board): each RANK follows SCORE, a tie shared or
// broken by a tie-break, and EXAEQUO is how many rows share the RANK, a
// row whose RANK is wrong not counted (its finding says so).
func checkWDDRanks(rs []wddRow, where string) []Finding {
	var found []Finding
	valid := make([]bool, len(rs))
	for i, r := range rs {
		above, tied := 0, 0
		for _, o := range rs {
			switch {
			case o.score > r.score:
				above++
			case o.score == r.score:
				tied++
			}
		}
		if valid[i] = r.rank > above && r.rank <= above+tied; !valid[i] {
			broken := ""
			if tied > 1 {
				broken = fmt.Sprintf("; or %d to %d, each with the number sharing it, when a tie-break orders the %d who score the same", above+1, above+tied, tied)
			}
			found = append(found, Finding{Code: "WDD012", Line: r.line, Column: r.rankCol, Where: "RANK", Message: fmt.Sprintf("%s scores %s, so ranks %d with EXAEQUO %d in %s, not %d with %d (ties share a rank, the next skips: 1, 2, 2, 4%s)",
				r.name, Number(r.score), above+1, tied, where, r.rank, r.exaeq, broken)})
		}
	}
	for i, r := range rs {
		sharing := 0
		for j, o := range rs {
			if valid[j] && o.rank == r.rank {
				sharing++
			}
		}
		if valid[i] && r.exaeq != sharing {
			found = append(found, Finding{Code: "WDD012", Line: r.line, Column: r.rankCol, Where: "RANK", Message: fmt.Sprintf("%s ranks %d with EXAEQUO %d in %s, but %d share that rank: EXAEQUO is how many do",
				r.name, r.rank, r.exaeq, where, sharing)})
		}
	}
	return found
}

// wddGroup is the board a row of the boards file is on ("round 1 board
// 2"), "" in the classification, whose rows are ranked together.
func wddGroup(rec []string, col map[string]int, boards bool) string {
	if !boards || col["ROUND"] >= len(rec) || col["BOARD"] >= len(rec) {
		return ""
	}
	return fmt.Sprintf("round %s board %s", rec[col["ROUND"]], rec[col["BOARD"]])
}

// checkWDDRows checks ranks against scores as competition ranks, a tie
// shared or broken by a tie-break, with EXAEQUO the number sharing the
// rank (WDD012), over the whole
// classification or within each board, and each board's powers (WDD010)
// and centres (WDD011).
func checkWDDRows(rows []wddRow, boards bool) []Finding {
	var found []Finding
	groups := map[string][]wddRow{}
	var order []string
	for _, r := range rows {
		if _, ok := groups[r.group]; !ok {
			order = append(order, r.group)
		}
		groups[r.group] = append(groups[r.group], r)
	}
	for _, g := range order {
		rs := groups[g]
		if slices.ContainsFunc(rs, func(r wddRow) bool { return r.bad }) {
			continue // its findings say what to fix first; checking the rest now would only repeat them
		}
		if boards {
			powers, centres := map[string]int{}, 0
			for _, r := range rs {
				if first, dup := powers[r.country]; dup {
					found = append(found, Finding{Code: "WDD010", Line: r.line, Column: r.countryCol, Where: "COUNTRY", Message: fmt.Sprintf("%s: %s is played twice (also on line %d)", g, r.country, first)})
				}
				powers[r.country] = r.line
				centres += r.centres
			}
			if len(rs) != 7 {
				found = append(found, Finding{Code: "WDD010", Line: rs[0].line, Where: "COUNTRY", Message: fmt.Sprintf("%s has %d rows: a board has one row for each of the seven powers", g, len(rs))})
			}
			if centres > 34 {
				found = append(found, Finding{Code: "WDD011", Line: rs[len(rs)-1].line, Column: rs[len(rs)-1].centresCol, Where: "NB_CENTRE", Message: fmt.Sprintf("%s: the final centres add up to %d: a board has 34", g, centres)})
			}
		}
		where := "the classification"
		if boards {
			where = g
		}
		found = append(found, checkWDDRanks(rs, where)...)
	}
	return found
}

// WDDKind tells a WDD file's kind by its header, as ValidateWDD does:
// "awards" (NUMBER and AWARD), "boards" (ROUND and COUNTRY),
// "classification" (FIRST NAME or HOMONYME, otherwise), or "" for none.
func WDDKind(data []byte) string {
	header, _ := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))).Read()
	return wddKind(func(c string) bool {
		return slices.ContainsFunc(header, func(h string) bool { return strings.TrimSpace(h) == c })
	})
}

// wddKind tells a WDD file's kind from which columns its header has.
func wddKind(has func(column string) bool) string {
	switch {
	case has("NUMBER") && has("AWARD") && !has("HOMONYME") && !has("FIRST NAME"):
		return "awards"
	case !has("HOMONYME") && !has("FIRST NAME"):
		return ""
	case has("ROUND") && has("COUNTRY"):
		return "boards"
	}
	return "classification"
}

// CheckWDDAwardNumbers checks a WDD awards file against the classification
// it goes with (WDD023): each award listed with winners is some player's
// RK_AWA_n in the classification, and each RK_AWA_n a player has is an
// award listed with winners. The findings are placed in the awards file.
// A file that does not read as CSV gives none: ValidateWDD says why.
func CheckWDDAwardNumbers(classification, awards []byte) []Finding {
	given := map[int]int{} // award number -> the first classification line giving it
	cr := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(classification, []byte("\xef\xbb\xbf"))))
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err != nil {
		return nil
	}
	for {
		rec, err := cr.Read()
		if err != nil {
			break
		}
		line, _ := cr.FieldPos(0)
		for c, h := range header {
			n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(h), "RK_AWA_"))
			if err == nil && strings.HasPrefix(strings.TrimSpace(h), "RK_AWA_") && c < len(rec) && strings.TrimSpace(rec[c]) != "" && given[n] == 0 {
				given[n] = line
			}
		}
	}
	ar := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(awards, []byte("\xef\xbb\xbf"))))
	ar.FieldsPerRecord = -1
	if header, err = ar.Read(); err != nil {
		return nil
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.TrimSpace(h)] = i
	}
	var found []Finding
	listed := map[int]bool{}
	for {
		rec, err := ar.Read()
		if err != nil {
			break
		}
		line, _ := ar.FieldPos(0)
		if len(rec) != len(header) {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(rec[col["NUMBER"]]))
		if err != nil || rec[col["WINNERS"]] == "" {
			continue
		}
		listed[n] = true
		if given[n] == 0 {
			found = append(found, Finding{Code: "WDD023", Line: line, Column: col["NUMBER"] + 1, Where: "NUMBER",
				Message: fmt.Sprintf("award %d has winners, but no player of the classification has RK_AWA_%d", n, n)})
		}
	}
	for _, n := range slices.Sorted(maps.Keys(given)) {
		if !listed[n] {
			found = append(found, Finding{Code: "WDD023", Line: 1, Column: col["NUMBER"] + 1, Where: "NUMBER",
				Message: fmt.Sprintf("the classification gives RK_AWA_%d (line %d), but no award %d with winners is listed", n, given[n], n)})
		}
	}
	sortFindings(found)
	return found
}
