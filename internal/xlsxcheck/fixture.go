package xlsxcheck

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"regexp"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Save saves a workbook a test made or changed with excelize to its file
// as a spreadsheet program would, each sheet declaring the range its cells
// take (UsedRanges): excelize leaves a sheet's declared range as it made
// or read it, "A1" for a sheet it made, which Check and the streaming
// readers of the corpus take for a defect of dtm's when dtm saves the
// workbook without changing that sheet.
func Save(f *excelize.File) error { return SaveAs(f, f.Path) }

// SaveAs is Save to path.
func SaveAs(f *excelize.File, path string) error {
	data, err := Bytes(f)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Bytes returns a workbook a test made or changed with excelize as Save
// writes it.
func Bytes(f *excelize.File) ([]byte, error) {
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return UsedRanges(buf.Bytes())
}

var dimensionElem = regexp.MustCompile(`<dimension ref="[^"]*"\s*(?:/>|></dimension>)`)

// UsedRanges returns a package excelize wrote with each worksheet's
// dimension element declaring the range its cells take, from A1 (as Check
// wants it).
func UsedRanges(data []byte) ([]byte, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		if dir, file := path.Split(f.Name); dir != "xl/worksheets/" || !strings.HasSuffix(file, ".xml") {
			if err := zw.Copy(f); err != nil {
				return nil, err
			}
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, err
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, err
		}
		ref := "A1"
		if col, row := excelizeUsed(body); col > 0 {
			ref += ":" + cellName(col, row)
		}
		w, err := zw.Create(f.Name)
		if err == nil {
			_, err = w.Write(dimensionElem.ReplaceAll(body, []byte(`<dimension ref="`+ref+`"/>`)))
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.Name, err)
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// excelizeUsed returns the last column and row holding a cell of a sheet
// excelize wrote (each cell's reference its first attribute), 0 for none:
// read from the references alone, fast enough for the workbooks of 20,000
// players the limit tests make.
func excelizeUsed(body []byte) (lastCol, lastRow int) {
	key := []byte(`<c r="`)
	for rest := body; ; {
		i := bytes.Index(rest, key)
		if i < 0 {
			return lastCol, lastRow
		}
		rest = rest[i+len(key):]
		end := bytes.IndexByte(rest, '"')
		if end < 0 {
			return lastCol, lastRow
		}
		if col, row := cellOf(string(rest[:end])); col > 0 {
			lastCol, lastRow = max(lastCol, col), max(lastRow, row)
		}
	}
}
