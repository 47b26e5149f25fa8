package director

import (
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
)

// TestLikelyDuplicates checks which pairs of names are taken for one person
// typed two ways.
func TestLikelyDuplicates(t *testing.T) {
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
