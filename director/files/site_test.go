package files

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSortCalls: the list by name comes out as a stable sort of the lines
// by the players' ranks by name, then board, would leave it: players of
// equal rank (the same name) and a player's two boards included, on lists
// given in any order.
func TestSortCalls(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 7, 50, 700} {
		players := make([]*playerPage, max(n/3, 1))
		ranks := make([]int, len(players))
		for i := range players {
			players[i] = &playerPage{Index: i}
			ranks[i] = rng.IntN(len(players)/2 + 1) // many equal names
		}
		boards := make([]*boardView, n/7+1)
		for i := range boards {
			boards[i] = &boardView{Board: i + 1}
		}
		lines := make([]callLine, n)
		for i := range lines {
			lines[i] = callLine{Player: players[rng.IntN(len(players))], Board: boards[rng.IntN(len(boards))], Power: string(rune('A' + i%7))}
		}
		want := slices.Clone(lines)
		slices.SortStableFunc(want, func(a, b callLine) int {
			return cmp.Or(cmp.Compare(ranks[a.Player.Index], ranks[b.Player.Index]), cmp.Compare(a.Board.Board, b.Board.Board))
		})
		sortCalls(ranks, lines)
		if !slices.Equal(lines, want) {
			t.Errorf("%d lines: not in the order of a stable sort", n)
		}
	}
}
