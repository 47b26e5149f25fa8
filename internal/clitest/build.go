package clitest

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// BigTournament writes a tournament of players (a multiple of 7) over heats,
// every game finished: a three-way draw in 1910 with random powers, the other
// four eliminated in 1904..1909. Seating is random; the seed fixes it.
func BigTournament(tb testing.TB, path string, players, heats int) {
	tb.Helper()
	BigEvent(tb, path, players, heats, heats)
}

// BigEvent writes BigTournament's event with heats finished of total, every
// player registered for the heats after the finished ones.
func BigEvent(tb testing.TB, path string, players, heats, total int) {
	tb.Helper()
	NamedEvent(tb, path, players, heats, total, func(i int) (string, string) { return "Player" + strconv.Itoa(i), "Bench" })
}

// NamedEvent writes BigEvent's event with each player's first and last
// name from names; players/7 boards a heat, the rest not seated.
func NamedEvent(tb testing.TB, path string, players, heats, total int, names func(i int) (first, last string)) {
	tb.Helper()
	if _, err := workbook.Create(path, workbook.NewOptions{Name: "Benchmark Open", Heats: total, Seed: 1}); err != nil {
		tb.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	rng := rand.New(rand.NewPCG(1, 2))
	name := func(i int) string { first, last := names(i); return first + " " + last }
	for i := 0; i < players; i++ {
		first, last := names(i)
		row := []any{first, last}
		if total > heats {
			// The registration columns follow the nine Players columns.
			row = append(row, make([]any, 7+heats)...)
			for range total - heats {
				row = append(row, "Registered")
			}
		}
		if err := f.SetSheetRow("Players", "A"+strconv.Itoa(i+2), &row); err != nil {
			tb.Fatal(err)
		}
	}
	powers := []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
	for h := 1; h <= heats; h++ {
		sheet := "Heat " + strconv.Itoa(h)
		seats := rng.Perm(players)
		for b := 0; b < players/7; b++ {
			order := rng.Perm(7)
			for k, p := range order {
				result, year, centres := "Loss", 1904+k, 0
				if k >= 4 { // the last three in order draw
					result, year, centres = "Win", 1910, []int{11, 11, 12}[k-4]
				}
				row := []any{b + 1, "Finished", nil, powers[p], name(seats[7*b+k]), result, year, centres}
				if err := f.SetSheetRow(sheet, "A"+strconv.Itoa(2+7*b+k), &row); err != nil {
					tb.Fatal(err)
				}
			}
		}
	}
	if err := xlsxcheck.Save(f); err != nil {
		tb.Fatal(err)
	}
}

// FreshTournament writes a tournament of players registered for every heat,
// none seated yet.
func FreshTournament(tb testing.TB, path string, players, heats int) {
	tb.Helper()
	if _, err := workbook.Create(path, workbook.NewOptions{Name: "Benchmark Open", Heats: heats, Seed: 1}); err != nil {
		tb.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	for i := 0; i < players; i++ {
		row := []any{"Player" + strconv.Itoa(i), "Bench", nil, nil, nil, nil, nil, nil, nil} // to WDR id
		for range heats {
			row = append(row, "Registered")
		}
		if err := f.SetSheetRow("Players", "A"+strconv.Itoa(i+2), &row); err != nil {
			tb.Fatal(err)
		}
	}
	if err := xlsxcheck.Save(f); err != nil {
		tb.Fatal(err)
	}
}

// SeedTournament creates a tournament of n players registered for all three
// heats, the first two with sit-out priority 2, and a family pair (P03, P04).
func SeedTournament(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "seed.xlsx")
	if code, out, errOut := Dtm(t, "new", "--heats", "3", path); code != 0 {
		t.Fatalf("dtm new: %s%s", out, errOut)
	}
	f := OpenXLSX(t, path)
	for i := 0; i < n; i++ {
		var priority any
		if i < 2 {
			priority = 2
		}
		row := []any{"P" + strconv.Itoa(100 + i)[1:], "Test", nil, nil, priority, 10 * i, nil, nil, nil, "Registered", "Registered", "Registered"}
		if err := f.SetSheetRow("Players", "A"+strconv.Itoa(i+2), &row); err != nil {
			t.Fatal(err)
		}
	}
	if err := f.SetSheetRow("Conflicts", "A2", &[]any{"P03 Test", "P04 Test", 100, "family"}); err != nil {
		t.Fatal(err)
	}
	SaveXLSX(t, f)
	return path
}
