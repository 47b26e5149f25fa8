package files

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// Site is everything the tournament's site shows, worked out from the
// workbook and its standings with the publication policy applied: what is
// withheld is not in it.
type Site struct {
	Name, Description string
	Updated           string // when it was published, as the pages say
	Heats             int    // heats of the tournament
	Played            int    // the last heat with a finished game; 0 before any
	Complete          bool   // every game of every heat has finished
	// Current is the standings after the last heat played (the final
	// standings when Complete), nil when withheld or before any game.
	Current *standingsPage
	// After are the standings after each heat played, those withheld left
	// out. The lines of those before the last heat played are worked out
	// as Render writes each page, and let go after it (Lines nil until
	// then): a large event's standings after each heat are not held at
	// once.
	After []*standingsPage
	// Withheld says in words what the policy keeps off the site.
	Withheld []string
	// HeatPages are the heats with boards; Calls the heats with seated
	// boards.
	HeatPages []*heatPage
	Calls     []*callsPage
	Players   []*playerPage // in the Players sheet's order, by player id
	Powers    []powerLine
	Awards    []awardLine
	Teams     *teamsPage // nil without a team tournament, or when withheld
	HasTeams  bool
	Clocks    []*clockPage
	// Playing are the players who take part (scoring.EventPlayer.Absent
	// unset), in the Players sheet's order: the players page lists them
	// and each has a page.
	Playing []*playerPage
	// NextCalls is the calls of the heat being played or about to be
	// (the last seated heat not finished), else the last seated heat.
	NextCalls *callsPage
	// LastHeat is the page of the last heat with a finished game.
	LastHeat *heatPage
	// Wall is the current standings in large type, page by page, for the
	// wall; nil when Current is.
	Wall []wallPage
	// Certificates are the published awards' winners, one to a printed
	// page.
	Certificates []certificate
	// Date is the last heat's date, as the workbook gives it ("" for none).
	Date string
	// Provisional names the boards in play, on every page and on the
	// projector's standings, awards and teams: "Provisional: heat 3 boards
	// 2, 5 in play". Empty when none is.
	Provisional string
	// Scoring is the printable table of the tournament's scoring system
	// (AddScoring); nil when not added.
	Scoring *scoringPage
	// Reports are the heats under way (called, in play or reported), each
	// with its boards by where their results stand, for the projector's
	// Board reports page; the director fills them in.
	Reports []HeatReports
	// progress works out the standings after each earlier heat as Render
	// needs them; nil when no such page is published.
	progress *scoring.Progress
	// scores holds each score's text as score prints it, made once: the
	// standings after each heat show the same few scores hundreds of
	// thousands of times.
	scores map[float64]string
}

// score prints a score as the package's score does, each value once.
func (s *Site) score(v float64) string {
	text, ok := s.scores[v]
	if !ok {
		text = score(v)
		if s.scores == nil {
			s.scores = map[float64]string{}
		}
		s.scores[v] = text
	}
	return text
}

// MarkProvisional marks the site's standings provisional while heats are
// in play, naming their boards not finished.
func (s *Site) MarkProvisional(inPlay []workbook.HeatStatus) {
	if note := workbook.ProvisionalNote(inPlay); note != "" {
		s.Provisional = strings.ToUpper(note[:1]) + note[1:]
	}
}

// standingsPage is the standings after a heat.
type standingsPage struct {
	File, Title string
	After       int  // the heat
	Final       bool // the final standings
	Heats       []int
	Lines       []standingsLine
	MinHeats    int
	Chart       barChart // the leaders' totals
}

// standingsLine is one player's line of the standings.
type standingsLine struct {
	Rank      int
	Player    *playerPage
	Heats     []heatCell
	Total     string
	Value     float64 // the total, for the chart
	Qualified bool
	TieBreak  string
}

// heatCell is a player's score in one heat of the standings.
type heatCell struct {
	Heat    int
	Score   string
	Dropped bool // left out or multiplied by the drop rule
	Played  bool
}

// heatPage is a heat's boards and results.
type heatPage struct {
	File, Title string
	Number      int
	Date        string
	Scores      bool // game scores are published
	Boards      []*boardView
	Finished    int // boards finished
}

// boardView is one board of a heat.
type boardView struct {
	Heat, Board int
	Anchor      string
	Status      string
	System      string
	Outcome     string // "France solo in 1909", "3-way draw in 1910"
	Top         bool   // a top board (workbook.Heat.TopBoards), labelled wherever it is shown
	Seats       []seatView
	Years       []int // the centre chart's years, when recorded
}

// seatView is one power on a board.
type seatView struct {
	Power   string
	Player  *playerPage // nil when the seat is empty
	Result  string
	Year    string
	Centres string
	Score   string
	Chart   []string // centres at the end of each of the board's Years
	Won     bool
}

// callsPage is a heat's board calls: by board and by player.
type callsPage struct {
	File, Title string
	Heat        int
	Date        string
	Boards      []*boardView
	ByName      []callLine
	SittingOut  []*playerPage
}

// callLine is one player's board in the list by name.
type callLine struct {
	Shown  string // "Carter, Chloe"
	Player *playerPage
	Board  *boardView
	Power  string
}

// playerPage is one player's page.
type playerPage struct {
	File, Name, Country, Team string
	Index                     int
	Anchor                    string // the player's line in the lists by name: "p7"
	Games                     []playerGame
	Rank                      int // in the current standings; 0 when withheld
	Total                     string
	// Chart is drawn from ranks as the page is written, and let go after.
	Chart rankChart
	// ranks is the player's rank after each heat (ranks[h-1]) whose
	// standings are published, 0 after the others.
	ranks []int
	link  string // the link to the page as playerLink writes it, once written
}

// playerGame is a heat of a player.
type playerGame struct {
	Heat    int
	Board   *boardView
	Power   string
	Result  string
	Centres string
	Score   string
	Status  string
}

// powerLine is a power's best results.
type powerLine struct {
	Power string
	Games []powerGame
}

// powerGame is one of a power's best games.
type powerGame struct {
	Player  *playerPage
	Board   *boardView
	Centres string
	Score   string
}

// awardLine is one award.
type awardLine struct {
	Name    string
	Winners []awardWinner
	Detail  string
}

// awardWinner is a player (with a page) or a team.
type awardWinner struct {
	Player *playerPage
	Name   string
}

// teamsPage is the team standings.
type teamsPage struct {
	Lines []teamLine
}

// teamLine is one team's line.
type teamLine struct {
	Rank    int
	Name    string
	Total   string
	Members []*playerPage
	Games   []string
}

// siteInput is what building the site needs.
type siteInput struct {
	t       *workbook.Tournament
	event   scoring.Event
	table   scoring.Table
	updated string
}

// BuildSite works out the site of a scored tournament: its standings,
// heats, board calls, players, best powers, awards, teams and room clocks;
// updated is when the pages say it was published.
func BuildSite(t *workbook.Tournament, event scoring.Event, table scoring.Table, updated string) (*Site, error) {
	in := siteInput{t: t, event: event, table: table, updated: updated}
	s := &Site{Name: t.Settings.Name, Description: t.Settings.Description, Updated: in.updated, Heats: t.Settings.Heats,
		HasTeams: t.Settings.TeamSize > 0}
	pub := t.Settings.Publication
	for _, g := range in.event.Games {
		s.Played = max(s.Played, g.Heat)
	}
	s.Complete = s.Played == t.Settings.Heats
	for _, h := range t.Heats {
		s.Complete = s.Complete && len(h.Games) > 0 && !slices.ContainsFunc(h.Games, func(g workbook.Game) bool { return g.Status != workbook.Finished })
	}
	// visible reports whether the standings after heat n are published.
	visible := func(n int) bool {
		if s.Complete && n == t.Settings.Heats {
			return !pub.WithholdFinal
		}
		return !slices.Contains(pub.WithheldHeats, n)
	}
	finalOut := s.Complete && !pub.WithholdFinal
	scoresShown := func(n int) bool { return visible(n) || finalOut }

	s.players(t, in.event)
	s.heats(t, scoresShown)

	// The standings after each heat, and the current ones.
	played := map[int]bool{}
	for _, g := range in.event.Games {
		played[g.Heat] = true
	}
	var shown, earlier []int // the heats whose standings are published; those before the last played
	for n := 1; n <= s.Played; n++ {
		if played[n] && visible(n) {
			shown = append(shown, n)
			if n < s.Played {
				earlier = append(earlier, n)
			}
		}
	}
	if len(earlier) > 0 {
		p, err := scoring.NewProgress(in.event)
		if err != nil {
			return nil, fmt.Errorf("standings after each heat: %w", err)
		}
		s.progress = p
	}
	for _, n := range shown {
		page := s.standingsPage(t, n)
		if !s.earlier(page) {
			s.fillStandings(page, in.table.Players)
		}
		page.File = fmt.Sprintf("standings-heat-%d.html", n)
		s.After = append(s.After, page)
		if n == s.Played {
			cur := *page
			cur.File = "standings.html"
			s.Current = &cur
		}
	}
	if s.Current != nil {
		for _, st := range in.table.Players {
			p := s.Players[st.Player]
			p.Rank, p.Total = st.Rank, s.score(st.Total)
		}
	}
	s.powers(t, scoresShown, in.event.Rules.AwardsByCentres)
	s.awards(in, pub.WithheldAwards)
	if s.HasTeams && s.Current != nil {
		s.Teams = &teamsPage{}
		for _, ts := range in.table.Teams {
			team := in.event.Teams[ts.Team]
			line := teamLine{Rank: ts.Rank, Name: team.Name, Total: score(ts.Total)}
			for _, m := range team.Members {
				line.Members = append(line.Members, s.Players[m])
			}
			for _, g := range ts.Counted {
				line.Games = append(line.Games, fmt.Sprintf("%s, heat %d board %d: %s", s.Players[g.Player].Name, g.Heat, g.Board, score(g.Score)))
			}
			s.Teams.Lines = append(s.Teams.Lines, line)
		}
	}
	s.withheldNotes(t, played, visible)
	s.clocks(t)
	if s.Current != nil {
		s.Wall = wallPages(s.Current.Lines)
	}
	s.Certificates = certificates(s.Awards)
	for _, hp := range s.HeatPages {
		if hp.Date != "" {
			s.Date = hp.Date
		}
	}
	return s, nil
}

// players makes a page for every player, and lists those who take part.
func (s *Site) players(t *workbook.Tournament, e scoring.Event) {
	team := map[int]string{}
	if t.Settings.TeamSize > 0 {
		for _, tm := range t.Teams {
			for _, m := range tm.Members {
				team[m] = tm.Name
			}
		}
	}
	// Each player's games, counted first so that each page's list is
	// made once at its length: thousands of pages' lists grown a game at
	// a time cost the site a good part of its memory churn.
	games := make([]int, len(t.Players))
	for i := range t.Heats {
		for j := range t.Heats[i].Games {
			for _, seat := range t.Heats[i].Games[j].Seats {
				if seat.Player >= 0 && seat.Player < len(games) {
					games[seat.Player]++
				}
			}
		}
	}
	for i, p := range t.Players {
		n := strconv.Itoa(i + 1)
		page := &playerPage{File: "player-" + n + ".html", Name: p.Name, Country: p.Country, Team: team[i], Index: i, Anchor: "p" + n}
		if games[i] > 0 {
			page.Games = make([]playerGame, 0, games[i])
		}
		s.Players = append(s.Players, page)
		if i >= len(e.Players) || !e.Players[i].Absent {
			s.Playing = append(s.Playing, s.Players[i])
		}
	}
}

// heats makes the heat pages and the board calls.
func (s *Site) heats(t *workbook.Tournament, scoresShown func(int) bool) {
	var ranks []int // made for the first heat with boards
	for hi := range t.Heats {
		h := &t.Heats[hi]
		if len(h.Games) == 0 {
			continue
		}
		hp := &heatPage{File: fmt.Sprintf("heat-%d.html", h.Number), Title: workbook.HeatSheet(h.Number), Number: h.Number,
			Date: h.Date, Scores: scoresShown(h.Number)}
		calls := &callsPage{File: fmt.Sprintf("calls-heat-%d.html", h.Number), Title: workbook.HeatSheet(h.Number) + ": board calls",
			Heat: h.Number, Date: h.Date}
		top := h.TopBoards()
		seats := 0
		for gi := range h.Games {
			seats += len(h.Games[gi].Seats)
		}
		if seats > 0 {
			calls.ByName = make([]callLine, 0, seats)
		}
		for gi := range h.Games {
			g := &h.Games[gi]
			bv := s.board(t, h, g, hp.Scores)
			bv.Top = top[g.Board]
			hp.Boards = append(hp.Boards, bv)
			if g.Status == workbook.Finished {
				hp.Finished++
			}
			calls.Boards = append(calls.Boards, bv)
			for _, seat := range bv.Seats {
				if seat.Player != nil {
					calls.ByName = append(calls.ByName, callLine{Shown: sortName(t.Players[seat.Player.Index]), Player: seat.Player, Board: bv, Power: seat.Power})
				}
			}
		}
		if ranks == nil {
			ranks = nameRanks(t)
		}
		sortCalls(ranks, calls.ByName)
		for i, p := range t.Players {
			if h.Number <= len(p.Registration) && p.Registration[h.Number-1] == workbook.SittingOut {
				calls.SittingOut = append(calls.SittingOut, s.Players[i])
			}
		}
		s.HeatPages = append(s.HeatPages, hp)
		s.Calls = append(s.Calls, calls)
		if hp.Finished > 0 {
			s.LastHeat = hp
		}
	}
	for i, hp := range s.HeatPages {
		if s.NextCalls == nil && hp.Finished < len(hp.Boards) {
			s.NextCalls = s.Calls[i]
		}
	}
	if s.NextCalls == nil && len(s.Calls) > 0 {
		s.NextCalls = s.Calls[len(s.Calls)-1]
	}
}

// board describes one board of a heat, and adds it to its players' pages.
func (s *Site) board(t *workbook.Tournament, h *workbook.Heat, g *workbook.Game, scores bool) *boardView {
	bv := &boardView{Heat: h.Number, Board: g.Board, Anchor: "board-" + strconv.Itoa(g.Board),
		Status: workbook.ChoicesStatus[g.Status], System: t.SystemName(h, g), Seats: make([]seatView, 0, len(g.Seats))}
	years := map[int]bool{}
	wins, last := 0, 0
	for _, seat := range g.Seats {
		for y := range seat.History {
			years[y] = true
		}
		if seat.Result == workbook.Win || seat.Result == workbook.ConcededWin {
			wins++
		}
		last = max(last, seat.Year)
	}
	for y := range years {
		bv.Years = append(bv.Years, y)
	}
	slices.Sort(bv.Years)
	var winners []string
	for _, seat := range g.Seats {
		var sv seatView
		if seat.Power >= 0 {
			sv.Power = workbook.ChoicesPower[seat.Power]
		}
		if seat.Player >= 0 {
			sv.Player = s.Players[seat.Player]
		}
		if g.Status == workbook.Finished {
			sv.Result = resultText(seat.Result, wins)
			sv.Won = seat.Result == workbook.Win || seat.Result == workbook.ConcededWin
			if sv.Won {
				winners = append(winners, sv.Power)
			}
			if seat.Year > 0 {
				sv.Year = strconv.Itoa(seat.Year)
			}
			if seat.Centres >= 0 {
				sv.Centres = strconv.Itoa(seat.Centres)
			}
			if g.Scored && scores {
				sv.Score = s.score(seat.Score)
			}
		}
		if len(bv.Years) > 0 {
			sv.Chart = make([]string, 0, len(bv.Years))
		}
		for _, y := range bv.Years {
			c, ok := seat.History[y]
			cell := ""
			if ok {
				cell = strconv.Itoa(c)
			}
			sv.Chart = append(sv.Chart, cell)
		}
		bv.Seats = append(bv.Seats, sv)
	}
	if g.Status == workbook.Finished {
		switch {
		case len(winners) == 1 && wins == 1:
			bv.Outcome = fmt.Sprintf("%s solo in %d", winners[0], last)
		case len(winners) > 1:
			bv.Outcome = fmt.Sprintf("%d-way draw in %d: %s", len(winners), last, strings.Join(winners, ", "))
		case last > 0:
			bv.Outcome = fmt.Sprintf("finished in %d", last)
		}
	}
	for _, sv := range bv.Seats {
		if sv.Player == nil {
			continue
		}
		sv.Player.Games = append(sv.Player.Games, playerGame{Heat: h.Number, Board: bv, Power: sv.Power, Result: sv.Result,
			Centres: sv.Centres, Score: sv.Score, Status: bv.Status})
	}
	return bv
}

// resultText says what a seat's result was, in a game with wins winners.
func resultText(r workbook.Result, wins int) string {
	switch {
	case r == workbook.ConcededWin:
		return "Conceded win"
	case r == workbook.Win && wins == 1:
		return "Solo"
	case r == workbook.Win:
		return fmt.Sprintf("%d-way draw", wins)
	case r == workbook.Loss:
		return "Loss"
	}
	return ""
}

// sortName is how the list by name shows a player: "Carter, Chloe".
func sortName(p workbook.Player) string {
	if p.Last != "" && p.First != "" {
		return p.Last + ", " + p.First
	}
	return p.Name
}

// nameRanks ranks the players as the printed board calls list them: by
// last name, then first name, ignoring case and accents first
// (workbook.NameRanks).
func nameRanks(t *workbook.Tournament) []int {
	return workbook.NameRanks(len(t.Players), func(i int) (string, string) {
		p := &t.Players[i]
		if p.Last == "" {
			return p.First, ""
		}
		return p.Last, p.First
	})
}

// sortCalls sorts the list by name as the printed board calls do: by the
// players' ranks by name (nameRanks), then board, lines equal in both kept
// in their order. The keys are sorted, each with its line's place, and the
// lines moved once: sorting the lines themselves moved pointers about,
// each move through the garbage collector's write barrier.
func sortCalls(ranks []int, lines []callLine) {
	type key struct{ rank, board, at int }
	keys := make([]key, len(lines))
	for i, l := range lines {
		keys[i] = key{ranks[l.Player.Index], l.Board.Board, i}
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.rank, b.rank), cmp.Compare(a.board, b.board), cmp.Compare(a.at, b.at))
	})
	sorted := make([]callLine, len(lines))
	for i, k := range keys {
		sorted[i] = lines[k.at]
	}
	copy(lines, sorted)
}

// standingsPage makes the standings page after heat n, without its lines.
func (s *Site) standingsPage(t *workbook.Tournament, n int) *standingsPage {
	page := &standingsPage{After: n, Final: s.Complete && n == t.Settings.Heats, MinHeats: t.Settings.MinHeats}
	page.Title = fmt.Sprintf("Standings after heat %d", n)
	if page.Final {
		page.Title = "Final standings"
	}
	for h := 1; h <= n; h++ {
		page.Heats = append(page.Heats, h)
	}
	return page
}

// fillStandings gives a standings page its lines and its chart of the
// leaders, and each player's rank after the page's heat.
func (s *Site) fillStandings(page *standingsPage, lines []scoring.Standing) {
	n := page.After
	page.Lines = make([]standingsLine, len(lines))
	cells := make([]heatCell, len(lines)*n) // every line's, in one piece
	for li, st := range lines {
		line := standingsLine{Rank: st.Rank, Player: s.Players[st.Player], Total: s.score(st.Total), Value: st.Total, Qualified: st.Qualified, TieBreak: st.TieBreak,
			Heats: cells[li*n : (li+1)*n : (li+1)*n]}
		for i, hs := range st.Heats[:n] {
			c := heatCell{Heat: i + 1, Played: hs.Played, Dropped: hs.Factor != 1 && hs.Played}
			if hs.Played || hs.Score != 0 {
				c.Score = s.score(hs.Score)
			}
			line.Heats[i] = c
		}
		page.Lines[li] = line
		if line.Player.ranks == nil {
			line.Player.ranks = make([]int, s.Played)
		}
		line.Player.ranks[n-1] = st.Rank
	}
	page.Chart = leadersChart(page.Lines)
}

// earlier reports a standings page after a heat before the last played:
// its lines are worked out as it is written (Site.progress), not held.
func (s *Site) earlier(page *standingsPage) bool { return page.After < s.Played }

// writeStandings hands a standings page to write, its lines worked out
// first and let go after when they are worked out as it is written.
func (s *Site) writeStandings(page *standingsPage, write func()) {
	if !s.earlier(page) {
		write()
		return
	}
	s.fillStandings(page, s.progress.After(page.After))
	write()
	page.Lines, page.Chart = nil, barChart{}
}

// writePlayer hands a player's page to write, with the chart of the
// player's rank after each heat whose standings are published, drawn for
// it alone.
func (s *Site) writePlayer(p *playerPage, write func()) {
	var points []rankPoint
	for h, r := range p.ranks {
		if r > 0 {
			points = append(points, rankPoint{Heat: h + 1, Rank: r})
		}
	}
	p.Chart = rankChartOf(points, len(s.Playing), s.Played)
	write()
	p.Chart = rankChart{}
}

// powers lists each power's three best games among those whose scores are
// published, by score (or by centres, score breaking ties, as the awards
// go), the earlier first of equal games.
func (s *Site) powers(t *workbook.Tournament, scoresShown func(int) bool, byCentres bool) {
	type entry struct {
		seat  workbook.Seat
		board *boardView
	}
	best := make([][]entry, len(workbook.ChoicesPower))
	boards := map[[2]int]*boardView{}
	for _, hp := range s.HeatPages {
		for _, b := range hp.Boards {
			boards[[2]int{b.Heat, b.Board}] = b
		}
	}
	order := func(a, b entry) int {
		if byCentres && a.seat.Centres != b.seat.Centres {
			return b.seat.Centres - a.seat.Centres
		}
		switch {
		case a.seat.Score > b.seat.Score:
			return -1
		case a.seat.Score < b.seat.Score:
			return 1
		}
		return b.seat.Centres - a.seat.Centres
	}
	for hi := range t.Heats {
		h := &t.Heats[hi]
		if !scoresShown(h.Number) {
			continue
		}
		for gi := range h.Games {
			g := &h.Games[gi]
			if !g.Scored {
				continue
			}
			for _, seat := range g.Seats {
				// The three best so far, in order; a game equal to one
				// listed goes after it, the earlier first.
				e, top := entry{seat, boards[[2]int{h.Number, g.Board}]}, best[seat.Power]
				i := len(top)
				for i > 0 && order(e, top[i-1]) < 0 {
					i--
				}
				if i < 3 {
					best[seat.Power] = slices.Insert(top, i, e)[:min(3, len(top)+1)]
				}
			}
		}
	}
	for pw, list := range best {
		line := powerLine{Power: workbook.ChoicesPower[pw]}
		for _, e := range list {
			line.Games = append(line.Games, powerGame{Player: s.Players[e.seat.Player], Board: e.board,
				Centres: strconv.Itoa(max(e.seat.Centres, 0)), Score: score(e.seat.Score)})
		}
		s.Powers = append(s.Powers, line)
	}
}

// awards lists the published awards: none named in the policy, and those
// made from the totals only with the current standings.
func (s *Site) awards(in siteInput, withheld []string) {
	for _, a := range in.table.Awards {
		if slices.Contains(withheld, a.Name) {
			continue
		}
		if a.Kind != scoring.BestPowerAward && s.Current == nil {
			continue
		}
		line := awardLine{Name: a.Name, Detail: a.Detail}
		for _, w := range a.Winners {
			if a.Team {
				line.Winners = append(line.Winners, awardWinner{Name: in.event.Teams[w].Name})
			} else {
				line.Winners = append(line.Winners, awardWinner{Player: s.Players[w], Name: s.Players[w].Name})
			}
		}
		s.Awards = append(s.Awards, line)
	}
}

// withheldNotes says what the policy keeps off the site, for the home page.
func (s *Site) withheldNotes(t *workbook.Tournament, played map[int]bool, visible func(int) bool) {
	var heats []string
	for n := 1; n <= s.Played; n++ {
		if played[n] && !visible(n) && !(s.Complete && n == t.Settings.Heats) {
			heats = append(heats, strconv.Itoa(n))
		}
	}
	if len(heats) > 0 {
		word := "heat "
		if len(heats) > 1 {
			word = "heats "
		}
		s.Withheld = append(s.Withheld, "The standings after "+word+AndList(heats)+" are not posted.")
	}
	if s.Complete && t.Settings.Publication.WithholdFinal {
		s.Withheld = append(s.Withheld, "The final standings and the awards made from them will be announced at the ceremony.")
	}
	if n := len(t.Settings.Publication.WithheldAwards); n > 0 {
		s.Withheld = append(s.Withheld, fmt.Sprintf("%d award%s will be announced at the ceremony.", n, pluralS(n)))
	}
}

// AndList joins items as a sentence does: "1, 2 and 3".
func AndList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// pluralS is "s" unless n is 1.
func pluralS(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// score prints a score as a director reads it: files.Number of it rounded to
// at most four decimals, with a true minus sign.
func score(v float64) string {
	r := math.Round(v*1e4) / 1e4
	if r == 0 {
		r = 0 // no "-0"
	}
	out := Number(r)
	return strings.Replace(out, "-", "\u2212", 1)
}
