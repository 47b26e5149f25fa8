package xlsx

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"time"
)

// packWriter is the zip writer excelize saves the package through (see
// excelize's SetZipWriter): excelize's own writer compresses every part
// again, at the default level, the parts it never changed included. A
// part whose bytes are exactly those of the
// same part in the file as it was read is copied from the file as it was
// compressed there, without compressing it again: the sheets dtm did not
// touch cost nothing to save. Pictures, already compressed, are stored
// (with their sizes in their local headers, see createStored);
// every other part is compressed at the fastest level, as tidy compresses
// the parts it rewrites, a worksheet declaring its used range
// (fixDimension; but those settle gave theirs already).
type packWriter struct {
	zw   *zip.Writer
	orig map[string]*zip.File // the parts of the file as read; nil for none
	// ranged are the worksheet parts that declare their used range
	// already (see settle).
	ranged map[string]bool
	name   string // the part being written, "" for none
	buf    bytes.Buffer
	chunk  []byte    // sameContent's, kept for the next part
	when   time.Time // the save's time, the date of the parts written anew
}

// newPackWriter returns a packWriter writing to w, copying unchanged parts
// from the package src (nil for none), giving every other worksheet but
// those in ranged its used range, and dating the parts written anew when.
func newPackWriter(w io.Writer, src []byte, ranged map[string]bool, when time.Time) *packWriter {
	pw := &packWriter{zw: zip.NewWriter(w), ranged: ranged, when: when}
	pw.zw.RegisterCompressor(zip.Deflate, reusedDeflate())
	if zr, err := zip.NewReader(bytes.NewReader(src), int64(len(src))); err == nil && len(src) > 0 {
		pw.orig = make(map[string]*zip.File, len(zr.File))
		for _, f := range zr.File {
			pw.orig[f.Name] = f
		}
	}
	return pw
}

// Create starts the part named name.
func (pw *packWriter) Create(name string) (io.Writer, error) {
	if err := pw.finish(); err != nil {
		return nil, err
	}
	pw.name = name
	pw.buf.Reset()
	return &pw.buf, nil
}

// AddFS is not used by excelize's save; it is refused.
func (pw *packWriter) AddFS(fs.FS) error {
	return errors.New("packWriter: AddFS is not supported")
}

// Close writes the last part and the zip's directory.
func (pw *packWriter) Close() error {
	if err := pw.finish(); err != nil {
		return err
	}
	return pw.zw.Close()
}

// finish writes the part being written.
func (pw *packWriter) finish() error {
	if pw.name == "" {
		return nil
	}
	name, data := pw.name, pw.buf.Bytes()
	pw.name = ""
	if pw.chunk == nil {
		pw.chunk = make([]byte, 32<<10)
	}
	if name == contentTypesPart {
		data = sortDefaults(data)
	}
	if o := pw.orig[name]; o != nil && sameContent(o, data, pw.chunk) {
		if err := copyRaw(pw.zw, o, pw.chunk, pw.when); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	if worksheetPart(name) && !pw.ranged[name] {
		data = fixDimension(data)
	}
	var w io.Writer
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".png", ".jpeg", ".jpg", ".gif":
		w, err = createStored(pw.zw, name, data, pw.when)
	default:
		w, err = pw.zw.CreateHeader(partHeader(name, zip.Deflate, pw.when))
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if _, err := w.Write(data); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// createStored starts a part stored as it is (data, to be written next),
// with its checksum and sizes in its local header: a reader that walks the
// local headers (Java's ZipInputStream, SheetJS) cannot find the end of a
// stored part whose sizes come after it, in a data descriptor, as zip's
// CreateHeader writes them. It is dated when.
func createStored(zw *zip.Writer, name string, data []byte, when time.Time) (io.Writer, error) {
	h := partHeader(name, zip.Store, when)
	h.CreatorVersion, h.ReaderVersion = 20, 20
	h.CRC32, h.CompressedSize64, h.UncompressedSize64 = crc32.ChecksumIEEE(data), uint64(len(data)), uint64(len(data))
	return zw.CreateRaw(h)
}

// partHeader is the header of a part written anew, dated when (dateHeader).
func partHeader(name string, method uint16, when time.Time) *zip.FileHeader {
	h := &zip.FileHeader{Name: name, Method: method}
	dateHeader(h, when)
	return h
}

// dateHeader dates a part's header when: its UTC time, in the zip's own
// MS-DOS date and time (to two seconds) alone, as Excel dates its parts,
// without the extra timestamp field that zip's Modified adds (an earlier
// one is removed). The zero time leaves it undated (1980-00-00).
func dateHeader(h *zip.FileHeader, when time.Time) {
	var date, clock uint16
	if t := when.UTC(); !when.IsZero() && t.Year() >= 1980 && t.Year() < 2108 {
		date, clock = uint16(t.Day()+int(t.Month())<<5+(t.Year()-1980)<<9), uint16(t.Second()/2+t.Minute()<<5+t.Hour()<<11)
	}
	//lint:ignore SA1019 Modified would add an extra timestamp field (and CreateRaw ignores it); the MS-DOS fields are written as they are
	h.ModifiedDate, h.ModifiedTime = date, clock
	h.Modified = time.Time{}
	var extra []byte
	for rest := h.Extra; len(rest) >= 4; {
		n := min(4+int(binary.LittleEndian.Uint16(rest[2:])), len(rest))
		if binary.LittleEndian.Uint16(rest) != 0x5455 { // the extended timestamp
			extra = append(extra, rest[:n]...)
		}
		rest = rest[n:]
	}
	h.Extra = extra
}

// undated reports whether a part is undated: 1980-00-00, as earlier
// versions of dtm and excelize wrote their parts (the zip reader reads it
// as 30 November 1979).
func undated(f *zip.File) bool { return f.Modified.Year() < 1980 }

// reusedDeflate returns a zip compressor at the fastest level that reuses
// one flate writer for every part: a zip writes one part at a time, and a
// new flate writer takes about half a megabyte.
func reusedDeflate() func(io.Writer) (io.WriteCloser, error) {
	var fw *flate.Writer
	return func(w io.Writer) (io.WriteCloser, error) {
		if fw == nil {
			var err error
			if fw, err = flate.NewWriter(w, flate.BestSpeed); err != nil {
				return nil, err
			}
			return fw, nil
		}
		fw.Reset(w)
		return fw, nil
	}
}

// copyRaw copies a part from one zip to another as it is compressed, as
// zip's Writer.Copy does but through buf rather than a new buffer a part,
// and with its checksum and sizes (known from the central directory) in
// its local header rather than in a data descriptor after it: a stored
// part written so by an earlier version (or another program) is repaired
// (see createStored). An undated part is dated when (dateHeader).
func copyRaw(zw *zip.Writer, f *zip.File, buf []byte, when time.Time) error {
	r, err := f.OpenRaw()
	if err != nil {
		return err
	}
	fh := f.FileHeader
	fh.Flags &^= 0x8 // the data descriptor
	if undated(f) {
		dateHeader(&fh, when)
	}
	w, err := zw.CreateRaw(&fh)
	if err != nil {
		return err
	}
	_, err = io.CopyBuffer(w, r, buf)
	return err
}

// sameContent reports whether the part f holds exactly data: same size,
// same checksum, then byte for byte (read into chunk).
func sameContent(f *zip.File, data, chunk []byte) bool {
	if f.UncompressedSize64 != uint64(len(data)) || f.CRC32 != crc32.ChecksumIEEE(data) {
		return false
	}
	rc, err := f.Open()
	if err != nil {
		return false
	}
	defer rc.Close()
	for rest := data; ; {
		n, err := rc.Read(chunk)
		if n > len(rest) || !bytes.Equal(chunk[:n], rest[:n]) {
			return false
		}
		rest = rest[n:]
		if err == io.EOF {
			return len(rest) == 0
		}
		if err != nil {
			return false
		}
	}
}

// contentTypesPart is the package's part naming each part's content type.
const contentTypesPart = "[Content_Types].xml"

// defaultRe matches one Default element of the content types part, as
// excelize writes it or self-closed.
var defaultRe = regexp.MustCompile(`<Default\s[^>]*?(?:/>|>\s*</Default>)`)

// sortDefaults puts the content types part's Default elements in the order
// of their text: excelize adds the pictures' extensions from a map, in a
// different order on every save, so that two saves of the same workbook
// differed in this part alone. Their order means nothing to a reader. A
// part whose Defaults are not side by side is left as it is.
func sortDefaults(data []byte) []byte {
	spans := defaultRe.FindAllIndex(data, -1)
	if len(spans) < 2 {
		return data
	}
	for i := 1; i < len(spans); i++ {
		if len(bytes.TrimSpace(data[spans[i-1][1]:spans[i][0]])) > 0 {
			return data
		}
	}
	start, end := spans[0][0], spans[len(spans)-1][1]
	defaults := defaultRe.FindAll(data[start:end], -1)
	if slices.IsSortedFunc(defaults, bytes.Compare) {
		return data
	}
	slices.SortFunc(defaults, bytes.Compare)
	out := make([]byte, 0, len(data))
	out = append(out, data[:start]...)
	out = append(out, bytes.Join(defaults, nil)...)
	return append(out, data[end:]...)
}
