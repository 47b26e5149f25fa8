package xlsx

import (
	"archive/zip"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

func readBytes(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// sample copies a sample workbook into a fresh folder and opens it.
func sample(t *testing.T) *File {
	t.Helper()
	data := readBytes(t, "../../samples/armada-open.xlsx")
	path := filepath.Join(t.TempDir(), "Regatta.xlsx")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path, Sheets{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

// failingReader fails after some bytes, like a write interrupted by a full
// disk or a crash.
type failingReader struct {
	data []byte
	n    int
}

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n >= len(r.data)/2 {
		return 0, errors.New("disk full")
	}
	k := copy(p, r.data[r.n:len(r.data)/2])
	r.n += k
	return k, nil
}

func TestInterruptedWriteKeepsOriginal(t *testing.T) {
	b := sample(t)
	before := readBytes(t, b.Path)
	err := writeAtomicFrom(b.Path, &failingReader{data: bytes.Repeat([]byte("x"), 1<<16)}, true)
	if err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Fatalf("err = %v, want the write's failure", err)
	}
	if !bytes.Equal(readBytes(t, b.Path), before) {
		t.Fatal("an interrupted write changed the workbook")
	}
	entries, _ := os.ReadDir(filepath.Dir(b.Path))
	if len(entries) != 1 {
		t.Errorf("directory holds %d entries after a failed write, want only the workbook", len(entries))
	}
}

// TestWriteNewFileNeverOverwrites: a file that appears after a caller's
// check is not overwritten: the link refuses.
func TestWriteNewFileNeverOverwrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.xlsx")
	if err := os.WriteFile(path, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteNewFile(path, []byte("new")); err == nil {
		t.Fatal("WriteNewFile overwrote a file")
	}
	if string(readBytes(t, path)) != "mine" {
		t.Fatal("WriteNewFile overwrote a file")
	}
}

// TestSaveUnchanged: a save that would write the bytes the file holds
// writes nothing (no temporary file, no backup, no rename: the file is the
// same file, with the same time) and says so; it still refuses a file
// changed since it was read, and one open in a spreadsheet program unless
// forced, but not a read-only one, which it leaves as it is.
func TestSaveUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name  string
		set   func(t *testing.T, f *File) // after the file is read
		force bool
		wrote bool
		want  error
	}{
		{name: "nothing changed"},
		{name: "a cell changed", set: func(t *testing.T, f *File) { f.PatchCell("Tournament", 2, 2, "Changed") }, wrote: true},
		{name: "read-only", set: func(t *testing.T, f *File) {
			if err := os.Chmod(f.Path, 0o444); err != nil {
				t.Fatal(err)
			}
		}},
		{name: "open in LibreOffice", set: lockBeside, want: ErrOpenElsewhere},
		{name: "open in LibreOffice, forced", set: lockBeside, force: true},
		{name: "saved by another program since", set: func(t *testing.T, f *File) {
			if err := os.WriteFile(f.Path, append(readBytes(t, f.Path), ' '), 0o644); err != nil {
				t.Fatal(err)
			}
		}, want: ErrChanged},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := sample(t)
			if tc.set != nil {
				tc.set(t, f)
			}
			before := readBytes(t, f.Path)
			info, err := os.Stat(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			entries, _ := os.ReadDir(filepath.Dir(f.Path))
			wrote, err := f.Save(Options{Force: tc.force})
			if !errors.Is(err, tc.want) || wrote != tc.wrote {
				t.Fatalf("Save = %v, %v; want %v, %v", wrote, err, tc.wrote, tc.want)
			}
			if tc.wrote {
				if backups, _ := Backups(f.Path); len(backups) != 1 || !bytes.Equal(readBytes(t, backups[0]), before) {
					t.Errorf("backups %v, want the version replaced", backups)
				}
				return
			}
			after, err := os.Stat(f.Path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(readBytes(t, f.Path), before) || !os.SameFile(info, after) || !after.ModTime().Equal(info.ModTime()) ||
				after.Mode() != info.Mode() {
				t.Error("a save that wrote nothing replaced or touched the workbook")
			}
			if now, _ := os.ReadDir(filepath.Dir(f.Path)); len(now) != len(entries) {
				t.Errorf("the folder holds %d entries, was %d: a backup or a temporary file was left", len(now), len(entries))
			}
		})
	}
}

// lockBeside puts LibreOffice's lock file beside a workbook, as when it has
// the workbook open.
func lockBeside(t *testing.T, f *File) {
	t.Helper()
	lock := filepath.Join(filepath.Dir(f.Path), ".~lock."+filepath.Base(f.Path)+"#")
	if err := os.WriteFile(lock, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestChangedAtTheLastMoment: a version saved by another program after
// dtm's first check, while dtm writes its backup, is not overwritten.
func TestChangedAtTheLastMoment(t *testing.T) {
	b := sample(t)
	path := b.Path
	theirs := append(readBytes(t, path), ' ')
	beforeLastCheck = func() {
		if err := os.WriteFile(path, theirs, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	defer func() { beforeLastCheck = nil }()
	b.PatchCell("Tournament", 2, 2, "Changed") // a save with something to write
	if _, err := b.Save(Options{}); !errors.Is(err, ErrChanged) {
		t.Fatalf("err = %v, want ErrChanged", err)
	}
	if !bytes.Equal(readBytes(t, path), theirs) {
		t.Fatal("the other program's version was overwritten")
	}
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("%s left behind", e.Name())
		}
	}
	if backups, _ := os.ReadDir(filepath.Join(filepath.Dir(path), BackupDir)); len(backups) != 0 {
		t.Errorf("a refused save left %d backup(s)", len(backups))
	}
}

// TestExcelHoldsTheFile: on Windows, renaming over a workbook that Excel
// has open fails; the director is told to close it, and nothing is
// changed or left behind. The rename and the platform's error codes are
// faked, so the Windows path runs here.
func TestExcelHoldsTheFile(t *testing.T) {
	const accessDenied, sharingViolation, lockViolation = syscall.Errno(5), syscall.Errno(32), syscall.Errno(33)
	windows := []syscall.Errno{accessDenied, sharingViolation, lockViolation}
	for _, tc := range []struct {
		name     string
		errnos   []syscall.Errno // the platform's held-open codes
		fail     syscall.Errno   // how the rename fails
		heldOpen bool
	}{
		{"access denied", windows, accessDenied, true},
		{"sharing violation", windows, sharingViolation, true},
		{"lock violation", windows, lockViolation, true},
		{"another failure on Windows", windows, syscall.Errno(17), false},
		{"the same code elsewhere", nil, sharingViolation, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := sample(t)
			before := readBytes(t, b.Path)
			b.PatchCell("Tournament", 2, 2, "Changed")
			heldOpenErrnos, rename = tc.errnos, func(old, new string) error {
				return &os.LinkError{Op: "rename", Old: old, New: new, Err: tc.fail}
			}
			defer func() { heldOpenErrnos, rename = nil, os.Rename }()
			_, err := b.Save(Options{})
			if err == nil {
				t.Fatal("the save succeeded although the rename failed")
			}
			if got := errors.Is(err, ErrHeldOpen); got != tc.heldOpen {
				t.Errorf("errors.Is(err, ErrHeldOpen) = %v, want %v: %v", got, tc.heldOpen, err)
			}
			if tc.heldOpen && !strings.Contains(err.Error(), "close the workbook in Excel and run again; nothing was changed") {
				t.Errorf("err = %v, want the director told to close it in Excel", err)
			}
			if !bytes.Equal(readBytes(t, b.Path), before) {
				t.Error("a failed save changed the workbook")
			}
			entries, _ := os.ReadDir(filepath.Dir(b.Path))
			for _, e := range entries {
				if e.Name() != filepath.Base(b.Path) && e.Name() != BackupDir {
					t.Errorf("%s left behind", e.Name())
				}
			}
			if backups, _ := os.ReadDir(filepath.Join(filepath.Dir(b.Path), BackupDir)); len(backups) != 0 {
				t.Errorf("a failed save left %d backup(s)", len(backups))
			}
		})
	}
}

// TestUnresolvablePathOnWindows: where Windows cannot resolve a workbook's
// path (filepath.EvalSymlinks fails on some volumes) the workbook is saved
// through the path as given, with its backup beside it; elsewhere, and for
// a link that cannot be followed, the failure is reported.
func TestUnresolvablePathOnWindows(t *testing.T) {
	for _, tc := range []struct {
		name    string
		windows bool
		link    bool
		saved   bool
	}{
		{name: "windows", windows: true, saved: true},
		{name: "elsewhere", windows: false},
		{name: "a link on windows", windows: true, link: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := sample(t)
			if tc.link {
				real := b.Path + ".real.xlsx"
				if err := os.Rename(b.Path, real); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(real, b.Path); err != nil {
					t.Fatal(err)
				}
			}
			before := readBytes(t, b.Path)
			b.PatchCell("Tournament", 2, 2, "Changed")
			trustPathWhenUnresolved, evalSymlinks = tc.windows, func(string) (string, error) {
				return "", errors.New("GetFinalPathNameByHandle: Incorrect function")
			}
			defer func() { trustPathWhenUnresolved, evalSymlinks = false, filepath.EvalSymlinks }()
			_, err := b.Save(Options{})
			if saved := err == nil; saved != tc.saved {
				t.Fatalf("Save: %v, want saved %v", err, tc.saved)
			}
			if !tc.saved {
				if !strings.Contains(err.Error(), "Incorrect function") {
					t.Errorf("err = %v, want the resolution's failure", err)
				}
				if !bytes.Equal(readBytes(t, b.Path), before) {
					t.Error("a refused save changed the workbook")
				}
				return
			}
			backups, err := Backups(b.Path)
			if err != nil || len(backups) != 1 {
				t.Fatalf("Backups = %v, %v; want the one backup", backups, err)
			}
			if !bytes.Equal(readBytes(t, backups[0]), before) {
				t.Error("the backup is not the version replaced")
			}
		})
	}
}

// TestPartsDatedAtSave: the parts a save writes anew are dated at the save
// (its UTC time, in the zip's MS-DOS date alone, not 1980-00-00), the parts
// it copies keep their dates, and a second save that changes nothing
// writes the same bytes.
func TestPartsDatedAtSave(t *testing.T) {
	f := sample(t)
	before := readBytes(t, f.Path)
	old, err := zip.NewReader(bytes.NewReader(before), int64(len(before)))
	if err != nil {
		t.Fatal(err)
	}
	was := map[string]*zip.File{}
	for _, p := range old.File {
		was[p.Name] = p
	}
	at := time.Date(2026, 3, 14, 10, 15, 3, 0, time.FixedZone("CET", 3600))
	f.PatchCell("Players", 2, 1, "Renamed")
	if _, err := f.Save(Options{Now: func() time.Time { return at }}); err != nil {
		t.Fatal(err)
	}
	after := readBytes(t, f.Path)
	saved, err := zip.NewReader(bytes.NewReader(after), int64(len(after)))
	if err != nil {
		t.Fatal(err)
	}
	want := time.Date(2026, 3, 14, 9, 15, 2, 0, time.UTC) // UTC, to two seconds
	anew := 0
	for _, p := range saved.File {
		if p.Modified.Equal(want) && len(p.Extra) == 0 {
			anew++
			continue
		}
		// Else copied as it was.
		if o := was[p.Name]; o == nil || o.CRC32 != p.CRC32 || !p.Modified.Equal(o.Modified) {
			t.Errorf("%s: dated %v (extra %x), want %v alone, or as it was", p.Name, p.Modified, p.Extra, want)
		}
	}
	if anew == 0 {
		t.Fatal("the save wrote no part anew")
	}
	if _, err := f.Save(Options{Now: func() time.Time { return at.Add(time.Hour) }}); err != nil {
		t.Fatal(err)
	}
	if again := readBytes(t, f.Path); !bytes.Equal(again, after) {
		t.Error("a second save that changes nothing wrote other bytes")
	}
}

// TestCustomPropertySavedRelative: excelize names the custom properties'
// part from the package's root when it adds it; the save names it as
// reading does, so that the next run, which changes nothing, writes the
// same bytes (dtm seed --refresh records on the heat's seeding property).
func TestCustomPropertySavedRelative(t *testing.T) {
	f := sample(t)
	at := func() time.Time { return time.Date(2026, 3, 14, 10, 0, 0, 0, time.UTC) }
	if err := SetCustomProps(f.Excelize(), excelize.CustomProperty{Name: "dtm test", Value: "1"}); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Save(Options{Now: at}); err != nil {
		t.Fatal(err)
	}
	first := readBytes(t, f.Path)
	zr, err := zip.NewReader(bytes.NewReader(first), int64(len(first)))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range zr.File {
		if !strings.HasSuffix(p.Name, ".rels") {
			continue
		}
		raw, err := readPart(p)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(raw, []byte(`Target="/`)) {
			t.Errorf("%s names a part from the root:\n%s", p.Name, raw)
		}
	}
	again, err := Open(f.Path, Sheets{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if _, err := again.Save(Options{Now: at}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(readBytes(t, f.Path), first) {
		t.Error("the next save, which changes nothing, wrote other bytes")
	}
}
