package workbook

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/xuri/excelize/v2"
)

// loEdit applies edits to a workbook in LibreOffice and saves it, as a
// director would (with a window when lo-install --gui has been run).
func loEdit(t *testing.T, path string, edits []map[string]any) {
	t.Helper()
	js, err := json.Marshal(edits)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{path, "--json", string(js)}
	if lotest.GUI() {
		args = append([]string{"--gui"}, args...)
	}
	lotest.Run(t, "lo-edit", args...)
}

// TestLibreOfficeRoundTrip fills a new workbook in LibreOffice as a director
// would and checks that dtm reads exactly those values back.
func TestLibreOfficeRoundTrip(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "lo.xlsx")
	if _, err := Create(path, NewOptions{Name: "LO Open", Heats: 3, Seed: 42}); err != nil {
		t.Fatal(err)
	}
	teamRow := 0
	for i, s := range tournamentSettings {
		if s.label == SetTeamSize {
			teamRow = i + 2
		}
	}
	loEdit(t, path, []map[string]any{
		{"op": "set_rows", "sheet": SheetPlayers, "cell": "A2", "rows": [][]any{
			{"Ann", "Smith", "ann@example.org", "USA", nil, 120, nil, nil, nil, "Registered"},
			{"Bob", "Jones", "bob@example.org", "CAN", 2, 0, nil, nil, nil, "Registered", "Sitting out"},
			{"Émile", "Zola", nil, "FRA", nil, 850.5, nil, nil, nil, "Registered"},
			{"Dana", "White", nil, nil, nil, nil, nil, nil, nil, nil, "Registered"},
		}},
		{"op": "set_rows", "sheet": SheetConflicts, "cell": "A2", "rows": [][]any{
			{"Ann Smith", "Bob Jones", 100, "siblings"},
			{"Dana White", "Émile Zola", -5, "car pool"},
		}},
		{"op": "set_rows", "sheet": SheetGroups, "cell": "A2", "rows": [][]any{{"Denver club", 5, "Ann Smith", "Bob Jones"}}},
		{"op": "set", "sheet": SheetTournament, "cell": cellName(2, teamRow), "input": "Teams of 3"},
		{"op": "set_rows", "sheet": SheetTeams, "cell": "A2", "rows": [][]any{{"Rocky", "Ann Smith", "Dana White", "Émile Zola"}}},
	})
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if len(b.Problems) > 0 {
		t.Fatalf("LibreOffice-saved workbook has problems:\n%v", b.Problems)
	}
	tour := b.Tournament
	type player struct {
		Name, Email, Country string
		Priority, Distance   float64
		Registration         []Registration
	}
	var got []player
	for _, p := range tour.Players {
		got = append(got, player{p.Name, p.Email, p.Country, p.Priority, p.Distance, p.Registration})
	}
	want := []player{
		{"Ann Smith", "ann@example.org", "USA", 0, 120, []Registration{Registered, NotRegistered, NotRegistered}},
		{"Bob Jones", "bob@example.org", "CAN", 2, 0, []Registration{Registered, SittingOut, NotRegistered}},
		{"Émile Zola", "", "FRA", 0, 850.5, []Registration{Registered, NotRegistered, NotRegistered}},
		{"Dana White", "", "", 0, 0, []Registration{NotRegistered, Registered, NotRegistered}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("players:\n got %+v\nwant %+v", got, want)
	}
	wantConflicts := []Conflict{{Row: 2, A: 0, B: 1, Value: 100, Note: "siblings"}, {Row: 3, A: 3, B: 2, Value: -5, Note: "car pool"}}
	if !reflect.DeepEqual(tour.Conflicts, wantConflicts) {
		t.Errorf("conflicts:\n got %+v\nwant %+v", tour.Conflicts, wantConflicts)
	}
	if want := []Group{{Row: 2, Name: "Denver club", Value: 5, Members: []int{0, 1}}}; !reflect.DeepEqual(tour.Groups, want) {
		t.Errorf("groups = %+v, want %+v", tour.Groups, want)
	}
	if want := []Team{{Row: 2, Name: "Rocky", Members: []int{0, 3, 2}}}; !reflect.DeepEqual(tour.Teams, want) || tour.Settings.TeamSize != 3 {
		t.Errorf("teams = %+v (size %d), want %+v", tour.Teams, tour.Settings.TeamSize, want)
	}
	if s := tour.Settings; s.Name != "LO Open" || s.Heats != 3 || s.RandomSeed != 42 || len(tour.Systems) < 26 {
		t.Errorf("settings after LibreOffice: %+v, %d systems", s, len(tour.Systems))
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dvs, _ := f.GetDataValidations(HeatSheet(2))
	if len(dvs) < 3 {
		t.Errorf("heat sheet dropdowns after LibreOffice: %d, want status, power, result ...", len(dvs))
	}
	if lotest.GUI() {
		if p, err := f.GetPanes(SheetPlayers); err != nil || !p.Freeze || p.YSplit != 1 {
			t.Errorf("Players header no longer frozen after a director's save: %+v %v", p, err)
		}
	}
}

// TestLibreOfficeSeesWriteBack writes an output tab twice around a
// director's sheet that refers to it, and checks in LibreOffice that the
// director's formulas follow the new values.
func TestLibreOfficeSeesWriteBack(t *testing.T) {
	t.Parallel()
	b := saved(t)
	if err := b.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Player", "Score"},
		Rows: [][]any{{1, "Ann Smith", 120.5}, {2, "Bob Jones", 99}}}); err != nil {
		t.Fatal(err)
	}
	directorSheet(t, b.f)
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	// The director opens and saves it in LibreOffice, then dtm runs again.
	loEdit(t, b.Path, []map[string]any{{"op": "set", "sheet": "Notes", "cell": "D1", "value": "checked"}})
	b2, err := Open(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer b2.Close()
	if len(b2.Problems) > 0 {
		t.Fatal(b2.Problems)
	}
	if err := b2.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Player", "Score"},
		Rows: [][]any{{1, "Bob Jones", 130}, {2, "Ann Smith", 120.5}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := b2.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	notes := lotest.CSV(t, b.Path, "Notes")
	if len(notes) < 2 || notes[0][1] != "Bob Jones" || notes[1][1] != "42" || notes[0][3] != "checked" {
		t.Errorf("Notes as LibreOffice computes it = %q, want B1 Bob Jones (the new leader), B2 42, D1 checked", notes)
	}
	standings := lotest.CSV(t, b.Path, "Standings")
	want := [][]string{{"Rank", "Player", "Score"}, {"1", "Bob Jones", "130"}, {"2", "Ann Smith", "120.5"}}
	if !reflect.DeepEqual(standings, want) {
		t.Errorf("Standings as LibreOffice shows it = %q, want %q", standings, want)
	}
	f, err := excelize.OpenFile(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	checkDirectorSheet(t, f)
}
