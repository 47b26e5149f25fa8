package xlsx

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestChanges: one cell changed and one sheet added are what replacing a
// workbook by its other version changes; the same version changes nothing.
func TestChanges(t *testing.T) {
	f := sample(t)
	if err := SetCellValue(f.x, "Players", "A2", "Renamed"); err != nil {
		t.Fatal(err)
	}
	if _, err := NewSheet(f.x, "Mine"); err != nil {
		t.Fatal(err)
	}
	if err := SetCellValue(f.x, "Mine", "B3", "x"); err != nil {
		t.Fatal(err)
	}
	data, err := f.Pack()
	if err != nil {
		t.Fatal(err)
	}
	other, err := OpenBytes("other.xlsx", data, Sheets{})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	orig, err := OpenBytes("orig.xlsx", f.src, Sheets{})
	if err != nil {
		t.Fatal(err)
	}
	defer orig.Close()
	got, err := orig.Changes(other)
	if err != nil {
		t.Fatal(err)
	}
	want := []SheetChange{{Sheet: "Players", Cells: 1}, {Sheet: "Mine", Cells: 1, Added: true}}
	if !slices.Equal(got, want) {
		t.Errorf("changes = %+v, want %+v", got, want)
	}
	back, err := other.Changes(orig)
	if err != nil {
		t.Fatal(err)
	}
	if want := []SheetChange{{Sheet: "Players", Cells: 1}, {Sheet: "Mine", Cells: 1, Removed: true}}; !slices.Equal(back, want) {
		t.Errorf("changes back = %+v, want %+v", back, want)
	}
	if same, err := orig.Changes(orig); err != nil || len(same) != 0 {
		t.Errorf("a version against itself: %+v, %v", same, err)
	}
}

// TestBackups: Save's backups are listed newest first, with their times;
// Replace keeps the replaced version as the newest.
func TestBackups(t *testing.T) {
	f := sample(t)
	stamp := time.Date(2026, 3, 14, 10, 15, 2, 311e6, time.Local)
	for k := range 3 {
		at := stamp.Add(time.Duration(k) * time.Minute)
		f.PatchCell("Clock", 50, 1, k) // a save that changes nothing writes nothing, and keeps no backup
		if _, err := f.Save(Options{Now: func() time.Time { return at }}); err != nil {
			t.Fatal(err)
		}
	}
	list, err := Backups(f.Path)
	if err != nil || len(list) != 3 {
		t.Fatalf("backups = %q, %v", list, err)
	}
	if when, ok := BackupTime(list[0]); !ok || !when.Equal(stamp.Add(2*time.Minute)) {
		t.Errorf("the newest backup %q is of %v, want %v", filepath.Base(list[0]), when, stamp.Add(2*time.Minute))
	}
	current, _ := os.ReadFile(f.Path)
	old, _ := os.ReadFile(list[2])
	kept, err := Replace(f.Path, current, old, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if after, _ := Backups(f.Path); len(after) != 4 || after[0] != kept {
		t.Errorf("after Replace: %q, want %q newest", after, kept)
	}
	if _, err := Replace(f.Path, current, old, Options{}); err == nil {
		t.Error("Replace over a file changed since it was read succeeded")
	}
}

// TestLongNameBackups saves workbooks whose names leave no room for a
// backup's time within the file system's 255 bytes: any name that saves
// saves again, and again, each backup's name shortened but kept apart
// from another workbook's with the same start, and sorted by time.
func TestLongNameBackups(t *testing.T) {
	data := readBytes(t, "../../samples/armada-open.xlsx")
	dir := t.TempDir()
	for _, name := range []string{
		strings.Repeat("a", 229), // 229 + 23 + 5 = 257 bytes with the time
		strings.Repeat("Tournoi d'été ", 15) + "1",
		strings.Repeat("Tournoi d'été ", 15) + "2",
		strings.Repeat("x", 250),
	} {
		path := filepath.Join(dir, name+".xlsx")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := Open(path, Sheets{})
		if err != nil {
			t.Fatal(err)
		}
		stamp := time.Date(2026, 3, 14, 10, 15, 2, 0, time.Local)
		for k := range 3 {
			at := stamp.Add(time.Duration(k) * time.Minute)
			f.PatchCell("Clock", 50, 1, k) // a save that changes nothing writes nothing, and keeps no backup
			if _, err := f.Save(Options{Now: func() time.Time { return at }}); err != nil {
				t.Fatalf("%d-byte name, save %d: %v", len(name), k+1, err)
			}
		}
		f.Close()
		list, err := Backups(path)
		if err != nil || len(list) != 3 {
			t.Fatalf("%d-byte name: backups %q, %v", len(name), list, err)
		}
		for _, b := range list {
			if n := len(filepath.Base(b)); n > 255 || !utf8.ValidString(b) {
				t.Errorf("backup name of %d bytes: %q", n, filepath.Base(b))
			}
		}
		if when, ok := BackupTime(list[0]); !ok || !when.Equal(stamp.Add(2*time.Minute)) {
			t.Errorf("the newest backup %q is of %v", filepath.Base(list[0]), when)
		}
	}
}
