package seeding

import (
	"math/rand/v2"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
)

// The affine plane of order 7 has 49 points and 8 parallel classes of 7
// lines of 7: 49 players can play 8 rounds without meeting anyone twice.
// affineStart recovers coordinates from the complete rounds already played
// (when they are parallel classes of some labelling), and returns the
// unused classes as the tentative schedule, with powers (m + x) mod 7 on
// the lines of slope m and y on the vertical lines, which give every player
// all seven powers over the slope classes. It is only a starting point: the
// annealer then optimises it.
const plane = dip.BoardSize

// vertical is the direction index of the lines x = c; slopes are 0..6.
const vertical = plane

// constructionFits reports whether constructionStart applies to the heat.
// Whether it does depends on the heat alone, not on the random numbers:
// the labels drawn before two complete rounds are always distinct and fit
// the round played, and those read back from two or more draw none.
func constructionFits(f *frame) bool {
	_, ok := constructionStart(f, rand.New(rand.NewPCG(0, 0)))
	return ok
}

// constructionStart returns a tentative schedule from the affine plane (49
// players) or a transversal design (7q players), when one fits the heat
// and every planned round seats the heat's players.
func constructionStart(f *frame, rng *rand.Rand) ([][]int32, bool) {
	if f.fill != nil {
		seat := make([][]int32, len(f.fill))
		for r := range seat {
			seat[r] = slices.Clone(f.fill[r])
		}
		return seat, true
	}
	if f.known {
		return nil, false
	}
	if seat, ok := affineStart(f, rng); ok {
		return seat, true
	}
	return designStart(f, rng)
}

func affineStart(f *frame, rng *rand.Rand) ([][]int32, bool) {
	if f.n != plane*plane || len(f.free) != f.n {
		return nil, false
	}
	x, y, ok := affineLabels(f.full, rng)
	if !ok {
		return nil, false
	}
	var taken [plane][plane]bool
	for i := range f.n {
		if taken[x[i]][y[i]] {
			return nil, false
		}
		taken[x[i]][y[i]] = true
	}
	used := make([]bool, plane+1)
	for _, blocks := range f.full {
		d, ok := direction(blocks, x, y)
		if !ok || used[d] {
			return nil, false
		}
		used[d] = true
	}
	var dirs []int
	for d, u := range used {
		if !u {
			dirs = append(dirs, d)
		}
	}
	rng.Shuffle(len(dirs), func(i, j int) { dirs[i], dirs[j] = dirs[j], dirs[i] })
	var at [plane][plane]int
	for i := range f.n {
		at[x[i]][y[i]] = i
	}
	pw := rng.Perm(plane)
	seat := make([][]int32, f.rounds)
	for r := range seat {
		seat[r] = make([]int32, f.n)
		if r >= len(dirs) {
			for s, i := range rng.Perm(f.n) {
				seat[r][s] = int32(i)
			}
			continue
		}
		d := dirs[r]
		for a := range plane {
			for b := range plane {
				var board, power int
				if d == vertical {
					board, power = a, b
				} else {
					board, power = mod7(b-d*a), mod7(d+a)
				}
				seat[r][board*plane+pw[power]] = int32(at[a][b])
			}
		}
	}
	return seat, true
}

func mod7(v int) int { return ((v % plane) + plane) % plane }

// inv7 returns the inverse of v modulo 7 (v not 0).
func inv7(v int) int {
	for w := 1; w < plane; w++ {
		if mod7(v*w) == 1 {
			return w
		}
	}
	return 0
}

// direction returns the parallel class the blocks form under coordinates
// x, y, if they are lines of one direction.
func direction(blocks [][]int, x, y []int) (int, bool) {
	d := -1
	for _, b := range blocks {
		p, q := b[0], b[1]
		var e int
		if x[p] == x[q] {
			e = vertical
		} else {
			e = mod7((y[q] - y[p]) * inv7(mod7(x[q]-x[p])))
		}
		for _, r := range b[2:] {
			if e == vertical && x[r] != x[p] || e != vertical && mod7(y[r]-y[p]-e*(x[r]-x[p])) != 0 {
				return 0, false
			}
		}
		if d >= 0 && e != d {
			return 0, false
		}
		d = e
	}
	return d, d >= 0
}

// affineLabels gives the 49 players coordinates in which the first full
// rounds are the vertical lines, the horizontal lines and the lines of
// slope 1 (any three parallel classes of the plane can be mapped so).
func affineLabels(full [][][]int, rng *rand.Rand) (x, y []int, ok bool) {
	n := plane * plane
	x, y = make([]int, n), make([]int, n)
	if len(full) == 0 {
		for i, v := range rng.Perm(n) {
			x[i], y[i] = v/plane, v%plane
		}
		return x, y, true
	}
	blockOf := func(blocks [][]int) []int {
		o := make([]int, n)
		for bi, b := range blocks {
			for _, i := range b {
				o[i] = bi
			}
		}
		return o
	}
	a := blockOf(full[0])
	if len(full) == 1 {
		for bi, b := range full[0] {
			for k, v := range rng.Perm(plane) {
				x[b[k]], y[b[k]] = bi, v
			}
		}
		return x, y, true
	}
	b := blockOf(full[1])
	var at [plane][plane]int
	var seen [plane][plane]bool
	for i := range n {
		if seen[a[i]][b[i]] {
			return nil, nil, false
		}
		seen[a[i]][b[i]] = true
		at[a[i]][b[i]] = i
	}
	sigma, tau := make([]int, plane), make([]int, plane)
	if len(full) == 2 {
		for v := range plane {
			sigma[v], tau[v] = v, v
		}
	} else {
		c := blockOf(full[2])
		for i := range tau {
			tau[i] = -1
		}
		// Lines y = x + t: the block through (a0, b) also holds (a1, b')
		// with tau(b') = tau(b) + 1, taking sigma(a0) = 0, sigma(a1) = 1.
		cur := 0
		tau[0] = 0
		for step := 1; step < plane; step++ {
			blk := c[at[0][cur]]
			next := -1
			for bb := range plane {
				if c[at[1][bb]] == blk {
					next = bb
				}
			}
			if next < 0 || tau[next] >= 0 {
				return nil, nil, false
			}
			tau[next] = step
			cur = next
		}
		diag := c[at[0][0]]
		for aa := range plane {
			sigma[aa] = -1
			for bb := range plane {
				if c[at[aa][bb]] == diag {
					sigma[aa] = tau[bb]
				}
			}
			if sigma[aa] < 0 {
				return nil, nil, false
			}
		}
	}
	for i := range n {
		x[i], y[i] = sigma[a[i]], tau[b[i]]
	}
	return x, y, true
}

// relabelTries is how many relabellings relabel tries per free player: a
// construction's labelling is random, and a few thousand exchanges put
// club-mates, families and team-mates where they never meet (measured on
// f_63x5_fam_clubs and 56 x 5 with clubs: every round at its bound).
const relabelTries = 300

// relabel improves a construction by exchanging two players' places in
// every planned round at once, which keeps the construction's rounds free
// of repeats among themselves: it chooses which pairs meet in the rounds
// planned, so that pairs with a static cost or an earlier meeting meet in
// a round not planned, or never. After one complete round (the affine
// plane, whose later heats read the labelling back from the boards alone)
// only two players of one board of that round are exchanged, which keeps
// it a class of the construction. An exchange is kept when the objective
// does not rise.
func (a *annealer) relabel(tries int) {
	free := a.f.free
	var mates [][]int
	if len(a.f.full) == 1 {
		mates = make([][]int, a.f.n)
		for _, blk := range a.f.full[0] {
			for _, u := range blk {
				mates[u] = blk
			}
		}
	}
	var ds []int
	for range tries {
		u, with := free[a.rng.IntN(len(free))], free
		if mates != nil {
			with = mates[u]
		}
		v := with[a.rng.IntN(len(with))]
		if u == v {
			continue
		}
		ds = ds[:0]
		total := 0
		for r, pos := range a.pos {
			s, t := int(pos[u]), int(pos[v])
			if s < 0 || t < 0 {
				continue
			}
			d := a.delta(r, s, t)
			a.swap(r, s, t, d)
			ds = append(ds, r, d)
			total += d
		}
		if total <= 0 {
			continue
		}
		for k := len(ds) - 2; k >= 0; k -= 2 {
			r := ds[k]
			a.swap(r, int(a.pos[r][u]), int(a.pos[r][v]), -ds[k+1])
		}
	}
}
