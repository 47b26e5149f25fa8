package director

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestQualificationRanking ranks seven players who played two heats on one
// board, hand-worked: heat 1 scores 10, 9 ... 4 (player 0 first), heat 2
// the reverse, 4 ... 10, except player 3 with 30 in heat 2.
//
//	player   0  1  2  3  4  5  6
//	heat 1  10  9  8  7  6  5  4
//	heat 2   4  5  6 30  8  9 10
//	sum     14 14 14 37 14 14 14
func TestQualificationRanking(t *testing.T) {
	t.Parallel()
	tour := &workbook.Tournament{Settings: workbook.Settings{Heats: 3}}
	for i := range 7 {
		tour.Players = append(tour.Players, workbook.Player{Name: fmt.Sprintf("P%d", i), Registration: make([]workbook.Registration, 3)})
	}
	for h := 1; h <= 3; h++ {
		tour.Heats = append(tour.Heats, workbook.Heat{Number: h})
	}
	heat1 := []float64{10, 9, 8, 7, 6, 5, 4}
	heat2 := []float64{4, 5, 6, 30, 8, 9, 10}
	for h, scores := range [][]float64{heat1, heat2} {
		g := workbook.Game{Board: 1, Status: workbook.Finished, Scored: true}
		for i, sc := range scores {
			g.Seats = append(g.Seats, workbook.Seat{Power: i, Player: i, Replaced: -1, Centres: 4, Year: 1907, Score: sc})
		}
		tour.Heats[h].Games = []workbook.Game{g}
	}
	tests := []struct {
		q    string
		want []int
	}{
		// Standings: 3 first, the rest tied on 14 in the standings' order.
		{"best 1 of heats 1-2", []int{3, 0, 6, 1, 5, 2, 4}}, // 30, 10, 10, 9, 9, 8, 8: ties in standings order
		{"best 1 of heats 1-1", []int{0, 1, 2, 3, 4, 5, 6}},
		{"best 1 of heats 2-2", []int{3, 6, 5, 4, 2, 1, 0}},
	}
	std, err := qualificationRanking(tour, 3)
	if err != nil {
		t.Fatal(err)
	}
	if std[0] != 3 {
		t.Errorf("standings: %v, want player 3 first", std)
	}
	for _, tc := range tests {
		q, err := seeding.ParseQualification(tc.q, 3)
		if err != nil {
			t.Fatal(err)
		}
		tour.Settings.Qualification = q
		got, err := qualificationRanking(tour, 3)
		if err != nil {
			t.Fatal(err)
		}
		// Within equal scores the standings' order decides: compare with it.
		want := slices.Clone(tc.want)
		if tc.q == "best 1 of heats 1-2" {
			// 0 and 6 (10), 1 and 5 (9), 2 and 4 (8) in standings order.
			want = []int{3}
			for _, pair := range [][2]int{{0, 6}, {1, 5}, {2, 4}} {
				if slices.Index(std, pair[0]) < slices.Index(std, pair[1]) {
					want = append(want, pair[0], pair[1])
				} else {
					want = append(want, pair[1], pair[0])
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: ranking %v, want %v", tc.q, got, want)
		}
	}
	// Games of the heat being seeded and later do not count.
	tour.Settings.Qualification = seeding.Qualification{}
	got, err := qualificationRanking(tour, 2)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6}) {
		t.Errorf("standings before heat 2: %v, want heat 1's order", got)
	}
}

// TestSeedPool seeds heat 1 of 21 players, scores it (each player's score
// overridden to 100 + their number, so P20 leads), and seeds heat 2 with
// --pool "top 7": P20 declines, so the pool is P13 to P19, on board 1,
// marked as the top board; the others are on boards 2 and 3.
func TestSeedPool(t *testing.T) {
	t.Parallel()
	path := ruleWorkbook(t, 21, 3, nil)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	declines := fixture.PlayersColumn(t, f, workbook.HeaderDeclines)
	fixture.Set(t, f, workbook.SheetPlayers, declines+"22", "Yes") // P20
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	seedAndFinishHeat1(t, path)
	res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 2, Pool: Pool{Size: 7}})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"P19 Player", "P18 Player", "P17 Player", "P16 Player", "P15 Player", "P14 Player", "P13 Player"}
	if res.Pool == nil || !slices.Equal(res.Pool.Players, want) || !slices.Equal(res.Pool.Declined, []string{"P20 Player"}) {
		t.Fatalf("pool %+v, want %v with P20 declined", res.Pool, want)
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	tour := b.Tournament
	var board1 []string
	for _, g := range tour.Heats[1].Games {
		for _, s := range g.Seats {
			if g.Board == 1 {
				board1 = append(board1, tour.Players[s.Player].Name)
				if g.System != tour.Settings.System {
					t.Errorf("board 1's Scoring system %q, want the heat's %q (the top-board mark)", g.System, tour.Settings.System)
				}
			} else if g.System != "" {
				t.Errorf("board %d has Scoring system %q, want none", g.Board, g.System)
			}
		}
	}
	slices.Sort(board1)
	slices.Sort(want)
	if !slices.Equal(board1, want) {
		t.Errorf("board 1 seats %v, want exactly the pool %v", board1, want)
	}
	calls := tour.HeatCallBoards(2)
	if len(calls) != 3 || !calls[0].Top || calls[1].Top || calls[2].Top {
		t.Errorf("top boards: %v %v %v, want board 1 only", calls[0].Top, calls[1].Top, calls[2].Top)
	}
	var out strings.Builder
	res.WriteText(&out)
	if !strings.Contains(out.String(), "heat 2: the pool (top 7 by standings) on board 1, seeded among themselves: P19 Player, ") ||
		!strings.Contains(out.String(), "declined a pool seat (the next in line took it): P20 Player") {
		t.Errorf("summary:\n%s", out.String())
	}
	chk, err := Check(CheckRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if len(chk.Warnings) > 0 {
		t.Errorf("dtm check after --pool: %v", chk.Warnings)
	}
	for _, bad := range []string{"top 8", "best 7", "top 0"} {
		if p, err := ParsePool(bad); err == nil || !strings.HasSuffix(err.Error(), ", or contention") {
			t.Errorf("ParsePool(%q) = %+v, %v; want an error", bad, p, err)
		}
	}
}

// seedAndFinishHeat1 seeds heat 1 and finishes its boards, each player's
// score overridden to 100 + their number, so that the last player leads.
func seedAndFinishHeat1(t *testing.T, path string) {
	t.Helper()
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 1}); err != nil {
		t.Fatal(err)
	}
	finishHeat(t, path, 1, func(p int) int { return 100 + p })
}

// TestSeedContention seeds heat 2 of 3 with --pool contention after heat 1
// scored (overrides): P13 300, P12 60, P11 49, P10 48, the others 0.
// Under DipCon XXXIV a game scores at most 116 (a solo in 1905: 121 - 5)
// and at least -10 (out in 1901: 1 - 11), with two heats left: P scores
// 232 more at best, the others -20 at worst, so P is in contention when
// its score reaches 300 - 20 - 232 = 48: P13, P12, P11 and P10, seated on
// board 1 with three more.
func TestSeedContention(t *testing.T) {
	t.Parallel()
	path := contentionWorkbook(t, nil, map[int]int{13: 300, 12: 60, 11: 49, 10: 48})
	res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 2, Pool: Pool{Contention: true}})
	if err != nil {
		t.Fatal(err)
	}
	p := res.Pool
	if p == nil || p.Contention == nil || p.Contention.Max != 116 || p.Contention.Min != -10 || p.Contention.Left != 2 {
		t.Fatalf("contention %+v, want a game from -10 to 116, two heats left", p)
	}
	want := []string{"P13 Player", "P12 Player", "P11 Player", "P10 Player"}
	if !slices.Equal(p.Contenders, want) || len(p.Players) != 7 || !slices.Equal(p.Players[:4], want) {
		t.Errorf("contenders %v, pool %v; want %v and three more", p.Contenders, p.Players, want)
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for _, g := range b.Tournament.Heats[1].Games {
		for _, s := range g.Seats {
			if in := slices.Contains(p.Players, b.Tournament.Players[s.Player].Name); in != (g.Board == 1) {
				t.Errorf("board %d seats %s (in the pool: %v)", g.Board, b.Tournament.Players[s.Player].Name, in)
			}
		}
	}
	var out strings.Builder
	res.WriteText(&out)
	if !strings.Contains(out.String(), "heat 2: 4 can still finish first (a game scores -10 to 116, 2 heat(s) left): P13 Player, P12 Player, P11 Player, P10 Player") {
		t.Errorf("summary:\n%s", out.String())
	}
}

// TestContentionTopFactor: with a Top board multiplier, a game of the heats
// left scores Max and Min times it, since anyone may yet sit on a top
// board. Hand-worked, heat 1 scored P13 600, P12 100, P11 97, P10 96, P09
// 95, the others 0; two heats left under DipCon XXXIV (-10 to 116):
//
//   - multiplier 1: in contention from 600 - 2 x 10 - 2 x 116 = 348: P13 alone;
//   - multiplier 2 (-20 to 232): from 600 - 40 - 464 = 96: P13, P12, P11, P10;
//   - multiplier 0.5 (-10 to 116: a smaller multiplier never narrows): 348 again.
func TestContentionTopFactor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		factor   float64
		max, min float64
		want     []int
	}{
		{1, 116, -10, []int{13}},
		{2, 232, -20, []int{13, 12, 11, 10}},
		{0.5, 116, -10, []int{13}},
	} {
		t.Run(fmt.Sprint(tc.factor), func(t *testing.T) {
			t.Parallel()
			path := contentionWorkbook(t, map[string]any{workbook.SetTopFactor: tc.factor},
				map[int]int{13: 600, 12: 100, 11: 97, 10: 96, 9: 95})
			b, err := open(path, usedSystems)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			c, err := contention(b.Tournament, 2)
			if err != nil {
				t.Fatal(err)
			}
			if c.Max != tc.max || c.Min != tc.min || !slices.Equal(c.Players, tc.want) {
				t.Errorf("contention %+v, want %g to %g, players %v", c, tc.min, tc.max, tc.want)
			}
		})
	}
}

// TestContentionHeatSystem checks that the game scores of the heats left
// come from each heat's own system (Heats sheet), not the tournament's:
// with heats 2 and 3 under CDiplo 100 (a solo 100, everyone else 0) a game
// scores 0 to 100, not DipCon XXXIV's -10 to 116.
func TestContentionHeatSystem(t *testing.T) {
	t.Parallel()
	path := contentionWorkbook(t, nil, map[int]int{13: 600, 12: 100})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fixture.Set(t, f, workbook.SheetHeats, "B3", "CDiplo 100")
	fixture.Set(t, f, workbook.SheetHeats, "B4", "CDiplo 100")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	b, err := open(path, usedSystems)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	c, err := contention(b.Tournament, 2)
	if err != nil {
		t.Fatal(err)
	}
	if c.Max != 100 || c.Min != 0 {
		t.Errorf("a game of heats 2 and 3 scores %g to %g, want 0 to 100 (CDiplo 100)", c.Min, c.Max)
	}
}

// contentionWorkbook is a 14-player, 3-heat workbook with the settings
// given, heat 1 seeded and finished with the score overrides given (0 for
// players not listed).
func contentionWorkbook(t *testing.T, settings map[string]any, score map[int]int) string {
	t.Helper()
	path := ruleWorkbook(t, 14, 3, settings)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 1}); err != nil {
		t.Fatal(err)
	}
	finishHeat(t, path, 1, func(p int) int { return score[p] })
	return path
}
