package director

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
)

// TestLikelyDuplicates checks which pairs of names are taken for one person
// typed two ways.
func TestLikelyDuplicates(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b [2]string
		same bool
	}{
		{[2]string{"John", "Smith"}, [2]string{"J.", "Smith"}, true},
		{[2]string{"J", "Smith"}, [2]string{"John", "Smith"}, true},
		{[2]string{"José", "Díaz"}, [2]string{"Jose", "Diaz"}, true},
		{[2]string{"ANN", "LEE"}, [2]string{"ann", "lee"}, true},
		{[2]string{"Jean-Luc", "Picard"}, [2]string{"Jean Luc", "Picard"}, true},
		{[2]string{"J.L.", "Picard"}, [2]string{"Jean Luc", "Picard"}, true},
		{[2]string{"Mary", "Van der Berg"}, [2]string{"Mary", "Vanderberg"}, true},
		{[2]string{"Jürgen", "Groß"}, [2]string{"Jurgen", "Gross"}, true},
		{[2]string{"John", "Smith"}, [2]string{"Jane", "Smith"}, false},
		{[2]string{"J.", "Smith"}, [2]string{"Ann", "Smith"}, false},
		{[2]string{"J.", "Smith"}, [2]string{"J.", "Smyth"}, false},
		{[2]string{"Ann", "Lee"}, [2]string{"Anne", "Lee"}, false},
		{[2]string{"J.P.", "Roy"}, [2]string{"Jean", "Roy"}, false},
	} {
		tour := &workbook.Tournament{Players: []workbook.Player{
			{Row: 2, First: tc.a[0], Last: tc.a[1], Name: tc.a[0] + " " + tc.a[1]},
			{Row: 3, First: tc.b[0], Last: tc.b[1], Name: tc.b[0] + " " + tc.b[1]},
		}}
		got := LikelyDuplicates(tour)
		if (len(got) > 0) != tc.same {
			t.Errorf("%v and %v: warnings %v, want same person %v", tc.a, tc.b, got, tc.same)
			continue
		}
		if tc.same {
			want := `"` + tc.b[0] + " " + tc.b[1] + `" may be the same player as "` + tc.a[0] + " " + tc.a[1] + `" (row 2)`
			if got[0].Sheet != workbook.SheetPlayers || got[0].Cell != "A3" || !strings.Contains(got[0].Msg, want) {
				t.Errorf("warning %v, want Players!A3: %s", got[0], want)
			}
		}
	}
}

// pairwiseDuplicates is LikelyDuplicates by its definition, every two
// players compared: the reference of TestLikelyDuplicatesIndexed.
func pairwiseDuplicates(t *workbook.Tournament) workbook.Problems {
	var out workbook.Problems
	type folded struct {
		first       []string
		whole, last string
	}
	keys := make([]folded, len(t.Players))
	for i, p := range t.Players {
		first, last := nameTokens(p.First), nameTokens(p.Last)
		keys[i] = folded{first, strings.Join(first, "") + strings.Join(last, ""), strings.Join(last, "")}
	}
	for j := range t.Players {
		for i := range j {
			a, b := keys[i], keys[j]
			whole := a.whole == b.whole
			initials := a.last == b.last && a.last != "" && (initialsOf(a.first, b.first) || initialsOf(b.first, a.first))
			if t.Players[i].Name == t.Players[j].Name || !(whole || initials) {
				continue
			}
			out = append(out, workbook.Problem{Sheet: workbook.SheetPlayers, Cell: t.PlayerCell(j, workbook.HeaderFirstName),
				Msg:  fmt.Sprintf("%q may be the same player as %q (row %d)", t.Players[j].Name, t.Players[i].Name, t.Players[i].Row),
				Hint: "if so, delete one row and use one spelling on every sheet; if not, nothing to do"})
			break
		}
	}
	return out
}

// initialsOf reports whether short is only initials (one letter a word),
// each the first letter of the corresponding word of long.
func initialsOf(short, long []string) bool {
	if len(short) == 0 || len(short) > len(long) {
		return false
	}
	for k, w := range short {
		if len([]rune(w)) != 1 || []rune(long[k])[0] != []rune(w)[0] {
			return false
		}
	}
	return true
}

// TestLikelyDuplicatesIndexed checks LikelyDuplicates against every pair
// compared, on many players made of a few first and last names (initials,
// accents, exact repeats and all).
func TestLikelyDuplicatesIndexed(t *testing.T) {
	t.Parallel()
	firsts := []string{"J.", "John", "J", "J.P.", "Jean Pierre", "Jean-Pierre", "Jean", "JP", "Ann", "A.", "Anne", "", "José", "Jose", "Ann Marie", "A. M."}
	lasts := []string{"Smith", "Smyth", "Roy", "Díaz", "Diaz", "", "Van der Berg", "Vanderberg"}
	rng := rand.New(rand.NewPCG(3, 4))
	found := 0
	for round := range 50 {
		tour := &workbook.Tournament{}
		for i := range 5 + round*4 {
			first, last := firsts[rng.IntN(len(firsts))], lasts[rng.IntN(len(lasts))]
			tour.Players = append(tour.Players, workbook.Player{Row: i + 2, First: first, Last: last, Name: strings.TrimSpace(first + " " + last)})
		}
		got, want := LikelyDuplicates(tour), pairwiseDuplicates(tour)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("round %d: indexed\n%v\npairwise\n%v", round, got, want)
		}
		found += len(want)
	}
	if found == 0 {
		t.Error("no likely duplicate among the made-up players: the test compares nothing")
	}
	t.Logf("%d likely duplicates found both ways", found)
}

// BenchmarkLikelyDuplicates1000 compares 1,000 players pairwise, as dtm
// check does for a large event.
func BenchmarkLikelyDuplicates1000(b *testing.B) {
	tour := &workbook.Tournament{}
	for i := range 1000 {
		first, last := "Player"+strconv.Itoa(i), "Family"+strconv.Itoa(i%97)
		tour.Players = append(tour.Players, workbook.Player{Row: i + 2, First: first, Last: last, Name: first + " " + last})
	}
	for b.Loop() {
		LikelyDuplicates(tour)
	}
}
