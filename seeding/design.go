package seeding

import (
	"math/rand/v2"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
)

// For 7q players, q a prime power of at least 8, a resolvable transversal
// design TD(7, q) seats everyone for q rounds without a repeat: player
// (i, x), i in 0..6 and x in GF(q), sits at board b of round a when
// x = a*i + b. The first complete round is class a = 0 (boards x = b); the
// labelling is read back from it alone: x is the rank of the player's board
// in the round's order, i the power the player played there (or their rank
// on the board when powers are chosen at the tables), counted in
// powerOrder. In class a, player (i, x) plays power number
// (i + a) mod 7 of powerOrder, so the classes in order give everyone seven
// different powers in seven rounds, the power groups as late as possible.
// The first round seeded from the design is class 0 in board order, so each
// later heat reads back the labelling that round planned with (and that
// relabel chose).

// field is GF(q): elements 0..q-1 as base-p digits of polynomials.
type field struct {
	q        int
	add, mul [][]int
}

// irreducible polynomials for the prime powers supported, low degree first
// (coefficients of x^0 .. x^(k-1); x^k implied).
var irreducible = map[int]struct {
	p, k int
	low  []int
}{
	8:  {2, 3, []int{1, 1, 0}},          // x^3 + x + 1
	9:  {3, 2, []int{1, 0}},             // x^2 + 1
	16: {2, 4, []int{1, 1, 0, 0}},       // x^4 + x + 1
	25: {5, 2, []int{2, 0}},             // x^2 + 2
	27: {3, 3, []int{1, 2, 0}},          // x^3 + 2x + 1
	32: {2, 5, []int{1, 0, 1, 0, 0}},    // x^5 + x^2 + 1
	49: {7, 2, []int{1, 0}},             // x^2 + 1
	64: {2, 6, []int{1, 1, 0, 0, 0, 0}}, // x^6 + x + 1
}

func newField(q int) (*field, bool) {
	p, k, low := q, 1, []int(nil)
	if ir, ok := irreducible[q]; ok {
		p, k, low = ir.p, ir.k, ir.low
	} else {
		for d := 2; d*d <= q; d++ {
			if q%d == 0 {
				return nil, false
			}
		}
	}
	digits := func(v int) []int {
		d := make([]int, k)
		for j := range d {
			d[j], v = v%p, v/p
		}
		return d
	}
	value := func(d []int) int {
		v := 0
		for j := len(d) - 1; j >= 0; j-- {
			v = v*p + d[j]
		}
		return v
	}
	f := &field{q: q, add: make([][]int, q), mul: make([][]int, q)}
	for a := range q {
		f.add[a], f.mul[a] = make([]int, q), make([]int, q)
		da := digits(a)
		for b := range q {
			db := digits(b)
			s := make([]int, k)
			for j := range s {
				s[j] = (da[j] + db[j]) % p
			}
			f.add[a][b] = value(s)
			prod := make([]int, 2*k)
			for x := range k {
				for y := range k {
					prod[x+y] = (prod[x+y] + da[x]*db[y]) % p
				}
			}
			// Reduce with x^k = -low.
			for j := 2*k - 1; j >= k; j-- {
				c := prod[j]
				prod[j] = 0
				for t, l := range low {
					prod[j-k+t] = ((prod[j-k+t]-c*l)%p + p) % p
				}
			}
			f.mul[a][b] = value(prod[:k])
		}
	}
	return f, true
}

// designStart returns the tentative schedule from the transversal design
// when the heat has 7q players (q >= 8), all free, and the complete rounds
// played so far are classes of the labelling read from the first of them.
func designStart(f *frame, rng *rand.Rand) ([][]int32, bool) {
	q := f.n / dip.BoardSize
	if f.n%dip.BoardSize != 0 || q < 8 || len(f.free) != f.n {
		return nil, false
	}
	gf, ok := newField(q)
	if !ok {
		return nil, false
	}
	order := powerOrder(f)
	var rank [dip.BoardSize]int
	for r, pw := range order {
		rank[pw] = r
	}
	grp, x := make([]int, f.n), make([]int, f.n)
	used := make([]bool, q)
	if len(f.full) == 0 {
		for s, pl := range rng.Perm(f.n) {
			x[pl], grp[pl] = s/dip.BoardSize, s%dip.BoardSize
		}
	} else {
		for b, blk := range f.full[0] {
			order := slices.Clone(blk)
			slices.Sort(order)
			for r, pl := range order {
				x[pl], grp[pl] = b, r
				if pw := f.firstPower[pl]; pw >= 0 {
					grp[pl] = rank[pw]
				}
			}
		}
		for _, blocks := range f.full {
			a, ok := designClass(gf, blocks, grp, x)
			if !ok || used[a] {
				return nil, false
			}
			used[a] = true
		}
	}
	at := make([][]int, dip.BoardSize)
	for i := range at {
		at[i] = make([]int, q)
		for v := range at[i] {
			at[i][v] = -1
		}
	}
	for pl := range f.n {
		if at[grp[pl]][x[pl]] >= 0 {
			return nil, false
		}
		at[grp[pl]][x[pl]] = pl
	}
	seat := make([][]int32, f.rounds)
	a := 0
	for r := range seat {
		for a < q && used[a] {
			a++
		}
		seat[r] = make([]int32, f.n)
		if a >= q {
			for s, pl := range rng.Perm(f.n) {
				seat[r][s] = int32(pl)
			}
			continue
		}
		for i := range dip.BoardSize {
			for b := range q {
				v := gf.add[gf.mul[a][i]][b]
				seat[r][b*dip.BoardSize+order[(i+a)%dip.BoardSize]] = int32(at[i][v])
			}
		}
		a++
	}
	return seat, true
}

// powerOrder lists the powers taking the power groups in turn, largest
// first (Austria, England, Russia, Germany, Italy, France, Turkey for the
// default groups), so that consecutive powers, cyclically, are of
// different groups whenever the groups allow it.
func powerOrder(f *frame) []int {
	groups := make(map[int][]int)
	var ids []int
	for pw := range dip.BoardSize {
		g := f.grp[pw]
		if groups[g] == nil {
			ids = append(ids, g)
		}
		groups[g] = append(groups[g], pw)
	}
	slices.SortStableFunc(ids, func(a, b int) int { return len(groups[b]) - len(groups[a]) })
	var order []int
	for k := 0; len(order) < dip.BoardSize; k++ {
		for _, g := range ids {
			if k < len(groups[g]) {
				order = append(order, groups[g][k])
			}
		}
	}
	return order
}

// designClass finds the class a of which every block is a block
// {(i, a*i + b)}.
func designClass(gf *field, blocks [][]int, grp, x []int) (int, bool) {
	cls := -1
	for _, blk := range blocks {
		found := -1
		for a := range gf.q {
			b := -1
			ok := true
			for _, pl := range blk {
				// b = x - a*i: the b with a*i + b = x.
				ai := gf.mul[a][grp[pl]]
				bb := -1
				for c := range gf.q {
					if gf.add[ai][c] == x[pl] {
						bb = c
						break
					}
				}
				if b >= 0 && bb != b {
					ok = false
					break
				}
				b = bb
			}
			if ok {
				found = a
				break
			}
		}
		if found < 0 || (cls >= 0 && found != cls) {
			return 0, false
		}
		cls = found
	}
	return cls, cls >= 0
}
