package director

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// LateRequest says which heat's late players and drop-outs to seat.
type LateRequest struct {
	Path string
	// Heat is the heat to seat them in; 0 for the earliest with a drop-out
	// on a board that has not started, or else the next heat to seat.
	Heat int
	// Seed is the random seed of new boards; nil for the Tournament sheet's
	// Random seed.
	Seed *int64
	// Time caps the seeder's time on new boards; 0 for its default.
	Time time.Duration
	// Force writes even when a lock file says the workbook is open.
	Force bool
}

// LateResult is what seating a heat's late players did.
type LateResult struct {
	Path string
	Heat int
	// DropOuts lists the seats of players who dropped out and who took
	// them.
	DropOuts []DropOut
	// Restored are the standbys sitting the heat out brought back to make
	// new boards of seven, by name; RestoredWhy says why each.
	Restored, RestoredWhy []string
	// LateBoards lists the new boards seated for late players.
	LateBoards []LateBoard
	// Late lists who took whose seat.
	Late []LateSwap
	// SittingOut are all the players marked as sitting the heat out, by
	// name.
	SittingOut []string
	Boards     int // boards of the heat, new ones included
	Kept       int // boards kept as started or finished
	// Explanation is the heat's conflict after the late players were seated.
	Explanation seeding.Explanation
	Bound       int  // the new boards' lower bound
	TimedOut    bool // the seeder's time cap ended the search for new boards
	// EntryPage is the results-entry page written beside the workbook.
	EntryPage string
	// UpToDate is set when the workbook held these seats already: nothing
	// was written.
	UpToDate bool
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
	// calls are the heat's board calls as written.
	calls []workbook.CallBoard
	// back are the players dtm seed --sit-out auto brought back from
	// sitting out to fill the seats of a called heat (sitOutCalled).
	back []int
}

// SeatLate seats a heat's late players (registered, on no board) and fills
// the seats of drop-outs on boards that have not started, moving nobody
// else (seatLate says how), and saves the workbook.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is written, or, when the save finds nothing to write,
// if it was not published from the workbook's file as it is
// (refreshSite).
func SeatLate(ctx context.Context, req LateRequest) (*LateResult, error) {
	res, err := late(ctx, req)
	if err != nil && !Saved(err) {
		return nil, err
	}
	res.Site = refreshSite(req.Path, !res.UpToDate)
	return res, err
}

// late is SeatLate without refreshing the site.
func late(ctx context.Context, req LateRequest) (*LateResult, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	heat := req.Heat
	if heat == 0 {
		heat = lateHeat(t)
	}
	if heat, err = heatToSeat(t, heat); err != nil {
		return nil, err
	}
	res := &LateResult{Path: req.Path, Heat: heat}
	opts := seeding.Options{Seed: seeding.HeatSeed(eventSeed(t, req.Seed), heat), Time: req.Time, RoundsLeft: t.Settings.Heats - heat + 1}
	if err := seatLate(ctx, b, heat, opts, res); err != nil {
		return nil, err
	}
	wrote, err := b.Save(workbook.Options{Force: req.Force})
	if err != nil {
		return nil, err
	}
	res.UpToDate = !wrote
	res.EntryPage, err = entryPageAfterSave(b, heat, res.calls)
	return res, err
}

// WriteText prints who took which seat, the new boards, the heat's
// conflict with its breakdown by kind, and what was written.
func (r *LateResult) WriteText(w io.Writer) {
	for _, d := range r.DropOuts {
		seat := fmt.Sprintf("board %d", d.Board)
		if d.Power != "" {
			seat += ", " + d.Power
		}
		who := "late player"
		switch {
		case d.Back:
			who = "back from sitting out"
		case d.Standby:
			who = "standby"
		}
		fmt.Fprintf(w, "%s (%s) takes the seat of %s, who no longer plays heat %d (%s)\n", d.By, who, d.Player, r.Heat, seat)
		if d.Standby {
			fmt.Fprintf(w, "%s plays heat %d after all (registered again on the Players sheet)\n  why: standby sitting the heat out, brought back to take a drop-out's seat\n", d.By, r.Heat)
		}
	}
	for k, name := range r.Restored {
		fmt.Fprintf(w, "%s plays heat %d after all (registered again on the Players sheet)%s\n", name, r.Heat, because(r.RestoredWhy, k))
	}
	for _, lb := range r.LateBoards {
		fmt.Fprintf(w, "heat %d: new board %d for late players, seeded with the usual conflicts (no other board changed): %s\n",
			r.Heat, lb.Board, strings.Join(lb.Players, ", "))
	}
	for _, sw := range r.Late {
		seat := fmt.Sprintf("board %d", sw.Board)
		if sw.Power != "" {
			seat += ", " + sw.Power
		}
		fmt.Fprintf(w, "%s takes the seat of standby %s (%s); %s sits out heat %d (marked Sitting out on the Players sheet)\n",
			sw.Late, sw.Standby, seat, sw.Standby, r.Heat)
	}
	writeConflicts(w, r.Explanation, 0, false)
	writeCapNote(w, r.TimedOut, "")
	what := "those seats only"
	if len(r.LateBoards) > 0 && len(r.DropOuts)+len(r.Late) > 0 {
		what = "those seats and the new boards only"
	} else if len(r.LateBoards) > 0 {
		what = "the new boards only"
	}
	if r.UpToDate {
		writeUpToDate(w, r.Path, fmt.Sprintf("these seats of heat %d", r.Heat))
	} else {
		fmt.Fprintf(w, "wrote %s: sheet %s (%s) and its board calls, %s\n", r.Path, workbook.HeatSheet(r.Heat), what, workbook.BoardCallsSheet(r.Heat))
	}
	writeEntryPageNote(w, r.EntryPage)
	r.Site.WriteText(w)
}

// LateSwap is one late player seated in a standby's place.
type LateSwap struct {
	Late, Standby string
	Board         int
	Power         string // "" when powers are chosen at the tables
}

// DropOut is the seat of a player who dropped out after seeding, on a
// board that has not started, and who took it.
type DropOut struct {
	Player, By string
	Board      int
	Power      string // "" when powers are chosen at the tables
	Standby    bool   // By is a standby brought back from sitting out
	// Back is set when By was brought back from sitting out by dtm seed
	// --sit-out auto (and registered again there).
	Back bool
}

// LateBoard is a new board seated for late players.
type LateBoard struct {
	Board   int
	Players []string
}

// seatLate seats heat n's late players (registered, on no board) without
// moving anyone else. The seats of drop-outs (players seated on a board that
// has not started who no longer play the heat) are filled first, by late
// players, then by standbys sitting the heat out (fillDropOuts). The late
// players left are seated the first way that works:
//  1. late players who make whole boards (7, 14 ...) on new boards;
//  2. one each in the seat of a standby on a board that has not started
//     (swapLate);
//  3. with standbys marked Sitting out in the heat brought back to make
//     the next multiple of seven, on new boards.
//
// Otherwise it changes nothing and says what the options are.
func seatLate(ctx context.Context, b *workbook.Book, n int, opts seeding.Options, res *LateResult) error {
	t := b.Tournament
	heat := &t.Heats[n-1]
	seated := heat.Seated()
	var late []int
	for i, p := range t.Players {
		if p.Registration[n-1].Plays() && !seated[i] {
			late = append(late, i)
		}
	}
	if drops := t.DropOuts(n); len(drops) > 0 {
		var err error
		if late, err = fillDropOuts(b, n, drops, late, res); err != nil {
			return err
		}
		if len(late) == 0 {
			boards, err := heatBoards(heat)
			if err != nil {
				return err
			}
			return writeLate(b, n, boards, res)
		}
	}
	if len(late) == 0 {
		return fmt.Errorf("heat %d: every registered player is seated: no late player to seat", n)
	}
	if len(late)%dip.BoardSize == 0 {
		return newLateBoards(ctx, b, n, late, nil, opts, res)
	}
	standbys := seatedStandbys(t, n)
	if len(standbys) >= len(late) {
		return swapLate(b, n, late, standbys, res)
	}
	var benched []seeding.SitOutCandidate // standbys sitting the heat out
	for i, p := range t.Players {
		if p.Standby && p.Registration[n-1] == workbook.SittingOut && !seated[i] {
			benched = append(benched, seeding.SitOutCandidate{Player: i, Priority: p.Priority, Distance: p.Distance, Row: p.Row, Standby: true, Sitting: true})
		}
	}
	need := dip.BoardSize - len(late)%dip.BoardSize
	if len(benched) >= need {
		order := seeding.SitOutOrder(benched, t.Settings.MinHeats)
		back := slices.Clone(order[len(order)-need:]) // the last to deserve their sit-out
		slices.Sort(back)
		return newLateBoards(ctx, b, n, late, back, opts, res)
	}
	var names []string
	for _, p := range late {
		names = append(names, t.Players[p].Name)
	}
	return fmt.Errorf("heat %d: %d late player(s) (%s) do not make a whole board, even with the %d standby(s) sitting the heat out "+
		"(%d more needed), and %d standby(s) are seated on boards that have not started (one per late player needed). "+
		"Either find %d more (late players registered for the heat, or standbys marked Sitting out in it) and run dtm seed --late again for a new board; "+
		"or reseed the heat's unstarted boards with everyone (dtm seed --heat %d, with --sit-out auto or --two-boards auto if they do not fill boards of seven); "+
		"or swap players by hand on the heat sheet and run dtm seed --refresh --heat %d",
		n, len(late), strings.Join(names, ", "), len(benched), need-len(benched), len(standbys), need-len(benched), n, n)
}

// lateHeat is the heat dtm seed --late works on without --heat: the
// earliest with a drop-out on a board that has not started, or with a late
// player (t.NextHeat); 0 when there is none.
func lateHeat(t *workbook.Tournament) int {
	next := t.NextHeat()
	for n := range t.Heats {
		if next > 0 && n+1 >= next {
			break
		}
		if len(t.DropOuts(n+1)) > 0 {
			return n + 1
		}
	}
	return next
}

// fillDropOuts seats, in the drop-outs' seats (board and power kept), the
// late players first, then standbys sitting the heat out (those the
// sit-out order benches last come back first), choosing seat by seat the
// newcomer with the least conflict there who keeps the power rule. It
// changes the heat's games in memory, registers the standbys again and
// returns the late players left without a seat. With too few newcomers it
// changes nothing and says what the options are.
func fillDropOuts(b *workbook.Book, n int, drops [][2]int, late []int, res *LateResult) ([]int, error) {
	t := b.Tournament
	heat := &t.Heats[n-1]
	newcomers := slices.Clone(late)
	var benched []seeding.SitOutCandidate
	for i, p := range t.Players {
		if p.Standby && p.Registration[n-1] == workbook.SittingOut && !onBoard(heat, i) {
			benched = append(benched, seeding.SitOutCandidate{Player: i, Priority: p.Priority, Distance: p.Distance, Row: p.Row, Standby: true, Sitting: true})
		}
	}
	order := seeding.SitOutOrder(benched, t.Settings.MinHeats)
	slices.Reverse(order)
	newcomers = append(newcomers, order...)
	if len(newcomers) < len(drops) {
		var names []string
		for _, d := range drops {
			names = append(names, t.Players[heat.Games[d[0]].Seats[d[1]].Player].Name)
		}
		return nil, fmt.Errorf("heat %d: %d player(s) seated on boards that have not started no longer play the heat (%s), "+
			"and there are %d late player(s) and %d standby(s) sitting the heat out to take their seats. "+
			"Either register %d more for the heat (or mark standbys) and run dtm seed --late again; "+
			"or reseed the heat's unstarted boards (dtm seed --heat %d, with --sit-out auto or --two-boards auto if the players do not fill boards of seven); "+
			"or swap players by hand on the heat sheet and run dtm seed --refresh --heat %d",
			n, len(drops), strings.Join(names, ", "), len(late), len(benched), len(drops)-len(newcomers), n, n)
	}
	problem := t.SeedProblem(n)
	boards, err := heatBoards(heat)
	if err != nil {
		return nil, err
	}
	plan := seeding.Plan{Round: n}
	for _, sb := range boards {
		plan.Boards = append(plan.Boards, sb.Board)
	}
	free := newcomers[:len(drops)]
	var back []int
	for _, d := range drops {
		seat := &plan.Boards[d[0]].Seats[d[1]]
		gone := seat.Player
		best, bestCost := -1, 0
		for k, p := range free {
			if p < 0 {
				continue
			}
			seat.Player = p
			ex, err := seeding.Explain(problem, plan)
			if err != nil {
				return nil, wrapf(err, "heat %d", n)
			}
			if len(seeding.RuleBreaks(problem, plan)) == 0 && (best < 0 || ex.Total < bestCost) {
				best, bestCost = k, ex.Total
			}
		}
		if best < 0 {
			return nil, fmt.Errorf("heat %d: no late player or standby can take the seat of %s (board %d) without breaking the power rule %q: "+
				"reseed the heat's unstarted boards (dtm seed --heat %d) or seat someone there by hand",
				n, t.Players[gone].Name, heat.Games[d[0]].Board, t.Settings.PowerRule, n)
		}
		p := free[best]
		free[best] = -1
		seat.Player = p
		heat.Games[d[0]].Seats[d[1]].Player = p
		do := DropOut{Player: t.Players[gone].Name, By: t.Players[p].Name, Board: heat.Games[d[0]].Board, Standby: !slices.Contains(late, p),
			Back: slices.Contains(res.back, p)}
		if seat.Power != seeding.NoPower {
			do.Power = workbook.ChoicesPower[seat.Power]
		}
		if do.Standby {
			back = append(back, p)
		}
		res.DropOuts = append(res.DropOuts, do)
	}
	slices.Sort(back)
	if err := b.SetRegistration(n, back, workbook.Registered); err != nil {
		return nil, err
	}
	var left []int
	for _, p := range late {
		if !onBoard(heat, p) {
			left = append(left, p)
		}
	}
	return left, nil
}

// onBoard reports whether player p is seated on one of the heat's boards
// (or was, before a replacement).
func onBoard(heat *workbook.Heat, p int) bool { return heat.Seated()[p] }

// heatBoards converts the heat's boards as they stand (started ones
// locked); every board must be complete.
func heatBoards(heat *workbook.Heat) ([]workbook.Seated, error) {
	var boards []workbook.Seated
	for _, g := range heat.Games {
		sb, ok := g.SeedingBoard()
		if !ok {
			return nil, fmt.Errorf("heat %d: board %d is not complete: seat seven players on it first", heat.Number, g.Board)
		}
		boards = append(boards, workbook.Seated{Number: g.Board, Board: sb, System: g.System})
	}
	return boards, nil
}

// seatedStandbys lists the standbys seated on heat n's boards that have not
// started, as sit-out candidates.
func seatedStandbys(t *workbook.Tournament, n int) []seeding.SitOutCandidate {
	var cands []seeding.SitOutCandidate
	for _, g := range t.Heats[n-1].Games {
		if g.Status != workbook.Unstarted {
			continue
		}
		for _, s := range g.Seats {
			if s.Player >= 0 && t.Players[s.Player].Standby {
				p := t.Players[s.Player]
				cands = append(cands, seeding.SitOutCandidate{Player: s.Player, Priority: p.Priority, Distance: p.Distance, Row: p.Row, Standby: true})
			}
		}
	}
	return cands
}

// newLateBoards seats the late players, with the standbys back brought
// back from sitting out, on new boards numbered after the heat's last,
// seeded with the usual conflicts around every board already on the sheet,
// which stays as it is.
func newLateBoards(ctx context.Context, b *workbook.Book, n int, late, back []int, opts seeding.Options, res *LateResult) error {
	t := b.Tournament
	heat := &t.Heats[n-1]
	var boards []workbook.Seated
	var kept []seeding.Board
	last := 0
	for _, g := range heat.Games {
		sb, ok := g.SeedingBoard()
		if !ok {
			return fmt.Errorf("heat %d: board %d is not complete: seat seven players on it first", n, g.Board)
		}
		boards = append(boards, workbook.Seated{Number: g.Board, Board: sb, System: g.System})
		lb := sb
		lb.Locked = true
		kept = append(kept, lb)
		last = max(last, g.Board)
	}
	problem := t.SeedProblem(n)
	present := slices.Sorted(slices.Values(append(slices.Clone(late), back...)))
	seeded, err := seeding.Seed(ctx, problem, present, kept, opts)
	if err != nil {
		return wrapf(err, "heat %d: the late players' boards", n)
	}
	for k, nb := range seeded.Plan.Boards[len(kept):] {
		number := last + 1 + k
		boards = append(boards, workbook.Seated{Number: number, Board: nb})
		lb := LateBoard{Board: number}
		for _, s := range nb.Seats {
			lb.Players = append(lb.Players, t.Players[s.Player].Name)
		}
		res.LateBoards = append(res.LateBoards, lb)
	}
	for _, p := range back {
		res.Restored = append(res.Restored, t.Players[p].Name)
		res.RestoredWhy = append(res.RestoredWhy, "standby sitting the heat out, brought back to make a board of seven with the late players")
	}
	if err := b.SetRegistration(n, back, workbook.Registered); err != nil {
		return err
	}
	res.Bound, res.TimedOut = seeded.Bound, seeded.TimedOut
	return writeLate(b, n, boards, res)
}

// writeLate explains and writes heat n's boards after seating late players,
// and their board calls with the QR codes, and fills res.
func writeLate(b *workbook.Book, n int, boards []workbook.Seated, res *LateResult) error {
	t := b.Tournament
	problem := t.SeedProblem(n)
	plan := seeding.Plan{Round: n}
	for _, sb := range boards {
		plan.Boards = append(plan.Boards, sb.Board)
	}
	ex, err := seeding.Explain(problem, plan)
	if err != nil {
		return wrapf(err, "heat %d", n)
	}
	res.Explanation, res.Boards, res.SittingOut = ex, len(boards), sittingOut(t, n)
	for _, sb := range boards {
		if sb.Board.Locked {
			res.Kept++
		}
	}
	boards = typedPowers(&t.Heats[n-1], boards)
	if err := b.WriteSeating(n, boards, ex, problem); err != nil {
		return err
	}
	if err := b.MarkSeatsChanged(n, "dtm seed --late (or dtm withdraw)"); err != nil {
		return err
	}
	res.calls, err = writeCalls(b, n, t.CallBoards(n, problem, boards))
	return err
}

// typedPowers returns boards with the powers a director typed on heat's
// unstarted boards put back: the seeder sees a board's powers only when all
// seven are typed (workbook.Game.SeedingBoard), but late seating changes
// only who sits where, and must not write a partly typed board back empty.
// A late player who takes a standby's seat takes its typed power too.
func typedPowers(heat *workbook.Heat, boards []workbook.Seated) []workbook.Seated {
	typed := map[int]workbook.Game{}
	for _, g := range heat.Games {
		if g.Status == workbook.Unstarted {
			typed[g.Board] = g
		}
	}
	out := slices.Clone(boards)
	for i, sb := range out {
		g, ok := typed[sb.Number]
		if !ok || len(g.Seats) != len(sb.Board.Seats) {
			continue
		}
		sb.Board.Seats = slices.Clone(sb.Board.Seats)
		for k, s := range g.Seats {
			if s.Power >= 0 {
				sb.Board.Seats[k].Power = s.Power
			}
		}
		out[i] = sb
	}
	return out
}

// swapLate seats heat n's late players in the seats of standbys on boards
// that have not started (cands, at least one per late player), one each,
// changing nothing else: each standby is marked Sitting out. The standbys
// give up their seats in the order --sit-out auto benches them.
func swapLate(b *workbook.Book, n int, late []int, cands []seeding.SitOutCandidate, res *LateResult) error {
	t := b.Tournament
	heat := &t.Heats[n-1]
	order := seeding.SitOutOrder(cands, t.Settings.MinHeats)
	takes := map[int]int{} // standby -> late player
	for k, p := range late {
		takes[order[k]] = p
	}
	var boards []workbook.Seated
	var out []int
	for _, g := range heat.Games {
		sb, ok := g.SeedingBoard()
		if !ok {
			return fmt.Errorf("heat %d: board %d is not complete: seat seven players on it first", n, g.Board)
		}
		if g.Status == workbook.Unstarted {
			for i, s := range sb.Seats {
				if lp, ok := takes[s.Player]; ok {
					sw := LateSwap{Late: t.Players[lp].Name, Standby: t.Players[s.Player].Name, Board: g.Board}
					if s.Power != seeding.NoPower {
						sw.Power = workbook.ChoicesPower[s.Power]
					}
					res.Late = append(res.Late, sw)
					out = append(out, s.Player)
					sb.Seats[i].Player = lp
				}
			}
		}
		boards = append(boards, workbook.Seated{Number: g.Board, Board: sb, System: g.System})
	}
	slices.Sort(out)
	if err := b.SetRegistration(n, out, workbook.SittingOut); err != nil {
		return err
	}
	return writeLate(b, n, boards, res)
}
