package event

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/xuri/excelize/v2"
)

// sampleNames are the sample's 28 players.
var sampleNames = [][2]string{
	{"Alice", "Archer"}, {"Bruno", "Baker"}, {"Chloe", "Carter"}, {"Dmitri", "Drake"}, {"Elena", "Evans"},
	{"Farid", "Fischer"}, {"Greta", "Gordon"}, {"Hugo", "Hale"}, {"Ines", "Irving"}, {"Jonas", "Jensen"},
	{"Keiko", "Kane"}, {"Liam", "Lowe"}, {"Maya", "Moreau"}, {"Nils", "Novak"}, {"Olga", "Owens"},
	{"Pablo", "Price"}, {"Quinn", "Quade"}, {"Rosa", "Reyes"}, {"Sven", "Salo"}, {"Tara", "Thorne"},
	{"Umar", "Ueda"}, {"Vera", "Voss"}, {"Wes", "Wolfe"}, {"Xenia", "Xu"}, {"Yusuf", "Young"},
	{"Zoe", "Zeller"}, {"Arlo", "Ash"}, {"Bea", "Bloom"},
}

// sampleSeat is one power's result on a sample board.
type sampleSeat struct {
	result  string
	year    int
	centres int
}

// sampleHeats are the sample's finished games: per heat, per board, per power
// (Austria ... Turkey). Players are seated by samplePlayer.
var sampleHeats = [3][4][7]sampleSeat{
	{ // heat 1
		// France soloes in 1909.
		{{"Loss", 1906, 0}, {"Loss", 1909, 6}, {"Win", 1909, 18}, {"Loss", 1909, 5}, {"Loss", 1909, 3}, {"Loss", 1907, 0}, {"Loss", 1909, 2}},
		// England, Russia and Turkey draw in 1910.
		{{"Loss", 1904, 0}, {"Win", 1910, 12}, {"Loss", 1909, 0}, {"Loss", 1908, 0}, {"Loss", 1906, 0}, {"Win", 1910, 11}, {"Win", 1910, 11}},
		// A four-way draw in 1908.
		{{"Win", 1908, 9}, {"Win", 1908, 8}, {"Loss", 1907, 0}, {"Win", 1908, 9}, {"Win", 1908, 8}, {"Loss", 1905, 0}, {"Loss", 1906, 0}},
		// Germany and Turkey draw in 1911.
		{{"Loss", 1903, 0}, {"Loss", 1909, 0}, {"Loss", 1910, 0}, {"Win", 1911, 17}, {"Loss", 1905, 0}, {"Loss", 1906, 0}, {"Win", 1911, 17}},
	},
	{ // heat 2
		{{"Loss", 1905, 0}, {"Win", 1910, 17}, {"Loss", 1908, 0}, {"Loss", 1909, 0}, {"Loss", 1906, 0}, {"Win", 1910, 17}, {"Loss", 1907, 0}},
		// Turkey soloes in 1911; two centres stay neutral.
		{{"Loss", 1911, 3}, {"Loss", 1911, 5}, {"Loss", 1911, 4}, {"Loss", 1911, 2}, {"Loss", 1908, 0}, {"Loss", 1906, 0}, {"Win", 1911, 18}},
		{{"Loss", 1904, 0}, {"Win", 1909, 8}, {"Win", 1909, 7}, {"Win", 1909, 6}, {"Win", 1909, 5}, {"Loss", 1907, 0}, {"Win", 1909, 8}},
		{{"Win", 1912, 11}, {"Loss", 1910, 0}, {"Win", 1912, 12}, {"Loss", 1906, 0}, {"Win", 1912, 11}, {"Loss", 1905, 0}, {"Loss", 1911, 0}},
	},
	{ // heat 3
		{{"Loss", 1906, 0}, {"Win", 1910, 9}, {"Win", 1910, 8}, {"Win", 1910, 9}, {"Loss", 1908, 0}, {"Loss", 1909, 0}, {"Win", 1910, 8}},
		// Austria soloes in 1909.
		{{"Win", 1909, 18}, {"Loss", 1909, 6}, {"Loss", 1909, 5}, {"Loss", 1907, 0}, {"Loss", 1909, 2}, {"Loss", 1905, 0}, {"Loss", 1909, 3}},
		{{"Win", 1908, 6}, {"Win", 1908, 6}, {"Win", 1908, 6}, {"Win", 1908, 5}, {"Win", 1908, 5}, {"Loss", 1906, 0}, {"Win", 1908, 6}},
		{{"Loss", 1904, 0}, {"Loss", 1908, 0}, {"Win", 1911, 17}, {"Loss", 1910, 0}, {"Loss", 1906, 0}, {"Loss", 1909, 0}, {"Win", 1911, 17}},
	},
}

// sampleNationality are the sample players' nationalities, in turn.
var sampleNationality = []string{"USA", "USA", "CAN", "USA", "ANG", "USA", "FRA"}

// samplePlayer seats the players: heat 1 in order, later heats by a
// permutation of the 28 (multiplying by a number prime to 28).
func samplePlayer(heat, board, power int) int {
	x := 7*board + power
	return (x*[3]int{1, 3, 5}[heat] + heat) % 28
}

// sampleHistory is board 1's centre chart, year by year (Austria ... Turkey).
var sampleHistory = map[int][7]int{
	1901: {4, 4, 5, 5, 4, 6, 4}, 1902: {3, 5, 6, 6, 4, 6, 4}, 1903: {2, 5, 8, 6, 4, 5, 4},
	1904: {2, 6, 10, 6, 3, 4, 3}, 1905: {1, 6, 12, 6, 3, 3, 3}, 1906: {0, 6, 14, 6, 3, 2, 3},
	1907: {0, 6, 15, 6, 3, 0, 4}, 1908: {0, 6, 17, 5, 3, 0, 3}, 1909: {0, 6, 18, 5, 3, 0, 2},
}

// buildSample writes the sample tournament: 28 players, a family conflict, a
// club, four teams of three scored by each member's best two games without
// interplay, three heats played and recorded, the lowest heat dropped.
// Settings are found by their label, as a director finds them.
func buildSample(t testing.TB, path string) {
	t.Helper()
	f, set := clitest.NewBook(t, path, "--name", "ARMADA Open 2026", "--heats", "3")
	name := func(i int) string { return sampleNames[i][0] + " " + sampleNames[i][1] }
	fixture.SetSetting(t, f, "Description", "Denver, Colorado, 13-15 March 2026")
	fixture.SetSetting(t, f, "Team tournament", "Teams of 3")
	fixture.SetSetting(t, f, "Team scoring", "Best games without interplay")
	fixture.SetSetting(t, f, "Team heat or games", 2)
	fixture.SetSetting(t, f, "Lowest heats: how many", 1)
	fixture.SetSetting(t, f, "Lowest heats: multiplier", 0)
	for i, n := range sampleNames {
		priority := any(nil)
		if i%5 == 0 {
			priority = 2 // host club members sit out first
		}
		email := strings.ToLower(n[0]) + "@example.org"
		// Ids and nationality, for the WDD and WDR exports; the last two players are newcomers without ids.
		var nationality, wdd, wdr any = sampleNationality[i%len(sampleNationality)], 4000 + 17*i, 900 + 3*i
		if i >= 26 {
			wdd, wdr = nil, nil
		}
		set("Players", "A"+strconv.Itoa(i+2), n[0], n[1], email, "USA", priority, 50+37*i%900, nationality, wdd, wdr, "Registered", "Registered", "Registered")
	}
	fixture.SetSetting(t, f, "Event class", "B (NADF Grand Prix)")
	fixture.SetSetting(t, f, "Results sent to", "WDD and WDR")
	for h := range 3 {
		set("Heats", "C"+strconv.Itoa(h+2), time.Date(2026, 3, 13+h, 0, 0, 0, 0, time.UTC))
	}
	set("Conflicts", "A2", name(3), name(17), 100, "married")
	set("Conflicts", "A3", name(8), name(9), 100, "brothers")
	set("Groups", "A2", "ARMADA", 5, name(0), name(5), name(10), name(15), name(20), name(25))
	for i, team := range []string{"Rocky Mountain High", "Cap & Gown", "The Flatlanders", "Golden Horde"} {
		set("Teams", "A"+strconv.Itoa(i+2), team, name(3*i), name(3*i+1), name(3*i+2))
	}
	powers := []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
	for h, boards := range sampleHeats {
		sheet := "Heat " + strconv.Itoa(h+1)
		for b, board := range boards {
			for p, seat := range board {
				row := strconv.Itoa(2 + 7*b + p)
				// Heat 3's board 1 is the top board: the tournament's own system typed in its Scoring system
				// column labels it without changing its scores.
				var system any
				if h == 2 && b == 0 {
					system = "DipCon XXXIV (2001)"
				}
				set(sheet, "A"+row, b+1, "Finished", system, powers[p], name(samplePlayer(h, b, p)), seat.result, seat.year, seat.centres)
				if h == 0 && b == 0 {
					for y := 1901; y <= 1909; y++ {
						col, _ := excelize.ColumnNumberToName(15 + y - 1901)
						set(sheet, col+row, sampleHistory[y][p])
					}
				}
			}
		}
	}
	set("Heat 3", "L16", 20) // the director's override: a score settled at the table
	// The rounds' start times (the room clock's): Friday evening, Saturday
	// morning and evening, as at the Regatta.
	for h, start := range []float64{19, 9, 19} {
		set("Heats", "D"+strconv.Itoa(h+2), start/24)
	}
	clitest.FinishSample(t, f, path)
}

// TestSample checks the bundled sample (and rebuilds it with -update).
func TestSample(t *testing.T) {
	if golden.Update() {
		buildSample(t, clitest.SamplePath)
	}
	if _, err := os.Stat(clitest.SamplePath); err != nil {
		t.Fatalf("%v (go test ./internal/e2e/event -run TestSample -update builds it)", err)
	}
	code, out, errOut := clitest.Dtm(t, "check", clitest.SamplePath)
	if code != 0 {
		t.Fatalf("dtm check %s: exit %d\n%s%s", clitest.SamplePath, code, out, errOut)
	}
	if !strings.Contains(out, "28 players, 3 heats") {
		t.Errorf("unexpected summary: %s", out)
	}
}

// TestSampleTeams checks the sample's team standings, worked by hand from
// the seatings (samplePlayer) and the game scores of the Standings. Each
// member's best two games in which no team-mate sat on the same board
// count. In heat 1 players 0-6 share board 1 and 7-13 board 2, so only
// Greta Gordon (board 1, her team-mates on board 2) has a heat-1 game that
// counts; in heat 3 Jonas Jensen's solo (112) does not count, as Liam Lowe
// sat on his board, nor does Liam's game.
func TestSampleTeams(t *testing.T) {
	want := []struct {
		rank  int
		name  string
		total float64
		games []string // "player, heat board: score", member by member, by heat
	}{
		// Dmitri 0 + 14 = 14; Elena 78 + 34 = 112; Farid 24 + 77 = 101; 14 + 112 + 101 = 227.
		{1, "Cap & Gown", 227, []string{"Dmitri Drake, 2 2: 0", "Dmitri Drake, 3 3: 14", "Elena Evans, 2 1: 78",
			"Elena Evans, 3 1: 34", "Farid Fischer, 2 3: 24", "Farid Fischer, 3 4: 77"}},
		// Greta: -2 (heat 1), -3, -6: the best two -2 - 3 = -5; Hugo -3 + 34 = 31; Ines 54 + 14 = 68;
		// -5 + 31 + 68 = 94.
		{2, "The Flatlanders", 94, []string{"Greta Gordon, 1 1: -2", "Greta Gordon, 2 2: -3", "Hugo Hale, 2 1: -3",
			"Hugo Hale, 3 1: 34", "Ines Irving, 2 4: 54", "Ines Irving, 3 3: 14"}},
		// Jonas -5 (heat 3 left out); Keiko -2 - 1 = -3; Liam -1 (heat 3 left out); -5 - 3 - 1 = -9.
		{3, "Golden Horde", -9, []string{"Jonas Jensen, 2 2: -5", "Keiko Kane, 2 1: -2", "Keiko Kane, 3 4: -1",
			"Liam Lowe, 2 4: -1"}},
		// Alice 0 - 3 = -3; Bruno -6 - 2 = -8; Chloe -4 - 5 = -9 (her heat-1 solo left out); -3 - 8 - 9 = -20.
		{4, "Rocky Mountain High", -20, []string{"Alice Archer, 2 2: 0", "Alice Archer, 3 4: -3", "Bruno Baker, 2 1: -6",
			"Bruno Baker, 3 2: -2", "Chloe Carter, 2 3: -4", "Chloe Carter, 3 1: -5"}},
	}
	code, out, errOut := clitest.Dtm(t, "score", "--dry-run", "--json", clitest.SamplePath)
	if code != 0 {
		t.Fatalf("dtm score: exit %d\n%s%s", code, out, errOut)
	}
	var report struct {
		Teams []struct {
			Rank  int
			Name  string
			Total float64
			Games []struct {
				Player      string
				Heat, Board int
				Score       float64
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &report); err != nil {
		t.Fatal(err)
	}
	if len(report.Teams) != len(want) {
		t.Fatalf("%d teams, want %d", len(report.Teams), len(want))
	}
	for i, w := range want {
		got := report.Teams[i]
		var games []string
		for _, g := range got.Games {
			games = append(games, fmt.Sprintf("%s, %d %d: %g", g.Player, g.Heat, g.Board, g.Score))
		}
		if got.Rank != w.rank || got.Name != w.name || got.Total != w.total || !slices.Equal(games, w.games) {
			t.Errorf("team %d: %d %s %g\n%q\nwant %d %s %g\n%q", i+1, got.Rank, got.Name, got.Total, games,
				w.rank, w.name, w.total, w.games)
		}
	}
}
