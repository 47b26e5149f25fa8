package scoring

import (
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// teamEvent: 14 players (ids 0..13), 2 heats of two boards; player p scores 10*heat + p.
//
//	heat 1 board 1: 0 3 4 5 6 7 12    board 2: 1 2 8 9 10 11 13
//	heat 2 board 1: 0 1 5 8 10 12 13  board 2: 2 3 4 6 7 9 11
//
// Teams: X {0 1 2}, Y {7 8 9}, Z {3 4 10}, W {5 6 13}.
func teamEvent(rule TeamRule) Event {
	boards := [2][2][dip.NumPowers]int{
		{{0, 3, 4, 5, 6, 7, 12}, {1, 2, 8, 9, 10, 11, 13}},
		{{0, 1, 5, 8, 10, 12, 13}, {2, 3, 4, 6, 7, 9, 11}},
	}
	e := Event{Heats: 2, Rules: Rules{Team: rule}, Teams: []EventTeam{
		{Name: "X", Members: []int{0, 1, 2}}, {Name: "Y", Members: []int{7, 8, 9}},
		{Name: "Z", Members: []int{3, 4, 10}}, {Name: "W", Members: []int{5, 6, 13}},
	}}
	e.Players = named("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13")
	for h, hb := range boards {
		for b, ps := range hb {
			var sc [dip.NumPowers]float64
			for i, p := range ps {
				sc[i] = float64(10*(h+1) + p)
			}
			e.Games = append(e.Games, onBoard(h+1, b+1, ps, sc))
		}
	}
	return e
}

// TestTeams scores the teams under both rules.
func TestTeams(t *testing.T) {
	type line struct {
		team    string
		rank    int
		total   float64
		counted []TeamGame
	}
	tg := func(p, heat, board int, pw dip.Power, score float64) TeamGame {
		return TeamGame{Player: p, Heat: heat, Board: board, Power: pw, Score: score}
	}
	for _, tc := range []struct {
		name string
		rule TeamRule
		want []line
	}{{
		// Heat 2: X 20+21+22 = 63, Y 27+28+29 = 84, Z 23+24+30 = 77, W 25+26+33 = 84. Y and W share first.
		name: "one heat",
		rule: TeamRule{Kind: OneHeat, Number: 2},
		want: []line{
			{"Y", 1, 84, []TeamGame{tg(7, 2, 2, dip.Italy, 27), tg(8, 2, 1, dip.Germany, 28), tg(9, 2, 2, dip.Russia, 29)}},
			{"W", 1, 84, []TeamGame{tg(5, 2, 1, dip.France, 25), tg(6, 2, 2, dip.Germany, 26), tg(13, 2, 1, dip.Turkey, 33)}},
			{"Z", 3, 77, []TeamGame{tg(3, 2, 2, dip.England, 23), tg(4, 2, 2, dip.France, 24), tg(10, 2, 1, dip.Italy, 30)}},
			{"X", 4, 63, []TeamGame{tg(0, 2, 1, dip.Austria, 20), tg(1, 2, 1, dip.England, 21), tg(2, 2, 2, dip.Austria, 22)}},
		},
	}, {
		// Games without a team-mate on the board. X: p0 heat 1 (10; heat 2 with p1), p1 none (with p2, then
		// p0), p2 heat 2 (22): 32. Y: p7 heat 1 (17; heat 2 with p9), p8 heat 2 (28; heat 1 with p9), p9
		// none: 45. Z: p3, p4 always together; p10 heat 1 (20) and heat 2 (30), best one 30: 30. W: p5 and
		// p6 together in heat 1; p5 heat 2 with p13, p6 heat 2 (26); p13 heat 1 (23; heat 2 with p5): 49.
		name: "best 1 game",
		rule: TeamRule{Kind: BestGames, Number: 1},
		want: []line{
			{"W", 1, 49, []TeamGame{tg(6, 2, 2, dip.Germany, 26), tg(13, 1, 2, dip.Turkey, 23)}},
			{"Y", 2, 45, []TeamGame{tg(7, 1, 1, dip.Russia, 17), tg(8, 2, 1, dip.Germany, 28)}},
			{"X", 3, 32, []TeamGame{tg(0, 1, 1, dip.Austria, 10), tg(2, 2, 2, dip.Austria, 22)}},
			{"Z", 4, 30, []TeamGame{tg(10, 2, 1, dip.Italy, 30)}},
		},
	}, {
		// Best two (the 2003 rule): only p10 has two such games: Z 20 + 30 = 50; the others as above.
		name: "best 2 games",
		rule: TeamRule{Kind: BestGames, Number: 2},
		want: []line{
			{"Z", 1, 50, []TeamGame{tg(10, 1, 2, dip.Italy, 20), tg(10, 2, 1, dip.Italy, 30)}},
			{"W", 2, 49, []TeamGame{tg(6, 2, 2, dip.Germany, 26), tg(13, 1, 2, dip.Turkey, 23)}},
			{"Y", 3, 45, []TeamGame{tg(7, 1, 1, dip.Russia, 17), tg(8, 2, 1, dip.Germany, 28)}},
			{"X", 4, 32, []TeamGame{tg(0, 1, 1, dip.Austria, 10), tg(2, 2, 2, dip.Austria, 22)}},
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			e := teamEvent(tc.rule)
			tab, err := Standings(e)
			if err != nil {
				t.Fatal(err)
			}
			if len(tab.Teams) != len(tc.want) {
				t.Fatalf("%d teams, want %d", len(tab.Teams), len(tc.want))
			}
			for i, w := range tc.want {
				ts := tab.Teams[i]
				if n := e.Teams[ts.Team].Name; n != w.team || ts.Rank != w.rank || ts.Total != w.total ||
					!slices.Equal(ts.Counted, w.counted) {
					t.Errorf("line %d: %s %d %g %v\nwant %s %d %g %v", i+1, n, ts.Rank, ts.Total, ts.Counted,
						w.team, w.rank, w.total, w.counted)
				}
			}
		})
	}
}

// TestTeamBestOfMore: a member with more games without a team-mate than the rule counts keeps the best ones.
func TestTeamBestOfMore(t *testing.T) {
	// Three heats, the same boards: players 0..6 on board 1, 7..13 on board 2. Team T {0, 1, 7}: 0 and 1
	// always meet, 7 never meets a team-mate and scores 5, 30, 20: the best two 30 + 20 = 50. Team U {2, 8,
	// 9}: 8 and 9 always meet, 2 scores 1, 2, 3: 3 + 2 = 5.
	e := Event{Players: named("p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13"),
		Heats: 3, Rules: Rules{Team: TeamRule{Kind: BestGames, Number: 2}},
		Teams: []EventTeam{{Name: "T", Members: []int{0, 1, 7}}, {Name: "U", Members: []int{2, 8, 9}}}}
	for h, s7 := range []float64{5, 30, 20} {
		e.Games = append(e.Games,
			onBoard(h+1, 1, seven, [dip.NumPowers]float64{9, 9, float64(h + 1), 0, 0, 0, 0}),
			onBoard(h+1, 2, [dip.NumPowers]int{7, 8, 9, 10, 11, 12, 13}, [dip.NumPowers]float64{s7, 9, 9, 0, 0, 0, 0}))
	}
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	want := []TeamStanding{
		{Team: 0, Rank: 1, Total: 50, Counted: []TeamGame{{Player: 7, Heat: 2, Board: 2, Power: dip.Austria, Score: 30},
			{Player: 7, Heat: 3, Board: 2, Power: dip.Austria, Score: 20}}},
		{Team: 1, Rank: 2, Total: 5, Counted: []TeamGame{{Player: 2, Heat: 2, Board: 1, Power: dip.France, Score: 2},
			{Player: 2, Heat: 3, Board: 1, Power: dip.France, Score: 3}}},
	}
	for i, w := range want {
		g := tab.Teams[i]
		if g.Team != w.Team || g.Rank != w.Rank || g.Total != w.Total || !slices.Equal(g.Counted, w.Counted) {
			t.Errorf("line %d: %+v\nwant %+v", i+1, g, w)
		}
	}
}

// TestBestTeamAward: the teams ranked first share the award, as team ids.
func TestBestTeamAward(t *testing.T) {
	e := teamEvent(TeamRule{Kind: OneHeat, Number: 2})
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(tab.Awards, func(a Award) bool { return a.Name == "Best team" })
	if i < 0 {
		t.Fatal("no Best team award")
	}
	// Y (team 1) and W (team 3) share 84.
	a := tab.Awards[i]
	if !a.Team || !slices.Equal(a.Winners, []int{1, 3}) || a.Value != 84 || a.Detail != "total 84, tied" {
		t.Errorf("Best team: %+v", a)
	}
	e.Teams = nil
	if tab, err = Standings(e); err != nil {
		t.Fatal(err)
	}
	if len(tab.Teams) != 0 || slices.ContainsFunc(tab.Awards, func(a Award) bool { return a.Name == "Best team" }) {
		t.Errorf("no team tournament: teams %v", tab.Teams)
	}
}

// TestParseTeamKind reads DTM's labels and short forms.
func TestParseTeamKind(t *testing.T) {
	for in, want := range map[string]TeamKind{"Teams score for a single heat": OneHeat, "one heat": OneHeat,
		"SUM BEST GAMES WITHOUT INTERPLAY": BestGames, " best  games ": BestGames} {
		if got, err := ParseTeamKind(in); err != nil || got != want {
			t.Errorf("ParseTeamKind(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseTeamKind("relay"); err == nil || !strings.HasPrefix(err.Error(), `unknown team scoring "relay"`) {
		t.Errorf("ParseTeamKind(relay): %v", err)
	}
}
