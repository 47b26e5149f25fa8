package seeding

import (
	"fmt"
	"math"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
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
	n      int
	glob   []int // local -> global player
	free   []int // local players to seat this round
	locked []Board
	rounds int // rounds planned, this one included
	// later holds the local players seated in each later planned round
	// (later[0] is the next round): Options.Later where known, else the
	// players of this heat. known is true when some later round differs
	// from this heat's players (no construction then fits).
	later     [][]int
	known     bool
	ro, sp    int
	half      int
	grp       [dip.BoardSize]int
	useGroups bool
	powers    bool
	rule      PowerRule
	// nb is Values.Neighbour when powers are assigned, else 0: charged in
	// this round only, as the power preferences (the tentative later
	// rounds plan without it).
	nb int
	// metBefore marks the players who met someone before this round (a
	// neighbour cost is possible only for them), when nb > 0.
	metBefore []bool
	// pairs holds the static cost and earlier meetings (history and locked
	// boards) of the pairs that have either.
	pairs   *pairTable
	histPow []int32   // n*7 powers played before this round, locked boards included
	pow0    []int32   // n*7 cost of each power this round, against history
	full    [][][]int // complete earlier rounds: boards of local players
	// earlier holds the boards of each history round, as local players.
	earlier [][][]int
	// cliques are the player groups and teams, conflicts the
	// player-to-player conflicts, as local players (bound0 counts them).
	cliques   []clique
	conflicts []Conflict
	// firstPower is each player's power in full[0], -1 if none.
	firstPower []int
	round      int
	// fill is the plan of the heat and the later heats on a design with
	// fillers (fillerPlan), nil when none fits.
	fill [][]int32
}

// newFrame checks the heat and indexes its players.
func newFrame(p *Problem, present []int, locked []Board, roundsLeft int, later [][]int) (*frame, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if err := checkBoards(p, locked, false); err != nil {
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
	heat := len(f.glob)
	known, err := knownLater(p, later, f.rounds-1)
	if err != nil {
		return nil, err
	}
	for _, pl := range known {
		for _, g := range pl {
			add(g)
		}
	}
	n := len(f.glob)
	f.later = make([][]int, f.rounds-1)
	for r := range f.later {
		if r < len(known) && known[r] != nil {
			for _, g := range known[r] {
				f.later[r] = append(f.later[r], loc[g])
			}
			slices.Sort(f.later[r])
			f.known = f.known || len(f.later[r]) != heat || n != heat
			continue
		}
		for i := range heat {
			f.later[r] = append(f.later[r], i)
		}
	}
	f.n = n
	f.ro, f.sp, f.half = p.Values.RepeatOpponent, p.Values.SamePower, p.Values.SamePower/2
	f.grp, f.useGroups = p.groupOf()
	f.powers = p.AssignPowers
	f.rule = p.PowerRule
	if f.powers {
		f.nb = p.Values.Neighbour
	}
	pm := make(map[uint64]pairInfo)
	for k, v := range p.staticPairs() {
		a, b := loc[k[0]], loc[k[1]]
		if a >= 0 && b >= 0 {
			e := pm[pairCode(a, b)]
			e.static += int32(v)
			pm[pairCode(a, b)] = e
		}
	}
	f.histPow = make([]int32, n*dip.BoardSize)
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
				f.histPow[a*dip.BoardSize+s.Power]++
			}
			for _, t := range seats[x+1:] {
				if c := loc[t.Player]; c >= 0 && c != a {
					e := pm[pairCode(a, c)]
					e.hist++
					pm[pairCode(a, c)] = e
				}
			}
		}
		return in
	}
	for _, pl := range p.History {
		f.round = max(f.round, pl.Round)
		var blocks, all [][]int
		covered := 0
		for _, b := range pl.Boards {
			in := addBoard(b)
			all = append(all, in)
			if len(in) == dip.BoardSize {
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
		f.earlier = append(f.earlier, all)
	}
	f.round++
	for _, b := range locked {
		addBoard(b)
	}
	f.pairs = newPairTable(n, pm)
	if f.nb > 0 {
		f.metBefore = make([]bool, n)
		for k, e := range pm {
			if e.hist > 0 {
				f.metBefore[k>>32], f.metBefore[k&0xffffffff] = true, true
			}
		}
	}
	local := func(ms []int) []int {
		var out []int
		for _, m := range ms {
			if l := loc[m]; l >= 0 && !slices.Contains(out, l) {
				out = append(out, l)
			}
		}
		return out
	}
	for _, g := range p.Groups {
		f.cliques = append(f.cliques, clique{members: local(g.Members), value: g.Value})
	}
	for _, t := range p.Teams {
		f.cliques = append(f.cliques, clique{members: local(t.Members), value: p.Values.TeamMember})
	}
	for _, c := range p.Conflicts {
		if a, b := loc[c.A], loc[c.B]; a >= 0 && b >= 0 {
			f.conflicts = append(f.conflicts, Conflict{A: a, B: b, Value: c.Value})
		}
	}
	f.pow0 = make([]int32, n*dip.BoardSize)
	if f.powers {
		for i := range n {
			var cnt [dip.BoardSize]int
			for q := range dip.BoardSize {
				cnt[q] = int(f.histPow[i*dip.BoardSize+q])
			}
			for q := range dip.BoardSize {
				c, _ := powerCost(p.Values, f.grp, f.useGroups, &cnt, q)
				if !f.rule.Allows(&cnt, q) {
					c += hardCost
				}
				pref, _ := p.preferenceCost(f.glob[i], q)
				c += pref
				f.pow0[i*dip.BoardSize+q] = int32(c)
			}
		}
	}
	free := make([]int, len(f.free))
	for k, i := range f.free {
		free[k] = f.glob[i]
	}
	if err := checkRule(p, free, f.round, locked); err != nil {
		return nil, err
	}
	return f, nil
}

// knownLater checks Options.Later for the next rounds rounds and
// returns the lists to plan with: a round whose list is nil, or does not
// make boards of seven, is nil (planned with the players of this heat).
func knownLater(p *Problem, later [][]int, rounds int) ([][]int, error) {
	var out [][]int
	for r, pl := range later[:min(len(later), rounds)] {
		seen := make(map[int]bool, len(pl))
		for _, g := range pl {
			if g < 0 || g >= len(p.Players) {
				return nil, fmt.Errorf("player %d present in later round %d out of range", g, r+1)
			}
			if seen[g] {
				return nil, fmt.Errorf("player %q listed twice as present in later round %d", p.Players[g], r+1)
			}
			seen[g] = true
		}
		if len(pl) == 0 || len(pl)%dip.BoardSize != 0 {
			pl = nil
		}
		out = append(out, pl)
	}
	return out, nil
}

// playerPowerCost is the power cost, up to a constant, of a player who has
// played each power cnt[q] times: SamePower for every earlier play of the
// same power, half of it for each further distinct power of a group.
// Summed over a schedule it equals what the rounds charge one by one. Each
// play that no order of the games can make keep the power rule adds
// hardCost.
func (f *frame) playerPowerCost(cnt []int32) int {
	c := hardCost * f.rule.excess(cnt)
	var d [dip.BoardSize + 1]int
	for q := range dip.BoardSize {
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

// knownHorizon is the default horizon of a heat of at most kickMax players
// to seat when the later rounds' known players differ from this heat's
// (Options.Later): the heats' absences force repeats that only a plan
// seeing them can spread (measured on f_45x3_sitout, seeds 1-5: 90, the
// optimum, on each at 3 rounds; 90-100 at 2).
//
// Heats of more than kickMax and at most smallHeat players to seat are
// seeded alone instead (horizon 1): there the annealing does not solve a
// schedule of two or three rounds well, each restart ending in its own
// local optimum, and a plan that far from the best misleads this round
// more than it helps. Measured on the realistic events of
// seeding/instance/testdata/bench (seeds 1-8, default settings), the median
// total fell from 260 to 233 on r_52x5_teams, 157.5 to 146.5 on r_61x5_top
// and 257 to 240.5 on r_72x3_day2, the worst of r_66x5_rule from 179 to 166
// (its median rose from 159 to 162.5), at less CPU; r_90x4_teams_clubs
// (84 players) did worse alone, 48-56 against 44-50, so larger heats
// still plan, and they plan the whole event: there the cost that is left
// is mostly powers, and who plays Germany in the first heats decides what
// the last one pays, which a plan that stops short of it cannot see
// (r_90x4_teams_clubs, seeds 1-8: 42, the optimum, on every seed, where
// three planned heats gave 44-50).
const knownHorizon = 3

// midHeat reports whether the heat has more than kickMax and at most
// smallHeat players to seat: too many for the exact re-splits and kicks,
// few enough to be seated alone (knownHorizon) and to look ahead
// (lookAhead).
func (f *frame) midHeat() bool {
	return len(f.free) > kickMax && len(f.free) <= smallHeat
}

// interchangeable reports whether the heat's players are alike in all the
// seeder charges: no pair has a static cost or an earlier meeting, no
// player has played or prefers a power, and every later round planned
// seats all of the heat's players or none of them. Renumbering the players
// then maps any seating of the heat onto any other, with the later heats'
// costs, so every seating is as good as the best: the heat is planned
// alone (setHorizon) and its first restart, at cost 0, ends the search.
// An event's first heat without groups, teams or conflicts is such a heat:
// b_21x4 and f_21x7 (seeding/instance) planned three heats in it for about
// 1 CPU-s, their slowest heat.
func (f *frame) interchangeable() bool {
	if slices.ContainsFunc(f.pairs.adj, func(o []int32) bool { return len(o) > 0 }) ||
		slices.ContainsFunc(f.histPow, func(c int32) bool { return c != 0 }) ||
		slices.ContainsFunc(f.pow0, func(c int32) bool { return c != 0 }) {
		return false
	}
	in := make([]bool, f.n)
	for _, i := range f.free {
		in[i] = true
	}
	for _, pl := range f.later {
		k := 0
		for _, i := range pl {
			if in[i] {
				k++
			}
		}
		if k != 0 && k != len(f.free) {
			return false
		}
	}
	return true
}

// setHorizon limits the rounds planned (see Options.Horizon) and returns
// how many of them the moves are counted for: all, but knownHorizon for a
// heat of more than smallHeat players that plans the whole event (its
// moves are those it had planning no more: seeing the later heats is what
// pays, and the moves of five heats of 100 players took its first heat past
// 1 CPU-s; r_100x5_teams_clubs reaches its optimum on seeds 1-8 either way).
func (f *frame) setHorizon(h int) (paid int) {
	whole := false // more than smallHeat players: the whole event
	switch {
	case h > 0:
		f.rounds = min(f.rounds, h)
	case f.fill != nil:
		// The plan covers the whole event.
	case f.interchangeable():
		f.rounds = 1
	case f.known && f.midHeat():
		f.rounds = 1
	case f.known && len(f.free) <= kickMax:
		f.rounds = min(f.rounds, knownHorizon)
	case f.known:
		whole = true
	case !constructionFits(f):
		f.rounds = min(f.rounds, 2)
	}
	f.later = f.later[:max(f.rounds-1, 0)]
	if whole {
		return min(f.rounds, knownHorizon)
	}
	return f.rounds
}

// roundPlayers lists the local players seated in planned round r (0: this
// round's free players).
func (f *frame) roundPlayers(r int) []int {
	if r == 0 {
		return f.free
	}
	return f.later[r-1]
}

// pairCost is what a pair pays for sharing a board this round: its static
// cost and a repeat for each earlier meeting.
func (f *frame) pairCost(e pairInfo) int { return int(e.static) + f.ro*int(e.hist) }

// bound0 is a lower bound on this round's conflict: the cheapest powers
// of the free players, each power having one seat a board (powerSeats; up
// to denseMax players, above that each player's cheapest power), plus the
// largest of three bounds on the pairs' cost:
//
//   - each free player pays at least its six cheapest pairings, halved as a
//     pair is counted twice;
//   - the free players who shared a board in an earlier round cannot all
//     be parted: spread as evenly as possible over the new boards they
//     still leave pairs together, each a repeat, and each earlier round
//     forces its own (a pair that met twice pays two); the static costs add at
//     least the negative ones, counted as in the first bound;
//   - term by term: those repeats; each player group's and team's members
//     spread as evenly as possible over the boards (packed as closely as
//     possible when its value is negative); each conflict at its value
//     when negative, else 0.
//
// All three hold with negative conflicts: halves are rounded up only when
// the rounding cannot pass the true value.
func (f *frame) bound0() int {
	isFree := make([]bool, f.n)
	for _, i := range f.free {
		isFree[i] = true
	}
	var row, neg []int
	star, negStar, pw := 0, 0, 0
	others := len(f.free) - 1
	for _, i := range f.free {
		row, neg = row[:0], neg[:0]
		for _, j := range f.pairs.adj[i] {
			if isFree[j] {
				e := f.pairs.get(i, int(j))
				row = append(row, f.pairCost(e))
				if e.static < 0 {
					neg = append(neg, int(e.static))
				}
			}
		}
		star += sparseSmallest(row, others-len(row), 0, 1, dip.BoardSize-1)
		negStar += sparseSmallest(neg, others-len(neg), 0, 1, dip.BoardSize-1)
		if f.powers {
			pw += int(slices.Min(f.pow0[i*dip.BoardSize : (i+1)*dip.BoardSize]))
		}
	}
	if f.powers && len(f.free) <= denseMax {
		pw = f.powerSeats()
	}
	rep := f.ro * f.spreadRepeats(isFree)
	pairs := max(ceilHalf(star), rep+ceilHalf(negStar), rep+f.staticParts(isFree))
	return pairs + pw
}

// powerSeats is the least power cost of this round's free players when
// each power has one seat a board: a transportation problem (players to
// seven powers of len(free)/7 seats each), solved exactly by adding the
// players one at a time along the cheapest chain of moves between powers.
// It costs O(players^2) and is used up to denseMax players; above, each
// player's cheapest power is counted.
func (f *frame) powerSeats() int {
	seats := len(f.free) / dip.BoardSize
	var at [dip.BoardSize][]int // players seated at each power
	total := 0
	for _, i := range f.free {
		c := f.pow0[i*dip.BoardSize : (i+1)*dip.BoardSize]
		// move[p][q]: the cheapest move of a player from power p to q, and who.
		var move [dip.BoardSize][dip.BoardSize]int
		var who [dip.BoardSize][dip.BoardSize]int
		for p := range dip.BoardSize {
			for q := range dip.BoardSize {
				move[p][q], who[p][q] = math.MaxInt, -1
				if p == q {
					continue
				}
				for k, j := range at[p] {
					cj := f.pow0[j*dip.BoardSize : (j+1)*dip.BoardSize]
					if d := int(cj[q] - cj[p]); d < move[p][q] {
						move[p][q], who[p][q] = d, k
					}
				}
			}
		}
		var dist [dip.BoardSize]int
		var pred [dip.BoardSize]int
		for q := range dip.BoardSize {
			dist[q], pred[q] = int(c[q]), -1
		}
		for range dip.BoardSize {
			for p := range dip.BoardSize {
				for q := range dip.BoardSize {
					if who[p][q] >= 0 && dist[p]+move[p][q] < dist[q] {
						dist[q], pred[q] = dist[p]+move[p][q], p
					}
				}
			}
		}
		end := -1
		for q := range dip.BoardSize {
			if len(at[q]) < seats && (end < 0 || dist[q] < dist[end]) {
				end = q
			}
		}
		total += dist[end]
		// Shift the chain: the player moved from pred[q] to q, back to
		// the power where i sits.
		for q := end; pred[q] >= 0; q = pred[q] {
			p := pred[q]
			k := who[p][q]
			at[q] = append(at[q], at[p][k])
			at[p] = slices.Delete(at[p], k, k+1)
		}
		first := end
		for pred[first] >= 0 {
			first = pred[first]
		}
		at[first] = append(at[first], i)
	}
	return total
}

// clique is a set of players each pair of which pays value when seated
// together: a player group, or a team (at Values.TeamMember).
type clique struct {
	members []int
	value   int
}

// staticParts is a lower bound on the static cost of this round's pairs,
// term by term: cliques spread or packed, negative conflicts all met.
func (f *frame) staticParts(isFree []bool) int {
	boards := len(f.free) / dip.BoardSize
	b := 0
	for _, c := range f.cliques {
		k := 0
		for _, m := range c.members {
			if isFree[m] {
				k++
			}
		}
		switch {
		case c.value > 0:
			b += c.value * spreadPairs(k, boards)
		case c.value < 0:
			b += c.value * ((k/dip.BoardSize)*dip.BoardSize*(dip.BoardSize-1)/2 + (k%dip.BoardSize)*(k%dip.BoardSize-1)/2)
		}
	}
	for _, c := range f.conflicts {
		if isFree[c.A] && isFree[c.B] && c.Value < 0 {
			b += c.Value
		}
	}
	return b
}

// spreadPairs is the least number of pairs that k players spread over
// boards boards leave together: the pairs of the most even spread.
func spreadPairs(k, boards int) int {
	if boards == 0 {
		return 0
	}
	q, r := k/boards, k%boards
	return r*(q+1)*q/2 + (boards-r)*q*(q-1)/2
}

// ceilHalf is v/2 rounded up, for negative v too.
func ceilHalf(v int) int {
	if v >= 0 {
		return (v + 1) / 2
	}
	return -((-v) / 2)
}

// spreadRepeats is a lower bound on the repeats of this round's pairs,
// counted once per earlier meeting: a board's k free players spread over
// B new boards leave at least the pairs of the most even spread together,
// and as a pair pays a repeat for each earlier round where it shared a
// board, what the earlier rounds force adds up. A round where a player
// appears twice (not a partition) is skipped.
func (f *frame) spreadRepeats(isFree []bool) int {
	boards := len(f.free) / dip.BoardSize
	if boards == 0 {
		return 0
	}
	sum := 0
	for _, blocks := range f.earlier {
		seen := make(map[int]bool)
		rep, ok := 0, true
		for _, blk := range blocks {
			k := 0
			for _, i := range blk {
				if seen[i] {
					ok = false
				}
				seen[i] = true
				if isFree[i] {
					k++
				}
			}
			rep += spreadPairs(k, boards)
		}
		if ok {
			sum += rep
		}
	}
	return sum
}

// boundTotal is a lower bound on the conflict of the whole tentative
// schedule: per player, the cheapest 6 opponents per round where meeting an
// opponent again costs one more repeat, and the cheapest sequence of powers.
func (f *frame) boundTotal() int {
	n := f.n
	seated := make([]int, n) // the rounds planned for each player
	for r := range f.rounds {
		for _, i := range f.roundPlayers(r) {
			seated[i]++
		}
	}
	pairs, pw := 0, 0
	var row []int
	cnt := make([]int32, dip.BoardSize)
	for i := range n {
		r := seated[i]
		if r == 0 {
			continue
		}
		row = row[:0]
		for _, j := range f.pairs.adj[i] {
			w := f.pairCost(f.pairs.get(i, int(j)))
			for t := range r {
				row = append(row, w+f.ro*t)
			}
		}
		pairs += sparseSmallest(row, n-1-len(f.pairs.adj[i]), f.ro, r, (dip.BoardSize-1)*r)
		if f.powers {
			copy(cnt, f.histPow[i*dip.BoardSize:(i+1)*dip.BoardSize])
			base := f.playerPowerCost(cnt)
			for range r {
				best, bq := 0, -1
				for q := range dip.BoardSize {
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
	return ceilHalf(pairs) + pw
}

// sparseSmallest sums the k smallest of the values in row and, for each of
// zeros further opponents, the values 0, step, ..., (levels-1)*step (an
// opponent with no cost yet, met once per level). It sorts row.
func sparseSmallest(row []int, zeros, step, levels, k int) int {
	if zeros > 0 {
		for t := range levels {
			for range min(zeros, k) {
				row = append(row, t*step)
			}
		}
	}
	slices.Sort(row)
	s := 0
	for _, v := range row[:min(k, len(row))] {
		s += v
	}
	return s
}

// LowerBound returns a lower bound on the conflict of any seating of the
// heat: present players (those on locked boards included or not) around the
// locked boards, given the problem's history (see Result.BoundNote for what
// it counts).
func LowerBound(p *Problem, present []int, locked []Board) (int, error) {
	f, err := newFrame(p, present, locked, 1, nil)
	if err != nil {
		return 0, err
	}
	return f.bound0(), nil
}

// meet reports whether annealers of the frame keep the flat table of what
// pairs pay (annealer.pay): up to meetMax players, and in any heat with a
// flat pair table whose free players are few enough for the best restarts
// to be polished (continueBest), as repartition reads the table. A heat of
// more players with most of them on locked boards (seating latecomers
// around a running round) is polished as it was before the table.
func (f *frame) meet() bool {
	return f.pairs.dense != nil && (f.n <= meetMax || len(f.free) <= kickMax)
}

// meetMax is the most players for which annealers keep the flat table of
// what pairs pay whatever the free players: the heats whose search takes
// the time (larger heats have room to avoid every conflict and end in a
// hundredth of their moves), and where its n*n entries stay small.
const meetMax = 140
