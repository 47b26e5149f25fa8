package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"hash/crc32"
	"io/fs"
	"path"
	"sort"
	"time"
)

// file is one file of an archive.
type file struct {
	name string      // its path in the archive, with forward slashes
	from string      // where it was read from, relative to the repository
	mode fs.FileMode // 0755 for the binary, 0644 for the rest
	data []byte
}

// pack writes the files as the platform's archive. Everything that could
// differ between two runs is fixed: the order (by name), every time (the
// commit's), owners (none), permissions, and the compression.
func pack(p Platform, files []file, mtime time.Time) ([]byte, error) {
	files = append([]file(nil), files...)
	sort.Slice(files, func(i, j int) bool { return files[i].name < files[j].name })
	if p.OS == "linux" {
		return packTarGz(files, mtime)
	}
	return packZip(files, mtime)
}

// packZip writes a zip whose local headers carry each entry's CRC and sizes
// (no data descriptors), so that readers which walk the local headers, and
// not only the central directory, read it.
func packZip(files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range dirsOf(files) {
		h := &zip.FileHeader{Name: f + "/", Method: zip.Store}
		setTime(h, mtime)
		h.SetMode(fs.ModeDir | 0o755)
		if _, err := zw.CreateRaw(h); err != nil {
			return nil, err
		}
	}
	for _, f := range files {
		var deflated bytes.Buffer
		fw, err := flate.NewWriter(&deflated, flate.BestCompression)
		if err != nil {
			return nil, err
		}
		if _, err := fw.Write(f.data); err != nil {
			return nil, err
		}
		if err := fw.Close(); err != nil {
			return nil, err
		}
		h := &zip.FileHeader{
			Name: f.name, Method: zip.Deflate,
			CRC32: crc32.ChecksumIEEE(f.data), CompressedSize64: uint64(deflated.Len()), UncompressedSize64: uint64(len(f.data)),
		}
		setTime(h, mtime)
		h.SetMode(f.mode)
		w, err := zw.CreateRaw(h)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		if _, err := w.Write(deflated.Bytes()); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// setTime dates a zip entry in the MS-DOS date and time its header holds
// (zip.Writer.CreateRaw, unlike CreateHeader, leaves them to the caller),
// to the two seconds that format keeps.
func setTime(h *zip.FileHeader, t time.Time) {
	t = t.UTC()
	h.Modified = t
	//lint:ignore SA1019 CreateRaw writes these fields as they are, and does not derive them from Modified
	h.ModifiedDate, h.ModifiedTime = uint16(t.Day()+int(t.Month())<<5+(t.Year()-1980)<<9), uint16(t.Second()/2+t.Minute()<<5+t.Hour()<<11)
}

// packTarGz writes a gzipped tar, without owners or a gzip time or name.
func packTarGz(files []file, mtime time.Time) ([]byte, error) {
	var buf bytes.Buffer
	gz, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	for _, d := range dirsOf(files) {
		h := &tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: mtime, Format: tar.FormatUSTAR}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
	}
	for _, f := range files {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: f.name, Mode: int64(f.mode), Size: int64(len(f.data)), ModTime: mtime, Format: tar.FormatUSTAR}
		if err := tw.WriteHeader(h); err != nil {
			return nil, fmt.Errorf("%s: %w", f.name, err)
		}
		if _, err := tw.Write(f.data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// dirsOf lists the folders the files are in, parents first, so that an
// archive tool makes each with its permissions before filling it.
func dirsOf(files []file) []string {
	seen := map[string]bool{}
	var dirs []string
	for _, f := range files {
		for d := path.Dir(f.name); d != "." && !seen[d]; d = path.Dir(d) {
			seen[d] = true
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs) // a parent sorts before its children
	return dirs
}
