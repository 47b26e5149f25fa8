package files

import (
	"fmt"

	"github.com/armada-dtm/dtm/director/files/qr"
	"github.com/armada-dtm/dtm/workbook"
)

// qrScale is the pixels of a QR code's module in the PNG placed on a score
// sheet (the sheet scales the image to its printed size).
const qrScale = 8

// WithQRCodes gives each board of heat its score sheet's QR code: the
// results form's link for the board when the Tournament sheet gives a form,
// else the board code alone.
func WithQRCodes(t *workbook.Tournament, heat int, boards []workbook.CallBoard) ([]workbook.CallBoard, error) {
	out := make([]workbook.CallBoard, len(boards))
	for i, cb := range boards {
		text := workbook.BoardCode(heat, cb.Board)
		if form := t.Settings.ResultsForm; form != "" {
			link, err := workbook.ResultsLink(form, heat, cb.Board)
			if err != nil {
				return nil, fmt.Errorf("heat %d board %d: %w", heat, cb.Board, err)
			}
			text = link
		}
		code, err := qr.Encode([]byte(text))
		if err != nil {
			return nil, fmt.Errorf("heat %d board %d: QR code: %w", heat, cb.Board, err)
		}
		if cb.QR, err = code.PNG(qrScale); err != nil {
			return nil, fmt.Errorf("heat %d board %d: %w", heat, cb.Board, err)
		}
		out[i] = cb
	}
	return out, nil
}
