package director

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestSeedStandbys seats a heat of 16 players, two of them standbys in a
// Standby column the director added after the heat columns: --sit-out auto
// benches the two standbys, whoever else would sit out by the usual order
// (P15, the last row, would), and says why.
func TestSeedStandbys(t *testing.T) {
	t.Parallel()
	players := fixture.Numbered(16)
	for p, standby := range map[int]string{2: "Yes", 5: "yes", 6: "No"} {
		players[p].Columns = map[string]any{workbook.HeaderStandby: standby}
	}
	path := fixture.Build(t, fixture.Tournament{Seed: 1, Players: players})
	res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, SitOutAuto: true})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"P02 Player", "P05 Player"}; !slices.Equal(res.SatOut, want) {
		t.Errorf("sat out %v, want the standbys %v", res.SatOut, want)
	}
	var out strings.Builder
	res.WriteText(&out)
	if !strings.Contains(out.String(), "P02 Player sits out heat 1 (marked Sitting out on the Players sheet)\n  why: standby: plays only if needed\n") {
		t.Errorf("summary:\n%s", out.String())
	}

	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	standby := fixture.PlayersColumn(t, f, workbook.HeaderStandby)
	fixture.Set(t, f, workbook.SheetPlayers, standby+"4", "Perhaps")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	_, err = Check(CheckRequest{Path: path})
	var pe *ProblemsError
	if !errors.As(err, &pe) || len(pe.Problems) != 1 || pe.Problems[0].Cell != standby+"4" ||
		!strings.Contains(pe.Problems[0].Msg, `standby cannot be "Perhaps"`) {
		t.Errorf("a standby cell of Perhaps: got %v", err)
	}
}
