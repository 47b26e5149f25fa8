package day

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// sheetsOf reads the cells of some sheets of a workbook, as text.
func sheetsOf(t *testing.T, path string, sheets ...string) map[string][][]string {
	t.Helper()
	out := map[string][][]string{}
	for _, s := range sheets {
		out[s] = clitest.SheetRows(t, path, s)
	}
	return out
}

// sameSheets reports whether two readings of sheets hold the same cells.
func sameSheets(a, b map[string][][]string) bool {
	if len(a) != len(b) {
		return false
	}
	for s, rows := range a {
		if !slices.EqualFunc(rows, b[s], slices.Equal) {
			return false
		}
	}
	return true
}

// TestUndo replays a director's morning: heat 1 is seeded, the top board
// started in LibreOffice, then dtm seed --unseed run by mistake empties the
// other board. dtm undo shows what it puts back, sheet by sheet, and puts
// the heat back as it was; run again, it says it would redo the unseed
// and changes nothing without --again; --again puts the unseed back. A
// lock file (the workbook open in LibreOffice) stops it unless --force; a
// result typed in LibreOffice after dtm's last write is named before it
// goes. A workbook without backups is a clear error.
func TestUndo(t *testing.T) {
	t.Parallel()
	book := fixture.Build(t, fixture.Tournament{Players: fixture.Numbered(14), Heats: 2})
	if code, out, errOut := clitest.Dtm(t, "seed", "--seed", "3", book); code != 0 {
		t.Fatalf("seed: exit %d\n%s%s", code, out, errOut)
	}
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Heat 1", "cell": "B2", "rows": [][]any{{"Started"}, {"Started"}, {"Started"}, {"Started"}, {"Started"}, {"Started"}, {"Started"}}}})
	seeded := sheetsOf(t, book, "Players", "Heat 1", "Heat 1 calls")
	if code, out, errOut := clitest.Dtm(t, "seed", "--unseed", "--heat", "1", book); code != 0 || !strings.Contains(out, "emptied 1 board") {
		t.Fatalf("unseed: exit %d\n%s%s", code, out, errOut)
	}
	unseeded := sheetsOf(t, book, "Players", "Heat 1")
	if slices.EqualFunc(seeded["Heat 1"], unseeded["Heat 1"], slices.Equal) {
		t.Fatal("unseed changed nothing on Heat 1")
	}
	backups := func() []string {
		entries, err := os.ReadDir(filepath.Join(filepath.Dir(book), "dtm-backups"))
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	before := len(backups())

	code, out, errOut := clitest.Dtm(t, "undo", book)
	if code != 0 {
		t.Fatalf("undo: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"restoring dtm-backups" + string(filepath.Separator) + "fixture ", "  Heat 1: ", "cells changed", "restored ", "dtm undo --again puts it back"} {
		if !strings.Contains(out, want) {
			t.Errorf("undo's summary lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Players:") {
		t.Errorf("undo names the Players sheet, which unseed did not change:\n%s", out)
	}
	if got := sheetsOf(t, book, "Players", "Heat 1", "Heat 1 calls"); !sameSheets(got, seeded) {
		t.Error("after undo, the Players, Heat 1 and Heat 1 calls sheets are not as before the unseed")
	}
	if n := len(backups()); n != before+1 {
		t.Errorf("undo left %d backups, want %d (the unseeded version kept)", n, before+1)
	}

	// Again: it would redo the unseed; nothing changes without --again.
	data, _ := os.ReadFile(book)
	code, out, errOut = clitest.Dtm(t, "undo", book)
	if code != 1 || !strings.Contains(errOut, "the last change was dtm undo") || !strings.Contains(errOut, "dtm undo --again") || !strings.Contains(out, "Heat 1: ") {
		t.Errorf("undo twice: exit %d, want 1 saying the last change was an undo and what --again would change\n%s%s", code, out, errOut)
	}
	code, out, errOut = clitest.Dtm(t, "undo", "--dry-run", book)
	if code != 0 || !strings.Contains(out, "nothing was written (--dry-run)") {
		t.Errorf("undo --dry-run: exit %d\n%s%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(book); !bytes.Equal(after, data) {
		t.Error("a refused undo or a dry run changed the workbook")
	}

	// A lock file: LibreOffice has the workbook open.
	lock := filepath.Join(filepath.Dir(book), ".~lock."+filepath.Base(book)+"#")
	if err := os.WriteFile(lock, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := clitest.Dtm(t, "undo", "--again", book); code != 1 || !strings.Contains(errOut, "open in a spreadsheet program") {
		t.Errorf("undo with a lock file: exit %d, want 1 saying the workbook is open\n%s%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(book); !bytes.Equal(after, data) {
		t.Error("an undo refused for a lock file changed the workbook")
	}
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := clitest.Dtm(t, "undo", "--again", book); code != 0 {
		t.Fatalf("undo --again: exit %d\n%s%s", code, out, errOut)
	}
	if got := sheetsOf(t, book, "Players", "Heat 1"); !sameSheets(got, unseeded) {
		t.Error("undo --again did not put the unseed back")
	}
	if code, out, errOut := clitest.Dtm(t, "undo", "--again", "--dry-run", book); code != 0 || !strings.Contains(out, "the last change was dtm undo") {
		t.Errorf("after undo --again, another would undo it: exit %d\n%s%s", code, out, errOut)
	}

	// The director types a result in LibreOffice after dtm's last write:
	// undo says that goes too.
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Heat 1", "cell": "F2", "rows": [][]any{{"Win", 1907, 18}}}})
	code, out, errOut = clitest.Dtm(t, "undo", "--dry-run", book)
	if code != 0 || !strings.Contains(out, "after dtm last wrote it") || strings.Contains(out, "last change was dtm undo") {
		t.Errorf("undo after a LibreOffice save: exit %d, want a warning that what was typed since goes too\n%s%s", code, out, errOut)
	}

	// No backup.
	fresh := filepath.Join(t.TempDir(), "fresh.xlsx")
	if code, out, errOut := clitest.Dtm(t, "new", fresh); code != 0 {
		t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
	}
	if code, out, errOut := clitest.Dtm(t, "undo", fresh); code != 1 || !strings.Contains(errOut, "no backup to restore") {
		t.Errorf("undo without a backup: exit %d, want 1 and a clear error\n%s%s", code, out, errOut)
	}
}
