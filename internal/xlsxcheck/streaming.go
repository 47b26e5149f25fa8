package xlsxcheck

import (
	"archive/zip"
	"embed"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// readerFiles are the programs of the readers run from Python, Java and
// Node.
//
//go:embed readers/read.py readers/ReadZip.java readers/read.js
var readerFiles embed.FS

// NodeModules is the folder holding ExcelJS and SheetJS (the npm packages
// exceljs and xlsx): $DTM_NODE_MODULES, else dtm-ci-node/node_modules in
// the system's temporary folder, where .ci/run installs them.
func NodeModules() string {
	if dir := os.Getenv("DTM_NODE_MODULES"); dir != "" {
		return dir
	}
	return filepath.Join(os.TempDir(), "dtm-ci-node", "node_modules")
}

// program writes one of readerFiles into dir and returns its path there.
func program(dir, name string) (string, error) {
	data, err := readerFiles.ReadFile("readers/" + name)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name)
	return path, os.WriteFile(path, data, 0o644)
}

// readOpenpyxl loads the workbooks with openpyxl (Debian's
// python3-openpyxl), in one process, each sheet whole or in read-only
// mode (its cells), which must give no error or warning but those allow
// matches, and read every value dtm reads, equal.
func readOpenpyxl(s *stream, dir string, allow []string, vals *values) {
	const absent = "openpyxl (apt-get install python3-openpyxl)"
	compared := map[string]bool{}
	defer func() { vals.pass(s.given, compared) }()
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		if python, err = exec.LookPath("python3"); err != nil {
			s.absent = absent
			return
		}
	}
	script, err := program(dir, "read.py")
	if err != nil {
		s.err = err
		return
	}
	args := []string{script}
	if !s.whole {
		args = append(args, "--read-only")
	}
	errOut, code, err := pipe(s, nil, func(line []byte) error {
		var got struct {
			File     string
			Error    string
			Warnings []string
			Sheets   map[string]map[string]any
		}
		if err := json.Unmarshal(line, &got); err != nil {
			return fmt.Errorf("%v: %.300s", err, line)
		}
		compared[got.File] = true
		want, err := vals.take(got.File, true)
		switch msgs := complaints(strings.Join(append(got.Warnings, got.Error), "\n"), allow); {
		case got.Error != "":
			s.findings = append(s.findings, Finding{got.File, "openpyxl", got.Error})
		case len(msgs) > 0:
			s.findings = append(s.findings, Finding{got.File, "openpyxl", strings.Join(msgs, "\n")})
		default:
			s.findings = append(s.findings, sameValues(got.File, "openpyxl", want, err, got.Sheets)...)
		}
		return nil
	}, python, args...)
	switch {
	case code == 3:
		s.absent = absent
	case err != nil:
		s.err = err
	case code != 0:
		s.findings = append(s.findings, Finding{strings.Join(s.given, " "), "openpyxl", fmt.Sprintf("exit %d:\n%s", code, errOut)})
	}
}

// readJavaZip reads the workbooks as streams with Java's ZipInputStream
// (Debian's default-jdk-headless), in one process, which walks the zip's
// local headers as Apache POI and NPOI do when they read a workbook from a
// stream, and checks that it reads every part of each whole.
func readJavaZip(s *stream, dir string, _ []string, _ *values) {
	if _, err := exec.LookPath("java"); err != nil {
		s.absent = "java (apt-get install default-jdk-headless)"
		return
	}
	source, err := program(dir, "ReadZip.java")
	if err != nil {
		s.err = err
		return
	}
	var file string
	var read map[string]bool // the entries of file, as read
	check := func() {
		if file != "" {
			s.findings = append(s.findings, wholeParts(file, read)...)
		}
	}
	errOut, code, err := pipe(s, nil, func(line []byte) error {
		entry := strings.TrimRight(string(line), "\r\n")
		if name, ok := strings.CutPrefix(entry, "== "); ok {
			check()
			file, read = name, map[string]bool{}
		} else if file != "" {
			read[entry] = true
		}
		return nil
	}, "java", source)
	check()
	switch {
	case err != nil:
		s.err = err
	case code != 0:
		s.findings = append(s.findings, Finding{strings.Join(s.given, " "), "Java's ZipInputStream", fmt.Sprintf("exit %d:\n%s", code, errOut)})
	}
}

// wholeParts checks that Java's ZipInputStream read every part of the
// workbook at path whole: read holds each entry as it read it (name, size
// and CRC-32), or "!! " and its error.
func wholeParts(path string, read map[string]bool) []Finding {
	var wrong []string
	if zr, err := zip.OpenReader(path); err != nil {
		wrong = append(wrong, fmt.Sprintf("Go's zip reader: %v", err))
	} else {
		for _, f := range zr.File {
			if want := fmt.Sprintf("%s\t%d\t%08x", f.Name, f.UncompressedSize64, f.CRC32); !read[want] {
				wrong = append(wrong, fmt.Sprintf("%s is not read whole (want %q)", f.Name, want))
			}
		}
		zr.Close()
	}
	for entry := range read {
		if msg, ok := strings.CutPrefix(entry, "!! "); ok {
			wrong = append([]string{msg}, wrong...)
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	return []Finding{{path, "Java's ZipInputStream", strings.Join(wrong[:min(len(wrong), 10)], "\n")}}
}

// readNode reads the workbooks with SheetJS and ExcelJS (npm's xlsx and
// exceljs, in NodeModules), in one process, and checks that each reads
// every value dtm reads, equal; a refusal whose first line an allow
// matches is not a finding.
func readNode(s *stream, dir string, allow []string, vals *values) {
	compared := map[string]bool{}
	defer func() { vals.pass(s.given, compared) }()
	modules := NodeModules()
	absent := "node with exceljs and xlsx in " + modules + " (.ci/run installs them)"
	if _, err := exec.LookPath("node"); err != nil {
		s.absent = absent
		return
	}
	for _, pkg := range []string{"xlsx", "exceljs"} {
		if _, err := os.Stat(filepath.Join(modules, pkg)); err != nil {
			s.absent = absent
			return
		}
	}
	script, err := program(dir, "read.js")
	if err != nil {
		s.err = err
		return
	}
	errOut, code, err := pipe(s, []string{"NODE_PATH=" + modules}, func(line []byte) error {
		type reading struct {
			Sheets map[string]map[string]any
			Error  string
		}
		var got struct {
			File             string
			SheetJS, ExcelJS reading
		}
		if err := json.Unmarshal(line, &got); err != nil {
			return fmt.Errorf("%v: %.300s", err, line)
		}
		compared[got.File] = true
		want, err := vals.take(got.File, true)
		for _, r := range []struct {
			name string
			read reading
		}{{"SheetJS", got.SheetJS}, {"ExcelJS", got.ExcelJS}} {
			if r.read.Error == "" {
				s.findings = append(s.findings, sameValues(got.File, r.name, want, err, r.read.Sheets)...)
			} else if first, _, _ := strings.Cut(r.read.Error, "\n"); len(complaints(first, allow)) > 0 {
				// A refusal is allowed only by what its first line says.
				s.findings = append(s.findings, Finding{got.File, r.name, r.read.Error})
			}
		}
		return nil
	}, "node", script)
	switch {
	case err != nil:
		s.err = err
	case code != 0:
		s.findings = append(s.findings, Finding{strings.Join(s.given, " "), "SheetJS and ExcelJS", fmt.Sprintf("exit %d:\n%s", code, errOut)})
	}
}

// sameValues compares the values a reader read from the workbook at path,
// by sheet and cell, with those dtm reads (want, or the error reading
// them).
func sameValues(path, reader string, want map[string]map[string]string, err error, read map[string]map[string]any) []Finding {
	if err != nil {
		return []Finding{{path, "excelize", err.Error()}}
	}
	var wrong []string
	for sheet, cells := range want {
		for ref, v := range cells {
			if g, ok := read[sheet][ref]; !sameValue(v, g) {
				wrong = append(wrong, fmt.Sprintf("%s!%s: %q, read as %v (%v)", sheet, ref, v, g, ok))
			}
		}
	}
	if len(wrong) == 0 {
		return nil
	}
	sort.Strings(wrong)
	return []Finding{{path, reader, fmt.Sprintf("reads %d values otherwise than dtm wrote them:\n%s", len(wrong), strings.Join(wrong[:min(len(wrong), 10)], "\n"))}}
}

// CellValues reads every non-empty cell of every sheet with excelize, as
// dtm reads them: raw values, by sheet and cell.
func CellValues(t testing.TB, path string) map[string]map[string]string {
	t.Helper()
	out, err := cellValues(path)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// cellValues is CellValues, returning its error.
func cellValues(path string) (map[string]map[string]string, error) {
	f, err := excelize.OpenFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]map[string]string{}
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", sheet, err)
		}
		cells := map[string]string{}
		for r, row := range rows {
			for c, v := range row {
				if v != "" {
					ref, _ := excelize.CoordinatesToCellName(c+1, r+1)
					cells[ref] = v
				}
			}
		}
		out[sheet] = cells
	}
	return out, nil
}

// sameValue reports whether a reader's value (a JSON string, number or
// boolean) is the value excelize read as text.
func sameValue(want string, got any) bool {
	switch g := got.(type) {
	case string:
		return g == want
	case float64:
		w, err := strconv.ParseFloat(want, 64)
		return err == nil && math.Abs(w-g) <= 1e-9*math.Max(1, math.Abs(w))
	case bool:
		return want == map[bool]string{true: "1", false: "0"}[g] || strings.EqualFold(want, strconv.FormatBool(g))
	}
	return false
}
