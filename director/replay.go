package director

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/internal/version"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// How dtm seed seated a heat, as its record says (workbook.SeedingRecord):
// by the seeder alone, with a pool on the top boards, or with players on
// two boards. dtm verify replays each from its record: the pool and who
// plays two boards are recorded as chosen.
const (
	seedMode      = "seed"
	poolMode      = "pool"
	twoBoardsMode = "two boards"
)

// ReplayTime caps the seeder's time when dtm verify seats a heat again:
// far above the minute dtm seed gives it, so that a busy machine does not
// cut a search that dtm seed finished (its work is counted, not timed).
const ReplayTime = 10 * time.Minute

// seedingInputParts name the parts of the seeder's inputs that a heat's
// record digests, and what each covers, for dtm verify's notes.
var seedingInputParts = [][2]string{
	{"players", "the players (names, two-board volunteers, power preferences)"},
	{"conflicts", "the conflicts, groups and teams"},
	{"history", "the earlier heats' seatings"},
	{"settings", "the seeding settings"},
	{"heat", "the heat's players and kept boards"},
	{"later", "the players registered for later heats"},
}

// seedingInputs digests what the seeder is given for a heat, part by part
// (seedingInputParts), each as the first 16 hex digits of the SHA-256 of
// its JSON.
func seedingInputs(p *seeding.Problem, present []int, locked []seeding.Board, opts seeding.Options) [][2]string {
	// An earlier heat's board is history to the seeder whether or not it
	// has started: a heat seeded the night before its predecessor starts
	// is seated again as it was once that heat is played.
	history := make([]seeding.Plan, len(p.History))
	for i, pl := range p.History {
		history[i] = seeding.Plan{Round: pl.Round, Boards: slices.Clone(pl.Boards)}
		for j := range history[i].Boards {
			history[i].Boards[j].Locked = false
		}
	}
	parts := []any{
		[]any{p.Players, p.TwoBoards, p.Preferences},
		[]any{p.Conflicts, p.Groups, p.Teams},
		history,
		[]any{p.Values, p.PowerGroups, p.AssignPowers, p.PowerRule, p.Method, p.ChoiceOrder, opts.RoundsLeft},
		[]any{present, locked},
		opts.Later,
	}
	out := make([][2]string, len(parts))
	for i, part := range parts {
		out[i] = [2]string{seedingInputParts[i][0], shortDigest(part)}
	}
	return out
}

// shortDigest is the first 16 hex digits of the SHA-256 of v's JSON, as a
// seeding record keeps what the seeder was given.
func shortDigest(v any) string {
	data, err := json.Marshal(v)
	if err != nil { // plain values: cannot fail, but a digest of nothing would match nothing
		data = []byte(err.Error())
	}
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:8])
}

// replay is what seating heat n again takes: its record, and the seeder's
// inputs rebuilt from the workbook as it is now, which match the record's.
type replay struct {
	rec     workbook.SeedingRecord
	hs      workbook.HeatSeating
	problem *seeding.Problem
	opts    seeding.Options
}

// prepareReplay reads heat n's seeding record and rebuilds the seeder's
// inputs from the workbook. It returns the replay, or why the heat cannot
// be seated again (a note for dtm verify, a line of dtm status) with the
// record when there is one; neither for a heat with no board.
func prepareReplay(b *workbook.Book, n int) (*replay, workbook.SeedingRecord, string, error) {
	t := b.Tournament
	if len(t.HeatPlan(n).Boards) == 0 {
		return nil, workbook.SeedingRecord{}, "", nil
	}
	rec, ok, err := b.SeedingRecord(n)
	if err != nil {
		return nil, rec, "", err
	}
	whyNot := func(format string, args ...any) (*replay, workbook.SeedingRecord, string, error) {
		return nil, rec, fmt.Sprintf(format, args...), nil
	}
	switch {
	case !ok:
		return whyNot("no record of dtm seed (seated by hand, or by a dtm older than the record): its seats are not replayed")
	case rec.Mode == poolMode && rec.Pool == nil:
		return whyNot("seeded with --pool by a dtm that did not record the pool: not replayed (the pool was chosen from the standings of the day)")
	case rec.Mode == twoBoardsMode && rec.Doublers == nil:
		return whyNot("seeded with --two-boards auto by a dtm that did not record who plays two boards: not replayed")
	case slices.ContainsFunc(slices.Concat(rec.Pool, rec.Doublers, rec.Benched), func(p int) bool { return p >= len(t.Players) }):
		return whyNot("its record names players beyond the %d of the Players sheet: not replayed", len(t.Players))
	case rec.Mode != seedMode && rec.Mode != poolMode && rec.Mode != twoBoardsMode:
		return whyNot("seeded in a way this dtm does not know (%q): not replayed", rec.Mode)
	case rec.Capped:
		return whyNot("the time cap cut dtm seed's search: the seating depends on the machine and cannot be replayed")
	case rec.Version != version.String():
		return whyNot("seeded by dtm %s, this is dtm %s: not replayed (the seeder may differ)", rec.Version, version.String())
	}
	hs := workbook.HeatSeating{Heat: n}
	kept := map[int]bool{}
	for _, g := range t.Heats[n-1].Games {
		if !slices.Contains(rec.Kept, g.Board) {
			continue
		}
		board, ok := g.SeedingBoard()
		if !ok {
			return whyNot("kept board %d is not complete: not replayed", g.Board)
		}
		board.Locked = true
		hs.Locked, hs.Numbers = append(hs.Locked, board), append(hs.Numbers, g.Board)
		for _, s := range slices.Concat(board.Seats, board.Left) {
			kept[s.Player] = true
		}
	}
	for i, p := range t.Players {
		if p.Registration[n-1].Plays() && !kept[i] {
			hs.Present = append(hs.Present, i)
		}
	}
	problem := t.SeedProblem(n)
	if problem.Method == seeding.LowestRankedFirst && len(problem.Preferences) > 0 {
		if problem.ChoiceOrder, err = choiceOrder(t, n); err != nil {
			return nil, rec, "", err
		}
	}
	opts := seeding.Options{Seed: rec.Seed, Time: ReplayTime, RoundsLeft: t.Settings.Heats - n + 1, Effort: rec.Effort, Restarts: rec.Restarts}
	switch {
	case rec.Mode != seedMode: // a pool or two boards: the seeder is told nothing of later heats
	case rec.Later == nil: // a record without the prediction: made again from the registrations now
		opts.Later = laterPlayers(t, n, hs.Present, hs.Locked)
	case len(rec.Later) > 0: // as dtm seed had it (nil for none)
		opts.Later = rec.Later
	}
	var changed []string
	for i, part := range seedingInputs(problem, hs.Present, hs.Locked, opts) {
		if j := slices.IndexFunc(rec.Inputs, func(p [2]string) bool { return p[0] == part[0] }); j < 0 || rec.Inputs[j][1] != part[1] {
			changed = append(changed, seedingInputParts[i][1])
		}
	}
	if len(changed) > 0 {
		why := ""
		if rec.Changed != "" {
			why = fmt.Sprintf(" (%s changed its seats since)", rec.Changed)
		}
		return whyNot("cannot be replayed: %s differ from when dtm seed seated it%s", strings.Join(changed, ", "), why)
	}
	return &replay{rec: rec, hs: hs, problem: problem, opts: opts}, rec, "", nil
}

// replayHeat seats heat n again as its record says dtm seed did, when the
// record allows it, and compares the seats with the heat sheet's: each
// player seated elsewhere is a difference at their Player cell. What
// cannot be replayed, and why, is a note.
func replayHeat(ctx context.Context, b *workbook.Book, n int, res *VerifyResult) error {
	t := b.Tournament
	note := func(format string, args ...any) {
		res.Notes = append(res.Notes, fmt.Sprintf("heat %d: ", n)+fmt.Sprintf(format, args...))
	}
	r, _, why, err := prepareReplay(b, n)
	if err != nil || r == nil {
		if why != "" {
			note("%s", why)
		}
		return err
	}
	rec, hs, problem, opts := r.rec, r.hs, r.problem, r.opts
	// The record's choices against the workbook's: when they disagree, the
	// seats are not compared (they would differ everywhere).
	chosen := benchDifferences(t, hs, rec)
	switch rec.Mode {
	case poolMode:
		chosen = append(chosen, poolDifferences(t, hs, rec, note)...)
	case twoBoardsMode:
		chosen = append(chosen, doublerDifferences(t, hs, rec)...)
	}
	if len(chosen) > 0 {
		for i := range chosen {
			chosen[i].Hint = fmt.Sprintf("the Players sheet, or the document property %q, was changed since dtm seed: its seats are not compared", "dtm seeding "+workbook.HeatSheet(n))
		}
		res.Differences = append(res.Differences, chosen...)
		return nil
	}
	var seeded seeding.Result
	switch rec.Mode {
	case poolMode:
		seeded, err = seatPoolChoice(ctx, problem, hs.Present, rec.Pool, opts)
	case twoBoardsMode:
		seeded, err = seeding.SeedTwoBoards(ctx, problem, hs.Present, rec.Doublers, hs.Locked, opts)
	default:
		seeded, err = seeding.Seed(ctx, problem, hs.Present, hs.Locked, opts)
	}
	if err != nil {
		note("seating it again failed (%v): not replayed", err)
		return nil
	}
	if seeded.TimedOut {
		note("seating it again took longer than %v: not replayed", ReplayTime)
		return nil
	}
	diffs := seatDifferences(t, n, hs.Number(seeded.Plan), problem.AssignPowers, rec.Seed)
	switch {
	case len(diffs) == 0:
		res.Replayed++
	case rec.Changed != "":
		note("%d seat(s) differ from dtm seed's (heat seed %d), as %s left them", len(diffs), rec.Seed, rec.Changed)
	default:
		for i := range diffs {
			diffs[i].Hint = fmt.Sprintf("seats changed by hand since dtm seed: dtm seed --refresh --heat %d records the change", n)
		}
		res.Differences = append(res.Differences, diffs...)
	}
	return nil
}

// seatDifferences compares the boards dtm seed gave heat n with its sheet:
// each player on another board (or power, when dtm assigns them), at
// their Player cell. A seat whose player was replaced during the game
// counts as its first player's; a player on two boards is compared seat
// by seat.
func seatDifferences(t *workbook.Tournament, n int, boards []workbook.Seated, powers bool, seed int64) workbook.Problems {
	type seat struct{ board, power int }
	seeded := map[int][]seat{}
	for _, sb := range boards {
		for _, s := range sb.Board.Seats {
			seeded[s.Player] = append(seeded[s.Player], seat{sb.Number, s.Power})
		}
	}
	name := func(power int) string {
		if power < 0 || power >= dip.NumPowers {
			return "no power"
		}
		return dip.Power(power).String()
	}
	heat := &t.Heats[n-1]
	var out workbook.Problems
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			p := s.Player
			if s.Replaced >= 0 {
				p = s.Replaced
			}
			if p < 0 {
				continue
			}
			seats := seeded[p]
			if len(seats) == 0 {
				out = append(out, workbook.Problem{Sheet: workbook.HeatSheet(n), Cell: heat.PlayerCell(s.Row),
					Msg: fmt.Sprintf("%s is on board %d; dtm seed (heat seed %d) seated nobody of that name there", t.Players[p].Name, g.Board, seed)})
				continue
			}
			k := max(0, slices.IndexFunc(seats, func(w seat) bool { return w.board == g.Board && (!powers || w.power == s.Power) }))
			if want := seats[k]; want.board != g.Board || powers && want.power != s.Power {
				out = append(out, workbook.Problem{Sheet: workbook.HeatSheet(n), Cell: heat.PlayerCell(s.Row),
					Msg: fmt.Sprintf("%s is on board %d as %s; dtm seed (heat seed %d) seated them on board %d as %s",
						t.Players[p].Name, g.Board, name(s.Power), seed, want.board, name(want.power))})
			}
			if seeded[p] = slices.Delete(seats, k, k+1); len(seeded[p]) == 0 {
				delete(seeded, p)
			}
		}
	}
	for _, p := range slices.Sorted(maps.Keys(seeded)) {
		for _, want := range seeded[p] {
			out = append(out, workbook.Problem{Sheet: workbook.HeatSheet(n),
				Msg: fmt.Sprintf("%s is on no board; dtm seed (heat seed %d) seated them on board %d", t.Players[p].Name, seed, want.board)})
		}
	}
	return out
}

// poolDifferences chooses heat hs.Heat's pool again from the workbook and
// compares it with the pool its record kept: each player the two disagree
// on is a difference at their Player cell (or the Players sheet's row,
// when they are not seated). When what the choice is made from (the
// standings before the heat, who declines a pool seat) has changed since,
// say by a corrected result, it is a note instead: the pool was right on
// the day.
func poolDifferences(t *workbook.Tournament, hs workbook.HeatSeating, rec workbook.SeedingRecord, note func(string, ...any)) workbook.Problems {
	want, err := ParsePool(rec.PoolBy)
	var choice poolChoice
	if err == nil {
		choice, err = choosePool(t, hs, want)
	}
	if err != nil {
		note("the pool (%s) cannot be chosen again from the workbook (%v): seated again from the recorded pool", rec.PoolBy, err)
		return nil
	}
	again := sorted(choice.Pool)
	if slices.Equal(again, rec.Pool) {
		return nil
	}
	if choice.digest != rec.Standings {
		note("the standings before the heat, or who declines a pool seat, changed since dtm seed chose the pool (%s): chosen again, it would be %s; seated again from the recorded pool",
			rec.PoolBy, strings.Join(choice.result.Players, ", "))
		return nil
	}
	pool := strings.Join(choice.result.Players, ", ")
	return disagreements(t, hs.Heat, rec.Pool, again, workbook.HeaderFirstName,
		fmt.Sprintf("is in the pool dtm seed recorded (%s), but the standings before heat %d do not qualify them: the pool is %s", rec.PoolBy, hs.Heat, pool),
		fmt.Sprintf("is not in the pool dtm seed recorded (%s), but the standings before heat %d qualify them: the pool is %s", rec.PoolBy, hs.Heat, pool))
}

// disagreements reports each player whom one of recorded and chosen (a
// record's choice, and the same choice made again from the workbook)
// names and the other does not: their name and recordedOnly or chosenOnly,
// at their place in heat n (playerPlace, under header).
func disagreements(t *workbook.Tournament, n int, recorded, chosen []int, header, recordedOnly, chosenOnly string) workbook.Problems {
	var out workbook.Problems
	for _, p := range symmetricDifference(recorded, chosen) {
		pr := playerPlace(t, n, p, header)
		pr.Msg = t.Players[p].Name + " " + recordedOnly
		if slices.Contains(chosen, p) {
			pr.Msg = t.Players[p].Name + " " + chosenOnly
		}
		out = append(out, pr)
	}
	return out
}

// benchDifferences chooses again which standbys dtm seed --two-boards auto
// had sit heat hs.Heat out (they are marked Sitting out, so they are
// registered again for the choice) and compares them with the record:
// each player the two disagree on is a difference at their registration
// for the heat on the Players sheet (or their Player cell, if seated).
func benchDifferences(t *workbook.Tournament, hs workbook.HeatSeating, rec workbook.SeedingRecord) workbook.Problems {
	if len(rec.Benched) == 0 {
		return nil
	}
	before := *t
	before.Players = slices.Clone(t.Players)
	for _, p := range rec.Benched {
		before.Players[p].Registration = slices.Clone(t.Players[p].Registration)
		before.Players[p].Registration[hs.Heat-1] = workbook.Registered
	}
	all := hs
	all.Present = sorted(slices.Concat(hs.Present, rec.Benched))
	bench := seeding.BenchStandbys(heatCandidates(&before, all, nil), len(all.Present), t.Settings.MinHeats).SitOut
	return disagreements(t, hs.Heat, rec.Benched, bench, workbook.HeatSheet(hs.Heat),
		fmt.Sprintf("sits heat %d out as a standby by dtm seed's record, but the registrations do not bench them", hs.Heat),
		fmt.Sprintf("is a standby the registrations bench from heat %d, but dtm seed's record does not", hs.Heat))
}

// doublerDifferences chooses again who plays heat hs.Heat on two boards
// from the workbook and compares them with the record: each player the two
// disagree on is a difference at their Player cell (or Players sheet
// row).
func doublerDifferences(t *workbook.Tournament, hs workbook.HeatSeating, rec workbook.SeedingRecord) workbook.Problems {
	doublers, err := chooseDoublers(t, hs, &SeedResult{})
	if err != nil {
		return workbook.Problems{{Sheet: workbook.HeatSheet(hs.Heat),
			Msg: fmt.Sprintf("who plays two boards cannot be chosen again from the workbook: %v", err)}}
	}
	return disagreements(t, hs.Heat, rec.Doublers, doublers, workbook.HeaderTwoBoards,
		fmt.Sprintf("plays two boards in heat %d by dtm seed's record, but the workbook chooses others", hs.Heat),
		fmt.Sprintf("is chosen to play two boards in heat %d, but dtm seed's record does not have them", hs.Heat))
}

// symmetricDifference lists the players in one of a and b but not both,
// sorted.
func symmetricDifference(a, b []int) []int {
	var out []int
	for _, p := range slices.Concat(a, b) {
		if slices.Contains(a, p) != slices.Contains(b, p) && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// playerPlace is where a difference about player p in heat n is reported:
// their first Player cell on heat n's sheet, or their cell under header on
// the Players sheet when they have no seat there.
func playerPlace(t *workbook.Tournament, n, p int, header string) workbook.Problem {
	heat := &t.Heats[n-1]
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			if s.Player == p || s.Replaced == p {
				return workbook.Problem{Sheet: workbook.HeatSheet(n), Cell: heat.PlayerCell(s.Row)}
			}
		}
	}
	return workbook.Problem{Sheet: workbook.SheetPlayers, Cell: t.PlayerCell(p, header)}
}
