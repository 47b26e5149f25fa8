package publish

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// TestSeries combines the sample tournament with a copy of it renamed "ARMADA
// Open 2027": every player has the same total twice.
func TestSeries(t *testing.T) {
	t.Parallel()
	a := fixture.Copy(t, clitest.SamplePath)
	b := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, b)
	fixture.SetSetting(t, f, "Tournament name", "ARMADA Open 2027")
	clitest.SaveXLSX(t, f)
	tests := []struct {
		rule  string
		value float64 // Maya Moreau's, who totals 166 in each
	}{
		{"sum", 332},
		{"best 1", 166},
		{"average rank", 1},
	}
	for _, tc := range tests {
		code, out, errOut := clitest.Dtm(t, "series", "--json", "--rule", tc.rule, a, b)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tc.rule, code, errOut)
		}
		var got struct {
			Rule    string
			Players []struct {
				Rank        int
				Name        string
				Value       float64
				Tournaments []struct {
					Tournament string
					Rank       int
					Total      float64
					Counted    bool
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		p := got.Players[0]
		if p.Name != "Maya Moreau" || p.Rank != 1 || p.Value != tc.value || len(p.Tournaments) != 2 || len(got.Players) != 28 {
			t.Errorf("%s: leader %+v of %d players", tc.rule, p, len(got.Players))
		}
		if tc.rule == "best 1" && p.Tournaments[0].Counted == p.Tournaments[1].Counted {
			t.Errorf("best 1 counted both or neither: %+v", p.Tournaments)
		}
	}
	if _, out, _ := clitest.Dtm(t, "series", a, b); !strings.Contains(out, "1   Maya Moreau    332  ARMADA Open 2026: 166 (rank 1); ARMADA Open 2027: 166 (rank 1)") {
		t.Errorf("table output:\n%s", out)
	}
	if code, _, errOut := clitest.Dtm(t, "series", "--rule", "worst 3", a); code != 2 || errOut == "" {
		t.Errorf("a bad rule: exit %d", code)
	}
	// --circuit: a rule dtm cannot read or cannot combine is a usage error (2); a workbook without a tier is a
	// problem of the workbook (1).
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--circuit", "egp2026"}, 2, `--circuit: unknown circuit "egp2026" (known: egp2025)`},
		{[]string{"--circuit", "egp2025 B=-1"}, 2, `"B=-1": the winner's points must be a number above 0`},
		{[]string{"--circuit", "egp2025", "--rule", "average rank"}, 2, `--circuit sums circuit points: use it with --rule sum or "best N"`},
		{[]string{"--circuit", "egp2025 C=150"}, 1, "Tournament!B52 (Circuit tier): no circuit tier: set it to one of egp2025's tiers: A, B, C"},
	} {
		code, _, errOut := clitest.Dtm(t, append(append([]string{"series"}, tc.args...), a)...)
		if code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want exit %d with %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
