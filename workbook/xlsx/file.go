package xlsx

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Sheets tells the engine what its caller does with each sheet, by name. A
// nil function answers false for every sheet.
type Sheets struct {
	// Read reports a sheet whose cells the caller reads: it is held to
	// MaxRows, MaxColumns and MaxCells when the file is opened. The other
	// sheets are only checked whole.
	Read func(sheet string) bool
	// Replaced reports a tab the caller replaces whole: a cell there longer
	// than MaxCellLength (written by an older version) is not refused.
	Replaced func(sheet string) bool
	// Input reports a sheet whose values the caller reads: its formula
	// cells keep their cached values on save, so that the next reading
	// finds them before any spreadsheet program has recalculated, unless
	// they refer to an Output tab.
	Input func(sheet string) bool
	// Output reports a tab the caller rewrites on every run: a formula that
	// refers to one is recalculated when the workbook is next opened.
	Output func(sheet string) bool
}

func (s Sheets) read(sheet string) bool     { return sheet != "" && s.Read != nil && s.Read(sheet) }
func (s Sheets) replaced(sheet string) bool { return s.Replaced != nil && s.Replaced(sheet) }
func (s Sheets) input(sheet string) bool    { return s.Input != nil && s.Input(sheet) }
func (s Sheets) output(sheet string) bool   { return s.Output != nil && s.Output(sheet) }

// File is an .xlsx workbook opened from disk: excelize's reading of it,
// the bytes it was read from, and what is to be written into it on save.
type File struct {
	// Path is the name the workbook was opened by.
	Path   string
	x      *excelize.File
	sheets Sheets
	src    []byte // the file as read (or last saved), its part names made relative
	raw    []byte // the file's bytes as read (or last saved)
	hash   [sha256.Size]byte
	// patches are cells written on save, by sheet (see patch.go).
	patches map[string][]cellPatch
	// bodies are the cells and merges of tabs written whole, by sheet,
	// put into their parts on save (see sheetbody.go).
	bodies map[string]Body
	// dropped are the parts of deleted sheets left out on save (see
	// DeleteSheet).
	dropped map[string]bool
	props   Properties // written on save (see props.go)
}

// Digest is the SHA-256 of the file's bytes as read (or last saved).
func (f *File) Digest() [sha256.Size]byte { return f.hash }

// ErrNotWorkbook reports a file that is not an .xlsx workbook.
var ErrNotWorkbook = errors.New("not an .xlsx workbook")

// Open reads the workbook at path, after checking the whole file: its
// format, and every part whole, well-formed and within the limits (see
// integrity.go). It also removes the temporary files an earlier save cut
// short left beside it.
func Open(path string, sheets Sheets) (*File, error) {
	data, err := readFile(path)
	if err != nil {
		return nil, err
	}
	cleanStale(path)
	return OpenBytes(path, data, sheets)
}

// OpenBytes reads a workbook from its bytes, as Open does after reading
// them from path, the name it is known by.
func OpenBytes(path string, data []byte, sheets Sheets) (*File, error) {
	zr, where, err := checkHeaders(path, data)
	if err != nil {
		return nil, err
	}
	hash, src := sha256.Sum256(data), data
	if relative, err := relativeTargets(zr); err == nil && relative != nil {
		// Read (and saved) as if Excel had named the parts.
		src = relative
		if zr, err = zip.NewReader(bytes.NewReader(src), int64(len(src))); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	// Each part is checked as excelize read it, rather than decompressed
	// once more; when that is not certain, the parts are read again from
	// the file, which says what is wrong.
	x, err := openExcelize(src)
	if err != nil || !partsAsRead(zr, where, sheets, excelizePart(x)) {
		if cerr := checkParts(path, zr, where, sheets); cerr != nil {
			if x != nil {
				x.Close()
			}
			return nil, cerr
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w (save it from Excel or LibreOffice as .xlsx): %v", path, ErrNotWorkbook, err)
		}
	}
	return &File{Path: path, x: x, sheets: sheets, src: src, raw: data, hash: hash}, nil
}

// openExcelize opens checked workbook bytes in memory. The size limits are
// the engine's own, already checked: excelize spills a part larger than
// UnzipXMLSizeLimit to a temporary file of its own (excelize-* in the
// system's temporary folder), which a crash would leave behind.
func openExcelize(data []byte) (*excelize.File, error) {
	x, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: MaxTotalBytes, UnzipXMLSizeLimit: MaxTotalBytes})
	if err != nil {
		if x != nil {
			x.Close()
		}
		return nil, err
	}
	return x, nil
}

// excelizePart returns the bytes excelize read for the zip entry named
// name. excelize names its parts with slashes, and spells the content
// types and shared strings parts its own way whatever the zip holds.
func excelizePart(x *excelize.File) func(name string) ([]byte, bool) {
	return func(name string) ([]byte, bool) {
		if x == nil {
			return nil, false
		}
		name = strings.ReplaceAll(name, `\`, "/")
		switch strings.ToLower(name) {
		case "[content_types].xml":
			name = contentTypesPart
		case "xl/sharedstrings.xml":
			name = sharedStringsPart
		}
		return heldPart(x, name)
	}
}

// heldPart returns a part of x's package as excelize holds it, if it does
// (raw bytes: a part excelize has decoded, a worksheet it has read, is held
// elsewhere until it is written).
func heldPart(x *excelize.File, name string) ([]byte, bool) {
	v, ok := x.Pkg.Load(name)
	if !ok {
		return nil, false
	}
	raw, ok := v.([]byte)
	return raw, ok
}

// Excelize returns excelize's reading of the workbook, for the reading and
// writing of cells the engine does not do itself.
func (f *File) Excelize() *excelize.File { return f.x }

// SheetList returns the workbook's sheets, in their order.
func (f *File) SheetList() []string { return f.x.GetSheetList() }

// Close releases the workbook.
func (f *File) Close() error {
	if err := f.x.Close(); err != nil {
		return fmt.Errorf("close %s: %w", f.Path, err)
	}
	return nil
}
