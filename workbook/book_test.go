package workbook

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// saved writes the fixture to a file in a fresh directory and opens it.
func saved(t *testing.T) *Book {
	t.Helper()
	path := filepath.Join(t.TempDir(), "Regatta.xlsx")
	if err := xlsxcheck.SaveAs(fixture(t), path); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// packed writes b's package as Save would to path (without Save's checks
// and backup) and opens the file with excelize alone.
func packed(t *testing.T, b *Book, path string) *excelize.File {
	t.Helper()
	data, err := b.x.Pack()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestSaveKeepsBackup(t *testing.T) {
	b := saved(t)
	before := readFile(t, b.Path)
	if err := b.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Player"}, Rows: [][]any{{1, "Ann Smith"}}}); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
	if _, err := b.Save(Options{Now: func() time.Time { return now }}); err != nil {
		t.Fatal(err)
	}
	backup := filepath.Join(filepath.Dir(b.Path), BackupDir, "Regatta 2026-11-22 103000.000.xlsx")
	if got := readFile(t, backup); !bytes.Equal(got, before) {
		t.Errorf("backup %s does not hold the previous version", backup)
	}
	if bytes.Equal(readFile(t, b.Path), before) {
		t.Error("the workbook was not written")
	}
	if info, err := os.Stat(b.Path); err != nil || info.Mode().Perm() != 0o644 {
		t.Errorf("workbook mode after save = %v, want the original 0644", info.Mode())
	}
	entries, _ := os.ReadDir(filepath.Dir(b.Path))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
	// A second save works from the new state and keeps at most xlsx.KeepBackups.
	for i := 1; i <= xlsx.KeepBackups+2; i++ {
		now = now.Add(time.Second)
		if err := b.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Player"}, Rows: [][]any{{i, "Ann Smith"}}}); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Save(Options{Now: func() time.Time { return now }}); err != nil {
			t.Fatal(err)
		}
	}
	backups, _ := os.ReadDir(filepath.Join(filepath.Dir(b.Path), BackupDir))
	if len(backups) != xlsx.KeepBackups {
		t.Errorf("%d backups kept, want %d", len(backups), xlsx.KeepBackups)
	}
	// A save with nothing new writes nothing and keeps no backup.
	now = now.Add(time.Second)
	if wrote, err := b.Save(Options{Now: func() time.Time { return now }}); wrote || err != nil {
		t.Errorf("a save with nothing new: wrote %v, %v", wrote, err)
	}
	if again, _ := os.ReadDir(filepath.Join(filepath.Dir(b.Path), BackupDir)); len(again) != len(backups) ||
		again[len(again)-1].Name() != backups[len(backups)-1].Name() {
		t.Error("a save with nothing new kept a backup")
	}
}

func TestSaveRefusesLockedWorkbook(t *testing.T) {
	for _, lock := range []string{".~lock.Regatta.xlsx#", "~$Regatta.xlsx", "~$gatta.xlsx"} {
		t.Run(lock, func(t *testing.T) {
			b := saved(t)
			before := readFile(t, b.Path)
			lockPath := filepath.Join(filepath.Dir(b.Path), lock)
			if err := os.WriteFile(lockPath, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := b.Save(Options{})
			if !errors.Is(err, ErrOpenElsewhere) || !strings.Contains(err.Error(), "--force") || !strings.Contains(err.Error(), lock) {
				t.Fatalf("err = %v, want ErrOpenElsewhere naming %s and --force", err, lock)
			}
			if !bytes.Equal(readFile(t, b.Path), before) {
				t.Fatal("a refused save changed the workbook")
			}
			if _, err := b.Save(Options{Force: true}); err != nil {
				t.Fatalf("--force: %v", err)
			}
		})
	}
}

func TestSaveRefusesChangedWorkbook(t *testing.T) {
	b := saved(t)
	changed := append(readFile(t, b.Path), ' ') // another program saved meanwhile
	if err := os.WriteFile(b.Path, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v, want ErrChanged", err)
	}
	if !bytes.Equal(readFile(t, b.Path), changed) {
		t.Fatal("the other program's version was overwritten")
	}
}

// readOnlyDir makes a directory unwritable, for root too (chattr +i), and
// undoes it at the end of the test.
func readOnlyDir(t *testing.T, dir string) {
	t.Helper()
	if os.Geteuid() != 0 {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		return
	}
	if out, err := exec.Command("chattr", "+i", dir).CombinedOutput(); err != nil {
		t.Skipf("cannot make a directory read-only for root here (chattr +i: %v %s)", err, out)
	}
	t.Cleanup(func() { exec.Command("chattr", "-i", dir).Run() })
}

func TestSaveIntoReadOnlyDirectory(t *testing.T) {
	b := saved(t)
	before := readFile(t, b.Path)
	dir := filepath.Dir(b.Path)
	// The backup folder exists and is writable: the failure comes when the
	// new version is written beside the workbook.
	if err := os.Mkdir(filepath.Join(dir, BackupDir), 0o755); err != nil {
		t.Fatal(err)
	}
	readOnlyDir(t, dir)
	if _, err := b.Save(Options{}); err == nil {
		t.Fatal("saving into a read-only directory succeeded")
	}
	if !bytes.Equal(readFile(t, b.Path), before) {
		t.Fatal("a failed save changed the workbook")
	}
	if backups, _ := os.ReadDir(filepath.Join(dir, BackupDir)); len(backups) != 0 {
		t.Errorf("a failed save left %d backup(s) behind", len(backups))
	}
}

func TestSaveWithoutBackupFolder(t *testing.T) {
	b := saved(t)
	before := readFile(t, b.Path)
	// A file where the backup folder should be: the backup cannot be kept,
	// so nothing is written.
	if err := os.WriteFile(filepath.Join(filepath.Dir(b.Path), BackupDir), []byte("not a folder"), 0o444); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err == nil || !strings.Contains(err.Error(), "keep a backup") {
		t.Fatalf("err = %v, want a failure to keep the backup", err)
	}
	if !bytes.Equal(readFile(t, b.Path), before) {
		t.Fatal("a save without a backup changed the workbook")
	}
}

func TestCreateNeverOverwrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.xlsx")
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Create(path, NewOptions{Name: "T", Heats: 4}); !errors.Is(err, ErrExists) {
		t.Fatalf("err = %v, want ErrExists", err)
	}
	if string(readFile(t, path)) != "mine" {
		t.Fatal("Create overwrote a file")
	}
}

func TestCreateFrom(t *testing.T) {
	earlier := saved(t)
	set := func(sheet, cell string, v any) {
		if err := earlier.f.SetCellValue(sheet, cell, v); err != nil {
			t.Fatal(err)
		}
	}
	set(SheetSystems, "A2", DefaultSystem) // unchanged name, changed formula below
	set(SheetSystems, "F2", "200 - yrs")
	earlier.Tournament, earlier.Problems, earlier.Ignored = read(earlier.f, "")
	row := []any{"House rules", "Win/Draw", "Yes", "No", "None", "100", "50"}
	if err := earlier.f.SetSheetRow(SheetSystems, "A60", &row); err != nil {
		t.Fatal(err)
	}
	earlier.Tournament, earlier.Problems, earlier.Ignored = read(earlier.f, "")
	if len(earlier.Problems) > 0 {
		t.Fatal(earlier.Problems)
	}
	path := filepath.Join(t.TempDir(), "next.xlsx")
	if _, err := Create(path, NewOptions{Name: "Next", Heats: 3, System: "House rules", From: earlier}); err != nil {
		t.Fatal(err)
	}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if len(b.Problems) > 0 {
		t.Fatal(b.Problems)
	}
	tour := b.Tournament
	if len(tour.Players) != 14 || tour.Players[13].Name != "Nia Cole" || tour.Players[13].Email != "nia@example.org" {
		t.Errorf("players not carried: %+v", tour.Players)
	}
	for _, p := range tour.Players {
		for _, r := range p.Registration {
			if r != NotRegistered {
				t.Errorf("%s's registration was carried over", p.Name)
			}
		}
	}
	if len(tour.Conflicts) != 1 || len(tour.Groups) != 1 || len(tour.Teams) != 0 {
		t.Errorf("conflicts %d, groups %d, teams %d; want 1, 1, 0", len(tour.Conflicts), len(tour.Groups), len(tour.Teams))
	}
	if s, ok := tour.SystemByName(DefaultSystem); !ok || s.Formulas[0] != "200 - yrs" {
		t.Errorf("the earlier version of %q was not kept: %+v", DefaultSystem, s)
	}
	if _, ok := tour.SystemByName("House rules"); !ok || tour.Settings.System != "House rules" || tour.Settings.Heats != 3 {
		t.Errorf("house system not carried or not chosen: %+v", tour.Settings)
	}
	if n := len(tour.Heats); n != 3 || !tour.Heats[2].Sheet {
		t.Errorf("heats = %d (sheet 3: %v), want 3 with sheets", n, n == 3 && tour.Heats[2].Sheet)
	}
}

// TestWriteOutputInPlace checks that rewriting an output tab keeps the
// director's own sheet intact: formulas (including one pointing at the
// output tab), a style, a dropdown, a comment and a defined name.
func TestWriteOutputInPlace(t *testing.T) {
	b := saved(t)
	f := b.f
	if err := b.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Player", "Score"},
		Rows: [][]any{{1, "Ann Smith", 120.5}, {2, "Bob Jones", 99}, {3, "Carl Brown", 80}}}); err != nil {
		t.Fatal(err)
	}
	directorSheet(t, f)
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	b2, err := Open(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer b2.Close()
	if err := b2.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Player", "Score"},
		Rows: [][]any{{1, "Bob Jones", 130}, {2, "Ann Smith", 120.5}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := b2.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	f3, err := excelize.OpenFile(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f3.Close()
	checkDirectorSheet(t, f3)
	rows, _ := f3.GetRows("Standings")
	if len(rows) != 3 || rows[1][1] != "Bob Jones" || rows[2][2] != "120.5" {
		t.Errorf("Standings = %q, want the second run's two rows only", rows)
	}
	if got := f3.GetSheetList(); got[len(got)-2] != "Standings" || got[len(got)-1] != "Notes" {
		t.Errorf("sheet order = %v, want Standings kept in its place before Notes", got)
	}
}

// directorSheet adds a sheet as a director would: formulas, a reference to
// the Standings tab, a style, a dropdown, a comment and a defined name.
func directorSheet(t *testing.T, f *excelize.File) {
	t.Helper()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	_, err := f.NewSheet("Notes")
	must(err)
	must(f.SetCellStr("Notes", "A1", "Leader"))
	must(f.SetCellFormula("Notes", "B1", "Standings!B2"))
	must(f.SetCellInt("Notes", "A2", 6))
	must(f.SetCellFormula("Notes", "B2", "A2*7"))
	style, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Family: "Calibri", Size: 14, Bold: true, Color: "C00000"}})
	must(err)
	must(f.SetCellStyle("Notes", "A1", "A1", style))
	dv := excelize.NewDataValidation(true)
	dv.Sqref = "C1:C5"
	must(dv.SetDropList([]string{"paid", "unpaid"}))
	must(f.AddDataValidation("Notes", dv))
	must(f.AddComment("Notes", excelize.Comment{Cell: "A2", Author: "TD", Text: "tables per room"}))
	must(f.SetDefinedName(&excelize.DefinedName{Name: "Tables", RefersTo: "Notes!$A$2"}))
}

func checkDirectorSheet(t *testing.T, f *excelize.File) {
	t.Helper()
	if v, _ := f.GetCellFormula("Notes", "B1"); v != "Standings!B2" {
		t.Errorf("Notes!B1 formula = %q, want Standings!B2", v)
	}
	if v, _ := f.GetCellFormula("Notes", "B2"); v != "A2*7" {
		t.Errorf("Notes!B2 formula = %q", v)
	}
	if v, _ := f.GetCellValue("Notes", "B1"); v != "" {
		t.Errorf("Notes!B1 keeps a stale cached value %q; it must be recalculated on opening", v)
	}
	id, _ := f.GetCellStyle("Notes", "A1")
	st, err := f.GetStyle(id)
	if err != nil || st.Font == nil || !st.Font.Bold || st.Font.Color != "C00000" {
		t.Errorf("Notes!A1 style lost: %+v", st)
	}
	dvs, _ := f.GetDataValidations("Notes")
	if len(dvs) != 1 || dvs[0].Sqref != "C1:C5" {
		t.Errorf("Notes dropdowns = %+v", dvs)
	}
	comments, _ := f.GetComments("Notes")
	text := ""
	for _, c := range comments {
		text += c.Text
		for _, run := range c.Paragraph { // LibreOffice saves the text as runs
			text += run.Text
		}
	}
	if len(comments) != 1 || !strings.Contains(text, "tables per room") {
		t.Errorf("Notes comments = %+v", comments)
	}
	found := false
	for _, d := range f.GetDefinedName() {
		found = found || (d.Name == "Tables" && d.RefersTo == "Notes!$A$2")
	}
	if !found {
		t.Errorf("defined name Tables lost: %+v", f.GetDefinedName())
	}
}

// TestWriteOutputFitsCells checks that a text longer than a cell holds (a
// tie note naming thousands of players) is cut to Excel's limit with a
// mark, not written whole into a workbook Excel would refuse.
func TestWriteOutputFitsCells(t *testing.T) {
	b := saved(t)
	long := strings.Repeat("tied with Ann Smith, ", 2000)
	if err := b.WriteOutput(Output{Sheet: "Standings", Header: []string{"Rank", "Note"}, Rows: [][]any{{1, long}}}); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	f, err := excelize.OpenFile(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := f.GetCellValue("Standings", "B2")
	if err != nil {
		t.Fatal(err)
	}
	if n := utf8.RuneCountInString(got); n != xlsx.MaxCellLength || !strings.HasSuffix(got, "…") {
		t.Errorf("the note holds %d characters (ends %q), want %d ending in …", n, got[max(0, len(got)-5):], xlsx.MaxCellLength)
	}
}

// TestSheetRoles: what dtm tells the engine it does with each sheet.
func TestSheetRoles(t *testing.T) {
	for _, tc := range []struct {
		sheet                         string
		read, replaced, input, output bool
	}{
		{"Players", true, false, true, false},
		{"Heat 3", true, false, true, false},
		{"Clock", false, false, true, false},
		{"Heat 3 calls", true, false, false, true},
		{"heat 12 CALLS", false, false, false, true}, // as a formula may name it
		{"Standings", true, true, false, true},
		{"team standings", false, false, false, true},
		{"Awards", true, true, false, true},
		{"Notes", false, false, false, false},
	} {
		got := [4]bool{readsSheet(tc.sheet), outputSheet(tc.sheet), inputSheet(tc.sheet), rewrittenTab(tc.sheet)}
		if want := [4]bool{tc.read, tc.replaced, tc.input, tc.output}; got != want {
			t.Errorf("%q: read, replaced, input, output = %v, want %v", tc.sheet, got, want)
		}
	}
}

// TestRelease: a released workbook keeps its Tournament, holds nothing of
// its file, and closes again without error.
func TestRelease(t *testing.T) {
	b := saved(t)
	want := b.Tournament
	if err := b.Release(); err != nil {
		t.Fatal(err)
	}
	if b.Tournament != want || b.x != nil || b.f != nil {
		t.Errorf("after Release: Tournament kept %v, file held %v, excelize held %v", b.Tournament == want, b.x != nil, b.f != nil)
	}
	if err := b.Close(); err != nil {
		t.Errorf("Close after Release: %v", err)
	}
}
