package director

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// StatusRequest says which workbook to report on.
type StatusRequest struct {
	Path string
	// Now is the time now, for the minutes since each heat's start; the
	// zero time is the clock's.
	Now time.Time
}

// StatusResult is where a tournament stands (dtm status): what a director
// needs to know on the day, read from the workbook without changing it.
type StatusResult struct {
	Path       string
	Tournament string
	Heats      []workbook.HeatStatus
	// Final is set when every heat is scored: the standings are final.
	Final bool
	// Unseated are the registered players without a seat in each called
	// or in-play heat.
	Unseated []Unseated
	// DroppedOut are the players seated on a heat's unstarted boards who
	// no longer play it (registration cleared, or Sitting out).
	DroppedOut []Unseated
	// Stale is what dtm wrote (board calls, their QR codes, Conflict
	// columns) that no longer matches the sheets.
	Stale workbook.Problems
	// Next is the one thing to do next: a command to run, or what to type.
	Next string
	// Confirmation is the Two-party confirmation setting; Reports are each
	// heat's boards by where their results stand, as Heats.
	Confirmation bool
	Reports      []files.BoardReports
	// Seedings are the seated heats' seeding records, by heat (nil for a
	// heat with no board).
	Seedings []*files.SeedingReport
}

// Unseated are the players registered for a heat under way (called or in
// play) who have no seat in it.
type Unseated struct {
	Heat    int
	Players []string
	// Cell is the first one's registration, on the Players sheet.
	Cell string
}

// Status reads a workbook and reports where the tournament stands: each
// heat's state and boards, the registered players not seated, stale board
// calls, whether the standings are final, and what to do next. It never
// writes. A workbook with problems gives a *ProblemsError.
func Status(req StatusRequest) (*StatusResult, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	res := &StatusResult{Path: req.Path, Tournament: t.Settings.Name, Final: b.Final(), Unseated: unseated(b)}
	for _, h := range t.Heats {
		res.Heats = append(res.Heats, b.HeatStatus(h.Number))
		d := Unseated{Heat: h.Number}
		for _, at := range t.DropOuts(h.Number) {
			d.Players = append(d.Players, t.Players[h.Games[at[0]].Seats[at[1]].Player].Name)
		}
		if len(d.Players) > 0 {
			res.DroppedOut = append(res.DroppedOut, d)
		}
	}
	if res.Stale, err = staleAll(b); err != nil {
		return nil, err
	}
	if res.Reports, err = boardReports(b, res.Heats, req.Now); err != nil {
		return nil, err
	}
	for _, h := range t.Heats {
		sr, err := seedingReport(b, h.Number)
		if err != nil {
			return nil, err
		}
		res.Seedings = append(res.Seedings, sr)
	}
	res.Confirmation = t.Settings.Confirmation
	res.Next = res.next(t)
	return res, nil
}

// boardReports lists each heat's boards by where their results stand
// (heats are their statuses), with the minutes since the start of those
// under way at now (zero: the clock's). A row of the Submissions tab dtm
// cannot read is left out: dtm check warns of it, dtm import refuses it.
func boardReports(b *workbook.Book, heats []workbook.HeatStatus, now time.Time) ([]files.BoardReports, error) {
	reports, _, err := confirmations(b)
	if err != nil {
		return nil, err
	}
	if now.IsZero() {
		now = time.Now()
	}
	var out []files.BoardReports
	for i, h := range b.Tournament.Heats {
		out = append(out, heatReports(&h, heats[i], reports, now))
	}
	return out, nil
}

// seedingReport says how heat n was seated, by its seeding record, and
// whether dtm verify can seat it again (prepareReplay); nil for a heat with
// no board.
func seedingReport(b *workbook.Book, n int) (*files.SeedingReport, error) {
	r, rec, why, err := prepareReplay(b, n)
	if err != nil || r == nil && why == "" {
		return nil, err
	}
	mode := rec.Mode
	if rec.PoolBy != "" {
		mode += " (" + rec.PoolBy + ")"
	}
	return &files.SeedingReport{Recorded: rec.Version != "", Seed: rec.Seed, DTM: rec.Version, Mode: mode, Replayable: r != nil, WhyNot: why}, nil
}

// underWay reports a heat called, in play or reported: its results are
// coming in.
func underWay(s workbook.HeatState) bool {
	return s == workbook.Called || s == workbook.InPlay || s == workbook.Reported
}

// heatReports lists a heat's seated boards by where their results stand,
// with the minutes since its start while it is under way.
func heatReports(h *workbook.Heat, st workbook.HeatStatus, reports map[[2]int]BoardConfirmation, now time.Time) files.BoardReports {
	r := files.BoardReports{NotReported: []int{}, Awaiting: []int{}, Contested: []int{}, Final: []int{}, Contests: []files.ContestReport{}}
	for _, g := range h.Games {
		c, ok := reports[[2]int{h.Number, g.Board}]
		if !ok {
			continue
		}
		switch c.State {
		case NotReported:
			r.NotReported = append(r.NotReported, g.Board)
		case Awaiting:
			r.Awaiting = append(r.Awaiting, g.Board)
		case Contested:
			r.Contested = append(r.Contested, g.Board)
			r.Contests = append(r.Contests, files.ContestReport{Board: g.Board, Submissions: c.Quotes})
		case Final:
			r.Final = append(r.Final, g.Board)
		}
	}
	if underWay(st.State) && h.Start >= 0 {
		day := h.Day
		if day.IsZero() {
			day = now
		}
		start := time.Date(day.Year(), day.Month(), day.Day(), h.Start/60, h.Start%60, 0, 0, now.Location())
		m := int(math.Floor(now.Sub(start).Minutes()))
		r.Minutes = &m
	}
	return r
}

// unseated lists, for each heat that is called or in play, the players
// registered for it who have no seat in it (a replaced player counts as
// seated: they played the board).
func unseated(b *workbook.Book) []Unseated {
	t := b.Tournament
	var out []Unseated
	for i, heat := range t.Heats {
		if st := b.HeatStatus(heat.Number).State; st != workbook.Called && st != workbook.InPlay {
			continue
		}
		seated := map[int]bool{}
		for _, g := range heat.Games {
			for _, s := range g.Seats {
				seated[s.Player], seated[s.Replaced] = true, true
			}
		}
		u := Unseated{Heat: heat.Number}
		for p, pl := range t.Players {
			if pl.Registration[i].Plays() && !seated[p] {
				if u.Cell == "" {
					u.Cell = t.PlayerCell(p, workbook.HeatSheet(heat.Number))
				}
				u.Players = append(u.Players, pl.Name)
			}
		}
		if len(u.Players) > 0 {
			out = append(out, u)
		}
	}
	return out
}

// unseatedWarnings says, in one line per heat, which registered players
// are not yet seated in a heat under way.
func unseatedWarnings(us []Unseated) workbook.Problems {
	var out workbook.Problems
	for _, u := range us {
		out = append(out, workbook.Problem{Sheet: workbook.SheetPlayers, Cell: u.Cell,
			Msg: fmt.Sprintf("warning: heat %d is under way and %s registered for it not seated: %s", u.Heat,
				countPlayers(len(u.Players)), strings.Join(u.Players, ", ")),
			Hint: fmt.Sprintf("seat them with dtm seed --late --heat %d, or mark them Sitting out", u.Heat)})
	}
	return out
}

// countPlayers is "1 player is" or "3 players are".
func countPlayers(n int) string {
	if n == 1 {
		return "1 player is"
	}
	return strconv.Itoa(n) + " players are"
}

// staleAll lists what dtm wrote that no longer matches the workbook, heat
// by heat (staleOutput).
func staleAll(b *workbook.Book) (workbook.Problems, error) {
	t := b.Tournament
	var out workbook.Problems
	for h := 1; h <= len(t.Heats); h++ {
		plan := t.HeatPlan(h)
		if len(plan.Boards) == 0 {
			continue
		}
		problem := t.SeedProblem(h)
		ex, err := seeding.Explain(problem, plan)
		if err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
		stale, err := staleOutput(b, h, ex, problem)
		if err != nil {
			return nil, err
		}
		out = append(out, stale...)
	}
	return out, nil
}

// next is the one thing a director does next: seat the players waiting in
// a heat under way (around its started boards, or in drop-outs' seats and
// on new boards as --late does), rewrite what is stale, score a reported heat, enter the
// results of boards in play, play a called heat, seed the next heat, and
// at the end send the results.
func (r *StatusResult) next(t *workbook.Tournament) string {
	wb := shellWord(r.Path)
	byState := func(s workbook.HeatState) *workbook.HeatStatus {
		i := slices.IndexFunc(r.Heats, func(h workbook.HeatStatus) bool { return h.State == s })
		if i < 0 {
			return nil
		}
		return &r.Heats[i]
	}
	called := byState(workbook.Called)
	waiting := slices.Concat(r.Unseated, r.DroppedOut)
	slices.SortStableFunc(waiting, func(a, b Unseated) int { return a.Heat - b.Heat })
	switch {
	case len(waiting) > 0 && len(r.Heats[waiting[0].Heat-1].Unstarted) == 0 && t.NextHeat() == waiting[0].Heat:
		return "dtm seed " + wb // only started boards: seating the rest moves nobody
	case len(waiting) > 0 && len(r.Heats[waiting[0].Heat-1].Unstarted) == 0:
		return fmt.Sprintf("dtm seed --heat %d %s", waiting[0].Heat, wb)
	case len(waiting) > 0: // seating them rewrites the heat's calls too
		return fmt.Sprintf("dtm seed --late --heat %d %s", waiting[0].Heat, wb)
	case len(r.Stale) > 0:
		return "dtm seed --refresh " + wb
	case called != nil && !called.Calls:
		return fmt.Sprintf("dtm seed --refresh --heat %d %s", called.Heat, wb)
	case byState(workbook.Reported) != nil:
		return "dtm score " + wb
	case byState(workbook.InPlay) != nil:
		h := byState(workbook.InPlay)
		return fmt.Sprintf("enter the results of heat %d's %s on the %s sheet (or dtm import RESULTS.csv %s)",
			h.Heat, boardList(slices.Concat(h.Started, h.Unstarted)), workbook.HeatSheet(h.Heat), wb)
	case called != nil:
		return fmt.Sprintf("play heat %d: print the %s tab, and mark each board Started on the %s sheet as it starts",
			called.Heat, workbook.BoardCallsSheet(called.Heat), workbook.HeatSheet(called.Heat))
	case byState(workbook.NotSeeded) != nil:
		h := byState(workbook.NotSeeded).Heat
		switch {
		case !slices.ContainsFunc(t.Players, func(p workbook.Player) bool { return p.Registration[h-1].Plays() }):
			return fmt.Sprintf("register the players of heat %d (Players sheet, %s column), then dtm seed %s", h, workbook.HeatSheet(h), wb)
		case t.NextHeat() == h:
			return "dtm seed " + wb
		}
		return fmt.Sprintf("dtm seed --heat %d %s", h, wb)
	}
	flags := ""
	if t.Settings.ResultsToWDD {
		flags += " --wdd"
	}
	if t.Settings.ResultsToWDR {
		flags += " --wdr"
	}
	if flags == "" {
		flags = " --csv"
	}
	return "dtm export" + flags + " " + wb
}

// shellWord quotes a path for a command line when it holds anything but
// letters, digits and . _ / -.
func shellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// plainWord matches a word a shell takes as it is.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9._/-]+$`)

// boardList names boards in short: "board 3", "boards 1-4, 6".
func boardList(boards []int) string {
	if len(boards) == 1 {
		return "board " + strconv.Itoa(boards[0])
	}
	return "boards " + files.NumberRanges(boards)
}

// WriteText prints the status for a director to read at a glance: one
// line per heat with its boards, then who is not seated, what is stale,
// whether the standings are final, and what to do next.
func (r *StatusResult) WriteText(w io.Writer) {
	fmt.Fprintf(w, "%s: %s\n", r.Path, r.Tournament)
	var heats strings.Builder
	tw := tabwriter.NewWriter(&heats, 0, 0, 2, ' ', 0)
	for i, h := range r.Heats {
		fmt.Fprintf(tw, "  heat %d\t%s\t%s%s\n", h.Heat, h.State, boardsByStatus(h), r.since(i))
	}
	tw.Flush()
	for _, line := range strings.Split(strings.TrimSuffix(heats.String(), "\n"), "\n") {
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	r.writeReports(w)
	for i, sr := range r.Seedings {
		switch {
		case sr == nil:
		case !sr.Recorded:
			fmt.Fprintf(w, "seating of heat %d: %s\n", i+1, sr.WhyNot)
		case sr.Replayable:
			fmt.Fprintf(w, "seating of heat %d: heat seed %d, dtm %s, mode %s; dtm verify can seat it again\n", i+1, sr.Seed, sr.DTM, sr.Mode)
		default:
			fmt.Fprintf(w, "seating of heat %d: heat seed %d, dtm %s, mode %s; %s\n", i+1, sr.Seed, sr.DTM, sr.Mode, sr.WhyNot)
		}
	}
	for _, u := range r.Unseated {
		fmt.Fprintf(w, "not seated in heat %d (%d registered): %s\n", u.Heat, len(u.Players), someNames(u.Players))
	}
	for _, d := range r.DroppedOut {
		fmt.Fprintf(w, "dropped out of heat %d (%d seated, no longer registered): %s\n", d.Heat, len(d.Players), someNames(d.Players))
	}
	for _, p := range r.Stale {
		p.Msg = strings.TrimPrefix(p.Msg, "warning: ")
		fmt.Fprintf(w, "stale: %s\n", p)
	}
	if r.Final {
		fmt.Fprintln(w, "standings: final")
	} else {
		var open []int
		for _, h := range r.Heats {
			if h.State != workbook.Scored {
				open = append(open, h.Heat)
			}
		}
		what := "heat"
		if len(open) > 1 {
			what = "heats"
		}
		fmt.Fprintf(w, "standings: not final (%s %s not scored)\n", what, files.NumberRanges(open))
	}
	fmt.Fprintf(w, "next: %s\n", r.Next)
}

// since says how long ago heat i (from 0) started: "; started 42 min
// ago", "; starts in 5 min"; "" when not known.
func (r *StatusResult) since(i int) string {
	if i >= len(r.Reports) || r.Reports[i].Minutes == nil {
		return ""
	}
	return "; " + files.SinceStart(*r.Reports[i].Minutes)
}

// writeReports prints, under two-party confirmation, the boards of each
// heat under way by where their results stand, and each contest's two
// submissions.
func (r *StatusResult) writeReports(w io.Writer) {
	if !r.Confirmation {
		return
	}
	for i, h := range r.Heats {
		if !underWay(h.State) {
			continue
		}
		rep := r.Reports[i]
		fmt.Fprintf(w, "results of heat %d: %s\n", h.Heat, reportList(rep))
		for _, c := range rep.Contests {
			fmt.Fprintf(w, "contested: %s: %s differs from %s\n", workbook.BoardCode(h.Heat, c.Board), c.Submissions[0], c.Submissions[1])
		}
	}
}

// reportList names a heat's boards by where their results stand: "final
// 1-2; awaiting 3; contested 5; not reported 4, 6".
func reportList(r files.BoardReports) string {
	var parts []string
	for _, s := range []struct {
		what   string
		boards []int
	}{{"final", r.Final}, {"awaiting", r.Awaiting}, {"contested", r.Contested}, {"not reported", r.NotReported}} {
		if len(s.boards) > 0 {
			parts = append(parts, s.what+" "+files.NumberRanges(s.boards))
		}
	}
	return strings.Join(parts, "; ")
}

// someNames lists up to eight names, and how many more.
func someNames(names []string) string {
	const most = 8
	if len(names) <= most {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:most], ", "), len(names)-most)
}

// boardsByStatus describes a heat's boards by status: "in play 3, 5; finished
// 1-2, 4; not started 6-7", and whether a called heat's calls are written.
func boardsByStatus(h workbook.HeatStatus) string {
	var parts []string
	for _, s := range []struct {
		what   string
		boards []int
	}{{"in play", h.Started}, {"finished", h.Finished}, {"not started", h.Unstarted}} {
		if len(s.boards) > 0 {
			parts = append(parts, s.what+" "+files.NumberRanges(s.boards))
		}
	}
	switch {
	case h.State == workbook.Called && h.Calls:
		parts = append(parts, "board calls written")
	case h.State == workbook.Called:
		parts = append(parts, "no board calls")
	case h.State == workbook.Reported:
		parts = append(parts, "not scored")
	}
	return strings.Join(parts, "; ")
}

// Report is the status as dtm status --json prints it.
func (r *StatusResult) Report() files.StatusReport {
	rep := files.StatusReport{Tournament: r.Tournament, Final: r.Final, Confirmation: r.Confirmation, Heats: []files.HeatStatusReport{},
		Unseated: []files.UnseatedReport{}, DroppedOut: []files.UnseatedReport{}, Stale: []files.StaleReport{}, Next: r.Next}
	list := func(ns []int) []int { return append([]int{}, ns...) }
	for i, h := range r.Heats {
		hr := files.HeatStatusReport{Heat: h.Heat, State: h.State.String(), Calls: h.Calls,
			Unstarted: list(h.Unstarted), InPlay: list(h.Started), Finished: list(h.Finished)}
		if i < len(r.Reports) {
			hr.BoardReports = r.Reports[i]
		}
		if i < len(r.Seedings) {
			hr.Seeding = r.Seedings[i]
		}
		rep.Heats = append(rep.Heats, hr)
	}
	for _, u := range r.Unseated {
		rep.Unseated = append(rep.Unseated, files.UnseatedReport{Heat: u.Heat, Players: u.Players})
	}
	for _, d := range r.DroppedOut {
		rep.DroppedOut = append(rep.DroppedOut, files.UnseatedReport{Heat: d.Heat, Players: d.Players})
	}
	for _, p := range r.Stale {
		rep.Stale = append(rep.Stale, files.StaleReport{Where: p.Location(), Message: strings.TrimPrefix(p.Msg, "warning: "), Hint: p.Hint})
	}
	return rep
}
