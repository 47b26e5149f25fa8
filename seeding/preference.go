package seeding

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// PreferenceMethod is how the seeder uses players' power preferences.
type PreferenceMethod int

// The preference methods.
const (
	// BestTotal charges Values.Preference per place a player's power is
	// down their list, weighed with every other conflict: the best total
	// satisfaction of the heat.
	BestTotal PreferenceMethod = iota
	// LowestRankedFirst lets the players of each board, in
	// Problem.ChoiceOrder (the lowest-ranked first), each take their most
	// preferred power still free that the power rule allows.
	LowestRankedFirst
)

var methodNames = [...]string{"Best total satisfaction", "Lowest-ranked chooses first"}

// PreferenceMethodNames returns the methods' names as the Tournament
// sheet's dropdown lists them, in PreferenceMethod order.
func PreferenceMethodNames() []string { return slices.Clone(methodNames[:]) }

// String names the method in lower case, as a sentence does ("lowest-ranked
// chooses first").
func (m PreferenceMethod) String() string {
	if m < 0 || int(m) >= len(methodNames) {
		return fmt.Sprintf("PreferenceMethod(%d)", int(m))
	}
	return strings.ToLower(methodNames[m])
}

// chooseInTurn gives the powers of plan's unlocked boards by
// LowestRankedFirst: on each board, the players with preferences, in
// ChoiceOrder, each take the first power of their list that is still free,
// that the power rule allows them, and that leaves every player after
// them a power the rule allows; the players left (without preferences, or
// whose listed powers are all gone) share the powers left at the least
// conflict. A board whose powers are not assigned is left as it is.
func chooseInTurn(p *Problem, plan *Plan) {
	var locked []Board
	for _, b := range plan.Boards {
		if b.Locked {
			locked = append(locked, b)
		}
	}
	cnt := playedCounts(p, plan.Round, locked)
	h := newHistory(p, plan.Round)
	grp, useGroups := p.groupOf()
	turn := make(map[int]int, len(p.ChoiceOrder))
	for k, i := range p.ChoiceOrder {
		if _, dup := turn[i]; !dup {
			turn[i] = k
		}
	}
	order := func(i int) int {
		if k, ok := turn[i]; ok {
			return k
		}
		return len(p.ChoiceOrder) + i
	}
	for bi := range plan.Boards {
		b := &plan.Boards[bi]
		if b.Locked || b.Seats[0].Power == NoPower || !slices.ContainsFunc(b.Seats, func(s Seat) bool {
			return len(p.Preferences[s.Player]) > 0
		}) {
			continue // no one chooses: the seeder's powers stay
		}
		var played [dip.BoardSize][dip.BoardSize]int
		var allowed [dip.BoardSize]int // bit set of the powers the rule allows each seat's player
		for x, s := range b.Seats {
			if c := cnt[s.Player]; c != nil {
				played[x] = *c
			}
			for q := range dip.BoardSize {
				if p.PowerRule.Allows(&played[x], q) {
					allowed[x] |= 1 << q
				}
			}
		}
		seats := make([]int, dip.BoardSize)
		for x := range seats {
			seats[x] = x
		}
		slices.SortStableFunc(seats, func(x, y int) int { return order(b.Seats[x].Player) - order(b.Seats[y].Player) })
		power := [dip.BoardSize]int{NoPower, NoPower, NoPower, NoPower, NoPower, NoPower, NoPower}
		taken := 0
		for _, x := range seats {
			for _, q := range p.Preferences[b.Seats[x].Player] {
				if taken&(1<<q) != 0 || allowed[x]&(1<<q) == 0 {
					continue
				}
				power[x] = q
				if completes(&power, &allowed, taken|1<<q) {
					taken |= 1 << q
					break
				}
				power[x] = NoPower
			}
		}
		// The rest: the completion of least conflict.
		cost := func(x, q int) int {
			c, _ := powerCost(p.Values, grp, useGroups, &played[x], q)
			if allowed[x]&(1<<q) == 0 {
				c += hardCost
			}
			return c
		}
		pair := func(x, y int) int {
			return p.Values.Neighbour * len(h.met[pairKey(b.Seats[x].Player, b.Seats[y].Player)])
		}
		best, bestCost := power, -1
		var fill func(x, sum, taken int)
		fill = func(x, sum, taken int) {
			if x == dip.BoardSize {
				for u := range dip.BoardSize {
					for v := u + 1; v < dip.BoardSize; v++ {
						if neighbours[power[u]][power[v]] {
							sum += pair(u, v)
						}
					}
				}
				if bestCost < 0 || sum < bestCost {
					best, bestCost = power, sum
				}
				return
			}
			if power[x] != NoPower {
				fill(x+1, sum+cost(x, power[x]), taken)
				return
			}
			for q := range dip.BoardSize {
				if taken&(1<<q) == 0 {
					power[x] = q
					fill(x+1, sum+cost(x, q), taken|1<<q)
					power[x] = NoPower
				}
			}
		}
		fill(0, 0, taken)
		for x := range b.Seats {
			b.Seats[x].Power = best[x]
		}
	}
}

// completes reports whether the seats without a power yet can each be
// given one of the powers not in taken that allowed lets them play (a
// matching, found by trying each power in turn: at most 7! steps).
func completes(power *[dip.BoardSize]int, allowed *[dip.BoardSize]int, taken int) bool {
	var try func(x, taken int) bool
	try = func(x, taken int) bool {
		if x == dip.BoardSize {
			return true
		}
		if power[x] != NoPower {
			return try(x+1, taken)
		}
		for q := range dip.BoardSize {
			if taken&(1<<q) == 0 && allowed[x]&(1<<q) != 0 && try(x+1, taken|1<<q) {
				return true
			}
		}
		return false
	}
	return try(0, taken)
}
