package director

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// twoBoardsWorkbook is a workbook of players players registered for heats
// heats, the players of rows volunteers marked Yes in Can play two boards.
func twoBoardsWorkbook(t *testing.T, players, heats int, volunteers ...int) string {
	t.Helper()
	ps := fixture.Numbered(players)
	for _, v := range volunteers {
		ps[v].Columns = map[string]any{workbook.HeaderTwoBoards: "Yes"}
	}
	return fixture.Build(t, fixture.Tournament{Name: "Rule", Heats: heats, Seed: 1, Players: ps})
}

// heatSeatsOf reads heat n's sheet: each player's boards and powers.
func heatSeatsOf(t *testing.T, path string, n int) (boards map[string][]int, powers map[string][]int) {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	boards, powers = map[string][]int{}, map[string][]int{}
	for _, g := range b.Tournament.Heats[n-1].Games {
		for _, s := range g.Seats {
			name := b.Tournament.Players[s.Player].Name
			boards[name] = append(boards[name], g.Board)
			powers[name] = append(powers[name], s.Power)
		}
	}
	return boards, powers
}

// TestSeedTwoBoards seeds two heats of 15 players with --two-boards auto:
// 15 mod 7 = 1, so 6 of the 8 volunteers (P00 to P07) play two boards each
// heat: in heat 1 the first six rows; in heat 2 P06 and P07 first (they
// have doubled in no heat), then P00 to P03 by row. Each doubler sits on
// two boards with two powers, the sheet passes dtm check, and the summary
// says who and why.
func TestSeedTwoBoards(t *testing.T) {
	t.Parallel()
	path := twoBoardsWorkbook(t, 15, 2, 0, 1, 2, 3, 4, 5, 6, 7)
	for _, tc := range []struct {
		heat int
		want []string
	}{
		{1, []string{"P00 Player", "P01 Player", "P02 Player", "P03 Player", "P04 Player", "P05 Player"}},
		{2, []string{"P00 Player", "P01 Player", "P02 Player", "P03 Player", "P06 Player", "P07 Player"}},
	} {
		res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: tc.heat, TwoBoardsAuto: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.TwoBoards, tc.want) {
			t.Errorf("heat %d: two boards %v, want %v", tc.heat, res.TwoBoards, tc.want)
		}
		var out strings.Builder
		res.WriteText(&out)
		for _, want := range []string{
			fmt.Sprintf("P00 Player plays two boards in heat %d (boards ", tc.heat),
			"  why: can play two boards; played two boards in ",
			fmt.Sprintf("heat %d: 15 players on 3 boards, 6 of them on two boards", tc.heat),
		} {
			if !strings.Contains(out.String(), want) {
				t.Errorf("heat %d: summary lacks %q:\n%s", tc.heat, want, out.String())
			}
		}
		boards, powers := heatSeatsOf(t, path, tc.heat)
		for name, bs := range boards {
			want := 1
			if slices.Contains(tc.want, name) {
				want = 2
			}
			if len(bs) != want || (want == 2 && (bs[0] == bs[1] || powers[name][0] == powers[name][1])) {
				t.Errorf("heat %d: %s on boards %v with powers %v", tc.heat, name, bs, powers[name])
			}
		}
		if chk, err := Check(CheckRequest{Path: path}); err != nil || len(chk.Warnings) > 0 {
			t.Errorf("heat %d: check: %v", tc.heat, err)
			if err == nil {
				t.Errorf("warnings: %v", chk.Warnings)
			}
		}
	}
}

// TestSeedTwoBoardsRefused checks the refusals: too few volunteers (13
// players need 1, none marked); a lone board. (main_test checks the refusal
// with --sit-out auto.)
func TestSeedTwoBoardsRefused(t *testing.T) {
	t.Parallel()
	path := twoBoardsWorkbook(t, 13, 1)
	_, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, TwoBoardsAuto: true})
	if err == nil || !strings.Contains(err.Error(), "13 players to seat need 1 of them on two boards to fill boards of seven, but none is marked Yes in Can play two boards") {
		t.Errorf("no volunteers: %v", err)
	}
	path = twoBoardsWorkbook(t, 5, 1, 0, 1, 2)
	_, err = Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, TwoBoardsAuto: true})
	if err == nil || !strings.Contains(err.Error(), "a player cannot play two boards of one") {
		t.Errorf("one board: %v", err)
	}
}

// TestCheckTwoBoards checks that a player seated on two boards who is not
// marked Can play two boards is a located error, as before.
func TestCheckTwoBoards(t *testing.T) {
	t.Parallel()
	path := twoBoardsWorkbook(t, 13, 1, 4)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, TwoBoardsAuto: true}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	col := fixture.PlayersColumn(t, f, workbook.HeaderTwoBoards)
	fixture.Set(t, f, workbook.SheetPlayers, col+"6", "No")
	_, err = saveAndCheck(t, path, f)
	var pe *ProblemsError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Sheet != "Heat 1" ||
		!strings.Contains(pe.Problems[0].Msg, `"P04 Player" is already seated at`) ||
		!strings.Contains(pe.Problems[0].Hint, "Can play two boards") {
		t.Errorf("unmarked player on two boards: %v", err)
	}
}

// TestScoreTwoBoards seats 15 players with 6 on two boards, finishes the
// three games with a score override of 100 plus the sheet row on every
// seat, and checks that dtm score counts each doubler's better game (the
// higher row's score, and its board), everyone else's one game, that dtm
// check accepts the finished sheet, and that the board calls, the exports
// and the site take a player on two boards.
func TestScoreTwoBoards(t *testing.T) {
	t.Parallel()
	path := twoBoardsWorkbook(t, 15, 1, 0, 1, 2, 3, 4, 5, 6, 7)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, TwoBoardsAuto: true}); err != nil {
		t.Fatal(err)
	}
	games := heatGames(t, path, 1)
	best := map[int]float64{} // player -> the better override
	boardOf := map[int]int{}  // player -> the board of the better game
	entries := map[int]int{}  // player -> seats
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range games {
		for k, s := range g.Seats {
			score := float64(100 + s.Row)
			fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(2, s.Row), "Finished")
			fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(6, s.Row), "Win", 1907, []int{6, 5, 4, 5, 4, 5, 5}[k])
			fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(12, s.Row), score)
			if entries[s.Player] == 0 || score > best[s.Player] {
				best[s.Player], boardOf[s.Player] = score, g.Board
			}
			entries[s.Player]++
		}
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Check(CheckRequest{Path: path}); err != nil {
		t.Fatalf("check of the finished heat: %v", err)
	}
	res, err := Score(ScoreRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Table.Players) != 15 {
		t.Fatalf("%d players in the standings, want 15", len(res.Table.Players))
	}
	doubled := 0
	for _, st := range res.Table.Players {
		h := st.Heats[0]
		if h.Score != best[st.Player] || h.Board != boardOf[st.Player] || st.Played != 1 || st.Total != best[st.Player] {
			t.Errorf("%s: heat %+v, total %v, played %d; want %v on board %d", res.Names[st.Player], h, st.Total, st.Played,
				best[st.Player], boardOf[st.Player])
		}
		if entries[st.Player] == 2 {
			doubled++
		}
	}
	if doubled != 6 {
		t.Errorf("%d players on two boards, want 6", doubled)
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	calls := b.Tournament.HeatCallBoards(1)
	b.Close()
	seats := 0
	for _, cb := range calls {
		seats += len(cb.Seats)
	}
	if len(calls) != 3 || seats != 21 {
		t.Errorf("board calls: %d boards, %d seats; want 3 and 21", len(calls), seats)
	}
	if _, err := Export(ExportRequest{Path: path, CSV: true, WDD: true, WDR: true, Ratings: true, Out: t.TempDir()}); err != nil {
		t.Errorf("export: %v", err)
	}
	if _, err := Publish(PublishRequest{Path: path, Out: t.TempDir()}); err != nil {
		t.Errorf("publish: %v", err)
	}
}

// TestSeedTwoBoardsStandbys: a standby plays only if needed, with
// --two-boards auto too. 15 players, P14 a standby: 15 mod 7 = 1, so P14
// sits out (marked on the Players sheet) and 14 fill two boards, nobody on
// two; before, P14 played and six volunteers each played two of three
// boards. 13 players, P12 a standby: 13 mod 7 = 6 and one standby cannot
// make it, so P12 plays and one volunteer (P00) plays two boards.
func TestSeedTwoBoardsStandbys(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		players           int
		satOut, twoBoards []string
		boards            int
	}{
		{15, []string{"P14 Player"}, nil, 2},
		{13, nil, []string{"P00 Player"}, 2},
	} {
		path := twoBoardsWorkbook(t, tc.players, 1, 0, 1, 2, 3, 4, 5)
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fixture.Set(t, f, workbook.SheetPlayers, fmt.Sprint(fixture.PlayersColumn(t, f, workbook.HeaderStandby), tc.players+1), "Yes")
		if err := xlsxcheck.Save(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, TwoBoardsAuto: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.SatOut, tc.satOut) || !slices.Equal(res.TwoBoards, tc.twoBoards) || res.Boards != tc.boards {
			t.Errorf("%d players: sat out %v, two boards %v, %d boards; want %v, %v, %d",
				tc.players, res.SatOut, res.TwoBoards, res.Boards, tc.satOut, tc.twoBoards, tc.boards)
		}
		var out strings.Builder
		res.WriteText(&out)
		for _, p := range tc.satOut {
			if !strings.Contains(out.String(), p+" sits out heat 1 (marked Sitting out on the Players sheet)\n  why: standby: plays only if needed\n") {
				t.Errorf("%d players: summary:\n%s", tc.players, out.String())
			}
		}
		b, err := workbook.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		sat := b.Tournament.Players[tc.players-1].Registration[0] == workbook.SittingOut
		b.Close()
		if sat != (len(tc.satOut) > 0) {
			t.Errorf("%d players: the standby marked Sitting out: %v", tc.players, sat)
		}
	}
}

// TestPowerRuleWarningTwoBoards: a player on two boards who is given, by
// hand, a power the rule forbids on their first board is warned about at
// that board's Power cell, not at their other seat's.
func TestPowerRuleWarningTwoBoards(t *testing.T) {
	t.Parallel()
	path := ruleWorkbook(t, 13, 2, map[string]any{workbook.SetPowerRule: "Different power every heat"})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	col := fixture.PlayersColumn(t, f, workbook.HeaderTwoBoards)
	for p := range 7 {
		fixture.Set(t, f, workbook.SheetPlayers, fmt.Sprint(col, p+2), "Yes")
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	for heat := 1; heat <= 2; heat++ {
		if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: heat, TwoBoardsAuto: true}); err != nil {
			t.Fatal(err)
		}
	}
	played := map[int]int{} // heat 1: player -> a power they played
	for _, g := range heatGames(t, path, 1) {
		for _, s := range g.Seats {
			played[s.Player] = s.Power
		}
	}
	seats := map[int][]workbook.Seat{} // heat 2: player -> seats, board order
	var games []workbook.Game
	for _, g := range heatGames(t, path, 2) {
		games = append(games, g)
		for _, s := range g.Seats {
			seats[s.Player] = append(seats[s.Player], s)
		}
	}
	doubler := -1
	for p, ss := range seats {
		if len(ss) == 2 {
			doubler = p
		}
	}
	if doubler < 0 {
		t.Fatal("nobody plays two boards in heat 2")
	}
	first, was := seats[doubler][0], played[doubler]
	var other workbook.Seat // the seat on the first board with the power the doubler played before
	for _, g := range games {
		for _, s := range g.Seats {
			if s.Power == was && slices.ContainsFunc(g.Seats, func(x workbook.Seat) bool { return x.Row == first.Row }) {
				other = s
			}
		}
	}
	if other.Row == 0 || other.Row == first.Row {
		t.Fatalf("no seat to swap with on the doubler's first board (power %d)", was)
	}
	swapPowers(t, path, 2, first, other)
	checkWarns(t, path, fmt.Sprintf("'Heat 2'!D%d: warning: P%02d Player plays %s, which the power rule", first.Row, doubler, workbook.ChoicesPower[was]))
}
