package workbook

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/seeding"
)

// TestSeedProblem checks the conversion into the seeder's problem: values,
// conflicts, groups, teams (which count only when teams score their best
// games without interplay), power groups, and heat 1 as the history of heat
// 2, a replaced player counting as having played the board.
func TestSeedProblem(t *testing.T) {
	f := fixture(t)
	set(t, f, HeatSheet(1), "I3", "Nia Cole", 1903) // Nia Cole left England of board 1 to Bob Jones
	b := reread(t, f)
	if len(b.Problems) > 0 {
		t.Fatal(b.Problems)
	}
	tour := b.Tournament
	p := tour.SeedProblem(2)
	if p.Values != (seeding.Values{RepeatOpponent: 10, SamePower: 4, TeamMember: 20}) || !p.AssignPowers {
		t.Errorf("values %+v, assign powers %v", p.Values, p.AssignPowers)
	}
	if !reflect.DeepEqual(p.PowerGroups, [][]int{{0, 4}, {1, 2}, {3}, {5, 6}}) {
		t.Errorf("power groups %v", p.PowerGroups)
	}
	if len(p.Conflicts) != 1 || p.Conflicts[0] != (seeding.Conflict{A: 0, B: 1, Value: 100, Kind: "siblings"}) {
		t.Errorf("conflicts %+v", p.Conflicts)
	}
	if len(p.Groups) != 1 || p.Groups[0].Value != 5 || !slices.Equal(p.Groups[0].Members, []int{2, 3}) {
		t.Errorf("groups %+v", p.Groups)
	}
	if len(p.Teams) != 0 {
		t.Errorf("teams scored by one heat count against each other: %+v", p.Teams)
	}
	// Heat 1: board 1 finished (history), board 2 unstarted (history too: it is seated).
	if len(p.History) != 1 || p.History[0].Round != 1 || len(p.History[0].Boards) != 2 {
		t.Fatalf("history %+v", p.History)
	}
	first := p.History[0].Boards[0]
	if !first.Locked || first.Seats[1] != (seeding.Seat{Player: 1, Power: 1}) || !reflect.DeepEqual(first.Left, []seeding.Seat{{Player: 13, Power: 1}}) {
		t.Errorf("board 1 in history: %+v", first)
	}
	if err := p.Validate(); err != nil {
		t.Errorf("problem does not validate: %v", err)
	}
	set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTeamScoring)), "Best games without interplay")
	set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTeamNumber)), 2)
	b = reread(t, f)
	if p := b.Tournament.SeedProblem(1); len(p.Teams) != 1 || len(p.History) != 0 {
		t.Errorf("best games: teams %+v, history of heat 1 %+v", p.Teams, p.History)
	}
}

// TestSeating checks what seeding heat 1 starts from: board 1 (finished) is
// locked, its players are not to be seated again, board 2 (unstarted) is
// free; a board with results that would be reseeded is refused.
func TestSeating(t *testing.T) {
	f := fixture(t)
	b := reread(t, f)
	hs, err := b.Tournament.Seating(1)
	if err != nil {
		t.Fatal(err)
	}
	if len(hs.Locked) != 1 || !slices.Equal(hs.Numbers, []int{1}) || !slices.Equal(hs.Present, []int{7, 8, 9, 10, 11, 12, 13}) {
		t.Errorf("seating: %+v", hs)
	}
	if got := b.Tournament.NextHeat(); got != 0 {
		t.Errorf("next heat %d, want 0 (every registered player is seated)", got)
	}
	set(t, f, HeatSheet(1), "H10", 5) // centres typed on unstarted board 2
	b = reread(t, f)
	_, err = b.Tournament.Seating(1)
	if err == nil || !strings.Contains(err.Error(), "'Heat 1'!H10: board 2 is Unstarted but has results") {
		t.Errorf("err = %v, want the located refusal", err)
	}
}

func TestNumber(t *testing.T) {
	hs := HeatSeating{Locked: []seeding.Board{{Locked: true}, {Locked: true}}, Numbers: []int{1, 3}}
	plan := seeding.Plan{Boards: []seeding.Board{{Locked: true}, {Locked: true}, {}, {}, {}}}
	var got []int
	for _, s := range hs.Number(plan) {
		got = append(got, s.Number)
	}
	if !slices.Equal(got, []int{1, 3, 2, 4, 5}) {
		t.Errorf("board numbers %v, want locked 1 and 3 kept, new 2, 4, 5", got)
	}
}

// TestNextHeat checks the heat plain dtm seed seats: the earliest heat with
// a registered player not yet seated, so a heat whose top board was seated
// by hand and started is seeded around it rather than skipped.
func TestNextHeat(t *testing.T) {
	f := fixture(t)
	set(t, f, SheetPlayers, "A16", "Olga", "Late", nil, nil, nil, nil, nil, nil, nil, "Registered")
	if got := reread(t, f).Tournament.NextHeat(); got != 1 {
		t.Errorf("a late player registered for heat 1: next heat %d, want 1", got)
	}
	set(t, f, SheetPlayers, "J16", nil)
	// Heat 2: the top board (seven players of heat 1's board 2) seated and
	// started by hand; the other seven registered.
	for i := range fixturePlayers {
		set(t, f, SheetPlayers, cellName(11, i+2), "Registered")
	}
	for s := 0; s < 7; s++ {
		p := fixturePlayers[7+s]
		set(t, f, HeatSheet(2), cellName(1, 2+s), 1, "Started", nil, ChoicesPower[s], p[0]+" "+p[1])
	}
	if got := reread(t, f).Tournament.NextHeat(); got != 2 {
		t.Errorf("heat 2 with a started top board and seven players to seat: next heat %d, want 2", got)
	}
}

// TestUnplayedNote checks the Standings note of a heat without a score: a
// game still in play is not "not played".
func TestUnplayedNote(t *testing.T) {
	f := fixture(t)
	tour := reread(t, f).Tournament
	if got := tour.unplayedNote(7, 1); got != "not started yet (board 2)" {
		t.Errorf("unstarted board: %q", got)
	}
	if got := tour.unplayedNote(7, 2); got != "not played" {
		t.Errorf("no board in heat 2: %q", got)
	}
	for row := 9; row <= 15; row++ {
		set(t, f, HeatSheet(1), cellName(2, row), "Started")
	}
	if got := reread(t, f).Tournament.unplayedNote(7, 1); got != "in play (board 2)" {
		t.Errorf("started board: %q", got)
	}
}
