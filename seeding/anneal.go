package seeding

import (
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/armada-dtm/dtm/internal/dip"
)

// annealer is one restart's tentative schedule: rounds of slots, slot s
// being board s/7 and power s%7; round 0 is this round (free players only),
// later rounds seat every player of the heat. Without the flat table pay
// (frame.meet) its memory is linear in the players: how often two players meet in the
// schedule is read from the rounds' seatings (brd), not kept in a matrix.
type annealer struct {
	f    *frame
	rng  *rand.Rand
	cnt  []int32   // n*7 powers played: history, locked boards and the schedule
	seat [][]int32 // round -> slot -> player
	pos  [][]int32 // round -> player -> slot, -1 when not seated
	// brd holds each player's board per round, player-major (player i's
	// rounds at i*len(seat)), -1 when not seated: planned reads it.
	brd     []int32
	obj     int // totalWeight * schedule conflict + this round's conflict
	restart int
	// hot lists boards (round*boardsPerRound + board) that may carry
	// conflict, where some moves are aimed (see aimEvery); isHot is their index in hot
	// plus one, 0 when not listed.
	hot    []int32
	isHot  []int32
	stride int
	// aimEvery is how often a move is aimed at a conflicting board: every
	// second move in large heats, every fourth in small ones (measured on
	// the forced-repeat events, where random moves matter more).
	aimEvery int
	// checked marks listed boards found conflicting and untouched since.
	checked []bool
	// pay holds, where frame.meet says so (heats of up to meetMax players,
	// and those of up to denseMax with few free players), what each pair
	// pays for one more meeting: its static cost and a repeat for each of
	// its meetings, before this round and in the schedule (0 for a player
	// with itself). It is n*n: 77 KiB at meetMax players, 4 MiB at
	// denseMax; other heats count the meetings with planned instead.
	pay []int32
	// journal, when logging, records the swaps made (round, slots), so
	// that kickSearch can take back a kick that did not pay.
	journal []swapRec
	logging bool
	// moved lists the players repartition last moved to the other board.
	moved []int32
	// pc caches the players' power costs, when powers are assigned.
	pc *powerCosts
	// ruleSwaps is true when moves the power rule forbids are made with
	// ruleSwap (useRuleSwap).
	ruleSwaps bool
	// played holds each player's powers with a count above 0 as bits (bit
	// q for power q), and mates each power's group as bits, so that the
	// distinct powers of a group a player has played are one popcount.
	played []uint8
	mates  [dip.BoardSize]uint8
	// unsplit, when not nil, holds the keys of the splits (splitter.key)
	// that repartition found no gain in, so that it does not search them
	// again: continueBest's kicks return to seatings already searched
	// (a third of the searches on r_47x5_fam_clubs).
	unsplit map[[2]uint64]struct{}
}

// swapRec is a swap of slots s and t of round r.
type swapRec struct{ r, s, t int32 }

func newAnnealer(f *frame, rng *rand.Rand, seat [][]int32) *annealer {
	a := &annealer{f: f, rng: rng, seat: seat, aimEvery: 4}
	if f.n > largeHeat {
		a.aimEvery = 2
	}
	a.cnt = append([]int32(nil), f.histPow...)
	n := f.n
	for p := range dip.BoardSize {
		for q := range dip.BoardSize {
			if f.grp[q] == f.grp[p] {
				a.mates[p] |= 1 << q
			}
		}
	}
	a.pos = make([][]int32, len(seat))
	for r, sl := range seat {
		a.pos[r] = make([]int32, n)
		for i := range a.pos[r] {
			a.pos[r][i] = -1
		}
		for s, pl := range sl {
			a.pos[r][pl] = int32(s)
			if f.powers {
				a.cnt[int(pl)*dip.BoardSize+s%dip.BoardSize]++
			}
		}
		a.stride = max(a.stride, len(sl)/dip.BoardSize)
	}
	a.played = make([]uint8, n)
	for i := range n {
		for q := range dip.BoardSize {
			if a.cnt[i*dip.BoardSize+q] > 0 {
				a.played[i] |= 1 << q
			}
		}
	}
	R := len(seat)
	a.brd = make([]int32, n*R)
	for i := range n {
		for r := range R {
			a.brd[i*R+r] = -1
			if v := a.pos[r][i]; v >= 0 {
				a.brd[i*R+r] = v / dip.BoardSize
			}
		}
	}
	if f.meet() {
		a.pay = make([]int32, n*n)
		for k, e := range f.pairs.dense {
			a.pay[k] = e.static + int32(f.ro)*e.hist
		}
		for _, sl := range seat {
			for b := 0; b < len(sl); b += dip.BoardSize {
				for x := b; x < b+dip.BoardSize; x++ {
					for y := x + 1; y < b+dip.BoardSize; y++ {
						i, j := int(sl[x]), int(sl[y])
						a.pay[i*n+j] += int32(f.ro)
						a.pay[j*n+i] += int32(f.ro)
					}
				}
			}
		}
	}
	a.isHot = make([]int32, len(seat)*a.stride)
	a.checked = make([]bool, len(seat)*a.stride)
	for r, sl := range seat {
		for b := 0; b < len(sl)/dip.BoardSize; b++ {
			a.mark(r, b)
		}
	}
	a.obj = a.objective()
	a.pc = newPowerCosts(f, len(seat))
	a.ruleSwaps = useRuleSwap(f)
	return a
}

// planned counts the rounds of the schedule where i and j share a board.
func (a *annealer) planned(i, j int) int {
	R := len(a.seat)
	bi, bj := a.brd[i*R:(i+1)*R], a.brd[j*R:(j+1)*R]
	k := 0
	for r, b := range bi {
		if b == bj[r] && b >= 0 {
			k++
		}
	}
	return k
}

// pays is what i and j, who share a board, pay for their last meeting:
// their static cost and a repeat for each other meeting, before this round
// and in the schedule.
func (a *annealer) pays(i, j int) int {
	if a.pay != nil {
		return int(a.pay[i*a.f.n+j]) - a.f.ro
	}
	e := a.f.pairs.get(i, j)
	return int(e.static) + a.f.ro*(a.meets(i, j, e)-1)
}

// meets is how often i and j, with pair info e, meet in all (above
// meetMax players, where the meetings are not kept in pay).
func (a *annealer) meets(i, j int, e pairInfo) int {
	return int(e.hist) + a.planned(i, j)
}

// objective computes the objective from scratch. A pair met h times
// before that meets in k rounds of the schedule pays k times its static
// cost and ro*(h + (h+1) + ... + (h+k-1)): each meeting pays a repeat for
// every earlier one.
func (a *annealer) objective() int {
	f := a.f
	total := 0
	for r, sl := range a.seat {
		for b := 0; b < len(sl); b += dip.BoardSize {
			for x := b; x < b+dip.BoardSize; x++ {
				for y := x + 1; y < b+dip.BoardSize; y++ {
					i, j := int(sl[x]), int(sl[y])
					e := f.pairs.get(i, j)
					before := 0
					for _, p := range a.pos[:r] {
						if s, t := p[i], p[j]; s >= 0 && t >= 0 && s/dip.BoardSize == t/dip.BoardSize {
							before++
						}
					}
					total += int(e.static) + f.ro*(int(e.hist)+before)
				}
			}
		}
	}
	if f.powers {
		for i := range f.n {
			total += f.playerPowerCost(a.cnt[i*dip.BoardSize:(i+1)*dip.BoardSize]) -
				f.playerPowerCost(f.histPow[i*dip.BoardSize:(i+1)*dip.BoardSize])
		}
	}
	return totalWeight*total + a.roundCost(0)
}

// neighbourRound is round 0's neighbour cost (see neighbourBoard).
func (a *annealer) neighbourRound() int {
	c := 0
	if a.f.nb > 0 {
		for b := 0; b < len(a.seat[0]); b += dip.BoardSize {
			c += a.neighbourBoard(b)
		}
	}
	return c
}

// roundCost is round r's conflict charged against history only (round 0's
// real conflict; its neighbour cost is charged in round 0 only).
func (a *annealer) roundCost(r int) int {
	f := a.f
	c := 0
	sl := a.seat[r]
	for b := 0; b < len(sl); b += dip.BoardSize {
		for x := b; x < b+dip.BoardSize; x++ {
			i := int(sl[x])
			for y := x + 1; y < b+dip.BoardSize; y++ {
				c += f.pairCost(f.pairs.get(i, int(sl[y])))
			}
			if f.powers {
				c += int(f.pow0[i*dip.BoardSize+x%dip.BoardSize])
			}
		}
	}
	if r == 0 {
		c += a.neighbourRound()
	}
	return c
}

// groupDistinct counts the distinct powers of power p's group that player
// i has played.
func (a *annealer) groupDistinct(i, p int) int {
	return bits.OnesCount8(a.played[i] & a.mates[p])
}

// play adds k plays of power q to player i's count.
func (a *annealer) play(i, q int, k int32) {
	c := &a.cnt[i*dip.BoardSize+q]
	*c += k
	if *c > 0 {
		a.played[i] |= 1 << q
	} else {
		a.played[i] &^= 1 << q
	}
}

// powerDelta is the change of player i's power cost when one play of p
// becomes a play of q.
func (a *annealer) powerDelta(i, p, q int) int {
	if p == q {
		return 0
	}
	f := a.f
	c := a.cnt[i*dip.BoardSize:]
	cp, cq := int(c[p]), int(c[q])
	d := f.sp * (cq - (cp - 1))
	if f.rule != AnyPower {
		d += hardCost * f.rule.excessDelta(c[:dip.BoardSize], p, q)
	}
	if f.useGroups && (cp == 1 || cq == 0) {
		if cp == 1 {
			if dp := a.groupDistinct(i, p); dp >= 2 {
				d -= f.half
			}
		}
		if cq == 0 {
			dq := a.groupDistinct(i, q)
			if f.grp[q] == f.grp[p] && cp == 1 {
				dq--
			}
			if dq >= 1 {
				d += f.half
			}
		}
	}
	return d
}

// powerCosts caches what playing each power costs each player in each
// round of a schedule, given the rest of the schedule: a move reads two of
// them (ruleSwap 26), and each reads the player's plays of all seven
// powers, while few moves are made. A player's costs are computed again
// after a move that changed their powers (touch).
type powerCosts struct {
	n    int
	ver  []uint32 // player -> version of their power counts, from 1
	seen []uint32 // round*n+player -> version the costs were computed at
	cost []int    // (round*n+player)*7+q: the objective's change when the player plays q instead
}

// newPowerCosts makes the cache for a schedule of rounds rounds, nil when
// the frame assigns no powers.
func newPowerCosts(f *frame, rounds int) *powerCosts {
	if !f.powers {
		return nil
	}
	c := &powerCosts{n: f.n, ver: make([]uint32, f.n), seen: make([]uint32, rounds*f.n), cost: make([]int, rounds*f.n*dip.BoardSize)}
	for i := range c.ver {
		c.ver[i] = 1
	}
	return c
}

// touch marks player i's costs stale: their powers changed.
func (c *powerCosts) touch(i int) {
	if c != nil {
		c.ver[i]++
	}
}

// costs returns what playing each power in round r costs player i, who
// is seated in it, instead of the power they play now: the change of the
// objective, this round's power costs included in round 0.
func (a *annealer) costs(r, i int) []int {
	c := a.pc
	k := r*c.n + i
	row := c.cost[k*dip.BoardSize : (k+1)*dip.BoardSize]
	if c.seen[k] == c.ver[i] {
		return row
	}
	f := a.f
	from := int(a.pos[r][i]) % dip.BoardSize
	for q := range dip.BoardSize {
		d := totalWeight * a.powerDelta(i, from, q)
		if r == 0 {
			d += int(f.pow0[i*dip.BoardSize+q] - f.pow0[i*dip.BoardSize+from])
		}
		row[q] = d
	}
	c.seen[k] = c.ver[i]
	return row
}

// delta is the objective change of swapping slots s and t of round r.
func (a *annealer) delta(r, s, t int) int {
	f := a.f
	sl := a.seat[r]
	x, y := int(sl[s]), int(sl[t])
	bs, bt := s/dip.BoardSize*dip.BoardSize, t/dip.BoardSize*dip.BoardSize
	d := 0
	if bs != bt {
		t1, n1 := a.side(r, bs, s, x, y)
		t2, n2 := a.side(r, bt, t, y, x)
		d = totalWeight*(t1+t2) + n1 + n2
	}
	if f.powers {
		ps, pt := s%dip.BoardSize, t%dip.BoardSize
		if ps != pt {
			d += a.costs(r, x)[pt] + a.costs(r, y)[ps]
		}
		if r == 0 && f.nb > 0 && (ps != pt || bs != bt) {
			d += a.neighbourDelta(s, t)
		}
	}
	return d
}

// side is the change, to the schedule's conflict and to this round's, of
// player in taking player out's seat skip on the board starting at slot b
// of round r.
func (a *annealer) side(r, b, skip, out, in int) (total, now int) {
	f := a.f
	sl := a.seat[r][b : b+dip.BoardSize]
	skip -= b
	if a.pay != nil {
		// Small heats: flat tables, the inner loop of the whole search.
		// Each of the six others pays in's cost for one more meeting and
		// no longer out's for its last (a repeat less than pay): the sums
		// run over the whole board, out's own seat taken back after.
		n := f.n
		pIn, pOut := a.pay[in*n:(in+1)*n], a.pay[out*n:(out+1)*n]
		for _, o := range sl {
			total += int(pIn[o]) - int(pOut[o])
		}
		total += int(pOut[out]) - int(pIn[out]) + (dip.BoardSize-1)*f.ro
		switch {
		case r == 0 && len(a.seat) == 1:
			// A heat seated alone: its pairs pay their history, which is
			// all pay holds besides this round's meeting (the repeat the
			// six others' terms and out's take back).
			now = total
		case r == 0:
			dIn, dOut := f.pairs.dense[in*n:(in+1)*n], f.pairs.dense[out*n:(out+1)*n]
			for _, o := range sl {
				now += f.pairCost(dIn[o]) - f.pairCost(dOut[o])
			}
			now += f.pairCost(dOut[out]) - f.pairCost(dIn[out])
		}
		return total, now
	}
	for k, o32 := range sl {
		if k == skip {
			continue
		}
		o := int(o32)
		ei, eo := f.pairs.get(in, o), f.pairs.get(out, o)
		st := int(ei.static - eo.static)
		total += st + f.ro*(a.meets(in, o, ei)-a.meets(out, o, eo)+1)
		if r == 0 {
			now += st + f.ro*int(ei.hist-eo.hist)
		}
	}
	return total, now
}

// swap swaps slots s and t of round r, updating power counts, and lists
// the boards the move may have made conflicting: the two boards, and the
// other rounds' boards of the two players.
func (a *annealer) swap(r, s, t int, d int) {
	f := a.f
	sl := a.seat[r]
	x, y := int(sl[s]), int(sl[t])
	if f.powers {
		ps, pt := s%dip.BoardSize, t%dip.BoardSize
		a.play(x, ps, -1)
		a.play(x, pt, 1)
		a.play(y, pt, -1)
		a.play(y, ps, 1)
		a.pc.touch(x)
		a.pc.touch(y)
	}
	if bs, bt := s/dip.BoardSize*dip.BoardSize, t/dip.BoardSize*dip.BoardSize; a.pay != nil && bs != bt {
		n, ro := f.n, int32(f.ro)
		move := func(b, skip, out, in int) {
			for k := b; k < b+dip.BoardSize; k++ {
				if k == skip {
					continue
				}
				o := int(sl[k])
				a.pay[out*n+o] -= ro
				a.pay[o*n+out] -= ro
				a.pay[in*n+o] += ro
				a.pay[o*n+in] += ro
			}
		}
		move(bs, s, x, y)
		move(bt, t, y, x)
	}
	sl[s], sl[t] = int32(y), int32(x)
	a.pos[r][x], a.pos[r][y] = int32(t), int32(s)
	if a.logging {
		a.journal = append(a.journal, swapRec{int32(r), int32(s), int32(t)})
	}
	R := len(a.seat)
	a.brd[x*R+r], a.brd[y*R+r] = int32(t/dip.BoardSize), int32(s/dip.BoardSize)
	a.obj += d
	a.mark(r, s/dip.BoardSize)
	a.mark(r, t/dip.BoardSize)
	for q, p := range a.pos {
		if q == r {
			continue
		}
		if v := p[x]; v >= 0 {
			a.mark(q, int(v)/dip.BoardSize)
		}
		if v := p[y]; v >= 0 {
			a.mark(q, int(v)/dip.BoardSize)
		}
	}
}

// mark lists board b of round r as possibly conflicting.
func (a *annealer) mark(r, b int) {
	id := r*a.stride + b
	a.checked[id] = false
	if a.isHot[id] == 0 {
		a.hot = append(a.hot, int32(id))
		a.isHot[id] = int32(len(a.hot))
	}
}

// unmark removes the board with id from the list.
func (a *annealer) unmark(id int) {
	k := a.isHot[id] - 1
	last := a.hot[len(a.hot)-1]
	a.hot[k] = last
	a.isHot[last] = k + 1
	a.hot = a.hot[:len(a.hot)-1]
	a.isHot[id] = 0
}

// conflicting reports whether board b of round r carries conflict: a pair
// that pays (a static cost or a repeat) or a player paying for a power.
func (a *annealer) conflicting(r, b int) bool {
	f := a.f
	sl := a.seat[r][b*dip.BoardSize : (b+1)*dip.BoardSize]
	for x, i := range sl {
		for y, j := range sl[x+1:] {
			if a.pays(int(i), int(j)) > 0 {
				return true
			}
			if r == 0 && f.nb > 0 && neighbours[x][x+1+y] && f.pairs.get(int(i), int(j)).hist > 0 {
				return true
			}
		}
		if f.powers {
			c := a.cnt[int(i)*dip.BoardSize:]
			if c[x] > 1 || (f.useGroups && a.groupDistinct(int(i), x) > 1) {
				return true
			}
		}
	}
	return false
}

// hotSlot picks a slot of a conflicting board, dropping from the list the
// boards found without conflict; ok is false when none is left. A board
// found conflicting is not checked again until a move touches it or one of
// its players (what its conflict depends on).
func (a *annealer) hotSlot() (r, s int, ok bool) {
	for len(a.hot) > 0 {
		id := int(a.hot[a.rng.IntN(len(a.hot))])
		r, b := id/a.stride, id%a.stride
		if a.checked[id] || a.conflicting(r, b) {
			a.checked[id] = true
			return r, b*dip.BoardSize + a.rng.IntN(dip.BoardSize), true
		}
		a.unmark(id)
	}
	return 0, 0, false
}

// polishEvery is how often, in moves, run assigns each board's powers
// optimally: the annealing seldom finds the last power swaps on its own.
const polishEvery = 64 * 1024

// run anneals for iters moves or until the objective reaches bound or
// stop reports true (checked every chunk of moves). Temperatures fall
// geometrically from t0 to t1. Some moves (see aimEvery) take a player of a
// board that carries conflict, the others a slot at random; either is swapped
// with a random slot of the same round. It reports whether stop ended it.
func (a *annealer) run(iters int, bound int, t0, t1 float64, stop func() bool) bool {
	sizes := make([]int, len(a.seat))
	slots := 0
	for r, sl := range a.seat {
		sizes[r] = len(sl)
		slots += len(sl)
	}
	if slots <= dip.BoardSize && !a.f.powers {
		return false
	}
	const chunk = 1024
	ratio := t1 / t0
	// it counts the moves tried, a ruleSwap as ruleSwapWork of them.
	for it := 0; it < iters && a.obj > bound; it += chunk {
		if stop() {
			return true
		}
		if it%polishEvery == polishEvery-chunk && a.f.powers {
			if a.polishPowers(); a.obj <= bound {
				return false
			}
		}
		temp := t0 * math.Pow(ratio, float64(it)/float64(iters))
		for k := range chunk {
			var r, u int
			ok := false
			if k%a.aimEvery == 0 {
				r, u, ok = a.hotSlot()
			}
			if !ok {
				u = a.rng.IntN(slots)
				r = 0
				for u >= sizes[r] {
					u -= sizes[r]
					r++
				}
			}
			v := a.rng.IntN(sizes[r])
			if u == v || (!a.f.powers && u/dip.BoardSize == v/dip.BoardSize) {
				continue
			}
			d := a.delta(r, u, v)
			if a.ruleSwaps && d >= hardCost && u/dip.BoardSize != v/dip.BoardSize && (r > 0 || a.f.nb == 0) {
				it += ruleSwapWork - 1
				if a.ruleSwap(r, u, v, d, temp); a.obj <= bound {
					return false
				}
				continue
			}
			if d <= 0 || a.accept(d, temp) {
				a.swap(r, u, v, d)
				if a.obj <= bound {
					return false
				}
			}
		}
	}
	return false
}

// accept is the Metropolis test of a move that costs d > 0 at temp: it
// draws one random number and passes it to below.
func (a *annealer) accept(d int, temp float64) bool {
	return below(a.rng.Float64(), d, temp)
}

// below reports u < exp(-d/temp), exactly as computing the exponential
// would, but refuses most costly moves without it: with k = floor(x log2
// e) - 1, at most 1000, exp(-x) < 2^-k (the one taken off covers the
// rounding of x log2 e and of the exponential), so u >= 2^-k refuses.
func below(u float64, d int, temp float64) bool {
	x := float64(d) / temp
	if k := int(x*math.Log2E) - 1; k > 0 && u >= math.Float64frombits(uint64(1023-min(k, 1000))<<52) {
		return false
	}
	return u < math.Exp(-x)
}

// neighbourPairs fills pair, for a board of round r, with what each pair
// of its players pays in the objective when seated on neighbouring powers,
// and returns what the board's pairs pay now; ok is false when no pair
// pays (the board's assignment is then a plain assignment problem).
func (a *annealer) neighbourPairs(r int, board []int32, pair *[dip.BoardSize][dip.BoardSize]int) (now int, ok bool) {
	f := a.f
	if r != 0 || f.nb == 0 {
		return 0, false
	}
	for x := range dip.BoardSize {
		for y := x + 1; y < dip.BoardSize; y++ {
			w := f.nb * int(f.pairs.get(int(board[x]), int(board[y])).hist)
			pair[x][y] = w
			if w > 0 {
				ok = true
				if neighbours[x][y] {
					now += w
				}
			}
		}
	}
	return now, ok
}

// polishPowers reassigns the powers of every board optimally given the rest
// of the schedule (an assignment problem per board).
func (a *annealer) polishPowers() {
	f := a.f
	if !f.powers {
		return
	}
	var cost, pair [dip.BoardSize][dip.BoardSize]int
	for r, sl := range a.seat {
		for b := 0; b < len(sl); b += dip.BoardSize {
			for x := range dip.BoardSize {
				i := int(sl[b+x])
				for q := range dip.BoardSize {
					c := totalWeight * a.powerDelta(i, x, q)
					if r == 0 {
						c += int(f.pow0[i*dip.BoardSize+q] - f.pow0[i*dip.BoardSize+x])
					}
					cost[x][q] = c
				}
			}
			var perm [dip.BoardSize]int
			var gain int
			if now, ok := a.neighbourPairs(r, sl[b:b+dip.BoardSize], &pair); ok {
				perm, gain = assignPairs(&cost, &pair)
				gain -= now
			} else {
				perm, gain = assign(&cost)
			}
			if gain >= 0 {
				continue
			}
			var old [dip.BoardSize]int32
			copy(old[:], sl[b:b+dip.BoardSize])
			for x := range dip.BoardSize {
				i := int(old[x])
				a.play(i, x, -1)
				a.play(i, perm[x], 1)
				a.pc.touch(i)
				sl[b+perm[x]] = int32(i)
				a.pos[r][i] = int32(b + perm[x])
				for q, p := range a.pos {
					if v := p[i]; v >= 0 {
						a.mark(q, int(v)/dip.BoardSize)
					}
				}
			}
			a.obj += gain
		}
	}
}
