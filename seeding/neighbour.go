package seeding

import "github.com/armada-dtm/dtm/internal/dip"

// neighbourPairs are the pairs of great powers that are neighbours on the
// standard map: their home countries border each other, or are at most
// three moves apart through seas and neutral provinces (never through a
// third power's home country). docs/seeding.md gives each pair's frontier.
var neighbourPairs = [][2]int{
	{England, France},  // the English Channel borders London, Wales, Brest and Picardy
	{England, Germany}, // Edinburgh - North Sea - Denmark (or Holland) - Kiel
	{England, Russia},  // Scandinavia: Edinburgh - Norwegian Sea - Norway - St Petersburg
	{France, Germany},  // Burgundy borders Munich and Ruhr
	{France, Italy},    // Marseilles borders Piedmont
	{Germany, Austria}, // Munich and Silesia border Tyrolia, Bohemia and Galicia
	{Germany, Russia},  // Prussia and Silesia border Livonia and Warsaw; the Baltic
	{Austria, Italy},   // Trieste and Tyrolia border Venice and Piedmont
	{Austria, Russia},  // Galicia borders Warsaw and Ukraine
	{Austria, Turkey},  // the Balkans: Budapest - Serbia (or Rumania) - Bulgaria - Constantinople
	{Italy, Turkey},    // Naples - Ionian Sea - Eastern Mediterranean - Smyrna
	{Russia, Turkey},   // Sevastopol borders Armenia; the Black Sea
}

// neighbours[p][q] reports whether powers p and q are neighbours.
var neighbours = func() (n [dip.BoardSize][dip.BoardSize]bool) {
	for _, pq := range neighbourPairs {
		n[pq[0]][pq[1]], n[pq[1]][pq[0]] = true, true
	}
	return n
}()

// Neighbours reports whether two powers are neighbours on the standard map:
// a player who meets an earlier opponent again as their neighbour pays
// Values.Neighbour per earlier meeting, on top of Values.RepeatOpponent.
// Twelve of the 21 pairs are: England with France, Germany and Russia;
// France with Germany and Italy; Germany with Austria and Russia; Austria
// with Italy, Russia and Turkey; Italy with Turkey; Russia with Turkey.
func Neighbours(p, q int) bool {
	if p < 0 || q < 0 || p >= dip.BoardSize || q >= dip.BoardSize {
		return false
	}
	return neighbours[p][q]
}

// neighbourBoard is round 0's neighbour cost of the board starting at slot
// b: Values.Neighbour per earlier meeting of each pair seated on
// neighbouring powers (slot s plays power s%7).
func (a *annealer) neighbourBoard(b int) int {
	f := a.f
	sl := a.seat[0][b : b+dip.BoardSize]
	c := 0
	for x := range dip.BoardSize {
		for y := x + 1; y < dip.BoardSize; y++ {
			if neighbours[x][y] {
				if h := f.pairs.get(int(sl[x]), int(sl[y])).hist; h > 0 {
					c += int(h)
				}
			}
		}
	}
	return c * f.nb
}

// neighbourDelta is the change of round 0's neighbour cost when slots s
// and t swap: only the pairs of the two players moved change.
func (a *annealer) neighbourDelta(s, t int) int {
	f := a.f
	sl := a.seat[0]
	x, y := int(sl[s]), int(sl[t])
	if !f.metBefore[x] && !f.metBefore[y] {
		return 0
	}
	ps, pt := s%dip.BoardSize, t%dip.BoardSize
	bs, bt := s-ps, t-pt
	// near is what player i pays at power p beside the board at b, slots
	// u and v left out.
	near := func(i, b, u, v, p int) int {
		if !f.metBefore[i] {
			return 0
		}
		c := 0
		for k := b; k < b+dip.BoardSize; k++ {
			if k != u && k != v && neighbours[p][k-b] {
				c += int(f.pairs.get(i, int(sl[k])).hist)
			}
		}
		return c
	}
	var d int
	if bs == bt {
		// One board: the pair x, y stays as near or far as it was.
		d = near(x, bs, s, t, pt) - near(x, bs, s, t, ps) + near(y, bs, s, t, ps) - near(y, bs, s, t, pt)
	} else {
		d = near(x, bt, t, -1, pt) - near(x, bs, s, -1, ps) + near(y, bs, s, -1, ps) - near(y, bt, t, -1, pt)
	}
	return d * f.nb
}

// assignPairs solves a board's power assignment exactly when pairs of
// players also pay for the powers they sit on together: perm[x] is row x's
// power, minimising the sum of cost[x][perm[x]] and, for each pair x < y
// on neighbouring powers, pair[x][y] (0 or more). A depth-first search
// over the 7! assignments, cut where the cost so far plus each row's
// cheapest remaining power cannot beat the best found.
func assignPairs(cost *[dip.BoardSize][dip.BoardSize]int, pair *[dip.BoardSize][dip.BoardSize]int) (perm [dip.BoardSize]int, total int) {
	start, startTotal := assign(cost) // the best without the pairs: a good first bound
	best := startTotal
	for x := range dip.BoardSize {
		for y := x + 1; y < dip.BoardSize; y++ {
			if neighbours[start[x]][start[y]] {
				best += pair[x][y]
			}
		}
	}
	perm = start
	var cur [dip.BoardSize]int
	var used [dip.BoardSize]bool
	// rest[x] is the sum of the rows from x on of their cheapest power.
	var rest [dip.BoardSize + 1]int
	for x := dip.BoardSize - 1; x >= 0; x-- {
		m := cost[x][0]
		for _, c := range cost[x][1:] {
			m = min(m, c)
		}
		rest[x] = rest[x+1] + m
	}
	var dfs func(x, sum int)
	dfs = func(x, sum int) {
		if x == dip.BoardSize {
			if sum < best {
				best, perm = sum, cur
			}
			return
		}
		for q := range dip.BoardSize {
			if used[q] {
				continue
			}
			s := sum + cost[x][q]
			for y := range x {
				if neighbours[cur[y]][q] {
					s += pair[y][x]
				}
			}
			if s+rest[x+1] >= best {
				continue
			}
			used[q], cur[x] = true, q
			dfs(x+1, s)
			used[q] = false
		}
	}
	dfs(0, 0)
	return perm, best
}
