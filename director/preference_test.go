package director

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestSeedPreferences seats one board whose players P00, P01 and P02
// prefer F, FG and G at 3 a place (the case of seeding's
// TestPowerPreferences): P01 gets France, P02 Germany, and P00, who
// misses France, pays 3.
func TestSeedPreferences(t *testing.T) {
	path := ruleWorkbook(t, 7, 1, map[string]any{workbook.SetPreference: 3})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prefers := playersColumn(t, f, workbook.HeaderPrefers)
	set(t, f, workbook.SheetPlayers, prefers+"2", "F")
	set(t, f, workbook.SheetPlayers, prefers+"3", "f, g")
	set(t, f, workbook.SheetPlayers, prefers+"4", "G")
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	res, err := Seed(context.Background(), SeedRequest{Path: path})
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

	f, err = excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set(t, f, workbook.SheetPlayers, prefers+"2", "FXF")
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Check(path)
	var pe *ProblemsError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Cell != prefers+"2" ||
		!strings.Contains(pe.Problems[0].Msg, `power preference "FXF": 'X' is not a power's first letter`) {
		t.Errorf("a preference of FXF: got %v", pe)
	}
}
