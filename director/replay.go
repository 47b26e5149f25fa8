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
// by the seeder alone, which dtm verify replays, or with a pool or players
// on two boards, which it does not (the pool's qualification and the
// choice of who plays two boards are made from more than the record keeps).
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
		data, err := json.Marshal(part)
		if err != nil { // plain values: cannot fail, but a digest of nothing would match nothing
			data = []byte(err.Error())
		}
		sum := sha256.Sum256(data)
		out[i] = [2]string{seedingInputParts[i][0], hex.EncodeToString(sum[:8])}
	}
	return out
}

// replayHeat seats heat n again as its record says dtm seed did, when the
// record allows it, and compares the seats with the heat sheet's: each
// player seated elsewhere is a difference at their Player cell. What
// cannot be replayed, and why, is a note.
func replayHeat(ctx context.Context, b *workbook.Book, n int, res *VerifyResult) error {
	t := b.Tournament
	if len(t.HeatPlan(n).Boards) == 0 {
		return nil
	}
	rec, ok, err := b.SeedingRecord(n)
	if err != nil {
		return err
	}
	note := func(format string, args ...any) {
		res.Notes = append(res.Notes, fmt.Sprintf("heat %d: ", n)+fmt.Sprintf(format, args...))
	}
	switch {
	case !ok:
		note("no record of dtm seed (seated by hand, or by a dtm older than the record): its seats are not replayed")
		return nil
	case rec.Mode == poolMode:
		note("seeded with --pool: not replayed (the pool is chosen from the standings of the day)")
		return nil
	case rec.Mode == twoBoardsMode:
		note("seeded with --two-boards auto: not replayed (who plays two boards is chosen before the seeder runs)")
		return nil
	case rec.Mode != seedMode:
		note("seeded in a way this dtm does not know (%q): not replayed", rec.Mode)
		return nil
	case rec.Capped:
		note("the time cap cut dtm seed's search: the seating depends on the machine and cannot be replayed")
		return nil
	case rec.Version != version.String():
		note("seeded by dtm %s, this is dtm %s: not replayed (the seeder may differ)", rec.Version, version.String())
		return nil
	}
	hs := workbook.HeatSeating{Heat: n}
	kept := map[int]bool{}
	for _, g := range t.Heats[n-1].Games {
		if !slices.Contains(rec.Kept, g.Board) {
			continue
		}
		board, ok := g.SeedingBoard()
		if !ok {
			note("kept board %d is not complete: not replayed", g.Board)
			return nil
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
			return err
		}
	}
	opts := seeding.Options{Seed: rec.Seed, Time: ReplayTime, RoundsLeft: t.Settings.Heats - n + 1, Effort: rec.Effort, Restarts: rec.Restarts}
	switch {
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
		note("cannot be replayed: %s differ from when dtm seed seated it%s", strings.Join(changed, ", "), why)
		return nil
	}
	seeded, err := seeding.Seed(ctx, problem, hs.Present, hs.Locked, opts)
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
// counts as its first player's.
func seatDifferences(t *workbook.Tournament, n int, boards []workbook.Seated, powers bool, seed int64) workbook.Problems {
	type seat struct{ board, power int }
	seeded := map[int]seat{}
	for _, sb := range boards {
		for _, s := range sb.Board.Seats {
			seeded[s.Player] = seat{sb.Number, s.Power}
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
			want, ok := seeded[p]
			delete(seeded, p)
			switch {
			case !ok:
				out = append(out, workbook.Problem{Sheet: workbook.HeatSheet(n), Cell: heat.PlayerCell(s.Row),
					Msg: fmt.Sprintf("%s is on board %d; dtm seed (heat seed %d) seated nobody of that name", t.Players[p].Name, g.Board, seed)})
			case want.board != g.Board || powers && want.power != s.Power:
				out = append(out, workbook.Problem{Sheet: workbook.HeatSheet(n), Cell: heat.PlayerCell(s.Row),
					Msg: fmt.Sprintf("%s is on board %d as %s; dtm seed (heat seed %d) seated them on board %d as %s",
						t.Players[p].Name, g.Board, name(s.Power), seed, want.board, name(want.power))})
			}
		}
	}
	for _, p := range slices.Sorted(maps.Keys(seeded)) {
		want := seeded[p]
		out = append(out, workbook.Problem{Sheet: workbook.HeatSheet(n),
			Msg: fmt.Sprintf("%s is on no board; dtm seed (heat seed %d) seated them on board %d", t.Players[p].Name, seed, want.board)})
	}
	return out
}
