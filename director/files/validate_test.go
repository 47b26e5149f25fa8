package files

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// seedCorpus adds the validation corpus's files of one extension.
func seedCorpus(f *testing.F, ext string) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "validate", "*"+ext))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

// FuzzValidateWDR: any bytes give findings, each with a code and a place
// inside the file, and never a panic.
func FuzzValidateWDR(f *testing.F) {
	seedCorpus(f, ".json")
	f.Fuzz(func(t *testing.T, data []byte) {
		fs, err := ValidateWDR(data)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Count(string(data), "\n") + 1
		for _, x := range fs {
			if !strings.HasPrefix(x.Code, "WDR") || x.Line < 1 || x.Line > lines {
				t.Fatalf("finding %s: want a WDR code on a line from 1 to %d", x, lines)
			}
		}
	})
}

// FuzzValidateWDD: the same for the WDD's CSV files.
func FuzzValidateWDD(f *testing.F) {
	seedCorpus(f, ".csv")
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, x := range ValidateWDD(data) {
			if !strings.HasPrefix(x.Code, "WDD") {
				t.Fatalf("finding %s: want a WDD code", x)
			}
		}
	})
}
