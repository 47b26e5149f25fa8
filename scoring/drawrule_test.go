package scoring

import (
	"fmt"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestDrawRule checks DixieCon's house rules and the zero rule on draws, concessions and wins.
func TestDrawRule(t *testing.T) {
	dixie := DrawRule{EarliestYear: 1905, ConcessionCentres: 12, ConcessionLargest: true}
	early := boardLead() // 1906
	early.FinalYear = 1904
	tests := []struct {
		name string
		rule DrawRule
		game Game
		want []string
	}{
		{"a draw in 1908", dixie, boardDraw(), nil},
		{"a draw in 1904", dixie, func() Game { g := boardDraw(); g.FinalYear = 1904; return g }(),
			[]string{"year: a 5-way draw in 1904, before 1905, the earliest year the house rules allow one"}},
		{"any draw under the zero rule", DrawRule{}, func() Game { g := boardDraw(); g.FinalYear = 1902; return g }(), nil},
		{"a solo in 1904", dixie, func() Game { g := boardSolo(); g.FinalYear = 1904; return g }(), nil},
		{"no draw recorded in 1904", dixie, with(early), nil},
		{"a concession to the lone leader on 16", dixie, conceded(boardLead(), dip.Turkey), nil},
		{"a concession on 9 in 1904", dixie, conceded(early, dip.England), []string{
			"year: a concession in 1904, before 1905, the earliest year the house rules allow one",
			"England: conceded: was conceded the game with 9 centres; the house rules need 12 or more",
			"England: conceded: was conceded the game with 9 centres, fewer than Turkey's 16; the house rules " +
				"concede only to a power with no fewer centres than any other"}},
		{"a concession to a tied leader", DrawRule{ConcessionCentres: 12, ConcessionLargest: true},
			conceded(boardDraw(), dip.Austria), []string{
				"Austria: conceded: was conceded the game with 9 centres; the house rules need 12 or more"}},
	}
	for _, tc := range tests {
		var got []string
		for _, err := range tc.rule.Check(tc.game) {
			got = append(got, err.Error())
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.name, got, tc.want)
		}
	}
}
