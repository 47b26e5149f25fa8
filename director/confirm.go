package director

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/workbook"
)

// Report is where a board's result stands under two-party confirmation.
type Report int

// The states of a board's result, as dtm status and dtm import print them.
const (
	// NotReported: nobody has submitted the board's result.
	NotReported Report = iota
	// Awaiting: one player of the board has submitted it (or several, all
	// the same player).
	Awaiting
	// Contested: two players of the board submitted different results.
	Contested
	// Final: the board is Finished on its heat sheet, confirmed by two
	// players or marked by the director.
	Final
)

// reportNames are the states' names.
var reportNames = [...]string{NotReported: "not reported", Awaiting: "awaiting", Contested: "contested", Final: "final"}

// String names the state: "not reported", "awaiting", "contested", "final".
func (r Report) String() string { return reportNames[r] }

// submitted is one submission of a board's result: who, where, and what.
type submitted struct {
	By     int    // the player, an index into Tournament.Players
	Where  string // "results.csv:4"
	Line   int    // the line of this import's file; 0 for one on the tab
	Text   string // the line as submitted
	Result workbook.BoardResult
}

// boardConfirmation is a board's state from its submissions: Final when
// the director (or an earlier confirmation) marked it Finished; otherwise
// each player's latest submission counts. Two players or more whose
// latest submissions all agree confirm it (agreed is one of them); one
// player is Awaiting; any disagreement is Contested (differ holds the
// first submission and the first that differs from it), whatever the
// others say: dtm takes no majority, the director settles it.
func boardConfirmation(subs []submitted, finished bool) (state Report, agreed *submitted, differ [2]*submitted) {
	if finished {
		return Final, nil, differ
	}
	latest := map[int]int{} // player -> index of their latest submission
	var order []int
	for i, s := range subs {
		if _, ok := latest[s.By]; !ok {
			order = append(order, s.By)
		}
		latest[s.By] = i
	}
	if len(order) == 0 {
		return NotReported, nil, differ
	}
	first := &subs[latest[order[0]]]
	for _, p := range order[1:] {
		if s := &subs[latest[p]]; !reflect.DeepEqual(s.Result, first.Result) {
			return Contested, nil, [2]*submitted{first, s}
		}
	}
	if len(order) == 1 {
		return Awaiting, first, differ
	}
	return Final, first, differ
}

// latestOf is a player's latest submission among subs; nil for none.
func latestOf(subs []submitted, p int) *submitted {
	for i := len(subs) - 1; i >= 0; i-- {
		if subs[i].By == p {
			return &subs[i]
		}
	}
	return nil
}

// BoardConfirmation is what an import under two-party confirmation says of
// a board it received submissions for.
type BoardConfirmation struct {
	Heat, Board int
	State       Report
	// By names the players whose latest submissions count, in order.
	By []string
	// Quotes are the two submissions that differ, for a contested board:
	// `results.csv:4 (Ann Smith): "H1-B2-R,Finished,..."`.
	Quotes []string
}

// playerOf finds the player a Submitted by cell names: by name as on the
// Players sheet (capitals and spaces aside), or by WDD or WDR id.
func playerOf(t *workbook.Tournament, v string) (int, error) {
	if i, ok := t.PlayerIndex(v); ok {
		return i, nil
	}
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	var found []int
	id, err := strconv.Atoi(v)
	for i, p := range t.Players {
		if norm(p.Name) == norm(v) || (err == nil && id > 0 && (p.WDDID == id || p.WDRID == id)) {
			found = append(found, i)
		}
	}
	switch len(found) {
	case 0:
		return -1, fmt.Errorf("no player %q on the Players sheet", v)
	case 1:
		return found[0], nil
	}
	return -1, fmt.Errorf("%q names %d players (%s)", v, len(found), names(t, found))
}

// playedBoard reports whether a player sat at a board: in a seat, or
// replaced in one.
func playedBoard(g *workbook.Game, p int) bool {
	return slices.ContainsFunc(g.Seats, func(s workbook.Seat) bool { return s.Player == p || s.Replaced == p })
}

// storedSubmissions reads the Submissions tab into each board's
// submissions, in the tab's order; a row dtm cannot read again is a
// problem at its cell.
func storedSubmissions(b *workbook.Book) (map[[2]int][]submitted, []workbook.Submission, workbook.Problems, error) {
	rows, ps, err := b.ReadSubmissions()
	if err != nil {
		return nil, nil, nil, err
	}
	t := b.Tournament
	out := map[[2]int][]submitted{}
	for _, s := range rows {
		at := func(col, format string, args ...any) {
			ps = append(ps, workbook.Problem{Sheet: workbook.SheetSubmissions, Cell: col + strconv.Itoa(s.Row), Msg: fmt.Sprintf(format, args...),
				Hint: "dtm import keeps this tab under two-party confirmation: put the row back as it was (the previous workbook is in the dtm-backups folder), or delete the row to forget that submission"})
		}
		p, err := playerOf(t, s.By)
		if err != nil {
			at("C", "%v", err)
			continue
		}
		parsed, _, rps := files.ReadResults(s.File, strings.NewReader(s.Header+"\n"+s.Text))
		if len(rps) > 0 || len(parsed) != 1 || parsed[0].Heat != s.Heat || parsed[0].Board != s.Board {
			at("G", "the submitted line no longer reads as a result of board %d of heat %d", s.Board, s.Heat)
			continue
		}
		key := [2]int{s.Heat, s.Board}
		out[key] = append(out[key], submitted{By: p, Where: s.File + ":" + strconv.Itoa(s.Line), Text: s.Text, Result: parsed[0].Result})
	}
	return out, rows, ps, nil
}

// describe says where a board stands from its submissions (and whether it
// is Finished), naming the players and quoting a contest; agreed is the
// submission two players confirm, or nil.
func describe(t *workbook.Tournament, key [2]int, subs []submitted, finished bool) (BoardConfirmation, *submitted) {
	state, agreed, differ := boardConfirmation(subs, finished)
	bc := BoardConfirmation{Heat: key[0], Board: key[1], State: state}
	for _, s := range subs {
		if !slices.Contains(bc.By, t.Players[s.By].Name) {
			bc.By = append(bc.By, t.Players[s.By].Name)
		}
	}
	for _, s := range differ {
		if s != nil {
			bc.Quotes = append(bc.Quotes, fmt.Sprintf("%s (%s): %q", s.Where, t.Players[s.By].Name, s.Text))
		}
	}
	return bc, agreed
}

// confirmations says where each seated board of every heat stands: Final
// when Finished on its heat sheet; otherwise, under two-party confirmation,
// from its submissions on the Submissions tab (Awaiting when they confirm
// a board the director set back from Finished), and without it Not
// reported.
// The map is by heat and board.
func confirmations(b *workbook.Book) (map[[2]int]BoardConfirmation, workbook.Problems, error) {
	t := b.Tournament
	var subs map[[2]int][]submitted
	var ps workbook.Problems
	if t.Settings.Confirmation {
		var err error
		if subs, _, ps, err = storedSubmissions(b); err != nil {
			return nil, nil, err
		}
	}
	out := map[[2]int]BoardConfirmation{}
	for _, h := range t.Heats {
		for i := range h.Games {
			g := &h.Games[i]
			if !slices.ContainsFunc(g.Seats, func(s workbook.Seat) bool { return s.Player >= 0 }) {
				continue
			}
			key := [2]int{h.Number, g.Board}
			bc, _ := describe(t, key, subs[key], g.Status == workbook.Finished)
			if bc.State == Final && g.Status != workbook.Finished {
				// Confirmed, then set back from Finished by the director:
				// the board waits on them, whatever its players said.
				bc.State = Awaiting
			}
			out[key] = bc
		}
	}
	return out, ps, nil
}

// confirmed is what an import's rows come to under two-party confirmation.
type confirmed struct {
	// write are the rows to write into the heat sheets: those for boards
	// already Finished, and one for each board the submissions confirm.
	write []files.ResultsRow
	// tab is the Submissions tab's rows, the added new ones last.
	tab   []workbook.Submission
	added int
	// boards says where each board submitted for stands.
	boards []BoardConfirmation
	// unchanged counts the rows that repeat their player's latest submission.
	unchanged int
}

// confirmRows takes an import's rows as submissions under two-party
// confirmation. A row for a board already Finished goes on as without
// confirmation (to write); every other row is checked (its submitter a
// player of its board, its status Finished) and added to the board's
// submissions unless the same player's latest one already says the same.
// Problems are at their lines, or at the Submissions tab's cells.
func confirmRows(name string, rows []files.ResultsRow, b *workbook.Book) (*confirmed, workbook.Problems, error) {
	t := b.Tournament
	subs, tab, ps, err := storedSubmissions(b)
	if err != nil {
		return nil, nil, err
	}
	c := &confirmed{tab: tab}
	var touched [][2]int
	for _, r := range rows {
		heat := &t.Heats[r.Heat-1]
		g := &heat.Games[gameIndex(t, r.Heat, r.Board)]
		if r.SubmittedBy == "" {
			ps = append(ps, files.LineProblemf(name, r.Line, "add a Submitted by column naming the player who sends each line, or set Two-party confirmation to No",
				"%s: Two-party confirmation is on (%s on the Tournament sheet), and the line does not say who submitted it", workbook.BoardCode(r.Heat, r.Board), t.Settings.SettingCell(workbook.SetConfirmation)))
			continue
		}
		p, perr := playerOf(t, r.SubmittedBy)
		switch {
		case perr != nil:
			ps = append(ps, files.LineProblemf(name, r.Line, "give the player's name as on the Players sheet, or their WDD or WDR id", "column Submitted by: %v", perr))
			continue
		case !playedBoard(g, p):
			ps = append(ps, files.LineProblemf(name, r.Line, "only the board's own players confirm its result: type it on the heat sheet yourself and mark it Finished to decide it",
				"%s: %s did not play board %d of heat %d, so cannot submit its result", workbook.BoardCode(r.Heat, r.Board), t.Players[p].Name, r.Board, r.Heat))
			continue
		case g.Status == workbook.Finished:
			c.write = append(c.write, r) // final already: the row is checked against it as without confirmation
			continue
		case r.Result.Status != workbook.Finished:
			ps = append(ps, files.LineProblemf(name, r.Line, "submit the result once the game is over (Status Finished, or empty)",
				"%s: a submission reports a finished game, not a %s one", workbook.BoardCode(r.Heat, r.Board), workbook.ChoicesStatus[r.Result.Status]))
			continue
		}
		key := [2]int{r.Heat, r.Board}
		if !slices.Contains(touched, key) {
			touched = append(touched, key)
		}
		if last := latestOf(subs[key], p); last != nil && reflect.DeepEqual(last.Result, r.Result) {
			c.unchanged++
			continue
		}
		subs[key] = append(subs[key], submitted{By: p, Where: name + ":" + strconv.Itoa(r.Line), Line: r.Line, Text: r.Text, Result: r.Result})
		c.tab = append(c.tab, workbook.Submission{Heat: r.Heat, Board: r.Board, By: t.Players[p].Name, File: name, Line: r.Line, Header: r.Header, Text: r.Text})
		c.added++
	}
	for _, key := range touched {
		bc, agreed := describe(t, key, subs[key], false)
		c.boards = append(c.boards, bc)
		line := 0 // the last line of this file about the board
		for _, s := range subs[key] {
			line = max(line, s.Line)
		}
		if bc.State == Final && line > 0 {
			c.write = append(c.write, files.ResultsRow{Line: line, Heat: key[0], Board: key[1], Result: agreed.Result})
		}
	}
	return c, ps, nil
}
