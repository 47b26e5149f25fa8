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

// readOpenpyxl loads files with openpyxl (Debian's python3-openpyxl), in
// one process, which must give no error or warning but those allow
// matches, and read every value excelize reads, equal.
func readOpenpyxl(dir string, files, allow []string) (string, []Finding, error) {
	const absent = "openpyxl (apt-get install python3-openpyxl)"
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		if python, err = exec.LookPath("python3"); err != nil {
			return absent, nil, nil
		}
	}
	script, err := program(dir, "read.py")
	if err != nil {
		return "", nil, err
	}
	var found []Finding
	errOut, code, err := lines(len(files), nil, func(line []byte) error {
		var got struct {
			File     string
			Error    string
			Warnings []string
			Sheets   map[string]map[string]any
		}
		if err := json.Unmarshal(line, &got); err != nil {
			return fmt.Errorf("%v: %.300s", err, line)
		}
		switch msgs := complaints(strings.Join(append(got.Warnings, got.Error), "\n"), allow); {
		case got.Error != "":
			found = append(found, Finding{got.File, "openpyxl", got.Error})
		case len(msgs) > 0:
			found = append(found, Finding{got.File, "openpyxl", strings.Join(msgs, "\n")})
		default:
			found = append(found, sameValues(got.File, "openpyxl", got.Sheets)...)
		}
		return nil
	}, python, append([]string{script}, files...)...)
	switch {
	case code == 3:
		return absent, nil, nil
	case err != nil:
		return "", nil, err
	case code != 0:
		found = append(found, Finding{strings.Join(files, " "), "openpyxl", fmt.Sprintf("exit %d:\n%s", code, errOut)})
	}
	return "", found, nil
}

// readJavaZip reads files as streams with Java's ZipInputStream (Debian's
// default-jdk-headless), in one process, which walks the zip's local
// headers as Apache POI and NPOI do when they read a workbook from a
// stream, and checks that it reads every part of each whole.
func readJavaZip(dir string, files, _ []string) (string, []Finding, error) {
	if _, err := exec.LookPath("java"); err != nil {
		return "java (apt-get install default-jdk-headless)", nil, nil
	}
	source, err := program(dir, "ReadZip.java")
	if err != nil {
		return "", nil, err
	}
	out, code := run(len(files), nil, "java", append([]string{source}, files...)...)
	if code != 0 {
		return "", []Finding{{strings.Join(files, " "), "Java's ZipInputStream", fmt.Sprintf("exit %d:\n%s", code, out)}}, nil
	}
	read := map[string]map[string]bool{} // by file, its entries as read
	var file string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if name, ok := strings.CutPrefix(line, "== "); ok {
			file = name
			read[file] = map[string]bool{}
		} else if file != "" {
			read[file][line] = true
		}
	}
	var found []Finding
	for _, path := range files {
		zr, err := zip.OpenReader(path)
		if err != nil {
			return "", nil, err
		}
		var wrong []string
		for _, f := range zr.File {
			if want := fmt.Sprintf("%s\t%d\t%08x", f.Name, f.UncompressedSize64, f.CRC32); !read[path][want] {
				wrong = append(wrong, fmt.Sprintf("%s is not read whole (want %q)", f.Name, want))
			}
		}
		zr.Close()
		for entry := range read[path] {
			if msg, ok := strings.CutPrefix(entry, "!! "); ok {
				wrong = append([]string{msg}, wrong...)
			}
		}
		if len(wrong) > 0 {
			found = append(found, Finding{path, "Java's ZipInputStream", strings.Join(wrong[:min(len(wrong), 10)], "\n")})
		}
	}
	return "", found, nil
}

// readNode reads files with SheetJS and ExcelJS (npm's xlsx and exceljs,
// in NodeModules), in one process, and checks that each reads every value
// excelize reads, equal; a refusal whose first line an allow matches is
// not a finding.
func readNode(dir string, files, allow []string) (string, []Finding, error) {
	modules := NodeModules()
	absent := "node with exceljs and xlsx in " + modules + " (.ci/run installs them)"
	if _, err := exec.LookPath("node"); err != nil {
		return absent, nil, nil
	}
	for _, pkg := range []string{"xlsx", "exceljs"} {
		if _, err := os.Stat(filepath.Join(modules, pkg)); err != nil {
			return absent, nil, nil
		}
	}
	script, err := program(dir, "read.js")
	if err != nil {
		return "", nil, err
	}
	var found []Finding
	errOut, code, err := lines(len(files), []string{"NODE_PATH=" + modules}, func(line []byte) error {
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
		for reader, read := range map[string]reading{"SheetJS": got.SheetJS, "ExcelJS": got.ExcelJS} {
			if read.Error == "" {
				found = append(found, sameValues(got.File, reader, read.Sheets)...)
			} else if first, _, _ := strings.Cut(read.Error, "\n"); len(complaints(first, allow)) > 0 {
				// A refusal is allowed only by what its first line says.
				found = append(found, Finding{got.File, reader, read.Error})
			}
		}
		return nil
	}, "node", append([]string{script}, files...)...)
	if err != nil {
		return "", nil, err
	}
	if code != 0 {
		found = append(found, Finding{strings.Join(files, " "), "SheetJS and ExcelJS", fmt.Sprintf("exit %d:\n%s", code, errOut)})
	}
	return "", found, nil
}

// sameValues compares the values a reader read from the workbook at path,
// by sheet and cell, with those excelize reads.
func sameValues(path, reader string, read map[string]map[string]any) []Finding {
	want, err := cellValues(path)
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
