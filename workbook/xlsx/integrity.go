package xlsx

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// The limits of what dtm reads (docs/workbook.md, "Limits"), far beyond
// any real workbook. They are checked before the expensive work, so that a
// hostile or damaged file (a "zip bomb": gigabytes compressed into
// megabytes) is refused in a moment and with little memory.
const (
	// MaxFileBytes is the largest workbook file dtm opens, as stored.
	MaxFileBytes = 256 << 20
	// MaxPartBytes is the largest part (one sheet's XML, the shared
	// strings, an image) once uncompressed.
	MaxPartBytes = 256 << 20
	// MaxTotalBytes is the largest total of all parts, uncompressed.
	MaxTotalBytes = 1 << 30
	// MaxRows is the last row of a sheet dtm reads that may hold a value.
	MaxRows = 200_000
	// MaxColumns is the last column of a sheet dtm reads that may hold a
	// value (column ALL).
	MaxColumns = 1_000
	// MaxCells bounds a sheet dtm reads: the sum, over its rows, of the
	// column of each row's last value (what reading the sheet allocates).
	MaxCells = 8_000_000
	// MaxCellLength is the longest text a cell may hold, in characters:
	// Excel's own limit.
	MaxCellLength = 32_767
)

// ErrDamaged reports a workbook whose file is damaged (a part cut short, a
// checksum that does not match, a part that is not well-formed XML).
var ErrDamaged = errors.New("the workbook file is damaged")

// ErrTooLarge reports a workbook beyond one of dtm's documented limits.
var ErrTooLarge = errors.New("the workbook is larger than dtm accepts")

// ErrEncrypted reports a workbook saved with a password.
var ErrEncrypted = errors.New("the workbook is encrypted with a password")

// FileError is a workbook dtm refused to read as a whole: damaged or beyond
// a limit. Parts lists each part at fault, located at its sheet when it is
// one.
type FileError struct {
	Path  string
	Err   error // ErrDamaged or ErrTooLarge
	Parts Problems
	Hint  string
}

// Error implements error.
func (e *FileError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %v; nothing was read or changed", e.Path, e.Err)
	if e.Hint != "" {
		b.WriteString(": " + e.Hint)
	}
	for _, p := range e.Parts {
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}

// Unwrap returns ErrDamaged or ErrTooLarge.
func (e *FileError) Unwrap() error { return e.Err }

// RestoreHint says how to mend the damaged workbook at path: restore its
// newest backup, named, with dtm undo; or save it again from a spreadsheet
// program.
func RestoreHint(path string) string {
	if list, err := Backups(path); err == nil && len(list) > 0 {
		return fmt.Sprintf("restore from %s/%s (its newest backup): dtm undo puts it back; or open it in Excel or LibreOffice and save it again",
			BackupDir, filepath.Base(list[0]))
	}
	return "restore the latest copy from the " + BackupDir + " folder beside it, or open it in Excel or LibreOffice and save it again"
}

// readFile reads a workbook's bytes, refusing what is not a regular
// file (a folder, a named pipe, a device: opening one could wait forever)
// and files beyond MaxFileBytes.
func readFile(name string) ([]byte, error) {
	info, err := os.Stat(name)
	if err != nil {
		return nil, fmt.Errorf("open workbook: %w", err)
	}
	if err := regular(name, info); err != nil {
		return nil, err
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("open workbook: %w", err)
	}
	defer f.Close()
	if info, err = f.Stat(); err != nil { // the file opened, not the one looked at
		return nil, fmt.Errorf("open workbook: %w", err)
	}
	if err := regular(name, info); err != nil {
		return nil, err
	}
	if info.Size() > MaxFileBytes {
		return nil, &FileError{Path: name, Err: ErrTooLarge, Hint: fmt.Sprintf("the file is %s; dtm opens workbooks of up to %s", mib(info.Size()), mib(MaxFileBytes))}
	}
	buf := bytes.NewBuffer(make([]byte, 0, info.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, MaxFileBytes+1)); err != nil {
		return nil, fmt.Errorf("open workbook: %w", err)
	}
	data := buf.Bytes()
	if len(data) > MaxFileBytes {
		return nil, &FileError{Path: name, Err: ErrTooLarge, Hint: fmt.Sprintf("dtm opens workbooks of up to %s", mib(MaxFileBytes))}
	}
	return data, nil
}

// regular refuses anything but a regular file.
func regular(name string, info os.FileInfo) error {
	m := info.Mode()
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		return fmt.Errorf("%s: %w: it is a folder; give the workbook file inside it", name, ErrNotWorkbook)
	case m&os.ModeNamedPipe != 0:
		return fmt.Errorf("%s: %w: it is a named pipe (FIFO), not a file; dtm reads workbook files only", name, ErrNotWorkbook)
	case m&(os.ModeDevice|os.ModeCharDevice) != 0:
		return fmt.Errorf("%s: %w: it is a device, not a file; dtm reads workbook files only", name, ErrNotWorkbook)
	case m&os.ModeSocket != 0:
		return fmt.Errorf("%s: %w: it is a socket, not a file; dtm reads workbook files only", name, ErrNotWorkbook)
	}
	return fmt.Errorf("%s: %w: it is not a regular file", name, ErrNotWorkbook)
}

func mib(n int64) string { return fmt.Sprintf("%d MiB", (n+(1<<20)-1)>>20) }

// oleMagic starts an OLE compound file: an encrypted .xlsx, or an .xls of
// Excel 97-2003.
var oleMagic = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// utf16LE encodes ASCII as little-endian UTF-16, as OLE directory names are.
func utf16LE(s string) []byte {
	out := make([]byte, 0, 2*len(s))
	for _, c := range []byte(s) {
		out = append(out, c, 0)
	}
	return out
}

// A workbook's zip package is checked whole before anything is read from
// it: the format (not encrypted, not .xls), the declared and actual size of
// every part, every part's checksum, and that every XML part is well-formed
// to its end; sheets dtm reads are held to the row, column and cell limits,
// and each fault is located at its sheet when the part is one. The checks
// are checkHeaders (before anything is decompressed), then partsAsRead on
// the parts as excelize read them or, when that is not certain,
// checkParts, which reads them again and says what is wrong.

// partPlace names a part for a problem: the sheet it holds ("" for none)
// and how to call it.
type partPlace func(part string) (sheet, what string)

// checkHeaders checks what the zip's directory declares, before anything
// is decompressed: an encrypted or old Excel file, a file that is no zip,
// parts or a total too large (a zip bomb is refused here), part names that
// leave the workbook, and parts stored twice.
func checkHeaders(name string, data []byte) (*zip.Reader, partPlace, error) {
	if bytes.HasPrefix(data, oleMagic) {
		if bytes.Contains(data, utf16LE("EncryptedPackage")) {
			return nil, nil, fmt.Errorf("%s: %w: dtm cannot read it; open it in Excel or LibreOffice, remove the password (Excel: File > Info > Protect Workbook > Encrypt with Password, emptied; LibreOffice: Save As with \"Save with password\" unticked) and save it as .xlsx",
				name, ErrEncrypted)
		}
		return nil, nil, fmt.Errorf("%s: %w: it is an old Excel 97-2003 file (.xls) or another OLE document; open it in Excel or LibreOffice and save it as .xlsx", name, ErrNotWorkbook)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil && bytes.HasPrefix(data, []byte("PK\x03\x04")) { // a zip's first part, without its directory
		return nil, nil, &FileError{Path: name, Err: ErrDamaged, Hint: RestoreHint(name),
			Parts: Problems{{Msg: "the file ends before the zip's directory: it was cut short (a copy, download or save that stopped)"}}}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w (save it from Excel or LibreOffice as .xlsx): %v", name, ErrNotWorkbook, err)
	}
	sheets := sheetParts(zr)
	where := func(part string) (string, string) {
		if s, ok := sheets[part]; ok {
			return s, "the sheet's part " + part
		}
		return "", "part " + part
	}
	// Declared sizes first: a zip bomb is refused before anything is
	// decompressed.
	var total uint64
	var big Problems
	for _, zf := range zr.File {
		total += zf.UncompressedSize64
		if zf.UncompressedSize64 > MaxPartBytes {
			s, what := where(zf.Name)
			big = append(big, Problem{Sheet: s, Msg: fmt.Sprintf("%s is %s uncompressed; dtm reads parts of up to %s", what, mib(int64(min(zf.UncompressedSize64, 1<<62))), mib(MaxPartBytes))})
		}
	}
	if total > MaxTotalBytes {
		big = append(big, Problem{Msg: fmt.Sprintf("its parts total %s uncompressed; dtm reads workbooks of up to %s", mib(int64(min(total, 1<<62))), mib(MaxTotalBytes))})
	}
	if len(big) > 0 {
		return nil, nil, &FileError{Path: name, Err: ErrTooLarge, Parts: big, Hint: "see docs/workbook.md, \"Limits\""}
	}
	var damaged Problems
	seen := map[string]bool{}
	for _, zf := range zr.File {
		s, what := where(zf.Name)
		clean := path.Clean(strings.ReplaceAll(zf.Name, `\`, "/"))
		if path.IsAbs(clean) || clean == ".." || strings.HasPrefix(clean, "../") {
			damaged = append(damaged, Problem{Msg: fmt.Sprintf("%s has a name that leaves the workbook", what)})
			continue
		}
		if seen[strings.ToLower(clean)] {
			damaged = append(damaged, Problem{Sheet: s, Msg: fmt.Sprintf("%s is stored twice", what)})
			continue
		}
		seen[strings.ToLower(clean)] = true
	}
	if len(damaged) > 0 {
		return nil, nil, &FileError{Path: name, Err: ErrDamaged, Parts: damaged, Hint: RestoreHint(name)}
	}
	return zr, where, nil
}

// checkParts reads every part to its end (see checkPart): a damaged part
// is a located problem, and so is what passes a limit.
func checkParts(name string, zr *zip.Reader, where partPlace, sheets Sheets) error {
	var damaged, limits Problems
	for _, zf := range zr.File {
		s, what := where(zf.Name)
		ps, err := checkPart(zf, s, sheets.read(s), !sheets.replaced(s))
		limits = append(limits, ps...)
		if err != nil {
			damaged = append(damaged, Problem{Sheet: s, Msg: fmt.Sprintf("%s is damaged: %v", what, err)})
		}
	}
	if len(damaged) > 0 {
		return &FileError{Path: name, Err: ErrDamaged, Parts: damaged, Hint: RestoreHint(name)}
	}
	if len(limits) > 0 {
		return &FileError{Path: name, Err: ErrTooLarge, Parts: limits, Hint: "see docs/workbook.md, \"Limits\""}
	}
	return nil
}

// partsAsRead reports whether every part of zr is certainly whole and
// within the limits as excelize read it (part returns its bytes): its
// size and checksum are those the zip declares (excelize does not check
// them) and an XML part passes quickWellFormed. false means "not sure":
// checkParts then reads the file's parts again and says what is wrong.
func partsAsRead(zr *zip.Reader, where partPlace, sheets Sheets, part func(name string) ([]byte, bool)) bool {
	for _, zf := range zr.File {
		data, ok := part(zf.Name)
		s, _ := where(zf.Name)
		if !ok || !wholePart(zf, data, sheets.read(s), !sheets.replaced(s)) {
			return false
		}
	}
	return true
}

// checkPart reads one part to its end, which checks its size and CRC-32
// (archive/zip fails a part longer than it declares, or whose checksum
// differs), and an XML part's well-formedness. A sheet dtm reads is also
// held to MaxRows, MaxColumns, MaxCells and MaxCellLength; what passes a
// limit is returned as problems located at their cell.
func checkPart(zf *zip.File, sheet string, limited, lengths bool) (Problems, error) {
	lower := strings.ToLower(zf.Name)
	xmlPart := strings.HasSuffix(lower, ".xml") || strings.HasSuffix(lower, ".rels")
	if xmlPart && quickPart(zf, limited, lengths) {
		return nil, nil
	}
	rc, err := zf.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	counted := &countingReader{r: io.LimitReader(rc, MaxPartBytes+1)}
	var ps Problems
	if xmlPart {
		ps, err = wellFormed(counted, sheet, limited, lengths)
	} else {
		_, err = io.Copy(io.Discard, counted)
	}
	if counted.n > MaxPartBytes {
		return ps, fmt.Errorf("it is larger than it declares")
	}
	if err != nil {
		return ps, err
	}
	// Read anything after the XML's end, so that the checksum is verified.
	if _, err := io.Copy(io.Discard, counted); err != nil {
		return ps, err
	}
	if counted.n != int64(zf.UncompressedSize64) {
		return ps, fmt.Errorf("it holds %d bytes but declares %d", counted.n, zf.UncompressedSize64)
	}
	if zf.CRC32 != 0 && counted.crc != zf.CRC32 {
		return ps, zip.ErrChecksum
	}
	return ps, nil
}

type countingReader struct {
	r   io.Reader
	n   int64
	crc uint32
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	c.crc = crc32.Update(c.crc, crc32.IEEETable, p[:n])
	return n, err
}

// wellFormed checks that r is one well-formed XML document, every element
// closed, to its end. In a sheet dtm reads (limited) it also checks the
// position of every value, and with lengths its length (see cellLimits),
// reporting the first twenty values past a limit.
func wellFormed(r io.Reader, sheet string, limited, lengths bool) (Problems, error) {
	d := xml.NewDecoder(r)
	d.Strict = true
	var stack []xml.Name
	var ps Problems
	limits := &cellLimits{sheet: sheet, lengths: lengths}
	roots := 0
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			return ps, wholeDocument(stack, roots)
		}
		if err != nil {
			return ps, err
		}
		tracked := limited && len(ps) <= 20
		switch t := tok.(type) {
		case xml.StartElement:
			if len(stack) == 0 {
				if roots++; roots > 1 {
					return ps, errors.New("it holds more than one XML document")
				}
			}
			stack = append(stack, t.Name)
			if tracked {
				local := []byte(t.Name.Local)
				limits.start(local)
				for _, a := range t.Attr {
					if a.Name.Local == "r" {
						limits.ref(local, []byte(a.Value))
					}
				}
			}
		case xml.EndElement:
			if len(stack) == 0 || stack[len(stack)-1] != t.Name {
				line, _ := d.InputPos()
				return ps, fmt.Errorf("line %d: </%s> does not close the element it should", line, t.Name.Local)
			}
			stack = stack[:len(stack)-1]
			if tracked {
				if p, past := limits.end([]byte(t.Name.Local)); past {
					ps = append(ps, p)
				}
			}
		case xml.CharData:
			if limits.inValue {
				limits.valueLen += utf8Count(t)
			}
		}
	}
}

// wholeDocument says what is wrong with a document that ended with the
// elements of stack open, after roots top-level elements.
func wholeDocument(stack []xml.Name, roots int) error {
	switch {
	case len(stack) > 0:
		return fmt.Errorf("it ends inside <%s> (the file was cut short)", stack[len(stack)-1].Local)
	case roots == 0:
		return errors.New("it holds no XML")
	}
	return nil
}

// utf8Count counts the characters of UTF-8 text.
func utf8Count(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// sheetParts maps each worksheet part (xl/worksheets/sheet3.xml) to its
// sheet's name, from the workbook's own index; parts it cannot place are
// left out (their faults are reported by part name).
func sheetParts(zr *zip.Reader) map[string]string {
	read := func(name string) []byte {
		for _, zf := range zr.File {
			if strings.EqualFold(zf.Name, name) && zf.UncompressedSize64 <= 16<<20 {
				rc, err := zf.Open()
				if err != nil {
					return nil
				}
				defer rc.Close()
				b, _ := io.ReadAll(io.LimitReader(rc, 16<<20))
				return b
			}
		}
		return nil
	}
	var wb struct {
		Sheets []struct {
			Name string `xml:"name,attr"`
			ID   string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
		} `xml:"sheets>sheet"`
	}
	var rels struct {
		Rel []struct {
			ID     string `xml:"Id,attr"`
			Target string `xml:"Target,attr"`
		} `xml:"Relationship"`
	}
	out := map[string]string{}
	if xml.Unmarshal(read("xl/workbook.xml"), &wb) != nil || xml.Unmarshal(read("xl/_rels/workbook.xml.rels"), &rels) != nil {
		return out
	}
	target := map[string]string{}
	for _, r := range rels.Rel {
		t := r.Target
		if strings.HasPrefix(t, "/") {
			t = strings.TrimPrefix(t, "/")
		} else {
			t = path.Join("xl", t)
		}
		target[r.ID] = t
	}
	for _, s := range wb.Sheets {
		if t, ok := target[s.ID]; ok {
			out[t] = s.Name
		}
	}
	return out
}
