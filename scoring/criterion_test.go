package scoring

import (
	"strings"
	"testing"
)

func TestParseCriterion(t *testing.T) {
	tests := []struct {
		in   string
		want Criterion
		ok   bool
	}{
		{"Win/Draw", WinDraw, true}, {"win", WinDraw, true}, {"Rank by SC count", Rank, true},
		{"rank players by SC count", Rank, true}, {"BOTH", Both, true},
		{"Both Win/Draw and Rank", Both, true}, {"score", 0, false}, {"", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseCriterion(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseCriterion(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	for c := WinDraw; c <= Both; c++ {
		if got, err := ParseCriterion(c.String()); err != nil || got != c {
			t.Errorf("%q does not parse back", c)
		}
	}
}

func TestSlotNames(t *testing.T) {
	if SlotSolo.String() != "Solo victory / 1st" || SlotElimination.String() != "Elimination or survival" ||
		SlotProvisional.String() != "Provisional score" || Slot(9).String() != "Slot(9)" {
		t.Errorf("slot names: %q %q %q %q", SlotSolo, SlotElimination, SlotProvisional, Slot(9))
	}
}

func TestLookup(t *testing.T) {
	if d, ok := Lookup("  carnage WITH dead equal"); !ok || d.Name != "Carnage with dead equal" {
		t.Errorf("Lookup: %q, %v", d.Name, ok)
	}
	if _, ok := Lookup("Carnage"); ok {
		t.Error("Lookup found a system named Carnage")
	}
	seen := map[string]bool{}
	for _, d := range BuiltIn() {
		if seen[d.Name] {
			t.Errorf("%q twice", d.Name)
		}
		seen[d.Name] = true
		if d.Description == "" || strings.Contains(d.Description, "\n") {
			t.Errorf("%s: the description must be one line", d.Name)
		}
	}
}
