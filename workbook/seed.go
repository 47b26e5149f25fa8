package workbook

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// SeedProblem converts the tournament into the seeder's problem for heat n:
// the conflict values, conflicts, groups, teams (only when team-mates count
// against each other: best games without interplay), power groups, power
// preferences and their method (the caller sets the choice order), and the
// boards of heats 1..n-1 as history (a replaced player counts as having met
// the board and played its power).
func (t *Tournament) SeedProblem(n int) *seeding.Problem {
	s := t.Settings
	p := &seeding.Problem{
		Values:       s.Values,
		PowerGroups:  s.PowerGroups,
		AssignPowers: !s.PowersAtTables,
		Method:       s.PreferenceMethod,
	}
	if p.AssignPowers {
		p.PowerRule = s.PowerRule
	}
	for i, pl := range t.Players {
		p.Players = append(p.Players, pl.Name)
		if pl.TwoBoards {
			if p.TwoBoards == nil {
				p.TwoBoards = map[int]bool{}
			}
			p.TwoBoards[i] = true
		}
		if len(pl.Prefers) > 0 && p.AssignPowers && (s.Preference > 0 || s.PreferenceMethod == seeding.LowestRankedFirst) {
			if p.Preferences == nil {
				p.Preferences = map[int][]int{}
			}
			p.Preferences[i] = pl.Prefers
		}
	}
	for _, c := range t.Conflicts {
		p.Conflicts = append(p.Conflicts, seeding.Conflict{A: c.A, B: c.B, Value: c.Value, Kind: c.Note})
	}
	for _, g := range t.Groups {
		p.Groups = append(p.Groups, seeding.Group{Name: g.Name, Members: g.Members, Value: g.Value})
	}
	if s.TeamSize > 0 && s.Team.Kind == scoring.BestGames {
		for _, tm := range t.Teams {
			p.Teams = append(p.Teams, seeding.Team{Name: tm.Name, Members: tm.Members})
		}
	}
	for h := 1; h < n && h <= len(t.Heats); h++ {
		plan := seeding.Plan{Round: h}
		for _, g := range t.Heats[h-1].Games {
			if b, ok := g.SeedingBoard(); ok {
				plan.Boards = append(plan.Boards, b)
			}
		}
		if len(plan.Boards) > 0 {
			p.History = append(p.History, plan)
		}
	}
	return p
}

// SeedingBoard converts a heat sheet's board of seven seated players as
// the seeder sees it: locked when it has started, the players replaced during
// the game as Left, and no powers unless all seven are typed. It returns
// false when the board is not complete (the check reports why).
func (g Game) SeedingBoard() (seeding.Board, bool) {
	if len(g.Seats) != dip.BoardSize {
		return seeding.Board{}, false
	}
	b := seeding.Board{Locked: g.Status != Unstarted}
	powers := 0
	for _, s := range g.Seats {
		if s.Player < 0 {
			return seeding.Board{}, false
		}
		power := seeding.NoPower
		if s.Power >= 0 {
			power = s.Power
			powers++
		}
		b.Seats = append(b.Seats, seeding.Seat{Player: s.Player, Power: power})
		if s.Replaced >= 0 {
			b.Left = append(b.Left, seeding.Seat{Player: s.Replaced, Power: power})
		}
	}
	if powers != 0 && powers != dip.BoardSize { // powers not all typed yet: seat without them
		for i := range b.Seats {
			b.Seats[i].Power = seeding.NoPower
		}
	}
	return b, true
}

// HeatSeating is what seeding heat n starts from: the players to seat and
// the boards that are locked (started or finished).
type HeatSeating struct {
	Heat    int
	Present []int           // registered players not on a locked board, in Players order
	Locked  []seeding.Board // started and finished boards, kept as they are
	Numbers []int           // the locked boards' numbers
}

// resultHeader names the first column in which a seat records a result, or
// "" when it records none.
func (s Seat) resultHeader() string {
	switch {
	case s.Result != NoResult:
		return HeaderResult
	case s.Year != 0:
		return HeaderYear
	case s.Centres >= 0:
		return HeaderCentres
	}
	for y := FirstGameYear; y <= LastGameYear; y++ {
		if _, ok := s.History[y]; ok {
			return strconv.Itoa(y)
		}
	}
	return ""
}

// NextHeat returns the heat dtm seed seats by default: the earliest heat
// with a registered player not yet seated on one of its boards (so a heat
// whose top board was seated and started by hand is seeded around it; a
// player replaced during a game counts as seated), or 0 when every
// registered player is seated.
func (t *Tournament) NextHeat() int {
	for n := 1; n <= len(t.Heats); n++ {
		if len(t.Unseated(n)) > 0 {
			return n
		}
	}
	return 0
}

// Unseated lists the players registered for heat n (Registration.Plays)
// who are on none of its boards (Heat.Seated: a player replaced during a
// game counts as seated), in Players order.
func (t *Tournament) Unseated(n int) []int {
	seated := t.Heats[n-1].Seated()
	var out []int
	for p, pl := range t.Players {
		if pl.Registration[n-1].Plays() && !seated[p] {
			out = append(out, p)
		}
	}
	return out
}

// Seating returns heat n's players to seat and locked boards. It fails with
// located problems when a board that would be reseeded holds results.
func (t *Tournament) Seating(n int) (HeatSeating, error) {
	hs := HeatSeating{Heat: n}
	heat := &t.Heats[n-1]
	onLocked := map[int]bool{}
	var ps Problems
	for _, g := range heat.Games {
		if g.Status == Unstarted {
			for _, s := range g.Seats {
				if at := s.resultHeader(); at != "" {
					ps = append(ps, Problem{Sheet: HeatSheet(n), Cell: heat.cell(s.Row, at),
						Msg:  fmt.Sprintf("board %d is Unstarted but has results; seeding would replace it", g.Board),
						Hint: "set its status to Started to keep it, or clear its results"})
					break
				}
			}
			continue
		}
		b, ok := g.SeedingBoard()
		if !ok {
			ps = append(ps, Problem{Sheet: HeatSheet(n), Cell: heat.cell(g.Seats[0].Row, HeaderBoard),
				Msg: fmt.Sprintf("board %d is started but not complete", g.Board), Hint: "seat seven players on it, or set it back to Unstarted"})
			continue
		}
		hs.Locked = append(hs.Locked, b)
		hs.Numbers = append(hs.Numbers, g.Board)
		for _, s := range slices.Concat(b.Seats, b.Left) { // a player replaced during the game included
			onLocked[s.Player] = true
		}
	}
	if len(ps) > 0 {
		return hs, ps
	}
	for i, p := range t.Players {
		if p.Registration[n-1].Plays() && !onLocked[i] {
			hs.Present = append(hs.Present, i)
		}
	}
	return hs, nil
}

// SetRegistration sets players' registration for heat n, on the Players
// sheet and in memory: dtm seed --sit-out auto marks who sits out
// (SittingOut) and brings back who plays after all (Registered).
func (b *Book) SetRegistration(n int, players []int, r Registration) error {
	col, ok := b.Tournament.playerCols[normalHeader(HeatSheet(n))]
	if !ok {
		return fmt.Errorf("the Players sheet has no %q column", HeatSheet(n))
	}
	for _, p := range players {
		pl := &b.Tournament.Players[p]
		cell := cellName(col+1, pl.Row)
		var v any // NotRegistered: an empty cell
		if r > NotRegistered && int(r) <= len(ChoicesRegistration) {
			v = ChoicesRegistration[r-1]
		}
		if err := xlsx.SetCellValue(b.f, SheetPlayers, cell, v); err != nil {
			return fmt.Errorf("set %s's registration for heat %d: %w", pl.Name, n, err)
		}
		pl.Registration[n-1] = r
	}
	return nil
}

// Seated is a board dtm seed writes: its number and seats.
type Seated struct {
	Number int
	Board  seeding.Board
	// System, when set, is written in a new board's Scoring system column: dtm
	// seed --pool writes the heat's own system on the pool's boards, which
	// marks them as the top boards without changing how they are scored.
	System string
}

// Number assigns board numbers to a seeded plan: locked boards keep theirs,
// new boards take the lowest numbers free.
func (hs HeatSeating) Number(plan seeding.Plan) []Seated {
	used := map[int]bool{}
	for _, n := range hs.Numbers {
		used[n] = true
	}
	var out []Seated
	next := 1
	for i, b := range plan.Boards {
		if i < len(hs.Locked) {
			out = append(out, Seated{Number: hs.Numbers[i], Board: b})
			continue
		}
		for used[next] {
			next++
		}
		used[next] = true
		out = append(out, Seated{Number: next, Board: b})
	}
	return out
}

// seatingColumns are the heat-sheet columns of an unstarted board that
// seeding rewrites (its results are empty: Seating refuses otherwise).
var seatingColumns = []string{HeaderBoard, HeaderStatus, HeaderGameSystem, HeaderPower, HeaderSeatPlayer, HeaderConflictTotal, HeaderConflictDetail}

// WriteSeating writes heat n's new boards into its sheet, in place: the
// rows of the boards that had not started are emptied, the new boards
// written into the free rows (Board, Status Unstarted, Power, Player), and
// every seated player's Conflict and Conflict detail filled in. Started and
// finished boards' rows are not touched but for those two computed columns.
// The sheet is created if the heat has none. Each row is as tall as its
// wrapped Player and Conflict detail (layoutHeat).
func (b *Book) WriteSeating(n int, boards []Seated, ex seeding.Explanation, p *seeding.Problem) error {
	heat := &b.Tournament.Heats[n-1]
	sheet := HeatSheet(n)
	bl := &builder{f: b.f, letter: b.Tournament.Settings.Letter}
	var err error
	if bl.st, err = newStyles(b.f); err != nil {
		return err
	}
	if !heat.Sheet {
		bl.heatSheet(n)
		if bl.err != nil {
			return bl.err
		}
		heat.cols = map[string]int{}
		for i, c := range heatColumns {
			heat.cols[normalHeader(c.header)] = i
		}
		heat.Sheet = true
	}
	// What goes in which cell, in order (nil empties it).
	type write struct {
		row    int
		header string
		v      any
	}
	var writes []write
	lockedRows := map[int]bool{}
	rowOf := map[[2]int]int{} // player and board number -> row, for the conflict columns
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			if g.Status != Unstarted {
				lockedRows[s.Row] = true
				if s.Player >= 0 {
					rowOf[[2]int{s.Player, g.Board}] = s.Row
				}
				continue
			}
			for _, h := range seatingColumns {
				writes = append(writes, write{s.Row, h, nil})
			}
		}
	}
	row := 2
	for _, sb := range boards {
		if sb.Board.Locked {
			continue
		}
		for _, s := range sb.Board.Seats {
			for lockedRows[row] {
				row++
			}
			power := ""
			if s.Power != seeding.NoPower {
				power = ChoicesPower[s.Power]
			}
			writes = append(writes, write{row, HeaderBoard, sb.Number}, write{row, HeaderStatus, ChoicesStatus[Unstarted]},
				write{row, HeaderPower, power}, write{row, HeaderSeatPlayer, p.Players[s.Player]})
			if sb.System != "" {
				writes = append(writes, write{row, HeaderGameSystem, sb.System})
			}
			rowOf[[2]int{s.Player, sb.Number}] = row
			row++
		}
	}
	if row-1 > heatSheetRows+1 { // more boards than the template's dropdowns cover
		for i, c := range heatColumns {
			sqref := fmt.Sprintf("%s%d:%s%d", columnName(i+1), heatSheetRows+2, columnName(i+1), row-1)
			if c.choices != nil || c.list != "" {
				if has, err := b.x.HasDataValidation(sheet, sqref); err != nil || !has { // not again on a reseed
					bl.do(err)
					bl.do(b.addDropdown(sheet, sqref, c.choices, c.list))
				}
			}
		}
	}
	for _, pc := range ex.Players {
		if pc.Board < 0 || pc.Board >= len(boards) {
			continue
		}
		r, ok := rowOf[[2]int{pc.Player, boards[pc.Board].Number}]
		if !ok {
			continue
		}
		total, detail := conflictText(pc, p)
		writes = append(writes, write{r, HeaderConflictTotal, total}, write{r, HeaderConflictDetail, detail})
	}
	// The cells are written on save, into the sheet's bytes (see
	// patch.go), unless a text would not come back as it is.
	later := true
	for _, w := range writes {
		if v, ok := w.v.(string); ok && !xlsx.Patchable(v) {
			later = false
		}
	}
	rows := b.Tournament.wrappedRows(heat)
	for _, w := range writes {
		col, ok := heat.cols[normalHeader(w.header)]
		switch {
		case !ok:
		case later:
			b.x.PatchCell(sheet, w.row, col+1, w.v)
		default:
			bl.do(xlsx.SetCellValue(b.f, sheet, cellName(col+1, w.row), w.v))
		}
		text, _ := w.v.(string)
		r := rows[w.row]
		switch w.header {
		case HeaderSeatPlayer:
			r.player = text
		case HeaderConflictDetail:
			r.detail = text
		}
		rows[w.row] = r
	}
	if bl.err != nil {
		return bl.err
	}
	return b.layoutHeat(heat, rows, true)
}

// addDropdown adds a dropdown (see newDropdown) to a sheet.
func (b *Book) addDropdown(sheet, sqref string, choices []string, list string) error {
	dv, err := newDropdown(sqref, choices, list)
	if err != nil {
		return fmt.Errorf("%s: %w", sheet, err)
	}
	return b.x.AddDataValidation(sheet, dv)
}

// conflictText is what a player's Conflict and Conflict detail cells say.
func conflictText(pc seeding.PlayerConflicts, p *seeding.Problem) (int, string) {
	var parts []string
	for _, it := range pc.Items {
		parts = append(parts, it.Describe(p))
	}
	return pc.Total, strings.Join(parts, "; ")
}

// conflictCells returns what the Conflict and Conflict detail cells of each
// seat row of heat n's sheet should say, as the explanation of its seated
// boards gives them; rows it does not cover (an empty seat, an incomplete
// board) are absent and should be empty.
func (t *Tournament) conflictCells(n int, ex seeding.Explanation, p *seeding.Problem) map[int][2]string {
	rowOf := map[[2]int]int{} // player and board number -> row
	var numbers []int         // the board number of each board of HeatPlan
	for _, g := range t.Heats[n-1].Games {
		if _, ok := g.SeedingBoard(); ok {
			numbers = append(numbers, g.Board)
		}
		for _, s := range g.Seats {
			if s.Player >= 0 {
				rowOf[[2]int{s.Player, g.Board}] = s.Row
			}
		}
	}
	out := map[int][2]string{}
	for _, pc := range ex.Players {
		if pc.Board < 0 || pc.Board >= len(numbers) {
			continue
		}
		if r, ok := rowOf[[2]int{pc.Player, numbers[pc.Board]}]; ok {
			total, detail := conflictText(pc, p)
			out[r] = [2]string{strconv.Itoa(total), detail}
		}
	}
	return out
}

// WriteConflicts rewrites the Conflict and Conflict detail columns of heat
// n's sheet from an explanation of its seating as the sheet stands (dtm seed
// --refresh, after a director's swaps): only those two computed columns
// change, and not on a board where a player was replaced during the game
// (a replacement is no change of seating: they stay as the board was
// called). Each row is as tall as its wrapped text (layoutHeat). The
// change is made in memory; Save writes it.
func (b *Book) WriteConflicts(n int, ex seeding.Explanation, p *seeding.Problem) error {
	heat := &b.Tournament.Heats[n-1]
	sheet := HeatSheet(n)
	want := b.Tournament.conflictCells(n, ex, p)
	rows := b.Tournament.wrappedRows(heat)
	for _, g := range heat.Games {
		if g.Replacement() {
			continue
		}
		for _, s := range g.Seats {
			cells, ok := want[s.Row]
			if heat.cell(s.Row, HeaderConflictDetail) != "" {
				r := rows[s.Row]
				r.detail = cells[1]
				rows[s.Row] = r
			}
			for k, h := range []string{HeaderConflictTotal, HeaderConflictDetail} {
				c := heat.cell(s.Row, h)
				if c == "" {
					continue
				}
				var v any
				if ok && k == 0 {
					v, _ = strconv.Atoi(cells[0])
				} else if ok {
					v = cells[1]
				}
				if err := xlsx.SetCellValue(b.f, sheet, c, v); err != nil {
					return err
				}
			}
		}
	}
	return b.layoutHeat(heat, rows, true)
}

// StaleConflicts compares heat n's Conflict and Conflict detail columns, as
// read, with an explanation of its seating as the sheet stands. It returns
// a warning at the first cell that differs (after a director's swap), or
// nil when they all match or are all empty (a heat seated by hand, never
// by dtm seed). A board where a player was replaced during the game keeps
// the columns of the board as called (WriteConflicts): it is not compared.
func (t *Tournament) StaleConflicts(n int, ex seeding.Explanation, p *seeding.Problem) *Problem {
	diffs := t.ConflictDifferences(n, ex, p)
	if len(diffs) == 0 {
		return nil
	}
	first := diffs[0]
	first.Hint = fmt.Sprintf("run dtm seed --refresh --heat %d", n)
	first.Msg = fmt.Sprintf("warning: the Conflict columns do not match the seating (%s; %s stale)", first.Msg, plural(len(diffs), "cell"))
	return &first
}

// ConflictDifferences lists every cell of heat n's Conflict and Conflict
// detail columns that differs from an explanation of its seating as the
// sheet stands (StaleConflicts), none when the columns are all empty.
func (t *Tournament) ConflictDifferences(n int, ex seeding.Explanation, p *seeding.Problem) Problems {
	heat := &t.Heats[n-1]
	written := false
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			written = written || s.conflict != [2]string{}
		}
	}
	if !written {
		return nil
	}
	want := t.conflictCells(n, ex, p)
	var out Problems
	for _, g := range heat.Games {
		if g.Replacement() {
			continue
		}
		for _, s := range g.Seats {
			for k, h := range []string{HeaderConflictTotal, HeaderConflictDetail} {
				c := heat.cell(s.Row, h)
				if c == "" || s.conflict[k] == want[s.Row][k] {
					continue
				}
				out = append(out, Problem{Sheet: HeatSheet(n), Cell: c,
					Msg: fmt.Sprintf("%s reads %q, the seating now gives %q", lowerFirst(h), clip(s.conflict[k]), clip(want[s.Row][k]))})
			}
		}
	}
	return out
}

// clip shortens a cell's text for a message.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:57]) + "..."
	}
	return s
}

// Unseed empties heat n's boards that have not started (dtm seed --unseed):
// their players go back to being registered; started and finished boards
// stay, and the emptied rows go back to one line high (layoutHeat).
func (b *Book) Unseed(n int) (int, error) {
	heat := &b.Tournament.Heats[n-1]
	sheet := HeatSheet(n)
	count := 0
	rows := b.Tournament.wrappedRows(heat)
	for _, g := range heat.Games {
		if g.Status != Unstarted {
			continue
		}
		count++
		for _, s := range g.Seats {
			rows[s.Row] = wrapped{override: rows[s.Row].override}
			for _, h := range seatingColumns {
				if c := heat.cell(s.Row, h); c != "" {
					if err := xlsx.SetCellValue(b.f, sheet, c, nil); err != nil {
						return count, err
					}
				}
			}
		}
	}
	return count, b.layoutHeat(heat, rows, true)
}

// HeatPlan returns heat n's complete boards as a seating plan (round n), to
// explain their conflicts after a director's edits.
func (t *Tournament) HeatPlan(n int) seeding.Plan {
	plan := seeding.Plan{Round: n}
	for _, g := range t.Heats[n-1].Games {
		if b, ok := g.SeedingBoard(); ok {
			plan.Boards = append(plan.Boards, b)
		}
	}
	return plan
}

// CallBoards lists heat n's boards as seeded for the board calls
// (WriteBoardCalls), seats in power order: the kept boards with their own
// scoring system, the new ones with the heat's.
func (t *Tournament) CallBoards(n int, p *seeding.Problem, boards []Seated) []CallBoard {
	heat := &t.Heats[n-1]
	var out []CallBoard
	var own []bool
	for _, sb := range boards {
		g := &Game{Board: sb.Number, System: sb.System}
		if sb.Board.Locked {
			if i := slices.IndexFunc(heat.Games, func(g Game) bool { return g.Board == sb.Number }); i >= 0 {
				g = &heat.Games[i]
			}
		}
		var seats []CallSeat
		for _, s := range sb.Board.Seats {
			power := ""
			if s.Power != seeding.NoPower {
				power = ChoicesPower[s.Power]
			}
			seats = append(seats, CallSeat{Power: power, Player: p.Players[s.Player]})
		}
		out = append(out, t.callBoard(heat, g, seats))
		own = append(own, g.System != "")
	}
	sortMarked(out, own)
	return out
}

// sortMarked sorts a heat's call boards by number, own (whether each has
// its own scoring system) alongside, and marks the top boards.
func sortMarked(out []CallBoard, own []bool) {
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return out[a].Board - out[b].Board })
	boards, mine := make([]CallBoard, len(out)), make([]bool, len(out))
	for k, i := range idx {
		boards[k], mine[k] = out[i], own[i]
	}
	copy(out, boards)
	markTop(out, mine)
}

// HeatCallBoards lists heat n's boards as its sheet stands, for the board
// calls (dtm seed --refresh), seats in power order. A seat whose player was
// replaced during the game names the player called to it, as printed.
func (t *Tournament) HeatCallBoards(n int) []CallBoard {
	heat := &t.Heats[n-1]
	var out []CallBoard
	var own []bool
	for i := range heat.Games {
		g := &heat.Games[i]
		var seats []CallSeat
		for _, s := range g.Seats {
			var cs CallSeat
			if s.Power >= 0 {
				cs.Power = ChoicesPower[s.Power]
			}
			switch {
			case s.Replaced >= 0: // the calls name who was called to the seat
				cs.Player = t.Players[s.Replaced].Name
			case s.Player >= 0:
				cs.Player = t.Players[s.Player].Name
			}
			seats = append(seats, cs)
		}
		out = append(out, t.callBoard(heat, g, seats))
		own = append(own, g.System != "")
	}
	sortMarked(out, own)
	return out
}

// callBoard is a board of a heat for the board calls: its seats in power
// order (a seat without a power last) and its scoring system (sortMarked
// then marks the top boards).
func (t *Tournament) callBoard(heat *Heat, g *Game, seats []CallSeat) CallBoard {
	order := func(s CallSeat) int {
		if i := slices.Index(ChoicesPower, s.Power); i >= 0 {
			return i
		}
		return len(ChoicesPower)
	}
	slices.SortStableFunc(seats, func(a, b CallSeat) int { return order(a) - order(b) })
	cb := CallBoard{Board: g.Board, Seats: seats, System: t.SystemName(heat, g), Rank: t.Settings.Method == scoring.HurstMean}
	if sys, ok := t.SystemByName(cb.System); ok {
		cb.FinalYear = sys.FinalYear
		cb.Rank = cb.Rank || sys.Criterion == int(scoring.Rank)
	}
	return cb
}

// DropOuts lists the seats, on heat n's boards that have not started, of
// players who no longer play the heat (their registration cleared, or
// Sitting out): indexes of the heat's game and of the seat in it.
func (t *Tournament) DropOuts(n int) [][2]int {
	var drops [][2]int
	for gi, g := range t.Heats[n-1].Games {
		if g.Status != Unstarted {
			continue
		}
		for si, s := range g.Seats {
			if s.Player >= 0 && !t.Players[s.Player].Registration[n-1].Plays() {
				drops = append(drops, [2]int{gi, si})
			}
		}
	}
	return drops
}

// DropOutWarnings lists heat n's DropOuts as warnings at their Player
// cells.
func (t *Tournament) DropOutWarnings(n int) Problems {
	heat := &t.Heats[n-1]
	var out Problems
	for _, d := range t.DropOuts(n) {
		g := heat.Games[d[0]]
		s := g.Seats[d[1]]
		out = append(out, Problem{Sheet: HeatSheet(n), Cell: heat.cell(s.Row, HeaderSeatPlayer),
			Msg:  fmt.Sprintf("warning: %s is seated on board %d but no longer plays heat %d (Players sheet)", t.Players[s.Player].Name, g.Board, n),
			Hint: fmt.Sprintf("dtm seed --late gives the seat to a late player or a standby sitting the heat out; or register them again for heat %d", n)})
	}
	return out
}

// PowerRuleWarnings lists, as warnings located at the Power cells, the
// seats of heat n that break the Tournament sheet's power rule (after a
// swap by hand, or powers typed in): every board counts, started or not.
func (t *Tournament) PowerRuleWarnings(n int, p *seeding.Problem) Problems {
	plan := t.HeatPlan(n)
	for i := range plan.Boards {
		plan.Boards[i].Locked = false
	}
	heat := &t.Heats[n-1]
	var out Problems
	for _, br := range seeding.RuleBreaks(p, plan) {
		cell := ""
		for _, g := range heat.Games {
			for _, s := range g.Seats {
				if s.Player == br.Player && s.Power == br.Power { // a player on two boards has two seats
					cell = heat.cell(s.Row, HeaderPower)
				}
			}
		}
		out = append(out, Problem{Sheet: HeatSheet(n), Cell: cell,
			Msg: fmt.Sprintf("warning: %s plays %s, which the power rule %q forbids (%s)", p.Players[br.Player],
				dip.Power(br.Power).String(), t.Settings.PowerRule, br.PlayedText()),
			Hint: "swap powers so that the rule holds, or reseed the heat's unstarted boards with dtm seed --heat " + strconv.Itoa(n)})
	}
	return out
}
