package workbook

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook/xlsx"
	"github.com/xuri/excelize/v2"
)

// part is one entry of a zip package, as rezip writes it.
type part struct {
	name   string
	data   []byte
	method uint16
	// declared overrides the uncompressed size written in the header
	// (a lie); 0 writes the true size.
	declared uint64
	crc      uint32 // overrides the checksum when not 0
}

// unzip lists a package's parts in order.
func unzip(t testing.TB, data []byte) []part {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var out []part
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, part{name: zf.Name, data: b, method: zip.Deflate})
	}
	return out
}

// rezip writes parts as a zip package, compressing them itself so that a
// test may lie about sizes and checksums.
func rezip(t testing.TB, parts []part) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for _, p := range parts {
		body := p.data
		if p.method == zip.Deflate {
			var c bytes.Buffer
			fw, _ := flate.NewWriter(&c, flate.BestSpeed)
			fw.Write(p.data)
			fw.Close()
			body = c.Bytes()
		}
		h := &zip.FileHeader{Name: p.name, Method: p.method, CRC32: crc32.ChecksumIEEE(p.data),
			UncompressedSize64: uint64(len(p.data)), CompressedSize64: uint64(len(body))}
		if p.declared != 0 {
			h.UncompressedSize64 = p.declared
		}
		if p.crc != 0 {
			h.CRC32 = p.crc
		}
		pw, err := w.CreateRaw(h)
		if err != nil {
			t.Fatal(err)
		}
		pw.Write(body)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sheetPart is the part holding a sheet of the fixture.
func sheetPart(t testing.TB, data []byte, sheet string) string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rels, _ := f.Pkg.Load("xl/_rels/workbook.xml.rels")
	wb, _ := f.Pkg.Load("xl/workbook.xml")
	id := regexp.MustCompile(`<sheet [^>]*name="` + regexp.QuoteMeta(sheet) + `"[^>]*r:id="([^"]+)"`).FindSubmatch(wb.([]byte))
	if id == nil {
		t.Fatalf("no sheet %q", sheet)
	}
	target := regexp.MustCompile(`Id="` + string(id[1]) + `"[^>]*Target="/?(?:xl/)?([^"]+)"`).FindSubmatch(rels.([]byte))
	if target == nil {
		t.Fatalf("no part for sheet %q", sheet)
	}
	return "xl/" + string(target[1])
}

// hostile returns the fixture with one part changed.
func hostile(t testing.TB, sheet string, change func(p *part)) []byte {
	t.Helper()
	data := fixtureBytes(t)
	name := sheetPart(t, data, sheet)
	parts := unzip(t, data)
	for i := range parts {
		if parts[i].name == name {
			change(&parts[i])
		}
	}
	return rezip(t, parts)
}

// cutAfterRow cuts a sheet's XML just after a row, as a crash or a bad copy
// would.
func cutAfterRow(row int) func(p *part) {
	return func(p *part) {
		marker := fmt.Sprintf(`<row r="%d"`, row+1)
		i := bytes.Index(p.data, []byte(marker))
		if i < 0 {
			panic("no " + marker)
		}
		p.data = p.data[:i]
	}
}

// withRows replaces a sheet's data with generated rows.
func withRows(rows string) func(p *part) {
	return func(p *part) {
		s := string(p.data)
		i, j := strings.Index(s, "<sheetData"), strings.Index(s, "</sheetData>")
		if j < 0 {
			i, j = strings.Index(s, "<sheetData/>"), strings.Index(s, "<sheetData/>")+len("<sheetData/>")-len("</sheetData>")
		}
		p.data = []byte(s[:i] + "<sheetData>" + rows + s[j:])
	}
}

func inlineRow(row int, cells ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<row r="%d">`, row)
	for k, c := range cells {
		if c != "" {
			fmt.Fprintf(&b, `<c r="%s" t="inlineStr"><is><t>%s</t></is></c>`, cellName(k+1, row), c)
		}
	}
	b.WriteString("</row>")
	return b.String()
}

func TestDamagedOrTooLarge(t *testing.T) {
	players := func(n int) string {
		var b strings.Builder
		b.WriteString(inlineRow(1, HeaderFirstName, HeaderLastName))
		for i := range n {
			b.WriteString(inlineRow(i+2, fmt.Sprintf("P%d", i), "Q"))
		}
		return b.String()
	}
	crcFault := func(p *part) { p.crc = crc32.ChecksumIEEE(p.data) ^ 1 }
	for _, tc := range []struct {
		name  string
		data  func(t *testing.T) []byte
		want  error
		where []string // text every message must hold
	}{
		{"heat sheet cut after row 15", func(t *testing.T) []byte { return hostile(t, HeatSheet(1), cutAfterRow(15)) },
			xlsx.ErrDamaged, []string{"Heat 1: the sheet's part xl/worksheets/", "the file was cut short"}},
		{"checksum", func(t *testing.T) []byte { return hostile(t, HeatSheet(1), crcFault) },
			xlsx.ErrDamaged, []string{"Heat 1: the sheet's part", "checksum"}},
		{"stored part with a flipped byte", func(t *testing.T) []byte {
			data := hostile(t, HeatSheet(1), func(p *part) { p.method = zip.Store })
			i := bytes.Index(data, []byte("<v>1907</v>"))
			data[i+4] = '8' // still well-formed: only the checksum tells
			return data
		}, xlsx.ErrDamaged, []string{"Heat 1: the sheet's part", "checksum"}},
		{"tags that do not match", func(t *testing.T) []byte {
			return hostile(t, SheetPlayers, func(p *part) { p.data = bytes.Replace(p.data, []byte("</row>"), []byte("</rox>"), 1) })
		}, xlsx.ErrDamaged, []string{"Players: the sheet's part"}},
		{"declared size beyond the limit (zip bomb)", func(t *testing.T) []byte {
			return hostile(t, HeatSheet(2), func(p *part) { p.declared = 4 << 30 })
		}, xlsx.ErrTooLarge, []string{"Heat 2: the sheet's part", "4096 MiB uncompressed"}},
		{"more data than declared", func(t *testing.T) []byte {
			return hostile(t, HeatSheet(2), func(p *part) {
				p.data = append(p.data, bytes.Repeat([]byte(" "), 1<<20)...)
				p.declared = uint64(len(p.data) - 1<<20)
			})
		}, xlsx.ErrDamaged, []string{"Heat 2: the sheet's part"}},
		{"part leaving the workbook", func(t *testing.T) []byte {
			return rezip(t, append(unzip(t, fixtureBytes(t)), part{name: "../../evil.txt", data: []byte("x"), method: zip.Deflate}))
		}, xlsx.ErrDamaged, []string{"../../evil.txt has a name that leaves the workbook"}},
		{"value below the last row", func(t *testing.T) []byte {
			return hostile(t, HeatSheet(3), withRows(inlineRow(xlsx.MaxRows+1, "x")))
		}, xlsx.ErrTooLarge, []string{"'Heat 3'!A200001: a value in row 200001"}},
		{"value beyond the last column", func(t *testing.T) []byte {
			return hostile(t, HeatSheet(3), withRows(`<row r="2"><c r="ALM2" t="inlineStr"><is><t>x</t></is></c></row>`))
		}, xlsx.ErrTooLarge, []string{"'Heat 3'!ALM2: a value in column ALM"}},
		{"a cell of absurd length", func(t *testing.T) []byte {
			return hostile(t, SheetPlayers, withRows(inlineRow(2, strings.Repeat("é", xlsx.MaxCellLength+1), "Smith")))
		}, xlsx.ErrTooLarge, []string{"Players!A2: the cell holds 32768 characters"}},
		{"too many cells", func(t *testing.T) []byte {
			var b strings.Builder
			for r := 1; r <= xlsx.MaxCells/xlsx.MaxColumns+1; r++ {
				fmt.Fprintf(&b, `<row r="%d"><c r="%s"><v>1</v></c></row>`, r, cellName(xlsx.MaxColumns, r))
			}
			return hostile(t, HeatSheet(4), withRows(b.String()))
		}, xlsx.ErrTooLarge, []string{"Heat 4: the sheet is too large to read"}},
		{"players within the limit", func(t *testing.T) []byte {
			return hostile(t, SheetPlayers, withRows(players(100)))
		}, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := openBytes("book.xlsx", tc.data(t))
			if !errors.Is(err, tc.want) {
				t.Fatalf("err = %v, want %v", err, tc.want)
			}
			for _, w := range tc.where {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the message does not say %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestTooManyPlayers(t *testing.T) {
	var b strings.Builder
	b.WriteString(inlineRow(1, HeaderFirstName, HeaderLastName))
	for i := range MaxPlayers + 1 {
		b.WriteString(inlineRow(i+2, fmt.Sprintf("P%d", i), "Q"))
	}
	book, err := openBytes("book.xlsx", hostile(t, SheetPlayers, withRows(b.String())))
	if err != nil {
		t.Fatal(err)
	}
	defer book.Close()
	want := fmt.Sprintf("Players!A%d: more than 20000 players", MaxPlayers+2)
	for _, p := range book.Problems {
		if strings.HasPrefix(p.String(), want) {
			return
		}
	}
	t.Errorf("no problem %q among %d: %v", want, len(book.Problems), book.Problems[:min(5, len(book.Problems))])
}

// TestNoExcelizeTempFiles: a workbook with a sheet larger than excelize's
// own threshold (16 MiB) puts nothing in the temporary folder, whether it
// is read or saved, so that neither an exit nor a kill leaves anything.
func TestNoExcelizeTempFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 20 MiB sheet")
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var b strings.Builder
	b.WriteString(inlineRow(1, "Notes"))
	for r := 2; b.Len() < 20<<20; r++ {
		b.WriteString(inlineRow(r, strings.Repeat("n", 200)))
	}
	// Declaring the rows, as a spreadsheet program would: dtm saves the
	// sheet as it was read.
	data, err := xlsxcheck.UsedRanges(hostile(t, SheetAbout, withRows(b.String())))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "big.xlsx")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	book, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := book.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	// Nothing spilled even while the workbook is open, so a kill leaves
	// nothing behind either.
	if left, _ := filepath.Glob(filepath.Join(tmp, "excelize-*")); len(left) > 0 {
		t.Errorf("excelize spilled %v", left)
	}
	if err := book.Close(); err != nil {
		t.Fatal(err)
	}
	if left, _ := filepath.Glob(filepath.Join(tmp, "excelize-*")); len(left) > 0 {
		t.Errorf("excelize left %v", left)
	}
}

// TestLongCellOnAnOutputTab: a cell too long on a tab dtm rewrites whole
// (written by an older dtm) does not stop dtm from rewriting it.
func TestLongCellOnAnOutputTab(t *testing.T) {
	f := fixture(t)
	if _, err := f.NewSheet(SheetAwards); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	name := sheetPart(t, buf.Bytes(), SheetAwards)
	parts := unzip(t, buf.Bytes())
	for i := range parts {
		if parts[i].name == name {
			withRows(inlineRow(2, strings.Repeat("x", xlsx.MaxCellLength+1)))(&parts[i])
		}
	}
	b, err := openBytes("book.xlsx", rezip(t, parts))
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
}
