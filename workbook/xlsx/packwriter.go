package xlsx

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"path"
	"strings"
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
// the parts it rewrites.
type packWriter struct {
	zw    *zip.Writer
	orig  map[string]*zip.File // the parts of the file as read; nil for none
	name  string               // the part being written, "" for none
	buf   bytes.Buffer
	chunk []byte // sameContent's, kept for the next part
}

// newPackWriter returns a packWriter writing to w, copying unchanged parts
// from the package src (nil for none).
func newPackWriter(w io.Writer, src []byte) *packWriter {
	pw := &packWriter{zw: zip.NewWriter(w)}
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
	if o := pw.orig[name]; o != nil && sameContent(o, data, pw.chunk) {
		if err := copyRaw(pw.zw, o, pw.chunk); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	var w io.Writer
	var err error
	switch strings.ToLower(path.Ext(name)) {
	case ".png", ".jpeg", ".jpg", ".gif":
		w, err = createStored(pw.zw, name, data)
	default:
		w, err = pw.zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate})
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
// CreateHeader writes them.
func createStored(zw *zip.Writer, name string, data []byte) (io.Writer, error) {
	return zw.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Store, CreatorVersion: 20, ReaderVersion: 20,
		CRC32: crc32.ChecksumIEEE(data), CompressedSize64: uint64(len(data)), UncompressedSize64: uint64(len(data))})
}

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
// (see createStored).
func copyRaw(zw *zip.Writer, f *zip.File, buf []byte) error {
	r, err := f.OpenRaw()
	if err != nil {
		return err
	}
	fh := f.FileHeader
	fh.Flags &^= 0x8 // the data descriptor
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
