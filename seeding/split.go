package seeding

import "github.com/armada-dtm/dtm/internal/dip"

// twoBoards is the number of players that repartition re-splits.
const twoBoards = 2 * dip.BoardSize

// splitter finds the best split of the fourteen players of two boards
// into two boards of seven (repartition). Player 0 stays on the first
// board; the other six of it are chosen from the thirteen others (1,716
// splits), depth first in increasing order, and the first split of the
// greatest gain is kept. A split's pairs cost, with W all the pairs'
// weights and pre[x][14] x's weights to the thirteen others, W + 2
// within(A) - the sum of pre[x][14] over A, where A is its first board.
//
// A partial choice whose every completion costs at least what the best
// gain so far allows is not followed (branch and bound): such a split
// would be refused where it ends, so the search keeps exactly the split
// the full enumeration keeps, in far fewer steps.
type splitter struct {
	w [twoBoards][twoBoards]int // what two players pay for sharing a board
	// pc[x][q] is the change of x's power cost when x plays q instead of
	// the power it has now (seat x mod 7), when powers are assigned.
	pc     [twoBoards][dip.BoardSize]int
	powers bool
	lb     int // the least the fourteen's power costs can change by
	now    int // what the pairs of the boards as seated cost

	all int                           // W: every pair's weight
	pre [twoBoards][twoBoards + 1]int // pre[x][t]: x's weights to players 0..t-1
	in  [twoBoards + 1]int            // in[t]: the weights of the pairs among 0..t-1
	neg [twoBoards + 1]int            // neg[t]: the negative weights of the pairs among t..13
	// toA[k][x] is what x pays to members[:k].
	toA     [dip.BoardSize][twoBoards]int
	members [dip.BoardSize]int

	best     [twoBoards]int
	bestGain int
	found    bool
}

// search returns the best split as an order of the fourteen (the first
// seven the first board, each board in the order of its powers), when one
// lowers the objective. It runs once on a splitter filled by weigh: it
// adds to the fields it derives (all, pre) and keeps the best so far.
func (s *splitter) search() ([twoBoards]int, bool) {
	const m = twoBoards
	w := &s.w
	for x := range m {
		for y := range m {
			s.pre[x][y+1] = s.pre[x][y] + w[x][y]
		}
		s.all += s.pre[x][m]
	}
	s.all /= 2
	for t := 1; t <= m; t++ {
		s.in[t] = s.in[t-1] + s.pre[t-1][t-1]
	}
	for t := m - 1; t >= 0; t-- {
		s.neg[t] = s.neg[t+1]
		for y := t + 1; y < m; y++ {
			s.neg[t] += min(0, w[t][y])
		}
	}
	s.toA[1] = w[0]
	s.split(1, 1, 0, s.pre[0][m])
	return s.best, s.found
}

// split chooses the members of the first board from next on, k chosen,
// within the weights of their pairs and rows the sum of their weights to
// the thirteen others.
func (s *splitter) split(next, k, within, rows int) {
	const m = twoBoards
	if k == dip.BoardSize {
		s.leaf(s.all + 2*within - rows)
		return
	}
	if s.bound(next, k, within)+s.lb >= s.now-s.bestGain {
		return
	}
	for v := next; v <= m-(dip.BoardSize-k); v++ {
		s.members[k] = v
		if k+1 < dip.BoardSize {
			for x := v + 1; x < m; x++ {
				s.toA[k+1][x] = s.toA[k][x] + s.w[v][x]
			}
		}
		s.split(v+1, k+1, within+s.toA[k][v], rows+s.pre[v][m])
	}
}

// bound is at most what any split that completes members[:k] (players
// before next decided) costs: the pairs decided, plus for each player
// still to place what they pay to the decided players of the board they
// join, the cheapest 7-k joining the first board, plus the negative
// weights among them.
func (s *splitter) bound(next, k, within int) int {
	c := s.in[next] + 2*within
	for _, x := range s.members[:k] {
		c -= s.pre[x][next]
	}
	need := dip.BoardSize - k
	var low [dip.BoardSize]int // the need least differences, ascending
	n := 0
	for u := next; u < twoBoards; u++ {
		a := s.toA[k][u]
		b := s.pre[u][next] - a
		c += b
		d := a - b
		if n == need && d >= low[n-1] {
			continue
		}
		if n < need {
			n++
		}
		j := n - 1
		for ; j > 0 && low[j-1] > d; j-- {
			low[j] = low[j-1]
		}
		low[j] = d
	}
	for _, d := range low[:n] {
		c += d
	}
	return c + s.neg[next]
}

// leaf weighs the split of members whose pairs cost c, assigning each
// board's powers, and keeps it when it gains more than the best so far.
func (s *splitter) leaf(c int) {
	const m = twoBoards
	if c+s.lb >= s.now-s.bestGain {
		return
	}
	var in [m]bool
	for _, x := range s.members {
		in[x] = true
	}
	var sa, sb [dip.BoardSize]int
	na, nb := 0, 0
	for x := range m {
		if in[x] {
			sa[na] = x
			na++
		} else {
			sb[nb] = x
			nb++
		}
	}
	gain := s.now - c
	var order [m]int
	if s.powers {
		var ca, cb [dip.BoardSize][dip.BoardSize]int
		for u := range dip.BoardSize {
			ca[u], cb[u] = s.pc[sa[u]], s.pc[sb[u]]
		}
		if c+assignBound(&ca)+assignBound(&cb) >= s.now-s.bestGain {
			return // the powers cannot gain enough
		}
		pa, ta := assign(&ca)
		pb, tb := assign(&cb)
		gain -= ta + tb
		for u := range dip.BoardSize {
			order[pa[u]] = sa[u]
			order[dip.BoardSize+pb[u]] = sb[u]
		}
	} else {
		copy(order[:dip.BoardSize], sa[:])
		copy(order[dip.BoardSize:], sb[:])
	}
	if gain > s.bestGain {
		s.best, s.bestGain, s.found = order, gain, true
	}
}

// assignBound is at most the least total of an assignment of cost: the
// greater of the sums of its rows' and of its columns' least entries.
func assignBound(cost *[dip.BoardSize][dip.BoardSize]int) int {
	rows, cols := 0, 0
	var col [dip.BoardSize]int
	for x, r := range cost {
		low := r[0]
		for q, c := range r {
			low = min(low, c)
			if x == 0 || c < col[q] {
				col[q] = c
			}
		}
		rows += low
	}
	for _, c := range col {
		cols += c
	}
	return max(rows, cols)
}

// unsplitMax caps the splits an annealer remembers as not gaining
// (annealer.unsplit): with 16 bytes a key and the map's overhead, about a
// megabyte. The cache starts again empty when it is full.
const unsplitMax = 1 << 15

// key is a 128-bit digest of what search depends on (the weights, the
// power costs, now and lb), as weigh fills them: two splitters with the
// same inputs find the same split, so a search that found none need not
// run again while the schedule gives its fourteen players the same
// weights and costs. Two keys of different inputs agree only if both
// 64-bit hashes collide; that would skip one re-split that might have
// gained, and the seating would still be a function of the seed.
func (s *splitter) key() [2]uint64 {
	h1, h2 := uint64(0x243f6a8885a308d3), uint64(0x13198a2e03707344)
	for x := range twoBoards {
		for _, v := range s.w[x][x+1:] {
			h1, h2 = mix(h1, h2, v)
		}
	}
	if s.powers {
		for x := range twoBoards {
			for _, v := range s.pc[x] {
				h1, h2 = mix(h1, h2, v)
			}
		}
	}
	h1, h2 = mix(h1, h2, s.now)
	h1, h2 = mix(h1, h2, s.lb)
	return [2]uint64{h1, h2}
}

// mix adds v to two running hashes, each a multiply and shift with its own
// odd constant.
func mix(h1, h2 uint64, v int) (uint64, uint64) {
	x := uint64(v)
	h1 = (h1 ^ x) * 0x9e3779b97f4a7c15
	h2 = (h2 ^ x) * 0xbf58476d1ce4e5b9
	return h1 ^ h1>>29, h2 ^ h2>>31
}
