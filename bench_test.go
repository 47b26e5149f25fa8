package main

import (
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// bigTournament writes a tournament of players (a multiple of 7) over heats,
// every game finished: a three-way draw in 1910 with random powers, the other
// four eliminated in 1904..1909. Seating is random; the seed fixes it.
func bigTournament(tb testing.TB, path string, players, heats int) {
	tb.Helper()
	bigEvent(tb, path, players, heats, heats)
}

// bigEvent writes bigTournament's event with heats finished of total, every
// player registered for the heats after the finished ones.
func bigEvent(tb testing.TB, path string, players, heats, total int) {
	tb.Helper()
	namedEvent(tb, path, players, heats, total, func(i int) (string, string) { return "Player" + strconv.Itoa(i), "Bench" })
}

// namedEvent writes bigEvent's event with each player's first and last
// name from names; players/7 boards a heat, the rest not seated.
func namedEvent(tb testing.TB, path string, players, heats, total int, names func(i int) (first, last string)) {
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

// bigWorkbook writes the benchmarks' tournament: 1,001 players over 9
// heats, 1,287 finished games.
func bigWorkbook(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.xlsx")
	bigTournament(b, path, 1001, 9)
	return path
}

// BenchmarkExcelizeOpenSave is the floor for rescoring: excelize alone
// opening and saving the 1,000-player, 9-heat workbook.
func BenchmarkExcelizeOpenSave(b *testing.B) {
	path := bigWorkbook(b)
	out := filepath.Join(b.TempDir(), "out.xlsx")
	b.ResetTimer()
	for range b.N {
		f, err := excelize.OpenFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := f.SaveAs(out); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}

// BenchmarkExcelizeReadAllSave is excelize opening the same workbook,
// reading every sheet's rows (as dtm must) and saving it.
func BenchmarkExcelizeReadAllSave(b *testing.B) {
	path := bigWorkbook(b)
	out := filepath.Join(b.TempDir(), "out.xlsx")
	b.ResetTimer()
	for range b.N {
		f, err := excelize.OpenFile(path)
		if err != nil {
			b.Fatal(err)
		}
		for _, sheet := range f.GetSheetList() {
			if _, err := f.GetRows(sheet, excelize.Options{RawCellValue: true}); err != nil {
				b.Fatal(err)
			}
		}
		if err := f.SaveAs(out); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}

// BenchmarkScore1000 is dtm score, end to end, of the 1,001-player, 9-heat
// workbook (1,287 finished games): read, validate, score every game, rank,
// write the tabs and the heat sheets' scores, save with a backup.
func BenchmarkScore1000(b *testing.B) {
	path := bigWorkbook(b)
	b.ResetTimer()
	for range b.N {
		if code, out, errOut := dtm(b, "score", path); code != 0 {
			b.Fatalf("exit %d\n%s%s", code, out[:min(len(out), 2000)], errOut)
		}
	}
}

// BenchmarkPublish1000 publishes the site of a 1,001-player, 9-heat
// tournament: about 1,200 pages.
func BenchmarkPublish1000(b *testing.B) {
	path := bigWorkbook(b)
	out := filepath.Join(b.TempDir(), "site")
	b.ResetTimer()
	for range b.N {
		if code, stdout, stderr := dtm(b, "publish", "--out", out, path); code != 0 {
			b.Fatalf("dtm publish: exit %d\n%s%s", code, stdout, stderr)
		}
	}
}
