package seeding

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// letters turns "FG" into power indices.
func letters(s string) []int {
	var out []int
	names := dip.PowerNames()
	for _, c := range s {
		out = append(out, slices.IndexFunc(names[:], func(n string) bool { return n[0] == byte(c) }))
	}
	return out
}

// TestLowestRankedChoosesFirst seats one board of a..g (players 0..6)
// under "lowest-ranked chooses first", hand-worked:
//
//   - no rule, g f e ... a in turn, g "F", f "FG", e "G", a "F": g takes
//     France, f Germany (France gone), e and a find theirs gone;
//   - "different power every heat" after heat 1 with player i on power i:
//     g "TF" (Turkey played: France), f "FG" (Germany), e "A" (Austria),
//     c "F" (played and gone);
//   - the same rule, a having played every power but England (heats 1-6,
//     on boards of other players), g "EF" first: England would leave a
//     nothing, so g takes France and a England;
//   - no order given: the players choose in player order, a before d;
//     with d listed first, d takes France.
func TestLowestRankedChoosesFirst(t *testing.T) {
	reverse := []int{6, 5, 4, 3, 2, 1, 0}
	identity := Plan{Round: 1, Boards: []Board{{}}}
	for i := range dip.BoardSize {
		identity.Boards[0].Seats = append(identity.Boards[0].Seats, Seat{Player: i, Power: i})
	}
	var cornered []Plan
	for r, q := range []int{Austria, France, Germany, Italy, Russia, Turkey} {
		b := Board{Seats: []Seat{{Player: 0, Power: q}}}
		for o := range dip.BoardSize {
			if o != q {
				b.Seats = append(b.Seats, Seat{Player: 6 + len(b.Seats), Power: o})
			}
		}
		cornered = append(cornered, Plan{Round: r + 1, Boards: []Board{b}})
	}
	for _, tc := range []struct {
		name    string
		rule    PowerRule
		history []Plan
		order   []int
		prefs   map[int]string
		want    map[int]int // player -> power
		not     map[int][]int
		detail  map[int]string
	}{
		{"no rule", AnyPower, nil, reverse, map[int]string{6: "F", 5: "FG", 4: "G", 0: "F"},
			map[int]int{6: France, 5: Germany}, map[int][]int{4: {France, Germany}, 0: {France, Germany}},
			map[int]string{5: "chose Germany, choice 2 of FG (lowest-ranked first)", 6: "chose France, choice 1 of F (lowest-ranked first)"}},
		{"different powers", DifferentPowers, []Plan{identity}, reverse, map[int]string{6: "TF", 5: "FG", 4: "A", 2: "F"},
			map[int]int{6: France, 5: Germany, 4: Austria}, map[int][]int{2: {France}}, nil},
		{"a cornered", DifferentPowers, cornered, reverse, map[int]string{6: "EF"},
			map[int]int{6: France, 0: England}, nil, nil},
		{"player order", AnyPower, nil, nil, map[int]string{0: "F", 3: "F"}, map[int]int{0: France}, nil, nil},
		{"d listed first", AnyPower, nil, []int{3}, map[int]string{0: "F", 3: "F"}, map[int]int{3: France}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := &Problem{Values: DefaultValues(), AssignPowers: true, PowerRule: tc.rule, History: tc.history,
				Method: LowestRankedFirst, ChoiceOrder: tc.order, Preferences: map[int][]int{}}
			p.Values.Preference = 3 // not charged under this method
			for i := range 13 {
				p.Players = append(p.Players, fmt.Sprintf("%c", 'a'+i))
			}
			for i, s := range tc.prefs {
				p.Preferences[i] = letters(s)
			}
			res, err := Seed(context.Background(), p, []int{0, 1, 2, 3, 4, 5, 6}, nil, Options{Seed: 1, Workers: 1})
			if err != nil {
				t.Fatal(err)
			}
			power := map[int]int{}
			for _, s := range res.Plan.Boards[0].Seats {
				power[s.Player] = s.Power
			}
			for i, q := range tc.want {
				if power[i] != q {
					t.Errorf("%s plays %s, want %s", p.Players[i], dip.Power(power[i]).String(), dip.Power(q).String())
				}
			}
			for i, qs := range tc.not {
				if slices.Contains(qs, power[i]) {
					t.Errorf("%s plays %s", p.Players[i], dip.Power(power[i]).String())
				}
			}
			if br := RuleBreaks(p, res.Plan); len(br) > 0 {
				t.Errorf("breaks the rule: %+v", br)
			}
			ex, err := Explain(p, res.Plan)
			if err != nil {
				t.Fatal(err)
			}
			if ex.Breakdown.Preference != 0 || ex.Total != res.Conflict {
				t.Errorf("preferences charged %d; total %d, seeder %d", ex.Breakdown.Preference, ex.Total, res.Conflict)
			}
			for _, pc := range ex.Players {
				if want, ok := tc.detail[pc.Player]; ok && describe(p, pc.Items) != want {
					t.Errorf("%s's detail %q, want %q", p.Players[pc.Player], describe(p, pc.Items), want)
				}
				if tc.name == "no rule" && pc.Player == 4 {
					want := "could take none of G (lowest-ranked first): " + dip.Power(power[4]).String()
					if got := describe(p, pc.Items); got != want {
						t.Errorf("e's detail %q, want %q", got, want)
					}
				}
			}
		})
	}
}
