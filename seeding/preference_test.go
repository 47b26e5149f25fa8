package seeding

import (
	"context"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestPowerPreferences seeds one board whose players 0, 1 and 2 prefer
// "F", "FG" and "G", at 3 a place, hand-worked: giving player 0 France
// costs 3 at least (player 1 then gets Germany, 3, or player 2 loses it,
// 3; 6 in all); giving player 1 France and player 2 Germany costs only
// player 0's France, 3. The optimum 3 is unique.
func TestPowerPreferences(t *testing.T) {
	p := &Problem{Players: []string{"a", "b", "c", "d", "e", "f", "g"}, Values: DefaultValues(), AssignPowers: true,
		Preferences: map[int][]int{0: {France}, 1: {France, Germany}, 2: {Germany}}}
	p.Values.Preference = 3
	res, err := Seed(context.Background(), p, []int{0, 1, 2, 3, 4, 5, 6}, nil, Options{Seed: 1, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	power := map[int]int{}
	for _, s := range res.Plan.Boards[0].Seats {
		power[s.Player] = s.Power
	}
	if power[1] != France || power[2] != Germany {
		t.Errorf("powers %v: want b on France and c on Germany", power)
	}
	ex, err := Explain(p, res.Plan)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Total != 3 || ex.Breakdown.Preference != 3 || res.Conflict != 3 {
		t.Errorf("total %d (preference %d, seeder %d), want 3", ex.Total, ex.Breakdown.Preference, res.Conflict)
	}
	for _, pc := range ex.Players {
		if pc.Player == 0 {
			want := dip.Power(power[0]).String() + " is choice 2 of F: 3"
			if len(pc.Items) != 1 || pc.Items[0].Describe(p) != want {
				t.Errorf("a's conflict: %+v, want %q", pc.Items, want)
			}
		}
	}
	p.Preferences[3] = []int{France, France}
	if _, err := Seed(context.Background(), p, []int{0, 1, 2, 3, 4, 5, 6}, nil, Options{Seed: 1}); err == nil ||
		!strings.Contains(err.Error(), "repeated power") {
		t.Errorf("a repeated preference: %v", err)
	}
}
