package workbook

import (
	"reflect"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// TestSeedingRecordString reads back each record as String writes it: the
// seeder's work only when it was not the default, the command that changed
// the seats only when one did.
func TestSeedingRecordString(t *testing.T) {
	inputs := [][2]string{{"players", "5d0c4d2a9e31b7f0"}, {"heat", "0123456789abcdef"}}
	tests := []struct {
		r    SeedingRecord
		want string
	}{
		{SeedingRecord{Heat: 2, Seed: 12, Version: "devel", Mode: "seed", Inputs: inputs},
			"seed 12; dtm devel; mode seed; kept none; search complete; inputs players=5d0c4d2a9e31b7f0 heat=0123456789abcdef"},
		{SeedingRecord{Heat: 2, Seed: 12, Version: "devel", Mode: "seed", Kept: []int{1, 3}, Capped: true, Inputs: inputs,
			Effort: 0.02, Restarts: 1, Changed: "dtm seed --refresh"},
			"seed 12; dtm devel; mode seed; kept 1,3; search cut by the time cap; inputs players=5d0c4d2a9e31b7f0 " +
				"heat=0123456789abcdef; work effort=0.02 restarts=1; changed by dtm seed --refresh"},
	}
	for _, tc := range tests {
		if got := tc.r.String(); got != tc.want {
			t.Errorf("String:\n got %s\nwant %s", got, tc.want)
		}
		back, ok := parseSeedingRecord(2, tc.want)
		if !ok || !reflect.DeepEqual(back, tc.r) {
			t.Errorf("%s read back as %+v (%v), want %+v", tc.want, back, ok, tc.r)
		}
	}
}

// TestSeedingRecordRoundTrip: a record reads back as it was written,
// whatever its later heats hold (none, an empty heat, players past a
// byte's edge), and a property edited out of shape is no record.
func TestSeedingRecordRoundTrip(t *testing.T) {
	for _, r := range []SeedingRecord{
		{Heat: 1, Seed: -42, Version: "devel 0123456789ab (modified)", Mode: "seed", Inputs: [][2]string{{"players", "00ff"}, {"heat", "abcd"}}},
		{Heat: 2, Seed: 7, Version: "v1.2.0 (commit 0123456789ab)", Mode: "two boards", Kept: []int{1, 3}, Capped: true,
			Inputs: [][2]string{{"later", "12"}}, Later: [][]int{{0, 7, 8, 29}, nil, {3}}, Changed: "dtm seed --refresh"},
		{Heat: 3, Seed: 1, Version: "devel", Mode: "pool", Inputs: [][2]string{{"settings", "ee"}}, Later: [][]int{}},
		{Heat: 2, Seed: 5, Version: "devel", Mode: "pool", Inputs: [][2]string{{"heat", "ee"}},
			Pool: []int{0, 3, 9, 10, 11, 12, 40}, PoolBy: "top 7", Standings: "0123456789abcdef"},
		{Heat: 2, Seed: 5, Version: "devel", Mode: "pool", Inputs: [][2]string{{"heat", "ee"}},
			Pool: []int{1, 2, 3, 4, 5, 6, 7}, PoolBy: "contention", Standings: "0123456789abcdef", Changed: "dtm withdraw"},
		{Heat: 1, Seed: 5, Version: "devel", Mode: "two boards", Inputs: [][2]string{{"heat", "ee"}},
			Doublers: []int{0, 1, 15}, Benched: []int{20}},
	} {
		got, ok := parseSeedingRecord(r.Heat, r.String())
		if !ok || !reflect.DeepEqual(got, r) {
			t.Errorf("%s\nreads back as %+v (%v), want %+v", r, got, ok, r)
		}
	}
	for _, s := range []string{"", "seed x; dtm devel; mode seed; inputs a=b", "seed 1; mode seed; inputs a=b", "seed 1; dtm devel; mode seed; kept 1,x; inputs a=b",
		"seed 1; dtm devel; mode seed; inputs a=b; later zz", "seed 1; dtm devel; mode pool; inputs a=b; pool top 7 x1",
		"seed 1; dtm devel; mode two boards; inputs a=b; doublers 0g"} {
		if r, ok := parseSeedingRecord(1, s); ok {
			t.Errorf("%q reads as a record: %+v", s, r)
		}
	}
}

// TestSeedingRecordParts: a record longer than Office keeps in a property
// is written in parts of at most PropertyChars characters that read back
// as the record; a shorter record written over it, and dtm seed --unseed,
// leave no part of it behind.
func TestSeedingRecordParts(t *testing.T) {
	b := saved(t)
	pool := make([]int, 0, 1400)
	for p := 0; p < 2800; p += 2 {
		pool = append(pool, p)
	}
	long := SeedingRecord{Heat: 2, Seed: 5, Version: "devel", Mode: "pool", Inputs: [][2]string{{"heat", strings.Repeat("ab", 32)}},
		Pool: pool, PoolBy: "top 1400", Standings: "0123456789abcdef"}
	short := SeedingRecord{Heat: 2, Seed: 6, Version: "devel", Mode: "seed", Inputs: [][2]string{{"heat", "ee"}}}
	parts := func() (n int) {
		t.Helper()
		props, err := xlsx.GetCustomProps(b.f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range props {
			if s, _ := p.Value.(string); strings.HasPrefix(p.Name, "dtm seeding Heat 2") {
				n++
				if len(s) > PropertyChars {
					t.Errorf("%s holds %d characters, more than Office keeps", p.Name, len(s))
				}
			}
		}
		return n
	}
	for _, tc := range []struct {
		r     SeedingRecord
		parts int
	}{{long, (len(long.String()) + PropertyChars - 1) / PropertyChars}, {short, 1}} {
		if err := b.SetSeedingRecord(tc.r); err != nil {
			t.Fatal(err)
		}
		got, ok, err := b.SeedingRecord(2)
		if err != nil || !ok || !reflect.DeepEqual(got, tc.r) {
			t.Errorf("reads back as %+v (%v, %v), want %+v", got, ok, err, tc.r)
		}
		if n := parts(); n != tc.parts || tc.parts < 1 {
			t.Errorf("a record of %d characters is in %d part(s), want %d", len(tc.r.String()), n, tc.parts)
		}
		if tc.r.Pool != nil && tc.parts < 2 {
			t.Errorf("the long record is %d characters, too short to test parts", len(tc.r.String()))
		}
	}
	if err := b.DropSeedingRecord(2); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := b.SeedingRecord(2); ok || parts() != 0 {
		t.Errorf("dtm seed --unseed left %d part(s) of the record", parts())
	}
}

// TestSeedingRecordCap: a record that would take more than MaxRecordParts
// properties (the later heats' prediction at 20,000 players) is written
// without the prediction, which dtm verify makes again.
func TestSeedingRecordCap(t *testing.T) {
	b := saved(t)
	var all []int
	for p := 0; p < 20000; p++ {
		all = append(all, p)
	}
	r := SeedingRecord{Heat: 1, Seed: 5, Version: "devel", Mode: "seed", Inputs: [][2]string{{"later", "ee"}}, Later: [][]int{all, all, all, all}}
	if len(r.String()) <= MaxRecordParts*PropertyChars {
		t.Fatalf("a record of %d characters does not test the cap", len(r.String()))
	}
	if err := b.SetSeedingRecord(r); err != nil {
		t.Fatal(err)
	}
	got, ok, err := b.SeedingRecord(1)
	r.Later = nil
	if err != nil || !ok || !reflect.DeepEqual(got, r) {
		t.Errorf("reads back as %+v (%v, %v), want %+v", got, ok, err, r)
	}
}
