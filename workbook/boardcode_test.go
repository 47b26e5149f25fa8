package workbook

import (
	"fmt"
	"strings"
	"testing"
)

// TestBoardCode checks codes worked by hand: the characters of "H1B2"
// weigh 17×1 + 1×2 + 11×3 + 2×4 = 60 = 2×23 + 14, and letter 14 (from 0)
// of ABCDEFGHJKMNPQRSTUVWXYZ is R.
func TestBoardCode(t *testing.T) {
	for _, tc := range []struct {
		heat, board int
		want        string
	}{
		{1, 2, "H1-B2-R"},     // 60 mod 23 = 14
		{1, 1, "H1-B1-M"},     // 17+2+33+4 = 56 mod 23 = 10
		{2, 5, "H2-B5-F"},     // 17+4+33+20 = 74 mod 23 = 5
		{12, 34, "H12-B34-T"}, // 17+2+6+44+15+24 = 108 mod 23 = 16
	} {
		if got := BoardCode(tc.heat, tc.board); got != tc.want {
			t.Errorf("BoardCode(%d, %d) = %s, want %s", tc.heat, tc.board, got, tc.want)
		}
	}
}

// TestParseBoardCode reads codes as typed and refuses the mistyped ones.
func TestParseBoardCode(t *testing.T) {
	for _, tc := range []struct {
		code        string
		heat, board int
		err         string
	}{
		{"H1-B2-R", 1, 2, ""},
		{"h1b2r", 1, 2, ""},
		{" H1 B2 ", 1, 2, ""}, // without the check letter
		{"H12-B34-T", 12, 34, ""},
		{"H1-B2-K", 0, 0, "has the check letter K, but H1-B2's is R"},
		{"H2-B1-R", 0, 0, "but H2-B1's is P"}, // heat and board swapped
		{"B2-H1-R", 0, 0, "is not one dtm prints"},
		{"H1-B", 0, 0, "is not one dtm prints"},
		{"H0-B2", 0, 0, "is not one dtm prints"},
		{"H31-B2", 0, 0, "is not one dtm prints"},
		{"H+1-B2", 0, 0, "is not one dtm prints"},
		{"", 0, 0, "is not one dtm prints"},
	} {
		h, b, err := ParseBoardCode(tc.code)
		if fmt.Sprint(err) == "<nil>" && tc.err != "" || err != nil && !strings.Contains(err.Error(), tc.err) || tc.err == "" && err != nil {
			t.Errorf("ParseBoardCode(%q): %v, want %q", tc.code, err, tc.err)
			continue
		}
		if h != tc.heat || b != tc.board {
			t.Errorf("ParseBoardCode(%q) = %d, %d, want %d, %d", tc.code, h, b, tc.heat, tc.board)
		}
	}
	// Every code of 30 heats of 60 boards: one digit changed, or two
	// neighbouring digits swapped, gives a code refused or the same board.
	for heat := 1; heat <= 30; heat++ {
		for board := 1; board <= 60; board++ {
			code := BoardCode(heat, board)
			for i := range len(code) {
				if code[i] < '0' || code[i] > '9' {
					continue
				}
				for d := byte('0'); d <= '9'; d++ {
					if d != code[i] {
						typo := code[:i] + string(d) + code[i+1:]
						if h, b, err := ParseBoardCode(typo); err == nil {
							t.Errorf("%s mistyped as %s reads as heat %d board %d", code, typo, h, b)
						}
					}
				}
				if j := i + 1; j < len(code) && code[j] >= '0' && code[j] <= '9' && code[j] != code[i] {
					swap := code[:i] + string(code[j]) + string(code[i]) + code[j+1:]
					if h, b, err := ParseBoardCode(swap); err == nil {
						t.Errorf("%s swapped to %s reads as heat %d board %d", code, swap, h, b)
					}
				}
			}
		}
	}
}
