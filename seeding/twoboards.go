package seeding

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
)

// DoublersNeeded returns how many players must play two boards so that
// players players fill boards of seven: 7 - players mod 7, 0 for a multiple.
func DoublersNeeded(players int) int {
	return (dip.BoardSize - players%dip.BoardSize) % dip.BoardSize
}

// DoublerCandidate is a player willing to play two boards in a heat.
type DoublerCandidate struct {
	Player  int // the caller's index of the player
	Doubled int // earlier heats the player played on two boards
	Row     int // the player's place on the players' list: an earlier row doubles first
}

// Doublers is what ChooseDoublers decided.
type Doublers struct {
	Players []int // the players who play two boards, by Player, sorted
	// Why says, for each of Players, what chose them.
	Why map[int]string
}

// ChooseDoublers picks n of the candidates to play two boards: those who
// have played two boards in the fewest heats so far first (doubling
// rotates), then the earlier row. It reports false when there are fewer
// than n candidates.
func ChooseDoublers(candidates []DoublerCandidate, n int) (Doublers, bool) {
	if len(candidates) < n {
		return Doublers{}, false
	}
	c := slices.Clone(candidates)
	slices.SortStableFunc(c, func(a, b DoublerCandidate) int {
		return cmp.Or(cmp.Compare(a.Doubled, b.Doubled), cmp.Compare(a.Row, b.Row))
	})
	out := Doublers{Why: map[int]string{}}
	for _, d := range c[:n] {
		out.Players = append(out.Players, d.Player)
		heats := "heats"
		if d.Doubled == 1 {
			heats = "heat"
		}
		out.Why[d.Player] = fmt.Sprintf("can play two boards; played two boards in %d %s before, row %d", d.Doubled, heats, d.Row)
	}
	slices.Sort(out.Players)
	return out, true
}

// apartCost keeps a player's two seats off one board: far above any
// conflict a real seating pays, and small enough to sum without overflow.
const apartCost = 1 << 24

// SeedTwoBoards seats the present players as Seed does, with each of the
// doublers (present, not on a locked board) on two boards: never both
// seats on one board, never the same power on both (when powers are
// assigned), and, where the seating allows, no two doublers sharing both
// their boards (Explain charges that second meeting as a repeat). The
// present players plus the doublers must fill boards of seven, at least
// two of them unlocked.
//
// Each doubler's second seat is seeded as a player of its own who shares
// the doubler's history, conflicts, groups, team and preferences, and is
// kept apart from the doubler by a prohibitive conflict; the seeder plans
// this round only. The result's Conflict is Explain's total of the plan,
// and its Bound a lower bound on it.
func SeedTwoBoards(ctx context.Context, p *Problem, present, doublers []int, locked []Board, opts Options) (Result, error) {
	if err := p.Validate(); err != nil {
		return Result{}, err
	}
	onLocked := map[int]bool{}
	for _, b := range locked {
		for _, s := range b.Seats {
			onLocked[s.Player] = true
		}
	}
	free := 0
	for _, g := range present {
		if !onLocked[g] {
			free++
		}
	}
	seen := map[int]bool{}
	for _, d := range doublers {
		switch {
		case d < 0 || d >= len(p.Players):
			return Result{}, fmt.Errorf("bad player %d to play two boards", d)
		case seen[d]:
			return Result{}, fmt.Errorf("player %q listed twice to play two boards", p.Players[d])
		case onLocked[d] || !slices.Contains(present, d):
			return Result{}, fmt.Errorf("player %q plays two boards but is not a present player off the started boards", p.Players[d])
		}
		seen[d] = true
	}
	if err := countError(free + len(doublers)); err != nil {
		return Result{}, err
	}
	if len(doublers) > 0 && (free+len(doublers))/dip.BoardSize < 2 {
		return Result{}, fmt.Errorf("%d players and %d seats on two boards make one board: a player cannot play two boards of one", free, len(doublers))
	}
	base := len(p.Players)
	clone := map[int]int{} // doubler -> their second seat's player
	for k, d := range doublers {
		clone[d] = base + k
	}
	q := withSecondSeats(p, doublers, clone)
	bq := *q // for the bound: without the charges that only steer the search
	bq.Conflicts = slices.Clone(q.Conflicts)
	for k, d := range doublers {
		for _, e := range doublers[k+1:] {
			q.Conflicts = append(q.Conflicts,
				Conflict{A: clone[d], B: e, Value: p.Values.RepeatOpponent, Kind: OtherBoard},
				Conflict{A: clone[d], B: clone[e], Value: p.Values.RepeatOpponent, Kind: OtherBoard})
		}
	}
	all := slices.Clone(present)
	for _, d := range doublers {
		all = append(all, clone[d])
	}
	opts.RoundsLeft, opts.Horizon = 1, 1
	res, err := Seed(ctx, q, all, locked, opts)
	if err != nil {
		return Result{}, err
	}
	of := make(map[int]int, len(clone))
	for d, c := range clone {
		of[c] = d
	}
	for bi := range res.Plan.Boards {
		for si, s := range res.Plan.Boards[bi].Seats {
			if d, ok := of[s.Player]; ok {
				res.Plan.Boards[bi].Seats[si].Player = d
			}
		}
	}
	pp := *p
	pp.TwoBoards = map[int]bool{}
	for k := range p.TwoBoards {
		pp.TwoBoards[k] = true
	}
	for _, d := range doublers {
		pp.TwoBoards[d] = true
	}
	if p.AssignPowers {
		if err := partPowers(&pp, &res.Plan, doublers); err != nil {
			return Result{}, err
		}
	}
	if res.Conflict, err = improveDoubled(&pp, &res.Plan, doublers); err != nil {
		return Result{}, err
	}
	if res.Bound, err = LowerBound(&bq, all, locked); err != nil {
		return Result{}, err
	}
	res.Bound = min(res.Bound, res.Conflict)
	return res, nil
}

// maxImproveBoards caps the heats that improveDoubled polishes: its moves
// recount the whole heat's conflict.
const maxImproveBoards = 20

// improveDoubled polishes the seating of the doublers' seats with Explain's
// exact charges, which the seeder only approximates (two doublers sharing
// both their boards): it moves a doubler's seat to another unlocked board,
// swapping it with the player there, while that lowers the total, keeps
// each doubler on two boards with two powers and breaks the power rule no
// more. It returns the plan's total conflict.
func improveDoubled(p *Problem, plan *Plan, doublers []int) (int, error) {
	ex, err := Explain(p, *plan)
	if err != nil {
		return 0, err
	}
	total := ex.Total
	if len(plan.Boards) > maxImproveBoards {
		return total, nil
	}
	isDoubler := map[int]bool{}
	for _, d := range doublers {
		isDoubler[d] = true
	}
	breaks := len(RuleBreaks(p, *plan))
	for improved := true; improved; {
		improved = false
		for bi, b := range plan.Boards {
			for si, s := range b.Seats {
				if b.Locked || !isDoubler[s.Player] {
					continue
				}
				for bj, c := range plan.Boards {
					if bj == bi || c.Locked {
						continue
					}
					for sj := range c.Seats {
						x, y := &plan.Boards[bi].Seats[si].Player, &plan.Boards[bj].Seats[sj].Player
						*x, *y = *y, *x
						if onBoard(plan.Boards[bi], *x, si) || onBoard(plan.Boards[bj], *y, sj) ||
							samePowers(*plan, doublers) > 0 || len(RuleBreaks(p, *plan)) > breaks {
							*x, *y = *y, *x
							continue
						}
						ex, err := Explain(p, *plan)
						if err != nil || ex.Total >= total {
							*x, *y = *y, *x
							continue
						}
						total, improved = ex.Total, true
					}
				}
			}
		}
	}
	return total, nil
}

// onBoard reports whether player sits on the board in a seat other than skip.
func onBoard(b Board, player, skip int) bool {
	for i, s := range b.Seats {
		if i != skip && s.Player == player {
			return true
		}
	}
	return false
}

// withSecondSeats returns a copy of p with a player of its own for each
// doubler's second seat (clone[d]), sharing the doubler's history,
// conflicts, groups, team and preferences, and a prohibitive conflict
// between the two seats.
func withSecondSeats(p *Problem, doublers []int, clone map[int]int) *Problem {
	q := *p
	q.TwoBoards = nil
	q.Players = slices.Clone(p.Players)
	for _, d := range doublers {
		q.Players = append(q.Players, p.Players[d]+" (second board)")
	}
	// seats lists a player's seats: themself and their second seat, if any.
	seats := func(a int) []int {
		if c, ok := clone[a]; ok {
			return []int{a, c}
		}
		return []int{a}
	}
	q.Conflicts = nil
	for _, c := range p.Conflicts {
		for _, a := range seats(c.A) {
			for _, b := range seats(c.B) {
				q.Conflicts = append(q.Conflicts, Conflict{A: a, B: b, Value: c.Value, Kind: c.Kind})
			}
		}
	}
	for _, d := range doublers {
		q.Conflicts = append(q.Conflicts, Conflict{A: d, B: clone[d], Value: apartCost, Kind: "two boards"})
	}
	q.Groups = nil
	for _, g := range p.Groups {
		var m []int
		for _, a := range g.Members {
			m = append(m, seats(a)...)
		}
		q.Groups = append(q.Groups, Group{Name: g.Name, Members: m, Value: g.Value})
	}
	q.Teams = nil
	for _, t := range p.Teams {
		var m []int
		for _, a := range t.Members {
			m = append(m, seats(a)...)
		}
		q.Teams = append(q.Teams, Team{Name: t.Name, Members: m})
	}
	if p.Preferences != nil {
		q.Preferences = map[int][]int{}
		for a, prefs := range p.Preferences {
			for _, s := range seats(a) {
				q.Preferences[s] = prefs
			}
		}
	}
	q.History = nil
	for _, pl := range p.History {
		np := Plan{Round: pl.Round}
		for _, b := range pl.Boards {
			nb := Board{Seats: b.Seats, Locked: b.Locked, Left: slices.Clone(b.Left)}
			for _, s := range b.all() {
				if c, ok := clone[s.Player]; ok {
					nb.Left = append(nb.Left, Seat{Player: c, Power: s.Power})
				}
			}
			np.Boards = append(np.Boards, nb)
		}
		q.History = append(q.History, np)
	}
	return &q
}

// partPowers gives every doubler two different powers: where both seats
// have the same, the seat on the later board swaps powers with the
// board-mate that costs least (Explain's total), never breaking the power
// rule more and never giving another doubler one power twice.
func partPowers(p *Problem, plan *Plan, doublers []int) error {
	for _, d := range doublers {
		var at [][2]int // board, seat
		for bi, b := range plan.Boards {
			for si, s := range b.Seats {
				if s.Player == d {
					at = append(at, [2]int{bi, si})
				}
			}
		}
		if len(at) != 2 {
			return fmt.Errorf("player %q is on %d boards, want 2", p.Players[d], len(at))
		}
		b0, b1 := plan.Boards[at[0][0]], plan.Boards[at[1][0]]
		if b0.Seats[at[0][1]].Power != b1.Seats[at[1][1]].Power || b1.Seats[at[1][1]].Power == NoPower {
			continue
		}
		bi, si := at[1][0], at[1][1]
		seats := plan.Boards[bi].Seats
		best, bestCost := -1, 0
		breaks, same := len(RuleBreaks(p, *plan)), samePowers(*plan, doublers)
		for sj := range seats {
			if sj == si {
				continue
			}
			seats[si].Power, seats[sj].Power = seats[sj].Power, seats[si].Power
			ex, err := Explain(p, *plan)
			ok := err == nil && len(RuleBreaks(p, *plan)) <= breaks && samePowers(*plan, doublers) < same
			seats[si].Power, seats[sj].Power = seats[sj].Power, seats[si].Power
			if ok && (best < 0 || ex.Total < bestCost) {
				best, bestCost = sj, ex.Total
			}
		}
		if best < 0 {
			return fmt.Errorf("player %q: no way to give their two boards different powers", p.Players[d])
		}
		seats[si].Power, seats[best].Power = seats[best].Power, seats[si].Power
	}
	return nil
}

// samePowers counts the doublers who have one power on both boards.
func samePowers(plan Plan, doublers []int) int {
	n := 0
	for _, d := range doublers {
		pw := NoPower
		for _, b := range plan.Boards {
			for _, s := range b.Seats {
				if s.Player == d && s.Power != NoPower {
					if s.Power == pw {
						n++
					}
					pw = s.Power
				}
			}
		}
	}
	return n
}
