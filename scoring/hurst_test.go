package scoring

import (
	"fmt"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// hurstRounds is the 21-player example of hurst-tournament-mean.txt: per game, the players (P1 = 1) and their
// centres in power order A E F G I R T.
var hurstRounds = [2][3]struct {
	players [dip.NumPowers]int
	centres [dip.NumPowers]int
}{
	{ // Round 1, games 1-3.
		{[dip.NumPowers]int{1, 2, 3, 4, 5, 6, 7}, [dip.NumPowers]int{6, 5, 10, 0, 8, 6, 0}},
		{[dip.NumPowers]int{8, 9, 10, 11, 12, 13, 14}, [dip.NumPowers]int{10, 0, 8, 6, 5, 0, 6}},
		{[dip.NumPowers]int{15, 16, 17, 18, 19, 20, 21}, [dip.NumPowers]int{6, 6, 0, 5, 0, 10, 8}},
	},
	{ // Round 2, games 4-6.
		{[dip.NumPowers]int{19, 16, 13, 10, 7, 4, 1}, [dip.NumPowers]int{0, 6, 10, 5, 6, 0, 8}},
		{[dip.NumPowers]int{20, 17, 14, 11, 8, 5, 2}, [dip.NumPowers]int{5, 0, 8, 6, 10, 0, 6}},
		{[dip.NumPowers]int{21, 18, 15, 12, 9, 6, 3}, [dip.NumPowers]int{0, 10, 6, 6, 8, 0, 5}},
	},
}

// hurstEvent is the example after the given number of rounds, in a 2-heat tournament. Player ids are P-1.
func hurstEvent(rounds int) Event {
	e := Event{Heats: 2, Rules: Rules{Method: HurstMean}}
	for i := 1; i <= 21; i++ {
		e.Players = append(e.Players, EventPlayer{Name: fmt.Sprintf("P%d", i)})
	}
	for r := range rounds {
		for b, g := range hurstRounds[r] {
			p := Played{Heat: r + 1, Board: b + 1, Winners: []dip.Power{dip.Austria}}
			for pw := range dip.NumPowers {
				p.Seats[pw] = PlayedSeat{Player: g.players[pw] - 1, Centres: g.centres[pw], Score: float64(g.centres[pw])}
			}
			e.Games = append(e.Games, p)
		}
	}
	return e
}

// TestHurstExample works the whole example by hand.
//
// After round 1 the means are A 22/3, E 11/3, F 18/3, G 11/3, I 13/3, R 16/3, T 14/3, and each score is the
// one game's centres minus its power's mean: P1 6 - 22/3 = -1.3333 (as the text says), P2 5 - 11/3 = 1.3333 ...
//
// After round 2 the means are A 27/6 = 4.5 (the text's 4.5000), E 27/6, F 42/6, G 28/6, I 37/6, R 16/6,
// T 33/6; in sixths, each player's two differences summed, then halved (two rounds): P1 (36-27)+(48-33) = 24,
// 24/12 = 2.0000 (as the text says); P2 (30-27)+(36-33) = 6 -> 0.5; P3 (60-42)+(30-33) = 15 -> 1.25;
// P4 -28-16 = -44 -> -3.6667; P5 (48-37)-16 = -5 -> -0.4167; P6 (36-16)-16 = 4 -> 0.3333; P7 -33+(36-37) = -34
// -> -2.8333; P8 (60-27)+(60-37) = 56 -> 4.6667; P9 -27+(48-37) = -16 -> -1.3333; P10 (48-42)+(30-28) = 8 ->
// 0.6667; P11 2*(36-28) = 16 -> 1.3333; P12 (30-37)+(36-28) = 1 -> 0.0833; P13 -16+(60-42) = 2 -> 0.1667;
// P14 (36-33)+(48-42) = 9 -> 0.75; P15 (36-27)+(36-42) = 3 -> 0.25; P16 2*(36-27) = 18 -> 1.5; P17 -42-27 = -69
// -> -5.75; P18 (30-28)+(60-27) = 35 -> 2.9167; P19 -37-27 = -64 -> -5.3333; P20 (60-16)+(30-27) = 47 -> 3.9167;
// P21 (48-33)-27 = -12 -> -1. The 21 sums add up to 0, as they must.
func TestHurstExample(t *testing.T) {
	for _, tc := range []struct {
		rounds int
		want   [21]float64
	}{
		{1, [21]float64{-1.3333, 1.3333, 4, -3.6667, 3.6667, 0.6667, -4.6667, 2.6667, -3.6667, 2, 2.3333, 0.6667,
			-5.3333, 1.3333, -1.3333, 2.3333, -6, 1.3333, -4.3333, 4.6667, 3.3333}},
		{2, [21]float64{2, 0.5, 1.25, -3.6667, -0.4167, 0.3333, -2.8333, 4.6667, -1.3333, 0.6667, 1.3333, 0.0833,
			0.1667, 0.75, 0.25, 1.5, -5.75, 2.9167, -5.3333, 3.9167, -1}},
	} {
		t.Run(fmt.Sprintf("round %d", tc.rounds), func(t *testing.T) {
			e := hurstEvent(tc.rounds)
			tab, err := Standings(e)
			if err != nil {
				t.Fatal(err)
			}
			for p, want := range tc.want {
				st := byName(t, e, tab, fmt.Sprintf("P%d", p+1))
				if st.Total != want || st.Played != tc.rounds {
					t.Errorf("P%d: %v in %d rounds, want %v in %d", p+1, st.Total, st.Played, want, tc.rounds)
				}
			}
		})
	}
}

// TestHurstHeats: P1's heat lines after round 2 are 6 - 4.5 = 1.5 (Austria) and 8 - 5.5 = 2.5 (Turkey), both
// counted; after round 1 heat 2 is not played and has factor 0.
func TestHurstHeats(t *testing.T) {
	e := hurstEvent(2)
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	p1 := byName(t, e, tab, "P1")
	want := []HeatScore{{Heat: 1, Played: true, Score: 1.5, Factor: 1, Board: 1, Power: dip.Austria},
		{Heat: 2, Played: true, Score: 2.5, Factor: 1, Board: 1, Power: dip.Turkey}}
	for h := range want {
		if p1.Heats[h] != want[h] {
			t.Errorf("heat %d: %+v, want %+v", h+1, p1.Heats[h], want[h])
		}
	}
	e = hurstEvent(1)
	if tab, err = Standings(e); err != nil {
		t.Fatal(err)
	}
	p1 = byName(t, e, tab, "P1")
	if h := p1.Heats[1]; h.Played || h.Factor != 0 || h.Score != 0 {
		t.Errorf("heat 2 not played: %+v", h)
	}
	// Ranks after round 2, from the totals above: P8 4.6667 first, P20 second, P18 third, P1 fourth; P17
	// -5.75 last.
	for name, rank := range map[string]int{"P8": 1, "P20": 2, "P18": 3, "P1": 4, "P17": 21} {
		e := hurstEvent(2)
		tab, _ := Standings(e)
		if st := byName(t, e, tab, name); st.Rank != rank {
			t.Errorf("%s rank %d, want %d", name, st.Rank, rank)
		}
	}
}

// TestHurstDecimals: two means that round to the same 4 decimals are ranked on more decimals, as rule 8 says,
// and the note says so; equal means stay tied.
func TestHurstDecimals(t *testing.T) {
	e := &Event{Players: named("A", "B", "C"), Heats: 1, Rules: Rules{Method: HurstMean}}
	s := &standings{e: e, seats: make([][]seatRef, 3), notes: make([][]string, 3),
		exact: []float64{0.12345, 0.12354, 0.12345}}
	for p := range 3 {
		s.rows = append(s.rows, Standing{Player: p, Total: hurstRound(s.exact[p]), Qualified: true})
	}
	if s.rows[0].Total != 0.1235 || s.rows[1].Total != 0.1235 {
		t.Fatalf("rounding: %v %v, want 0.1235", s.rows[0].Total, s.rows[1].Total)
	}
	got := s.rank()
	want := []struct {
		player, rank int
		note         string
	}{
		{1, 1, "mean to more decimals: 0.12354 to 0.12345 against A, 0.12354 to 0.12345 against C"},
		{0, 2, "mean to more decimals: 0.12345 to 0.12354 against B; tied with C"},
		{2, 2, "mean to more decimals: 0.12345 to 0.12354 against B; tied with A"},
	}
	for i, w := range want {
		if got[i].Player != w.player || got[i].Rank != w.rank || got[i].TieBreak != w.note {
			t.Errorf("line %d: player %d rank %d %q, want %d %d %q", i+1, got[i].Player, got[i].Rank,
				got[i].TieBreak, w.player, w.rank, w.note)
		}
	}
}
