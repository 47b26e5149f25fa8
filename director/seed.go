package director

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/version"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// SeedRequest says which heat of a workbook to seat, and how.
type SeedRequest struct {
	Path string
	// Heat is the heat to seat; 0 for the next one (workbook.NextHeat).
	Heat int
	// Seed is the random seed; nil for the Tournament sheet's Random seed.
	Seed *int64
	// Time caps the seeder's time; 0 for its default.
	Time time.Duration
	// Effort and Restarts set the seeder's work (seeding.Options); 0 for
	// its default, which is all the command line gives.
	Effort   float64
	Restarts int
	// SitOutAuto chooses who sits out when the players do not fill boards
	// of seven.
	SitOutAuto bool
	// TwoBoardsAuto seats players marked Can play two boards on two boards
	// each when the players do not fill boards of seven; the command line
	// never sets it with SitOutAuto or Pool.
	TwoBoardsAuto bool
	// Pool, when set (ParsePool), seats a pool on the top boards.
	Pool Pool
	// Reseed reseeds a heat whose boards were called (seated, none
	// started). Without it Seed refuses such a heat when seating it would
	// move a seat, saying how many; --sit-out auto then changes the fewest
	// seats instead (sitOutCalled).
	Reseed bool
	// Force writes even when a lock file says the workbook is open.
	Force bool
	// Progress, if set, is told after each of the seeder's restarts.
	Progress func(Progress)
}

// Progress is how far seeding a heat has got: the seeder's restart of
// Restarts, then the seating Ahead of Aheads that looking one heat ahead
// has compared (0 of 0 before it), and the best conflict so far with its
// lower bound.
type Progress struct {
	Heat, Restart, Restarts, Ahead, Aheads, Best, Bound int
}

// SeedResult is what seeding a heat did.
type SeedResult struct {
	Path string
	Heat int
	// SatOut are the players --sit-out auto chose, by name; SatOutWhy says
	// why each (seeding.SitOuts.Why).
	SatOut, SatOutWhy []string
	// Restored are the players marked as sitting out whom --sit-out auto
	// brought back to fill the boards (after a cancellation), by name;
	// RestoredWhy says why each was the last to deserve the sit-out.
	Restored, RestoredWhy []string
	// TwoBoards are the players --two-boards auto seated on two boards, by
	// name; TwoBoardsWhy says why each (seeding.Doublers.Why), TwoBoardsOn
	// on which boards ("1 and 3").
	TwoBoards, TwoBoardsWhy, TwoBoardsOn []string
	// SittingOut are all the players marked as sitting the heat out, by
	// name, whoever chose them.
	SittingOut []string
	Boards     int // boards of the heat, locked ones included
	Kept       int // boards kept as started or finished
	// Seed is the event's seed (the heat's own is seeding.HeatSeed of it).
	Seed        int64
	Explanation seeding.Explanation
	Bound       int // the seating's lower bound
	// BoundNote tells the director what the gap to the bound means.
	BoundNote string
	// TimedOut is set when the seeder's time cap, not its planned work,
	// ended the search: the same seed may then seat differently elsewhere.
	TimedOut bool
	// Ahead is what the seeder found looking one heat ahead, nil when it
	// did not (seeding.Seed).
	Ahead *seeding.Ahead
	// Planned is set when the heat follows the seeder's plan of the whole
	// event with fillers (seeding.Result.Planned).
	Planned bool
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
	// EntryPage is the results-entry page written beside the workbook
	// ("" when none was written).
	EntryPage string
	// Pool is set for --pool: who qualified for the top boards.
	Pool *PoolResult
	// Passed are notes on the heats before Heat that plain dtm seed passed
	// over: called, or with players not seated.
	Passed []string
	// Late is set when --sit-out auto changed a called heat as --late
	// does: the seats it filled and the new boards.
	Late *LateResult
	// Unchanged is set when --sit-out auto found a called heat full, with
	// nobody to seat or bench: nothing was written.
	Unchanged bool
	// UpToDate is set when the workbook held this seating already (a
	// reseed that seats as before): nothing was written.
	UpToDate bool
}

// Seed seats one heat of a workbook: the registered players at boards of
// seven around the heat's started and finished boards, which are kept.
// It writes the heat's sheet and its board calls and saves the workbook.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is written, or, when the save finds nothing to write,
// if it was not published from the workbook's file as it is
// (refreshSite).
func Seed(ctx context.Context, req SeedRequest) (*SeedResult, error) {
	res, err := seed(ctx, req)
	if err != nil && !Saved(err) {
		return nil, err
	}
	res.Site = refreshSite(req.Path, res.wrote())
	return res, err
}

// wrote reports whether seeding wrote the workbook.
func (r *SeedResult) wrote() bool {
	if r.Late != nil {
		return !r.Late.UpToDate
	}
	return !r.Unchanged && !r.UpToDate
}

// seed is Seed without refreshing the site.
func seed(ctx context.Context, req SeedRequest) (*SeedResult, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	heat, passed, err := heatToSeed(t, req.Heat)
	if err != nil {
		return nil, err
	}
	res := &SeedResult{Path: req.Path, Heat: heat, Seed: eventSeed(t, req.Seed), Passed: passed}
	called := calledSeats(t, heat)
	if len(called) > 0 && !req.Reseed && req.SitOutAuto && !req.Pool.set() {
		changed, err := sitOutCalled(ctx, b, heat, req, res)
		if err != nil || !changed {
			res.Unchanged = err == nil
			return res, err
		}
		wrote, err := b.Save(workbook.Options{Force: req.Force})
		if err != nil {
			return nil, err
		}
		res.Late.UpToDate = !wrote
		res.Late.EntryPage, err = entryPageAfterSave(b, heat, res.Late.calls)
		return res, err
	}
	calls, boards, err := seatHeat(ctx, b, heat, req, res)
	if err != nil {
		return nil, err
	}
	if len(called) > 0 && !req.Reseed {
		// Seeded in memory: refuse before anything is written if a seat moves.
		if moved := movedSeats(called, boards); moved > 0 {
			return nil, reseedError(heat, moved, len(called))
		}
	}
	wrote, err := b.Save(workbook.Options{Force: req.Force})
	if err != nil {
		return nil, err
	}
	res.UpToDate = !wrote
	res.EntryPage, err = entryPageAfterSave(b, heat, calls)
	return res, err
}

// heatToSeat is the heat a seating use case works on: heat, or with heat 0
// the next heat to seat (workbook.NextHeat).
func heatToSeat(t *workbook.Tournament, heat int) (int, error) {
	if heat == 0 {
		if heat = t.NextHeat(); heat == 0 {
			return 0, ErrNoHeat
		}
	}
	if heat < 1 || heat > t.Settings.Heats {
		return 0, usagef("--heat must be from 1 to %d", t.Settings.Heats)
	}
	return heat, nil
}

// eventSeed is the event's random seed: seed when given, else the
// Tournament sheet's Random seed, else 0.
func eventSeed(t *workbook.Tournament, seed *int64) int64 {
	switch {
	case seed != nil:
		return *seed
	case t.Settings.HasSeed:
		return t.Settings.RandomSeed
	}
	return 0
}

// seatHeat seats heat n in memory: the registered players around the heat's
// locked boards, choosing who sits out when asked, then writes the heat
// sheet and its board calls, which it returns with the boards seated.
func seatHeat(ctx context.Context, b *workbook.Book, n int, req SeedRequest, res *SeedResult) ([]workbook.CallBoard, []workbook.Seated, error) {
	t := b.Tournament
	hs, err := t.Seating(n)
	var ps workbook.Problems
	if errors.As(err, &ps) {
		return nil, nil, &ProblemsError{Path: req.Path, Problems: ps}
	} else if err != nil {
		return nil, nil, wrapf(err, "heat %d", n)
	}
	if req.SitOutAuto {
		var keep map[int]bool
		if req.Pool.set() {
			keep = poolMembers(t, hs, req.Pool)
		}
		if err := sitOut(b, &hs, keep, res); err != nil {
			return nil, nil, err
		}
	}
	problem := t.SeedProblem(n)
	if problem.Method == seeding.LowestRankedFirst && len(problem.Preferences) > 0 {
		if problem.ChoiceOrder, err = choiceOrder(t, n); err != nil {
			return nil, nil, err
		}
	}
	opts := seeding.Options{Seed: seeding.HeatSeed(res.Seed, n), Time: req.Time, RoundsLeft: t.Settings.Heats - n + 1,
		Effort: req.Effort, Restarts: req.Restarts}
	if req.Progress != nil {
		opts.Progress = func(p seeding.Progress) {
			req.Progress(Progress{Heat: n, Restart: p.Restart, Restarts: p.Restarts, Ahead: p.Ahead, Aheads: p.Aheads, Best: p.Best, Bound: p.Bound})
		}
	}
	rec := workbook.SeedingRecord{Heat: n, Seed: opts.Seed, Version: version.String(), Mode: seedMode, Kept: hs.Numbers,
		Effort: opts.Effort, Restarts: opts.Restarts}
	var seeded seeding.Result
	var doublers []int
	if req.TwoBoardsAuto {
		if rec.Benched, err = benchStandbys(b, &hs, res); err != nil {
			return nil, nil, err
		}
		if doublers, err = chooseDoublers(t, hs, res); err != nil {
			return nil, nil, err
		}
	}
	switch {
	case len(doublers) > 0:
		rec.Mode, rec.Doublers = twoBoardsMode, doublers
		seeded, err = seeding.SeedTwoBoards(ctx, problem, hs.Present, doublers, hs.Locked, opts)
	case req.Pool.set():
		var choice poolChoice
		seeded, choice, err = seatPool(ctx, t, hs, problem, req.Pool, opts)
		res.Pool = choice.result
		rec.Mode, rec.Pool, rec.PoolBy, rec.Standings = poolMode, sorted(choice.Pool), req.Pool.String(), choice.digest
	default:
		opts.Later = laterPlayers(t, n, hs.Present, hs.Locked)
		rec.Inputs, rec.Later = seedingInputs(problem, hs.Present, hs.Locked, opts), opts.Later
		seeded, err = seeding.Seed(ctx, problem, hs.Present, hs.Locked, opts)
	}
	var ce *seeding.CountError
	var pe *seeding.PowerRuleError
	switch {
	case errors.As(err, &ce):
		return nil, nil, fmt.Errorf("heat %d: %d players to seat: %d must sit out or %d be added to fill boards of seven; "+
			"change registrations on the Players sheet, or run again with --sit-out auto (or --two-boards auto: %d players "+
			"marked Can play two boards on two boards each)", n, ce.Players, ce.SitOut, ce.Add, ce.Add)
	case errors.As(err, &pe):
		how := "seat those players by hand on a started board"
		if req.Pool.set() {
			how = "seed the heat without --pool"
		}
		return nil, nil, fmt.Errorf("heat %d: %w; nothing was written. Change who plays the heat (Players sheet), %s, "+
			"or set %s to %s (Tournament!%s)", n, err, how,
			workbook.SetPowerRule, workbook.ChoicesPowerRule[0], t.Settings.SettingCell(workbook.SetPowerRule))
	case err != nil:
		return nil, nil, wrapf(err, "heat %d", n)
	}
	plan := seeded.Plan
	if res.Explanation, err = seeding.Explain(problem, plan); err != nil {
		return nil, nil, wrapf(err, "heat %d", n)
	}
	if req.Pool.set() {
		seeded.Conflict = res.Explanation.Total // the two seedings' conflicts, and what joins them: none
	}
	res.Bound, res.BoundNote, res.TimedOut, res.Ahead = seeded.Bound, seeded.BoundNote(), seeded.TimedOut, seeded.Ahead
	res.Planned = seeded.Planned
	if req.Pool.set() {
		res.BoundNote = "with the pool kept on its own boards, which the bound takes as given: " + res.BoundNote
	}
	res.SittingOut = sittingOut(t, n)
	boards := hs.Number(plan)
	if res.Pool != nil {
		system := t.SystemName(&t.Heats[n-1], &workbook.Game{})
		for i := range res.Pool.Boards {
			boards[i].System = system
		}
	}
	res.Boards, res.Kept = len(boards), len(hs.Locked)
	for _, d := range doublers {
		var on []string
		for _, sb := range boards {
			for _, s := range sb.Board.Seats {
				if s.Player == d {
					on = append(on, strconv.Itoa(sb.Number))
				}
			}
		}
		res.TwoBoardsOn = append(res.TwoBoardsOn, strings.Join(on, " and "))
	}
	if err := b.WriteSeating(n, boards, res.Explanation, problem); err != nil {
		return nil, nil, err
	}
	if rec.Inputs == nil { // a pool or two boards: what the seeder was told of later heats is not recorded
		rec.Inputs = seedingInputs(problem, hs.Present, hs.Locked, opts)
	}
	rec.Capped = seeded.TimedOut
	if err := b.SetSeedingRecord(rec); err != nil {
		return nil, nil, err
	}
	calls, err := writeCalls(b, n, t.CallBoards(n, problem, boards))
	return calls, boards, err
}

// WriteText prints who sits out, the heat's boards, its conflict against
// the lower bound with the breakdown by kind, and what was written.
func (r *SeedResult) WriteText(w io.Writer) {
	defer r.Site.WriteText(w)
	for _, note := range r.Passed {
		fmt.Fprintln(w, note)
	}
	if len(r.Passed) > 0 {
		fmt.Fprintf(w, "seating heat %d\n", r.Heat)
	}
	for k, name := range r.SatOut {
		fmt.Fprintf(w, "%s sits out heat %d (marked Sitting out on the Players sheet)%s\n", name, r.Heat, because(r.SatOutWhy, k))
	}
	for k, name := range r.Restored {
		fmt.Fprintf(w, "%s plays heat %d after all (registered again on the Players sheet)%s\n", name, r.Heat, because(r.RestoredWhy, k))
	}
	if len(r.SittingOut) > 0 {
		fmt.Fprintf(w, "heat %d: %d sitting out: %s\n", r.Heat, len(r.SittingOut), strings.Join(r.SittingOut, ", "))
	}
	switch {
	case r.Unchanged:
		fmt.Fprintf(w, "heat %d is called and its boards are full, with nobody to seat or to bench: nothing to change, nothing was written\n", r.Heat)
		return
	case r.Late != nil:
		fmt.Fprintf(w, "heat %d is called: the fewest seats change, as dtm seed --late changes them (--reseed reseeds the heat)\n", r.Heat)
		fmt.Fprintf(w, "heat %d: %d players on %d boards (%d kept as started)\n", r.Heat, 7*r.Boards, r.Boards, r.Kept)
		r.Late.WriteText(w)
		return
	}
	if p := r.Pool; p != nil {
		on := "board 1"
		if p.Boards > 1 {
			on = fmt.Sprintf("boards 1 to %d", p.Boards)
		}
		if c := p.Contention; c != nil {
			fmt.Fprintf(w, "heat %d: %d can still finish first (a game scores %s to %s, %d heat(s) left): %s\n",
				r.Heat, len(p.Contenders), files.Number(c.Min), files.Number(c.Max), c.Left, strings.Join(p.Contenders, ", "))
		}
		fmt.Fprintf(w, "heat %d: the pool (top %d by %s) on %s, seeded among themselves: %s\n",
			r.Heat, p.Size, p.Qualification, on, strings.Join(p.Players, ", "))
		if len(p.Declined) > 0 {
			fmt.Fprintf(w, "  declined a pool seat (the next in line took it): %s\n", strings.Join(p.Declined, ", "))
		}
		if len(p.Absent) > 0 {
			fmt.Fprintf(w, "  not playing the heat (the next in line took the seat): %s\n", strings.Join(p.Absent, ", "))
		}
	}
	for k, name := range r.TwoBoards {
		fmt.Fprintf(w, "%s plays two boards in heat %d (boards %s)%s\n", name, r.Heat, r.TwoBoardsOn[k], because(r.TwoBoardsWhy, k))
	}
	two := ""
	if len(r.TwoBoards) > 0 {
		two = fmt.Sprintf(", %d of them on two boards", len(r.TwoBoards))
	}
	fmt.Fprintf(w, "heat %d: %d players on %d boards%s (%d kept as started), seed %d\n", r.Heat, 7*r.Boards-len(r.TwoBoards), r.Boards, two, r.Kept, r.Seed)
	writeConflicts(w, r.Explanation, r.Bound, true)
	if r.BoundNote != "" {
		fmt.Fprintf(w, "  (%s)\n", r.BoundNote)
	}
	writeAhead(w, r.Ahead, r.Heat)
	if r.Planned {
		fmt.Fprintln(w, "  follows a plan of the whole event, in which those who miss a heat fill the places left: "+
			"any seed gives this seating; after a change to a heat played, the next heats are seeded as usual")
	}
	writeCapNote(w, r.TimedOut, "")
	if r.UpToDate {
		writeUpToDate(w, r.Path, fmt.Sprintf("this seating of heat %d", r.Heat))
	} else {
		fmt.Fprintf(w, "wrote %s: sheet %s and its board calls, %s\n", r.Path, workbook.HeatSheet(r.Heat), workbook.BoardCallsSheet(r.Heat))
	}
	writeEntryPageNote(w, r.EntryPage)
}

// writeAhead says what the seeder found looking one heat ahead, if it did:
// what heat+1 can then cost, and what the heat's best seating alone would
// have cost both heats when the seating kept is another.
func writeAhead(w io.Writer, a *seeding.Ahead, heat int) {
	switch {
	case a == nil:
	case a.Kept == a.Alone && a.Next == a.AloneNext:
		fmt.Fprintf(w, "  looked one heat ahead: heat %d, as registered, can then be seated at conflict %d or less\n", heat+1, a.Next)
	case a.AloneNext < 0:
		fmt.Fprintf(w, "  looked one heat ahead: heat %d, as registered, can then be seated at conflict %d or less; "+
			"after this heat's least seating alone (conflict %d) the power rule left it no seating\n", heat+1, a.Next, a.Alone)
	default:
		fmt.Fprintf(w, "  looked one heat ahead: heat %d, as registered, can then be seated at conflict %d or less; "+
			"this heat's least seating alone (conflict %d) would have left it %d, %d more for the two heats\n",
			heat+1, a.Next, a.Alone, a.AloneNext, a.Alone+a.AloneNext-a.Kept-a.Next)
	}
}

// writeCapNote says, when the time cap cut the seeder's search (in the
// rounds named by where, "" for the heat), that the seating depends on the
// machine and how to get one that the seed reproduces.
func writeCapNote(w io.Writer, timedOut bool, where string) {
	if timedOut {
		fmt.Fprintf(w, "the time cap stopped the seeder before its planned work%s: run again with a longer --time for a seating that the same seed reproduces anywhere\n", where)
	}
}

// writeUpToDate says that a save found the workbook holding what the
// command would write (what) already, and wrote nothing.
func writeUpToDate(w io.Writer, path, what string) {
	fmt.Fprintf(w, "unchanged: %s already holds %s; nothing written\n", path, what)
}

// writeEntryPageNote says where the results-entry page was written, if it
// was.
func writeEntryPageNote(w io.Writer, page string) {
	if page != "" {
		fmt.Fprintf(w, "wrote %s: the results-entry page for the desk (docs/import.md)\n", page)
	}
}

// because renders reason k of why as an indented line of its own, or ""
// when there is none.
func because(why []string, k int) string {
	if k < len(why) && why[k] != "" {
		return "\n  why: " + why[k]
	}
	return ""
}

// writeConflicts prints a seating's total conflict, its lower bound when
// bounded (a seating of late players in given seats has none), and the
// breakdown by kind.
func writeConflicts(w io.Writer, ex seeding.Explanation, bound int, bounded bool) {
	bd := ex.Breakdown
	if !bounded {
		fmt.Fprintf(w, "total conflict %d", ex.Total)
	} else {
		fmt.Fprintf(w, "total conflict %d (lower bound %d, gap %d)", ex.Total, bound, ex.Total-bound)
	}
	if ex.Locked != 0 {
		fmt.Fprintf(w, "; on started boards %d", ex.Locked)
	}
	fmt.Fprintln(w)
	for _, part := range []struct {
		name string
		v    int
	}{{"opponents met before", bd.Repeat}, {"player conflicts", bd.Conflict}, {"groups", bd.Group},
		{"team-mates", bd.Team}, {"same power again", bd.Power}, {"power group again", bd.PowerGroup},
		{"power preferences", bd.Preference}, {"neighbours again", bd.Neighbour}} {
		if part.v != 0 {
			fmt.Fprintf(w, "  %-22s %d\n", part.name, part.v)
		}
	}
}
