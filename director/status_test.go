package director

import (
	"testing"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/workbook"
)

func TestNumberRanges(t *testing.T) {
	for _, c := range []struct {
		in   []int
		want string
	}{
		{nil, ""}, {[]int{3}, "3"}, {[]int{1, 2}, "1-2"}, {[]int{6, 1, 2, 3, 4, 8, 9}, "1-4, 6, 8-9"},
	} {
		if got := files.NumberRanges(c.in); got != c.want {
			t.Errorf("files.NumberRanges(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStatusNext checks the one step dtm status suggests, state by state,
// the first that applies winning.
func TestStatusNext(t *testing.T) {
	heat := func(n int, s workbook.HeatState, calls bool, started ...int) workbook.HeatStatus {
		return workbook.HeatStatus{Heat: n, State: s, Calls: calls, Started: started, Unstarted: []int{4}}
	}
	scored := heat(1, workbook.Scored, true)
	// Two heats; Ann is registered for heat 2, Bob for neither.
	tour := &workbook.Tournament{Heats: make([]workbook.Heat, 2), Players: []workbook.Player{
		{Name: "Ann", Registration: []workbook.Registration{workbook.NotRegistered, workbook.Registered}},
		{Name: "Bob", Registration: []workbook.Registration{workbook.NotRegistered, workbook.NotRegistered}},
	}}
	stale := workbook.Problems{{Sheet: "Heat 2 calls", Cell: "G5", Msg: "warning: stale"}}
	for _, c := range []struct {
		name string
		r    StatusResult
		want string
	}{
		{"unseated before stale", StatusResult{Heats: []workbook.HeatStatus{scored, heat(2, workbook.Called, true)},
			Unseated: []Unseated{{Heat: 2, Players: []string{"Ann"}}}, Stale: stale}, "dtm seed --late --heat 2 'my venue.xlsx'"},
		{"stale", StatusResult{Heats: []workbook.HeatStatus{scored, heat(2, workbook.Called, true)}, Stale: stale},
			"dtm seed --refresh 'my venue.xlsx'"},
		{"no calls", StatusResult{Heats: []workbook.HeatStatus{scored, heat(2, workbook.Called, false)}},
			"dtm seed --refresh --heat 2 'my venue.xlsx'"},
		{"reported before in play", StatusResult{Heats: []workbook.HeatStatus{heat(1, workbook.Reported, true), heat(2, workbook.InPlay, true, 1, 2)}},
			"dtm score 'my venue.xlsx'"},
		{"in play", StatusResult{Heats: []workbook.HeatStatus{scored, heat(2, workbook.InPlay, true, 1, 2)}},
			"enter the results of heat 2's boards 1-2, 4 on the Heat 2 sheet (or dtm import RESULTS.csv 'my venue.xlsx')"},
		{"called", StatusResult{Heats: []workbook.HeatStatus{scored, heat(2, workbook.Called, true)}},
			"play heat 2: print the Heat 2 calls tab, and mark each board Started on the Heat 2 sheet as it starts"},
		{"next heat to seed", StatusResult{Heats: []workbook.HeatStatus{scored, heat(2, workbook.NotSeeded, false)}},
			"dtm seed 'my venue.xlsx'"},
		{"nobody registered", StatusResult{Heats: []workbook.HeatStatus{heat(1, workbook.NotSeeded, false), heat(2, workbook.NotSeeded, false)}},
			"register the players of heat 1 (Players sheet, Heat 1 column), then dtm seed 'my venue.xlsx'"},
		{"final", StatusResult{Heats: []workbook.HeatStatus{scored, scored}, Final: true}, "dtm export --csv 'my venue.xlsx'"},
	} {
		c.r.Path = "my venue.xlsx"
		if got := c.r.next(tour); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
	// Bob, registered for heat 1, played none of its boards (a replaced
	// player's registration, say): plain dtm seed would aim at heat 1.
	tour.Players[1].Registration[0] = workbook.Registered
	r := StatusResult{Path: "venue.xlsx", Heats: []workbook.HeatStatus{scored, heat(2, workbook.NotSeeded, false)}}
	if got, want := r.next(tour), "dtm seed --heat 2 venue.xlsx"; got != want {
		t.Errorf("heat 1 scored with a registration left: %q, want %q", got, want)
	}
}

// TestStatusNextSeatsAroundStartedBoards: a heat with only a started top
// board and its other players waiting is seeded around it (moving nobody),
// not filled seat by seat; a drop-out's seat is filled as --late does.
func TestStatusNextSeatsAroundStartedBoards(t *testing.T) {
	tour := &workbook.Tournament{Heats: make([]workbook.Heat, 2), Players: []workbook.Player{
		{Name: "Ann", Registration: []workbook.Registration{workbook.Registered, workbook.Registered}},
	}}
	scored := workbook.HeatStatus{Heat: 1, State: workbook.Scored, Calls: true, Finished: []int{1}}
	r := StatusResult{Path: "venue.xlsx", Heats: []workbook.HeatStatus{scored, {Heat: 2, State: workbook.InPlay, Started: []int{1}}},
		Unseated: []Unseated{{Heat: 2, Players: []string{"Ann"}}}}
	tour.Players[0].Registration[0] = workbook.NotRegistered
	if got, want := r.next(tour), "dtm seed venue.xlsx"; got != want {
		t.Errorf("around a started board: %q, want %q", got, want)
	}
	r = StatusResult{Path: "venue.xlsx", Heats: []workbook.HeatStatus{scored, {Heat: 2, State: workbook.Called, Calls: true, Unstarted: []int{1, 2}}},
		DroppedOut: []Unseated{{Heat: 2, Players: []string{"Bob"}}}}
	if got, want := r.next(tour), "dtm seed --late --heat 2 venue.xlsx"; got != want {
		t.Errorf("a drop-out: %q, want %q", got, want)
	}
}
