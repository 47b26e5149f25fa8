package scoring

import (
	"fmt"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/internal/golden"
)

// knownFailures are the built-in systems that break a property, as their definitions say they do.
var knownFailures = map[string][]Property{
	// Second place earns 10 and a tie for first averages 0 and 10: drawing level with the leader costs 5.
	"IL-Diplo": {MoreCentres},
	// A lone topper is paid by every power; taking the second-placed power's centre can shrink the payments.
	"OMG": {MoreCentres},
	// The survivors' 66 is shared by fewer when the taker eliminates a power, and the tribute is capped by it.
	"Tribute": {MoreCentres},
	// Growing the topper's lead to 3 is a break: every other survivor loses its 10 no-break points.
	"Italia 2010": {MoreCentres},
}

// TestAuditBuiltIns audits every built-in system on the same random games: the failures are exactly the known
// ones, and testdata/audit.golden keeps every count and worst example.
func TestAuditBuiltIns(t *testing.T) {
	var b strings.Builder
	for _, d := range BuiltIn() {
		s, err := Compile(d)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		r := Audit(s, 1000, 1)
		want := map[Property]bool{}
		for _, p := range knownFailures[d.Name] {
			want[p] = true
		}
		fmt.Fprintf(&b, "%s: totals %s..%s\n", d.Name, num(r.TotalLo), num(r.TotalHi))
		for _, f := range r.Findings {
			fmt.Fprintf(&b, "  %s: %d of %d failed", f.Property, f.Failed, f.Checked)
			if f.Example != "" {
				fmt.Fprintf(&b, ": %s", f.Example)
			}
			b.WriteString("\n")
			if (f.Failed > 0) != want[f.Property] {
				t.Errorf("%s: %s: %d of %d failed, want failures %v: %s", d.Name, f.Property, f.Failed, f.Checked,
					want[f.Property], f.Example)
			}
			if f.Property != BoardTotal && f.Checked == 0 {
				t.Errorf("%s: %s never checked", d.Name, f.Property)
			}
		}
		if (d.Total != 0) != (r.Findings[BoardTotal].Checked > 0) {
			t.Errorf("%s: claims total %g, checked %d boards", d.Name, d.Total, r.Findings[BoardTotal].Checked)
		}
	}
	golden.Check(t, "testdata/audit.golden", b.String())
}

// TestAuditTribute is the example: a 14-centre leader takes Russia's last centre and falls from 71.43
// (14 + 66/7 + 6 x 8) to 71 (15 + 66/6 + 5 x 9).
func TestAuditTribute(t *testing.T) {
	d, _ := Lookup("Tribute")
	s, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	g := Game{FinalYear: 1907, Centres: [7]int{14, 6, 5, 4, 2, 1, 2}}
	before, err := s.Score(g)
	if err != nil {
		t.Fatal(err)
	}
	a := auditor{s: s}
	var f Finding
	a.checkTransfer(&f, g, before.Scores, dip.Austria, dip.Russia)
	want := "Austria (14 centres) takes a centre from Russia (1): Austria falls from 71.43 to 71; before: 1907: " +
		"Austria 14, England 6, France 5, Germany 4, Italy 2, Russia 1, Turkey 2"
	if f.Checked != 1 || f.Failed != 1 || f.Example != want {
		t.Errorf("got %d of %d: %q\nwant 1 of 1: %q", f.Failed, f.Checked, f.Example, want)
	}
}

// TestAuditFindsPlantedFaults gives the audit systems with a fault each, and one without.
func TestAuditFindsPlantedFaults(t *testing.T) {
	tests := []struct {
		name  string
		place string // every place's formula (Rank) without a solo
		solo  string // what the soloist scores
		total float64
		want  []Property
	}{
		{"sound", "scs", "100", 34, nil},
		{"fewer is better", "20 - scs", "100", 0, []Property{MoreCentres}},
		{"Austria's bonus", "scs + 5 * aus", "100", 0, []Property{EqualResults}},
		{"draws pay more", "30 + scs", "10", 0, []Property{SoloBeatsDraw}},
		{"a wrong claim", "scs", "100", 100, []Property{BoardTotal}},
	}
	for _, tc := range tests {
		place := "(ldr < 18) * (" + tc.place + ")"
		d := def(tc.name, Rank, places("(ldr > 17) * "+tc.solo+" + "+place, place), "0", "", "")
		d.Total = tc.total
		s, err := Compile(d)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		r := Audit(s, 500, 7)
		var got []Property
		for _, f := range r.Findings {
			if f.Failed > 0 {
				got = append(got, f.Property)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: failed %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestAuditRepeats: the same seed plays the same games.
func TestAuditRepeats(t *testing.T) {
	d, _ := Lookup("OMG")
	s, _ := Compile(d)
	a, b, c := Audit(s, 300, 3), Audit(s, 300, 3), Audit(s, 300, 4)
	if fmt.Sprint(a) != fmt.Sprint(b) {
		t.Errorf("seed 3 twice:\n%v\n%v", a, b)
	}
	if fmt.Sprint(a) == fmt.Sprint(c) {
		t.Errorf("seeds 3 and 4 played the same games: %v", a)
	}
}

// TestCommonResults: every common result is a legal board with all 34 centres owned, and every built-in system
// scores every one of them.
func TestCommonResults(t *testing.T) {
	for _, d := range BuiltIn() {
		s, err := Compile(d)
		if err != nil {
			t.Fatal(err)
		}
		rows := CommonResults(s)
		if len(rows) != 17 {
			t.Fatalf("%s: %d rows, want 17", d.Name, len(rows))
		}
		for _, r := range rows {
			owned := 0
			for p, c := range r.Game.Centres {
				owned += c
				if p > 0 && c > r.Game.Centres[p-1] {
					t.Errorf("%s: %v not largest first", r.Result, r.Game.Centres)
				}
			}
			if owned != 34 || r.Err != nil {
				t.Errorf("%s, %s: %d centres owned, error %v", d.Name, r.Result, owned, r.Err)
			}
		}
	}
}
