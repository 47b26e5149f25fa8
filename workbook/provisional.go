package workbook

import (
	"fmt"
	"slices"
	"strings"
)

// InPlay returns the status of every heat in play (a board Started, or some
// boards Finished and some not), in heat order: while there is one, the
// standings are provisional.
func (b *Book) InPlay() []HeatStatus {
	var out []HeatStatus
	for _, h := range b.Tournament.Heats {
		if st := b.HeatStatus(h.Number); st.State == InPlay {
			out = append(out, st)
		}
	}
	return out
}

// Finished reports whether every heat of the tournament has all its boards
// Finished (Reported or Scored): the standings a command computes are then
// final, whether or not dtm score has written them yet.
func (b *Book) Finished() bool {
	if len(b.Tournament.Heats) == 0 {
		return false
	}
	for _, h := range b.Tournament.Heats {
		if st := b.HeatStatus(h.Number).State; st != Reported && st != Scored {
			return false
		}
	}
	return true
}

// InPlayBoards returns a heat's boards not yet finished, in order.
func (s HeatStatus) InPlayBoards() []int {
	return slices.Sorted(slices.Values(append(slices.Clone(s.Started), s.Unstarted...)))
}

// ProvisionalNote says which boards of the heats in play are not finished:
// "provisional: heat 3 boards 2, 5 in play"; "" when no heat is in play.
func ProvisionalNote(inPlay []HeatStatus) string {
	var parts []string
	for _, st := range inPlay {
		boards := st.InPlayBoards()
		nums := make([]string, len(boards))
		for i, n := range boards {
			nums[i] = fmt.Sprint(n)
		}
		word := "boards"
		if len(boards) == 1 {
			word = "board"
		}
		parts = append(parts, fmt.Sprintf("heat %d %s %s", st.Heat, word, strings.Join(nums, ", ")))
	}
	if len(parts) == 0 {
		return ""
	}
	return "provisional: " + strings.Join(parts, " and ") + " in play"
}
