package seeding

import (
	"fmt"
	"slices"
)

// The optimiser minimises totalWeight x (conflict of the whole tentative
// schedule) + (this round's conflict): this round counts one and a half
// times a later one, as later rounds may still change (absences, locked
// boards) and their tentative seating is only an estimate. Measured on the
// benchmark's kinds, 2 did better than 4 (nearly even) and 1.
const totalWeight = 2

// frame is the read-only data of one seeding: the heat's players renumbered
// 0..n-1, their static pair costs and history, and the rounds to plan.
type frame struct {
	n         int
	glob      []int // local -> global player
	free      []int // local players to seat this round
	locked    []Board
	rounds    int // rounds planned, this one included
	ro, sp    int
	half      int
	grp       [BoardSize]int
	useGroups bool
	powers    bool
	static    pairTable[int32] // static pair costs
	hist      pairTable[int16] // meetings before this round, locked boards included
	histPow   []int32          // n*7 powers played before this round, locked boards included
	pow0      []int32          // n*7 cost of each power this round, against history
	full      [][][]int        // complete earlier rounds: boards of local players
	// firstPower is each player's power in full[0], -1 if none.
	firstPower []int
	round      int
}

// newFrame checks the heat and indexes its players.
func newFrame(p *Problem, present []int, locked []Board, roundsLeft int) (*frame, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := checkBoards(p, locked); err != nil {
		return nil, fmt.Errorf("locked boards: %w", err)
	}
	f := &frame{locked: locked, rounds: max(roundsLeft, 1)}
	loc := make([]int, len(p.Players))
	for i := range loc {
		loc[i] = -1
	}
	add := func(g int) {
		if loc[g] < 0 {
			loc[g] = len(f.glob)
			f.glob = append(f.glob, g)
		}
	}
	isLocked := make(map[int]bool)
	for _, b := range locked {
		for _, s := range b.Seats {
			isLocked[s.Player] = true
		}
	}
	for _, g := range present {
		if g < 0 || g >= len(p.Players) {
			return nil, fmt.Errorf("present player %d out of range", g)
		}
		if loc[g] >= 0 {
			return nil, fmt.Errorf("player %q listed twice as present", p.Players[g])
		}
		add(g)
		if !isLocked[g] {
			f.free = append(f.free, loc[g])
		}
	}
	for _, b := range locked {
		for _, s := range b.Seats {
			add(s.Player)
		}
	}
	if err := countError(len(f.free)); err != nil {
		return nil, err
	}
	n := len(f.glob)
	f.n = n
	f.ro, f.sp, f.half = p.Values.RepeatOpponent, p.Values.SamePower, p.Values.SamePower/2
	f.grp, f.useGroups = p.groupOf()
	f.powers = p.AssignPowers
	f.static = newPairTable[int32](n)
	for k, v := range p.staticPairs() {
		a, b := loc[k[0]], loc[k[1]]
		if a >= 0 && b >= 0 {
			f.static.add(a, b, int32(v))
			f.static.add(b, a, int32(v))
		}
	}
	f.hist = newPairTable[int16](n)
	f.histPow = make([]int32, n*BoardSize)
	addBoard := func(b Board) []int {
		var in []int
		seats := b.all()
		for x, s := range seats {
			a := loc[s.Player]
			if a < 0 {
				continue
			}
			in = append(in, a)
			if s.Power != NoPower {
				f.histPow[a*BoardSize+s.Power]++
			}
			for _, t := range seats[x+1:] {
				if c := loc[t.Player]; c >= 0 {
					f.hist.add(a, c, 1)
					f.hist.add(c, a, 1)
				}
			}
		}
		return in
	}
	for _, pl := range p.History {
		f.round = max(f.round, pl.Round)
		var blocks [][]int
		covered := 0
		for _, b := range pl.Boards {
			in := addBoard(b)
			if len(in) == BoardSize {
				blocks = append(blocks, in)
				covered += len(in)
			}
		}
		if covered == n {
			if f.full == nil {
				f.firstPower = make([]int, n)
				for _, b := range pl.Boards {
					for _, s := range b.Seats {
						if a := loc[s.Player]; a >= 0 {
							f.firstPower[a] = s.Power
						}
					}
				}
			}
			f.full = append(f.full, blocks)
		}
	}
	f.round++
	for _, b := range locked {
		addBoard(b)
	}
	f.pow0 = make([]int32, n*BoardSize)
	if f.powers {
		for i := range n {
			var cnt [BoardSize]int
			for q := range BoardSize {
				cnt[q] = int(f.histPow[i*BoardSize+q])
			}
			for q := range BoardSize {
				c, _ := powerCost(p.Values, f.grp, f.useGroups, &cnt, q)
				f.pow0[i*BoardSize+q] = int32(c)
			}
		}
	}
	return f, nil
}

// playerPowerCost is the power cost, up to a constant, of a player who has
// played each power cnt[q] times: SamePower for every earlier play of the
// same power, half of it for each further distinct power of a group.
// Summed over a schedule it equals what the rounds charge one by one.
func (f *frame) playerPowerCost(cnt []int32) int {
	c := 0
	var d [BoardSize + 1]int
	for q := range BoardSize {
		k := int(cnt[q])
		c += f.sp * k * (k - 1) / 2
		if k > 0 {
			d[f.grp[q]]++
		}
	}
	if f.useGroups {
		for _, x := range d {
			if x > 1 {
				c += f.half * (x - 1)
			}
		}
	}
	return c
}

// setHorizon limits the rounds planned (see Options.Horizon).
func (f *frame) setHorizon(h int) {
	switch {
	case h > 0:
		f.rounds = min(f.rounds, h)
	case !constructionFits(f):
		f.rounds = min(f.rounds, 2)
	}
}

// bound0 is a lower bound on this round's conflict: each free player pays at
// least the six cheapest pairings (halved, as a pair is counted twice) and
// the cheapest power.
func (f *frame) bound0() int {
	isFree := make([]bool, f.n)
	for _, i := range f.free {
		isFree[i] = true
	}
	pairs, pw := 0, 0
	var row []int
	for _, i := range f.free {
		row = f.pairCosts(i, isFree, row[:0])
		// The other free players who are not in row cost nothing.
		for range min(len(f.free)-1-len(row), BoardSize-1) {
			row = append(row, 0)
		}
		pairs += smallestSum(row, BoardSize-1)
		if f.powers {
			pw += int(slices.Min(f.pow0[i*BoardSize : (i+1)*BoardSize]))
		}
	}
	return (pairs+1)/2 + pw
}

// pairCosts appends to row the cost static + ro*hist of player i with each
// player j != i (among those with in[j], when in is not nil) that has a
// static cost or a history with i; every other pair costs 0.
func (f *frame) pairCosts(i int, in []bool, row []int) []int {
	take := func(j int) bool { return j != i && (in == nil || in[j]) }
	f.static.each(i, func(j int, v int32) {
		if take(j) {
			row = append(row, int(v)+f.ro*int(f.hist.at(i, j)))
		}
	})
	f.hist.each(i, func(j int, h int16) {
		if take(j) && f.static.at(i, j) == 0 {
			row = append(row, f.ro*int(h))
		}
	})
	return row
}

// boundTotal is a lower bound on the conflict of the whole tentative
// schedule: per player, the cheapest 6 opponents per round where meeting an
// opponent again costs one more repeat, and the cheapest sequence of powers.
func (f *frame) boundTotal() int {
	n := f.n
	isFree := make([]bool, n)
	for _, i := range f.free {
		isFree[i] = true
	}
	pairs, pw := 0, 0
	var costs, row []int
	cnt := make([]int32, BoardSize)
	for i := range n {
		r := f.rounds
		if !isFree[i] {
			r--
		}
		if r == 0 {
			continue
		}
		k := (BoardSize - 1) * r
		costs = f.pairCosts(i, nil, costs[:0])
		row = row[:0]
		for _, w := range costs {
			for t := range r {
				row = append(row, w+f.ro*t)
			}
		}
		// Each other player costs 0, ro, 2ro, ... over the rounds; only the
		// k cheapest of each can count.
		for t := range r {
			for range min(n-1-len(costs), k) {
				row = append(row, f.ro*t)
			}
		}
		pairs += smallestSum(row, k)
		if f.powers {
			copy(cnt, f.histPow[i*BoardSize:(i+1)*BoardSize])
			base := f.playerPowerCost(cnt)
			for range r {
				best, bq := 0, -1
				for q := range BoardSize {
					cnt[q]++
					c := f.playerPowerCost(cnt)
					cnt[q]--
					if bq < 0 || c < best {
						best, bq = c, q
					}
				}
				cnt[bq]++
			}
			pw += f.playerPowerCost(cnt) - base
		}
	}
	return (pairs+1)/2 + pw
}

// smallestSum sums the k smallest values of row (all of them if fewer).
func smallestSum(row []int, k int) int {
	if k >= len(row) {
		s := 0
		for _, v := range row {
			s += v
		}
		return s
	}
	zeros, neg := 0, false
	for _, v := range row {
		if v == 0 {
			zeros++
		} else if v < 0 {
			neg = true
		}
	}
	if !neg && zeros >= k {
		return 0
	}
	slices.Sort(row)
	s := 0
	for _, v := range row[:k] {
		s += v
	}
	return s
}

// LowerBound returns a lower bound on the conflict of any seating of the
// heat: present players (those on locked boards included or not) around the
// locked boards, given the problem's history. It is cheap and valid, not
// tight: show it with the gap to the seeding found.
func LowerBound(p *Problem, present []int, locked []Board) (int, error) {
	f, err := newFrame(p, present, locked, 1)
	if err != nil {
		return 0, err
	}
	return f.bound0(), nil
}
