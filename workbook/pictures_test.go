package workbook

import (
	"archive/zip"
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// qrStandIn returns a small PNG, different for each n (a QR code's place).
func qrStandIn(t *testing.T, n int) []byte {
	t.Helper()
	img := image.NewPaletted(image.Rect(0, 0, 8, 8), color.Palette{color.White, color.Black})
	img.SetColorIndex(n%8, n/8%8, 1)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// packageParts returns every part of a saved workbook.
func packageParts(t *testing.T, name string) map[string]string {
	t.Helper()
	zr, err := zip.OpenReader(name)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	out := map[string]string{}
	for _, zf := range zr.File {
		rc, err := zf.Open()
		if err != nil {
			t.Fatal(err)
		}
		raw, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out[zf.Name] = string(raw)
	}
	return out
}

// TestDropPictures checks that rewriting a calls tab removes the old QR
// codes at once (dropPictures) with the very result of excelize's
// DeletePicture one by one: every part of the two saved workbooks is the
// same.
func TestDropPictures(t *testing.T) {
	b := callsBook(t, 28, "classic")
	boards := seatBoards(b, 4, false)
	for i := range boards {
		boards[i].QR = qrStandIn(t, i)
	}
	if err := b.WriteBoardCalls(1, boards); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	saved := map[bool]string{}
	for _, quick := range []bool{true, false} {
		dir := t.TempDir()
		p := filepath.Join(dir, "calls.xlsx")
		raw, err := os.ReadFile(b.Path)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, raw, 0o644); err != nil {
			t.Fatal(err)
		}
		b2, err := Open(p)
		if err != nil {
			t.Fatal(err)
		}
		if !quick { // excelize decodes the drawing: one by one
			if _, err := b2.f.GetPictureCells(BoardCallsSheet(1)); err != nil {
				t.Fatal(err)
			}
		} else if !b2.x.DropPictures(BoardCallsSheet(1)) {
			t.Fatal("dropPictures did not remove the QR codes at once")
		}
		// The re-seed keeps two boards, with a QR code of their own and
		// one of the old ones.
		again := append([]CallBoard(nil), boards[1:3]...)
		again[0].QR = qrStandIn(t, 9)
		if err := b2.WriteBoardCalls(1, again); err != nil {
			t.Fatal(err)
		}
		if _, err := b2.Save(Options{}); err != nil {
			t.Fatal(err)
		}
		b2.Close()
		saved[quick] = p
	}
	quick, slow := packageParts(t, saved[true]), packageParts(t, saved[false])
	for name, v := range slow {
		if strings.HasPrefix(name, "docProps/") {
			continue
		}
		if quick[name] != v {
			t.Errorf("%s differs:\nat once:  %.600s\none by one: %.600s", name, quick[name], v)
		}
	}
	for name := range quick {
		if _, ok := slow[name]; !ok {
			t.Errorf("%s is left over", name)
		}
	}
	media := 0
	for name := range quick {
		if strings.HasPrefix(name, "xl/media/") {
			media++
		}
	}
	if media != 2 {
		t.Errorf("%d images in the package, want the 2 shown", media)
	}
}
