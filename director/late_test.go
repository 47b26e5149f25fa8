package director

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestSeedLate seeds 14 players, P05 and P12 standbys, then registers a
// late P14: dtm seed --late gives P14 the seat of P12 (the standby the
// sit-out order benches first: the lower row), marks P12 Sitting out, and
// changes no other seat.
func TestSeedLate(t *testing.T) {
	t.Parallel()
	path := seededWithStandbys(t, nil)
	before := heatSeats(t, path)
	if _, err := SeatLate(context.Background(), LateRequest{Path: path}); err == nil ||
		!strings.Contains(err.Error(), "is seated") {
		t.Errorf("--late with everyone seated: %v", err)
	}
	registerP14(t, path)
	res, err := SeatLate(context.Background(), LateRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	after := heatSeats(t, path)
	if after[14] != before[12] {
		t.Errorf("P14 sits at %v, want P12's seat %v", after[14], before[12])
	}
	if _, still := after[12]; still {
		t.Error("P12 is still seated")
	}
	for p := range 12 {
		if after[p] != before[p] {
			t.Errorf("P%02d moved from %v to %v", p, before[p], after[p])
		}
	}
	var out strings.Builder
	res.WriteText(&out)
	if !strings.Contains(out.String(), "P14 Player takes the seat of standby P12 Player (board ") {
		t.Errorf("summary:\n%s", out.String())
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := b.Tournament.Players[12].Registration[0]; r != workbook.SittingOut {
		t.Errorf("P12's registration %v, want Sitting out", r)
	}
	b.Close()
	chk, err := Check(CheckRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if len(chk.Warnings) > 0 {
		t.Errorf("dtm check after --late: %v", chk.Warnings)
	}
}

// lateWorkbook is a workbook of 21 players for one heat, of whom only the
// first registered are registered, the rows standbys marked Standby.
func lateWorkbook(t *testing.T, registered int, standbys ...int) (string, func(players ...int)) {
	t.Helper()
	ps := fixture.Numbered(21)
	for p := registered; p < 21; p++ {
		ps[p].Heats = map[int]any{1: nil}
	}
	for _, p := range standbys {
		ps[p].Columns = map[string]any{workbook.HeaderStandby: "Yes"}
	}
	path := fixture.Build(t, fixture.Tournament{Name: "Rule", Seed: 1, Players: ps})
	register := func(players ...int) {
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		col := fixture.PlayersColumn(t, f, workbook.HeatSheet(1))
		for _, p := range players {
			fixture.Set(t, f, workbook.SheetPlayers, col+fmt.Sprint(p+2), "Registered")
		}
		if err := xlsxcheck.Save(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return path, register
}

// heatSeats reads heat 1's seats: player -> board and power.
func heatSeats(t *testing.T, path string) map[int][2]int {
	t.Helper()
	out := map[int][2]int{}
	for _, g := range heatGames(t, path, 1) {
		for _, s := range g.Seats {
			out[s.Player] = [2]int{g.Board, s.Power}
		}
	}
	return out
}

// startBoardOne marks heat 1's first board (rows 2 to 8) Started.
func startBoardOne(t *testing.T, path string) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for r := 2; r <= 8; r++ {
		fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(2, r), "Started")
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// heatGames reads heat n's games as the workbook holds them.
func heatGames(t *testing.T, path string, n int) []workbook.Game {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	return b.Tournament.Heats[n-1].Games
}

// TestSeedLateNewBoards checks late players on new boards, hand-worked:
//   - 14 seated (board 1 started), 7 late (P14 to P20): a new board 3 of
//     exactly them; boards 1 and 2 unchanged;
//   - 16 registered, P13 and P14 standbys benched by --sit-out auto, 5 late
//     (P16 to P20): 5 + the 2 benched standbys make board 3; the standbys
//     are registered again;
//   - 14 seated, 3 late, no standby: nothing changes, and the error lists
//     the options.
func TestSeedLateNewBoards(t *testing.T) {
	t.Parallel()
	check := func(t *testing.T, path string, before map[int][2]int, board3 []int) {
		t.Helper()
		after := heatSeats(t, path)
		for p, seat := range before {
			if after[p] != seat {
				t.Errorf("P%02d moved from %v to %v", p, seat, after[p])
			}
		}
		var got []int
		for p, seat := range after {
			if seat[0] == 3 {
				got = append(got, p)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, board3) || len(after) != len(before)+len(board3) {
			t.Errorf("board 3: %v, want %v (%d seated)", got, board3, len(after))
		}
		chk, err := Check(CheckRequest{Path: path})
		if err != nil || len(chk.Warnings) > 0 {
			t.Errorf("dtm check after --late: %v %v", err, chk)
		}
	}
	t.Run("seven late", func(t *testing.T) {
		t.Parallel()
		path, register := lateWorkbook(t, 14)
		if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path}); err != nil {
			t.Fatal(err)
		}
		startBoardOne(t, path)
		before := heatSeats(t, path)
		register(14, 15, 16, 17, 18, 19, 20)
		res, err := SeatLate(context.Background(), LateRequest{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		check(t, path, before, []int{14, 15, 16, 17, 18, 19, 20})
		var out strings.Builder
		res.WriteText(&out)
		if !strings.Contains(out.String(), "heat 1: new board 3 for late players, seeded with the usual conflicts (no other board changed): P") {
			t.Errorf("summary:\n%s", out.String())
		}
	})
	t.Run("five late and two benched standbys", func(t *testing.T) {
		t.Parallel()
		path, register := lateWorkbook(t, 16, 13, 14)
		res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, SitOutAuto: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.SatOut, []string{"P13 Player", "P14 Player"}) {
			t.Fatalf("sat out %v", res.SatOut)
		}
		before := heatSeats(t, path)
		register(16, 17, 18, 19, 20)
		late, err := SeatLate(context.Background(), LateRequest{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		check(t, path, before, []int{13, 14, 16, 17, 18, 19, 20})
		if !slices.Equal(late.Restored, []string{"P13 Player", "P14 Player"}) || len(late.SittingOut) != 0 {
			t.Errorf("restored %v, sitting out %v", late.Restored, late.SittingOut)
		}
	})
	t.Run("three late", func(t *testing.T) {
		t.Parallel()
		path, register := lateWorkbook(t, 14)
		if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path}); err != nil {
			t.Fatal(err)
		}
		before := heatSeats(t, path)
		register(14, 15, 16)
		_, err := SeatLate(context.Background(), LateRequest{Path: path})
		for _, want := range []string{"heat 1: 3 late player(s) (P14 Player, P15 Player, P16 Player) do not make a whole board",
			"find 4 more (late players registered for the heat, or standbys marked Sitting out in it)", "dtm seed --heat 1", "dtm seed --refresh --heat 1"} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error lacks %q: %v", want, err)
			}
		}
		if after := heatSeats(t, path); len(after) != len(before) {
			t.Errorf("%d seated after the refusal, want %d", len(after), len(before))
		}
	})
}

// TestSeedLateDropOuts checks drop-outs after seeding, hand-worked on 14
// players seated on two boards (board 1 started), P15 and P16 standbys
// benched (registered Sitting out):
//   - P03 (board 1, started) and P10 (board 2) drop out; P14 registers
//     late: P14 takes P10's seat with P10's power; P03's started board is
//     not touched; nobody else moves;
//   - then another player of board 2 drops out, with no late player left:
//     standby P15 comes back for it (the sit-out order benches the lower
//     row, P16, first, so P15 is the last to deserve sitting out);
//   - then two more drop out with one standby (P16) left: nothing changes
//     and the error says what the options are.
func TestSeedLateDropOuts(t *testing.T) {
	t.Parallel()
	path, register := lateWorkbook(t, 14, 15, 16)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path}); err != nil {
		t.Fatal(err)
	}
	edit := func(cell string, value any, players ...int) {
		t.Helper()
		f, err := excelize.OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		col := cell
		if col == "" {
			col = fixture.PlayersColumn(t, f, workbook.HeatSheet(1))
		}
		for _, p := range players {
			fixture.Set(t, f, workbook.SheetPlayers, col+fmt.Sprint(p+2), value)
		}
		if err := xlsxcheck.Save(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	edit("", "Sitting out", 15, 16)
	startBoardOne(t, path)
	before := heatSeats(t, path)
	boardOf := func(p int) int { return before[p][0] }
	startedDrop, openDrop := -1, -1
	for p := range 14 {
		if boardOf(p) == 1 && startedDrop < 0 {
			startedDrop = p
		}
		if boardOf(p) == 2 && openDrop < 0 {
			openDrop = p
		}
	}
	edit("", nil, startedDrop, openDrop)
	register(14)
	chk, err := Check(CheckRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	var warned []string
	for _, w := range chk.Warnings {
		if strings.Contains(w.Msg, "no longer plays heat 1") {
			warned = append(warned, w.Msg)
		}
	}
	if want := fmt.Sprintf("warning: P%02d Player is seated on board 2 but no longer plays heat 1 (Players sheet)", openDrop); len(warned) != 1 || warned[0] != want {
		t.Errorf("dtm check warns %q, want only %q (board 1 has started)", warned, want)
	}
	res, err := SeatLate(context.Background(), LateRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	after := heatSeats(t, path)
	if after[14] != before[openDrop] {
		t.Errorf("P14 sits at %v, want the drop-out's seat %v", after[14], before[openDrop])
	}
	if after[startedDrop] != before[startedDrop] {
		t.Errorf("the started board changed: P%02d at %v, was %v", startedDrop, after[startedDrop], before[startedDrop])
	}
	for p := range 14 {
		if p != openDrop && after[p] != before[p] {
			t.Errorf("P%02d moved from %v to %v", p, before[p], after[p])
		}
	}
	var out strings.Builder
	res.WriteText(&out)
	if want := fmt.Sprintf("P14 Player (late player) takes the seat of P%02d Player, who no longer plays heat 1 (board 2, ", openDrop); !strings.Contains(out.String(), want) {
		t.Errorf("summary lacks %q:\n%s", want, out.String())
	}
	t.Logf("dtm seed --late:\n%s", out.String())
	if chk, err := Check(CheckRequest{Path: path}); err != nil || len(chk.Warnings) > 0 {
		t.Errorf("dtm check after --late: %v %v", err, chk)
	}

	// A second drop-out on board 2, no late player: the standby P15 comes back.
	second := -1
	for p := range 14 {
		if boardOf(p) == 2 && p != openDrop {
			second = p
			break
		}
	}
	before = heatSeats(t, path)
	edit("", nil, second)
	if res, err = SeatLate(context.Background(), LateRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	after = heatSeats(t, path)
	if after[15] != before[second] {
		t.Errorf("P15 sits at %v, want %v", after[15], before[second])
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := b.Tournament.Players[15].Registration[0]; r != workbook.Registered {
		t.Errorf("P15's registration %v, want Registered", r)
	}
	b.Close()
	if len(res.DropOuts) != 1 || !res.DropOuts[0].Standby {
		t.Errorf("drop-outs %+v", res.DropOuts)
	}

	// Two more drop-outs, one standby (P16) left: refused, nothing written.
	var two []int
	for p := range 14 {
		if boardOf(p) == 2 && p != openDrop && p != second && len(two) < 2 {
			two = append(two, p)
		}
	}
	before = heatSeats(t, path)
	edit("", nil, two...)
	_, err = SeatLate(context.Background(), LateRequest{Path: path})
	for _, want := range []string{"heat 1: 2 player(s) seated on boards that have not started no longer play the heat",
		"0 late player(s) and 1 standby(s) sitting the heat out", "register 1 more", "dtm seed --heat 1"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	if after := heatSeats(t, path); !maps.Equal(after, before) {
		t.Errorf("the refusal changed the seating: %v, was %v", after, before)
	}
}

// TestSeedLateKeepsTypedPowers: powers chosen at the tables, a director has
// typed three of board 1's seven powers when a late player arrives; dtm seed
// --late gives the late player a standby's seat and keeps the three powers
// as typed (it once wrote them back empty, since the seeder sees a board's
// powers only when all seven are typed).
func TestSeedLateKeepsTypedPowers(t *testing.T) {
	t.Parallel()
	path := seededWithStandbys(t, map[string]any{workbook.SetPowerAssignment: "At the tables"})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	header, err := f.GetRows(workbook.HeatSheet(1))
	if err != nil {
		t.Fatal(err)
	}
	power := slices.Index(header[0], workbook.HeaderPower)
	if power < 0 {
		t.Fatalf("heat sheet has no %q column: %v", workbook.HeaderPower, header[0])
	}
	typed := []string{"Austria", "England", "France"}
	for i, pw := range typed {
		fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(power+1, 2+i), pw)
	}
	fixture.Set(t, f, workbook.SheetPlayers, fixture.PlayersColumn(t, f, workbook.HeatSheet(1))+"16", "Registered")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := SeatLate(context.Background(), LateRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	f, err = excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for i, want := range typed {
		cell := fixture.Cell(power+1, 2+i)
		if got, err := f.GetCellValue(workbook.HeatSheet(1), cell); err != nil || got != want {
			t.Errorf("%s!%s = %q (%v) after --late, want %q as typed", workbook.HeatSheet(1), cell, got, err, want)
		}
	}
}

// registerP14 registers P14 (row 16 of the Players sheet) for heat 1, as a
// late arrival at seededWithStandbys's heat.
func registerP14(t *testing.T, path string) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fixture.Set(t, f, workbook.SheetPlayers, fixture.PlayersColumn(t, f, workbook.HeatSheet(1))+"16", "Registered")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// seededWithStandbys seeds heat 1 of a 15-player workbook (settings as
// given) in which P05 and P12 are standbys and P14 is not registered yet,
// and returns its path.
func seededWithStandbys(t *testing.T, settings map[string]any) string {
	t.Helper()
	path := ruleWorkbook(t, 15, 1, settings)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fixture.Set(t, f, workbook.SheetPlayers, fixture.PlayersColumn(t, f, workbook.HeatSheet(1))+"16", nil) // P14 not registered yet
	standby := fixture.PlayersColumn(t, f, workbook.HeaderStandby)
	fixture.Set(t, f, workbook.SheetPlayers, standby+"7", "Yes")  // P05
	fixture.Set(t, f, workbook.SheetPlayers, standby+"14", "Yes") // P12
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path}); err != nil {
		t.Fatal(err)
	}
	return path
}
