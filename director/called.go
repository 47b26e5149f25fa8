package director

// A heat whose boards were called (seated, none of them started): plain dtm
// seed passes it over, reseeding it needs --reseed, and --sit-out auto
// changes the fewest seats, as --late does.

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// calledSeat is a seat of a board seated but not started: who sits there.
type calledSeat struct {
	player, board, power int
}

// calledSeats lists the seats of heat n's boards that are seated but not
// started: those a reseeding may move. None means the heat is not called.
func calledSeats(t *workbook.Tournament, n int) []calledSeat {
	var out []calledSeat
	for _, g := range t.Heats[n-1].Games {
		if g.Status != workbook.Unstarted {
			continue
		}
		for _, s := range g.Seats {
			if s.Player >= 0 {
				out = append(out, calledSeat{player: s.Player, board: g.Board, power: s.Power})
			}
		}
	}
	return out
}

// movedSeats counts the seats of before whose player is not in the same
// board and power in boards (a seat is moved when its player moves or
// leaves the heat).
func movedSeats(before []calledSeat, boards []workbook.Seated) int {
	after := map[calledSeat]int{}
	for _, sb := range boards {
		for _, s := range sb.Board.Seats {
			after[calledSeat{player: s.Player, board: sb.Number, power: s.Power}]++
		}
	}
	moved := 0
	for _, s := range before {
		if s.power < 0 {
			s.power = seeding.NoPower
		}
		if after[s] > 0 {
			after[s]--
		} else {
			moved++
		}
	}
	return moved
}

// reseedError refuses to reseed a called heat without --reseed.
func reseedError(n, moved, seats int) error {
	return fmt.Errorf("heat %d is called (boards seated, not started): reseeding heat %d would move %d of %d seats; "+
		"nothing was written. Run again with --reseed to do it, or --late to seat late players moving nobody", n, n, moved, seats)
}

// heatToSeed is the heat dtm seed works on: heat, or with heat 0 the
// earliest heat with a registered player on none of its boards
// (Tournament.Unseated) that is neither called (a seated board not
// started: its late players are dtm seed --late's) nor under way (a board
// finished). It also returns a note for each heat before it that is
// called, or passed over with players not seated.
func heatToSeed(t *workbook.Tournament, heat int) (int, []string, error) {
	if heat != 0 {
		n, err := heatToSeat(t, heat)
		return n, nil, err
	}
	var notes, pending []string
	for n := 1; n <= len(t.Heats); n++ {
		unseated := t.Unseated(n)
		finished := false
		for _, g := range t.Heats[n-1].Games {
			finished = finished || g.Status == workbook.Finished
		}
		called := len(calledSeats(t, n)) > 0
		switch {
		case len(unseated) > 0 && called:
			notes = append(notes, fmt.Sprintf("heat %d is called, and %s not seated there (%s): dtm seed --late --heat %d seats them, moving nobody",
				n, players(len(unseated), "registered player is", "registered players are"), names(t, unseated), n))
			pending = append(pending, notes[len(notes)-1])
		case len(unseated) > 0 && finished:
			notes = append(notes, fmt.Sprintf("heat %d is under way (a board has finished), and %s not seated there (%s): passed over",
				n, players(len(unseated), "registered player is", "registered players are"), names(t, unseated)))
			pending = append(pending, notes[len(notes)-1])
		case len(unseated) > 0:
			return n, notes, nil
		case called:
			notes = append(notes, fmt.Sprintf("heat %d is called (boards seated, not started)", n))
		}
	}
	if len(pending) > 0 {
		return 0, nil, fmt.Errorf("no heat to seat but for players not seated in heats already called or under way: %s",
			strings.Join(pending, "; "))
	}
	return 0, nil, ErrNoHeat
}

// players counts n players in words: "1 registered player is", "3
// registered players are".
func players(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// names lists players by name, comma-separated.
func names(t *workbook.Tournament, ps []int) string {
	var out []string
	for _, p := range ps {
		out = append(out, t.Players[p].Name)
	}
	return strings.Join(out, ", ")
}

// sitOutCalled is dtm seed --sit-out auto on a heat whose boards were
// called: it chooses who plays as --sit-out auto does, keeping the called
// seats filled and the called players seated where it can
// (seeding.ChooseSitOutsAfterCalls), marks the choice on the Players sheet,
// then seats the heat as --late does (seatLate): the seats of those who no
// longer play go to late players and to players brought back, and late
// players who make whole boards get new boards. Nobody else moves. It
// reports false when nothing changes (nothing is to be written), and
// refuses when the players left cannot fill the called seats.
func sitOutCalled(ctx context.Context, b *workbook.Book, n int, req SeedRequest, res *SeedResult) (bool, error) {
	t := b.Tournament
	hs, err := t.Seating(n)
	var ps workbook.Problems
	if errors.As(err, &ps) {
		return false, &ProblemsError{Path: req.Path, Problems: ps}
	} else if err != nil {
		return false, wrapf(err, "heat %d", n)
	}
	seats := calledSeats(t, n)
	onCalled := map[int]bool{}
	for _, s := range seats {
		onCalled[s.player] = true
	}
	var cands []seeding.SitOutCandidate
	for _, c := range heatCandidates(t, hs, nil) {
		switch {
		case onCalled[c.Player] && c.Sitting:
			continue // dropped out: their seat is to fill, they are not to bring back
		case onCalled[c.Player]:
			c.Called = true
		}
		cands = append(cands, c)
	}
	choice := seeding.ChooseSitOutsAfterCalls(cands, t.Settings.MinHeats, len(seats))
	playing, sitting := 0, 0
	for _, c := range cands {
		if c.Sitting {
			sitting++
		} else {
			playing++
		}
	}
	if playing+sitting < len(seats) {
		return false, fmt.Errorf("heat %d is called (boards seated, not started), and its %d seats cannot all be filled: "+
			"%s to play it and %s sitting it out to bring back; filling boards of seven would move players, so nothing was written. "+
			"Register %d more for the heat and run again (or dtm seed --late), reseed the heat with dtm seed --heat %d --reseed --sit-out auto, "+
			"or swap players by hand and run dtm seed --refresh --heat %d",
			n, len(seats), players(playing, "player is left", "players are left"), players(sitting, "player", "players"),
			len(seats)-playing-sitting, n, n)
	}
	lateBefore := len(t.Unseated(n))
	if len(choice.SitOut)+len(choice.Restore) == 0 && lateBefore == 0 && len(t.DropOuts(n)) == 0 {
		res.SittingOut = sittingOut(t, n)
		return false, nil
	}
	if err := b.SetRegistration(n, choice.SitOut, workbook.SittingOut); err != nil {
		return false, err
	}
	if err := b.SetRegistration(n, choice.Restore, workbook.Registered); err != nil {
		return false, err
	}
	for _, p := range choice.SitOut {
		res.SatOut = append(res.SatOut, t.Players[p].Name)
		res.SatOutWhy = append(res.SatOutWhy, choice.Why[p])
	}
	for _, p := range choice.Restore {
		res.Restored = append(res.Restored, t.Players[p].Name)
		res.RestoredWhy = append(res.RestoredWhy, choice.Why[p])
	}
	late := &LateResult{Path: req.Path, Heat: n, back: choice.Restore}
	if len(t.Unseated(n))+len(t.DropOuts(n)) > 0 {
		opts := seeding.Options{Seed: seeding.HeatSeed(res.Seed, n), Time: req.Time, RoundsLeft: t.Settings.Heats - n + 1}
		if err := seatLate(ctx, b, n, opts, late); err != nil {
			return false, err
		}
	} else {
		// Only late players sit out: the boards stay, the calls list them.
		boards, err := heatBoards(&t.Heats[n-1])
		if err != nil {
			return false, err
		}
		if err := writeLate(b, n, boards, late); err != nil {
			return false, err
		}
	}
	res.Late = late
	res.Boards, res.Kept, res.Explanation, res.SittingOut = late.Boards, late.Kept, late.Explanation, late.SittingOut
	return true, nil
}
