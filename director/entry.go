package director

import (
	"bytes"
	"fmt"
	"os"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/workbook"
)

// writeEntryPage writes the workbook's results-entry page beside it, with
// the boards of every heat as the heat sheets stand (seated is the heat
// just seated, whose boards are not yet read back), and returns its path;
// "" when the page there holds these bytes already, and nothing was written.
func writeEntryPage(b *workbook.Book, seated int, calls []workbook.CallBoard) (string, error) {
	t := b.Tournament
	boards := map[int][]workbook.CallBoard{}
	for h := 1; h <= t.Settings.Heats; h++ {
		boards[h] = t.HeatCallBoards(h)
	}
	if seated > 0 {
		boards[seated] = calls
	}
	page, err := files.EntryPage(t, boards)
	if err != nil {
		return "", err
	}
	path := files.EntryPagePath(b.Path)
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, page) {
		return "", nil
	}
	return path, workbook.WriteFile(path, page)
}

// entryPageAfterSave is writeEntryPage once the workbook is saved: a
// failure is a *SavedError, which says that the workbook was saved.
func entryPageAfterSave(b *workbook.Book, seated int, calls []workbook.CallBoard) (string, error) {
	page, err := writeEntryPage(b, seated, calls)
	if err != nil {
		return "", &SavedError{Path: b.Path, Err: fmt.Errorf("the results-entry page %s was not written: %w", files.EntryPagePath(b.Path), err)}
	}
	return page, nil
}
