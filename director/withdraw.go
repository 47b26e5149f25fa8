package director

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/armada-dtm/dtm/workbook"
)

// WithdrawRequest says which player leaves the tournament, and from which
// heat.
type WithdrawRequest struct {
	Path string
	// Name is the player's name, as on the Players sheet ("First Last").
	Name string
	// FromHeat is the first heat they no longer play; 0 for the heat after
	// the last in which they are on a board that has started or finished
	// (heat 1 when there is none).
	FromHeat int
	// Force writes even when a lock file says the workbook is open.
	Force bool
}

// WithdrawResult is what withdrawing a player changed.
type WithdrawResult struct {
	Path, Player string
	FromHeat     int
	// Cleared are the heats whose registration was cleared, and what it
	// was ("Registered", "Sitting out" ...).
	Cleared []ClearedHeat
	// Filled are the player's seats on boards that had not started, and
	// who took each (as dtm seed --late fills a drop-out's seat).
	Filled []FilledSeat
	// Unfilled are the seats nobody could take, and what to do.
	Unfilled []UnfilledSeat
	// Playing are the boards the player is on, from FromHeat on, that have
	// started or finished: not touched.
	Playing []PlayingBoard
	// UpToDate is set when the save found the workbook holding all this
	// already: nothing was written.
	UpToDate bool
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
	// EntryPage is the results-entry page rewritten beside the workbook
	// when a seat changed hands.
	EntryPage string
	// entryHeat and entryCalls are the first heat whose seats changed
	// hands and its board calls as written, for the entry page.
	entryHeat  int
	entryCalls []workbook.CallBoard
}

// ClearedHeat is a heat whose registration a withdrawal cleared.
type ClearedHeat struct {
	Heat int
	Was  string
}

// FilledSeat is a withdrawn player's seat given to someone else.
type FilledSeat struct {
	Heat int
	DropOut
}

// UnfilledSeat is a withdrawn player's seat nobody could take: Why says
// why and what the director can do.
type UnfilledSeat struct {
	Heat, Board int
	Why         string
}

// PlayingBoard is a started or finished board a withdrawn player is on.
type PlayingBoard struct {
	Heat, Board int
	Status      string
}

// Withdraw takes a player out of the rest of the tournament: their
// registrations from req.FromHeat on are cleared on the Players sheet,
// and each seat of theirs on a board that has not started is filled as
// dtm seed --late fills a drop-out's seat (a late player or a standby
// takes it, nobody else moving). A heat where they are on a board that
// has started or finished is not touched. Run again, it changes nothing.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is written, or, when nothing is written, if it was
// not published from the workbook's file as it is (refreshSite).
func Withdraw(_ context.Context, req WithdrawRequest) (*WithdrawResult, error) {
	res, changed, err := withdraw(req)
	if err != nil && !Saved(err) {
		return nil, err
	}
	res.Site = refreshSite(req.Path, changed)
	return res, err
}

// withdraw is Withdraw without refreshing the site; it reports whether
// it wrote the workbook.
func withdraw(req WithdrawRequest) (*WithdrawResult, bool, error) {
	b, err := open(req.Path, usedSystems)
	if err != nil {
		return nil, false, err
	}
	defer b.Close()
	t := b.Tournament
	p, hint := t.FindPlayer(req.Name)
	if p < 0 {
		return nil, false, fmt.Errorf("%s: unknown player %q: %s (nothing was changed)", req.Path, req.Name, hint)
	}
	from := req.FromHeat
	if from != 0 && (from < 1 || from > t.Settings.Heats) {
		return nil, false, usagef("--from-heat must be from 1 to %d", t.Settings.Heats)
	}
	res := &WithdrawResult{Path: req.Path, Player: t.Players[p].Name}
	if from == 0 {
		from = 1
		for h := range t.Heats {
			// a heat played out, or one the player is playing, keeps its record
			if len(playing(&t.Heats[h], p)) > 0 || b.HeatStatus(h+1).State >= workbook.Reported {
				from = h + 2
			}
		}
		if from > 1 { // a game in play the player leaves is a replacement: say so
			for _, g := range playing(&t.Heats[from-2], p) {
				if g.Status == workbook.Started {
					res.Playing = append(res.Playing, PlayingBoard{Heat: from - 1, Board: g.Board, Status: workbook.ChoicesStatus[g.Status]})
				}
			}
		}
	}
	res.FromHeat = from
	changed := false
	for n := from; n <= t.Settings.Heats; n++ {
		heat := &t.Heats[n-1]
		if boards := playing(heat, p); len(boards) > 0 {
			for _, g := range boards {
				res.Playing = append(res.Playing, PlayingBoard{Heat: n, Board: g.Board, Status: workbook.ChoicesStatus[g.Status]})
			}
			continue
		}
		if r := t.Players[p].Registration[n-1]; r != workbook.NotRegistered {
			res.Cleared = append(res.Cleared, ClearedHeat{Heat: n, Was: workbook.ChoicesRegistration[r-1]})
			if err := b.SetRegistration(n, []int{p}, workbook.NotRegistered); err != nil {
				return nil, false, err
			}
			changed = true
		}
		filled, err := fillSeat(b, n, p, res)
		if err != nil {
			return nil, false, err
		}
		changed = changed || filled
	}
	if !changed {
		return res, false, nil
	}
	wrote, err := b.Save(workbook.Options{Force: req.Force})
	if err != nil {
		return nil, false, err
	}
	res.UpToDate = !wrote
	if !wrote {
		return res, false, nil
	}
	if res.entryHeat > 0 {
		res.EntryPage, err = entryPageAfterSave(b, res.entryHeat, res.entryCalls)
	}
	return res, true, err
}

// playing returns the boards of a heat that have started or finished with
// player p in a seat.
func playing(heat *workbook.Heat, p int) []workbook.Game {
	var out []workbook.Game
	for _, g := range heat.Games {
		if g.Status != workbook.Unstarted && onGame(g, p) {
			out = append(out, g)
		}
	}
	return out
}

// onGame reports whether player p sits at a board.
func onGame(g workbook.Game, p int) bool {
	for _, s := range g.Seats {
		if s.Player == p {
			return true
		}
	}
	return false
}

// fillSeat gives player p's seats on heat n's boards that have not
// started (p no longer plays the heat) to late players or standbys as dtm
// seed --late does, and writes the heat's boards and calls; it reports
// whether it did. When nobody can take them, it notes why in res and
// changes nothing.
func fillSeat(b *workbook.Book, n, p int, res *WithdrawResult) (bool, error) {
	t := b.Tournament
	heat := &t.Heats[n-1]
	var drops [][2]int
	for _, d := range t.DropOuts(n) {
		if heat.Games[d[0]].Seats[d[1]].Player == p {
			drops = append(drops, d)
		}
	}
	if len(drops) == 0 {
		return false, nil
	}
	seated := map[int]bool{}
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			if s.Player >= 0 {
				seated[s.Player] = true
			}
		}
	}
	var late []int
	for i, pl := range t.Players {
		if pl.Registration[n-1].Plays() && !seated[i] {
			late = append(late, i)
		}
	}
	kept := make([]workbook.Game, len(heat.Games)) // fillDropOuts seats the newcomers in memory
	for i, g := range heat.Games {
		kept[i] = g
		kept[i].Seats = append([]workbook.Seat(nil), g.Seats...)
	}
	lr := &LateResult{Path: res.Path, Heat: n}
	if _, err := fillDropOuts(b, n, drops, late, lr); err != nil {
		heat.Games = kept
		for _, d := range drops {
			res.Unfilled = append(res.Unfilled, UnfilledSeat{Heat: n, Board: heat.Games[d[0]].Board,
				Why: strings.TrimPrefix(err.Error(), fmt.Sprintf("heat %d: ", n))})
		}
		return false, nil
	}
	boards, err := heatBoards(heat)
	if err != nil {
		return false, err
	}
	if err := writeLate(b, n, boards, lr); err != nil {
		return false, err
	}
	for _, d := range lr.DropOuts {
		res.Filled = append(res.Filled, FilledSeat{Heat: n, DropOut: d})
	}
	if res.entryHeat == 0 {
		res.entryHeat, res.entryCalls = n, lr.calls
	}
	return true, nil
}

// WriteText says what changed: the registrations cleared, who took each
// seat, the seats nobody could take and what to do, and the boards not
// touched.
func (r *WithdrawResult) WriteText(w io.Writer) {
	for _, pb := range r.Playing {
		fmt.Fprintf(w, "heat %d: %s is on board %d, which is %s: not touched (if they leave it, type who replaces them in its %s column: docs/games.md)\n",
			pb.Heat, r.Player, pb.Board, pb.Status, workbook.HeaderReplaced)
	}
	if len(r.Cleared) > 0 {
		var hs []string
		for _, c := range r.Cleared {
			hs = append(hs, fmt.Sprintf("heat %d (was %s)", c.Heat, c.Was))
		}
		fmt.Fprintf(w, "%s withdraws: registration cleared on the Players sheet for %s\n", r.Player, strings.Join(hs, ", "))
	}
	for _, f := range r.Filled {
		seat := fmt.Sprintf("board %d", f.Board)
		if f.Power != "" {
			seat += ", " + f.Power
		}
		who := "late player"
		if f.Standby {
			who = "standby, registered again for the heat"
		}
		fmt.Fprintf(w, "heat %d: %s (%s) takes the seat of %s (%s), nobody else moving; wrote sheet %s and its board calls, %s\n",
			f.Heat, f.By, who, f.Player, seat, workbook.HeatSheet(f.Heat), workbook.BoardCallsSheet(f.Heat))
	}
	for _, u := range r.Unfilled {
		fmt.Fprintf(w, "heat %d: nobody can take %s's seat on board %d yet, so %s stays on it (dtm check warns about it): %s\n",
			u.Heat, r.Player, u.Board, r.Player, u.Why)
	}
	if len(r.Cleared) == 0 && len(r.Filled) == 0 {
		fmt.Fprintf(w, "%s: nothing changed: %s has no registration from heat %d on", r.Path, r.Player, r.FromHeat)
		if len(r.Unfilled) == 0 {
			fmt.Fprint(w, " and no seat on a board that has not started")
		}
		fmt.Fprintln(w)
	} else if r.UpToDate {
		writeUpToDate(w, r.Path, "this withdrawal")
	} else {
		fmt.Fprintf(w, "wrote %s\n", r.Path)
		writeEntryPageNote(w, r.EntryPage)
	}
	r.Site.WriteText(w)
}
