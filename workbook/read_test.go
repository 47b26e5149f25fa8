package workbook

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/templates"
	"github.com/xuri/excelize/v2"
)

// fixturePlayers are the players of the test tournament, 14 of them.
var fixturePlayers = [][2]string{
	{"Ann", "Smith"}, {"Bob", "Jones"}, {"Carl", "Brown"}, {"Dana", "White"}, {"Eve", "Black"},
	{"Fred", "Green"}, {"Gail", "Gray"}, {"Hal", "Stone"}, {"Ida", "Wood"}, {"Jon", "Hill"},
	{"Kim", "Lake"}, {"Lou", "Ford"}, {"Max", "Reed"}, {"Nia", "Cole"},
}

// fixture builds a clean 4-heat tournament: 14 players registered for heat
// 1, a conflict, a group, a team tournament of threes with one team, and
// heat 1 seated on two boards, board 1 finished: a seven-way draw in 1907.
func fixture(t testing.TB) *excelize.File {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fill(f, NewOptions{Name: "Test Open", Heats: 4, Seed: 7}); err != nil {
		t.Fatal(err)
	}
	for i, p := range fixturePlayers {
		row := []any{p[0], p[1], strings.ToLower(p[0]) + "@example.org", "USA", nil, 10 * i, nil, nil, nil, "Registered"}
		if err := f.SetSheetRow(SheetPlayers, cellName(1, i+2), &row); err != nil {
			t.Fatal(err)
		}
	}
	set(t, f, SheetConflicts, "A2", "Ann Smith", "Bob Jones", 100, "siblings")
	set(t, f, SheetGroups, "A2", "Denver club", 5, "Carl Brown", "Dana White")
	set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTeamSize)), "Teams of 3")
	set(t, f, SheetTeams, "A2", "Rocky", "Eve Black", "Fred Green", "Gail Gray")
	for b := 0; b < 2; b++ {
		for s := 0; s < 7; s++ {
			p := fixturePlayers[b*7+s]
			row := 2 + b*7 + s
			status := "Unstarted"
			if b == 0 {
				status = "Finished"
			}
			set(t, f, HeatSheet(1), cellName(1, row), b+1, status, nil, ChoicesPower[s], p[0]+" "+p[1])
			if b == 0 {
				set(t, f, HeatSheet(1), cellName(6, row), "Win", 1907, []int{6, 5, 4, 5, 4, 5, 5}[s])
			}
		}
	}
	return f
}

// set writes values into consecutive cells of a row, starting at cell.
func set(t testing.TB, f *excelize.File, sheet, cell string, values ...any) {
	t.Helper()
	if err := f.SetSheetRow(sheet, cell, &values); err != nil {
		t.Fatal(err)
	}
}

// settingRow finds a setting's row in the template's Tournament sheet.
func settingRowOf(t testing.TB, label string) int {
	for i, s := range tournamentSettings {
		if s.label == label {
			return i + 2
		}
	}
	t.Fatalf("no setting %q", label)
	return 0
}

// reread writes f out and reads it back as a Book.
func reread(t *testing.T, f *excelize.File) *Book {
	t.Helper()
	data, err := xlsxcheck.Bytes(f)
	if err != nil {
		t.Fatal(err)
	}
	b, err := openBytes("test.xlsx", data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestFixtureIsClean(t *testing.T) {
	b := reread(t, fixture(t))
	if len(b.Problems) > 0 {
		t.Fatalf("fixture has problems:\n%v", b.Problems)
	}
	tour := b.Tournament
	if got := len(tour.Players); got != 14 {
		t.Errorf("players = %d, want 14", got)
	}
	if p := tour.Players[1]; p.Name != "Bob Jones" || p.Email != "bob@example.org" || p.Distance != 10 || p.Registration[0] != Registered || p.Registration[1] != NotRegistered {
		t.Errorf("player 2 = %+v", p)
	}
	if len(tour.Conflicts) != 1 || tour.Conflicts[0].A != 0 || tour.Conflicts[0].B != 1 || tour.Conflicts[0].Value != 100 {
		t.Errorf("conflicts = %+v", tour.Conflicts)
	}
	if len(tour.Groups) != 1 || tour.Groups[0].Value != 5 || len(tour.Groups[0].Members) != 2 {
		t.Errorf("groups = %+v", tour.Groups)
	}
	if len(tour.Teams) != 1 || len(tour.Teams[0].Members) != 3 || tour.Settings.TeamSize != 3 {
		t.Errorf("teams = %+v, size %d", tour.Teams, tour.Settings.TeamSize)
	}
	s := tour.Settings
	if s.Name != "Test Open" || s.Heats != 4 || s.System != DefaultSystem || s.RepeatOpponent != 10 || s.SamePower != 4 || s.TeamMember != 20 || !s.HasSeed || s.RandomSeed != 7 {
		t.Errorf("settings = %+v", s)
	}
	if len(s.PowerGroups) != 4 {
		t.Errorf("power groups = %v, want the four groups of the template", s.PowerGroups)
	}
	if len(tour.Heats) != 4 || !tour.Heats[0].Sheet || len(tour.Heats[0].Games) != 2 {
		t.Fatalf("heats = %+v", tour.Heats)
	}
	g := tour.Heats[0].Games[0]
	if g.Board != 1 || g.Status != Finished || len(g.Seats) != 7 || g.Seats[1].Power != 1 || g.Seats[1].Player != 1 || g.Seats[1].Centres != 5 || g.Seats[1].Year != 1907 || g.Seats[1].Result != Win {
		t.Errorf("board 1 = %+v", g)
	}
}

// TestProblems checks each validation message: one mistake in an otherwise
// clean workbook gives exactly one problem, at the right sheet and cell.
func TestProblems(t *testing.T) {
	heat := HeatSheet(1)
	tests := []struct {
		name             string
		edit             func(t *testing.T, f *excelize.File)
		sheet, cell, msg string
		hint             string
	}{
		{"unknown player, case", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "A2", "ann smith") },
			SheetConflicts, "A2", `unknown player "ann smith"`, `did you mean "Ann Smith"?`},
		{"unknown player, extra space", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "B2", "Bob  Jones") },
			SheetConflicts, "B2", `unknown player "Bob  Jones"`, `did you mean "Bob Jones"?`},
		{"unknown player, typo", func(t *testing.T, f *excelize.File) { set(t, f, SheetGroups, "C2", "Carl Browne") },
			SheetGroups, "C2", `unknown player "Carl Browne"`, `did you mean "Carl Brown"?`},
		{"unknown player, no match", func(t *testing.T, f *excelize.File) { set(t, f, SheetTeams, "B2", "Zed Zulu") },
			SheetTeams, "B2", `unknown player "Zed Zulu"`, "add the player to the Players sheet"},
		{"player listed twice", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "A16", "Ann", "Smith") },
			SheetPlayers, "A16", `player "Ann Smith" is listed twice (first at A2)`, "delete one of the rows"},
		{"player without a name", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "C16", "x@example.org") },
			SheetPlayers, "A16", "this row has no name", ""},
		{"player in two teams", func(t *testing.T, f *excelize.File) { set(t, f, SheetTeams, "A3", "Summit", "Eve Black") },
			SheetTeams, "B3", `"Eve Black" is already in the team at A2`, "one team only"},
		{"team larger than team size", func(t *testing.T, f *excelize.File) { set(t, f, SheetTeams, "E2", "Hal Stone") },
			SheetTeams, "A2", `team "Rocky" has 4 members; teams are of 3`, "remove 1 member"},
		{"team without a team tournament", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTeamSize)), "None")
		}, SheetTeams, "A2", `team "Rocky" is listed but the tournament has no team tournament`, "Team tournament"},
		{"conflict with oneself", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "B2", "Ann Smith") },
			SheetConflicts, "B2", "a player cannot conflict with themself", ""},
		{"conflict listed twice", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "A3", "Bob Jones", "Ann Smith", 5) },
			SheetConflicts, "A3", `the conflict between "Bob Jones" and "Ann Smith" is listed twice (first at A2)`, ""},
		{"conflict value not a number", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "C2", "lots") },
			SheetConflicts, "C2", `conflict value must be a whole number, not "lots"`, "family"},
		{"conflict value not whole", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "C2", 2.5) },
			SheetConflicts, "C2", `conflict value must be a whole number, not "2.5"`, ""},
		{"conflict missing a player", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "A3", nil, "Ann Smith", 5) },
			SheetConflicts, "A3", "player is empty", ""},
		{"group value missing", func(t *testing.T, f *excelize.File) { set(t, f, SheetGroups, "B2", nil) },
			SheetGroups, "B2", `conflict value must be a whole number, not ""`, ""},
		{"group listed twice", func(t *testing.T, f *excelize.File) { set(t, f, SheetGroups, "A3", "denver club", 3) },
			SheetGroups, "A3", `group "denver club" is listed twice (first at A2)`, ""},
		{"member twice in a group", func(t *testing.T, f *excelize.File) { set(t, f, SheetGroups, "E2", "Carl Brown") },
			SheetGroups, "E2", `"Carl Brown" is listed twice in this row (first at C2)`, ""},
		{"setting not a number", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetSameOpponent)), "ten")
		}, SheetTournament, cellName(2, settingRowOf(t, SetSameOpponent)), `Conflict: same opponent again must be a whole number, not "ten"`, ""},
		{"top board multiplier 0", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTopFactor)), 0)
		}, SheetTournament, cellName(2, settingRowOf(t, SetTopFactor)), "Top board multiplier must be above 0, not 0", "e.g. 2"},
		{"top board multiplier not a number", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTopFactor)), "double")
		}, SheetTournament, cellName(2, settingRowOf(t, SetTopFactor)), `Top board multiplier must be`, "e.g. 2"},
		{"earliest draw before 1901", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetDrawYear)), 1900)
		}, SheetTournament, cellName(2, settingRowOf(t, SetDrawYear)), `Earliest draw or concession must be 0 or a game-year from 1901 to 2000, not "1900"`, "such as 1905"},
		{"earliest draw in words", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetDrawYear)), "Fall 1905")
		}, SheetTournament, cellName(2, settingRowOf(t, SetDrawYear)), `Earliest draw or concession must be 0 or a game-year from 1901 to 2000, not "Fall 1905"`, ""},
		{"concession centres over 34", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetConcessionCentres)), 35)
		}, SheetTournament, cellName(2, settingRowOf(t, SetConcessionCentres)), "Concession: least centres must be from 0 to 34, not 35", "e.g. 12"},
		{"concession to the largest outside the choices", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetConcessionLargest)), "Sometimes")
		}, SheetTournament, cellName(2, settingRowOf(t, SetConcessionLargest)), "Concession: only to the largest", "Yes"},
		{"neighbour conflict negative", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetNeighbour)), -3)
		}, SheetTournament, cellName(2, settingRowOf(t, SetNeighbour)), "Conflict: same opponent again as a neighbour must be 0 or more, not -3", ""},
		{"preference method outside the choices", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetPreferenceMethod)), "Draft")
		}, SheetTournament, cellName(2, settingRowOf(t, SetPreferenceMethod)), `Power preference method cannot be "Draft"`, "Lowest-ranked chooses first"},
		{"setting outside the choices", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetPowerAssignment)), "Random")
		}, SheetTournament, cellName(2, settingRowOf(t, SetPowerAssignment)), `Power assignment cannot be "Random"`, `choose "Automatic" or "At the tables"`},
		{"setting missing", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(1, settingRowOf(t, SetUnplayed)), nil)
		}, SheetTournament, "A:A", `setting "Unplayed score" is missing`, "add a row"},
		{"no tournament name", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetName)), nil)
		}, SheetTournament, cellName(2, settingRowOf(t, SetName)), "the tournament has no name", ""},
		{"heats out of range, none", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetHeats)), 0)
		}, SheetTournament, cellName(2, settingRowOf(t, SetHeats)), "Number of heats must be from 1 to 30, not 0", ""},
		{"fewer heats than heat sheets", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetHeats)), 3)
			set(t, f, SheetPlayers, "M1", nil) // the heat 4 registration column
			set(t, f, SheetHeats, "A5", nil)
		}, HeatSheet(4), "", "there is a sheet for heat 4, but the tournament has 3 heats", ""},
		{"minimum heats above heats", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetMinHeats)), 5)
		}, SheetTournament, cellName(2, settingRowOf(t, SetMinHeats)), "Minimum heats to qualify must be from 0 to 4, not 5", ""},
		{"power groups need same-power 2", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetSamePower)), 1)
		}, SheetTournament, cellName(2, settingRowOf(t, SetSamePower)), "power groups need a same-power conflict value of 2 or more", ""},
		{"unknown tournament system", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetSystem)), "Dipcon XXXIV (2001)")
		}, SheetTournament, cellName(2, settingRowOf(t, SetSystem)), `unknown scoring system "Dipcon XXXIV (2001)"`, `did you mean "DipCon XXXIV (2001)"?`},
		{"unknown heat system", func(t *testing.T, f *excelize.File) { set(t, f, SheetHeats, "B3", "Nope") },
			SheetHeats, "B3", `unknown scoring system "Nope"`, ""},
		{"heat number out of range", func(t *testing.T, f *excelize.File) { set(t, f, SheetHeats, "A6", 5) },
			SheetHeats, "A6", "heat 5, but the tournament has 4 heats", ""},
		{"registration outside the choices", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "K3", "Yes") },
			SheetPlayers, "K3", `registration for heat 2 cannot be "Yes"`, `"Registered", "Pre-registered" or "Sitting out"`},
		{"pre-registration off", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "K3", "Pre-registered") },
			SheetPlayers, "K3", "pre-registration is off", "Pre-registration"},
		{"nationality not a WDD code", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "G3", "Freedonia") },
			SheetPlayers, "G3", `nationality "Freedonia" is not a WDD country code`, "docs/exports.md"},
		{"WDD id not a number", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "H4", "=12") },
			SheetPlayers, "H4", `WDD id must be a whole number 1 or more, not "=12"`, "leave it empty"},
		{"WDR id zero", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "I5", 0) },
			SheetPlayers, "I5", `WDR id must be a whole number 1 or more, not "0"`, ""},
		{"distance negative", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "F3", -5) },
			SheetPlayers, "F3", `distance must be a number 0 or more, not "-5"`, ""},
		{"missing column", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "B1", "Surname") },
			SheetPlayers, "1:1", `no column headed "Last name"`, "type the header"},
		{"column twice", func(t *testing.T, f *excelize.File) { set(t, f, SheetConflicts, "E1", "value") },
			SheetConflicts, "E1", `column "value" appears twice (first at C1)`, ""},
		{"missing sheet", func(t *testing.T, f *excelize.File) {
			if err := f.DeleteSheet(SheetGroups); err != nil {
				t.Fatal(err)
			}
		}, SheetGroups, "", `sheet "Groups" is missing`, "dtm new"},
		{"sheet renamed, its headers kept", func(t *testing.T, f *excelize.File) { rename(t, f, SheetGroups, "Clubs") },
			SheetGroups, "", `sheet "Groups" is missing`, `did you mean "Clubs"? rename it back to "Groups"`},
		{"settings sheet renamed", func(t *testing.T, f *excelize.File) { rename(t, f, SheetTournament, "Tournament settings") },
			SheetTournament, "", `sheet "Tournament" is missing`, `did you mean "Tournament settings"? rename it back to "Tournament"`},
		{"sheet renamed in capitals", func(t *testing.T, f *excelize.File) { rename(t, f, SheetSystems, "SYSTEMS") },
			SheetSystems, "", `sheet "Systems" is missing`, `did you mean "SYSTEMS"?`},
		{"sheet renamed with a typo", func(t *testing.T, f *excelize.File) { rename(t, f, SheetConflicts, "Conflcts") },
			SheetConflicts, "", `sheet "Conflicts" is missing`, `did you mean "Conflcts"?`},
		{"status outside the choices", func(t *testing.T, f *excelize.File) { set(t, f, heat, "B2", "Finshed") },
			heat, "B2", `status cannot be "Finshed"`, `did you mean "Finished"?`},
		{"status outside the choices on every row", func(t *testing.T, f *excelize.File) {
			for row := 2; row <= 8; row++ {
				set(t, f, heat, cellName(2, row), "Finshed")
			}
		}, heat, "B2", `status cannot be "Finshed" (nor can B3 to B8)`, `did you mean "Finished"?`},
		{"criterion outside the choices", func(t *testing.T, f *excelize.File) { set(t, f, SheetSystems, "B3", "Rank") },
			SheetSystems, "B3", `end-game criterion cannot be "Rank"`, `"Win/Draw", "Rank by SC count" or "Both"`},
		{"final year out of range", func(t *testing.T, f *excelize.File) { set(t, f, SheetSystems, "E2", 1850) },
			SheetSystems, "E2", `final game-year cannot be "1850"`, "a year from 1907 to 1999, or None"},
		{"final year before 1907", func(t *testing.T, f *excelize.File) { set(t, f, SheetSystems, "E2", 1905) },
			SheetSystems, "E2", `final game-year cannot be "1905"`, "1907"},
		{"all survivors in a rank system", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetSystems, "A40", "Mine", "Rank by SC count", "Yes")
		}, SheetSystems, "C40", "draws include all survivors applies only to \"Win/Draw\" systems", ""},
		{"system listed twice", func(t *testing.T, f *excelize.File) { set(t, f, SheetSystems, "A40", DefaultSystem, "Win/Draw") },
			SheetSystems, "A40", `scoring system "DipCon XXXIV (2001)" is listed twice (first at A2)`, ""},
		{"board number missing", func(t *testing.T, f *excelize.File) { set(t, f, heat, "A3", nil) },
			heat, "A3", `board must be a whole number 1 or more, not ""`, ""},
		{"power twice on a board", func(t *testing.T, f *excelize.File) { set(t, f, heat, "D3", "Austria") },
			heat, "D3", "board 1 has Austria twice (also at D2)", ""},
		{"power outside the choices", func(t *testing.T, f *excelize.File) { set(t, f, heat, "D10", "Prussia") },
			heat, "D10", `power cannot be "Prussia"`, ""},
		{"board short of a seat", func(t *testing.T, f *excelize.File) { set(t, f, heat, "A15", nil, nil, nil, nil, nil) },
			heat, "A9", "board 2 has 6 rows", "seven rows"},
		{"player seated twice", func(t *testing.T, f *excelize.File) { set(t, f, heat, "E10", "Ann Smith") },
			heat, "E10", `"Ann Smith" is already seated at E2`, ""},
		{"player seated twice on one board", func(t *testing.T, f *excelize.File) { set(t, f, heat, "E4", "Ann Smith") },
			heat, "E4", `"Ann Smith" is already seated on board 1 at E2`, "sits once on a board"},
		{"unknown player seated", func(t *testing.T, f *excelize.File) { set(t, f, heat, "E3", "Nobody Atall") },
			heat, "E3", `unknown player "Nobody Atall"`, ""},
		{"unknown player replaced", func(t *testing.T, f *excelize.File) { set(t, f, heat, "I3", "Nobody Atall", 1903) },
			heat, "I3", `unknown player "Nobody Atall"`, ""},
		{"status differs on a board", func(t *testing.T, f *excelize.File) { set(t, f, heat, "B4", "Started") },
			heat, "B4", `board 1 is "Started" here but "Finished" at B2`, ""},
		{"centres over 34", func(t *testing.T, f *excelize.File) { set(t, f, heat, "H2", 35) },
			heat, "H2", `centres must be from 0 to 34, not "35"`, ""},
		{"year out of range", func(t *testing.T, f *excelize.File) { set(t, f, heat, "G2", 1850) },
			heat, "G2", `year must be a year from 1901 to 1999, not "1850"`, ""},
		{"history not a number", func(t *testing.T, f *excelize.File) { set(t, f, heat, "O2", "four") },
			heat, "O2", `centres at the end of 1901 must be from 0 to 34, not "four"`, ""},
		{"result outside the choices", func(t *testing.T, f *excelize.File) { set(t, f, heat, "F2", "Draw") },
			heat, "F2", `result cannot be "Draw"`, `"Win", "Loss" or "Conceded win"`},
		{"started game without a power", func(t *testing.T, f *excelize.File) { set(t, f, heat, "D5", nil) },
			heat, "D5", "board 1 has a seat without a power", ""},
		{"bad victory rule", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetVictory)), "18,x")
		}, SheetTournament, cellName(2, settingRowOf(t, SetVictory)), `victory rule "18,x": entry 2 "x"`, "classic, regatta-2002"},
		{"bad tie-break chain", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetTournament, cellName(2, settingRowOf(t, SetTieBreaks)), "coin toss")
		}, SheetTournament, cellName(2, settingRowOf(t, SetTieBreaks)), "tie-breaks:", "head-to-head"},
		{"score override not a number", func(t *testing.T, f *excelize.File) { set(t, f, heat, "L2", "n/a") },
			heat, "L2", `score override must be a number, not "n/a"`, ""},
		{"replacing oneself", func(t *testing.T, f *excelize.File) { set(t, f, heat, "I2", "Ann Smith", 1903) },
			heat, "I2", "a player cannot replace themself", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := fixture(t)
			tc.edit(t, f)
			b := reread(t, f)
			if len(b.Problems) != 1 {
				t.Fatalf("got %d problems, want 1:\n%v", len(b.Problems), b.Problems)
			}
			p := b.Problems[0]
			if p.Sheet != tc.sheet || p.Cell != tc.cell || !strings.Contains(p.Msg, tc.msg) || !strings.Contains(p.Hint, tc.hint) {
				t.Errorf("got  %s\nwant %s!%s: ...%s...; ...%s...", p, tc.sheet, tc.cell, tc.msg, tc.hint)
			}
		})
	}
}

// TestRenamedSheets renames each sheet dtm reads as a director does by a
// slip (a space typed after its name): one problem each, naming the sheet
// found, and nothing of what depends on the sheet.
func TestRenamedSheets(t *testing.T) {
	for _, sheet := range []string{SheetTournament, SheetPlayers, SheetConflicts, SheetGroups, SheetTeams, SheetSystems,
		SheetHeats, HeatSheet(1), SheetClock} {
		t.Run(sheet, func(t *testing.T) {
			f := fixture(t)
			if _, err := f.GetSheetIndex(sheet); err != nil {
				t.Fatal(err)
			}
			rename(t, f, sheet, sheet+" ")
			b := reread(t, f)
			want := fmt.Sprintf("did you mean %q (with a space at its end)? rename it back to %q", sheet+" ", sheet)
			if len(b.Problems) != 1 || b.Problems[0].Sheet != sheet || !strings.Contains(b.Problems[0].Hint, want) {
				t.Errorf("got %d problems, want 1 at %s with %q:\n%v", len(b.Problems), sheet, want, b.Problems)
			}
		})
	}
}

// rename renames a sheet.
func rename(t *testing.T, f *excelize.File, from, to string) {
	t.Helper()
	if err := f.SetSheetName(from, to); err != nil {
		t.Fatal(err)
	}
}

// TestIgnored checks that unknown columns and settings are kept, ignored and
// reported for dtm check -v.
func TestIgnored(t *testing.T) {
	f := fixture(t)
	set(t, f, SheetPlayers, "Q1", "Shirt size")
	set(t, f, SheetPlayers, "Q2", "XL")
	set(t, f, SheetTournament, "A30", "Venue", "Denver")
	b := reread(t, f)
	if len(b.Problems) > 0 {
		t.Fatalf("problems: %v", b.Problems)
	}
	got := b.Ignored.Error()
	for _, want := range []string{`Players!Q1: column "Shirt size" is not one dtm reads`, `Tournament!A30: setting "Venue" is not one dtm reads`} {
		if !strings.Contains(got, want) {
			t.Errorf("ignored = %q, want it to mention %q", got, want)
		}
	}
}

// TestColumnsFoundByHeader checks that a director may reorder and insert
// columns.
func TestColumnsFoundByHeader(t *testing.T) {
	f := fixture(t)
	if err := f.InsertCols(SheetPlayers, "A", 2); err != nil {
		t.Fatal(err)
	}
	set(t, f, SheetPlayers, "A1", "Badge", "Last name")
	set(t, f, SheetPlayers, "D1", "Surname (old)")
	for i, p := range fixturePlayers {
		set(t, f, SheetPlayers, cellName(2, i+2), p[1])
	}
	b := reread(t, f)
	if len(b.Problems) > 0 {
		t.Fatalf("problems: %v", b.Problems)
	}
	if got := b.Tournament.Players[2].Name; got != "Carl Brown" {
		t.Errorf("player 3 = %q, want Carl Brown", got)
	}
}

func TestProblemString(t *testing.T) {
	tests := []struct {
		p    Problem
		want string
	}{
		{Problem{Sheet: "Players", Cell: "B7", Msg: "m", Hint: "h"}, "Players!B7: m; h"},
		{Problem{Sheet: "Heat 2", Cell: "E3", Msg: "m"}, "'Heat 2'!E3: m"},
		{Problem{Sheet: "Groups", Msg: "m"}, "Groups: m"},
		{Problem{Sheet: "Systems", Cell: "F7", Msg: "m", Detail: "scs +\n     ^"}, "Systems!F7: m\n    scs +\n         ^"},
	}
	for _, tc := range tests {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// TestCriterionAliases checks that the DTM manual's own names of the
// end-game criteria are accepted on the Systems sheet.
func TestCriterionAliases(t *testing.T) {
	for name, want := range map[string]int{
		"Win/Draw": 0, "Win/Draw Scoring": 0, "Rank by SC count": 1, "Rank players by SC count": 1,
		"rank  PLAYERS by sc count": 1, "Both": 2, "Both Win/Draw and SC Rank Scoring": 2, "Both Win/Draw and Rank Scoring": 2,
	} {
		f := fixture(t)
		set(t, f, SheetSystems, "A40", "Mine", name, "No", "No", "None", "1")
		b := reread(t, f)
		s, ok := b.Tournament.SystemByName("Mine")
		if len(b.Problems) > 0 || !ok || s.Criterion != want {
			t.Errorf("%q: criterion %v, want %d; problems %v", name, s, want, b.Problems)
		}
	}
	if criterionIndex("Rank by chance") != -1 {
		t.Error("an unknown criterion was accepted")
	}
}

// TestHeatDate checks that a date typed in the Heats sheet reads as a date,
// however the cell stores it: a date cell holds a serial day number (46130
// is 18 April 2026, counting from 30 December 1899), text stays as typed.
func TestHeatDate(t *testing.T) {
	f := fixture(t)
	set(t, f, SheetHeats, "C2", 46130)
	style, err := f.NewStyle(&excelize.Style{NumFmt: 14})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellStyle(SheetHeats, "C2", "C2", style); err != nil {
		t.Fatal(err)
	}
	set(t, f, SheetHeats, "C3", time.Date(2026, 3, 14, 0, 0, 0, 0, time.UTC))
	set(t, f, SheetHeats, "C4", "Sunday afternoon")
	b := reread(t, f)
	if len(b.Problems) > 0 {
		t.Fatal(b.Problems)
	}
	for h, want := range []string{"Saturday 18 April 2026", "Saturday 14 March 2026", "Sunday afternoon", ""} {
		if got := b.Tournament.Heats[h].Date; got != want {
			t.Errorf("heat %d's date = %q, want %q", h+1, got, want)
		}
	}
}

// TestPlayerIDs checks that nationality is read as a WDD code, by code or
// by name in any case, and the ids as numbers.
func TestPlayerIDs(t *testing.T) {
	f := fixture(t)
	set(t, f, SheetPlayers, "G2", "fra", 1234, 567)
	set(t, f, SheetPlayers, "G3", " united KINGDOM ")
	b := reread(t, f)
	if len(b.Problems) > 0 {
		t.Fatalf("problems: %v", b.Problems)
	}
	ps := b.Tournament.Players
	if ps[0].Nationality != "FRA" || ps[0].WDDID != 1234 || ps[0].WDRID != 567 || ps[1].Nationality != "ANG" || ps[1].WDDID != 0 {
		t.Errorf("read %+v and %+v", ps[0], ps[1])
	}
	if got := b.Tournament.PlayerCell(1, HeaderWDDID); got != "H3" {
		t.Errorf("PlayerCell = %q, want H3", got)
	}
}

// countryRow is a row of docs/exports.md's table of country codes.
var countryRow = regexp.MustCompile("^\\| `[A-Z]{3}` \\| [^|]+ \\|$")

// TestCountriesDocumented checks that docs/exports.md lists exactly the
// country codes the Nationality column accepts.
func TestCountriesDocumented(t *testing.T) {
	data, err := os.ReadFile("../docs/exports.md")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, c := range Countries {
		want = append(want, fmt.Sprintf("| `%s` | %s |", c.Code, c.Name))
	}
	var got []string
	for _, line := range strings.Split(string(data), "\n") {
		if countryRow.MatchString(line) {
			got = append(got, line)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("docs/exports.md lists\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestNationalityCodes checks that a nationality is read as a WDD code:
// from the list by code or name, or any other three-letter code as typed
// (the list holds only the countries of most events).
func TestNationalityCodes(t *testing.T) {
	for typed, want := range map[string]string{"fra": "FRA", "Germany": "ALL", "isr": "ISR", " CZE ": "CZE"} {
		f := fixture(t)
		set(t, f, SheetPlayers, "G3", typed)
		b := reread(t, f)
		if len(b.Problems) > 0 || b.Tournament.Players[1].Nationality != want {
			t.Errorf("%q: nationality %q, want %q; problems %v", typed, b.Tournament.Players[1].Nationality, want, b.Problems)
		}
	}
}

// TestPlayerYesNoColumns reads the Players sheet's Yes/No columns that a
// director adds (Standby, Can play two boards, Declines pool) as the
// settings are read: Yes/No in any case, and TRUE/FALSE, which LibreOffice
// and Excel turn into boolean cells (stored as 1 and 0) when typed. Before,
// TRUE was refused as "standby cannot be "1"" while the cell showed TRUE.
func TestPlayerYesNoColumns(t *testing.T) {
	f := fixture(t)
	set(t, f, SheetPlayers, "N1", HeaderStandby, HeaderTwoBoards, HeaderDeclines)
	set(t, f, SheetPlayers, "N2", true, "yes", false)
	set(t, f, SheetPlayers, "N3", "No", false, "YES")
	set(t, f, SheetPlayers, "N4", "Perhaps")
	b := reread(t, f)
	if len(b.Problems) != 1 || b.Problems[0].Cell != "N4" || !strings.Contains(b.Problems[0].Msg, `standby cannot be "Perhaps"`) {
		t.Errorf("problems: %v, want one at N4", b.Problems)
	}
	ps := b.Tournament.Players
	for i, want := range [][3]bool{{true, true, false}, {false, false, true}} {
		if got := [3]bool{ps[i].Standby, ps[i].TwoBoards, ps[i].Declines}; got != want {
			t.Errorf("row %d: standby, two boards, declines %v, want %v", i+2, got, want)
		}
	}
}
