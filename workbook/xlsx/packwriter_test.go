package xlsx

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"hash/crc32"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
)

// zipOf writes parts into a zip, each deflated at the best compression
// (so that a part copied as it was differs from one compressed again).
func zipOf(t *testing.T, parts [][2]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestCompression) })
	for _, p := range parts {
		w, err := zw.Create(p[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(p[1]))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// rawParts returns each part's method and compressed bytes.
func rawParts(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.OpenRaw()
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(rc)
		out[f.Name] = string(rune('0'+f.Method)) + string(raw)
	}
	return out
}

func TestPackWriter(t *testing.T) {
	long := bytes.Repeat([]byte("<row r=\"1\"><c r=\"A1\"><v>1</v></c></row>"), 200)
	src := zipOf(t, [][2]string{{"xl/worksheets/sheet1.xml", string(long)}, {"xl/worksheets/sheet2.xml", string(long)}, {"xl/styles.xml", "<styleSheet/>"}})
	var out bytes.Buffer
	pw := newPackWriter(&out, src, nil, time.Time{})
	changed := append(bytes.Clone(long[:len(long)-1]), '!')
	for _, p := range [][2]string{
		{"xl/worksheets/sheet1.xml", string(long)},    // as read: copied
		{"xl/worksheets/sheet2.xml", string(changed)}, // same size, other bytes
		{"xl/styles.xml", "<styleSheet></styleSheet>"},
		{"xl/media/image1.png", "\x89PNG fake"}, // stored
		{"xl/new.xml", string(long)},            // new: compressed
	} {
		w, err := pw.Create(p[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(p[1][:5]))
		w.Write([]byte(p[1][5:]))
	}
	if err := pw.AddFS(nil); err == nil {
		t.Error("AddFS accepted")
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	before, after := rawParts(t, src), rawParts(t, out.Bytes())
	if after["xl/worksheets/sheet1.xml"] != before["xl/worksheets/sheet1.xml"] {
		t.Error("the unchanged sheet was compressed again")
	}
	if after["xl/worksheets/sheet2.xml"] == before["xl/worksheets/sheet2.xml"] {
		t.Error("the changed sheet was copied")
	}
	if got := after["xl/media/image1.png"]; got != "0\x89PNG fake" {
		t.Errorf("the picture is %q, want it stored", got)
	}
	if got := after["xl/new.xml"]; got[0] != byte('0'+zip.Deflate) {
		t.Errorf("the new part has method %d", got[0]-'0')
	}
	// And every part reads back as written.
	zr, err := zip.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len()))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"xl/worksheets/sheet1.xml": string(long), "xl/worksheets/sheet2.xml": string(changed),
		"xl/styles.xml": "<styleSheet></styleSheet>", "xl/media/image1.png": "\x89PNG fake", "xl/new.xml": string(long)}
	for _, f := range zr.File {
		if got, err := readPart(f); err != nil || string(got) != want[f.Name] {
			t.Errorf("%s reads back wrong (%v)", f.Name, err)
		}
		delete(want, f.Name)
	}
	if len(want) > 0 {
		t.Errorf("parts missing: %v", want)
	}
}

// TestSameContentChecksBytes forges a part whose size and checksum match
// other bytes: they are not taken for the part.
func TestSameContentChecksBytes(t *testing.T) {
	data := []byte("the part as dtm would write it")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	other := []byte("the part as it is in the file!")
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "p.xml", Method: zip.Store, CRC32: crc32.ChecksumIEEE(data),
		CompressedSize64: uint64(len(other)), UncompressedSize64: uint64(len(data))})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(other)
	zw.Close()
	zr, err := zip.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	if err != nil {
		t.Fatal(err)
	}
	if sameContent(zr.File[0], data, make([]byte, 7)) {
		t.Error("a forged checksum passed for the same content")
	}
	if sameContent(zr.File[0], data[1:], make([]byte, 7)) {
		t.Error("another size passed for the same content")
	}
}

// TestPackWriterLocalHeaders saves a package holding a picture stored with
// a data descriptor (as zip's CreateHeader and dtm before issue 30 wrote
// them) and a new picture: both come out with their sizes in their local
// headers, which Java's ZipInputStream and SheetJS need.
func TestPackWriterLocalHeaders(t *testing.T) {
	var src bytes.Buffer
	zw := zip.NewWriter(&src)
	w, err := zw.CreateHeader(&zip.FileHeader{Name: "xl/media/image1.png", Method: zip.Store})
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("\x89PNG old"))
	zw.Close()
	if problems := xlsxcheck.LocalHeaders(src.Bytes()); len(problems) != 1 {
		t.Fatalf("the test's package should have one unstreamable part: %q", problems)
	}
	var out bytes.Buffer
	pw := newPackWriter(&out, src.Bytes(), nil, time.Time{})
	for _, p := range [][2]string{{"xl/media/image1.png", "\x89PNG old"}, {"xl/media/image2.png", "\x89PNG new"}, {"xl/a.xml", "<a/>"}} {
		w, err := pw.Create(p[0])
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(p[1]))
	}
	if err := pw.Close(); err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.LocalHeaders(out.Bytes()); len(problems) > 0 {
		t.Errorf("a streaming reader cannot read the saved package:\n%s", strings.Join(problems, "\n"))
	}
	if got := rawParts(t, out.Bytes())["xl/media/image1.png"]; got != "0\x89PNG old" {
		t.Errorf("the old picture is %q, want it stored as it was", got)
	}
}

// TestSortDefaults checks the content types' Defaults come out in one
// order whatever order excelize appended them in, and that a part it
// cannot sort safely is left as it is.
func TestSortDefaults(t *testing.T) {
	const head, tail = `<Types xmlns="x">`, `<Override PartName="/xl/workbook.xml" ContentType="w"></Override></Types>`
	png := `<Default Extension="png" ContentType="image/png"></Default>`
	bmp := `<Default Extension="bmp" ContentType="image/bmp"></Default>`
	rels := `<Default Extension="rels" ContentType="r"/>`
	xml := `<Default Extension="xml" ContentType="application/xml"></Default>`
	tests := []struct{ in, want string }{
		{head + xml + png + rels + bmp + tail, head + bmp + png + rels + xml + tail},
		{head + rels + bmp + png + tail, head + bmp + png + rels + tail},
		{head + bmp + png + rels + xml + tail, head + bmp + png + rels + xml + tail}, // sorted already
		{head + png + "\n  " + bmp + tail, head + bmp + png + tail},                  // white space between is dropped
		{head + png + tail, head + png + tail},                                       // one
		{head + png + `<Override PartName="/a" ContentType="b"/>` + bmp + tail, head + png + `<Override PartName="/a" ContentType="b"/>` + bmp + tail},
	}
	for _, tc := range tests {
		if got := string(sortDefaults([]byte(tc.in))); got != tc.want {
			t.Errorf("sortDefaults(%s)\n = %s\nwant %s", tc.in, got, tc.want)
		}
	}
}

// TestPackWriterContentTypesStable saves the same package twice with its
// content types' Defaults in two orders: the two saves are the same bytes,
// and a package whose Defaults are sorted already keeps its part as it was
// compressed.
func TestPackWriterContentTypesStable(t *testing.T) {
	a := `<Types><Default Extension="xml" ContentType="x"></Default><Default Extension="png" ContentType="image/png"></Default><Default Extension="gif" ContentType="image/gif"></Default></Types>`
	b := `<Types><Default Extension="xml" ContentType="x"></Default><Default Extension="gif" ContentType="image/gif"></Default><Default Extension="png" ContentType="image/png"></Default></Types>`
	when := time.Date(2026, 11, 28, 5, 0, 0, 0, time.UTC)
	save := func(src []byte, ct string) []byte {
		var out bytes.Buffer
		pw := newPackWriter(&out, src, nil, when)
		w, err := pw.Create(contentTypesPart)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(ct))
		if err := pw.Close(); err != nil {
			t.Fatal(err)
		}
		return out.Bytes()
	}
	first, second := save(nil, a), save(nil, b)
	if !bytes.Equal(first, second) {
		t.Error("two orders of the same Defaults saved differently")
	}
	if got := rawParts(t, save(first, b))[contentTypesPart]; got != rawParts(t, first)[contentTypesPart] {
		t.Error("the sorted part, as read, was compressed again")
	}
}
