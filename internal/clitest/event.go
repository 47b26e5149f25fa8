package clitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/xuri/excelize/v2"
)

// EventPlayers are the 38 players of the whole-event test: five boards a
// heat and three sitting out.
var EventPlayers = func() [][2]string {
	firsts := []string{"Ada", "Ben", "Cleo", "Dov", "Ebba", "Finn", "Gia", "Hugo", "Iris", "Jon", "Kai", "Lea", "Milo",
		"Nora", "Omar", "Pia", "Quin", "Rosa", "Sami", "Tove", "Uma", "Vik", "Wren", "Xavi", "Yara", "Zeno", "Aoife",
		"Bram", "Cato", "Dara", "Eli", "Fay", "Gus", "Hana", "Ivo", "José", "Kurt", "Lise"}
	var out [][2]string
	for i, f := range firsts {
		out = append(out, [2]string{f, fmt.Sprintf("Venue%02d", i+1)})
	}
	return out
}()

// EventSeat is a seat of a heat sheet as the event test reads it back.
type EventSeat struct {
	Row           int
	Board         int
	Power, Player string
	Status        string
}

// SheetRows reads a sheet's cells as text.
func SheetRows(t *testing.T, path, sheet string) [][]string {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(sheet)
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// HeatSeats reads a heat sheet's seats, board by board.
func HeatSeats(t *testing.T, path string, heat int) []EventSeat {
	t.Helper()
	rows := SheetRows(t, path, fmt.Sprintf("Heat %d", heat))
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	get := func(r []string, h string) string {
		if i, ok := col[h]; ok && i < len(r) {
			return r[i]
		}
		return ""
	}
	var out []EventSeat
	for i, r := range rows[1:] {
		var b int
		if _, err := fmt.Sscan(get(r, "Board"), &b); err != nil || get(r, "Player") == "" {
			continue
		}
		out = append(out, EventSeat{Row: i + 2, Board: b, Power: get(r, "Power"), Player: get(r, "Player"), Status: get(r, "Status")})
	}
	return out
}

// Edit is one lo-edit operation.
type Edit map[string]any

// LoEdits applies edits in a real LibreOffice, as a director types them.
func LoEdits(t *testing.T, path string, edits []Edit) {
	t.Helper()
	js, err := json.Marshal(edits)
	if err != nil {
		t.Fatal(err)
	}
	lotest.Run(t, "lo-edit", path, "--json", string(js))
}

// SoloBoard is a French solo in 1909 (Austria out in 1906, Russia in 1907):
// under DipCon XXXIV France scores 121 - 9 = 112, Austria 6 - 11 = -5,
// Russia 7 - 11 = -4 and the survivors 9 - 11 = -2.
var SoloBoard = map[string][3]any{
	"Austria": {"Loss", 1906, 0}, "England": {"Loss", 1909, 6}, "France": {"Win", 1909, 18}, "Germany": {"Loss", 1909, 5},
	"Italy": {"Loss", 1909, 3}, "Russia": {"Loss", 1907, 0}, "Turkey": {"Loss", 1909, 2},
}

// DrawBoard is a seven-way draw in 1907: 11 - 7 = 4 each under DipCon XXXIV.
var DrawBoard = map[string][3]any{
	"Austria": {"Win", 1907, 6}, "England": {"Win", 1907, 5}, "France": {"Win", 1907, 4}, "Germany": {"Win", 1907, 5},
	"Italy": {"Win", 1907, 4}, "Russia": {"Win", 1907, 5}, "Turkey": {"Win", 1907, 5},
}

// FinishHeat records every unfinished board of a heat in LibreOffice: the
// boards in solo are French solos, the rest seven-way draws.
func FinishHeat(t *testing.T, path string, heat int, solo ...int) {
	t.Helper()
	boards := map[int]map[string][3]any{}
	for _, b := range solo {
		boards[b] = SoloBoard
	}
	FinishBoards(t, path, heat, boards)
}

// FinishBoards records every unfinished board of a heat in LibreOffice:
// the boards in boards with those results (result, year, centres by
// power), the rest seven-way draws.
func FinishBoards(t *testing.T, path string, heat int, boards map[int]map[string][3]any) {
	t.Helper()
	sheet := fmt.Sprintf("Heat %d", heat)
	var edits []Edit
	for _, s := range HeatSeats(t, path, heat) {
		if s.Status == "Finished" {
			continue
		}
		res := DrawBoard[s.Power]
		if b, ok := boards[s.Board]; ok {
			res = b[s.Power]
		}
		edits = append(edits, Edit{"op": "set_rows", "sheet": sheet, "cell": fmt.Sprintf("B%d", s.Row), "rows": [][]any{{"Finished"}}},
			Edit{"op": "set_rows", "sheet": sheet, "cell": fmt.Sprintf("F%d", s.Row), "rows": [][]any{res[:]}})
	}
	LoEdits(t, path, edits)
}

// RunOK runs dtm and fails the test unless it exits 0; it returns stdout.
func RunOK(t *testing.T, args ...string) string {
	t.Helper()
	code, out, errOut := Dtm(t, args...)
	if code != 0 {
		t.Fatalf("dtm %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	return out
}

// Transcript records dtm commands and their outputs, the test's directory
// left out, for a golden file.
type Transcript struct {
	Dir string
	strings.Builder
}

// Refused runs dtm, fails the test unless it exits 1 and names want, and
// records the command, its exit status and what it printed.
func (tr *Transcript) Refused(t *testing.T, want string, args ...string) {
	t.Helper()
	code, out, errOut := Dtm(t, args...)
	if code != 1 || !strings.Contains(out+errOut, want) {
		t.Errorf("dtm %s: exit %d, want 1 and %q:\n%s%s", strings.Join(args, " "), code, want, out, errOut)
	}
	fmt.Fprintf(tr, "$ dtm %s\n%s%s[exit %d]\n\n", tr.clean(strings.Join(args, " ")), tr.clean(out), tr.clean(errOut), code)
}

// backupTime matches the times in backups' names and in what dtm undo says
// of them, which change from run to run.
var backupTime = regexp.MustCompile(`\d{4}-\d\d-\d\d \d{6}\.\d{3}|kept \d{4}-\d\d-\d\d \d\d:\d\d:\d\d`)

// digest matches a SHA-256 digest in hex, as dtm verify's certificate
// prints it: the Tournament sheet's Random seed, which dtm new draws, is
// one of the inputs, so the digests change from run to run.
var digest = regexp.MustCompile(`\b[0-9a-f]{64}\b`)

// clean leaves the test's directory, the backups' times and the digests out
// of what dtm printed.
func (tr *Transcript) clean(s string) string {
	s = backupTime.ReplaceAllLiteralString(strings.ReplaceAll(s, tr.Dir+string(filepath.Separator), ""), "TIME")
	return digest.ReplaceAllLiteralString(s, "SHA256")
}

// Step runs dtm (RunOK) and records the command and its output.
func (tr *Transcript) Step(t *testing.T, args ...string) string {
	t.Helper()
	out := RunOK(t, args...)
	fmt.Fprintf(tr, "$ dtm %s\n%s\n", tr.clean(strings.Join(args, " ")), tr.clean(out))
	return out
}

// StepStatus runs Step, then dtm status on book, as a director checks
// where the tournament stands after each command.
func (tr *Transcript) StepStatus(t *testing.T, book string, args ...string) string {
	t.Helper()
	out := tr.Step(t, args...)
	tr.Step(t, "status", book)
	return out
}

// Status records dtm status's text and --json in a transcript, and checks
// that dtm WORKBOOK.xlsx alone prints the same text and that the workbook
// is untouched.
func (tr *Transcript) Status(t *testing.T, path string) {
	t.Helper()
	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := tr.Step(t, "status", path)
	if alone := RunOK(t, path); alone != text {
		t.Errorf("dtm WORKBOOK.xlsx alone:\n%s\ndtm status:\n%s", alone, text)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(tr.Step(t, "status", "--json", path)), &rep); err != nil {
		t.Fatal(err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("dtm status changed the workbook")
	}
}

// FiveDrawBoard is a five-way draw in 1908, Austria out in 1905 and Russia
// in 1906: under DipCon XXXIV the survivors score 33 - 8 = 25, Austria
// 5 - 11 = -6 and Russia 6 - 11 = -5.
var FiveDrawBoard = map[string][3]any{
	"Austria": {"Loss", 1905, 0}, "England": {"Win", 1908, 7}, "France": {"Win", 1908, 8}, "Germany": {"Win", 1908, 6},
	"Italy": {"Win", 1908, 6}, "Russia": {"Loss", 1906, 0}, "Turkey": {"Win", 1908, 7},
}

// PlayerCell returns the cell of a player's column on the Players sheet.
func PlayerCell(t *testing.T, book string, header []string, name, column string) string {
	t.Helper()
	col := slices.Index(header, column)
	for i, r := range SheetRows(t, book, "Players") {
		if len(r) > 1 && r[0]+" "+r[1] == name && col >= 0 {
			return fmt.Sprintf("%c%d", 'A'+col, i+1)
		}
	}
	t.Fatalf("no %s cell for %q", column, name)
	return ""
}

// Ranked returns the players in the order of dtm score's standings.
func Ranked(t *testing.T, book string) []string {
	t.Helper()
	var r struct{ Players []struct{ Name string } }
	if err := json.Unmarshal([]byte(RunOK(t, "score", "--dry-run", "--json", book)), &r); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range r.Players {
		names = append(names, p.Name)
	}
	return names
}

// SitsOut returns the players a dtm seed run says sit out, in its order.
func SitsOut(out string, heat int) []string {
	var names []string
	for _, line := range strings.Split(out, "\n") {
		if name, ok := strings.CutSuffix(line, fmt.Sprintf(" sits out heat %d (marked Sitting out on the Players sheet)", heat)); ok {
			names = append(names, name)
		}
	}
	return names
}
