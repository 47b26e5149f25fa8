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

// readerFiles are the programs of the readers run from Java and Node.
//
//go:embed readers/ReadZip.java readers/read.js
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

// program writes one of readerFiles into a temporary folder and returns
// its path there.
func program(t testing.TB, name string) string {
	t.Helper()
	data, err := readerFiles.ReadFile("readers/" + name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// javaZip reads the workbook at path with Java's ZipInputStream, which
// walks the zip's local headers as Apache POI and NPOI do when they read a
// workbook from a stream, and checks that it reads every part whole. It
// returns whether Java is there, and whether it read the workbook so.
func javaZip(t testing.TB, path string) (present, ok bool) {
	t.Helper()
	if _, err := exec.LookPath("java"); err != nil {
		return false, false
	}
	out, code := run(t, "java", program(t, "ReadZip.java"), path)
	if code != 0 {
		t.Errorf("Java's ZipInputStream on %s (exit %d):\n%s", filepath.Base(path), code, out)
		return true, false
	}
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	read := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		read[line] = true
	}
	ok = true
	for _, f := range zr.File {
		if want := fmt.Sprintf("%s\t%d\t%08x", f.Name, f.UncompressedSize64, f.CRC32); !read[want] {
			t.Errorf("Java's ZipInputStream on %s: %s is not read whole (want %q)\n%s", filepath.Base(path), f.Name, want, out)
			ok = false
		}
	}
	return true, ok
}

// nodeReaders reads the workbook at path with SheetJS and ExcelJS, and
// checks that each reads every value excelize reads, equal; a refusal
// whose first line an allow matches is not a failure. It returns
// whether Node and the packages are there, and the readers that read the
// workbook so.
func nodeReaders(t testing.TB, path string, allow []string) (present bool, ok []string) {
	t.Helper()
	modules := NodeModules()
	if _, err := exec.LookPath("node"); err != nil {
		return false, nil
	}
	for _, pkg := range []string{"xlsx", "exceljs"} {
		if _, err := os.Stat(filepath.Join(modules, pkg)); err != nil {
			return false, nil
		}
	}
	out, code := runEnv(t, []string{"NODE_PATH=" + modules}, "node", program(t, "read.js"), path)
	if code != 0 {
		t.Errorf("SheetJS and ExcelJS on %s (exit %d):\n%s", filepath.Base(path), code, out)
		return true, nil
	}
	var got map[string]struct {
		Sheets map[string]map[string]any
		Error  string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("SheetJS and ExcelJS on %s: %v\n%.500s", filepath.Base(path), err, out)
	}
	want := CellValues(t, path)
	for _, reader := range []string{"SheetJS", "ExcelJS"} {
		read := got[strings.ToLower(reader)]
		if read.Error != "" {
			// A refusal is allowed only by what its first line says.
			if first, _, _ := strings.Cut(read.Error, "\n"); len(complaints(first, allow)) > 0 {
				t.Errorf("%s on %s:\n%s", reader, filepath.Base(path), read.Error)
			}
			continue
		}
		var wrong []string
		for sheet, cells := range want {
			for ref, v := range cells {
				if g, ok := read.Sheets[sheet][ref]; !sameValue(v, g) {
					wrong = append(wrong, fmt.Sprintf("%s!%s: %q, read as %v (%v)", sheet, ref, v, g, ok))
				}
			}
		}
		sort.Strings(wrong)
		if len(wrong) > 0 {
			t.Errorf("%s reads %d values of %s otherwise than dtm wrote them:\n%s", reader, len(wrong), filepath.Base(path), strings.Join(wrong[:min(len(wrong), 10)], "\n"))
		} else {
			ok = append(ok, reader)
		}
	}
	return true, ok
}

// CellValues reads every non-empty cell of every sheet with excelize, as
// dtm reads them: raw values, by sheet and cell.
func CellValues(t testing.TB, path string) map[string]map[string]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]map[string]string{}
	for _, sheet := range f.GetSheetList() {
		rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Fatal(err)
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
	return out
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
