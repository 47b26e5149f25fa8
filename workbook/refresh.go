package workbook

import (
	"bytes"
	"cmp"
	"fmt"
	"image"
	"image/color"
	"slices"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// StaleCalls compares heat n's board-calls tab with the one WriteBoardCalls
// would write for boards now. It returns a warning at the first cell that
// differs (a director swapped players on the heat sheet, changed the heat's
// date or a board's system), else at the first QR code that is missing or
// not the one boards give (the Tournament sheet's Results form changed, or
// an older dtm wrote the calls without them), or nil when they match or
// the heat has no board-calls tab.
func (b *Book) StaleCalls(n int, boards []CallBoard) (*Problem, error) {
	sheet := BoardCallsSheet(n)
	if !b.hasSheet(sheet) {
		return nil, nil
	}
	scratch := excelize.NewFile()
	defer scratch.Close()
	values, pictures := map[string]string{}, map[string][]byte{}
	if err := (&Book{f: scratch, Tournament: b.Tournament}).writeBoardCalls(n, boards, values, pictures); err != nil {
		return nil, err
	}
	rows, err := xlsx.GetRows(b.f, sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return nil, err
	}
	got := map[string]string{}
	for r, row := range rows {
		for c, v := range row {
			if v != "" {
				got[cellName(c+1, r+1)] = v
			}
		}
	}
	var differ []string
	for _, m := range []map[string]string{got, values} {
		for cell := range m {
			if got[cell] != values[cell] {
				differ = append(differ, cell)
			}
		}
	}
	if len(differ) == 0 {
		return b.staleQRCodes(n, values, pictures)
	}
	cell := firstCell(differ)
	row, _ := xlsx.CellOrder(cell)
	return &Problem{Sheet: sheet, Cell: cell, Hint: fmt.Sprintf("run dtm seed --refresh --heat %d", n),
		Msg: fmt.Sprintf("warning: the board calls do not match the heat sheet (%s: %s reads %q, now %q)",
			callsPage(values, row), cell, clip(got[cell]), clip(values[cell]))}, nil
}

// staleQRCodes compares the QR codes of heat n's board-calls tab, whose
// cells match values, with want, the images WriteBoardCalls would place
// now, by cell. It returns a warning at the first one missing or different,
// or nil when they all match.
func (b *Book) staleQRCodes(n int, values map[string]string, want map[string][]byte) (*Problem, error) {
	sheet := BoardCallsSheet(n)
	if len(want) == 0 {
		return nil, nil
	}
	got, err := b.x.Pictures(sheet)
	if err != nil {
		return nil, err
	}
	var missing, differ []string
	for cell, image := range want {
		switch have, ok := got[cell]; {
		case !ok:
			missing = append(missing, cell)
		case !samePicture(have, image):
			differ = append(differ, cell)
		}
	}
	if len(missing)+len(differ) == 0 {
		return nil, nil
	}
	cell := firstCell(append(slices.Clone(missing), differ...))
	row, _ := xlsx.CellOrder(cell)
	page := callsPage(values, row)
	what := page + " has no QR code"
	if !slices.Contains(missing, cell) {
		var why string
		settings := b.Tournament.Settings
		switch at := settings.SettingCell(SetResultsForm); {
		case settings.ResultsForm == "":
			why = "is not its board code (was the Tournament sheet's Results form cleared?)"
		case at != "":
			why = fmt.Sprintf("does not open the results form as %s!%s now gives it", SheetTournament, at)
		default:
			why = "does not open the results form the Tournament sheet now gives"
		}
		what = page + "'s QR code " + why
	}
	return &Problem{Sheet: sheet, Cell: cell, Hint: fmt.Sprintf("run dtm seed --refresh --heat %d", n),
		Msg: fmt.Sprintf("warning: the board calls' QR codes are stale (%s; %d of %d boards)", what, len(missing)+len(differ), len(want))}, nil
}

// samePicture reports whether two images are the same picture: the same
// bytes, or, saved by another program, the same pixels.
func samePicture(a, b []byte) bool {
	if bytes.Equal(a, b) {
		return true
	}
	ia, _, err := image.Decode(bytes.NewReader(a))
	if err != nil {
		return false
	}
	ib, _, err := image.Decode(bytes.NewReader(b))
	if err != nil || ia.Bounds() != ib.Bounds() {
		return false
	}
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if color.GrayModel.Convert(ia.At(x, y)) != color.GrayModel.Convert(ib.At(x, y)) {
				return false
			}
		}
	}
	return true
}

// firstCell returns the first of cells, by row then column.
func firstCell(cells []string) string {
	return slices.MinFunc(cells, func(a, b string) int {
		ra, ca := xlsx.CellOrder(a)
		rb, cb := xlsx.CellOrder(b)
		return cmp.Or(ra-rb, ca-cb)
	})
}

// callsPage names the page of a board-calls tab that a row is on, from the
// titles in its column A: "board 3", or "the list of players".
func callsPage(values map[string]string, row int) string {
	for r := row; r >= 1; r-- {
		a := values[cellName(1, r)]
		if strings.HasSuffix(a, ": who plays where") || strings.HasSuffix(a, ": who plays where (continued)") {
			return "the list of players"
		}
		if rest, ok := strings.CutPrefix(a, "Board "); ok {
			number, _, _ := strings.Cut(rest, " ")
			return "board " + number
		}
	}
	return "the first page"
}
