package seeding

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Kind is the kind of a conflict item.
type Kind int

// The kinds of conflict.
const (
	// Repeat: the two players met before.
	Repeat Kind = iota
	// PlayerConflict: a player-to-player conflict (e.g. family).
	PlayerConflict
	// SharedGroup: both players are in a player group.
	SharedGroup
	// TeamMate: the two players are on one team.
	TeamMate
	// SamePower: the player played this power before.
	SamePower
	// SameGroup: the player played another power of this power's group.
	SameGroup
	// Preference: the power is not the player's first choice.
	Preference
	// Neighbour: the two players met before and now play neighbouring
	// powers (charged on top of Repeat).
	Neighbour
)

var kindNames = [...]string{"repeat opponent", "player conflict", "shared group", "team-mate", "same power", "same power group",
	"power preference", "neighbour again"}

// String names the kind in words.
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return fmt.Sprintf("Kind(%d)", int(k))
	}
	return kindNames[k]
}

// OtherBoard is the Name of a Repeat item charged in the round itself: two
// players who both play two boards and share both, so that they meet a
// second time in the round (charged on the later board).
const OtherBoard = "other board"

// Item is one conflict a player has on their board.
type Item struct {
	Kind Kind
	// Other is the other player of a pair conflict, -1 for power conflicts.
	Other int
	// Power is the repeated power (SamePower), the earlier power of the
	// group (SameGroup) or the other player's power (Neighbour); NoPower
	// for the other pair conflicts.
	Power int
	// Rounds are the earlier rounds of the meetings (Repeat) or of the
	// earlier plays of Power (SamePower, SameGroup).
	Rounds []int
	// Name is the conflict's kind (e.g. "family"), the group's or the team's name.
	Name  string
	Value int
	// Player and Place are, for a Preference, the player and the place of
	// Power on their list, from 0 (the place after the last when not listed).
	Player, Place int
}

// preferenceText renders a preference list as its letters: "FGIRT".
func preferenceText(prefs []int) string {
	var b strings.Builder
	for _, q := range prefs {
		if q >= 0 && q < dip.BoardSize {
			b.WriteString(dip.Power(q).String()[:1])
		}
	}
	return b.String()
}

// Describe renders the item in words, naming players from p.
func (it Item) Describe(p *Problem) string {
	other := ""
	if it.Other >= 0 && it.Other < len(p.Players) {
		other = p.Players[it.Other]
	}
	rounds := func() string {
		s := make([]string, len(it.Rounds))
		for i, r := range it.Rounds {
			s[i] = fmt.Sprint(r)
		}
		w := "heat "
		if len(s) > 1 {
			w = "heats "
		}
		return w + strings.Join(s, ", ")
	}
	pw := func() string {
		if it.Power >= 0 && it.Power < dip.BoardSize {
			return dip.Power(it.Power).String()
		}
		return "?"
	}
	switch it.Kind {
	case Repeat:
		if it.Name == OtherBoard {
			return fmt.Sprintf("meets %s on both boards: %d", other, it.Value)
		}
		return fmt.Sprintf("met %s before (%s): %d", other, rounds(), it.Value)
	case PlayerConflict:
		return fmt.Sprintf("%s conflict with %s: %d", it.Name, other, it.Value)
	case SharedGroup:
		return fmt.Sprintf("group %s with %s: %d", it.Name, other, it.Value)
	case TeamMate:
		return fmt.Sprintf("team %s with %s: %d", it.Name, other, it.Value)
	case SamePower:
		return fmt.Sprintf("played %s before (%s): %d", pw(), rounds(), it.Value)
	case SameGroup:
		return fmt.Sprintf("played %s of the same group (%s): %d", pw(), rounds(), it.Value)
	case Preference:
		prefs := preferenceText(p.Preferences[it.Player])
		switch {
		case p.Method != LowestRankedFirst:
			return fmt.Sprintf("%s is choice %d of %s: %d", pw(), it.Place+1, prefs, it.Value)
		case it.Place < len(p.Preferences[it.Player]):
			return fmt.Sprintf("chose %s, choice %d of %s (lowest-ranked first)", pw(), it.Place+1, prefs)
		}
		return fmt.Sprintf("could take none of %s (lowest-ranked first): %s", prefs, pw())
	case Neighbour:
		return fmt.Sprintf("met %s before (%s), now a neighbour (%s): %d", other, rounds(), pw(), it.Value)
	}
	return it.Kind.String()
}

// PlayerConflicts lists the conflicts one player has on their board.
type PlayerConflicts struct {
	Player int
	// Board indexes the plan's boards.
	Board int
	Power int
	Items []Item
	// Total sums the items' values.
	Total int
}

// Breakdown splits a total conflict by kind.
type Breakdown struct {
	Repeat, Conflict, Group, Team, Power, PowerGroup, Preference, Neighbour int
}

// Total sums the breakdown.
func (b Breakdown) Total() int {
	return b.Repeat + b.Conflict + b.Group + b.Team + b.Power + b.PowerGroup + b.Preference + b.Neighbour
}

func (b *Breakdown) add(k Kind, v int) {
	switch k {
	case Repeat:
		b.Repeat += v
	case PlayerConflict:
		b.Conflict += v
	case SharedGroup:
		b.Group += v
	case TeamMate:
		b.Team += v
	case SamePower:
		b.Power += v
	case SameGroup:
		b.PowerGroup += v
	case Preference:
		b.Preference += v
	case Neighbour:
		b.Neighbour += v
	}
}

// Explanation explains a plan's conflict. A pair conflict is listed under
// both players; the total counts it once: Total = Breakdown.Total() = the
// sum of the power items plus each pair item once, over unlocked boards.
type Explanation struct {
	Players   []PlayerConflicts
	Breakdown Breakdown
	Total     int
	// Locked is the conflict on locked boards, not part of Total.
	Locked int
}

// history indexes the earlier rounds of a problem.
type history struct {
	met    map[[2]int][]int
	played map[int]*[dip.BoardSize][]int
}

func newHistory(p *Problem, before int) *history {
	h := &history{met: make(map[[2]int][]int), played: make(map[int]*[dip.BoardSize][]int)}
	for _, pl := range p.History {
		if pl.Round >= before {
			continue
		}
		for _, b := range pl.Boards {
			h.addBoard(b, pl.Round)
		}
	}
	return h
}

func (h *history) addBoard(b Board, round int) {
	seats := b.all()
	for x, s := range seats {
		for _, t := range seats[x+1:] {
			k := pairKey(s.Player, t.Player)
			h.met[k] = append(h.met[k], round)
		}
		if s.Power != NoPower {
			pp := h.played[s.Player]
			if pp == nil {
				pp = new([dip.BoardSize][]int)
				h.played[s.Player] = pp
			}
			pp[s.Power] = append(pp[s.Power], round)
		}
	}
}

// Explain lists every conflict on the plan's boards, charged against the
// problem's history rounds before plan.Round.
func Explain(p *Problem, plan Plan) (Explanation, error) {
	if err := p.Validate(); err != nil {
		return Explanation{}, err
	}
	if err := checkBoards(p, plan.Boards, false); err != nil {
		return Explanation{}, fmt.Errorf("round %d: %w", plan.Round, err)
	}
	h := newHistory(p, plan.Round)
	grp, useGroups := p.groupOf()
	team := make(map[int]int)
	for ti, t := range p.Teams {
		for _, m := range t.Members {
			team[m] = ti
		}
	}
	second := secondMeetings(plan)
	var ex Explanation
	for bi, b := range plan.Boards {
		charge := func(k Kind, v int) {
			if b.Locked {
				ex.Locked += v
			} else {
				ex.Breakdown.add(k, v)
			}
		}
		for x, s := range b.Seats {
			pc := PlayerConflicts{Player: s.Player, Board: bi, Power: s.Power}
			for y, t := range b.Seats {
				if x == y {
					continue
				}
				items := pairItems(p, h, team, s.Player, t.Player)
				if b2, ok := second[pairKey(s.Player, t.Player)]; ok && b2 == bi {
					items = append(items, Item{Kind: Repeat, Other: t.Player, Power: NoPower, Rounds: []int{plan.Round},
						Name: OtherBoard, Value: p.Values.RepeatOpponent})
				}
				if r := h.met[pairKey(s.Player, t.Player)]; len(r) > 0 && Neighbours(s.Power, t.Power) {
					items = append(items, Item{Kind: Neighbour, Other: t.Player, Power: t.Power, Rounds: r,
						Value: len(r) * p.Values.Neighbour})
				}
				for _, it := range items {
					if it.Value == 0 {
						continue
					}
					if x < y {
						charge(it.Kind, it.Value)
					}
					pc.Items = append(pc.Items, it)
				}
			}
			if s.Power != NoPower {
				if it, ok := powerItem(p, h, grp, useGroups, s.Player, s.Power); ok && it.Value != 0 {
					charge(it.Kind, it.Value)
					pc.Items = append(pc.Items, it)
				}
				if v, place := p.preferenceCost(s.Player, s.Power); v != 0 {
					it := Item{Kind: Preference, Other: -1, Power: s.Power, Player: s.Player, Place: place, Value: v}
					charge(it.Kind, it.Value)
					pc.Items = append(pc.Items, it)
				} else if prefs := p.Preferences[s.Player]; p.Method == LowestRankedFirst && len(prefs) > 0 {
					// Not a conflict: says what the player chose, or that none of their list was left.
					place := slices.Index(prefs, s.Power)
					if place < 0 {
						place = len(prefs)
					}
					pc.Items = append(pc.Items, Item{Kind: Preference, Other: -1, Power: s.Power, Player: s.Player, Place: place})
				}
			}
			for _, it := range pc.Items {
				pc.Total += it.Value
			}
			ex.Players = append(ex.Players, pc)
		}
	}
	ex.Total = ex.Breakdown.Total()
	return ex, nil
}

// secondMeetings maps each pair of players who share two boards of the plan
// (both playing two boards) to the later of the two.
func secondMeetings(plan Plan) map[[2]int]int {
	boards := map[int][]int{}
	for bi, b := range plan.Boards {
		for _, s := range b.Seats {
			boards[s.Player] = append(boards[s.Player], bi)
		}
	}
	second := map[[2]int]int{}
	for bi, b := range plan.Boards {
		for x, s := range b.Seats {
			for _, t := range b.Seats[x+1:] {
				if len(boards[s.Player]) == 2 && len(boards[t.Player]) == 2 && slices.Equal(boards[s.Player], boards[t.Player]) &&
					boards[s.Player][1] == bi {
					second[pairKey(s.Player, t.Player)] = bi
				}
			}
		}
	}
	return second
}

func pairItems(p *Problem, h *history, team map[int]int, a, b int) []Item {
	var items []Item
	if r := h.met[pairKey(a, b)]; len(r) > 0 {
		items = append(items, Item{Kind: Repeat, Other: b, Power: NoPower, Rounds: r,
			Value: len(r) * p.Values.RepeatOpponent})
	}
	for _, c := range p.Conflicts {
		if (c.A == a && c.B == b) || (c.A == b && c.B == a) {
			items = append(items, Item{Kind: PlayerConflict, Other: b, Power: NoPower, Name: c.Kind, Value: c.Value})
		}
	}
	for _, g := range p.Groups {
		if contains(g.Members, a) && contains(g.Members, b) {
			items = append(items, Item{Kind: SharedGroup, Other: b, Power: NoPower, Name: g.Name, Value: g.Value})
		}
	}
	if ta, ok := team[a]; ok {
		if tb, ok := team[b]; ok && ta == tb {
			items = append(items, Item{Kind: TeamMate, Other: b, Power: NoPower, Name: p.Teams[ta].Name,
				Value: p.Values.TeamMember})
		}
	}
	return items
}

func powerItem(p *Problem, h *history, grp [dip.BoardSize]int, useGroups bool, player, pw int) (Item, bool) {
	played := h.played[player]
	if played == nil {
		return Item{}, false
	}
	var cnt [dip.BoardSize]int
	for q := range dip.BoardSize {
		cnt[q] = len(played[q])
	}
	v, group := powerCost(p.Values, grp, useGroups, &cnt, pw)
	switch {
	case cnt[pw] > 0:
		return Item{Kind: SamePower, Other: -1, Power: pw, Rounds: played[pw], Value: v}, true
	case group:
		for q := range dip.BoardSize {
			if q != pw && cnt[q] > 0 && grp[q] == grp[pw] {
				return Item{Kind: SameGroup, Other: -1, Power: q, Rounds: played[q], Value: v}, true
			}
		}
	}
	return Item{}, false
}

func contains(s []int, x int) bool {
	for _, v := range s {
		if v == x {
			return true
		}
	}
	return false
}
