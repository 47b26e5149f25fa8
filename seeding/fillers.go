package seeding

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
)

// A resolvable design seats 7q players for several rounds without a
// repeat: the affine plane 49 for up to 8 rounds, a transversal design
// TD(7, q) 7q for q rounds (affine.go, design.go), and for q = 10, 12, 14,
// 15, 18 and 20, where neither exists, a packing found by search
// (packing.go) for 5 to 11 rounds. The seeder's constructions need the
// same players in every heat. An event whose absences or sit-outs leave 7q to
// seat in every heat, but not always the same 7q, changes its players from
// heat to heat, and seated heat by heat it paid 11 to 14 repeats
// (r_52x5_teams, seeds 1-8). fillerPlan seats such an event on the design
// as a whole: every player present in every heat keeps one point, and in
// each heat the players who miss some heat fill the points left, each heat
// being one parallel class. Which player takes which point, and who fills
// which point in each heat, is searched by annealing on the event's pair
// costs (repeats, conflicts, groups, team-mates); then the powers of the
// boards' seats on the players' power costs over the event, under the
// power rule if there is one. On r_52x5_teams the plan pays 1 repeat and
// the powers' bound, 108, where the seeder heat by heat gave 218 to 250;
// on r_66x5_rule (63 a heat, "different power every heat") the event's
// optimum, 144, on every seed, where it gave 149 to 154. For the counts
// that only a packing seats, an event with the same players in every heat
// is planned so too, every player keeping a point: r_84x6_everyone pays
// the powers' bound, 360, on every seed, where it gave 364 to 378.
//
// Later heats follow the plan without reading it back: the plan is a
// function of the event's heats alone (who plays each one, the pair costs,
// the powers), not of the seed, so each heat builds it again and goes on
// with it when the heats played are the plan's. When they are not (a
// director's change, a withdrawal, boards changed by hand), the heat is
// seeded as any other, after the half CPU-second the build takes (on an
// event of 52 seated 49 a heat, heat 4 then took 1.35 CPU-s against 0.82
// without the build); the look ahead's seatings of the next heat do not
// build it, as a heat seeded without the plan leaves none to follow.

// fillerMax is the most players a heat of such an event seats: each heat
// builds the plan again, and its search grows with the points.
const fillerMax = largeHeat

// fillerRuns is how many annealings of the seating search the plan runs,
// each from its own labelling, of fillerMoves moves; the best is kept.
// fillerPowerMoves are the moves of the powers' search. Measured on
// r_52x5_teams with eight random streams: 2 runs of 600,000 moves from a
// start temperature of 1.6 (a repeat costs 10) kept 1 or 2 repeats, at
// 0.45 CPU-s a plan; 4 runs of 300,000 from 20 kept 2 or 3; one run of
// 1,200,000 from 3 kept 0 to 3. The powers' search reaches the event's
// bound there, 108 (docs/seeding-log.md, the fifteenth step).
// Options.Effort scales the moves of both searches: at Effort 30 the plan
// of r_52x5_teams has no repeat, and the event costs its bound, 108.
const (
	fillerRuns       = 2
	fillerMoves      = 600_000
	fillerPowerMoves = 200_000
	fillerDeferMoves = 100_000 // deferPowers' moves
)

// fillerLastRestarts is the restarts of an event's last heat planned with
// fillers, the even ones from the plan's last heat; the best are then
// continued with kicks as in any last heat. On r_52x5_teams 4 gave the
// same last heat as 16 (76), at 0.8 CPU-s with the plan's build against 1.1.
const fillerLastRestarts = 4

// fillerEvent is the event that a plan seats: its heats' players as
// indices into players (global numbers, sorted).
type fillerEvent struct {
	players []int
	index   map[int]int // a global number's place in players
	rounds  [][]int     // players of each heat, as indices into players
	fixed   []bool      // plays every heat
	// played[r][i] is the power player i played in heat r played
	// (NoPower when absent or chosen at the table).
	played [][]int
}

// fillerPlan returns the schedule of the heat and the later heats planned
// (local players, boards of seven in seat order, a seat's place on its
// board its power) when the heat's event fits a design with fillers and
// the earlier heats are the plan's, else nil.
func fillerPlan(p *Problem, f *frame, present []int, later [][]int, effort float64) [][]int32 {
	if len(later) < f.rounds-1 && !f.known && samePlayers(p, present) {
		// The later heats' players unknown, in an event whose heats all
		// had the same: the same again, as the constructions assume.
		later = slices.Repeat([][]int{present}, f.rounds-1)
	}
	g := fillerFits(p, f, present, later)
	if g == nil {
		return nil
	}
	d := newFillerDesign(p, f, g, newFillerEvent(p, f, present, later))
	if effort > 0 {
		d.effort = effort
	}
	d.seat()
	// The heats played must be the plan's boards.
	index := d.ev.index
	for r, pl := range p.History {
		for _, b := range pl.Boards {
			seats := b.all()
			line := d.lineOfPlayer(r, index[seats[0].Player])
			for _, s := range seats[1:] {
				if d.lineOfPlayer(r, index[s.Player]) != line {
					return nil
				}
			}
		}
	}
	if f.powers {
		d.assignPowers()
		d.deferPowers(0)
		if d.keepPlayed() {
			d.deferPowers(len(p.History))
		}
		if d.breaksRule() {
			return nil // seeded as any heat, whose search keeps the rule or says why it cannot
		}
	}
	loc := make(map[int]int32, f.n)
	for l, pl := range f.glob {
		loc[pl] = int32(l)
	}
	h := len(p.History)
	out := make([][]int32, f.rounds)
	for r := range out {
		out[r] = d.schedule(h+r, func(i int) int32 { return loc[d.ev.players[i]] })
	}
	return out
}

// newFillerEvent is the event a plan seats: the players of the heats
// played, of this heat and of the later heats planned.
func newFillerEvent(p *Problem, f *frame, present []int, later [][]int) *fillerEvent {
	ev := &fillerEvent{index: make(map[int]int)}
	index := ev.index
	var rounds [][]int
	for _, pl := range p.History {
		var in []int
		for _, b := range pl.Boards {
			for _, s := range b.all() {
				in = append(in, s.Player)
			}
		}
		rounds = append(rounds, in)
	}
	rounds = append(rounds, present)
	rounds = append(rounds, later[:f.rounds-1]...)
	for _, r := range rounds {
		for _, pl := range r {
			index[pl] = 0
		}
	}
	for pl := range index {
		ev.players = append(ev.players, pl)
	}
	slices.Sort(ev.players)
	for i, pl := range ev.players {
		index[pl] = i
	}
	count := make([]int, len(ev.players))
	for _, r := range rounds {
		in := make([]int, len(r))
		for k, pl := range r {
			in[k] = index[pl]
			count[in[k]]++
		}
		slices.Sort(in)
		ev.rounds = append(ev.rounds, in)
	}
	ev.fixed = make([]bool, len(ev.players))
	for i, c := range count {
		ev.fixed[i] = c == len(rounds)
	}
	for _, pl := range p.History {
		played := make([]int, len(ev.players))
		for i := range played {
			played[i] = NoPower
		}
		for _, b := range pl.Boards {
			for _, st := range b.all() {
				played[index[st.Player]] = st.Power
			}
		}
		ev.played = append(ev.played, played)
	}
	return ev
}

// fillerFits returns the design on which the heat's event can be planned
// with fillers, or nil: 7q players to seat (49 to fillerMax players, for
// which fillerGeometry has a design) in this heat and in every later heat
// (all of them known), as many seated on boards of seven in every earlier
// heat, no more heats than the design has classes, no locked boards, no
// two players of every heat who met twice, and nothing charged but pairs
// and powers (under a power rule or none). With the same players in every
// heat the plan is for the counts that only a packing seats: affineStart
// and designStart seat the others.
func fillerFits(p *Problem, f *frame, present []int, later [][]int) *geometry {
	seated := len(f.free)
	if len(f.locked) > 0 || len(present) != seated || f.nb > 0 || len(p.Preferences) > 0 || len(later) < f.rounds-1 {
		return nil
	}
	g := fillerGeometry(seated)
	if g == nil || len(p.History)+f.rounds > g.classes {
		return nil
	}
	if !g.packed && !f.known && samePlayers(p, present) {
		return nil // the same players in every heat: affineStart's
	}
	if metTwice(f) {
		return nil
	}
	for _, pl := range later[:f.rounds-1] {
		if len(pl) != seated {
			return nil
		}
	}
	for _, pl := range p.History {
		n := 0
		for _, b := range pl.Boards {
			if len(b.all()) != dip.BoardSize {
				return nil
			}
			n += dip.BoardSize
		}
		if n != seated {
			return nil
		}
	}
	return g
}

// fillerDesign is the search state of a plan: occ[r][pt] is the player at
// point pt in heat r (heat r's boards are the lines of class r), pos[r][i]
// player i's point in heat r (-1 when absent), meet the times each pair
// shares a board, power[r][pt] the power of the seat at point pt.
type fillerDesign struct {
	f      *frame
	g      *geometry
	ev     *fillerEvent
	n, ro  int
	least  int     // the least pair cost possible: 0 unless some pair gains by meeting
	effort float64 // scales the moves (Options.Effort)
	occ    [][]int
	pos    [][]int
	meet   []int32
	static []int32
	power  [][]int
	rng    *rand.Rand
}

func newFillerDesign(p *Problem, f *frame, g *geometry, ev *fillerEvent) *fillerDesign {
	n := len(ev.players)
	d := &fillerDesign{f: f, g: g, ev: ev, n: n, ro: f.ro, effort: 1, static: make([]int32, n*n),
		rng: rand.New(rand.NewPCG(uint64(g.points), uint64(len(ev.rounds))))}
	for k, v := range p.staticPairs() {
		a, aok := ev.index[k[0]]
		b, bok := ev.index[k[1]]
		if v < 0 {
			d.least = math.MinInt
		}
		if aok && bok {
			d.static[a*n+b] += int32(v)
			d.static[b*n+a] += int32(v)
		}
	}
	return d
}

// geometry tables a resolvable design of blocks of seven: blockAt[c][pt]
// is the block through point pt in class c, blockPts[c][b] the points of
// block b of class c.
type geometry struct {
	points, classes, blocks int
	blockAt                 [][]int32
	blockPts                [][][dip.BoardSize]int32
	packed                  bool // found by search (packedGeometry), not built
}

// fillerGeometry returns the design for a heat of seated players: the
// affine plane for 49 (point (x, y) is x*7 + y, on line b of slope c when
// y = c*x + b, classes 0..6, and on line x of the vertical class 7), the
// transversal design TD(7, q) for 7q, q a prime power from 8 (point (i, x)
// is i*q + x, on block b of class a when x = a*i + b), the packing found
// by search for 70, 84, 98, 105, 126 and 140 (packedGeometry); nil for any
// other count.
func fillerGeometry(seated int) *geometry {
	q := seated / dip.BoardSize
	if seated%dip.BoardSize != 0 || seated > fillerMax || q < plane {
		return nil
	}
	g := &geometry{points: seated, blocks: q}
	// point is the k-th point of block b of class c.
	var point func(c, b, k int) int
	if q == plane {
		g.classes = plane + 1
		point = func(c, b, k int) int {
			if c == vertical {
				return b*plane + k // the line x = b
			}
			return k*plane + (c*k+b)%plane // y = c*x + b, x = k
		}
	} else {
		gf, ok := newField(q)
		if !ok {
			return packedGeometry(seated)
		}
		g.classes = q
		point = func(a, b, i int) int { return i*q + gf.add[gf.mul[a][i]][b] }
	}
	g.blockAt = make([][]int32, g.classes)
	g.blockPts = make([][][dip.BoardSize]int32, g.classes)
	for c := range g.classes {
		g.blockAt[c] = make([]int32, seated)
		g.blockPts[c] = make([][dip.BoardSize]int32, q)
		for b := range q {
			for k := range dip.BoardSize {
				pt := point(c, b, k)
				g.blockAt[c][pt] = int32(b)
				g.blockPts[c][b][k] = int32(pt)
			}
		}
	}
	return g
}

func (d *fillerDesign) lineOfPlayer(r, i int) int { return int(d.g.blockAt[r][d.pos[r][i]]) }

// pairCost is what a pair that shares m boards pays over the event.
func (d *fillerDesign) pairCost(a, b, m int) int {
	return int(d.static[a*d.n+b])*m + d.ro*m*(m-1)/2
}

// meetOnce adds one meeting of players a and b and returns its cost: the
// pair's static cost and a repeat for each earlier meeting.
func (d *fillerDesign) meetOnce(a, b int) int {
	k := a*d.n + b
	m := d.meet[k]
	d.meet[k], d.meet[b*d.n+a] = m+1, m+1
	return int(d.static[k]) + d.ro*int(m)
}

// partOnce takes one meeting of players a and b away and returns the
// change of cost.
func (d *fillerDesign) partOnce(a, b int) int {
	k := a*d.n + b
	m := d.meet[k] - 1
	d.meet[k], d.meet[b*d.n+a] = m, m
	return -int(d.static[k]) - d.ro*int(m)
}

// place puts the players on points at random: those of every heat on
// the same point throughout, the others on the points left in each heat.
func (d *fillerDesign) place() {
	rounds := len(d.ev.rounds)
	d.occ = make([][]int, rounds)
	d.pos = make([][]int, rounds)
	d.meet = make([]int32, d.n*d.n)
	pts := d.rng.Perm(d.g.points)
	next := 0
	home := make([]int, d.n)
	for i := range d.n {
		home[i] = -1
		if d.ev.fixed[i] {
			home[i] = pts[next]
			next++
		}
	}
	for r, in := range d.ev.rounds {
		d.occ[r] = make([]int, d.g.points)
		d.pos[r] = make([]int, d.n)
		for i := range d.pos[r] {
			d.pos[r][i] = -1
		}
		free := slices.Clone(pts[next:])
		d.rng.Shuffle(len(free), func(a, b int) { free[a], free[b] = free[b], free[a] })
		k := 0
		for _, i := range in {
			pt := home[i]
			if pt < 0 {
				pt, k = free[k], k+1
			}
			d.occ[r][pt], d.pos[r][i] = i, pt
		}
		for _, ps := range d.g.blockPts[r] {
			for x, a := range ps {
				for _, b := range ps[x+1:] {
					u, v := d.occ[r][a], d.occ[r][b]
					d.meet[u*d.n+v]++
					d.meet[v*d.n+u]++
				}
			}
		}
	}
}

// cost is the plan's pair cost over the event.
func (d *fillerDesign) cost() int {
	c := 0
	for a := range d.n {
		for b := a + 1; b < d.n; b++ {
			if m := int(d.meet[a*d.n+b]); m > 0 {
				c += d.pairCost(a, b, m)
			}
		}
	}
	return c
}

// swap exchanges the players at points a and b in heat r and returns the
// change of the pair cost.
func (d *fillerDesign) swap(r, a, b int) int {
	la, lb := d.g.blockAt[r][a], d.g.blockAt[r][b]
	u, v := d.occ[r][a], d.occ[r][b]
	delta := 0
	if la != lb {
		occ := d.occ[r]
		for _, q := range d.g.blockPts[r][la] {
			if int(q) != a {
				w := occ[q]
				delta += d.partOnce(u, w) + d.meetOnce(v, w)
			}
		}
		for _, q := range d.g.blockPts[r][lb] {
			if int(q) != b {
				w := occ[q]
				delta += d.partOnce(v, w) + d.meetOnce(u, w)
			}
		}
	}
	d.occ[r][a], d.occ[r][b] = v, u
	d.pos[r][u], d.pos[r][v] = b, a
	return delta
}

// swapDelta is what swap(r, a, b) would change, without making the
// change: in one heat each pair it touches is touched once.
func (d *fillerDesign) swapDelta(r, a, b int) int {
	la, lb := d.g.blockAt[r][a], d.g.blockAt[r][b]
	if la == lb {
		return 0
	}
	occ, n := d.occ[r], d.n
	u, v := occ[a], occ[b]
	delta := 0
	for _, q := range d.g.blockPts[r][la] {
		if int(q) != a {
			w := occ[q]
			delta += int(d.static[v*n+w]-d.static[u*n+w]) + d.ro*int(d.meet[v*n+w]-d.meet[u*n+w]+1)
		}
	}
	for _, q := range d.g.blockPts[r][lb] {
		if int(q) != b {
			w := occ[q]
			delta += int(d.static[u*n+w]-d.static[v*n+w]) + d.ro*int(d.meet[u*n+w]-d.meet[v*n+w]+1)
		}
	}
	return delta
}

// seat anneals the points: a move exchanges two points in every heat (a
// relabelling, which keeps the players of every heat on their points) or
// two players who miss some heat in one heat. It keeps the best of
// fillerRuns runs.
func (d *fillerDesign) seat() {
	rounds := len(d.ev.rounds)
	// parts holds, per heat, the players who miss some heat.
	parts := make([][]int, rounds)
	for r, in := range d.ev.rounds {
		for _, i := range in {
			if !d.ev.fixed[i] {
				parts[r] = append(parts[r], i)
			}
		}
	}
	var best [][]int
	bestCost := math.MaxInt
	for range fillerRuns {
		d.place()
		cur := d.cost()
		t0, t1 := 0.16*float64(d.ro), 0.005*float64(d.ro)
		moves := int(d.effort * fillerMoves)
		for it := 0; it < moves && cur > d.least; it++ {
			temp := t0 + (t1-t0)*float64(it)/float64(moves)
			r := d.rng.IntN(rounds)
			// every: exchange two points in every heat; else two players
			// who miss some heat, in heat r.
			every := len(parts[r]) < 2 || d.rng.IntN(2) == 0
			var a, b, delta int
			if every {
				a, b = d.rng.IntN(d.g.points), d.rng.IntN(d.g.points)
				for s := range rounds {
					delta += d.swap(s, a, b)
				}
			} else {
				u, v := parts[r][d.rng.IntN(len(parts[r]))], parts[r][d.rng.IntN(len(parts[r]))]
				a, b = d.pos[r][u], d.pos[r][v]
				delta = d.swapDelta(r, a, b)
			}
			accept := delta <= 0 || d.rng.Float64() < math.Exp(-float64(delta)/temp)
			switch {
			case accept && !every:
				d.swap(r, a, b)
			case !accept && every:
				for s := range rounds {
					d.swap(s, a, b)
				}
			}
			if accept {
				cur += delta
			}
		}
		if cur < bestCost {
			bestCost = cur
			best = make([][]int, rounds)
			for r := range best {
				best[r] = slices.Clone(d.occ[r])
			}
		}
	}
	d.occ = best
	for r := range rounds {
		for i := range d.pos[r] {
			d.pos[r][i] = -1
		}
		for pt, i := range d.occ[r] {
			d.pos[r][i] = pt
		}
	}
}

// assignPowers anneals the powers of the plan's seats: a move exchanges
// the powers of two players on one board, scored by the players' power
// costs over the event (frame.playerPowerCost, which does not depend on
// the order of the heats, and charges a play against the power rule more
// than any seating's conflicts).
func (d *fillerDesign) assignPowers() {
	rounds := len(d.ev.rounds)
	d.power = make([][]int, rounds)
	cnt := make([]int32, d.n*dip.BoardSize)
	for r := range rounds {
		d.power[r] = make([]int, d.g.points)
		for _, ps := range d.g.blockPts[r] {
			for x, q := range d.rng.Perm(dip.BoardSize) {
				d.power[r][ps[x]] = q
				cnt[d.occ[r][ps[x]]*dip.BoardSize+q]++
			}
		}
	}
	cost := func(i int) int { return d.f.playerPowerCost(cnt[i*dip.BoardSize : (i+1)*dip.BoardSize]) }
	t0, t1 := float64(d.f.sp), 0.01*float64(d.f.sp)
	moves := int(d.effort * fillerPowerMoves)
	for it := range moves {
		temp := t0 + (t1-t0)*float64(it)/float64(moves)
		r, a, b, ok := d.powerMove(0)
		if !ok {
			continue
		}
		u, v := d.occ[r][a], d.occ[r][b]
		pu, pv := d.power[r][a], d.power[r][b]
		move := func(i, from, to int) {
			cnt[i*dip.BoardSize+from]--
			cnt[i*dip.BoardSize+to]++
		}
		before := cost(u) + cost(v)
		move(u, pu, pv)
		move(v, pv, pu)
		delta := cost(u) + cost(v) - before
		if delta <= 0 || d.rng.Float64() < math.Exp(-float64(delta)/temp) {
			d.power[r][a], d.power[r][b] = pv, pu
			continue
		}
		move(u, pv, pu)
		move(v, pu, pv)
	}
}

// powerMove draws a move of the powers' searches: two points a and b of
// one board of heat r, from heat from on; ok is false when it drew one
// point twice.
func (d *fillerDesign) powerMove(from int) (r, a, b int, ok bool) {
	r = from + d.rng.IntN(len(d.ev.rounds)-from)
	ps := d.g.blockPts[r][d.rng.IntN(d.g.blocks)]
	a, b = int(ps[d.rng.IntN(dip.BoardSize)]), int(ps[d.rng.IntN(dip.BoardSize)])
	return r, a, b, a != b
}

// deferPowers moves the plan's power costs to its later heats without
// raising its total: a descent on (total, sum of the costs of the heats up
// to each heat before the last), exchanging the powers of two seats of a
// board in heat from or later. A cost planned for a later heat may never
// be paid (a withdrawal, a top board seated by hand, a change that ends
// the plan); one paid is paid. On r_61x5_top, whose last heat's top board
// ends the plan, heats 1-4 paid 53 without it and 23 with it, and the
// event 150 to 155 against 142 to 147 (seeds 1-8); r_52x5_teams pays 118
// either way, its heats 1-3 nothing for powers where they paid 14.
func (d *fillerDesign) deferPowers(from int) {
	rounds := len(d.ev.rounds)
	// pre[h] counts each player's powers in heats 0..h.
	pre := make([][]int32, rounds)
	for h := range pre {
		pre[h] = make([]int32, d.n*dip.BoardSize)
	}
	for r := range rounds {
		for pt, q := range d.power[r] {
			i := d.occ[r][pt]
			for h := r; h < rounds && q != NoPower; h++ {
				pre[h][i*dip.BoardSize+q]++
			}
		}
	}
	cost := func(h, i int) int { return d.f.playerPowerCost(pre[h][i*dip.BoardSize : (i+1)*dip.BoardSize]) }
	// costs returns player i's total and the sum of its prefixes from heat r.
	costs := func(r, i int) (total, early int) {
		for h := r; h < rounds-1; h++ {
			early += cost(h, i)
		}
		return cost(rounds-1, i), early
	}
	move := func(r, i, from, to int) {
		for h := r; h < rounds; h++ {
			pre[h][i*dip.BoardSize+from]--
			pre[h][i*dip.BoardSize+to]++
		}
	}
	moves := int(d.effort * fillerDeferMoves)
	for range moves {
		r, a, b, ok := d.powerMove(from)
		if !ok {
			continue
		}
		u, v := d.occ[r][a], d.occ[r][b]
		pu, pv := d.power[r][a], d.power[r][b]
		tu, eu := costs(r, u)
		tv, ev := costs(r, v)
		move(r, u, pu, pv)
		move(r, v, pv, pu)
		tu2, eu2 := costs(r, u)
		tv2, ev2 := costs(r, v)
		dt, de := tu2+tv2-tu-tv, eu2+ev2-eu-ev
		if dt < 0 || dt == 0 && de <= 0 {
			d.power[r][a], d.power[r][b] = pv, pu
			continue
		}
		move(r, u, pv, pu)
		move(r, v, pu, pv)
	}
}

// keepPlayed gives the seats of the heats played the powers played, and
// reports whether any differed from the plan's: a heat that follows the
// plan may still exchange powers on a board (its polish), and the later
// heats' powers must be planned after the powers as played, not as
// planned, or they could pay more than planned, or break a power rule.
func (d *fillerDesign) keepPlayed() bool {
	changed := false
	for r, played := range d.ev.played {
		for pt, i := range d.occ[r] {
			if q := played[i]; d.power[r][pt] != q {
				d.power[r][pt], changed = q, true
			}
		}
	}
	return changed
}

// breaksRule reports whether the plan's powers break the power rule where
// the powers played did not.
func (d *fillerDesign) breaksRule() bool {
	if d.f.rule == AnyPower {
		return false
	}
	played, all := make([]int32, d.n*dip.BoardSize), make([]int32, d.n*dip.BoardSize)
	for r := range d.ev.rounds {
		for pt, q := range d.power[r] {
			if q == NoPower {
				continue
			}
			i := d.occ[r][pt]*dip.BoardSize + q
			all[i]++
			if r < len(d.ev.played) {
				played[i]++
			}
		}
	}
	for i := range d.n {
		at := i * dip.BoardSize
		if d.f.rule.excess(all[at:at+dip.BoardSize]) > d.f.rule.excess(played[at:at+dip.BoardSize]) {
			return true
		}
	}
	return false
}

// schedule is heat r of the plan as the annealer's seats: board l holds
// the players on line l, each at the seat of its power (in point order
// without powers); local maps a player to the frame's numbering.
func (d *fillerDesign) schedule(r int, local func(i int) int32) []int32 {
	seat := make([]int32, d.g.points)
	for l, ps := range d.g.blockPts[r] {
		for x, pt := range ps {
			at := x
			if d.power != nil {
				at = d.power[r][pt]
			}
			seat[l*dip.BoardSize+at] = local(d.occ[r][pt])
		}
	}
	return seat
}

// metTwice reports whether two players of every heat of the event (the
// heats played, this one and the later ones) met twice in the heats
// played, which they never do in a plan, where they keep their points: a
// second day after random boards, say, is then not planned at all.
func metTwice(f *frame) bool {
	heats := make([]int, f.n)
	for _, r := range f.earlier {
		for _, b := range r {
			for _, a := range b {
				heats[a]++
			}
		}
	}
	for _, r := range append([][]int{f.free}, f.later...) {
		for _, a := range r {
			heats[a]++
		}
	}
	every := len(f.earlier) + 1 + len(f.later)
	for a, others := range f.pairs.adj {
		for _, b := range others {
			if heats[a] == every && heats[b] == every && f.pairs.get(a, int(b)).hist >= 2 {
				return true
			}
		}
	}
	return false
}

// samePlayers reports whether every earlier heat seated exactly the
// players present now.
func samePlayers(p *Problem, present []int) bool {
	in := make(map[int]bool, len(present))
	for _, g := range present {
		in[g] = true
	}
	for _, pl := range p.History {
		n := 0
		for _, b := range pl.Boards {
			for _, s := range b.all() {
				if !in[s.Player] {
					return false
				}
				n++
			}
		}
		if n != len(present) {
			return false
		}
	}
	return true
}
