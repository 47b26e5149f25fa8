package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExport writes the sample's three results files and compares them with
// their golden copies.
func TestExport(t *testing.T) {
	path := copySample(t, samplePath)
	out := t.TempDir()
	code, stdout, errOut := dtm(t, "export", "--csv", "--wdd", "--out", out, path)
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	for _, name := range []string{"ARMADA Open 2026.csv", "ARMADA Open 2026 WDD classification.csv", "ARMADA Open 2026 WDD boards.csv"} {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		goldenFile(t, "export/"+name, string(data))
	}
	// Hand-worked lines. Heat 1 board 1: France (Chloe Carter) soloes in 1909 with 18: 121 - 9 = 112, first on
	// the board, DRAW 1, her chart ending 18 in 1909; Austria (Alice Archer) out in 1906: 6 - 11 = -5, last.
	boards, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDD boards.csv"))
	for _, want := range []string{
		"Chloe,Carter,1,1,1,0FR,1,1,112,18,,1,5,6,8,10,12,14,15,17,18,",
		"Alice,Archer,1,1,1,0AU,7,1,-5,0,6,0,4,3,2,2,1,0,0,0,0,",
	} {
		if !strings.Contains(string(boards), want) {
			t.Errorf("boards file lacks %q", want)
		}
	}
	// BOARD numbers a game within the tournament: four boards a heat, so heat 2's board 1 is game 5.
	if want := "Bruno,Baker,1,2,5,0AU,7,1,-6,0,5,0,"; !strings.Contains(string(boards), want) {
		t.Errorf("boards file lacks %q (heat 2, board 1 = game 5)", want)
	}
	// Maya Moreau: 1st with 166 (56 + 110, her 34 dropped), best Turkey with 110 (heat 2 board 2 = game 6,
	// 18 centres).
	class, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 WDD classification.csv"))
	if !strings.Contains(string(class), "Maya,Moreau,1,1,1,USA,,166,56,110,34,,,,,,"+strings.Repeat(",", 30)+"1,110,18,2,6,") {
		t.Errorf("classification file: Maya Moreau's line is not as worked out:\n%s", class)
	}
	dtmCSV, _ := os.ReadFile(filepath.Join(out, "ARMADA Open 2026.csv"))
	// UTF-8 with a byte-order mark, so that Excel opened by a double-click keeps accented names.
	if !strings.HasPrefix(string(dtmCSV), "\ufeff1,Maya Moreau,56,110,34,166\n2,Elena Evans,-2,78,34,112\n3,Ines Irving,56,54,14,110\n3,Jonas Jensen,") {
		t.Errorf("DTM export:\n%s", dtmCSV)
	}
	if code, _, errOut := dtm(t, "export", path); code != 2 || !strings.Contains(errOut, "--csv, --wdd or both") {
		t.Errorf("no format: exit %d, %s", code, errOut)
	}
}

// TestExportNeutralisesFormulas checks that a name a spreadsheet would run
// as a formula is written as text in every file.
func TestExportNeutralisesFormulas(t *testing.T) {
	path := copySample(t, samplePath)
	f := openXLSX(t, path)
	// Rename Maya Moreau everywhere she is named: the Players sheet and her seats.
	for _, sheet := range f.GetSheetList() {
		rows, _ := f.GetRows(sheet)
		for r, row := range rows {
			for c, v := range row {
				cell := cellRef(c, r)
				switch {
				case sheet == "Players" && v == "Maya":
					f.SetCellStr(sheet, cell, "=HYPERLINK(\"x\")")
				case v == "Maya Moreau":
					f.SetCellStr(sheet, cell, "=HYPERLINK(\"x\") Moreau")
				}
			}
		}
	}
	saveXLSX(t, f)
	out := t.TempDir()
	if code, stdout, errOut := dtm(t, "export", "--csv", "--wdd", "--out", out, path); code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, errOut)
	}
	for _, name := range []string{"ARMADA Open 2026.csv", "ARMADA Open 2026 WDD classification.csv", "ARMADA Open 2026 WDD boards.csv"} {
		data, _ := os.ReadFile(filepath.Join(out, name))
		text := string(data)
		if !strings.Contains(text, `'=HYPERLINK`) {
			t.Errorf("%s: the name is not neutralised", name)
		}
		for _, line := range strings.Split(text, "\n") {
			for _, field := range strings.Split(line, ",") {
				if strings.HasPrefix(strings.TrimPrefix(field, `"`), "=") {
					t.Errorf("%s: a field starts with '=': %q", name, line)
				}
			}
		}
	}
}

// cellRef names a 0-based column and row ("C7").
func cellRef(c, r int) string {
	name := ""
	for c++; c > 0; c = (c - 1) / 26 {
		name = string(rune('A'+(c-1)%26)) + name
	}
	return name + strconv.Itoa(r+1)
}
