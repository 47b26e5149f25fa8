package director

import (
	"context"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestSeedLate seeds 14 players, P05 and P12 standbys, then registers a
// late P14: dtm seed --late gives P14 the seat of P12 (the standby the
// sit-out order benches first: the lower row), marks P12 Sitting out, and
// changes no other seat.
func TestSeedLate(t *testing.T) {
	path := ruleWorkbook(t, 15, 1, nil)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set(t, f, workbook.SheetPlayers, playersColumn(t, f, workbook.HeatSheet(1))+"16", nil) // P14 not registered yet
	standby := playersColumn(t, f, workbook.HeaderStandby)
	set(t, f, workbook.SheetPlayers, standby+"7", "Yes")  // P05
	set(t, f, workbook.SheetPlayers, standby+"14", "Yes") // P12
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Seed(context.Background(), SeedRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	seats := func() map[int][2]int { // player -> board, power
		b, err := workbook.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		out := map[int][2]int{}
		for _, g := range b.Tournament.Heats[0].Games {
			for _, s := range g.Seats {
				out[s.Player] = [2]int{g.Board, s.Power}
			}
		}
		return out
	}
	before := seats()
	if _, err := Seed(context.Background(), SeedRequest{Path: path, Late: true}); err == nil ||
		!strings.Contains(err.Error(), "is seated") {
		t.Errorf("--late with everyone seated: %v", err)
	}
	f, err = excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set(t, f, workbook.SheetPlayers, playersColumn(t, f, workbook.HeatSheet(1))+"16", "Registered")
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	res, err := Seed(context.Background(), SeedRequest{Path: path, Late: true})
	if err != nil {
		t.Fatal(err)
	}
	after := seats()
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
	chk, err := Check(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(chk.Warnings) > 0 {
		t.Errorf("dtm check after --late: %v", chk.Warnings)
	}
}
