package seed

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
)

// guardBook creates a tournament of the first n players of the event test,
// registered for every heat, with the Tournament settings given by label,
// all typed in LibreOffice. It returns the workbook and the Players
// sheet's header.
func guardBook(t *testing.T, n, heats int, settings map[string]any) (string, []string) {
	t.Helper()
	book := filepath.Join(t.TempDir(), "guards.xlsx")
	clitest.RunOK(t, "new", book, "--heats", fmt.Sprint(heats))
	var edits []clitest.Edit
	for i, r := range clitest.SheetRows(t, book, "Tournament") {
		if v, ok := settings[r[0]]; ok {
			edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": "Tournament", "cell": fmt.Sprintf("B%d", i+1), "rows": [][]any{{v}}})
		}
	}
	if len(edits) != len(settings) {
		t.Fatalf("found %d of the %d settings", len(edits), len(settings))
	}
	header := clitest.SheetRows(t, book, "Players")[0]
	column := func(h string) int { return slices.Index(header, h) }
	var rows [][]any
	for _, p := range clitest.EventPlayers[:n] {
		row := make([]any, len(header))
		row[column("First name")], row[column("Last name")], row[column("Country")] = p[0], p[1], "USA"
		for h := 1; h <= heats; h++ {
			row[column(fmt.Sprintf("Heat %d", h))] = "Registered"
		}
		rows = append(rows, row)
	}
	clitest.LoEdits(t, book, append(edits, clitest.Edit{"op": "set_rows", "sheet": "Players", "cell": "A2", "rows": rows}))
	return book, header
}

// TestSeedPoolKeepsLeaders replays issue 23's fourth defect: with the power
// rule "different power every heat", 30 players on four boards (two sit
// out) play two heats in which every board ends in a French solo, so the
// eight soloists lead the standings (112 and a loss each), and the 2nd and
// 3rd are host-club members with Sit-out priority 2, typed in LibreOffice.
//
// Heat 3, dtm seed --pool "top 7" --sit-out auto: the pool is seven of the
// soloists, who have all played France, so a board of seven of them
// cannot keep the rule. dtm refuses, speaking of the pool's one board with
// its 6 seats on the other powers, not of seats "in the heat (one per
// board)". Before, the 2nd and 3rd sat out (the highest priority sits out
// first) and were passed over for the pool, which then took others and
// seated the heat. With Power rule None the pool seats them on board 1 and
// two others sit out.
func TestSeedPoolKeepsLeaders(t *testing.T) {
	t.Parallel()
	book, header := guardBook(t, 30, 3, map[string]any{"Power rule": "Different power every heat"})
	for h := 1; h <= 2; h++ {
		clitest.RunOK(t, "seed", book, "--seed", "7", "--sit-out", "auto")
		clitest.FinishHeat(t, book, h, 1, 2, 3, 4)
	}
	top := clitest.Ranked(t, book)[:7]
	leaders := top[1:3]
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Players", "cell": clitest.PlayerCell(t, book, header, leaders[0], "Sit-out priority"), "rows": [][]any{{2}}},
		{"op": "set_rows", "sheet": "Players", "cell": clitest.PlayerCell(t, book, header, leaders[1], "Sit-out priority"), "rows": [][]any{{2}}},
	})
	before, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := clitest.Dtm(t, "seed", book, "--seed", "7", "--pool", "top 7", "--sit-out", "auto")
	if code != 1 || !strings.Contains(errOut, "seats on the pool's one board:") ||
		strings.Contains(errOut, "in the heat (one per board)") || !strings.Contains(errOut, "seed the heat without --pool") {
		t.Errorf("a pool of seven who have all played France: exit %d, want 1 and a refusal about the pool's one board\n%s%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(book); string(after) != string(before) {
		t.Error("the refused seeding changed the workbook")
	}

	for i, r := range clitest.SheetRows(t, book, "Tournament") {
		if r[0] == "Power rule" {
			clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Tournament", "cell": fmt.Sprintf("B%d", i+1), "rows": [][]any{{"None"}}}})
		}
	}
	out = clitest.RunOK(t, "seed", book, "--seed", "7", "--pool", "top 7", "--sit-out", "auto")
	if sat := clitest.SitsOut(out, 3); len(sat) != 2 || slices.ContainsFunc(sat, func(p string) bool { return slices.Contains(top, p) }) {
		t.Errorf("heat 3: %v sit out; want two players outside the pool (%v)\n%s", sat, top, out)
	}
	if strings.Contains(out, "not playing the heat") {
		t.Errorf("heat 3: a leader was passed over for the pool:\n%s", out)
	}
	var board1 []string
	for _, s := range clitest.HeatSeats(t, book, 3) {
		if s.Board == 1 {
			board1 = append(board1, s.Player)
		}
	}
	slices.Sort(board1)
	if want := slices.Sorted(slices.Values(top)); !slices.Equal(board1, want) {
		t.Errorf("heat 3's board 1 holds %v, want the top seven %v", board1, want)
	}
}

// seatsByPlayer maps each player of a heat sheet to their board and power.
func seatsByPlayer(t *testing.T, book string, heat int) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, s := range clitest.HeatSeats(t, book, heat) {
		out[s.Player] = fmt.Sprintf("board %d, %s", s.Board, s.Power)
	}
	return out
}

// TestSeedCalledHeat replays issue 23's first defect: once a heat's calls
// are out (heat 1: 30 registered, 28 seated and 2 sitting out, a new board
// for 7 late arrivals with --late, two players swapped by hand in
// LibreOffice and the calls refreshed), dtm seed --heat 1 reseeded every
// board without a word. Now it refuses, exit 1, the workbook untouched,
// saying how many of the 35 seats would move. A player then cancels (their
// Heat 1 cell cleared in LibreOffice): --sit-out auto brings a sitter back
// into that seat and moves nobody else (before, it reseeded the heat: 55
// of 56 seats moved in the event); run again, it changes nothing.
// Plain dtm seed then seats heat 2, saying heat 1 is called; --reseed
// reseeds heat 1.
func TestSeedCalledHeat(t *testing.T) {
	t.Parallel()
	book, header := guardBook(t, 37, 2, nil)
	var edits []clitest.Edit
	for _, p := range clitest.EventPlayers[30:37] {
		edits = append(edits, clitest.Edit{"op": "clear", "sheet": "Players", "range": clitest.PlayerCell(t, book, header, p[0]+" "+p[1], "Heat 1")})
	}
	clitest.LoEdits(t, book, edits)
	out := clitest.RunOK(t, "seed", book, "--seed", "7", "--sit-out", "auto")
	sitters := clitest.SitsOut(out, 1)
	if len(sitters) != 2 {
		t.Fatalf("heat 1: want 2 sitting out:\n%s", out)
	}
	edits = nil
	for _, p := range clitest.EventPlayers[30:37] {
		edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": "Players", "cell": clitest.PlayerCell(t, book, header, p[0]+" "+p[1], "Heat 1"), "rows": [][]any{{"Registered"}}})
	}
	clitest.LoEdits(t, book, edits)
	if out := clitest.RunOK(t, "seed", book, "--late", "--seed", "7"); !strings.Contains(out, "new board 5 for late players") {
		t.Fatalf("seed --late: want a new board 5:\n%s", out)
	}
	var a, b clitest.EventSeat
	for _, s := range clitest.HeatSeats(t, book, 1) {
		switch {
		case s.Board == 1 && a.Player == "":
			a = s
		case s.Board == 2 && b.Player == "":
			b = s
		}
	}
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Heat 1", "cell": fmt.Sprintf("E%d", a.Row), "rows": [][]any{{b.Player}}},
		{"op": "set_rows", "sheet": "Heat 1", "cell": fmt.Sprintf("E%d", b.Row), "rows": [][]any{{a.Player}}},
	})
	clitest.RunOK(t, "seed", book, "--refresh", "--heat", "1")

	// A second seed of the called heat: refused, nothing written.
	before, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	seats := seatsByPlayer(t, book, 1)
	code, out, errOut := clitest.Dtm(t, "seed", book, "--heat", "1", "--seed", "8")
	if m := regexp.MustCompile(`reseeding heat 1 would move (\d+) of 35 seats; nothing was written\. Run again with --reseed to do it, or --late`).FindStringSubmatch(errOut); code != 1 || m == nil || m[1] == "0" {
		t.Errorf("dtm seed --heat 1 on the called heat: exit %d, want 1 and how many of the 35 seats would move\n%s%s", code, out, errOut)
	}
	if after, _ := os.ReadFile(book); string(after) != string(before) {
		t.Error("the refused reseed changed the workbook")
	}

	// A cancellation: one sitter comes back to the empty seat, nobody moves.
	gone := a.Player // now on board 2
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "clear", "sheet": "Players", "range": clitest.PlayerCell(t, book, header, gone, "Heat 1")}})
	out = clitest.RunOK(t, "seed", book, "--heat", "1", "--sit-out", "auto", "--seed", "8")
	after := seatsByPlayer(t, book, 1)
	back := ""
	for _, s := range sitters {
		if after[s] != "" {
			back = s
		}
	}
	if back == "" || after[back] != seats[gone] || after[gone] != "" || len(after) != 35 {
		t.Errorf("after %s cancelled: want one of %v in their seat (%s), got %v\n%s", gone, sitters, seats[gone], after, out)
	}
	for p, seat := range seats {
		if p != gone && after[p] != seat {
			t.Errorf("%s moved from %s to %s", p, seat, after[p])
		}
	}
	if !strings.Contains(out, back+" plays heat 1 after all") || !strings.Contains(out, back+" (back from sitting out) takes the seat of "+gone) {
		t.Errorf("the summary should say who came back and whose seat they took:\n%s", out)
	}
	before, _ = os.ReadFile(book)
	if out := clitest.RunOK(t, "seed", book, "--heat", "1", "--sit-out", "auto"); !strings.Contains(out, "nothing to change") {
		t.Errorf("--sit-out auto again: want nothing to change:\n%s", out)
	}
	if after, _ := os.ReadFile(book); string(after) != string(before) {
		t.Error("--sit-out auto with nothing to change wrote the workbook")
	}

	// Plain dtm seed: heat 2, saying heat 1 is called.
	out = clitest.RunOK(t, "seed", book, "--seed", "7", "--sit-out", "auto")
	if !strings.Contains(out, "heat 1 is called") || !strings.Contains(out, "heat 2: 35 players on 5 boards") {
		t.Errorf("plain dtm seed with heat 1 called: want heat 2 seated and a word on heat 1:\n%s", out)
	}
	out = clitest.RunOK(t, "seed", book, "--heat", "1", "--reseed", "--seed", "8")
	if !strings.Contains(out, "heat 1: 35 players on 5 boards") {
		t.Errorf("--reseed: want heat 1 reseeded:\n%s", out)
	}
}
