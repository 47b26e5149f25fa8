package workbook

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// savedAt writes the fixture to path and returns its bytes.
func savedAt(t *testing.T, path string, perm os.FileMode) []byte {
	t.Helper()
	data := fixtureBytes(t)
	if err := os.WriteFile(path, data, perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, perm); err != nil {
		t.Fatal(err)
	}
	return data
}

func open(t *testing.T, path string) *Book {
	t.Helper()
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

func TestSaveThroughSymlink(t *testing.T) {
	real, links := t.TempDir(), t.TempDir()
	target := filepath.Join(real, "Regatta.xlsx")
	before := savedAt(t, target, 0o644)
	link := filepath.Join(links, "Regatta.xlsx")
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	b := open(t, link)
	// A lock file beside the target (LibreOffice puts it there) is seen.
	lock := filepath.Join(real, ".~lock.Regatta.xlsx#")
	if err := os.WriteFile(lock, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); !errors.Is(err, ErrOpenElsewhere) {
		t.Fatalf("err = %v, want ErrOpenElsewhere for the lock beside the target", err)
	}
	os.Remove(lock)
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a file (%v)", err)
	}
	if bytes.Equal(readFile(t, target), before) {
		t.Error("the target was not updated")
	}
	backups, _ := filepath.Glob(filepath.Join(real, BackupDir, "Regatta *.xlsx"))
	if len(backups) != 1 || !bytes.Equal(readFile(t, backups[0]), before) {
		t.Errorf("backups beside the target: %v, want the old version", backups)
	}
}

func TestSaveRespectsTheFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(t *testing.T, path string)
		want error
	}{
		{"read-only", func(t *testing.T, path string) { os.Chmod(path, 0o444) }, ErrReadOnly},
		{"hard-linked", func(t *testing.T, path string) {
			if err := os.Link(path, filepath.Join(filepath.Dir(path), "other name.xlsx")); err != nil {
				t.Skipf("no hard links here: %v", err)
			}
		}, ErrHardLinked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "Regatta.xlsx")
			before := savedAt(t, path, 0o644)
			tc.set(t, path)
			info, _ := os.Stat(path)
			b := open(t, path)
			_, err := b.Save(Options{})
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), "--force") {
				t.Fatalf("err = %v, want %v mentioning --force", err, tc.want)
			}
			if !bytes.Equal(readFile(t, path), before) {
				t.Fatal("a refused save changed the workbook")
			}
			if _, err := b.Save(Options{Force: true}); err != nil {
				t.Fatalf("--force: %v", err)
			}
			if after, _ := os.Stat(path); after.Mode().Perm() != info.Mode().Perm() {
				t.Errorf("mode after --force = %v, want %v", after.Mode().Perm(), info.Mode().Perm())
			}
		})
	}
}

func TestBackupKeepsPermissions(t *testing.T) {
	for _, perm := range []os.FileMode{0o600, 0o640, 0o644} {
		t.Run(perm.String(), func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "Regatta.xlsx")
			savedAt(t, path, perm)
			if _, err := open(t, path).Save(Options{}); err != nil {
				t.Fatal(err)
			}
			backups, _ := filepath.Glob(filepath.Join(filepath.Dir(path), BackupDir, "*.xlsx"))
			if len(backups) != 1 {
				t.Fatalf("backups: %v", backups)
			}
			if info, _ := os.Stat(backups[0]); info.Mode().Perm() != perm {
				t.Errorf("backup mode %v, want %v", info.Mode().Perm(), perm)
			}
			if info, _ := os.Stat(path); info.Mode().Perm() != perm {
				t.Errorf("workbook mode %v, want %v", info.Mode().Perm(), perm)
			}
			if perm&0o077 == 0 {
				if info, _ := os.Stat(filepath.Dir(backups[0])); info.Mode().Perm()&0o077 != 0 {
					t.Errorf("the backup folder of a private workbook is %v", info.Mode().Perm())
				}
			}
		})
	}
}

func TestStaleTempFilesCleaned(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "Regatta.xlsx")
	savedAt(t, path, 0o644)
	if err := os.Mkdir(filepath.Join(dir, BackupDir), 0o755); err != nil {
		t.Fatal(err)
	}
	dead := 1 << 30 // beyond any process id
	stale := []string{filepath.Join(dir, fmt.Sprintf(".dtm-%d-123.tmp", dead)), filepath.Join(dir, BackupDir, fmt.Sprintf(".dtm-%d-9.tmp", dead))}
	alive := filepath.Join(dir, fmt.Sprintf(".dtm-%d-5.tmp", os.Getppid())) // a dtm still writing
	for _, p := range append(stale, alive) {
		if err := os.WriteFile(p, []byte("half"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	open(t, path)
	for _, p := range stale {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s survived", p)
		}
	}
	if _, err := os.Stat(alive); err != nil {
		t.Errorf("the temporary file of a running process was removed")
	}
}
