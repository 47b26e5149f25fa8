package director

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/golden"
)

// TestValidateCorpus: each deliberately broken file of testdata/validate
// gives the code its name starts with, and only that code; the valid ones
// give none. Every finding, with its place, is in a golden file.
func TestValidateCorpus(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "validate", "*.*"))
	if err != nil || len(paths) < 20 {
		t.Fatalf("corpus: %d files, %v", len(paths), err)
	}
	var found []string
	for _, p := range paths {
		name := filepath.Base(p)
		if filepath.Ext(p) != ".json" && filepath.Ext(p) != ".csv" {
			continue
		}
		res, err := Validate(ValidateRequest{Paths: []string{p}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		fs := res.Files[0].Findings
		want, _, _ := strings.Cut(name, "-")
		if strings.HasPrefix(name, "valid") {
			if len(fs) != 0 {
				t.Errorf("%s: %v, want no finding", name, fs)
			}
			if res.Err() != nil {
				t.Errorf("%s: Err() = %v for a valid file", name, res.Err())
			}
			continue
		}
		if len(fs) == 0 {
			t.Errorf("%s: no finding, want %s", name, strings.ToUpper(want))
		}
		for _, f := range fs {
			if f.Code != strings.ToUpper(want) {
				t.Errorf("%s: %s, want only %s", name, f, strings.ToUpper(want))
			}
			if f.Line == 0 {
				t.Errorf("%s: %s is not placed", name, f)
			}
		}
		if res.Err() == nil {
			t.Errorf("%s: Err() is nil with findings", name)
		}
		var b bytes.Buffer
		res.WriteText(&b)
		found = append(found, b.String())
	}
	golden.Check(t, filepath.Join("testdata", "validate", "findings.txt"), strings.Join(found, ""))
}

// TestValidateOwnExports: what dtm export writes validates clean.
func TestValidateOwnExports(t *testing.T) {
	dir := filepath.Join("..", "testdata", "export")
	var paths []string
	for _, n := range []string{"ARMADA Open 2026 WDR.json", "ARMADA Open 2026 WDD boards.csv", "ARMADA Open 2026 WDD classification.csv"} {
		paths = append(paths, filepath.Join(dir, n))
	}
	res, err := Validate(ValidateRequest{Paths: paths})
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Err(); err != nil {
		var b bytes.Buffer
		res.WriteText(&b)
		t.Errorf("%v\n%s", err, b.String())
	}
}

// TestValidateRefusesNonFiles: a folder or a device is refused before it
// is read.
func TestValidateRefusesNonFiles(t *testing.T) {
	for _, p := range []string{t.TempDir(), os.DevNull} {
		if _, err := Validate(ValidateRequest{Paths: []string{p}}); err == nil || !strings.Contains(err.Error(), "not a file") {
			t.Errorf("%s: %v, want it refused as not a file", p, err)
		}
	}
}

// TestSchemaShippedInDocs: docs/wdr.schema.json is the schema dtm
// validates with.
func TestSchemaShippedInDocs(t *testing.T) {
	path := filepath.Join("..", "docs", "wdr.schema.json")
	golden.Check(t, path, string(files.WDRSchema()))
}
