package director

import (
	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/workbook"
)

// writeCalls writes heat n's board calls for boards, each with its score
// sheet's QR code, and returns them as written. Every command that changes
// a heat's seating writes the calls through it, so that none leaves them
// without their QR codes.
func writeCalls(b *workbook.Book, n int, boards []workbook.CallBoard) ([]workbook.CallBoard, error) {
	calls, err := files.WithQRCodes(b.Tournament, n, boards)
	if err != nil {
		return nil, err
	}
	return calls, b.WriteBoardCalls(n, calls)
}
