package scale

import (
	"path/filepath"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/xuri/excelize/v2"
)

// bigWorkbook writes the benchmarks' tournament: 1,001 players over 9
// heats, 1,287 finished games.
func bigWorkbook(b *testing.B) string {
	b.Helper()
	path := filepath.Join(b.TempDir(), "big.xlsx")
	clitest.BigTournament(b, path, 1001, 9)
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
		if code, out, errOut := clitest.Dtm(b, "score", path); code != 0 {
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
		if code, stdout, stderr := clitest.Dtm(b, "publish", "--out", out, path); code != 0 {
			b.Fatalf("dtm publish: exit %d\n%s%s", code, stdout, stderr)
		}
	}
}
