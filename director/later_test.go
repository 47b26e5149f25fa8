package director

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
)

// TestLaterPlayers is worked by hand: 16 players alike (rows 2-17) over 3
// heats, heat 1 seated with players 0-13 (--sit-out auto benches the last
// two rows, 14 and 15). In heat 2, 14 and 15 have sat out once: the last
// rows of those who have not, 12 and 13, are predicted to sit out; in heat
// 3, 10 and 11.
func TestLaterPlayers(t *testing.T) {
	t.Parallel()
	all := func(except ...int) []int {
		var out []int
		for i := range 16 {
			if !slices.Contains(except, i) {
				out = append(out, i)
			}
		}
		return out
	}
	tests := []struct {
		name  string
		unreg [][2]int // (player, heat) not registered
		want  [][]int
	}{
		{name: "everyone registered", want: [][]int{all(12, 13), all(10, 11)}},
		// 15 registered for heat 3: one more sits out, the last row of
		// those who have not sat out yet.
		{name: "one fewer in heat 3", unreg: [][2]int{{0, 3}}, want: [][]int{all(12, 13), all(0, 11)}},
		// 14 registered for heat 3 fill two boards: nobody sits out.
		{name: "boards filled in heat 3", unreg: [][2]int{{0, 3}, {1, 3}}, want: [][]int{all(12, 13), all(0, 1)}},
		// 15 registered for heat 2: one sits out, 13; in heat 3, 3 (who
		// was not registered for heat 2, not sitting it out) may sit out,
		// but 11 and 12 come after in the rows.
		{name: "one missing in heat 2", unreg: [][2]int{{3, 2}}, want: [][]int{all(3, 13), all(11, 12)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tour := &workbook.Tournament{Settings: workbook.Settings{Heats: 3}}
			for i := range 16 {
				reg := []workbook.Registration{workbook.Registered, workbook.Registered, workbook.Registered}
				for _, u := range tc.unreg {
					if u[0] == i {
						reg[u[1]-1] = workbook.NotRegistered
					}
				}
				if i >= 14 {
					reg[0] = workbook.SittingOut // as --sit-out auto marked them
				}
				tour.Players = append(tour.Players, workbook.Player{Name: fmt.Sprintf("P%d", i), Row: i + 2, Registration: reg})
			}
			for h := 1; h <= 3; h++ {
				tour.Heats = append(tour.Heats, workbook.Heat{Number: h})
			}
			if got := laterPlayers(tour, 1, all(14, 15), nil); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("later heats %v, want %v", got, tc.want)
			}
		})
	}
}
