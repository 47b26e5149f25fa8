package director

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// withTier copies a workbook into a temporary folder and sets its Circuit
// tier, returning the copy and the setting's cell; "" removes the row, as
// in a workbook older than the setting.
func withTier(t *testing.T, sample, tier string) (path, cell string) {
	t.Helper()
	path = fixture.Copy(t, sample)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cell = fixture.SetSetting(t, f, workbook.SetCircuitTier, tier)
	if tier == "" {
		_, row, err := excelize.CellNameToCoordinates(cell)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.RemoveRow(workbook.SheetTournament, row); err != nil {
			t.Fatal(err)
		}
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	return path, cell
}

// mustCircuit reads a circuit rule.
func mustCircuit(t *testing.T, rule string) *scoring.Circuit {
	t.Helper()
	c, err := ParseCircuit(rule, scoring.SeriesRule{})
	if err != nil {
		t.Fatal(err)
	}
	return &c
}

// TestSeriesCircuit runs an EGP 2025 circuit of the two samples: the ARMADA Open (28 players) as tier A, 500
// points from the source, and DipCon XXXIV (14 players) as tier C with C=150 given. Maya Moreau wins the ARMADA
// Open: 500; Ines Irving and Jonas Jensen tie 3rd of 28 and share places 3 and 4: 500 × (26 + 25) / 2 / 28 =
// 455.36. David Hood wins DipCon: 150; Yarden Livnat is 2nd of 14 (the sample's tie-breaks): 150 × 13 / 14 =
// 139.29. The text is kept in testdata/render-series-circuit.txt.
func TestSeriesCircuit(t *testing.T) {
	t.Parallel()
	a, _ := withTier(t, armada, "A")
	d, _ := withTier(t, dipcon, "c")
	res, err := Series(SeriesRequest{Paths: []string{a, d}, Circuit: mustCircuit(t, "egp2025 C=150")})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := res.WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "testdata/render-series-circuit.txt", buf.String())
	data, err := json.Marshal(res.Report())
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Rule, Circuit string
		Players       []struct {
			Name        string
			Value       float64
			Tournaments []struct {
				Tournament, Tier string
				Rank             int
				Total, Points    float64
			}
		}
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	points := map[string]float64{}
	for _, p := range rep.Players {
		points[p.Name] = p.Value
	}
	for name, want := range map[string]float64{"Maya Moreau": 500, "Ines Irving": 455.36, "Jonas Jensen": 455.36, "David Hood": 150, "Yarden Livnat": 139.29} {
		if points[name] != want {
			t.Errorf("%s: %g circuit points, want %g", name, points[name], want)
		}
	}
	if rep.Rule != "sum" || rep.Circuit != "egp2025 A=500 C=150" || rep.Players[0].Tournaments[0].Tier != "A" {
		t.Errorf("rule %q, circuit %q, first entry %+v", rep.Rule, rep.Circuit, rep.Players[0].Tournaments[0])
	}
	// Without --circuit, the JSON has none of the circuit's fields.
	plain, err := Series(SeriesRequest{Paths: []string{a, d}})
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := json.Marshal(plain.Report()); bytes.Contains(data, []byte(`"tier"`)) || bytes.Contains(data, []byte(`"circuit"`)) || bytes.Contains(data, []byte(`"points"`)) {
		t.Errorf("a plain series reports circuit fields: %.300s", data)
	}
}

// TestSeriesCircuitProblems checks that every workbook's tier problem is reported in one run, at the setting's
// cell, and that nothing is changed.
func TestSeriesCircuitProblems(t *testing.T) {
	t.Parallel()
	// The games fixture: one board of seven played.
	small, f := gamesFixture(t)
	cell := fixture.SetSetting(t, f, workbook.SetCircuitTier, "B")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	none, _ := withTier(t, armada, "")
	odd, oddCell := withTier(t, armada, "Z")
	blank := fixture.Copy(t, armada) // the sample's row, left empty
	before, err := os.ReadFile(small)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Series(SeriesRequest{Paths: []string{none, small, odd, blank}, Circuit: mustCircuit(t, "egp2025")})
	for _, want := range []string{
		none + ": Tournament!A:A (Circuit tier): no circuit tier: set it to one of egp2025's tiers: A, B, C",
		small + ": Tournament!" + cell + " (Circuit tier): egp2025's tier B needs at least 5 boards and 14 players, and this tournament had 1 boards and 7 players: set a lower tier",
		small + ": Tournament!" + cell + ` (Circuit tier): egp2025 gives tier B no points: give the winner's in the circuit rule, e.g. "egp2025 A=500 B=POINTS"`,
		odd + ": Tournament!" + oddCell + ` (Circuit tier): circuit tier "Z" is not one of egp2025's tiers: A, B, C`,
		blank + ": Tournament!" + oddCell + " (Circuit tier): no circuit tier: set it to one of egp2025's tiers: A, B, C",
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("missing %q in:\n%v", want, err)
		}
	}
	if after, _ := os.ReadFile(small); !bytes.Equal(before, after) {
		t.Error("dtm series changed a workbook")
	}
	if _, err := ParseCircuit("egp2025", scoring.SeriesRule{Kind: scoring.SeriesAverageRank}); err == nil || !strings.Contains(err.Error(), "use it with --rule sum") {
		t.Errorf("--circuit with average rank: %v", err)
	}
}
