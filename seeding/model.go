package seeding

import (
	"errors"
	"fmt"

	"github.com/armada-dtm/dtm/internal/dip"
)

// The seven powers as the ints of Seat.Power, in dip's board order.
const (
	Austria = int(dip.Austria)
	England = int(dip.England)
	France  = int(dip.France)
	Germany = int(dip.Germany)
	Italy   = int(dip.Italy)
	Russia  = int(dip.Russia)
	Turkey  = int(dip.Turkey)
)

// NoPower is the Seat.Power of a board whose powers are chosen at the table.
const NoPower = -1

// DefaultPowerGroups returns the grouping Austria/Italy, England/France,
// Russia/Turkey and Germany (the 2002/2003 Regatta rules).
func DefaultPowerGroups() [][]int {
	return [][]int{{Austria, Italy}, {England, France}, {Russia, Turkey}, {Germany}}
}

// Values are the tournament's conflict values.
type Values struct {
	// RepeatOpponent is charged per earlier meeting of two players on a board.
	RepeatOpponent int
	// SamePower is charged per earlier play of the same power; half of it
	// (rounded down) for a power of a group the player already played.
	SamePower int
	// TeamMember is charged for two team-mates on one board.
	TeamMember int
	// Preference is charged, for a player with power preferences, per place
	// their power is down their list (a power not listed counts as the
	// place after the last).
	Preference int
	// Neighbour is charged, on top of RepeatOpponent, per earlier meeting
	// of two players given neighbouring powers (Neighbours).
	Neighbour int
}

// DefaultValues returns the benchmark's defaults: 10, 4 and 20.
func DefaultValues() Values {
	return Values{RepeatOpponent: 10, SamePower: 4, TeamMember: 20}
}

// Conflict is a player-to-player conflict value; negative values keep the
// two players together.
type Conflict struct {
	A, B  int
	Value int
	// Kind names the reason, e.g. "family".
	Kind string
}

// Group is a player group whose members are charged Value for each pair of
// them sharing a board.
type Group struct {
	Name    string
	Members []int
	Value   int
}

// Team is a team whose members are charged Values.TeamMember per pair of
// them sharing a board.
type Team struct {
	Name    string
	Members []int
}

// Seat is one player at a board, playing Power (or NoPower).
type Seat struct {
	Player int
	Power  int
}

// Board is one game: seven seats. A Locked board has started or finished:
// its seats are kept verbatim and it is not charged.
type Board struct {
	Seats  []Seat
	Locked bool
	// Left lists, on a history board, the players replaced during the game,
	// with the power they played: they count as having met everyone on the
	// board and played that power.
	Left []Seat
}

// all returns the board's seats and, on a history board, the players who
// left it.
func (b Board) all() []Seat {
	if len(b.Left) == 0 {
		return b.Seats
	}
	return append(append([]Seat(nil), b.Seats...), b.Left...)
}

// Plan is one round's boards. Round numbers the round from 1; 0 is for
// games played before the event.
type Plan struct {
	Round  int
	Boards []Board
}

// Problem is everything the conflict model needs: players are indices into
// Players, powers indices in dip's board order.
type Problem struct {
	Players   []string
	Values    Values
	Conflicts []Conflict
	Groups    []Group
	Teams     []Team
	// PowerGroups partitions the powers; nil means no grouping.
	PowerGroups [][]int
	// AssignPowers is false when powers are chosen at the tables.
	AssignPowers bool
	// PowerRule is a hard rule on the powers; it needs AssignPowers.
	PowerRule PowerRule
	// Preferences are players' power preferences, best first (e.g. France,
	// Germany, Italy, Russia, Turkey for "FGIRT"), charged
	// Values.Preference per place down the list.
	Preferences map[int][]int
	// Method is how Preferences are used: charged as conflicts (BestTotal)
	// or chosen in turn (LowestRankedFirst, in ChoiceOrder).
	Method PreferenceMethod
	// ChoiceOrder lists players in the order they choose their powers under
	// LowestRankedFirst, first chooser first; players not listed choose
	// after those listed, in player order.
	ChoiceOrder []int
	// History holds the rounds already played, oldest first. A player may
	// sit on two boards of one history round (a heat they played on two
	// boards), never twice on one board.
	History []Plan
	// TwoBoards are the players who may play two boards in one round (the
	// Players sheet's Can play two boards): a plan or a locked board may
	// seat them twice in a round, never twice on one board.
	TwoBoards map[int]bool
}

// ErrPlayerCount reports a number of players to seat that is not a multiple
// of seven; the error is a *CountError.
var ErrPlayerCount = errors.New("players to seat not a multiple of seven")

// CountError says how many players must sit out, or be added, so that the
// players to seat fill boards of seven.
type CountError struct {
	Players int
	SitOut  int
	Add     int
}

// Error says how many players to remove or add.
func (e *CountError) Error() string {
	return fmt.Sprintf("%d players to seat: %d must sit out or %d be added to fill boards of seven",
		e.Players, e.SitOut, e.Add)
}

// Unwrap returns ErrPlayerCount.
func (e *CountError) Unwrap() error { return ErrPlayerCount }

func countError(n int) error {
	if n%dip.BoardSize == 0 {
		return nil
	}
	return &CountError{Players: n, SitOut: n % dip.BoardSize, Add: dip.BoardSize - n%dip.BoardSize}
}

// Validate checks the problem's indices, power groups and history boards.
func (p *Problem) Validate() error {
	n := len(p.Players)
	in := func(i int) bool { return i >= 0 && i < n }
	for k, c := range p.Conflicts {
		if !in(c.A) || !in(c.B) || c.A == c.B {
			return fmt.Errorf("conflict %d: bad players %d and %d", k+1, c.A, c.B)
		}
	}
	for k, g := range p.Groups {
		for _, m := range g.Members {
			if !in(m) {
				return fmt.Errorf("group %q (%d): bad player %d", g.Name, k+1, m)
			}
		}
	}
	if p.Values.Neighbour < 0 {
		return fmt.Errorf("neighbour conflict %d: want 0 or more", p.Values.Neighbour)
	}
	if p.Method < BestTotal || p.Method > LowestRankedFirst {
		return fmt.Errorf("bad preference method %d", int(p.Method))
	}
	if p.PowerRule < AnyPower || p.PowerRule > AllSevenFirst {
		return fmt.Errorf("bad power rule %d", int(p.PowerRule))
	}
	if p.PowerRule != AnyPower && !p.AssignPowers {
		return fmt.Errorf("power rule %q: the seeder assigns no powers", p.PowerRule)
	}
	for pl, prefs := range p.Preferences {
		if !in(pl) {
			return fmt.Errorf("power preferences: bad player %d", pl)
		}
		var seen [dip.BoardSize]bool
		for _, q := range prefs {
			if q < 0 || q >= dip.BoardSize || seen[q] {
				return fmt.Errorf("power preferences of %q: bad or repeated power %d", p.Players[pl], q)
			}
			seen[q] = true
		}
	}
	team := make(map[int]string)
	for k, t := range p.Teams {
		for _, m := range t.Members {
			if !in(m) {
				return fmt.Errorf("team %q (%d): bad player %d", t.Name, k+1, m)
			}
			if o, dup := team[m]; dup {
				return fmt.Errorf("team %q: player %q is already on team %q", t.Name, p.Players[m], o)
			}
			team[m] = t.Name
		}
	}
	if p.PowerGroups != nil {
		seen := make(map[int]bool)
		for _, g := range p.PowerGroups {
			for _, pw := range g {
				if pw < 0 || pw >= dip.BoardSize || seen[pw] {
					return fmt.Errorf("power groups: bad or repeated power %d", pw)
				}
				seen[pw] = true
			}
		}
		if len(seen) != dip.BoardSize {
			return fmt.Errorf("power groups: %d of the %d powers grouped, want all", len(seen), dip.BoardSize)
		}
	}
	for _, pl := range p.History {
		if err := checkBoards(p, pl.Boards, true); err != nil {
			return fmt.Errorf("history round %d: %w", pl.Round, err)
		}
		for bi, b := range pl.Boards {
			for _, s := range b.Left {
				if !in(s.Player) || s.Power < NoPower || s.Power >= dip.BoardSize {
					return fmt.Errorf("history round %d: board %d: bad replaced player %d or power %d", pl.Round, bi+1, s.Player, s.Power)
				}
			}
		}
	}
	return nil
}

// checkBoards checks board sizes, player indices, distinct players and
// powers. A player sits at most once on a board, and on one board of the
// round unless in p.TwoBoards (or anyone, with anyTwice, for a history round),
// then on at most two.
func checkBoards(p *Problem, boards []Board, anyTwice bool) error {
	seen := make(map[int]int)
	times := make(map[int]int)
	for bi, b := range boards {
		if len(b.Seats) != dip.BoardSize {
			return fmt.Errorf("board %d: %d seats, want %d", bi+1, len(b.Seats), dip.BoardSize)
		}
		var pw [dip.BoardSize]bool
		none := 0
		for _, s := range b.Seats {
			if s.Player < 0 || s.Player >= len(p.Players) {
				return fmt.Errorf("board %d: bad player %d", bi+1, s.Player)
			}
			if o, dup := seen[s.Player]; dup && (o == bi || times[s.Player] >= 2 || !(anyTwice || p.TwoBoards[s.Player])) {
				return fmt.Errorf("board %d: player %q already on board %d", bi+1, p.Players[s.Player], o+1)
			}
			seen[s.Player] = bi
			times[s.Player]++
			switch {
			case s.Power == NoPower:
				none++
			case s.Power < 0 || s.Power >= dip.BoardSize || pw[s.Power]:
				return fmt.Errorf("board %d: bad or repeated power %d", bi+1, s.Power)
			default:
				pw[s.Power] = true
			}
		}
		if none != 0 && none != dip.BoardSize {
			return fmt.Errorf("board %d: powers given for only %d of %d seats", bi+1, dip.BoardSize-none, dip.BoardSize)
		}
	}
	return nil
}

// groupOf maps each power to its power group index; useGroups says whether
// any group holds two or more powers.
func (p *Problem) groupOf() (grp [dip.BoardSize]int, useGroups bool) {
	for i := range grp {
		grp[i] = -1
	}
	for gi, g := range p.PowerGroups {
		for _, pw := range g {
			grp[pw] = gi
		}
		if len(g) > 1 {
			useGroups = true
		}
	}
	next := len(p.PowerGroups)
	for i := range grp {
		if grp[i] < 0 {
			grp[i] = next
			next++
		}
	}
	return grp, useGroups
}

// staticPairs returns the player-to-player cost that does not depend on
// history (conflicts, shared groups, team-mates), keyed by ordered pair.
func (p *Problem) staticPairs() map[[2]int]int {
	m := make(map[[2]int]int)
	add := func(a, b, v int) {
		if a == b || v == 0 {
			return
		}
		m[pairKey(a, b)] += v
	}
	for _, c := range p.Conflicts {
		add(c.A, c.B, c.Value)
	}
	for _, g := range p.Groups {
		for x := range g.Members {
			for y := x + 1; y < len(g.Members); y++ {
				add(g.Members[x], g.Members[y], g.Value)
			}
		}
	}
	for _, t := range p.Teams {
		for x := range t.Members {
			for y := x + 1; y < len(t.Members); y++ {
				add(t.Members[x], t.Members[y], p.Values.TeamMember)
			}
		}
	}
	return m
}

func pairKey(a, b int) [2]int {
	if a > b {
		a, b = b, a
	}
	return [2]int{a, b}
}

// powerCost is what a player with earlier power counts cnt pays for power pw.
func powerCost(v Values, grp [dip.BoardSize]int, useGroups bool, cnt *[dip.BoardSize]int, pw int) (cost int, group bool) {
	if c := cnt[pw]; c > 0 {
		return c * v.SamePower, false
	}
	if useGroups {
		for q := range dip.BoardSize {
			if q != pw && cnt[q] > 0 && grp[q] == grp[pw] {
				return v.SamePower / 2, true
			}
		}
	}
	return 0, false
}

// preferenceCost is what a player pays for power pw under their power
// preferences: Values.Preference per place down the list, the place after
// the last for a power not listed; 0 without preferences, and under
// LowestRankedFirst (the players choose instead).
func (p *Problem) preferenceCost(player, pw int) (cost, place int) {
	prefs := p.Preferences[player]
	if len(prefs) == 0 || p.Values.Preference == 0 || p.Method != BestTotal {
		return 0, 0
	}
	place = len(prefs)
	for k, q := range prefs {
		if q == pw {
			place = k
		}
	}
	return place * p.Values.Preference, place
}
