package xlsx

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestNotAWorkbookFile(t *testing.T) {
	dir := t.TempDir()
	ole := append(append([]byte(nil), oleMagic...), make([]byte, 504)...)
	encrypted := append(append([]byte(nil), ole...), utf16LE("EncryptedPackage")...)
	for _, tc := range []struct {
		name string
		make func(path string) error
		want error
		says string
	}{
		{"encrypted", func(p string) error { return os.WriteFile(p, encrypted, 0o644) }, ErrEncrypted, "remove the password"},
		{"xls", func(p string) error { return os.WriteFile(p, ole, 0o644) }, ErrNotWorkbook, "Excel 97-2003"},
		{"folder", func(p string) error { return os.Mkdir(p, 0o755) }, ErrNotWorkbook, "it is a folder"},
		{"fifo", func(p string) error { return mkfifo(p) }, ErrNotWorkbook, "named pipe"},
		{"device", func(p string) error { return os.Symlink("/dev/zero", p) }, ErrNotWorkbook, "device"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name+".xlsx")
			if err := tc.make(path); err != nil {
				t.Skipf("cannot make a %s here: %v", tc.name, err)
			}
			_, err := Open(path, Sheets{}) // a FIFO must not hang
			if !errors.Is(err, tc.want) || !strings.Contains(err.Error(), tc.says) {
				t.Fatalf("err = %v, want %v saying %q", err, tc.want, tc.says)
			}
		})
	}
}

// TestPartsAsRead checks every part as excelize read it: the samples pass
// without a second decompression, and a part that differs from what the
// zip declares, or that excelize lacks, sends the open to the full check.
func TestPartsAsRead(t *testing.T) {
	for _, sample := range []string{"../../samples/armada-open.xlsx", "../../samples/dipcon-xxxiv.xlsx"} {
		data, err := os.ReadFile(sample)
		if err != nil {
			t.Fatal(err)
		}
		zr, where, err := checkHeaders(sample, data)
		if err != nil {
			t.Fatal(err)
		}
		f, err := openExcelize(data)
		if err != nil {
			t.Fatal(err)
		}
		part := excelizePart(f)
		if !partsAsRead(zr, where, Sheets{}, part) {
			t.Errorf("%s: not read as declared", sample)
		}
		name := zr.File[len(zr.File)-1].Name
		changed := func(n string) ([]byte, bool) {
			data, ok := part(n)
			if n == name && len(data) > 0 {
				data = append([]byte{data[0] ^ 1}, data[1:]...)
			}
			return data, ok
		}
		missing := func(n string) ([]byte, bool) {
			if n == name {
				return nil, false
			}
			return part(n)
		}
		if partsAsRead(zr, where, Sheets{}, changed) || partsAsRead(zr, where, Sheets{}, missing) {
			t.Errorf("%s: %s changed or missing, read as declared", sample, name)
		}
		f.Close()
	}
}
