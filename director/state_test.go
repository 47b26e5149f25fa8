package director

import (
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
)

// TestOpenHeatStatus: a workbook opened for any command knows where each
// heat stands, its finished games scored in memory: in play with one board
// finished, reported once the other is, scored after dtm score.
func TestOpenHeatStatus(t *testing.T) {
	t.Parallel()
	path, f := gamesFixture(t)
	state := func(want workbook.HeatState, finished ...int) {
		t.Helper()
		b, err := open(path, usedSystems)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if st := b.HeatStatus(1); st.State != want || !slices.Equal(st.Finished, finished) {
			t.Errorf("heat 1: %s, finished %v; want %s, %v", st.State, st.Finished, want, finished)
		}
		if st := b.HeatStatus(2); st.State != workbook.NotSeeded {
			t.Errorf("heat 2: %s", st.State)
		}
		if b.Final() {
			t.Error("final")
		}
	}
	state(workbook.InPlay, 1)
	for s := range 7 {
		row := 9 + s
		fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(2, row), "Finished")
		fixture.Set(t, f, workbook.HeatSheet(1), fixture.Cell(6, row), "Win", 1907, []int{6, 5, 4, 5, 4, 5, 5}[s])
	}
	if err := xlsxcheck.SaveAs(f, path); err != nil {
		t.Fatal(err)
	}
	state(workbook.Reported, 1, 2)
	if _, err := Score(ScoreRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	state(workbook.Scored, 1, 2)
}
