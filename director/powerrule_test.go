package director

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// ruleWorkbook makes a workbook of players registered for every heat, with
// settings applied, and returns its path.
func ruleWorkbook(t *testing.T, players, heats int, settings map[string]any) string {
	t.Helper()
	return fixture.Build(t, fixture.Tournament{Name: "Rule", Heats: heats, Seed: 1, Settings: settings, Players: fixture.Numbered(players)})
}

// TestSeedPowerRule seeds four heats under "Different power every heat"
// with no same-power conflict (only the rule keeps powers apart) and checks
// every player's four powers differ; then a swap by hand that gives a
// player a power again is a dtm check warning at its Power cell.
func TestSeedPowerRule(t *testing.T) {
	t.Parallel()
	path := ruleWorkbook(t, 14, 4, map[string]any{workbook.SetPowerRule: "Different power every heat",
		workbook.SetSamePower: 0, workbook.SetPowerGroups: "None"})
	for h := 1; h <= 4; h++ {
		if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: path, Heat: h}); err != nil {
			t.Fatalf("heat %d: %v", h, err)
		}
	}
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	played := map[int]map[int]bool{}
	for h := 1; h <= 4; h++ {
		for _, g := range b.Tournament.Heats[h-1].Games {
			for _, s := range g.Seats {
				if played[s.Player] == nil {
					played[s.Player] = map[int]bool{}
				}
				if played[s.Player][s.Power] {
					t.Errorf("heat %d: player %d plays %s again", h, s.Player, workbook.ChoicesPower[s.Power])
				}
				played[s.Player][s.Power] = true
			}
		}
	}
	b.Close()
	res, err := Check(CheckRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.Contains(w.Msg, "power rule") {
			t.Errorf("a seeded heat breaks the rule: %v", w)
		}
	}

	// Give heat 2's first seat the power its player had in heat 1.
	b, err = workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	first := b.Tournament.Heats[1].Games[0].Seats[0]
	var was int
	for _, g := range b.Tournament.Heats[0].Games {
		for _, s := range g.Seats {
			if s.Player == first.Player {
				was = s.Power
			}
		}
	}
	var other workbook.Seat
	for _, s := range b.Tournament.Heats[1].Games[0].Seats {
		if s.Power == was {
			other = s
		}
	}
	b.Close()
	swapPowers(t, path, 2, first, other)
	checkWarns(t, path, fmt.Sprintf("'Heat 2'!D%d: warning: P%02d Player plays %s, which the power rule \"different power every heat\" forbids ",
		first.Row, first.Player, workbook.ChoicesPower[was]))
}

// swapPowers swaps, on heat n's sheet, the powers of seats a and b, as a
// director would by hand.
func swapPowers(t *testing.T, path string, n int, a, b workbook.Seat) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fixture.Set(t, f, workbook.HeatSheet(n), fixture.Cell(4, a.Row), workbook.ChoicesPower[b.Power])
	fixture.Set(t, f, workbook.HeatSheet(n), fixture.Cell(4, b.Row), workbook.ChoicesPower[a.Power])
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// checkWarns runs dtm check and fails unless a warning starts with want.
func checkWarns(t *testing.T, path, want string) {
	t.Helper()
	res, err := Check(CheckRequest{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range res.Warnings {
		if strings.HasPrefix(w.String(), want) {
			return
		}
	}
	t.Errorf("no warning like %q in %v", want, res.Warnings)
}

// TestPowerRuleSettings checks the settings dtm check refuses: a different
// power every heat over eight heats, and a rule with powers chosen at the
// tables.
func TestPowerRuleSettings(t *testing.T) {
	t.Parallel()
	tests := []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{workbook.SetPowerRule: "Different power every heat", workbook.SetHeats: 8},
			`a different power every heat cannot be kept over 8 heats: there are 7 powers; choose "All seven before a repeat" (Hurst's rule), or at most 7 heats`},
		{map[string]any{workbook.SetPowerRule: "All seven before a repeat", workbook.SetPowerAssignment: "At the tables"},
			`the power rule "All seven before a repeat" needs dtm seed to assign the powers, but Power assignment is "At the tables"`},
		{map[string]any{workbook.SetPowerRule: "Twice at most"}, `Power rule cannot be "Twice at most"`},
		{map[string]any{workbook.SetQualification: "best 9 of heats 1-2"}, `: pool qualification: best 9 of 2 heats: want 1 to 2`},
		{map[string]any{workbook.SetMaxHeats: 3}, `: P00 Player is to play 4 heats (1, 2, 3, 4), more than the maximum of 3; clear a registration, or raise Maximum heats per player on the Tournament sheet`},
	}
	for _, tc := range tests {
		path := ruleWorkbook(t, 7, 4, tc.settings)
		_, err := Check(CheckRequest{Path: path})
		var pe *ProblemsError
		if !errors.As(err, &pe) {
			t.Fatalf("%v: got %v, want problems", tc.settings, err)
		}
		var all []string
		for _, p := range pe.Problems {
			all = append(all, p.String())
		}
		if !strings.Contains(strings.Join(all, "\n"), tc.want) {
			t.Errorf("%v: got\n%s\nwant %q", tc.settings, strings.Join(all, "\n"), tc.want)
		}
	}
}
