package xlsx

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if err := b.Save(Options{}); !errors.Is(err, ErrChanged) {
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
