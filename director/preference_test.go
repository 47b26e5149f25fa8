package director

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestSeedPreferences seats one board whose players P00, P01 and P02
// prefer F, FG and G at 3 a place (the case of seeding's
// TestPowerPreferences): P01 gets France, P02 Germany, and P00, who
// misses France, pays 3.
func TestSeedPreferences(t *testing.T) {
	t.Parallel()
	players := fixture.Numbered(7)
	for i, prefers := range []string{"F", "f, g", "G"} {
		players[i].Columns = map[string]any{workbook.HeaderPrefers: prefers}
	}
	path := fixture.Build(t, fixture.Tournament{Seed: 1, Settings: map[string]any{workbook.SetPreference: 3}, Players: players})
	res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if res.Explanation.Total != 3 || res.Explanation.Breakdown.Preference != 3 {
		t.Errorf("total %d, preferences %d; want 3 and 3", res.Explanation.Total, res.Explanation.Breakdown.Preference)
	}
	var out strings.Builder
	res.WriteText(&out)
	if !strings.Contains(out.String(), "  power preferences      3\n") {
		t.Errorf("summary:\n%s", out.String())
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range b.Tournament.Heats[0].Games[0].Seats {
		if (s.Player == 1 && s.Power != 2) || (s.Player == 2 && s.Power != 3) {
			t.Errorf("P%02d plays %s", s.Player, workbook.ChoicesPower[s.Power])
		}
	}
	b.Close()

	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prefers := fixture.PlayersColumn(t, f, workbook.HeaderPrefers)
	fixture.Set(t, f, workbook.SheetPlayers, prefers+"2", "FXF")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Check(CheckRequest{Path: path})
	var pe *ProblemsError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Cell != prefers+"2" ||
		!strings.Contains(pe.Problems[0].Msg, `power preference "FXF": 'X' is not a power's first letter`) {
		t.Errorf("a preference of FXF: got %v", pe)
	}
}

// TestSeedLowestRankedFirst seeds two heats of seven players who all
// prefer France, under "lowest-ranked chooses first". Hand-worked: before
// heat 1 everyone is equal, so the player lowest on the Players sheet,
// P06, chooses first and plays France; heat 1 scored 10 + the player's
// number, P00 is last in the standings and plays France in heat 2. The
// others' detail says none of their list was left; nothing is charged.
func TestSeedLowestRankedFirst(t *testing.T) {
	t.Parallel()
	players := fixture.Numbered(7)
	for i := range players {
		players[i].Columns = map[string]any{workbook.HeaderPrefers: "F"}
	}
	path := fixture.Build(t, fixture.Tournament{Heats: 2, Seed: 1, Players: players,
		Settings: map[string]any{workbook.SetPreferenceMethod: "Lowest-ranked chooses first"}})
	for _, tc := range []struct {
		heat, france int
	}{{1, 6}, {2, 0}} {
		if tc.heat == 2 {
			finishHeat(t, path, 1, func(p int) int { return 10 + p })
		}
		res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: tc.heat})
		if err != nil {
			t.Fatal(err)
		}
		if res.Explanation.Breakdown.Preference != 0 {
			t.Errorf("heat %d: preferences charged %d", tc.heat, res.Explanation.Breakdown.Preference)
		}
		for _, pc := range res.Explanation.Players {
			if (pc.Player == tc.france) != (pc.Power == seeding.France) {
				t.Errorf("heat %d: P%02d plays %s, want P%02d on France", tc.heat, pc.Player, dip.Power(pc.Power).String(), tc.france)
			}
		}
		b, err := workbook.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		problem := b.Tournament.SeedProblem(tc.heat)
		for _, pc := range res.Explanation.Players {
			want := "chose France, choice 1 of F (lowest-ranked first)"
			if pc.Player != tc.france {
				want = "could take none of F (lowest-ranked first): " + dip.Power(pc.Power).String()
			}
			var got []string
			for _, it := range pc.Items {
				if it.Kind == seeding.Preference {
					got = append(got, it.Describe(problem))
				}
			}
			if len(got) != 1 || got[0] != want {
				t.Errorf("heat %d: P%02d's preference detail %q, want %q", tc.heat, pc.Player, got, want)
			}
		}
		b.Close()
		chk, err := Check(CheckRequest{Path: path})
		if err != nil {
			t.Fatal(err)
		}
		if len(chk.Warnings) > 0 {
			t.Errorf("heat %d: dtm check after seeding: %v", tc.heat, chk.Warnings)
		}
	}
}
