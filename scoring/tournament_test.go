package scoring

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// onBoard builds a finished Win/Draw game: the players and scores of the seats in power order (Austria first);
// centres 0.
func onBoard(heat, board int, players [dip.NumPowers]int, scores [dip.NumPowers]float64, winners ...dip.Power) Played {
	g := Played{Heat: heat, Board: board, Winners: winners}
	for pw := range dip.NumPowers {
		g.Seats[pw] = PlayedSeat{Player: players[pw], Score: scores[pw]}
	}
	return g
}

// named returns players with the given names.
func named(names ...string) []EventPlayer {
	ps := make([]EventPlayer, len(names))
	for i, n := range names {
		ps[i].Name = n
	}
	return ps
}

// byName finds a player's line in a table.
func byName(t *testing.T, e Event, tab Table, name string) Standing {
	t.Helper()
	for _, st := range tab.Players {
		if e.Players[st.Player].Name == name {
			return st
		}
	}
	t.Fatalf("%s is not in the table", name)
	return Standing{}
}

// The DipCon XXXIV final Scores screen, DTM manual section 14: each player's four heat scores as printed.
var dipcon = []struct {
	name   string
	heats  [4]float64
	total  float64 // printed
	rank   int     // printed (1..14)
	dtmTie int     // the rank when ties are listed equally
}{
	{"David Hood", [4]float64{58, 23, 113, 59}, 230, 1, 1},      // 253 - 23 dropped
	{"Yarden Livnat", [4]float64{25, 25, 114, 58}, 197, 2, 2},   // 222 - 25
	{"Tom Kobrin", [4]float64{25, 23, 112, 60}, 197, 3, 2},      // 220 - 23
	{"Spencer Bernard", [4]float64{114, -5, 36, 26}, 176, 4, 4}, // 171 + 5
	{"Dave Scully", [4]float64{112, -11, 35, 26}, 173, 5, 5},    // 162 + 11
	{"Eric Jurgeleit", [4]float64{-3, 112, -4, 60}, 169, 6, 6},  // 165 + 4
	{"Jerry Fest", [4]float64{57, 113, -3, -7}, 167, 7, 7},      // 160 + 7
	{"Taylor Hayward", [4]float64{58, 34, -7, 58}, 150, 8, 8},   // 143 + 7
	{"Chris Martin", [4]float64{112, -3, -7, 35}, 144, 9, 9},    // 137 + 7
	{"Edi Birsan", [4]float64{-5, 23, 117, -5}, 135, 10, 10},    // 130 + 5 (heat 4's -5 dropped)
	{"Matt Shields", [4]float64{-2, 13, 35, 58}, 106, 11, 11},   // 104 + 2
	{"Chris Bowers", [4]float64{35, 34, -3, 35}, 104, 12, 12},   // 101 + 3
	{"Jon Saul", [4]float64{-2, 38, -11, 59}, 95, 13, 13},       // 84 + 11
	{"Matt Drew", [4]float64{34, 25, -11, 35}, 94, 14, 14},      // 83 + 11
}

// dipconEvent seats the 14 players of DipCon XXXIV on two boards a heat: even ids (David Hood, Tom Kobrin ...)
// on board 1, odd ids (Yarden Livnat ...) on board 2, so Yarden Livnat and Tom Kobrin never meet.
func dipconEvent(chain []TieBreak) Event {
	e := Event{Heats: 4, Rules: Rules{LowestCount: 1, LowestFactor: 0, TieBreaks: chain}}
	for _, p := range dipcon {
		e.Players = append(e.Players, EventPlayer{Name: p.name})
	}
	for h := range 4 {
		for b := range 2 {
			var ps [dip.NumPowers]int
			var sc [dip.NumPowers]float64
			for i := range dip.NumPowers {
				ps[i] = 2*i + b
				sc[i] = dipcon[2*i+b].heats[h]
			}
			e.Games = append(e.Games, onBoard(h+1, b+1, ps, sc))
		}
	}
	return e
}

// TestDipConXXXIV: with "lowest 1 heat x 0" the printed totals come out; DTM lists the 197s equally (2, 2);
// the 2002 chain puts Yarden Livnat second on the dropped score 25 to 23 (they never met, so head-to-head is
// passed over), which is the printed order.
func TestDipConXXXIV(t *testing.T) {
	for _, tc := range []struct {
		name  string
		chain []TieBreak
	}{{"DTM", nil}, {"Regatta 2002", Regatta2002TieBreaks()}} {
		t.Run(tc.name, func(t *testing.T) {
			e := dipconEvent(tc.chain)
			tab, err := Standings(e)
			if err != nil {
				t.Fatal(err)
			}
			if len(tab.Players) != 14 {
				t.Fatalf("%d lines, want 14", len(tab.Players))
			}
			for i, want := range dipcon {
				st := tab.Players[i]
				rank := want.rank
				if tc.chain == nil {
					rank = want.dtmTie
				}
				if got := e.Players[st.Player].Name; got != want.name || st.Total != want.total || st.Rank != rank {
					t.Errorf("line %d: %s %g rank %d, want %s %g rank %d", i+1, got, st.Total, st.Rank, want.name,
						want.total, rank)
				}
				if !st.Qualified || st.Played != 4 {
					t.Errorf("%s: qualified %v played %d, want true 4", want.name, st.Qualified, st.Played)
				}
			}
			hood := byName(t, e, tab, "David Hood")
			for h, f := range []float64{1, 0, 1, 1} { // heat 2's 23 dropped
				if hood.Heats[h].Factor != f || !hood.Heats[h].Played || hood.Heats[h].Board != 1 {
					t.Errorf("David Hood heat %d: %+v, want factor %g on board 1", h+1, hood.Heats[h], f)
				}
			}
			birsan := byName(t, e, tab, "Edi Birsan")
			if birsan.Heats[0].Factor != 1 || birsan.Heats[3].Factor != 0 {
				t.Errorf("Edi Birsan: of two equal -5s the later heat is dropped: %+v", birsan.Heats)
			}
			yarden, tom := byName(t, e, tab, "Yarden Livnat"), byName(t, e, tab, "Tom Kobrin")
			wantY, wantT := "tied with Tom Kobrin", "tied with Yarden Livnat"
			if tc.chain != nil {
				wantY, wantT = "dropped score: 25 to 23 against Tom Kobrin", "dropped score: 23 to 25 against Yarden Livnat"
			}
			if yarden.TieBreak != wantY || tom.TieBreak != wantT {
				t.Errorf("notes %q / %q, want %q / %q", yarden.TieBreak, tom.TieBreak, wantY, wantT)
			}
			if hood.TieBreak != "" {
				t.Errorf("David Hood is not tied: note %q", hood.TieBreak)
			}
		})
	}
}

// TestDropRules: the lowest N heats times one factor, the next M times another, unplayed heats included.
func TestDropRules(t *testing.T) {
	fill := [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}
	// Player 0 ("Ann") plays heats 1, 2, 4 and 5 of 5, scoring 10, 40, 20, 30; heat 3 scores the unplayed
	// score. Player 6 ("Zed") sits out heat 1 (player 7 takes Turkey).
	games := []Played{
		onBoard(1, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 7}, [dip.NumPowers]float64{10}),
		onBoard(2, 1, fill, [dip.NumPowers]float64{40}),
		onBoard(4, 1, fill, [dip.NumPowers]float64{20}),
		onBoard(5, 1, fill, [dip.NumPowers]float64{30}),
	}
	for _, tc := range []struct {
		name    string
		rules   Rules
		factors [5]float64
		total   float64
	}{
		// 10 + 40 + 0 + 20 + 30 = 100, nothing dropped.
		{"none", Rules{Unplayed: 0}, [5]float64{1, 1, 1, 1, 1}, 100},
		// The lowest is the unplayed 0 (heat 3): 100 - 0 = 100; the score of heat 3 stays 0.
		{"lowest 1 x 0", Rules{LowestCount: 1}, [5]float64{1, 1, 0, 1, 1}, 100},
		// Unplayed -5: heat 3 (-5) and heat 1 (10) dropped: 40 + 20 + 30 = 90.
		{"lowest 2 x 0, unplayed -5", Rules{Unplayed: -5, LowestCount: 2}, [5]float64{0, 1, 0, 1, 1}, 90},
		// Lowest 1 (heat 3, -5) x 0, next 2 (10 and 20) x 0.5: 0 + 5 + 40 + 10 + 30 = 85.
		{"lowest 1 x 0, next 2 x 0.5", Rules{Unplayed: -5, LowestCount: 1, NextCount: 2, NextFactor: 0.5},
			[5]float64{0.5, 1, 0, 0.5, 1}, 85},
		// Unplayed 10 ties heat 1's 10: the unplayed heat goes first: heat 3 x 0, heat 1 counts:
		// 10 + 40 + 20 + 30 = 100.
		{"unplayed tie", Rules{Unplayed: 10, LowestCount: 1}, [5]float64{1, 1, 0, 1, 1}, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := Event{Players: named("Ann", "B", "C", "D", "E", "F", "Zed", "Sub"), Heats: 5, Games: games,
				Rules: tc.rules}
			tab, err := Standings(e)
			if err != nil {
				t.Fatal(err)
			}
			ann := byName(t, e, tab, "Ann")
			if ann.Total != tc.total || ann.Played != 4 {
				t.Errorf("total %g played %d, want %g 4", ann.Total, ann.Played, tc.total)
			}
			for h, f := range tc.factors {
				if ann.Heats[h].Factor != f {
					t.Errorf("heat %d factor %g, want %g", h+1, ann.Heats[h].Factor, f)
				}
			}
			if ann.Heats[2].Played || ann.Heats[2].Score != tc.rules.Unplayed {
				t.Errorf("heat 3 not played: %+v", ann.Heats[2])
			}
		})
	}
}

// TestQualified: with MinHeats 2, players short of it are ranked after every qualified player, whatever their
// total; the qualified keep ranks 1.. so the qualified-only list needs no re-ranking.
func TestQualified(t *testing.T) {
	// Heat 1: players 0-6 score 0..6 (Ann 0 ... Gus 6). Heat 2: players 1-7 (Hal, 7, replaces Ann) score 10
	// each, Hal 100. Totals: Ann 0 (1 heat), Bo 11, Cy 12, Di 13, Ed 14, Fay 15, Gus 16 (2 heats), Hal 100
	// (1 heat). Qualified ranking: Gus 1, Fay 2 ... Bo 6; then Hal 7, Ann 8.
	e := Event{Players: named("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"), Heats: 2, Rules: Rules{MinHeats: 2},
		Games: []Played{
			onBoard(1, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{0, 1, 2, 3, 4, 5, 6}),
			onBoard(2, 1, [dip.NumPowers]int{7, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{100, 10, 10, 10, 10, 10, 10}),
		}}
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name      string
		rank      int
		qualified bool
	}{{"Gus", 1, true}, {"Fay", 2, true}, {"Ed", 3, true}, {"Di", 4, true}, {"Cy", 5, true}, {"Bo", 6, true},
		{"Hal", 7, false}, {"Ann", 8, false}}
	for i, w := range want {
		st := tab.Players[i]
		if n := e.Players[st.Player].Name; n != w.name || st.Rank != w.rank || st.Qualified != w.qualified {
			t.Errorf("line %d: %s rank %d qualified %v, want %s %d %v", i+1, n, st.Rank, st.Qualified, w.name,
				w.rank, w.qualified)
		}
	}
}

// TestStandingsErrors: every problem is reported, located.
func TestStandingsErrors(t *testing.T) {
	ok := [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}
	e := Event{
		Players: named("Ann", "Bo", "Cy", "Di", "Ed", "Fay", "Gus", "Hal"),
		Heats:   2,
		Rules: Rules{Method: HurstMean, LowestCount: 1, MinHeats: 3,
			TieBreaks: []TieBreak{{Kind: BestSingle, N: 3}, {Kind: 42}}},
		Games: []Played{
			onBoard(1, 1, ok, [dip.NumPowers]float64{}, dip.Austria, dip.Austria),
			onBoard(1, 1, ok, [dip.NumPowers]float64{}),
			onBoard(3, 1, ok, [dip.NumPowers]float64{}),
			onBoard(2, 1, [dip.NumPowers]int{0, 0, 1, 2, 3, 4, 9}, [dip.NumPowers]float64{}),
			onBoard(2, 2, [dip.NumPowers]int{7, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{}),
		},
		Teams: []EventTeam{{Name: "Duo", Members: []int{0, 1}}, {Name: "Trio", Members: []int{1, 2, 2}}},
	}
	_, err := Standings(e)
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"rules: the Hurst Tournament Mean averages every game played",
		"rules: minimum heats to qualify 3: want 0 to 2",
		"rules: tie-break 1: best-3: the N-th best heat score needs N from 1 to the 2 heats",
		"rules: tie-break 2: unknown rule 42",
		"rules: team heat 0: want 1 to 2",
		"heat 1 board 1: Austria is listed twice among the winners",
		"heat 1 board 1: the game is given twice",
		"heat 3 board 1: heat 3 is outside 1..2",
		`heat 2 board 1: England: player 0 "Ann" sits twice on the board`,
		"heat 2 board 1: Turkey: player 9 is not in the player list (8 players)",
		`heat 2 board 2: England: player 1 "Bo" also plays on board 1 in heat 2`,
		`team 1 "Duo": 2 members: a team has 3 to 7`,
		`team 2 "Trio": player 1 "Bo" is already in team 1 "Duo"`,
		`team 2 "Trio": player 2 "Cy" is listed twice`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	if _, err := Standings(Event{Heats: 0}); err == nil || !strings.Contains(err.Error(), "number of heats 0") {
		t.Errorf("0 heats: %v", err)
	}
}

// TestParseMethod reads the method names.
func TestParseMethod(t *testing.T) {
	for in, want := range map[string]Method{"Sum of heats": SumOfHeats, "dtm": SumOfHeats, " HURST ": HurstMean,
		"Hurst Tournament Mean": HurstMean, "htm": HurstMean} {
		if got, err := ParseMethod(in); err != nil || got != want {
			t.Errorf("ParseMethod(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ParseMethod("mean"); err == nil || !strings.Contains(err.Error(), `unknown tournament method "mean"`) {
		t.Errorf("ParseMethod(mean): %v", err)
	}
}

// TestAbsentPlayersAreNotRanked: two players on the roster who take no part
// are not in the table, and the players below 0 stay ranked just after the
// others (8th to 10th of 10), not below the absent.
func TestAbsentPlayersAreNotRanked(t *testing.T) {
	e := Event{Heats: 1, Players: named("A", "B", "C", "D", "E", "F", "G", "Absent1", "Absent2", "H", "I", "J")}
	e.Players[7].Absent, e.Players[8].Absent = true, true
	e.Games = []Played{onBoard(1, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{10, 5, 4, 3, 2, -1, -2})}
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	if len(tab.Players) != 10 {
		t.Fatalf("the table has %d players, want the 10 who take part", len(tab.Players))
	}
	for _, st := range tab.Players {
		if e.Players[st.Player].Absent {
			t.Errorf("%s is ranked %d", e.Players[st.Player].Name, st.Rank)
		}
	}
	if g := byName(t, e, tab, "G"); g.Rank != 10 {
		t.Errorf("G (-2) is ranked %d, want 10", g.Rank)
	}
	if h := byName(t, e, tab, "H"); h.Rank != 6 {
		t.Errorf("H (not played, 0) is ranked %d, want 6 (tied with I and J)", h.Rank)
	}
}

// onTwoBoards gives each heat of e a board more, in heat order, at which the
// players of its first board play again with other scores: of each such
// player's two games in a heat the better counts.
func onTwoBoards(e Event) Event {
	r := rand.New(rand.NewPCG(5, 6))
	var games []Played
	for i, g := range e.Games {
		games = append(games, g)
		if i+1 < len(e.Games) && e.Games[i+1].Heat == g.Heat {
			continue
		}
		first := e.Games[slices.IndexFunc(e.Games, func(f Played) bool { return f.Heat == g.Heat })]
		again := Played{Heat: g.Heat, Board: 1000, Winners: []dip.Power{dip.Power(r.IntN(dip.NumPowers))}}
		for pw := range dip.NumPowers {
			p := first.Seats[(pw+1)%dip.NumPowers].Player
			e.Players[p].TwoBoards = true
			again.Seats[pw] = PlayedSeat{Player: p, Score: float64(r.IntN(121)), Centres: r.IntN(5)}
		}
		games = append(games, again)
	}
	e.Games = games
	return e
}

// TestStandingsAfter: the standings after each heat, worked out by one
// Progress (in turn, or asked for an earlier heat again), are those of the
// event cut after that heat, under each method,
// drop rule and tie-break chain, the games given out of heat order.
func TestStandingsAfter(t *testing.T) {
	hurst := benchEvent()
	hurst.Rules = Rules{Method: HurstMean, TieBreaks: Regatta2003TieBreaks()}
	hurst.Teams = nil
	shuffled := benchEvent()
	rand.New(rand.NewPCG(3, 4)).Shuffle(len(shuffled.Games), func(i, j int) {
		shuffled.Games[i], shuffled.Games[j] = shuffled.Games[j], shuffled.Games[i]
	})
	for _, c := range []struct {
		name  string
		e     Event
		heats []int
	}{
		{"sum of heats", benchEvent(), []int{1, 2, 3, 4, 5, 6, 7, 8, 9}},
		{"hurst", hurst, []int{1, 3, 8}},
		{"dipcon", dipconEvent(Regatta2003TieBreaks()), []int{1, 2}},
		{"out of order", shuffled, []int{2, 5, 9}},
		{"heats asked back and again", benchEvent(), []int{3, 7, 2, 2, 9, 1}},
		{"two boards", onTwoBoards(benchEvent()), []int{1, 2, 4, 5, 9}},
		{"two boards asked back", onTwoBoards(benchEvent()), []int{6, 3, 9}},
		{"hurst asked back", hurst, []int{5, 2, 9}},
		{"none", benchEvent(), nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewProgress(c.e)
			if err != nil {
				t.Fatal(err)
			}
			for _, n := range c.heats {
				cut := c.e
				cut.Games = slices.DeleteFunc(slices.Clone(c.e.Games), func(g Played) bool { return g.Heat > n })
				want, err := Standings(cut)
				if err != nil {
					t.Fatal(err)
				}
				if got := p.After(n); !reflect.DeepEqual(got, want.Players) {
					t.Errorf("after heat %d: the standings differ from those of the event cut after it", n)
				}
			}
		})
	}
	bad := benchEvent()
	bad.Games[0].Seats[0].Player = -1
	if _, err := NewProgress(bad); err == nil || !strings.Contains(err.Error(), "heat 1 board 1: Austria: player -1 is not in the player list") {
		t.Errorf("an invalid event: %v", err)
	}
}
