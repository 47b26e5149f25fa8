package director

import (
	"bytes"
	"maps"
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

// TestValidateOwnExports: what dtm export writes validates clean: the
// golden export, and every format exported from each bundled sample after
// dtm score (the WDR JSON and the three WDD files validated, and all six
// files, the DTM CSV and ratings summary included, compared by dtm verify
// --files). Tom Hurst's worked example is the one exception: as published,
// each of its six boards ends with 35 centres, which dtm validate reports
// on each board (WDD011, WDR011) and nothing else.
func TestValidateOwnExports(t *testing.T) {
	t.Parallel()
	golden, err := filepath.Glob(filepath.Join("..", "testdata", "export", "ARMADA Open 2026 W*"))
	if err != nil || len(golden) != 4 {
		t.Fatalf("the golden export: %v, %v", golden, err)
	}
	validateClean(t, golden, nil)
	published := map[string]int{"WDD011": 6, "WDR011": 6} // hurst-example.xlsx's boards of 35 centres
	samples, err := filepath.Glob(filepath.Join("..", "samples", "*.xlsx"))
	if err != nil || len(samples) == 0 {
		t.Fatalf("samples: %v, %v", samples, err)
	}
	for _, sample := range samples {
		path := copyTo(t, sample)
		if _, err := Score(ScoreRequest{Path: path}); err != nil {
			t.Fatalf("%s: dtm score: %v", sample, err)
		}
		out := filepath.Join(filepath.Dir(path), "results")
		exported, err := Export(ExportRequest{Path: path, CSV: true, WDD: true, WDR: true, Ratings: true, Out: out, Verbose: true})
		if err != nil {
			t.Fatalf("%s: dtm export: %v", sample, err)
		}
		warned := map[string]int{} // export's own check of the files it wrote
		for _, w := range exported.Warnings {
			if code, _, ok := strings.Cut(w.Msg, " "); ok && w.File != "" {
				warned[code]++
			}
		}
		var federation []string
		for _, f := range exported.Files {
			if strings.Contains(f, " WDD ") || strings.HasSuffix(f, " WDR.json") {
				federation = append(federation, f)
			}
		}
		if len(exported.Files) != 6 || len(federation) != 4 {
			t.Errorf("%s: exported %q, want six files, four of them for the federations", sample, exported.Files)
		}
		var known map[string]int
		if filepath.Base(sample) == "hurst-example.xlsx" {
			known = published
		}
		validateClean(t, federation, known)
		if !maps.Equal(warned, known) && (len(warned) > 0 || len(known) > 0) {
			t.Errorf("%s: dtm export warned of findings %v, want those dtm validate finds, %v", sample, warned, known)
		}
		if out, failed := verifyText(t, VerifyRequest{Path: path, Files: out}); failed || !strings.Contains(out, "6 exported file(s)") {
			t.Errorf("%s: the exports do not verify clean:\n%s", sample, out)
		}
	}
}

// validateClean validates files with dtm validate's use case: none may
// have a finding but the known ones, counted by code.
func validateClean(t *testing.T, paths []string, known map[string]int) {
	t.Helper()
	res, err := Validate(ValidateRequest{Paths: paths})
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]int{}
	for _, f := range res.Files {
		for _, fd := range f.Findings {
			codes[fd.Code]++
		}
	}
	if !maps.Equal(codes, known) && (len(codes) > 0 || len(known) > 0) {
		var b bytes.Buffer
		res.WriteText(&b)
		t.Errorf("findings by code %v, want %v:\n%s", codes, known, b.String())
	}
}

// TestValidateAwardNumbers: an awards file validated with its
// classification must number the awards as the classification's RK_AWA_n
// columns do (WDD023); alone, or with a classification that is not valid,
// it is not compared.
func TestValidateAwardNumbers(t *testing.T) {
	t.Parallel()
	src := filepath.Join("..", "testdata", "export", "ARMADA Open 2026 WDD ")
	dir := t.TempDir()
	write := func(name, from, old, new string) string {
		t.Helper()
		data, err := os.ReadFile(src + from)
		if err != nil || !strings.Contains(string(data), old) {
			t.Fatalf("%s: %v, or no %q", from, err, old)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	classification := write("classification.csv", "classification.csv", "", "")
	renumbered := write("renumbered.csv", "awards.csv", "4,Best team", "5,Best team")
	broken := write("broken.csv", "classification.csv", "Maya,Moreau,1,1,1", "Maya,Moreau,1,x,1")
	for _, c := range []struct {
		name  string
		paths []string
		want  []string
	}{
		{"as exported", []string{classification, src + "awards.csv"}, nil},
		{"award 4 renumbered 5", []string{renumbered, classification}, []string{
			"renumbered.csv:1:1: WDD023 NUMBER: the classification gives RK_AWA_4 (line 3), but no award 4 with winners is listed",
			"renumbered.csv:5:1: WDD023 NUMBER: award 5 has winners, but no player of the classification has RK_AWA_5"}},
		{"alone", []string{renumbered}, nil},
		{"with a classification that is not valid", []string{renumbered, broken}, []string{"broken.csv:2:4: WDD004 RANK"}},
	} {
		res, err := Validate(ValidateRequest{Paths: c.paths})
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		res.WriteText(&b)
		n := 0
		for _, f := range res.Files {
			n += len(f.Findings)
		}
		if n != len(c.want) {
			t.Errorf("%s: %d findings, want %d:\n%s", c.name, n, len(c.want), b.String())
		}
		for _, w := range c.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, b.String())
			}
		}
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
