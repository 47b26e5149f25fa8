package director

// Who plays a heat: the sit-outs --sit-out auto chooses, the standbys and
// players on two boards that fill boards of seven, and the players the
// seeder expects in the later heats.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// sitOut chooses who sits heat hs.Heat out so that its players fill boards
// of seven (seeding.ChooseSitOuts), marks them on the Players sheet, brings
// back those already marked who play after all, and updates hs.Present.
// The players of keep (a pool's, a multiple of seven) are never benched.
func sitOut(b *workbook.Book, hs *workbook.HeatSeating, keep map[int]bool, res *SeedResult) error {
	t, n := b.Tournament, hs.Heat
	cands := heatCandidates(t, *hs, keep)
	choice := seeding.ChooseSitOuts(cands, t.Settings.MinHeats)
	if err := b.SetRegistration(n, choice.SitOut, workbook.SittingOut); err != nil {
		return err
	}
	if err := b.SetRegistration(n, choice.Restore, workbook.Registered); err != nil {
		return err
	}
	for _, p := range choice.SitOut {
		res.SatOut = append(res.SatOut, t.Players[p].Name)
		res.SatOutWhy = append(res.SatOutWhy, choice.Why[p])
	}
	for _, p := range choice.Restore {
		res.Restored = append(res.Restored, t.Players[p].Name)
		res.RestoredWhy = append(res.RestoredWhy, choice.Why[p])
	}
	hs.Present = slices.DeleteFunc(hs.Present, func(p int) bool { return slices.Contains(choice.SitOut, p) })
	hs.Present = append(hs.Present, choice.Restore...)
	slices.Sort(hs.Present)
	return nil
}

// heatCandidates lists the sit-out candidates of heat hs.Heat as the
// workbook stands (sitOutCandidates), off the heat's started boards (those
// replaced during a game included) and but for the players of keep, who
// play whatever happens: the players of the heat's started boards and of
// keep must be a multiple of seven, so that the candidates who play fill
// the other boards.
func heatCandidates(t *workbook.Tournament, hs workbook.HeatSeating, keep map[int]bool) []seeding.SitOutCandidate {
	seated := maps.Clone(keep) // players on the heat's started boards, those replaced during a game included, and those kept
	if seated == nil {
		seated = map[int]bool{}
	}
	for _, lb := range hs.Locked {
		for _, s := range slices.Concat(lb.Seats, lb.Left) {
			seated[s.Player] = true
		}
	}
	return sitOutCandidates(t, hs.Heat, registrations(t), playedBefore(t, hs.Heat), seated)
}

// benchStandbys, for --two-boards auto, has standbys sit heat hs.Heat out
// when that alone makes its players fill boards of seven
// (seeding.BenchStandbys): a standby plays only if needed, and nobody then
// plays two boards. It marks them Sitting out on the Players sheet,
// updates hs.Present and returns them.
func benchStandbys(b *workbook.Book, hs *workbook.HeatSeating, res *SeedResult) ([]int, error) {
	t := b.Tournament
	choice := seeding.BenchStandbys(heatCandidates(t, *hs, nil), len(hs.Present), t.Settings.MinHeats)
	if len(choice.SitOut) == 0 {
		return nil, nil
	}
	if err := b.SetRegistration(hs.Heat, choice.SitOut, workbook.SittingOut); err != nil {
		return nil, err
	}
	for _, p := range choice.SitOut {
		res.SatOut = append(res.SatOut, t.Players[p].Name)
		res.SatOutWhy = append(res.SatOutWhy, choice.Why[p])
	}
	hs.Present = slices.DeleteFunc(hs.Present, func(p int) bool { return slices.Contains(choice.SitOut, p) })
	return choice.SitOut, nil
}

// registrations copies each player's registrations, heat by heat.
func registrations(t *workbook.Tournament) [][]workbook.Registration {
	regs := make([][]workbook.Registration, len(t.Players))
	for i, p := range t.Players {
		regs[i] = slices.Clone(p.Registration)
	}
	return regs
}

// playedBefore counts the heats each player played before heat n, a game
// left for a replacement included.
func playedBefore(t *workbook.Tournament, n int) []int {
	played := make([]int, len(t.Players))
	for h := 1; h < n; h++ {
		for _, g := range t.Heats[h-1].Games {
			for _, s := range g.Seats {
				for _, p := range []int{s.Player, s.Replaced} {
					if p >= 0 {
						played[p]++
					}
				}
			}
		}
	}
	return played
}

// sitOutCandidates lists who may sit heat n out under --sit-out auto, given
// the registrations regs (player, heat-1) and the heats each has played
// before it: those registered or marked as sitting out, off the heat's
// started boards (seated).
func sitOutCandidates(t *workbook.Tournament, n int, regs [][]workbook.Registration, played []int,
	seated map[int]bool) []seeding.SitOutCandidate {
	var cands []seeding.SitOutCandidate
	for i, p := range t.Players {
		reg := regs[i][n-1]
		if seated[i] || (!reg.Plays() && reg != workbook.SittingOut) {
			continue
		}
		c := seeding.SitOutCandidate{Player: i, Priority: p.Priority, Played: played[i], Distance: p.Distance,
			Row: p.Row, Sitting: reg == workbook.SittingOut, Standby: p.Standby}
		for h, r := range regs[i] {
			switch {
			case h < n-1 && r == workbook.SittingOut:
				c.SatOut++
			case h > n-1 && r.Plays():
				c.ToPlay++
			}
		}
		cands = append(cands, c)
	}
	return cands
}

// laterPlayers predicts who plays each heat after heat n (seeding.Options.
// Later), present being heat n's players: those registered for it and,
// where they do not fill boards of seven, without the ones --sit-out auto
// would bench (or with those it would bring back), heat by heat, the
// sit-outs and heats played counted as they would be by then.
func laterPlayers(t *workbook.Tournament, n int, present []int, locked []seeding.Board) [][]int {
	regs := registrations(t)
	played := playedBefore(t, n)
	this := slices.Clone(present)
	for _, b := range locked {
		for _, s := range slices.Concat(b.Seats, b.Left) {
			this = append(this, s.Player)
		}
	}
	for i := range regs {
		switch {
		case slices.Contains(this, i):
			regs[i][n-1] = workbook.Registered
			played[i]++
		case regs[i][n-1].Plays():
			regs[i][n-1] = workbook.SittingOut
		}
	}
	var later [][]int
	for h := n + 1; h <= t.Settings.Heats; h++ {
		count := 0
		for i := range regs {
			if regs[i][h-1].Plays() {
				count++
			}
		}
		if count%dip.BoardSize != 0 {
			choice := seeding.ChooseSitOuts(sitOutCandidates(t, h, regs, played, nil), t.Settings.MinHeats)
			for _, i := range choice.SitOut {
				regs[i][h-1] = workbook.SittingOut
			}
			for _, i := range choice.Restore {
				regs[i][h-1] = workbook.Registered
			}
		}
		var pl []int
		for i := range regs {
			if regs[i][h-1].Plays() {
				pl = append(pl, i)
				played[i]++
			}
		}
		later = append(later, pl)
	}
	return later
}

// chooseDoublers chooses, when heat hs.Heat's players do not fill boards of
// seven, who plays two boards (seeding.ChooseDoublers) among the players
// marked Can play two boards, and records them in res; none when the
// players fill the boards.
func chooseDoublers(t *workbook.Tournament, hs workbook.HeatSeating, res *SeedResult) ([]int, error) {
	n := hs.Heat
	need := seeding.DoublersNeeded(len(hs.Present))
	if need == 0 {
		return nil, nil
	}
	var cands []seeding.DoublerCandidate
	var names []string
	for _, i := range hs.Present {
		p := t.Players[i]
		if !p.TwoBoards {
			continue
		}
		c := seeding.DoublerCandidate{Player: i, Row: p.Row}
		for h := 1; h < n; h++ {
			boards := 0
			for _, g := range t.Heats[h-1].Games {
				for _, s := range g.Seats {
					if s.Player == i {
						boards++
					}
				}
			}
			if boards > 1 {
				c.Doubled++
			}
		}
		cands = append(cands, c)
		names = append(names, p.Name)
	}
	if len(hs.Present)+need < 2*dip.BoardSize {
		return nil, fmt.Errorf("heat %d: %d players to seat make one board with %d seats on two boards: a player cannot play two boards of one; "+
			"change registrations on the Players sheet, or run with --sit-out auto instead", n, len(hs.Present), need)
	}
	choice, ok := seeding.ChooseDoublers(cands, need)
	if !ok {
		who := "none is"
		if len(names) > 0 {
			who = fmt.Sprintf("only %d (%s)", len(names), strings.Join(names, ", "))
			if len(names) == 1 {
				who += " is"
			} else {
				who += " are"
			}
		}
		return nil, fmt.Errorf("heat %d: %d players to seat need %d of them on two boards to fill boards of seven, but %s "+
			"marked Yes in %s on the Players sheet; mark more, change registrations, or run with --sit-out auto instead",
			n, len(hs.Present), need, who, workbook.HeaderTwoBoards)
	}
	for _, p := range choice.Players {
		res.TwoBoards = append(res.TwoBoards, t.Players[p].Name)
		res.TwoBoardsWhy = append(res.TwoBoardsWhy, choice.Why[p])
	}
	return choice.Players, nil
}

// sittingOut names the players marked as sitting heat n out, in Players
// order.
func sittingOut(t *workbook.Tournament, n int) []string {
	var out []string
	for _, p := range t.Players {
		if p.Registration[n-1] == workbook.SittingOut {
			out = append(out, p.Name)
		}
	}
	return out
}
