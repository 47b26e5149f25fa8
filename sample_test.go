package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// samplePath is the bundled sample tournament that the README's first
// command runs on.
const samplePath = "samples/armada-open.xlsx"

// sampleNames are the sample's 28 players.
var sampleNames = [][2]string{
	{"Alice", "Archer"}, {"Bruno", "Baker"}, {"Chloe", "Carter"}, {"Dmitri", "Drake"}, {"Elena", "Evans"},
	{"Farid", "Fischer"}, {"Greta", "Gordon"}, {"Hugo", "Hale"}, {"Ines", "Irving"}, {"Jonas", "Jensen"},
	{"Keiko", "Kane"}, {"Liam", "Lowe"}, {"Maya", "Moreau"}, {"Nils", "Novak"}, {"Olga", "Owens"},
	{"Pablo", "Price"}, {"Quinn", "Quade"}, {"Rosa", "Reyes"}, {"Sven", "Salo"}, {"Tara", "Thorne"},
	{"Umar", "Ueda"}, {"Vera", "Voss"}, {"Wes", "Wolfe"}, {"Xenia", "Xu"}, {"Yusuf", "Young"},
	{"Zoe", "Zeller"}, {"Arlo", "Ash"}, {"Bea", "Bloom"},
}

// sampleBoards are heat 1's finished games: per board, per power (Austria
// ... Turkey), the player index, result, final year and centres.
var sampleBoards = [4][7]struct {
	player  int
	result  string
	year    int
	centres int
}{
	// France soloes in 1909.
	{{0, "Loss", 1906, 0}, {1, "Loss", 1909, 6}, {2, "Win", 1909, 18}, {3, "Loss", 1909, 5}, {4, "Loss", 1909, 3}, {5, "Loss", 1907, 0}, {6, "Loss", 1909, 2}},
	// England, Russia and Turkey draw in 1910.
	{{7, "Loss", 1904, 0}, {8, "Win", 1910, 12}, {9, "Loss", 1909, 0}, {10, "Loss", 1908, 0}, {11, "Loss", 1906, 0}, {12, "Win", 1910, 11}, {13, "Win", 1910, 11}},
	// A four-way draw in 1908.
	{{14, "Win", 1908, 9}, {15, "Win", 1908, 8}, {16, "Loss", 1907, 0}, {17, "Win", 1908, 9}, {18, "Win", 1908, 8}, {19, "Loss", 1905, 0}, {20, "Loss", 1906, 0}},
	// Germany and Turkey draw in 1911.
	{{21, "Loss", 1903, 0}, {22, "Loss", 1909, 0}, {23, "Loss", 1910, 0}, {24, "Win", 1911, 17}, {25, "Loss", 1905, 0}, {26, "Loss", 1906, 0}, {27, "Win", 1911, 17}},
}

// sampleHistory is board 1's centre chart, year by year (Austria ... Turkey).
var sampleHistory = map[int][7]int{
	1901: {4, 4, 5, 5, 4, 6, 4}, 1902: {3, 5, 6, 6, 4, 6, 4}, 1903: {2, 5, 8, 6, 4, 5, 4},
	1904: {2, 6, 10, 6, 3, 4, 3}, 1905: {1, 6, 12, 6, 3, 3, 3}, 1906: {0, 6, 14, 6, 3, 2, 3},
	1907: {0, 6, 15, 6, 3, 0, 4}, 1908: {0, 6, 17, 5, 3, 0, 3}, 1909: {0, 6, 18, 5, 3, 0, 2},
}

// buildSample writes the sample tournament: 28 players, a family conflict, a
// club, four teams of three, three heats, heat 1 played and recorded.
func buildSample(t *testing.T, path string) {
	t.Helper()
	os.Remove(path)
	if code, out, errOut := dtm(t, "new", "--name", "ARMADA Open 2026", "--heats", "3", path); code != 0 {
		t.Fatalf("dtm new: %s%s", out, errOut)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	set := func(sheet, cell string, values ...any) {
		t.Helper()
		if err := f.SetSheetRow(sheet, cell, &values); err != nil {
			t.Fatal(err)
		}
	}
	name := func(i int) string { return sampleNames[i][0] + " " + sampleNames[i][1] }
	set("Tournament", "B3", "Denver, Colorado, 13-15 March 2026")
	set("Tournament", "B18", "Teams of 3", "Best games without interplay", 2, 2026)
	set("Tournament", "B14", 1, 0)
	for i, n := range sampleNames {
		priority := any(nil)
		if i%5 == 0 {
			priority = 2 // host club members sit out first
		}
		email := strings.ToLower(n[0]) + "@example.org"
		set("Players", "A"+strconv.Itoa(i+2), n[0], n[1], email, "USA", priority, 50+37*i%900, "Registered", "Registered")
	}
	set("Conflicts", "A2", name(3), name(17), 100, "married")
	set("Conflicts", "A3", name(8), name(9), 100, "brothers")
	set("Groups", "A2", "ARMADA", 5, name(0), name(5), name(10), name(15), name(20), name(25))
	for i, team := range []string{"Rocky Mountain High", "Cap & Gown", "The Flatlanders", "Golden Horde"} {
		set("Teams", "A"+strconv.Itoa(i+2), team, name(3*i), name(3*i+1), name(3*i+2))
	}
	for b, board := range sampleBoards {
		for p, seat := range board {
			row := 2 + 7*b + p
			powers := []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
			set("Heat 1", "A"+strconv.Itoa(row), b+1, "Finished", nil, powers[p], name(seat.player), seat.result, seat.year, seat.centres)
			if b == 0 {
				for y := 1901; y <= 1909; y++ {
					col, _ := excelize.ColumnNumberToName(15 + y - 1901)
					set("Heat 1", col+strconv.Itoa(row), sampleHistory[y][p])
				}
			}
		}
	}
	if err := f.Save(); err != nil {
		t.Fatal(err)
	}
}

// TestSample checks the bundled sample (and rebuilds it with -update).
func TestSample(t *testing.T) {
	if *update {
		buildSample(t, samplePath)
	}
	if _, err := os.Stat(samplePath); err != nil {
		t.Fatalf("%v (go test . -run TestSample -update builds it)", err)
	}
	code, out, errOut := dtm(t, "check", samplePath)
	if code != 0 {
		t.Fatalf("dtm check %s: exit %d\n%s%s", samplePath, code, out, errOut)
	}
	if !strings.Contains(out, "28 players, 3 heats") {
		t.Errorf("unexpected summary: %s", out)
	}
	// The sample must not be changed by a check.
	entries, _ := os.ReadDir(filepath.Dir(samplePath))
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") || e.IsDir() {
			t.Errorf("samples/ holds %s after dtm check", e.Name())
		}
	}
}
