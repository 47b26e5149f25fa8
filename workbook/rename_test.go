package workbook

import (
	"errors"
	"strings"
	"testing"
)

// TestSplitName: the part of a name that stays keeps its column; else the
// first word is the first name.
func TestSplitName(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		first, last, name   string
		wantFirst, wantLast string
	}{
		{"Ann", "Smith", "Anne Smith", "Anne", "Smith"},
		{"Ann", "Smith", "Ann Smith-Jones", "Ann", "Smith-Jones"},
		{"Jan", "van der Berg", "Jan van den Berg", "Jan", "van den Berg"},
		{"Mary Ann", "Smith", "Mary Ann  Jones", "Mary Ann", "Jones"},
		{"ann", "smith", "Ann Smith", "Ann", "Smith"},
		{"Ann", "Smith", "Bob Brown Jr", "Bob", "Brown Jr"},
		{"Cher", "", "Cher Bono", "Cher", "Bono"},
		{"Ann", "Smith", "Madonna", "Madonna", ""},
	} {
		f, l := Player{First: c.first, Last: c.last}.SplitName(c.name)
		if f != c.wantFirst || l != c.wantLast {
			t.Errorf("%q %q renamed %q: %q | %q, want %q | %q", c.first, c.last, c.name, f, l, c.wantFirst, c.wantLast)
		}
	}
}

// TestNameProblem: a new name must be non-empty, visible, and no other
// player's, capitals and spacing aside; the player's own name in other
// capitals is fine.
func TestNameProblem(t *testing.T) {
	t.Parallel()
	tour := &Tournament{Players: []Player{{Row: 2, Name: "Ann Smith"}, {Row: 3, Name: "Bob Brown"}},
		playerCols: map[string]int{normalHeader(HeaderFirstName): 0}}
	for _, c := range []struct {
		name, want string
	}{
		{"Anne Smith", ""},
		{"ann  SMITH", ""},
		{" ", "the new name is empty"},
		{"Bob\u200bBrown", "invisible character (U+200B)"},
		{"bob brown", `the name is another player's: "Bob Brown" is Players!A3`},
	} {
		err := tour.NameProblem(0, c.name)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.name, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%q: %v, want %q", c.name, err, c.want)
		}
	}
	if err := tour.NameProblem(0, "Bob Brown"); !errors.Is(err, ErrNameTaken) {
		t.Errorf("a clash is %v, want ErrNameTaken", err)
	}
}
