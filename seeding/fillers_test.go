package seeding

import (
	"context"
	"fmt"
	"slices"
	"testing"
)

// absencesEvent is an event of 52 registered x 5 heats in which three
// players miss each heat (49 seated: 0-2 miss heat 2, 3-5 heat 3 and so
// on, 49-51 heat 1), with eight teams of three and a family pair: the
// shape of seeding/instance's r_52x5_teams.
func absencesEvent() (*Problem, [][]int) {
	p := &Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups(), AssignPowers: true}
	for i := range 52 {
		p.Players = append(p.Players, fmt.Sprint("p", i))
	}
	for k := range 8 {
		p.Teams = append(p.Teams, Team{Name: fmt.Sprint("team", k), Members: []int{12 + 3*k, 13 + 3*k, 14 + 3*k}})
	}
	p.Conflicts = []Conflict{{A: 1, B: 40, Value: 100}}
	var heats [][]int
	for h := range 5 {
		out := []int{49, 50, 51}
		if h > 0 {
			out = []int{3*h - 3, 3*h - 2, 3*h - 1}
		}
		var in []int
		for i := range 52 {
			if !slices.Contains(out, i) {
				in = append(in, i)
			}
		}
		heats = append(heats, in)
	}
	return p, heats
}

// seedHeat seeds heat h of the event after the heats in p.History, as
// dtm seed does: knowing who plays the later heats.
func seedHeat(t *testing.T, p *Problem, heats [][]int, h int, seed int64) Result {
	t.Helper()
	res, err := Seed(context.Background(), p, heats[h], nil, Options{Seed: HeatSeed(seed, h+1),
		RoundsLeft: len(heats) - h, Later: heats[h+1:], Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFillersSeatAnEventWithAbsences seats the absences event heat by
// heat. Every heat before the last follows the plan on the plane with
// fillers (fillerPlan finds it again from the heats played), no team-mates
// or family meet, and the event pays at most 3 repeats: seated heat by
// heat without the plan, it paid 14.
func TestFillersSeatAnEventWithAbsences(t *testing.T) {
	p, heats := absencesEvent()
	for h := range heats {
		f, err := newFrame(p, heats[h], nil, len(heats)-h, heats[h+1:])
		if err != nil {
			t.Fatal(err)
		}
		if fillerPlan(p, f, heats[h], heats[h+1:], 0) == nil {
			t.Fatalf("heat %d: no plan with fillers", h+1)
		}
		res := seedHeat(t, p, heats, h, 1)
		p.History = append(p.History, res.Plan)
	}
	var sum Breakdown
	q := *p
	q.History = nil
	for _, pl := range p.History {
		ex, err := Explain(&q, pl)
		if err != nil {
			t.Fatal(err)
		}
		sum.Repeat += ex.Breakdown.Repeat
		sum.Team += ex.Breakdown.Team
		sum.Conflict += ex.Breakdown.Conflict
		q.History = append(q.History, pl)
	}
	t.Logf("over the event: %+v", sum)
	if sum.Team != 0 || sum.Conflict != 0 || sum.Repeat > 3*p.Values.RepeatOpponent {
		t.Errorf("team-mates %d, family %d, repeats %d: want 0, 0 and at most 30", sum.Team, sum.Conflict, sum.Repeat)
	}
}

// TestDeferPowers checks on the absences event's plan that deferPowers
// keeps the powers' total and moves their cost to later heats: the costs
// of heats 1..h, summed over the heats h before the last, fall.
func TestDeferPowers(t *testing.T) {
	p, heats := absencesEvent()
	f, err := newFrame(p, heats[0], nil, len(heats), heats[1:])
	if err != nil {
		t.Fatal(err)
	}
	g := fillerFits(p, f, heats[0], heats[1:])
	if g == nil {
		t.Fatal("no plan with fillers")
	}
	d := newFillerDesign(p, f, g, newFillerEvent(p, f, heats[0], heats[1:]))
	d.seat()
	d.assignPowers()
	// upTo[h] is the powers' cost of heats 1..h+1 over every player.
	upTo := func() []int {
		out := make([]int, len(heats))
		for h := range heats {
			cnt := make([]int32, d.n*7)
			for r := 0; r <= h; r++ {
				for pt, q := range d.power[r] {
					cnt[d.occ[r][pt]*7+q]++
				}
			}
			for i := range d.n {
				out[h] += f.playerPowerCost(cnt[i*7 : (i+1)*7])
			}
		}
		return out
	}
	before := upTo()
	d.deferPowers(0)
	after := upTo()
	t.Logf("the powers' cost of heats 1..h by h: %v before, %v after", before, after)
	last := len(heats) - 1
	if after[last] > before[last] {
		t.Errorf("the total rose: %d, was %d", after[last], before[last])
	}
	if a, b := sum(after[:last]), sum(before[:last]); a >= b {
		t.Errorf("the costs of the heats up to each heat before the last sum to %d, were %d: nothing moved later", a, b)
	}
}

func sum(xs []int) int {
	s := 0
	for _, x := range xs {
		s += x
	}
	return s
}

// TestFillersUnderAPowerRule seats the absences event under "different
// power every heat" with two powers of heat 1 exchanged on a board by hand
// (the boards still the plan's): every heat follows the plan, the later
// heats' powers planned after the powers as played, no player plays a
// power twice, and the event pays the powers' bound, 108, and at most 3
// repeats.
func TestFillersUnderAPowerRule(t *testing.T) {
	p, heats := absencesEvent()
	p.PowerRule = DifferentPowers
	var total int
	for h := range heats {
		res := seedHeat(t, p, heats, h, 1)
		if !res.Planned {
			t.Fatalf("heat %d does not follow the plan", h+1)
		}
		if h == 0 {
			s := res.Plan.Boards[0].Seats
			s[0].Power, s[1].Power = s[1].Power, s[0].Power
		}
		ex, err := Explain(p, res.Plan)
		if err != nil {
			t.Fatal(err)
		}
		total += ex.Total
		p.History = append(p.History, res.Plan)
	}
	played := map[[2]int]int{}
	for _, pl := range p.History {
		for _, b := range pl.Boards {
			for _, s := range b.Seats {
				if played[[2]int{s.Player, s.Power}]++; played[[2]int{s.Player, s.Power}] > 1 {
					t.Errorf("heat %d: player %d plays power %d again", pl.Round, s.Player, s.Power)
				}
			}
		}
	}
	if total > 108+3*p.Values.RepeatOpponent {
		t.Errorf("the event pays %d, want at most 138", total)
	}

	// A plan whose powers broke the rule would not be followed.
	p.History = nil
	f, err := newFrame(p, heats[0], nil, len(heats), heats[1:])
	if err != nil {
		t.Fatal(err)
	}
	d := newFillerDesign(p, f, fillerFits(p, f, heats[0], heats[1:]), newFillerEvent(p, f, heats[0], heats[1:]))
	d.seat()
	d.assignPowers()
	if d.breaksRule() {
		t.Fatal("the plan's powers break the rule")
	}
	for pt, i := range d.occ[1] {
		if at := d.pos[0][i]; at >= 0 {
			d.power[1][pt] = d.power[0][at] // heat 2: a player plays their heat-1 power again
			break
		}
	}
	if !d.breaksRule() {
		t.Error("a power played twice is not seen")
	}
}

// TestFillersSeatEveryoneOnAPacking seats 84 players, everyone in every
// heat, over 6 heats, with a family pair and four teams of three: a count
// no algebraic design seats, so the plan is on the packing for 84
// (packings.go). Every heat follows it, nobody meets anyone twice, no
// family or team-mates meet, and the event pays its bound, 360, from the
// powers alone: a player of six games pays at least 6, or 4 with a
// Germany, and the 72 Germany seats save 2 each (84 x 6 - 72 x 2).
func TestFillersSeatEveryoneOnAPacking(t *testing.T) {
	p := &Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups(), AssignPowers: true}
	var all []int
	for i := range 84 {
		p.Players = append(p.Players, fmt.Sprint("p", i))
		all = append(all, i)
	}
	for k := range 4 {
		p.Teams = append(p.Teams, Team{Name: fmt.Sprint("team", k), Members: []int{10 + 3*k, 11 + 3*k, 12 + 3*k}})
	}
	p.Conflicts = []Conflict{{A: 1, B: 70, Value: 100}}
	heats := [][]int{all, all, all, all, all, all}
	var sum Breakdown
	total := 0
	for h := range heats {
		res := seedHeat(t, p, heats, h, 3)
		if !res.Planned {
			t.Fatalf("heat %d does not follow the plan", h+1)
		}
		// Not knowing who plays the later heats (dtm simulate, or dtm
		// seed before they are registered), the heat assumes the same
		// players again, as the constructions do, and seats the same.
		blind, err := Seed(context.Background(), p, heats[h], nil, Options{Seed: HeatSeed(3, h+1), RoundsLeft: len(heats) - h, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if !blind.Planned || !slices.EqualFunc(blind.Plan.Boards, res.Plan.Boards, func(x, y Board) bool { return slices.Equal(x.Seats, y.Seats) }) {
			t.Errorf("heat %d, the later heats unknown: planned %v, and not the same seating", h+1, blind.Planned)
		}
		ex, err := Explain(p, res.Plan)
		if err != nil {
			t.Fatal(err)
		}
		sum.Repeat += ex.Breakdown.Repeat
		sum.Team += ex.Breakdown.Team
		sum.Conflict += ex.Breakdown.Conflict
		total += ex.Total
		p.History = append(p.History, res.Plan)
	}
	if sum.Repeat != 0 || sum.Team != 0 || sum.Conflict != 0 || total != 360 {
		t.Errorf("repeats %d, team-mates %d, family %d, in all %d: want 0, 0, 0 and 360", sum.Repeat, sum.Team, sum.Conflict, total)
	}
}

// TestFillerPlanIsTheEvents checks that the plan depends on the event, not
// on the seed: two seeds seat heat 1 the same way.
func TestFillerPlanIsTheEvents(t *testing.T) {
	p, heats := absencesEvent()
	a, b := seedHeat(t, p, heats, 0, 1), seedHeat(t, p, heats, 0, 7)
	if !slices.EqualFunc(a.Plan.Boards, b.Plan.Boards, func(x, y Board) bool { return slices.Equal(x.Seats, y.Seats) }) {
		t.Error("seeds 1 and 7 seat heat 1 apart")
	}
}

// TestFillerPlanFallsBack checks that a heat whose earlier heats are not
// the plan's (two players exchanged between boards by hand) is seeded as
// any other, and still pays no team-mate or family conflict.
func TestFillerPlanFallsBack(t *testing.T) {
	p, heats := absencesEvent()
	first := seedHeat(t, p, heats, 0, 1).Plan
	b0, b1 := &first.Boards[0].Seats[0], &first.Boards[1].Seats[0]
	b0.Player, b1.Player = b1.Player, b0.Player
	p.History = []Plan{first}
	f, err := newFrame(p, heats[1], nil, len(heats)-1, heats[2:])
	if err != nil {
		t.Fatal(err)
	}
	if fillerPlan(p, f, heats[1], heats[2:], 0) != nil {
		t.Fatal("a plan with fillers after a heat that is not the plan's")
	}
	res := seedHeat(t, p, heats, 1, 1)
	ex, err := Explain(p, res.Plan)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Breakdown.Team != 0 || ex.Breakdown.Conflict != 0 {
		t.Errorf("heat 2 after a change by hand: %+v", ex.Breakdown)
	}
}

// TestFillerFits lists the events the plan with fillers is for: 49 to seat
// in every heat, whose players change, with nothing charged but pairs and
// powers, under a power rule or none.
func TestFillerFits(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(p *Problem, heats [][]int) [][]int
		locked []Board
		want   bool
	}{
		{name: "absences, 49 seated a heat", want: true},
		{name: "the same 49 every heat", change: func(p *Problem, heats [][]int) [][]int {
			return [][]int{heats[1], heats[1], heats[1], heats[1], heats[1]}
		}},
		{name: "42 in a later heat", change: func(p *Problem, heats [][]int) [][]int {
			heats[2] = heats[2][:42]
			return heats
		}},
		{name: "a later heat unknown", change: func(p *Problem, heats [][]int) [][]int { return heats[:3] }},
		{name: "a locked board", locked: []Board{board(0, 1, 2, 3, 4, 5, 6)}},
		{name: "a power rule", change: func(p *Problem, heats [][]int) [][]int {
			p.PowerRule = DifferentPowers
			return heats
		}, want: true},
		{name: "power preferences", change: func(p *Problem, heats [][]int) [][]int {
			p.Values.Preference, p.Preferences = 3, map[int][]int{2: {Germany}}
			return heats
		}},
		{name: "neighbours charged", change: func(p *Problem, heats [][]int) [][]int {
			p.Values.Neighbour = 5
			return heats
		}},
		{name: "two players of every heat met twice in the heats played", change: func(p *Problem, heats [][]int) [][]int {
			// Boards of seven in order: players 21-23 share a board in both.
			for h := range 2 {
				pl := Plan{Round: h + 1}
				for b := 0; b < len(heats[h]); b += 7 {
					pl.Boards = append(pl.Boards, board(heats[h][b:b+7]...))
				}
				p.History = append(p.History, pl)
			}
			return heats[2:]
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, heats := absencesEvent()
			if tc.change != nil {
				heats = tc.change(p, heats)
			}
			f, err := newFrame(p, heats[0], tc.locked, 5-len(p.History), heats[1:])
			if err != nil {
				t.Fatal(err)
			}
			if got := fillerFits(p, f, heats[0], heats[1:]) != nil; got != tc.want {
				t.Errorf("fits %v, want %v", got, tc.want)
			}
		})
	}
}

// TestFillerGeometry checks the designs a plan with fillers is built on:
// each class splits the points into blocks of seven, two points share a
// block in at most one class (so players who keep their points never meet
// twice), and counts with no design have none: the algebraic designs, and
// the packings found by search.
func TestFillerGeometry(t *testing.T) {
	cases := []struct{ seated, classes int }{{49, 8}, {56, 8}, {63, 9}, {77, 11}, {112, 16}, {42, 0}, {35, 0}, {147, 0}}
	for _, seated := range packingSizes {
		cases = append(cases, struct{ seated, classes int }{seated, len(packings[seated])})
	}
	for _, tc := range cases {
		g := fillerGeometry(tc.seated)
		if tc.classes == 0 {
			if g != nil {
				t.Errorf("%d seated: a design with %d classes, want none", tc.seated, g.classes)
			}
			continue
		}
		if g == nil || g.classes != tc.classes || g.blocks != tc.seated/7 {
			t.Errorf("%d seated: %+v, want %d classes of %d blocks", tc.seated, g, tc.classes, tc.seated/7)
			continue
		}
		met := make(map[[2]int32]int)
		for c := range g.classes {
			seen := make([]bool, g.points)
			for b, pts := range g.blockPts[c] {
				for x, a := range pts {
					if seen[a] || g.blockAt[c][a] != int32(b) {
						t.Fatalf("%d seated, class %d: point %d twice or on the wrong block", tc.seated, c, a)
					}
					seen[a] = true
					for _, o := range pts[x+1:] {
						met[[2]int32{min(a, o), max(a, o)}]++
					}
				}
			}
		}
		for k, m := range met {
			if m > 1 {
				t.Fatalf("%d seated: points %v share %d blocks", tc.seated, k, m)
			}
		}
	}
}
