package workbook

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/seeding"
)

// SeedProblem converts the tournament into the seeder's problem for heat n:
// the conflict values, conflicts, groups, teams (only when team-mates count
// against each other: best games without interplay), power groups, and the
// boards of heats 1..n-1 as history (a replaced player counts as having met
// the board and played its power).
func (t *Tournament) SeedProblem(n int) *seeding.Problem {
	s := t.Settings
	p := &seeding.Problem{
		Values:       seeding.Values{RepeatOpponent: s.SameOpponent, SamePower: s.SamePower, TeamMember: s.TeamMember},
		PowerGroups:  s.PowerGroups,
		AssignPowers: !s.PowersAtTables,
	}
	for _, pl := range t.Players {
		p.Players = append(p.Players, pl.Name)
	}
	for _, c := range t.Conflicts {
		p.Conflicts = append(p.Conflicts, seeding.Conflict{A: c.A, B: c.B, Value: c.Value, Kind: c.Note})
	}
	for _, g := range t.Groups {
		p.Groups = append(p.Groups, seeding.Group{Name: g.Name, Members: g.Members, Value: g.Value})
	}
	if s.TeamSize > 0 && s.TeamBestOf {
		for _, tm := range t.Teams {
			p.Teams = append(p.Teams, seeding.Team{Name: tm.Name, Members: tm.Members})
		}
	}
	for h := 1; h < n && h <= len(t.Heats); h++ {
		plan := seeding.Plan{Round: h}
		for _, g := range t.Heats[h-1].Games {
			if b, ok := seedBoard(g); ok {
				plan.Boards = append(plan.Boards, b)
			}
		}
		if len(plan.Boards) > 0 {
			p.History = append(p.History, plan)
		}
	}
	return p
}

// seedBoard converts a board of seven seated players; false when it is not
// complete (the check reports why).
func seedBoard(g Game) (seeding.Board, bool) {
	if len(g.Seats) != seeding.BoardSize {
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
	if powers != 0 && powers != seeding.BoardSize { // powers not all typed yet: seat without them
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
	SitOut  []int           // registered players chosen to sit out (SitOutAuto)
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

// NextHeat returns the heat dtm seed seats by default: the first heat with
// registered players whose boards are not all started.
func (t *Tournament) NextHeat() int {
	for i, h := range t.Heats {
		done := len(h.Games) > 0
		for _, g := range h.Games {
			done = done && g.Status != Unstarted
		}
		if done {
			continue
		}
		for _, p := range t.Players {
			if p.Registration[i].Plays() {
				return i + 1
			}
		}
	}
	return 0
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
		b, ok := seedBoard(g)
		if !ok {
			ps = append(ps, Problem{Sheet: HeatSheet(n), Cell: heat.cell(g.Seats[0].Row, HeaderBoard),
				Msg: fmt.Sprintf("board %d is started but not complete", g.Board), Hint: "seat seven players on it, or set it back to Unstarted"})
			continue
		}
		hs.Locked = append(hs.Locked, b)
		hs.Numbers = append(hs.Numbers, g.Board)
		for _, s := range b.Seats {
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

// SitOutAuto chooses who sits out so that the players to seat fill boards
// of seven: the highest Sit-out priority first (the host club's members),
// then those who travelled least far, then the last registered on the
// Players sheet. It returns the players chosen.
func (t *Tournament) SitOutAuto(hs *HeatSeating) []int {
	k := len(hs.Present) % seeding.BoardSize
	if k == 0 {
		return nil
	}
	order := slices.Clone(hs.Present)
	sort.SliceStable(order, func(i, j int) bool {
		a, b := t.Players[order[i]], t.Players[order[j]]
		if a.Priority != b.Priority {
			return a.Priority > b.Priority
		}
		if a.Distance != b.Distance {
			return a.Distance < b.Distance
		}
		return order[i] > order[j]
	})
	out := slices.Clone(order[:k])
	slices.Sort(out)
	hs.SitOut = out
	hs.Present = slices.DeleteFunc(hs.Present, func(p int) bool { return slices.Contains(out, p) })
	return out
}

// WriteSitOut marks players as sitting out heat n on the Players sheet (the
// registration cell dtm seed --sit-out auto changes, and says so).
func (b *Book) WriteSitOut(n int, players []int) error {
	col, ok := b.Tournament.playerCols[normalHeader(HeatSheet(n))]
	if !ok {
		return fmt.Errorf("the Players sheet has no %q column", HeatSheet(n))
	}
	for _, p := range players {
		cell := cellName(col+1, b.Tournament.Players[p].Row)
		if err := b.f.SetCellStr(SheetPlayers, cell, ChoicesRegistration[2]); err != nil {
			return fmt.Errorf("mark sitting out: %w", err)
		}
	}
	return nil
}

// Seated is a board dtm seed writes: its number and seats.
type Seated struct {
	Number int
	Board  seeding.Board
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
			out = append(out, Seated{hs.Numbers[i], b})
			continue
		}
		for used[next] {
			next++
		}
		used[next] = true
		out = append(out, Seated{next, b})
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
// The sheet is created if the heat has none.
func (b *Book) WriteSeating(n int, boards []Seated, ex seeding.Explanation, p *seeding.Problem) error {
	heat := &b.Tournament.Heats[n-1]
	sheet := HeatSheet(n)
	bl := &builder{f: b.f}
	var err error
	if bl.st, err = newStyles(b.f); err != nil {
		return err
	}
	if !heat.Sheet {
		bl.heatSheet(n)
		if bl.err != nil {
			return fmt.Errorf("create %s: %w", sheet, bl.err)
		}
		heat.cols = map[string]int{}
		for i, c := range heatColumns {
			heat.cols[normalHeader(c.header)] = i
		}
		heat.Sheet = true
	}
	lockedRows := map[int]bool{}
	rowOf := map[int]int{} // player -> row, for the conflict columns
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			if g.Status != Unstarted {
				lockedRows[s.Row] = true
				if s.Player >= 0 {
					rowOf[s.Player] = s.Row
				}
				continue
			}
			for _, h := range seatingColumns {
				if c := heat.cell(s.Row, h); c != "" {
					bl.do(b.f.SetCellValue(sheet, c, nil))
				}
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
			for h, v := range map[string]any{HeaderBoard: sb.Number, HeaderStatus: ChoicesStatus[Unstarted], HeaderPower: power, HeaderSeatPlayer: p.Players[s.Player]} {
				if c := heat.cell(row, h); c != "" {
					bl.do(b.f.SetCellValue(sheet, c, v))
				}
			}
			rowOf[s.Player] = row
			row++
		}
	}
	if row-1 > heatSheetRows+1 { // more boards than the template's dropdowns cover
		for i, c := range heatColumns {
			bl.dropdown(sheet, fmt.Sprintf("%s%d:%s%d", columnName(i+1), heatSheetRows+2, columnName(i+1), row-1), c.choices, c.list)
		}
	}
	for _, pc := range ex.Players {
		r, ok := rowOf[pc.Player]
		if !ok {
			continue
		}
		var parts []string
		for _, it := range pc.Items {
			parts = append(parts, it.Describe(p))
		}
		if c := heat.cell(r, HeaderConflictTotal); c != "" {
			bl.do(b.f.SetCellValue(sheet, c, pc.Total))
		}
		if c := heat.cell(r, HeaderConflictDetail); c != "" {
			bl.do(b.f.SetCellValue(sheet, c, strings.Join(parts, "; ")))
		}
	}
	if bl.err != nil {
		return fmt.Errorf("write %s: %w", sheet, bl.err)
	}
	return nil
}

// Unseed empties heat n's boards that have not started (dtm seed --unseed):
// their players go back to being registered; started and finished boards
// stay.
func (b *Book) Unseed(n int) (int, error) {
	heat := &b.Tournament.Heats[n-1]
	sheet := HeatSheet(n)
	count := 0
	for _, g := range heat.Games {
		if g.Status != Unstarted {
			continue
		}
		count++
		for _, s := range g.Seats {
			for _, h := range seatingColumns {
				if c := heat.cell(s.Row, h); c != "" {
					if err := b.f.SetCellValue(sheet, c, nil); err != nil {
						return count, fmt.Errorf("unseed %s: %w", sheet, err)
					}
				}
			}
		}
	}
	return count, nil
}

// HeatPlan returns heat n's complete boards as a seating plan (round n), to
// explain their conflicts after a director's edits.
func (t *Tournament) HeatPlan(n int) seeding.Plan {
	plan := seeding.Plan{Round: n}
	for _, g := range t.Heats[n-1].Games {
		if b, ok := seedBoard(g); ok {
			plan.Boards = append(plan.Boards, b)
		}
	}
	return plan
}

// SeedResult is what seeding a heat did.
type SeedResult struct {
	Heat        int
	SatOut      []int    // players --sit-out auto chose, marked Sitting out
	Boards      []Seated // every board of the heat, locked ones first
	Kept        int      // boards kept as started or finished
	Explanation seeding.Explanation
	Bound       int // the seating's lower bound
	Problem     *seeding.Problem
}

// SeedHeat seats heat n (in memory; Save writes it): the registered players
// around the heat's locked boards, choosing who sits out when sitOut is set,
// then writes the heat sheet and its board calls. Problems in the heat sheet
// come back as Problems; too few or too many players as a
// *seeding.CountError.
func (b *Book) SeedHeat(ctx context.Context, n int, sitOut bool, opts seeding.Options) (SeedResult, error) {
	t := b.Tournament
	res := SeedResult{Heat: n}
	hs, err := t.Seating(n)
	if err != nil {
		return res, err
	}
	if sitOut && len(hs.Present)%seeding.BoardSize != 0 {
		res.SatOut = t.SitOutAuto(&hs)
		if err := b.WriteSitOut(n, res.SatOut); err != nil {
			return res, err
		}
	}
	res.Problem = t.SeedProblem(n)
	opts.RoundsLeft = t.Settings.Heats - n + 1
	seeded, err := seeding.Seed(ctx, res.Problem, hs.Present, hs.Locked, opts)
	if err != nil {
		return res, err
	}
	plan := seeded.Plan
	if res.Bound, err = seeding.LowerBound(res.Problem, hs.Present, hs.Locked); err != nil {
		return res, err
	}
	if res.Explanation, err = seeding.Explain(res.Problem, plan); err != nil {
		return res, err
	}
	res.Boards, res.Kept = hs.Number(plan), len(hs.Locked)
	if err := b.WriteSeating(n, res.Boards, res.Explanation, res.Problem); err != nil {
		return res, err
	}
	return res, b.WriteBoardCalls(n, callBoards(res.Problem, res.Boards))
}

// callBoards lists the seated boards for the board calls, seats in power
// order.
func callBoards(p *seeding.Problem, boards []Seated) []CallBoard {
	var out []CallBoard
	for _, sb := range boards {
		cb := CallBoard{Board: sb.Number}
		seats := slices.Clone(sb.Board.Seats)
		slices.SortFunc(seats, func(a, b seeding.Seat) int { return a.Power - b.Power })
		for _, s := range seats {
			power := ""
			if s.Power != seeding.NoPower {
				power = seeding.PowerNames[s.Power]
			}
			cb.Seats = append(cb.Seats, CallSeat{Power: power, Player: p.Players[s.Player]})
		}
		out = append(out, cb)
	}
	slices.SortFunc(out, func(a, b CallBoard) int { return a.Board - b.Board })
	return out
}
