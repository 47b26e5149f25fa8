package director

import (
	"context"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// TestSeedNeighbours seeds two heats of the same seven players with the
// neighbour conflict at 5 and no power conflicts. Hand-worked: in heat 2
// every pair meets again (21 x 10 = 210), and whatever the powers, twelve
// of the 21 pairs sit on neighbouring powers (12 x 5 = 60): 270 in all,
// which dtm seed's summary and each player's Conflict detail name.
func TestSeedNeighbours(t *testing.T) {
	t.Parallel()
	path := ruleWorkbook(t, 7, 2, map[string]any{workbook.SetNeighbour: 5, workbook.SetSamePower: 0,
		workbook.SetPowerGroups: "None"})
	for h := 1; h <= 2; h++ {
		if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: h}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: 2, Reseed: true})
	if err != nil {
		t.Fatal(err)
	}
	bd := res.Explanation.Breakdown
	if res.Explanation.Total != 270 || bd.Repeat != 210 || bd.Neighbour != 60 {
		t.Errorf("total %d, breakdown %+v; want 270: 210 repeats, 60 neighbours", res.Explanation.Total, bd)
	}
	var out strings.Builder
	res.WriteText(&out)
	if !strings.Contains(out.String(), "  neighbours again       60\n") {
		t.Errorf("summary:\n%s", out.String())
	}
	// Each player has an item per neighbour of their power: England,
	// France, Italy and Turkey have three, Germany, Austria and Russia four.
	want := map[int]int{seeding.England: 3, seeding.France: 3, seeding.Italy: 3, seeding.Turkey: 3,
		seeding.Germany: 4, seeding.Austria: 4, seeding.Russia: 4}
	for _, pc := range res.Explanation.Players {
		n := 0
		for _, it := range pc.Items {
			if it.Kind == seeding.Neighbour {
				n++
			}
		}
		if n != want[pc.Power] {
			t.Errorf("player %d on %s: %d neighbour items, want %d", pc.Player, dip.Power(pc.Power).String(), n, want[pc.Power])
		}
	}
	chk, err := Check(CheckRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	if len(chk.Warnings) > 0 {
		t.Errorf("dtm check after seeding: %v", chk.Warnings)
	}
}
