package seeding

import "github.com/armada-dtm/dtm/internal/dip"

// The best kickTop restarts of a heat of at most kickMax free players
// (six boards) that stay above the heat's bound are continued by
// repartitionAll and kicks rounds of kickSearch. On the forced-repeat
// event f_42x6_nogroups (seeding/instance/testdata/bench) this lowered the
// mean total over seeds 1-4 from 973.5 to 958; heats of more boards
// (f_63x5_fam_clubs) gained nothing there for several times the work, as a
// kick and its descent cost grows with the pairs of boards.
//
// A plan of several heats runs planKicks: a kick there re-splits the boards
// of every planned heat where its three players sit, and 200 of them took
// r_47x5_fam_clubs' third heat (a plan of three) to 0.99-1.15 CPU-s. With
// 100, seeds 1-16 of r_47x5 gave a median total of 363 (335-388) against
// 366.5 (353-387), its third heat 0.78-0.93 CPU-s; seeds 1-24 of
// f_42x6_nogroups a mean of 965.3 (938-982) against 964.6 (944-988); r_38x5,
// f_45x3, b_21x4 and f_21x7 the same totals on seeds 1-8 (issue 29's
// fourteenth step).
const (
	kickMax   = 6 * dip.BoardSize
	kickTop   = 4
	kicks     = 200
	planKicks = 100
)

// repartitionAll re-splits pairs of boards of every planned round (see
// repartition) until no pair of boards improves, and reports whether any
// did. It needs the flat meeting table (small heats) and is skipped for
// this round when neighbouring powers are charged (their cost depends on
// the pairs seated side by side, which the split does not score).
func (a *annealer) repartitionAll() bool {
	if a.pay == nil {
		return false
	}
	any := false
	for improved := true; improved; {
		improved = false
		for r, sl := range a.seat {
			if r == 0 && a.f.nb > 0 {
				continue
			}
			boards := len(sl) / dip.BoardSize
			for b1 := range boards {
				for b2 := b1 + 1; b2 < boards; b2++ {
					if a.repartition(r, b1, b2) {
						improved, any = true, true
					}
				}
			}
		}
	}
	return any
}

// repartition finds the best of every split of the fourteen players of
// boards b1 and b2 of round r into two boards of seven, each board's
// powers assigned optimally, the rest of the schedule fixed (splitter,
// which bounds away the splits that cannot be best), and seats it when it
// lowers the objective (it reports whether it did). Every
// 2-for-2, 3-for-3 ... exchange between the boards is one of the splits,
// which the annealing's single swaps reach only through worse seatings.
func (a *annealer) repartition(r, b1, b2 int) bool {
	a.moved = a.moved[:0]
	sl := a.seat[r]
	const m = twoBoards
	var pl [m]int
	for x := range dip.BoardSize {
		pl[x] = int(sl[b1*dip.BoardSize+x])
		pl[dip.BoardSize+x] = int(sl[b2*dip.BoardSize+x])
	}
	var sp splitter
	a.weigh(&sp, r, &pl)
	var key [2]uint64
	if a.unsplit != nil {
		key = sp.key()
		if _, ok := a.unsplit[key]; ok {
			return false
		}
	}
	best, found := sp.search()
	if !found {
		if a.unsplit != nil {
			if len(a.unsplit) >= unsplitMax {
				clear(a.unsplit)
			}
			a.unsplit[key] = struct{}{}
		}
		return false
	}
	// Seat the split by swaps, each charged exactly as the annealing's.
	slot := func(x int) int {
		if x < dip.BoardSize {
			return b1*dip.BoardSize + x
		}
		return b2*dip.BoardSize + x - dip.BoardSize
	}
	for x := range m {
		if (x < dip.BoardSize) != (best[x] < dip.BoardSize) {
			a.moved = append(a.moved, int32(pl[best[x]]))
		}
	}
	for x := range m {
		want := int32(pl[best[x]])
		s := slot(x)
		if sl[s] == want {
			continue
		}
		t := int(a.pos[r][want])
		a.swap(r, s, t, a.delta(r, s, t))
	}
	return true
}

// descend re-splits pairs of boards, one of them listed in dirty (by
// round*stride + board), until none improves; a board whose players
// change lists their boards in the other rounds.
func (a *annealer) descend(dirty []bool) {
	for again := true; again; {
		again = false
		for r, sl := range a.seat {
			if r == 0 && a.f.nb > 0 {
				continue
			}
			boards := len(sl) / dip.BoardSize
			for b1 := range boards {
				if !dirty[r*a.stride+b1] {
					continue
				}
				dirty[r*a.stride+b1] = false
				for b2 := range boards {
					if b2 == b1 || !a.repartition(r, min(b1, b2), max(b1, b2)) {
						continue
					}
					again = true
					dirty[r*a.stride+b1], dirty[r*a.stride+b2] = true, true
					a.markMoved(dirty, r, a.moved)
				}
			}
		}
	}
}

// kickSearch runs kicks rounds of an iterated local search: a random
// three-player rotation between three boards of a round, then descend;
// the kick is kept when the objective is no worse, else taken back.
func (a *annealer) kickSearch(kicks, bound int, stop func() bool) {
	dirty := make([]bool, len(a.seat)*a.stride)
	for k := 0; k < kicks && a.obj > bound; k++ {
		if k%64 == 0 && stop() {
			return
		}
		r := a.rng.IntN(len(a.seat))
		if r == 0 && a.f.nb > 0 {
			continue
		}
		boards := len(a.seat[r]) / dip.BoardSize
		if boards < 3 {
			return
		}
		b1 := a.rng.IntN(boards)
		b2 := (b1 + 1 + a.rng.IntN(boards-1)) % boards
		b3 := a.rng.IntN(boards)
		for b3 == b1 || b3 == b2 {
			b3 = a.rng.IntN(boards)
		}
		s1 := b1*dip.BoardSize + a.rng.IntN(dip.BoardSize)
		s2 := b2*dip.BoardSize + a.rng.IntN(dip.BoardSize)
		s3 := b3*dip.BoardSize + a.rng.IntN(dip.BoardSize)
		old := a.obj
		a.journal, a.logging = a.journal[:0], true
		a.swap(r, s1, s2, a.delta(r, s1, s2))
		a.swap(r, s2, s3, a.delta(r, s2, s3))
		for _, b := range []int{b1, b2, b3} {
			dirty[r*a.stride+b] = true
		}
		a.markMoved(dirty, r, []int32{a.seat[r][s1], a.seat[r][s2], a.seat[r][s3]})
		a.descend(dirty)
		a.logging = false
		if a.obj > old {
			for j := len(a.journal) - 1; j >= 0; j-- {
				m := a.journal[j]
				a.swap(int(m.r), int(m.s), int(m.t), a.delta(int(m.r), int(m.s), int(m.t)))
			}
		}
	}
}

// markMoved lists in dirty the boards of the other rounds where players
// who changed boards in round r sit: only there do the weights of
// repartition change.
func (a *annealer) markMoved(dirty []bool, r int, moved []int32) {
	for _, i := range moved {
		for q, p := range a.pos {
			if q != r && p[i] >= 0 {
				dirty[q*a.stride+int(p[i])/dip.BoardSize] = true
			}
		}
	}
}

// weigh fills sp with what the fourteen players pl of two boards of round
// r pay, the rest of the schedule as it is: each pair for sharing a
// board, each player for each power, and the boards as seated.
func (a *annealer) weigh(sp *splitter, r int, pl *[twoBoards]int) {
	const m = twoBoards
	f := a.f
	n := f.n
	for x := range m {
		for y := x + 1; y < m; y++ {
			i, j := pl[x], pl[y]
			c := int(a.pay[i*n+j])
			if (x < dip.BoardSize) == (y < dip.BoardSize) {
				c -= f.ro // their meeting in round r, which the split replaces
			}
			c *= totalWeight
			if r == 0 {
				c += f.pairCost(f.pairs.dense[i*n+j])
			}
			sp.w[x][y], sp.w[y][x] = c, c
			if (x < dip.BoardSize) == (y < dip.BoardSize) {
				sp.now += c
			}
		}
	}
	sp.powers = f.powers
	if !f.powers {
		return
	}
	for x := range m {
		i, cur := pl[x], x%dip.BoardSize
		low := 0
		for q := range dip.BoardSize {
			c := totalWeight * a.powerDelta(i, cur, q)
			if r == 0 {
				c += int(f.pow0[i*dip.BoardSize+q] - f.pow0[i*dip.BoardSize+cur])
			}
			sp.pc[x][q] = c
			low = min(low, c)
		}
		sp.lb += low
	}
}
