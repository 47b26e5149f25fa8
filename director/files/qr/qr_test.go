package qr

import (
	"bytes"
	"compress/zlib"
	"errors"
	"image/png"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReedSolomon checks the error correction against two worked examples
// of version 1-M: "01234567" of ISO/IEC 18004's annex (numeric mode) and
// "HELLO WORLD" (alphanumeric mode), data and error-correction codewords as
// published.
func TestReedSolomon(t *testing.T) {
	for _, tc := range []struct {
		name      string
		data, ecc []byte
	}{
		{"01234567",
			[]byte{0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11},
			[]byte{0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55}},
		{"HELLO WORLD",
			[]byte{0x20, 0x5B, 0x0B, 0x78, 0xD1, 0x72, 0xDC, 0x4D, 0x43, 0x40, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11},
			[]byte{0xC4, 0x23, 0x27, 0x77, 0xEB, 0xD7, 0xE7, 0xE2, 0x5D, 0x17}},
	} {
		if got := remainder(tc.data, generator(10)); !bytes.Equal(got, tc.ecc) {
			t.Errorf("%s: error correction % X, want % X", tc.name, got, tc.ecc)
		}
	}
}

// TestMatrices compares whole symbols, module by module, with the ones
// libqrencode 4.1.1 makes (testdata/*.txt, "#" dark: qrencode -l M -8 -v N
// -m 0 -t ASCII DATA, two characters a module folded to one), each at the
// mask libqrencode chose. libqrencode's penalty differs slightly from the
// standard's, so the mask of least penalty is checked only where both
// agree. The charts (testdata/chart.txt, a CSV line of the results-entry
// page, five times over for version 40) cover the versions of several
// block sizes and alignment patterns.
func TestMatrices(t *testing.T) {
	url := "https://docs.google.com/forms/d/e/1FAIpQLSexample/viewform?usp=pp_url&entry.1234567=H2-B5-F"
	chart, err := os.ReadFile(filepath.Join("testdata", "chart.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file       string
		data       string
		version    int
		mask       int
		sameChoice bool
	}{
		{"v1-code.txt", "H2-B5-F", 1, 1, true},
		{"v2-code.txt", "H2-B5-F", 2, 0, false},
		{"v7-code.txt", "H2-B5-F", 7, 0, true}, // with version information
		{"v6-url.txt", url, 6, 6, true},        // the smallest version for the link
		{"v12-chart.txt", string(chart), 12, 2, true},
		{"v25-chart.txt", string(chart), 25, 4, true},
		{"v40-chart.txt", strings.Repeat(string(chart), 5), 40, 2, true},
	} {
		want, err := os.ReadFile(filepath.Join("testdata", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		c, err := EncodeWith([]byte(tc.data), tc.version, tc.mask)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.String(); got != string(want) {
			t.Errorf("%s: symbol differs:\n got:\n%s\nwant:\n%s", tc.file, got, want)
		}
		if !tc.sameChoice {
			continue
		}
		auto, err := EncodeWith([]byte(tc.data), tc.version, -1)
		if err != nil {
			t.Fatal(err)
		}
		if auto.Mask != tc.mask {
			t.Errorf("%s: mask %d chosen, want %d", tc.file, auto.Mask, tc.mask)
		}
	}
}

// TestCapacity: Encode picks the smallest version; each version holds the
// bytes of ISO/IEC 18004 table 7 (level M, byte mode), and 2331 bytes fit
// version 40, 2332 do not.
func TestCapacity(t *testing.T) {
	for data, want := range map[string]int{"H2-B5-F": 1, strings.Repeat("x", 14): 1, strings.Repeat("x", 15): 2, strings.Repeat("x", 107): 7,
		strings.Repeat("x", 1809): 35, strings.Repeat("x", 1810): 36} {
		if c, err := Encode([]byte(data)); err != nil || c.Version != want {
			t.Errorf("%d bytes: %v, want version %d", len(data), err, want)
		}
	}
	table := []int{14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624, 666,
		711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809, 1911, 1989, 2099, 2213, 2331}
	for i, want := range table {
		if got := capacity(i + 1); got != want {
			t.Errorf("version %d holds %d bytes, want %d", i+1, got, want)
		}
	}
	if c, err := Encode(bytes.Repeat([]byte("x"), MaxBytes)); err != nil || c.Version != 40 {
		t.Errorf("%d bytes: %v", MaxBytes, err)
	}
	if _, err := Encode(bytes.Repeat([]byte("x"), MaxBytes+1)); !errors.Is(err, ErrTooLong) {
		t.Errorf("%d bytes: %v, want ErrTooLong", MaxBytes+1, err)
	}
}

// TestDecodeBack reads codes of every version and every mask back with an
// independent decoder, zbarimg (Debian's zbar-tools). It skips when
// zbarimg is absent, unless CI or DTM_REQUIRE_LIBREOFFICE is set.
func TestDecodeBack(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		if os.Getenv("CI") != "" || os.Getenv("DTM_REQUIRE_LIBREOFFICE") != "" {
			t.Fatal("zbarimg is required (apt-get install zbar-tools)")
		}
		t.Skip("zbarimg not installed (apt-get install zbar-tools)")
	}
	dir := t.TempDir()
	var cases [][2]int // version, mask
	for v := 1; v <= 40; v++ {
		cases = append(cases, [2]int{v, -1})
	}
	for m := range 8 {
		cases = append(cases, [2]int{3, m})
	}
	for _, vm := range cases {
		v, m := vm[0], vm[1]
		// Data that fills the version, different each time.
		data := []byte(strings.Repeat("H2-B5-F ", 300))[:capacity(v)-(m+1)]
		c, err := EncodeWith(data, v, m)
		if err != nil {
			t.Fatal(err)
		}
		img, err := c.PNG(4)
		if err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(dir, "code.png")
		if err := os.WriteFile(file, img, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(zbar, "--quiet", "--raw", "-Sbinary", file).Output()
		if err != nil {
			t.Errorf("version %d mask %d: zbarimg: %v", v, c.Mask, err)
			continue
		}
		if !bytes.Equal(out, data) {
			t.Errorf("version %d mask %d: decoded %q, want %q", v, c.Mask, out, data)
		}
	}
}

// TestPNGPixels decodes the PNG with image/png and checks every pixel:
// dark exactly on the dark modules, the quiet zone white.
func TestPNGPixels(t *testing.T) {
	for _, tc := range []struct {
		data  string
		scale int
	}{{"H1-B7", 1}, {"H1-B7", 3}, {"https://example.org/form?h=9&b=123", 8}} {
		c, err := Encode([]byte(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		raw, err := c.PNG(tc.scale)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(raw))
		if err != nil {
			t.Fatalf("%q at scale %d: %v", tc.data, tc.scale, err)
		}
		side := (c.Size + 8) * tc.scale
		if b := img.Bounds(); b.Dx() != side || b.Dy() != side {
			t.Fatalf("%q at scale %d: %v, want %d×%d", tc.data, tc.scale, b, side, side)
		}
		for y := range side {
			for x := range side {
				mx, my := x/tc.scale-4, y/tc.scale-4
				dark := mx >= 0 && my >= 0 && mx < c.Size && my < c.Size && c.modules[my][mx]
				r, _, _, _ := img.At(x, y).RGBA()
				if (r == 0) != dark {
					t.Fatalf("%q at scale %d: pixel (%d, %d) dark = %v, want %v", tc.data, tc.scale, x, y, r == 0, dark)
				}
			}
		}
	}
}

// TestPenaltyBits scores random module patterns (and real codes) both
// ways: with the rows and columns as bits, and a line at a time.
func TestPenaltyBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{7, 8, 11, 21, 25, 33, 45, 57, 63, 64} {
		for trial := range 50 {
			c := &Code{Size: n, modules: make([][]bool, n)}
			density := []int{2, 3, 5, 8}[trial%4] // sparse to dense: long runs and finder-like lines
			for y := range n {
				c.modules[y] = make([]bool, n)
				for x := range n {
					c.modules[y][x] = rng.IntN(density) != 0 == (trial%2 == 0)
				}
			}
			if trial == 0 { // the finder pattern with light around it, at both ends
				for x, d := range []bool{true, false, true, true, true, false, true} {
					c.modules[0][x] = d
					c.modules[1][n-7+x] = d
				}
			}
			if got, want := c.penaltyBits(), c.penaltyLines(); got != want {
				t.Fatalf("size %d, trial %d: penaltyBits %d, penaltyLines %d\n%s", n, trial, got, want, c)
			}
		}
	}
	for _, text := range []string{"H1-B1-X", "https://example.org/forms/d/e/1FAIpQLSe/viewform?entry.1=H12-B143-K"} {
		c, err := Encode([]byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if c.penaltyBits() != c.penaltyLines() {
			t.Errorf("%q: %d against %d", text, c.penaltyBits(), c.penaltyLines())
		}
	}
}

// TestRowsDeflate inflates the stream with compress/zlib: runs with copies
// of every length near deflate's bounds (258 a copy, 3 at least), rows of
// every byte value, and a row as long as a copy may reach back.
func TestRowsDeflate(t *testing.T) {
	row := func(n int, seed byte) []byte {
		r := make([]byte, n)
		for i := range r {
			r[i] = byte(i*7) + seed
		}
		return r
	}
	cases := [][]rowRun{
		{{row(5, 0), 1}},
		{{row(256, 1), 2}, {row(259, 2), 2}, {row(260, 3), 2}, {row(261, 4), 2}},
		{{row(86, 5), 4}, {row(129, 6), 3}, {row(30, 7), 8}, {row(30, 0), 32}},
		{{row(maxDistance, 9), 3}},
	}
	for i, runs := range cases {
		var want []byte
		for _, r := range runs {
			for range r.n {
				want = append(want, r.row...)
			}
		}
		zr, err := zlib.NewReader(bytes.NewReader(rowsDeflate(runs)))
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		got, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("case %d: %d bytes (%v), want %d", i, len(got), err, len(want))
		}
	}
	c, err := Encode([]byte("H1-B7"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.PNG(20000); err == nil {
		t.Error("a PNG wider than deflate can copy was made")
	}
}
