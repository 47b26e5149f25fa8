package seeding

import (
	"fmt"
	"slices"
	"testing"
)

// TestChooseSitOuts checks the order of sit-outs and the fewest changes
// after a cancellation, on hand-worked cases.
func TestChooseSitOuts(t *testing.T) {
	// Ten players: b and g have priority 2; f and j travelled least (1 km).
	ten := []SitOutCandidate{
		{Player: 0, Distance: 10}, {Player: 1, Priority: 2, Distance: 900}, {Player: 2, Distance: 5},
		{Player: 3, Distance: 5}, {Player: 4, Distance: 50}, {Player: 5, Distance: 1}, {Player: 6, Priority: 2},
		{Player: 7, Distance: 70}, {Player: 8, Distance: 3}, {Player: 9, Distance: 1},
	}
	for i := range ten {
		ten[i].Row = i + 2
	}
	pick := func(ids ...int) []SitOutCandidate {
		var out []SitOutCandidate
		for _, i := range ids {
			out = append(out, ten[i])
		}
		return out
	}
	// equal gives n players alike but for their rows (row = index + 2).
	equal := func(n int) []SitOutCandidate {
		out := make([]SitOutCandidate, n)
		for i := range out {
			out[i] = SitOutCandidate{Player: i, Row: i + 2, ToPlay: 3}
		}
		return out
	}
	tests := []struct {
		why          string
		candidates   []SitOutCandidate
		minHeats     int
		sit, restore []int
	}{
		{"nine: b and g (priority 2) before anyone who travelled less", pick(0, 1, 2, 3, 4, 5, 6, 7, 8), 0, []int{1, 6}, nil},
		{"eight: b (priority 2), however far b came", pick(0, 1, 2, 3, 4, 5, 7, 8), 0, []int{1}, nil},
		{"eight, no priority: f and j travelled least (1 km); j is the later row", pick(0, 2, 3, 4, 5, 7, 8, 9), 0, []int{9}, nil},
		{"seven: nobody", pick(0, 2, 3, 4, 5, 7, 8), 0, nil, nil},
		{"six in all: no board can be filled, nothing changes", pick(0, 2, 3, 4, 5, 7), 0, nil, nil},
		{"thirty alike: the two latest rows", equal(30), 0, []int{28, 29}, nil},
		{"sat out least first: the latest rows have sat out once, the next two sit", func() []SitOutCandidate {
			c := equal(30)
			c[28].SatOut, c[29].SatOut = 1, 1
			return c
		}(), 0, []int{26, 27}, nil},
		{"priority before sat-out count: b has sat out twice and still sits", func() []SitOutCandidate {
			c := pick(0, 1, 2, 3, 4, 5, 7, 8)
			c[1].SatOut = 2
			return c
		}(), 0, []int{1}, nil},
		// Minimum 3 of 4 heats. In heat 2, player 29 has played none (sat out heat 1) and is registered for
		// heats 3 and 4: 0 + 2 < 3 but 0 + 2 + 1 >= 3, so sitting out would cost qualifying. Priority 5 does
		// not make them sit while someone else can.
		{"qualifying minimum before priority", func() []SitOutCandidate {
			c := equal(29)
			c[28] = SitOutCandidate{Player: 28, Row: 30, Priority: 5, Played: 0, SatOut: 1, ToPlay: 2}
			for i := range 28 {
				c[i].Played, c[i].ToPlay = 1, 2
			}
			return c
		}(), 3, []int{27}, nil},
		// Minimum 3 of 4, heat 3: the others have played 1 and are registered for heat 4, so they need this
		// heat; player 0 has played none and can reach 2 at most, so sitting out costs nothing more.
		{"qualifying minimum: a player who cannot qualify anyway is not protected", func() []SitOutCandidate {
			c := equal(29)
			for i := range c {
				c[i].Played, c[i].SatOut, c[i].ToPlay = 1, 1, 1
			}
			c[0].Played, c[0].SatOut = 0, 2
			return c
		}(), 3, []int{0}, nil},
		{"everyone protected: they sit all the same, by the usual order", func() []SitOutCandidate {
			c := equal(8)
			for i := range c {
				c[i].ToPlay = 2
			}
			return c
		}(), 3, []int{7}, nil},
		// The cancellation: 30 were registered, 28 and 29 sat out; one of the 28 cancels. 27 to play and 2
		// sitting: 28 is one change away (bring one back), 21 six (bench six more). The one to come back is
		// the one who deserves the sit-out least: the earlier row, 28.
		{"cancellation: restore one rather than bench six", func() []SitOutCandidate {
			c := equal(30)
			c[28].Sitting, c[29].Sitting = true, true
			return slices.Delete(c, 5, 6)
		}(), 0, nil, []int{28}},
		{"two cancel: restore both", func() []SitOutCandidate {
			c := equal(30)
			c[28].Sitting, c[29].Sitting = true, true
			return slices.Delete(c, 5, 7)
		}(), 0, nil, []int{28, 29}},
		// 24 to play and 4 sitting: 28 takes four changes, 21 three: bench three more.
		{"fewest changes: bench three rather than restore four", func() []SitOutCandidate {
			c := equal(28)
			for i := 24; i < 28; i++ {
				c[i].Sitting = true
			}
			return c
		}(), 0, []int{21, 22, 23}, nil},
		// Standbys play only if needed: 27 players and 3 standbys (rows 5, 12, 19) make 30; two sit out,
		// the two standbys the usual order puts first among them (latest rows: 12 and 19), however the
		// others compare (player 29 has priority 5 and travelled least).
		{"standbys sit out first", func() []SitOutCandidate {
			c := equal(30)
			for _, i := range []int{3, 10, 17} {
				c[i].Standby = true
			}
			c[29].Priority = 5
			return c
		}(), 0, []int{10, 17}, nil},
		{"standbys before the qualifying minimum", func() []SitOutCandidate {
			c := equal(8)
			c[0].Standby, c[0].ToPlay = true, 2 // needs this heat for 3 of 4, sits out all the same
			return c
		}(), 3, []int{0}, nil},
		// A cancellation with a standby and a player sitting out: the player comes back, not the standby.
		{"cancellation: a standby comes back last", func() []SitOutCandidate {
			c := equal(30)
			c[3].Standby, c[3].Sitting = true, true
			c[29].Sitting = true
			return slices.Delete(c, 5, 6)
		}(), 0, nil, []int{29}},
	}
	for _, tc := range tests {
		got := ChooseSitOuts(tc.candidates, tc.minHeats)
		if !slices.Equal(got.SitOut, tc.sit) || !slices.Equal(got.Restore, tc.restore) {
			t.Errorf("%s: sit out %v, restore %v; want %v, %v", tc.why, got.SitOut, got.Restore, tc.sit, tc.restore)
		}
		for _, p := range append(append([]int(nil), got.SitOut...), got.Restore...) {
			if got.Why[p] == "" {
				t.Errorf("%s: no reason for player %d", tc.why, p)
			}
		}
	}
}

// TestChooseSitOutsAfterCalls checks the choice on a heat whose 28 seats
// (four boards) were called: it keeps them filled, and benches the late
// players before anyone called to a board.
func TestChooseSitOutsAfterCalls(t *testing.T) {
	// called gives the 28 players of the called boards, but for those of
	// gone (dropped out), then late players and sitters, rows in order.
	called := func(gone []int, late, sitting int) []SitOutCandidate {
		var out []SitOutCandidate
		for i := range 28 {
			if !slices.Contains(gone, i) {
				out = append(out, SitOutCandidate{Player: i, Row: i + 2, Called: true})
			}
		}
		for i := 28; i < 28+late+sitting; i++ {
			out = append(out, SitOutCandidate{Player: i, Row: i + 2, Sitting: i >= 28+late})
		}
		return out
	}
	tests := []struct {
		why          string
		candidates   []SitOutCandidate
		sit, restore []int
	}{
		// ChooseSitOuts would bench three more (21 is three away from 24, 28 four): that breaks up a board.
		{"four drop out, four sitting: all four come back to the empty seats", called([]int{1, 5, 9, 13}, 0, 4), nil, []int{28, 29, 30, 31}},
		{"one drops out, two sitting: the earlier row comes back", called([]int{3}, 0, 2), nil, []int{28}},
		{"three late players: they sit out, not three called players of later rows", called(nil, 3, 0), []int{28, 29, 30}, nil},
		{"five late and two sitting: a new board, the sitters back", called(nil, 5, 2), nil, []int{33, 34}},
		{"full: nobody changes", called(nil, 0, 3), nil, nil},
		// Too few to fill the seats: chosen as ChooseSitOuts chooses; the caller refuses.
		{"eight drop out, two sitting: 21, fewer than the seats", called([]int{0, 1, 2, 3, 4, 5, 6, 7}, 0, 2), nil, []int{28}},
	}
	for _, tc := range tests {
		got := ChooseSitOutsAfterCalls(tc.candidates, 0, 28)
		if !slices.Equal(got.SitOut, tc.sit) || !slices.Equal(got.Restore, tc.restore) {
			t.Errorf("%s: sit out %v, restore %v; want %v, %v", tc.why, got.SitOut, got.Restore, tc.sit, tc.restore)
		}
	}
}

// TestSitOutsRotate plays a 30-player, 4-heat tournament with everyone
// alike: two sit out each heat, and no one sits out twice before everyone
// has once (4 heats x 2 = 8 different players).
func TestSitOutsRotate(t *testing.T) {
	const players, heats = 30, 4
	satOut, played := make([]int, players), make([]int, players)
	var all []string
	for h := 1; h <= heats; h++ {
		var c []SitOutCandidate
		for p := range players {
			c = append(c, SitOutCandidate{Player: p, Row: p + 2, SatOut: satOut[p], Played: played[p], ToPlay: heats - h})
		}
		got := ChooseSitOuts(c, 3)
		if len(got.SitOut) != 2 {
			t.Fatalf("heat %d: %v sit out, want two", h, got.SitOut)
		}
		for p := range players {
			if slices.Contains(got.SitOut, p) {
				satOut[p]++
			} else {
				played[p]++
			}
		}
		all = append(all, fmt.Sprint(got.SitOut))
	}
	if want := []string{"[28 29]", "[26 27]", "[24 25]", "[22 23]"}; !slices.Equal(all, want) {
		t.Errorf("sit-outs by heat %v, want %v", all, want)
	}
	if slices.Max(satOut) != 1 || slices.Min(played) != 3 {
		t.Errorf("sat out %v, played %v: everyone should play 3 of 4", satOut, played)
	}
}

// TestSitOutWhy checks the reasons ChooseSitOuts gives, in words.
func TestSitOutWhy(t *testing.T) {
	c := []SitOutCandidate{{Player: 0, Standby: true}, {Player: 1, Priority: 2, SatOut: 1, Distance: 40, Row: 7},
		{Player: 2, Played: 1, ToPlay: 1, Row: 3}}
	want := []string{"standby: plays only if needed", "sit-out priority 2, sat out 1 heat before, 40 km, row 7",
		"needs this heat to reach the minimum of 3, sat out 0 heats before, 0 km, row 3"}
	for i, w := range want {
		if got := c[i].why(3); got != w {
			t.Errorf("player %d: %q, want %q", i, got, w)
		}
	}
}

// TestBenchStandbys: under --two-boards, standbys sit out only when that
// alone fills boards of seven. 15 players with two standbys: 15 mod 7 = 1,
// so the one the sit-out order benches first (the later row, 9) sits out
// and 14 fill two boards; with 13 players (13 mod 7 = 6) two standbys are
// not enough, so both play and players on two boards fill the boards.
func TestBenchStandbys(t *testing.T) {
	two := []SitOutCandidate{{Player: 3, Standby: true, Row: 5}, {Player: 7, Standby: true, Row: 9}, {Player: 1, Row: 12}}
	for _, tc := range []struct {
		name       string
		candidates []SitOutCandidate
		players    int
		want       []int
	}{
		{"15 players, one must go: the later standby", two, 15, []int{7}},
		{"16 players, two must go: both standbys", two, 16, []int{3, 7}},
		{"13 players, six must go: the standbys play", two, 13, nil},
		{"14 players fill two boards", two, 14, nil},
		{"no standby", []SitOutCandidate{{Player: 1, Row: 2}}, 8, nil},
		{"a standby already sitting out does not count", []SitOutCandidate{{Player: 3, Standby: true, Sitting: true}}, 8, nil},
		{"fewer than seven", []SitOutCandidate{{Player: 3, Standby: true}}, 6, nil},
	} {
		got := BenchStandbys(tc.candidates, tc.players, 0)
		if !slices.Equal(got.SitOut, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got.SitOut, tc.want)
		}
		for _, p := range got.SitOut {
			if got.Why[p] != "standby: plays only if needed" {
				t.Errorf("%s: why %q", tc.name, got.Why[p])
			}
		}
	}
}
