package event

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestWholeEvent runs a 38-player, 4-heat tournament as a director does:
// every edit typed in LibreOffice, every command from the README. Its
// console outputs and export files are golden (testdata/event/); the
// anchors below are worked by hand. The walk, one LibreOffice edit after
// another, is the package's longest test: it runs in a process of its own
// (alone), started before the other tests.
func TestWholeEvent(t *testing.T) {
	if !clitest.Alone(t) {
		return
	}
	dir := t.TempDir()
	book := filepath.Join(dir, "venue.xlsx")
	transcript := &clitest.Transcript{Dir: dir}
	// Every step is followed by dtm status, as a director checks where the
	// tournament stands: after each command, and after each edit (noted).
	status := func() {
		t.Helper()
		transcript.Step(t, "status", book)
	}
	step := func(args ...string) string {
		t.Helper()
		return transcript.StepStatus(t, book, args...)
	}
	edited := func(what string) {
		t.Helper()
		fmt.Fprintf(transcript, "# %s\n", what)
		status()
	}
	refused := func(want string, args ...string) {
		t.Helper()
		transcript.Refused(t, want, args...)
		status()
	}
	// boardStatus are the edits that type a game status on every seat of a
	// board.
	boardStatus := func(heat, board int, status string) []clitest.Edit {
		t.Helper()
		var edits []clitest.Edit
		for _, s := range clitest.HeatSeats(t, book, heat) {
			if s.Board == board {
				edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": fmt.Sprintf("Heat %d", heat), "cell": fmt.Sprintf("B%d", s.Row), "rows": [][]any{{status}}})
			}
		}
		return edits
	}
	step("new", book, "--name", "Venue Open", "--heats", "4")

	// Registration: everyone for every heat. Columns are found by their
	// headers, as dtm finds them.
	header := clitest.SheetRows(t, book, "Players")[0]
	column := func(h string) int { return slices.Index(header, h) }
	var rows [][]any
	for _, p := range clitest.EventPlayers {
		row := make([]any, len(header))
		row[column("First name")], row[column("Last name")], row[column("Country")] = p[0], p[1], "USA"
		for h := 1; h <= 4; h++ {
			row[column(fmt.Sprintf("Heat %d", h))] = "Registered"
		}
		rows = append(rows, row)
	}
	// The board calls go by e-mail: in the same sitting, a mail server and
	// three players' addresses typed.
	registration := []clitest.Edit{{"op": "set_rows", "sheet": "Players", "cell": "A2", "rows": rows}}
	for i, r := range clitest.SheetRows(t, book, "Tournament") {
		if v, ok := map[string]string{"E-mail: SMTP server": "smtp.example.org", "E-mail: sender": "Venue TD <td@example.org>"}[r[0]]; ok {
			registration = append(registration, clitest.Edit{"op": "set_rows", "sheet": "Tournament", "cell": fmt.Sprintf("B%d", i+1), "rows": [][]any{{v}}})
		}
	}
	for i, p := range clitest.EventPlayers[:3] {
		registration = append(registration, clitest.Edit{"op": "set_rows", "sheet": "Players", "cell": fmt.Sprintf("%c%d", 'A'+column("E-mail"), i+2),
			"rows": [][]any{{strings.ToLower(p[0]) + "@example.org"}}})
	}
	clitest.LoEdits(t, book, registration)
	edited("38 players registered for every heat, a mail server and three players' e-mail addresses typed, in LibreOffice")
	step("check", book)

	// Heat 1: 38 players fill five boards; three sit out. The calls by
	// e-mail, a dry run (the messages written into a folder).
	out := step("seed", book, "--seed", "7", "--sit-out", "auto")
	if !strings.Contains(out, "heat 1: 35 players on 5 boards") || len(clitest.SitsOut(out, 1)) != 3 {
		t.Errorf("heat 1: want 35 seated and 3 sitting out:\n%s", out)
	}
	out = step("send", "calls", "--dry-run", "--out", filepath.Join(dir, "messages"), book)
	if !strings.Contains(out, "heat 1 calls: 3 message(s) to send (dry run: nothing sent)") {
		t.Errorf("dtm send calls --dry-run should write the three players' calls:\n%s", out)
	}
	if emls, _ := filepath.Glob(filepath.Join(dir, "messages", "*.eml")); len(emls) != 3 {
		t.Errorf("dtm send calls --dry-run wrote %q, want three .eml files", emls)
	}
	clitest.FinishHeat(t, book, 1, 1)
	edited("heat 1's results typed: board 1 a French solo, the rest draws")
	out = step("score", book)
	seats1 := clitest.HeatSeats(t, book, 1)
	var soloist string
	for _, s := range seats1 {
		if s.Board == 1 && s.Power == "France" {
			soloist = s.Player
		}
	}
	if !regexp.MustCompile(`(?m)^\s+1\s+` + regexp.QuoteMeta(soloist) + `\s+112\s`).MatchString(out) {
		t.Errorf("heat 1: %s's solo (121 - 9 = 112) should lead the standings:\n%s", soloist, out)
	}

	// Heat 2: the director seats a top board by hand (heat 1's board 2) and
	// starts it; plain dtm seed seats the others around it.
	var top []clitest.EventSeat
	for _, s := range seats1 {
		if s.Board == 2 {
			top = append(top, s)
		}
	}
	var topRows [][]any
	for _, s := range top {
		topRows = append(topRows, []any{1, "Started", nil, s.Power, s.Player})
	}
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Heat 2", "cell": "A2", "rows": topRows}})
	edited("heat 2's top board seated by hand and started")
	out = step("seed", book, "--seed", "7", "--sit-out", "auto")
	if !strings.Contains(out, "heat 2: 35 players on 5 boards (1 kept as started)") {
		t.Errorf("plain dtm seed should seat heat 2 around its top board:\n%s", out)
	}
	for _, s := range clitest.HeatSeats(t, book, 2) {
		if s.Board == 1 && !slices.ContainsFunc(top, func(o clitest.EventSeat) bool { return o.Player == s.Player && o.Power == s.Power }) {
			t.Errorf("heat 2's top board changed: %+v", s)
		}
	}
	// Board 2 starts; its Austria leaves in 1903 and a player sitting out
	// heat 2 takes over the seat (the Replaced player column names who left).
	sitters2 := clitest.SitsOut(out, 2)
	if len(sitters2) == 0 {
		t.Fatalf("heat 2: nobody sits out:\n%s", out)
	}
	var repl []clitest.Edit
	var left clitest.EventSeat
	for _, s := range clitest.HeatSeats(t, book, 2) {
		if s.Board != 2 {
			continue
		}
		repl = append(repl, clitest.Edit{"op": "set_rows", "sheet": "Heat 2", "cell": fmt.Sprintf("B%d", s.Row), "rows": [][]any{{"Started"}}})
		if s.Power == "Austria" {
			left = s
			repl = append(repl, clitest.Edit{"op": "set_rows", "sheet": "Heat 2", "cell": fmt.Sprintf("E%d", s.Row), "rows": [][]any{{sitters2[0]}}},
				clitest.Edit{"op": "set_rows", "sheet": "Heat 2", "cell": fmt.Sprintf("I%d", s.Row), "rows": [][]any{{s.Player, 1903}}})
		}
	}
	clitest.LoEdits(t, book, repl)
	edited(fmt.Sprintf("heat 2 board 2 started; %s replaces %s (Austria) in 1903", sitters2[0], left.Player))
	if out := clitest.RunOK(t, "status", book); strings.Contains(out, "stale") {
		t.Errorf("a replacement on a board in play makes the calls, right when printed, stale:\n%s", out)
	}
	clitest.FinishHeat(t, book, 2)
	edited("heat 2's results typed")
	step("score", book)

	// Heat 3 (the replaced player plays it), then a second seed of the
	// called heat, refused until --reseed, then a cancellation: a seated
	// player's registration cleared.
	step("seed", book, "--seed", "7", "--sit-out", "auto")
	if !slices.ContainsFunc(clitest.HeatSeats(t, book, 3), func(s clitest.EventSeat) bool { return s.Player == left.Player }) && !slices.Contains(clitest.SitsOut(transcript.String(), 3), left.Player) {
		t.Errorf("heat 3: %s, replaced in heat 2, is neither seated nor sitting out", left.Player)
	}
	called3 := clitest.HeatSeats(t, book, 3)
	step("seed", book, "--heat", "3", "--seed", "8", "--sit-out", "auto")
	refused("--reseed", "seed", book, "--heat", "3", "--seed", "8")
	if !slices.Equal(called3, clitest.HeatSeats(t, book, 3)) {
		t.Error("a refused second seed of heat 3 moved seats")
	}
	step("seed", book, "--heat", "3", "--seed", "8", "--sit-out", "auto", "--reseed")
	var cancelled clitest.EventSeat
	for _, s := range clitest.HeatSeats(t, book, 3) {
		if s.Board == 5 {
			cancelled = s
		}
	}
	prows := clitest.SheetRows(t, book, "Players")
	cancelRow := slices.IndexFunc(prows, func(r []string) bool { return len(r) > 1 && r[0]+" "+r[1] == cancelled.Player }) + 1
	cell, err := excelize.CoordinatesToCellName(column("Heat 3")+1, cancelRow)
	if err != nil {
		t.Fatal(err)
	}
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "clear", "sheet": "Players", "range": cell}})
	edited(cancelled.Player + " cancels heat 3 (registration cleared)")
	out = step("seed", book, "--heat", "3", "--seed", "7", "--sit-out", "auto")
	if !strings.Contains(out, "plays heat 3 after all") || strings.Contains(out, "sits out heat 3") {
		t.Errorf("after one cancellation, one sitter should come back and nobody new sit out:\n%s", out)
	}
	clitest.FinishHeat(t, book, 3)
	edited("heat 3's results typed")

	// Heat 4: everyone who has not sat out yet is due to.
	// Heat 4: the top seven play a pool on board 1; the 2nd and 3rd are of
	// the host club, whom the director would rather bench first (Sit-out
	// priority 2), but the pool's players never sit out.
	top7 := clitest.Ranked(t, book)[:7]
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Players", "cell": clitest.PlayerCell(t, book, header, top7[1], "Sit-out priority"), "rows": [][]any{{2}}},
		{"op": "set_rows", "sheet": "Players", "cell": clitest.PlayerCell(t, book, header, top7[2], "Sit-out priority"), "rows": [][]any{{2}}},
	})
	edited(fmt.Sprintf("%s and %s (2nd and 3rd) get Sit-out priority 2", top7[1], top7[2]))
	out = step("seed", book, "--seed", "7", "--pool", "top 7", "--sit-out", "auto")
	for _, s := range clitest.HeatSeats(t, book, 4) {
		if s.Board == 1 && !slices.Contains(top7, s.Player) {
			t.Errorf("heat 4: %s is on the pool's board 1 but not in the top seven %v", s.Player, top7)
		}
	}
	if sat := clitest.SitsOut(out, 4); slices.ContainsFunc(sat, func(p string) bool { return slices.Contains(top7, p) }) {
		t.Errorf("heat 4: %v sit out, among them a pool player (%v)", sat, top7)
	}
	// A player on board 2 withdraws before heat 4 starts; one who was to sit
	// out offers to play (registered again), and takes the seat. A second
	// withdraw changes nothing.
	sitters4 := clitest.SitsOut(out, 4)
	if len(sitters4) == 0 {
		t.Fatalf("heat 4: nobody sits out:\n%s", out)
	}
	prows = clitest.SheetRows(t, book, "Players")
	offerRow := slices.IndexFunc(prows, func(r []string) bool { return len(r) > 1 && r[0]+" "+r[1] == sitters4[0] }) + 1
	offer, err := excelize.CoordinatesToCellName(column("Heat 4")+1, offerRow)
	if err != nil {
		t.Fatal(err)
	}
	// In the same sitting the director turns on two-party confirmation of
	// the results players report (used below).
	row := slices.IndexFunc(clitest.SheetRows(t, book, workbook.SheetTournament), func(r []string) bool {
		return len(r) > 0 && r[0] == workbook.SetConfirmation
	})
	if row < 0 {
		t.Fatalf("the Tournament sheet has no %s row", workbook.SetConfirmation)
	}
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Players", "cell": offer, "rows": [][]any{{"Registered"}}},
		{"op": "set", "sheet": workbook.SheetTournament, "cell": fmt.Sprintf("B%d", row+1), "value": "Yes"},
	})
	edited(sitters4[0] + " offers to play heat 4 after all (Registered); two-party confirmation turned on")
	var gone clitest.EventSeat
	for _, s := range clitest.HeatSeats(t, book, 4) {
		if s.Board == 2 && s.Power == "England" {
			gone = s
		}
	}
	out = step("withdraw", book, gone.Player)
	step("withdraw", book, gone.Player)
	if slices.ContainsFunc(clitest.HeatSeats(t, book, 4), func(s clitest.EventSeat) bool { return s.Player == gone.Player }) {
		t.Errorf("%s withdrew but is still seated in heat 4:\n%s", gone.Player, out)
	}
	// Heat 4 board 1's result reported by its players, with two-party
	// confirmation on: one report leaves the board awaiting, a second
	// player's agreeing report confirms and writes it (the draw finishHeat
	// would type); dtm status lists the boards by state after each.
	var reporters []string
	for _, s := range clitest.HeatSeats(t, book, 4) {
		if s.Board == 1 {
			reporters = append(reporters, s.Player)
		}
	}
	report := func(file, by string) string {
		line := []string{by, workbook.BoardCode(4, 1), "draw", "1907"}
		for _, power := range []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"} {
			line = append(line, fmt.Sprint(clitest.DrawBoard[power][2]))
		}
		csv := filepath.Join(dir, file)
		if err := os.WriteFile(csv, []byte("Submitted by,Code,Result,Final year,aus,eng,fra,ger,ita,rus,tur\n"+strings.Join(line, ",")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return csv
	}
	if out := step("import", report("first report.csv", reporters[0]), book); !strings.Contains(strings.ToLower(out), "awaiting") {
		t.Errorf("one player's report should leave heat 4 board 1 awaiting a second:\n%s", out)
	}
	if out := step("import", report("second report.csv", reporters[1]), book); !strings.Contains(strings.ToLower(out), "confirmed") {
		t.Errorf("a second player's agreeing report should confirm heat 4 board 1:\n%s", out)
	}
	if got := clitest.HeatSeats(t, book, 4); !slices.ContainsFunc(got, func(s clitest.EventSeat) bool { return s.Board == 1 && s.Status == "Finished" }) {
		t.Error("the confirmed board 1 of heat 4 is not Finished on the heat sheet")
	}
	clitest.FinishHeat(t, book, 4)
	edited("heat 4's other results typed")
	out = step("score", book)

	// Fair sit-outs: 3 a heat for four heats, nobody twice.
	for _, r := range clitest.SheetRows(t, book, "Players")[1:] {
		n := 0
		for _, c := range r {
			if c == "Sitting out" {
				n++
			}
		}
		if n > 1 {
			t.Errorf("%s %s sat out %d heats while others sat out none", r[0], r[1], n)
		}
	}

	// Hand-worked: the soloist played four heats (112 + 4 + 4 + 4 = 124 if
	// seated every heat, or 112 + 4 + 4 with the unplayed 0 when sitting
	// out once).
	re := regexp.MustCompile(`(?m)^\s+\d+\s+` + regexp.QuoteMeta(soloist) + `(\s+\S+){4}\s+(\d+)\s*$`)
	if m := re.FindStringSubmatch(out); m == nil || (m[2] != "124" && m[2] != "120") {
		t.Errorf("the soloist's total should be 124 (or 120 after a sit-out):\n%s", out)
	}

	// Heat 4's board 1 is set back to Started by mistake: the standings are
	// provisional and the WDD files wait, until it is Finished again.
	clitest.LoEdits(t, book, boardStatus(4, 1, "Started"))
	fmt.Fprintf(transcript, "# %s\n", "heat 4 board 1 set back to Started")
	if out := transcript.Step(t, "status", book); !strings.Contains(out, "results of heat 4: final 2-5; awaiting 1") {
		t.Errorf("a confirmed board set back to Started should await the director again:\n%s", out)
	}
	step("check", book)
	out = step("score", book)
	if !strings.Contains(out, "provisional") {
		t.Errorf("score with a board in play should say the standings are provisional:\n%s", out)
	}
	refused("--provisional", "export", "--wdd", "--out", filepath.Join(dir, "results"), book)
	// Its 1902 centres typed as the table hands them in: dtm score counts the
	// board as it stands, a draw of all seven in 1902 under DipCon XXXIV,
	// marked provisional (the diff too); dtm status after. Then cleared.
	chartCol := slices.Index(clitest.SheetRows(t, book, "Heat 4")[0], "1902")
	var chart1902, clear1902 []clitest.Edit
	for _, s := range clitest.HeatSeats(t, book, 4) {
		if s.Board != 1 {
			continue
		}
		cell, err := excelize.CoordinatesToCellName(chartCol+1, s.Row)
		if err != nil {
			t.Fatal(err)
		}
		centres := map[string]int{"Austria": 4, "England": 5, "France": 5, "Germany": 4, "Italy": 5, "Russia": 6, "Turkey": 5}[s.Power]
		chart1902 = append(chart1902, clitest.Edit{"op": "set_rows", "sheet": "Heat 4", "cell": cell, "rows": [][]any{{centres}}})
		clear1902 = append(clear1902, clitest.Edit{"op": "clear", "sheet": "Heat 4", "range": cell})
	}
	clitest.LoEdits(t, book, chart1902)
	edited("heat 4 board 1's 1902 centres typed while it is in play")
	// Hand-worked: a seven-way draw in 1902 scores 11 - 2 = 9 each.
	if out := step("score", "--diff", book); !strings.Contains(out, "heat 4 board 1 scored from its 1902 centres") || !strings.Contains(out, " 9~ ") || !strings.Contains(out, "(provisional)") {
		t.Errorf("score should count heat 4 board 1 as it stands in 1902, provisionally:\n%s", out)
	}
	// In one sitting: the centres cleared and the board Finished again.
	clitest.LoEdits(t, book, append(clear1902, boardStatus(4, 1, "Finished")...))
	edited("heat 4 board 1's 1902 centres cleared and the board Finished again")
	step("score", book)

	// A name typed wrong on every sheet, renamed at once, then the rename
	// undone; a second undo asks for --again.
	step("rename", book, soloist, "Renamed Soloist")
	if !slices.ContainsFunc(clitest.HeatSeats(t, book, 1), func(s clitest.EventSeat) bool { return s.Player == "Renamed Soloist" }) {
		t.Error("dtm rename left heat 1 with the old name")
	}
	step("undo", book)
	if !slices.ContainsFunc(clitest.HeatSeats(t, book, 1), func(s clitest.EventSeat) bool { return s.Player == soloist }) {
		t.Error("dtm undo did not bring the old name back")
	}
	refused("--again", "undo", book)

	// The workbook is final. Side by side, as they read it and no more:
	// the results sent, and LibreOffice's printed Standings.
	t.Run("results", func(t *testing.T) {
		t.Parallel()
		step := func(args ...string) string {
			t.Helper()
			return transcript.StepStatus(t, book, args...)
		}
		// Send the results; rank the event beside the bundled sample.
		step("export", "--csv", "--wdd", "--out", filepath.Join(dir, "results"), book)
		for _, name := range []string{"Venue Open.csv", "Venue Open WDD classification.csv", "Venue Open WDD boards.csv"} {
			data, err := os.ReadFile(filepath.Join(dir, "results", name))
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, "testdata/event/"+name, string(data))
		}
		// Before sending them: the WDD files check out as the federation reads them.
		step("validate", filepath.Join(dir, "results", "Venue Open WDD classification.csv"), filepath.Join(dir, "results", "Venue Open WDD boards.csv"))
		// Everything dtm wrote, and the files, re-derived from what was typed;
		// the heats dtm seed seated again, or why not. The certificate, kept,
		// re-checks.
		out := step("verify", "--files", filepath.Join(dir, "results"), book)
		cert := filepath.Join(dir, "venue.cert")
		if err := os.WriteFile(cert, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
		if out := step("verify", "--certificate", cert, book); !strings.Contains(out, "the certificate holds") {
			t.Errorf("the certificate of a clean verify does not hold:\n%s", out)
		}
		step("series", book, clitest.SamplePath)
		golden.Check(t, "testdata/event/transcript.txt", transcript.String())
	})
	// What LibreOffice shows on the printed Standings is what dtm wrote.
	t.Run("LibreOffice's Standings", func(t *testing.T) {
		t.Parallel()
		lo := lotest.CSV(t, book, "Standings")
		if len(lo) < 2 || !strings.Contains(strings.Join(lo[1], ","), soloist) {
			t.Errorf("LibreOffice's Standings does not start with %s: %v", soloist, lo[:min(2, len(lo))])
		}
	})
}
