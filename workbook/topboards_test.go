package workbook

import (
	"slices"
	"testing"
)

// TestMarkTop checks which boards are top boards: the run from board 1 on
// of boards with a scoring system of their own.
func TestMarkTop(t *testing.T) {
	tests := []struct {
		boards []int
		own    []bool
		top    []int
	}{
		{[]int{1, 2, 3, 4}, []bool{true, true, false, true}, []int{1, 2}},
		{[]int{1, 2, 3}, []bool{false, true, true}, nil},
		{[]int{2, 3}, []bool{true, true}, nil}, // no board 1
		{[]int{1, 3}, []bool{true, true}, []int{1}},
		{[]int{1}, []bool{true}, []int{1}},
	}
	for _, tc := range tests {
		var cbs []CallBoard
		for _, b := range tc.boards {
			cbs = append(cbs, CallBoard{Board: b})
		}
		markTop(cbs, tc.own)
		var got []int
		for _, cb := range cbs {
			if cb.Top {
				got = append(got, cb.Board)
			}
		}
		if !slices.Equal(got, tc.top) {
			t.Errorf("boards %v own %v: top %v, want %v", tc.boards, tc.own, got, tc.top)
		}
	}
}
