package director

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// twoBoardsWorkbook is a workbook of players players registered for heats
// heats, the players of rows volunteers marked Yes in Can play two boards.
func twoBoardsWorkbook(t *testing.T, players, heats int, volunteers ...int) string {
	t.Helper()
	path := ruleWorkbook(t, players, heats, nil)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	col := playersColumn(t, f, workbook.HeaderTwoBoards)
	for _, v := range volunteers {
		set(t, f, workbook.SheetPlayers, fmt.Sprint(col, v+2), "Yes")
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
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
	path := twoBoardsWorkbook(t, 15, 2, 0, 1, 2, 3, 4, 5, 6, 7)
	for _, tc := range []struct {
		heat int
		want []string
	}{
		{1, []string{"P00 Player", "P01 Player", "P02 Player", "P03 Player", "P04 Player", "P05 Player"}},
		{2, []string{"P00 Player", "P01 Player", "P02 Player", "P03 Player", "P06 Player", "P07 Player"}},
	} {
		res, err := Seed(context.Background(), SeedRequest{Path: path, Heat: tc.heat, TwoBoardsAuto: true})
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
		if _, err := Check(path); err != nil {
			t.Errorf("heat %d: check: %v", tc.heat, err)
		}
	}
}

// TestSeedTwoBoardsRefused checks the refusals: with --sit-out auto; too
// few volunteers (13 players need 1, none marked); a lone board.
func TestSeedTwoBoardsRefused(t *testing.T) {
	path := twoBoardsWorkbook(t, 13, 1)
	_, err := Seed(context.Background(), SeedRequest{Path: path, TwoBoardsAuto: true, SitOutAuto: true})
	if err == nil || !strings.Contains(err.Error(), "never mixing sitters and doublers") {
		t.Errorf("with --sit-out: %v", err)
	}
	_, err = Seed(context.Background(), SeedRequest{Path: path, TwoBoardsAuto: true})
	if err == nil || !strings.Contains(err.Error(), "13 players to seat need 1 of them on two boards to fill boards of seven, but none is marked Yes in Can play two boards") {
		t.Errorf("no volunteers: %v", err)
	}
	path = twoBoardsWorkbook(t, 5, 1, 0, 1, 2)
	_, err = Seed(context.Background(), SeedRequest{Path: path, TwoBoardsAuto: true})
	if err == nil || !strings.Contains(err.Error(), "a player cannot play two boards of one") {
		t.Errorf("one board: %v", err)
	}
}

// TestCheckTwoBoards checks that a player seated on two boards who is not
// marked Can play two boards is a located error, as before.
func TestCheckTwoBoards(t *testing.T) {
	path := twoBoardsWorkbook(t, 13, 1, 4)
	if _, err := Seed(context.Background(), SeedRequest{Path: path, TwoBoardsAuto: true}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	col := playersColumn(t, f, workbook.HeaderTwoBoards)
	set(t, f, workbook.SheetPlayers, col+"6", "No")
	_, err = saveAndCheck(t, path, f)
	var pe *ProblemsError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Sheet != "Heat 1" ||
		!strings.Contains(pe.Problems[0].Msg, `"P04 Player" is already seated at`) ||
		!strings.Contains(pe.Problems[0].Hint, "Can play two boards") {
		t.Errorf("unmarked player on two boards: %v", err)
	}
}
