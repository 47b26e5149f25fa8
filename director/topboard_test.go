package director

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// finishHeat marks every board of heat n finished, each seat with a
// result and the score override score(player).
func finishHeat(t *testing.T, path string, n int, score func(player int) int) {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	games := b.Tournament.Heats[n-1].Games
	b.Close()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, g := range games {
		for k, s := range g.Seats {
			fixture.Set(t, f, workbook.HeatSheet(n), fixture.Cell(2, s.Row), "Finished")
			fixture.Set(t, f, workbook.HeatSheet(n), fixture.Cell(6, s.Row), "Win", 1907, []int{6, 5, 4, 5, 4, 5, 5}[k])
			fixture.Set(t, f, workbook.HeatSheet(n), fixture.Cell(12, s.Row), score(s.Player))
		}
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
}

// TestPoolTopBoardsExported seeds heat 2 of 28 players with --pool "top
// 14" after heat 1 (scores 100 + the player's number: P14 to P27 lead),
// scores heat 2 (10 each) under a Top board multiplier of 2, and exports:
// the WDD classification names a top board for exactly the pool's
// fourteen (heat 2, board 1 or 2: the WDD's board ids 5 and 6, as it
// numbers boards through the event), the WDR JSON flags exactly boards 1 and
// 2 of round 2, and the totals count the top boards twice: P27 127 + 20 =
// 147, P13 113 + 10 = 123. The Standings note the pool's heat 2 as a top
// board counted twice.
func TestPoolTopBoardsExported(t *testing.T) {
	t.Parallel()
	path := ruleWorkbook(t, 28, 2, map[string]any{workbook.SetTopFactor: 2})
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 1}); err != nil {
		t.Fatal(err)
	}
	finishHeat(t, path, 1, func(p int) int { return 100 + p })
	res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 2, Pool: Pool{Size: 14}})
	if err != nil {
		t.Fatal(err)
	}
	var pool []string
	for p := 14; p < 28; p++ {
		pool = append(pool, fmt.Sprintf("P%02d", p))
	}
	got := slices.Clone(res.Pool.Players)
	slices.Sort(got)
	if want := func() []string {
		var w []string
		for _, n := range pool {
			w = append(w, n+" Player")
		}
		return w
	}(); !slices.Equal(got, want) || res.Pool.Boards != 2 {
		t.Fatalf("pool %v on %d boards, want %v on 2", got, res.Pool.Boards, want)
	}
	finishHeat(t, path, 2, func(int) int { return 10 })
	if _, err := Score(ScoreRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	standings, err := f.GetRows(workbook.SheetStandings)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	notes := slices.Index(standings[0], workbook.HeaderCounted)
	for _, r := range standings[1:] {
		// The Standings say why a pool player's heat 2 reads 20 for a game of 10.
		want := map[bool]string{true: "heat 2 top board ×2", false: ""}[slices.Contains(pool, strings.Fields(r[1])[0])]
		got := ""
		if notes < len(r) {
			got = r[notes]
		}
		if got != want {
			t.Errorf("Standings: %s's %s note %q, want %q", r[1], workbook.HeaderCounted, got, want)
		}
	}
	out := t.TempDir()
	if _, err := Export(ExportRequest{Path: path, WDD: true, WDR: true, Out: out}); err != nil {
		t.Fatal(err)
	}

	rows := csvRows(t, filepath.Join(out, "Rule WDD classification.csv"))
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, h := range []string{"FIRST NAME", "SCORE", "HEAT_TOPBOARD", "BOARD_TOPBOARD"} {
		if _, ok := col[h]; !ok {
			t.Fatalf("classification has no %s column: %v", h, rows[0])
		}
	}
	for _, r := range rows[1:] {
		name := r[col["FIRST NAME"]]
		in := slices.Contains(pool, name)
		heat, board := r[col["HEAT_TOPBOARD"]], r[col["BOARD_TOPBOARD"]]
		if in != (heat != "") || (in && (heat != "2" || (board != "5" && board != "6"))) {
			t.Errorf("%s (in the pool: %v): top board heat %q board %q", name, in, heat, board)
		}
		want := map[string]string{"P27": "147", "P13": "123"}[name]
		if want != "" && r[col["SCORE"]] != want {
			t.Errorf("%s scores %s, want %s", name, r[col["SCORE"]], want)
		}
	}

	data, err := os.ReadFile(filepath.Join(out, "Rule WDR.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct { // what of the WDR document the test looks at
		Rounds map[string]struct {
			Games map[string]struct {
				Board    int  `json:"board"`
				TopBoard bool `json:"top_board"`
				Players  map[string]struct {
					Name string `json:"name"`
				} `json:"players"`
			} `json:"games"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	for r, round := range doc.Rounds {
		for _, g := range round.Games {
			want := r == "2" && g.Board <= 2
			if g.TopBoard != want {
				t.Errorf("round %s board %d: top_board %v, want %v", r, g.Board, g.TopBoard, want)
			}
			for _, s := range g.Players {
				if in := slices.Contains(pool, strings.Fields(s.Name)[0]); r == "2" && in != g.TopBoard {
					t.Errorf("round 2 board %d (top %v) seats %s", g.Board, g.TopBoard, s.Name)
				}
			}
		}
	}
	if len(doc.Rounds["2"].Games) != 4 {
		t.Errorf("round 2 has %d games, want 4", len(doc.Rounds["2"].Games))
	}
}

// csvRows reads a CSV file's rows.
func csvRows(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestTopFactorHurst: dtm check refuses a Top board multiplier other than
// 1 under the Hurst Tournament Mean, at the multiplier's cell, naming the
// other setting.
func TestTopFactorHurst(t *testing.T) {
	t.Parallel()
	path := ruleWorkbook(t, 7, 2, map[string]any{workbook.SetMethod: "Hurst Tournament Mean", workbook.SetTopFactor: 2})
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	cell := b.Tournament.Settings.SettingCell(workbook.SetTopFactor)
	b.Close()
	_, err = Check(CheckRequest{Path: path})
	var pe *ProblemsError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Cell != cell ||
		!strings.Contains(pe.Problems[0].Msg, "set the top board multiplier to 1") ||
		!strings.Contains(pe.Problems[0].Hint, workbook.SetMethod) {
		t.Errorf("Hurst with a multiplier of 2: %v", err)
	}
}
