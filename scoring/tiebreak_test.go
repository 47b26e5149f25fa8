package scoring

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// seven are the ids of a full board of players 0..6, powers in order.
var seven = [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}

// sevenNames names players 0..6 A..G.
func sevenNames() []EventPlayer { return named("A", "B", "C", "D", "E", "F", "G") }

// twoBoards seats players 0..13 on two boards: A (0) and players 2..7 on board 1, B (1) and players 8..13 on
// board 2, so A and B never meet. Scores in seat order.
func twoBoards(heat int, a, b [dip.NumPowers]float64) []Played {
	return []Played{
		onBoard(heat, 1, [dip.NumPowers]int{0, 2, 3, 4, 5, 6, 7}, a),
		onBoard(heat, 2, [dip.NumPowers]int{1, 8, 9, 10, 11, 12, 13}, b),
	}
}

// TestTieBreakRules: each rule alone separates a tie of A and B (equal totals), with the note it writes. The
// other players' totals are all different from A's and B's.
func TestTieBreakRules(t *testing.T) {
	fourteen := named("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N")
	cases := []struct {
		name        string
		e           Event
		first       string // ranked ahead
		noteA       string
		noteB       string
		tiedAtRankA int
	}{{
		// A 35 + 5 = 40, B 20 + 20 = 40, on the same board both heats: A's best head-to-head score 35, B's 20.
		name: "head-to-head",
		e: Event{Players: sevenNames(), Heats: 2, Rules: Rules{TieBreaks: []TieBreak{{Kind: HeadToHead}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{35, 20, 1, 2, 3, 4, 5}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{5, 20, 1, 2, 3, 4, 5}),
			}},
		first: "A", noteA: "head-to-head: 35 to 20 against B", noteB: "head-to-head: 20 to 35 against A",
	}, {
		// Lowest 1 x 0: A 10, 20, 30 -> 50 (10 dropped); B 5, 25, 25 -> 50 (5 dropped). Dropped 10 beats 5.
		name: "dropped",
		e: Event{Players: sevenNames(), Heats: 3,
			Rules: Rules{LowestCount: 1, TieBreaks: []TieBreak{{Kind: Dropped}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 5, 1, 2, 3, 4, 6}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 25, 1, 2, 3, 4, 6}),
				onBoard(3, 1, seven, [dip.NumPowers]float64{30, 25, 1, 2, 3, 4, 6}),
			}},
		first: "A", noteA: "dropped score: 10 to 5 against B", noteB: "dropped score: 5 to 10 against A",
	}, {
		// Lowest 1 x 0.5: A 10/2 + 20 + 30 = 55, B 4/2 + 25 + 28 = 55. The halved heat is not counted in
		// full: 10 beats 4.
		name: "dropped, halved",
		e: Event{Players: sevenNames(), Heats: 3,
			Rules: Rules{LowestCount: 1, LowestFactor: 0.5, TieBreaks: []TieBreak{{Kind: Dropped}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 4, 1, 2, 3, 4, 6}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 25, 1, 2, 3, 4, 6}),
				onBoard(3, 1, seven, [dip.NumPowers]float64{30, 28, 1, 2, 3, 4, 6}),
			}},
		first: "A", noteA: "dropped score: 10 to 4 against B", noteB: "dropped score: 4 to 10 against A",
	}, {
		// The same scores: all heats A 60, B 55.
		name: "all heats",
		e: Event{Players: sevenNames(), Heats: 3,
			Rules: Rules{LowestCount: 1, TieBreaks: []TieBreak{{Kind: AllHeats}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 5, 1, 2, 3, 4, 6}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 25, 1, 2, 3, 4, 6}),
				onBoard(3, 1, seven, [dip.NumPowers]float64{30, 25, 1, 2, 3, 4, 6}),
			}},
		first: "A", noteA: "all heats: 60 to 55 against B", noteB: "all heats: 55 to 60 against A",
	}, {
		// No drop: A 10 + 20 + 30 = 60, B 15 + 15 + 30 = 60; third-best A 10, B 15.
		name: "3rd best",
		e: Event{Players: sevenNames(), Heats: 3, Rules: Rules{TieBreaks: []TieBreak{{Kind: BestSingle, N: 3}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 15, 1, 2, 3, 4, 6}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 15, 1, 2, 3, 4, 6}),
				onBoard(3, 1, seven, [dip.NumPowers]float64{30, 30, 1, 2, 3, 4, 6}),
			}},
		first: "B", noteA: "3rd best score: 10 to 15 against B", noteB: "3rd best score: 15 to 10 against A",
	}, {
		// The same: second-best A 20, B 15.
		name: "2nd best",
		e: Event{Players: sevenNames(), Heats: 3, Rules: Rules{TieBreaks: []TieBreak{{Kind: BestSingle, N: 2}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 15, 1, 2, 3, 4, 6}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 15, 1, 2, 3, 4, 6}),
				onBoard(3, 1, seven, [dip.NumPowers]float64{30, 30, 1, 2, 3, 4, 6}),
			}},
		first: "A", noteA: "2nd best score: 20 to 15 against B", noteB: "2nd best score: 15 to 20 against A",
	}, {
		// Best scores in order: A 30, 20, 10; B 30, 15, 15: equal best, A's second 20 beats 15.
		name: "best scores",
		e: Event{Players: sevenNames(), Heats: 3, Rules: Rules{TieBreaks: []TieBreak{{Kind: BestScores}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 15, 1, 2, 3, 4, 6}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 15, 1, 2, 3, 4, 6}),
				onBoard(3, 1, seven, [dip.NumPowers]float64{30, 30, 1, 2, 3, 4, 6}),
			}},
		first: "A", noteA: "best scores: 2nd 20 to 15 against B", noteB: "best scores: 2nd 15 to 20 against A",
	}, {
		// One heat, A and B 10 each on different boards. A's opponents score 1..6 (one game each): mean 3.5;
		// B's 7, 8, 9, 11, 12, 13: mean 60/6 = 10.
		name: "opponents' average",
		e: Event{Players: fourteen, Heats: 1, Rules: Rules{TieBreaks: []TieBreak{{Kind: OpponentsAverage}}},
			Games: twoBoards(1, [dip.NumPowers]float64{10, 1, 2, 3, 4, 5, 6},
				[dip.NumPowers]float64{10, 7, 8, 9, 11, 12, 13})},
		first: "B", noteA: "opponents' average: 3.5 to 10 against B", noteB: "opponents' average: 10 to 3.5 against A",
	}, {
		// The same games, B travelled 2500, A 100.
		name: "distance",
		e: Event{Players: append([]EventPlayer{{Name: "A", Distance: 100}, {Name: "B", Distance: 2500}},
			fourteen[2:]...), Heats: 1, Rules: Rules{TieBreaks: []TieBreak{{Kind: Distance}}},
			Games: twoBoards(1, [dip.NumPowers]float64{10, 1, 2, 3, 4, 5, 6},
				[dip.NumPowers]float64{10, 7, 8, 9, 11, 12, 13})},
		first: "B", noteA: "distance: 100 to 2500 against B", noteB: "distance: 2500 to 100 against A",
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tab, err := Standings(tc.e)
			if err != nil {
				t.Fatal(err)
			}
			a, b := byName(t, tc.e, tab, "A"), byName(t, tc.e, tab, "B")
			if a.Total != b.Total {
				t.Fatalf("not a tie: A %g, B %g", a.Total, b.Total)
			}
			winner, loser := a, b
			if tc.first == "B" {
				winner, loser = b, a
			}
			if winner.Rank+1 != loser.Rank {
				t.Errorf("%s rank %d, the other %d: want the other right after", tc.first, winner.Rank, loser.Rank)
			}
			if a.TieBreak != tc.noteA || b.TieBreak != tc.noteB {
				t.Errorf("notes\n A %q\n B %q\nwant\n A %q\n B %q", a.TieBreak, b.TieBreak, tc.noteA, tc.noteB)
			}
		})
	}
}

// TestTieBreakChain: a three-way tie split by the first rule, the rest by the second; a tie every rule of the
// 2003 chain leaves; head-to-head passed over when one tied player met none of the others.
func TestTieBreakChain(t *testing.T) {
	t.Run("two rules", func(t *testing.T) {
		// A, B and C total 30: A 20 + 10, B 15 + 15, C 25 + 5. Distance A 10, B 5, C 5: A first; then B and
		// C on the best score: C's 25 beats B's 15.
		e := Event{Players: append([]EventPlayer{{Name: "A", Distance: 10}, {Name: "B", Distance: 5},
			{Name: "C", Distance: 5}}, named("D", "E", "F", "G")...), Heats: 2,
			Rules: Rules{TieBreaks: []TieBreak{{Kind: Distance}, {Kind: BestSingle, N: 1}}},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{20, 15, 25, 1, 2, 3, 4}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{10, 15, 5, 1, 2, 3, 4}),
			}}
		tab, err := Standings(e)
		if err != nil {
			t.Fatal(err)
		}
		want := []struct {
			name string
			rank int
			note string
		}{
			{"A", 1, "distance: 10 to 5 against B, 10 to 5 against C"},
			{"C", 2, "distance: 5 to 10 against A; best score: 25 to 15 against B"},
			{"B", 3, "distance: 5 to 10 against A; best score: 15 to 25 against C"},
		}
		for i, w := range want {
			st := tab.Players[i]
			if n := e.Players[st.Player].Name; n != w.name || st.Rank != w.rank || st.TieBreak != w.note {
				t.Errorf("line %d: %s %d %q, want %s %d %q", i+1, n, st.Rank, st.TieBreak, w.name, w.rank, w.note)
			}
		}
	})
	t.Run("still tied", func(t *testing.T) {
		// A and B score 10 and 20 on the same boards: every 2003 rule gives them equal values (their
		// opponents' averages are equal too: each faced the other and C..G).
		e := Event{Players: sevenNames(), Heats: 2, Rules: Rules{TieBreaks: Regatta2003TieBreaks()},
			Games: []Played{
				onBoard(1, 1, seven, [dip.NumPowers]float64{10, 10, 1, 2, 3, 4, 5}),
				onBoard(2, 1, seven, [dip.NumPowers]float64{20, 20, 1, 2, 3, 4, 5}),
			}}
		tab, err := Standings(e)
		if err != nil {
			t.Fatal(err)
		}
		a, b := byName(t, e, tab, "A"), byName(t, e, tab, "B")
		if a.Rank != 1 || b.Rank != 1 || a.TieBreak != "tied with B" || b.TieBreak != "tied with A" {
			t.Errorf("A %d %q, B %d %q: want both 1, tied", a.Rank, a.TieBreak, b.Rank, b.TieBreak)
		}
		if c := byName(t, e, tab, "G"); c.Rank != 3 {
			t.Errorf("G (5 + 5) rank %d, want 3 after the two tied first", c.Rank)
		}
	})
	t.Run("head-to-head passed over", func(t *testing.T) {
		// A (0) and B (1) meet on board 1, C (7) plays board 2; each totals 10. C met neither: head-to-head
		// is passed over and, alone in the chain, leaves the three tied.
		e := Event{Players: named("A", "B", "x2", "x3", "x4", "x5", "x6", "C", "y8", "y9", "y10", "y11", "y12", "y13"),
			Heats: 1, Rules: Rules{TieBreaks: []TieBreak{{Kind: HeadToHead}}},
			Games: []Played{
				onBoard(1, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{10, 10, 1, 2, 3, 4, 5}),
				onBoard(1, 2, [dip.NumPowers]int{7, 8, 9, 10, 11, 12, 13}, [dip.NumPowers]float64{10, 6, 7, 8, 9, 11, 12}),
			}}
		tab, err := Standings(e)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []string{"A", "B", "C"} {
			st := byName(t, e, tab, n)
			if st.Rank != 3 || !strings.HasPrefix(st.TieBreak, "tied with ") {
				t.Errorf("%s: rank %d %q, want 3 (after 12 and 11), tied", n, st.Rank, st.TieBreak)
			}
		}
	})
}

// TestParseTieBreaks reads chains, presets and errors.
func TestParseTieBreaks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []TieBreak
	}{
		{"", nil},
		{" none ", nil},
		{"DTM", nil},
		{"Head to head, dropped, 3rd best, best-2", Regatta2002TieBreaks()},
		{"regatta 2003", Regatta2003TieBreaks()},
		{"h2h,all_heats,best 1,best-2,opponents,distance", Regatta2003TieBreaks()},
		{"2002, Distance", append(Regatta2002TieBreaks(), TieBreak{Kind: Distance})},
		{"best-scores, opponents' average", []TieBreak{{Kind: BestScores}, {Kind: OpponentsAverage}}},
	} {
		got, err := ParseTieBreaks(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("ParseTieBreaks(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for in, want := range map[string]string{
		"head-to-head, coin toss": `tie-break 2: unknown rule "coin toss"`,
		"dropped,,distance":       `tie-break 2: empty name in "dropped,,distance"`,
		"best-0":                  `tie-break 1: unknown rule "best-0"`,
		"best-31":                 `tie-break 1: unknown rule "best-31"`,
	} {
		if _, err := ParseTieBreaks(in); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("ParseTieBreaks(%q): %v, want %q", in, err, want)
		}
	}
	// String gives names ParseTieBreaks reads back.
	chain := append(Regatta2003TieBreaks(), TieBreak{Kind: Dropped}, TieBreak{Kind: BestScores})
	var names []string
	for _, tb := range chain {
		names = append(names, tb.String())
	}
	if got := strings.Join(names, ", "); got != "head-to-head, all-heats, best-1, best-2, opponents-average, "+
		"distance, dropped, best-scores" {
		t.Errorf("names: %s", got)
	}
	if back, err := ParseTieBreaks(strings.Join(names, ",")); err != nil || !slices.Equal(back, chain) {
		t.Errorf("round trip: %v, %v", back, err)
	}
}

func TestShortList(t *testing.T) {
	for n, want := range map[int]string{
		0: "", 1: "P0", 4: "P0, P1, P2, P3", 5: "P0, P1, P2 and 2 others", 403: "P0, P1, P2 and 400 others",
	} {
		var l shortList
		formatted := 0
		for i := range n {
			l.add(func() string { formatted++; return "P" + strconv.Itoa(i) })
		}
		if got := l.String(); got != want {
			t.Errorf("%d items: %q, want %q", n, got, want)
		}
		if formatted > maxListed+1 {
			t.Errorf("%d items: %d formatted, want at most %d", n, formatted, maxListed+1)
		}
	}
}

// TestTiedWithNotes: the note of a tie no rule splits names the others up
// to four of them, else the first three and how many more, each player's
// note leaving out the player alone (the tie is counted, not walked).
func TestTiedWithNotes(t *testing.T) {
	for _, tc := range []struct {
		tied int
		want map[string]string
	}{
		{2, map[string]string{"A": "tied with B", "B": "tied with A"}},
		{5, map[string]string{"A": "tied with B, C, D, E", "C": "tied with A, B, D, E", "E": "tied with A, B, C, D"}},
		{6, map[string]string{"A": "tied with B, C, D and 2 others", "D": "tied with A, B, C and 2 others",
			"E": "tied with A, B, C and 2 others", "F": "tied with A, B, C and 2 others"}},
		{7, map[string]string{"B": "tied with A, C, D and 3 others", "G": "tied with A, B, C and 3 others"}},
	} {
		names := []string{"A", "B", "C", "D", "E", "F", "G", "x7", "x8", "x9", "x10", "x11", "x12", "x13"}
		var scores [2 * dip.NumPowers]float64
		for i := range scores {
			scores[i] = float64(20 + i) // each alone
			if i < tc.tied {
				scores[i] = 10
			}
		}
		e := Event{Players: named(names...), Heats: 1, Games: []Played{
			onBoard(1, 1, [dip.NumPowers]int{0, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64(scores[:7])),
			onBoard(1, 2, [dip.NumPowers]int{7, 8, 9, 10, 11, 12, 13}, [dip.NumPowers]float64(scores[7:])),
		}}
		tab, err := Standings(e)
		if err != nil {
			t.Fatal(err)
		}
		for name, want := range tc.want {
			if got := byName(t, e, tab, name).TieBreak; got != want {
				t.Errorf("%d tied: %s's note %q, want %q", tc.tied, name, got, want)
			}
		}
	}
}
