package director

import (
	"fmt"
	"math"
	"slices"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// Contention is who can still finish first before heat n, and the
// figures that decide it.
type Contention struct {
	// Max and Min are the best and worst score of one game under the
	// systems of the heats left, times the Top board multiplier where that
	// widens them; Left the heats left, this one included.
	Max, Min float64
	Left     int
	// Players are those who can still finish first, in standings order.
	Players []int
}

// solos are the games that give a system's extremes: a solo with 18
// centres in 1905 (the earliest year a solo is usually possible) and in
// 1907, and one with 34; the others eliminated in 1901, but one with 16
// centres beside the 18.
func solos() []scoring.Game {
	var out []scoring.Game
	for _, w := range []struct{ year, centres int }{{1905, 18}, {1907, 18}, {1907, 34}} {
		g := scoring.Game{FinalYear: w.year, Winners: []dip.Power{dip.Austria}}
		g.Centres[dip.Austria] = w.centres
		if w.centres == 18 {
			g.Centres[dip.England] = 16
		}
		for p := range dip.NumPowers {
			if g.Centres[p] == 0 {
				g.Eliminated[p] = 1901
			}
		}
		out = append(out, g)
	}
	return out
}

// contention finds who can still finish first before heat n, under the
// sum of heats: a player whose total, if they score the best game score in
// every heat left, reaches the total of each other player who has played
// the minimum heats to qualify if those score the worst (a game's lowest
// score or the unplayed score, whichever is lower), after the lowest heats
// are dropped or multiplied as the Tournament sheet says. With a Top board
// multiplier, a game's extremes are multiplied too (anyone may yet sit on a
// top board). A player who can no longer play the minimum heats is out of it.
func contention(t *workbook.Tournament, n int) (Contention, error) {
	s := t.Settings
	if s.Method == scoring.HurstMean {
		return Contention{}, usagef("--pool contention needs the sum of heats: under the Hurst Tournament Mean a game's score depends on the others' games")
	}
	c := Contention{Left: s.Heats - n + 1, Max: math.Inf(-1), Min: math.Inf(1)}
	for h := n; h <= s.Heats; h++ {
		name := t.SystemName(&t.Heats[h-1], &workbook.Game{})
		row, ok := t.SystemByName(name)
		if !ok {
			return c, fmt.Errorf("heat %d: scoring system %q is not on the Systems sheet", h, name)
		}
		sys, err := scoring.Compile(row.Definition())
		if err != nil {
			return c, wrapf(err, "scoring system %q", name)
		}
		for _, g := range solos() {
			res, err := sys.Score(g)
			if err != nil {
				continue
			}
			for _, v := range res.Scores {
				c.Max, c.Min = max(c.Max, v), min(c.Min, v)
			}
		}
	}
	if math.IsInf(c.Max, 0) {
		return c, fmt.Errorf("cannot tell the best game score of the heats left: no system scores a solo")
	}
	if f := s.Rules.TopFactor(); f != 1 {
		// Any player may yet sit on a top board, whose scores count f times.
		c.Max, c.Min = max(c.Max, c.Max*f), min(c.Min, c.Min*f)
	}
	c.Min = min(c.Min, s.Unplayed)
	e := t.Event()
	e.Games = slices.DeleteFunc(slices.Clone(e.Games), func(g scoring.Played) bool { return g.Heat >= n })
	table, err := scoring.Standings(e)
	if err != nil {
		return c, wrapf(err, "standings before heat %d", n)
	}
	total := func(st scoring.Standing, future float64) float64 {
		var sc []float64
		for _, h := range st.Heats {
			if h.Heat < n {
				sc = append(sc, h.Score)
			} else {
				sc = append(sc, future)
			}
		}
		slices.Sort(sc)
		sum := 0.0
		for i, v := range sc {
			switch {
			case i < s.LowestCount:
				v *= s.LowestFactor
			case i < s.LowestCount+s.NextCount:
				v *= s.NextFactor
			}
			sum += v
		}
		return sum
	}
	best := make([]float64, len(table.Players))
	worst := make([]float64, len(table.Players))
	for k, st := range table.Players {
		best[k], worst[k] = total(st, c.Max), total(st, c.Min)
	}
	for k, st := range table.Players {
		if st.Played+c.Left < s.MinHeats {
			continue
		}
		in := true
		for j, o := range table.Players {
			if j != k && o.Played >= s.MinHeats && worst[j] > best[k] {
				in = false
				break
			}
		}
		if in {
			c.Players = append(c.Players, st.Player)
		}
	}
	return c, nil
}

// contentionRanking is the ranking --pool contention walks, with the pool's
// size: everyone who can still finish first (c), then the standings before
// heat hs.Heat; the size is the whole boards the contenders who play the
// heat fill (at least one, at most the heat's).
func contentionRanking(t *workbook.Tournament, hs workbook.HeatSeating, c Contention, plays func(int) bool) ([]int, int, error) {
	e := t.Event()
	e.Games = slices.DeleteFunc(slices.Clone(e.Games), func(g scoring.Played) bool { return g.Heat >= hs.Heat })
	table, err := scoring.Standings(e)
	if err != nil {
		return nil, 0, wrapf(err, "standings before heat %d", hs.Heat)
	}
	in := 0
	for _, p := range c.Players {
		if plays(p) {
			in++
		}
	}
	size := max(dip.BoardSize, (in+dip.BoardSize-1)/dip.BoardSize*dip.BoardSize)
	size = min(size, len(hs.Present)/dip.BoardSize*dip.BoardSize)
	ranking := slices.Clone(c.Players)
	for _, st := range table.Players {
		if !slices.Contains(c.Players, st.Player) {
			ranking = append(ranking, st.Player)
		}
	}
	return ranking, size, nil
}
