package workbook

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"testing"
)

// TestCarryRoundTrip carries a tournament whose every carried field differs
// from the others (sit-out priority 2 or 0, distance 100 km or more; a
// group of 22 members, more than the template's columns; a system with
// every option set) through dtm new --from and reads it back: a value
// written under the wrong column, such as priority and distance swapped,
// comes back different.
func TestCarryRoundTrip(t *testing.T) {
	from := &Tournament{}
	for i := range 25 {
		from.Players = append(from.Players, Player{First: fmt.Sprintf("First%d", i), Last: fmt.Sprintf("Last%d", i),
			Email: fmt.Sprintf("p%d@example.org", i), Country: fmt.Sprintf("C%d", i),
			Priority: float64(2 * (i % 2)), Distance: 100 + 10.5*float64(i)})
		from.Players[i].Name = from.Players[i].First + " " + from.Players[i].Last
	}
	from.Conflicts = []Conflict{{A: 3, B: 17, Value: 100, Note: "married"}, {A: 5, B: 6, Value: -20, Note: "carpool"}}
	from.Groups = []Group{{Name: "Club", Value: 5, Members: []int{0, 2, 4}}, {Name: "Big club", Value: 3}}
	for i := 1; i <= 22; i++ {
		from.Groups[1].Members = append(from.Groups[1].Members, i)
	}
	from.Systems = []System{{Name: "House rules", Criterion: 2, AllSurvivors: false, AverageTies: true, FinalYear: 1912,
		Formulas: [9]string{"100", "50", "33", "25", "20", "16", "14", "1", "2"}, Description: "Ours"}}
	path := filepath.Join(t.TempDir(), "next.xlsx")
	if _, err := Create(path, NewOptions{Name: "Next", Heats: 3, System: "House rules", From: &Book{Tournament: from}}); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if len(b.Problems) > 0 {
		t.Fatal(b.Problems)
	}
	got := b.Tournament
	if len(got.Players) != len(from.Players) {
		t.Fatalf("%d players, want %d", len(got.Players), len(from.Players))
	}
	for i, p := range got.Players {
		want := from.Players[i]
		want.Row, want.Registration = i+2, p.Registration
		if fmt.Sprint(p) != fmt.Sprint(want) {
			t.Errorf("player %d:\n got %+v\nwant %+v", i, p, want)
		}
	}
	for i, c := range got.Conflicts {
		if c.Row = 0; i >= len(from.Conflicts) || c != from.Conflicts[i] {
			t.Errorf("conflict %d: %+v", i, c)
		}
	}
	if len(got.Conflicts) != len(from.Conflicts) {
		t.Errorf("%d conflicts, want %d", len(got.Conflicts), len(from.Conflicts))
	}
	for i, g := range got.Groups {
		if g.Row = 0; i >= len(from.Groups) || fmt.Sprint(g) != fmt.Sprint(from.Groups[i]) {
			t.Errorf("group %d: %+v", i, g)
		}
	}
	if len(got.Groups) != len(from.Groups) {
		t.Errorf("%d groups, want %d", len(got.Groups), len(from.Groups))
	}
	s, ok := got.SystemByName("House rules")
	if !ok || s.Name != "House rules" || fmt.Sprint(s.Formulas, s.Criterion, s.AllSurvivors, s.AverageTies, s.FinalYear, s.Description) !=
		fmt.Sprint(from.Systems[0].Formulas, 2, false, true, 1912, "Ours") {
		t.Errorf("system: %+v", s)
	}
}

// TestCarryCells checks that dtm new --from fills every column of the
// schemas it carries into, and nothing outside them.
func TestCarryCells(t *testing.T) {
	name := func(int) string { return "x" }
	for _, tc := range []struct {
		s      schema
		cells  map[string]any
		family int // family columns filled
	}{
		{playersSchema, playerCells(Player{}), 0}, // registrations are not carried
		{conflictsSchema, conflictCells(Conflict{}, name), 0},
		{groupsSchema, groupCells(Group{Members: []int{0, 1}}, name), 2},
		{systemsSchema, systemCells(System{}), 0},
	} {
		got := slices.Sorted(maps.Keys(tc.cells))
		want := tc.s.headers(tc.family)
		if slices.Sort(want); !slices.Equal(got, want) {
			t.Errorf("%s: carried\n%q\nwant the schema's\n%q", tc.s.sheet, got, want)
		}
	}
}
