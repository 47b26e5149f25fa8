package clitest

import (
	"archive/zip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/xuri/excelize/v2"
)

// OpenXLSX opens a workbook with excelize, closed at the end of the test.
func OpenXLSX(t testing.TB, path string) *excelize.File {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// SaveXLSX saves a workbook opened with OpenXLSX.
func SaveXLSX(t testing.TB, f *excelize.File) {
	t.Helper()
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
}

// NewBook runs dtm new with args and opens the new workbook for the test to
// fill in; set writes values into a row from a cell on. Save with
// SaveXLSX.
func NewBook(t testing.TB, path string, args ...string) (*excelize.File, func(sheet, cell string, values ...any)) {
	t.Helper()
	os.Remove(path)
	if code, out, errOut := Dtm(t, append(append([]string{"new"}, args...), path)...); code != 0 {
		t.Fatalf("dtm new: %s%s", out, errOut)
	}
	f := OpenXLSX(t, path)
	fixture.SetSetting(t, f, "Random seed", 2026) // dtm new draws one; built samples stay the same
	return f, func(sheet, cell string, values ...any) {
		t.Helper()
		fixture.Set(t, f, sheet, cell, values...)
	}
}

// FinishSample saves a sample being built, scores it as a director would,
// and removes the backup that scoring kept beside it.
func FinishSample(t testing.TB, f *excelize.File, path string) {
	t.Helper()
	SaveXLSX(t, f)
	if code, out, errOut := Dtm(t, "score", path); code != 0 {
		t.Fatalf("dtm score %s: %s%s", path, out, errOut)
	}
	os.RemoveAll(filepath.Join(filepath.Dir(path), "dtm-backups"))
}

// SamplePath is the bundled sample tournament that the README's first
// command runs on.
const SamplePath = "samples/armada-open.xlsx"

// OutputDump renders what dtm score writes: its tabs and each heat sheet's
// Score and Score override columns.
func OutputDump(t *testing.T, path string) string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var b strings.Builder
	for _, sheet := range f.GetSheetList() {
		heat := strings.HasPrefix(sheet, "Heat ")
		if !heat && sheet != "Standings" && sheet != "Team Standings" && sheet != "Awards" {
			continue
		}
		fmt.Fprintf(&b, "== %s\n", sheet)
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
		}
		for r, row := range rows {
			if heat { // board, power, player, score, override
				cell := func(c int) string {
					if c < len(row) {
						return row[c]
					}
					return ""
				}
				if cell(0) != "" {
					fmt.Fprintf(&b, "%d: %s | %s | %s | %s | %s\n", r+1, cell(0), cell(3), cell(4), cell(10), cell(11))
				}
				continue
			}
			fmt.Fprintf(&b, "%d: %s\n", r+1, strings.Join(row, " | "))
		}
	}
	return b.String()
}

// SetCells writes cells of a workbook as a script would ("Heat 1!B2").
func SetCells(t *testing.T, path string, cells map[string]any) {
	t.Helper()
	f := OpenXLSX(t, path)
	for at, v := range cells {
		sheet, cell, _ := strings.Cut(at, "!")
		if err := f.SetCellValue(sheet, cell, v); err != nil {
			t.Fatal(err)
		}
	}
	SaveXLSX(t, f)
	f.Close()
}

// Part returns one part of a workbook's package.
func Part(t *testing.T, path, name string) string {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name == name {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer rc.Close()
			body, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			return string(body)
		}
	}
	t.Fatalf("%s has no part %s", path, name)
	return ""
}

// Publish runs dtm publish and returns its output.
func Publish(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := Dtm(t, append([]string{"publish"}, args...)...)
	if code != 0 {
		t.Fatalf("dtm publish %v: exit %d\n%s%s", args, code, out, errOut)
	}
	return out
}

// Read returns a file's contents.
func Read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// CopyFile copies the file from to the file to.
func CopyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
