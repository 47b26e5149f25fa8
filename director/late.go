package director

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// LateSwap is one late player seated in a standby's place.
type LateSwap struct {
	Late, Standby string
	Board         int
	Power         string // "" when powers are chosen at the tables
}

// swapLate seats heat n's late players (registered, on no board) in the
// seats of standbys on boards that have not started, one each, changing
// nothing else: each standby is marked Sitting out. The standbys give up
// their seats in the order --sit-out auto benches them.
func swapLate(b *workbook.Book, n int, res *SeedResult) error {
	t := b.Tournament
	heat := &t.Heats[n-1]
	seated := map[int]bool{}
	for _, g := range heat.Games {
		for _, s := range g.Seats {
			if s.Player >= 0 {
				seated[s.Player] = true
			}
		}
	}
	var late []int
	for i, p := range t.Players {
		if p.Registration[n-1].Plays() && !seated[i] {
			late = append(late, i)
		}
	}
	if len(late) == 0 {
		return fmt.Errorf("heat %d: every registered player is seated: no late player to seat", n)
	}
	var cands []seeding.SitOutCandidate
	for _, g := range heat.Games {
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
	if len(cands) < len(late) {
		var names []string
		for _, p := range late {
			names = append(names, t.Players[p].Name)
		}
		return fmt.Errorf("heat %d: %d late player(s) (%s) but %d standby(s) seated on boards that have not started: "+
			"reseed the heat's unstarted boards (dtm seed --heat %d, with --sit-out auto if they do not fill boards of seven)",
			n, len(late), strings.Join(names, ", "), len(cands), n)
	}
	order := seeding.SitOutOrder(cands, t.Settings.MinHeats)
	takes := map[int]int{} // standby -> late player
	for k, p := range late {
		takes[order[k]] = p
	}
	var boards []workbook.Seated
	var out []int
	for _, g := range heat.Games {
		sb, ok := workbookBoard(g)
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
	if err := b.WriteSeating(n, boards, ex, problem); err != nil {
		return err
	}
	return b.WriteBoardCalls(n, t.CallBoards(n, problem, boards))
}

// workbookBoard converts a heat sheet's board as it stands, locked when it
// has started; false when it is not a complete board.
func workbookBoard(g workbook.Game) (seeding.Board, bool) {
	if len(g.Seats) != seeding.BoardSize {
		return seeding.Board{}, false
	}
	b := seeding.Board{Locked: g.Status != workbook.Unstarted}
	for _, s := range g.Seats {
		if s.Player < 0 {
			return seeding.Board{}, false
		}
		pw := seeding.NoPower
		if s.Power >= 0 {
			pw = s.Power
		}
		b.Seats = append(b.Seats, seeding.Seat{Player: s.Player, Power: pw})
	}
	return b, true
}
