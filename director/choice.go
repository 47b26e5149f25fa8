package director

import (
	"cmp"
	"slices"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// choiceOrder is the order in which the players choose their powers in
// heat n under "lowest-ranked chooses first": the standings over the games
// finished before the heat (as dtm score ranks them, tie-breaks included),
// the lowest rank first; players of equal rank (everyone, before a game is
// scored) choose lower on the Players sheet first.
func choiceOrder(t *workbook.Tournament, n int) ([]int, error) {
	e := t.Event()
	e.Games = slices.DeleteFunc(slices.Clone(e.Games), func(g scoring.Played) bool { return g.Heat >= n })
	table, err := scoring.Standings(e)
	if err != nil {
		return nil, wrapf(err, "standings before heat %d", n)
	}
	rank := make([]int, len(t.Players))
	for _, s := range table.Players {
		rank[s.Player] = s.Rank
	}
	order := make([]int, len(t.Players))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int {
		if c := cmp.Compare(rank[b], rank[a]); c != 0 {
			return c
		}
		return cmp.Compare(b, a)
	})
	return order, nil
}
