package seeding

import (
	"math"
	"math/rand/v2"
	"time"
)

// annealer is one restart's tentative schedule: rounds of slots, slot s
// being board s/7 and power s%7; round 0 is this round (free players only),
// later rounds seat every player of the heat.
type annealer struct {
	f       *frame
	rng     *rand.Rand
	meet    pairTable[int16] // meetings: history, locked boards and the schedule
	cnt     []int32          // n*7 powers played: history, locked boards and the schedule
	seat    [][]int32        // round -> slot -> player
	pos     [][]int32        // round -> player -> slot, -1 when not seated
	obj     int              // totalWeight * schedule conflict + this round's conflict
	restart int
}

func newAnnealer(f *frame, rng *rand.Rand, seat [][]int32) *annealer {
	a := &annealer{f: f, rng: rng, seat: seat}
	a.meet = f.hist.clone()
	a.cnt = append([]int32(nil), f.histPow...)
	n := f.n
	a.pos = make([][]int32, len(seat))
	for r, sl := range seat {
		a.pos[r] = make([]int32, n)
		for i := range a.pos[r] {
			a.pos[r][i] = -1
		}
		for s, pl := range sl {
			a.pos[r][pl] = int32(s)
			if f.powers {
				a.cnt[int(pl)*BoardSize+s%BoardSize]++
			}
		}
		for b := 0; b < len(sl); b += BoardSize {
			for x := b; x < b+BoardSize; x++ {
				for y := x + 1; y < b+BoardSize; y++ {
					i, j := int(sl[x]), int(sl[y])
					a.meet.add(i, j, 1)
					a.meet.add(j, i, 1)
				}
			}
		}
	}
	a.obj = a.objective()
	return a
}

// objective computes the objective from scratch.
func (a *annealer) objective() int {
	f := a.f
	n := f.n
	total := 0
	for i := range n {
		// Only pairs that meet count: meet >= hist, and a pair that meets
		// no more than its history adds nothing.
		a.meet.each(i, func(j int, mv int16) {
			if j > i {
				h, m := int(f.hist.at(i, j)), int(mv)
				total += int(f.static.at(i, j))*(m-h) + f.ro*(m*(m-1)/2-h*(h-1)/2)
			}
		})
		if f.powers {
			total += f.playerPowerCost(a.cnt[i*BoardSize:(i+1)*BoardSize]) -
				f.playerPowerCost(f.histPow[i*BoardSize:(i+1)*BoardSize])
		}
	}
	return totalWeight*total + a.roundCost(0)
}

// roundCost is round r's conflict charged against history only (round 0's
// real conflict).
func (a *annealer) roundCost(r int) int {
	f := a.f
	c := 0
	sl := a.seat[r]
	for b := 0; b < len(sl); b += BoardSize {
		for x := b; x < b+BoardSize; x++ {
			i := int(sl[x])
			for y := x + 1; y < b+BoardSize; y++ {
				j := int(sl[y])
				c += int(f.static.at(i, j)) + f.ro*int(f.hist.at(i, j))
			}
			if f.powers {
				c += int(f.pow0[i*BoardSize+x%BoardSize])
			}
		}
	}
	return c
}

// groupDistinct counts the distinct powers of group g player i has played.
func (a *annealer) groupDistinct(i, g int) int {
	d := 0
	for q := range BoardSize {
		if a.f.grp[q] == g && a.cnt[i*BoardSize+q] > 0 {
			d++
		}
	}
	return d
}

// powerDelta is the change of player i's power cost when one play of p
// becomes a play of q.
func (a *annealer) powerDelta(i, p, q int) int {
	if p == q {
		return 0
	}
	f := a.f
	c := a.cnt[i*BoardSize:]
	cp, cq := int(c[p]), int(c[q])
	d := f.sp * (cq - (cp - 1))
	if f.useGroups && (cp == 1 || cq == 0) {
		gp, gq := f.grp[p], f.grp[q]
		if cp == 1 {
			if dp := a.groupDistinct(i, gp); dp >= 2 {
				d -= f.half
			}
		}
		if cq == 0 {
			dq := a.groupDistinct(i, gq)
			if gq == gp && cp == 1 {
				dq--
			}
			if dq >= 1 {
				d += f.half
			}
		}
	}
	return d
}

// delta is the objective change of swapping slots s and t of round r.
func (a *annealer) delta(r, s, t int) int {
	f := a.f
	sl := a.seat[r]
	x, y := int(sl[s]), int(sl[t])
	bs, bt := s/BoardSize*BoardSize, t/BoardSize*BoardSize
	total, now := 0, 0
	if bs != bt {
		for k := bs; k < bs+BoardSize; k++ {
			if k == s {
				continue
			}
			o := int(sl[k])
			ds := int(f.static.at(y, o) - f.static.at(x, o))
			total += ds + f.ro*int(a.meet.at(y, o)-a.meet.at(x, o)+1)
			if r == 0 {
				now += ds + f.ro*int(f.hist.at(y, o)-f.hist.at(x, o))
			}
		}
		for k := bt; k < bt+BoardSize; k++ {
			if k == t {
				continue
			}
			o := int(sl[k])
			ds := int(f.static.at(x, o) - f.static.at(y, o))
			total += ds + f.ro*int(a.meet.at(x, o)-a.meet.at(y, o)+1)
			if r == 0 {
				now += ds + f.ro*int(f.hist.at(x, o)-f.hist.at(y, o))
			}
		}
	}
	if f.powers {
		ps, pt := s%BoardSize, t%BoardSize
		if ps != pt {
			total += a.powerDelta(x, ps, pt) + a.powerDelta(y, pt, ps)
			if r == 0 {
				now += int(f.pow0[x*BoardSize+pt] - f.pow0[x*BoardSize+ps] + f.pow0[y*BoardSize+ps] - f.pow0[y*BoardSize+pt])
			}
		}
	}
	return totalWeight*total + now
}

// swap swaps slots s and t of round r, updating meetings and power counts.
func (a *annealer) swap(r, s, t int, d int) {
	f := a.f
	sl := a.seat[r]
	x, y := int(sl[s]), int(sl[t])
	bs, bt := s/BoardSize*BoardSize, t/BoardSize*BoardSize
	if bs != bt {
		move := func(b, skip, out, in int) {
			for k := b; k < b+BoardSize; k++ {
				if k == skip {
					continue
				}
				o := int(sl[k])
				a.meet.add(out, o, -1)
				a.meet.add(o, out, -1)
				a.meet.add(in, o, 1)
				a.meet.add(o, in, 1)
			}
		}
		move(bs, s, x, y)
		move(bt, t, y, x)
	}
	if f.powers {
		ps, pt := s%BoardSize, t%BoardSize
		a.cnt[x*BoardSize+ps]--
		a.cnt[x*BoardSize+pt]++
		a.cnt[y*BoardSize+pt]--
		a.cnt[y*BoardSize+ps]++
	}
	sl[s], sl[t] = int32(y), int32(x)
	a.pos[r][x], a.pos[r][y] = int32(t), int32(s)
	a.obj += d
}

// run anneals for iters moves or until the objective reaches bound, stop
// reports true, or the deadline passes. Temperatures fall geometrically
// from t0 to t1.
func (a *annealer) run(iters int, bound int, t0, t1 float64, stop func() bool, deadline time.Time, now func() time.Time) {
	sizes := make([]int, len(a.seat))
	slots := 0
	for r, sl := range a.seat {
		sizes[r] = len(sl)
		slots += len(sl)
	}
	if slots <= BoardSize && !a.f.powers {
		return
	}
	const chunk = 1024
	ratio := t1 / t0
	for it := 0; it < iters && a.obj > bound; it += chunk {
		if stop() || (!deadline.IsZero() && now().After(deadline)) {
			return
		}
		temp := t0 * math.Pow(ratio, float64(it)/float64(iters))
		for range chunk {
			u := a.rng.IntN(slots)
			r := 0
			for u >= sizes[r] {
				u -= sizes[r]
				r++
			}
			v := a.rng.IntN(sizes[r])
			if u == v || (!a.f.powers && u/BoardSize == v/BoardSize) {
				continue
			}
			d := a.delta(r, u, v)
			if d <= 0 || a.rng.Float64() < math.Exp(-float64(d)/temp) {
				a.swap(r, u, v, d)
				if a.obj <= bound {
					return
				}
			}
		}
	}
}

// polishPowers reassigns the powers of every board optimally given the rest
// of the schedule (an assignment problem per board).
func (a *annealer) polishPowers() {
	f := a.f
	if !f.powers {
		return
	}
	var cost [BoardSize][BoardSize]int
	for r, sl := range a.seat {
		for b := 0; b < len(sl); b += BoardSize {
			for x := range BoardSize {
				i := int(sl[b+x])
				for q := range BoardSize {
					c := totalWeight * a.powerDelta(i, x, q)
					if r == 0 {
						c += int(f.pow0[i*BoardSize+q] - f.pow0[i*BoardSize+x])
					}
					cost[x][q] = c
				}
			}
			perm, gain := assign(&cost)
			if gain >= 0 {
				continue
			}
			var old [BoardSize]int32
			copy(old[:], sl[b:b+BoardSize])
			for x := range BoardSize {
				i := int(old[x])
				a.cnt[i*BoardSize+x]--
				a.cnt[i*BoardSize+perm[x]]++
				sl[b+perm[x]] = int32(i)
				a.pos[r][i] = int32(b + perm[x])
			}
			a.obj += gain
		}
	}
}
