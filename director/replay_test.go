package director

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/version"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// seatAt is a seat of heat n's sheet: its Player cell ("'Heat 2'!E3"),
// the cell alone ("Heat 2!E3", for editCells) and the player's name.
type seatAt struct{ cell, edit, name string }

// seatOn finds the k-th seat of heat n's board (0: any board) whose player
// satisfies ok.
func seatOn(t *testing.T, path string, n, board, k int, ok func(player int) bool) seatAt {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	heat := &b.Tournament.Heats[n-1]
	for _, g := range heat.Games {
		if board != 0 && g.Board != board {
			continue
		}
		for _, s := range g.Seats {
			if !ok(s.Player) {
				continue
			}
			if k--; k < 0 {
				cell := heat.PlayerCell(s.Row)
				return seatAt{fmt.Sprintf("'%s'!%s", workbook.HeatSheet(n), cell), workbook.HeatSheet(n) + "!" + cell, b.Tournament.Players[s.Player].Name}
			}
		}
	}
	t.Fatalf("heat %d board %d has no such seat", n, board)
	return seatAt{}
}

// swapSeats swaps two seats' players on the heat sheet, by hand.
func swapSeats(t *testing.T, path string, a, b seatAt) {
	t.Helper()
	editCells(t, path, map[string]any{a.edit: b.name, b.edit: a.name})
}

// editRecord changes heat n's seeding record as a hand in the document
// properties would.
func editRecord(t *testing.T, path string, n int, edit func(r *workbook.SeedingRecord)) {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	r, ok, err := b.SeedingRecord(n)
	if err != nil || !ok {
		t.Fatalf("heat %d's record: %v %v", n, ok, err)
	}
	edit(&r)
	if err := b.SetSeedingRecord(r); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(workbook.Options{}); err != nil {
		t.Fatal(err)
	}
}

// replayCase is an edit of a seeded workbook and what dtm verify then
// says: failed or not, and lines it prints.
type replayCase struct {
	name   string
	edit   func(t *testing.T, path string)
	failed bool
	want   func(path string) []string
}

// swappedCase swaps the first players of boards 1 and 2 of heat n who
// satisfy ok, by hand: each is reported at their Player cell.
func swappedCase(t *testing.T, name string, n int, ok func(player int) bool) replayCase {
	seats := func(path string) (seatAt, seatAt) { return seatOn(t, path, n, 1, 0, ok), seatOn(t, path, n, 2, 0, ok) }
	return replayCase{name: name, failed: true,
		edit: func(t *testing.T, path string) {
			swapSeats(t, path, seatOn(t, path, n, 1, 0, ok), seatOn(t, path, n, 2, 0, ok))
		},
		want: func(path string) []string {
			a, b := seats(path)
			return []string{a.cell + ": " + b.name + " is on board 1 as ", b.cell + ": " + a.name + " is on board 2 as "}
		}}
}

// recordCase edits heat n's seeding record: each player of want is then
// reported at their Player cell, with want's words after their name.
func recordCase(t *testing.T, name string, n int, edit func(r *workbook.SeedingRecord), want map[int]string) replayCase {
	return replayCase{name: name, failed: true,
		edit: func(t *testing.T, path string) { editRecord(t, path, n, edit) },
		want: func(path string) []string {
			var out []string
			for player, words := range want {
				at := seatOn(t, path, n, 0, 0, func(p int) bool { return p == player })
				out = append(out, at.cell+": "+at.name+" "+words)
			}
			return out
		}}
}

// checkReplays runs each case on a copy of base.
func checkReplays(t *testing.T, base string, cases []replayCase) {
	t.Helper()
	for _, c := range cases {
		path := copyTo(t, base)
		var want []string
		if c.want != nil {
			want = c.want(path)
		}
		if c.edit != nil {
			c.edit(t, path)
		}
		out, failed := verifyText(t, VerifyRequest{Path: path})
		if failed != c.failed {
			t.Errorf("%s: failed %v, want %v:\n%s", c.name, failed, c.failed, out)
		}
		for _, w := range want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: no %q in\n%s", c.name, w, out)
			}
		}
	}
}

// TestVerifyReplaysPool: a heat seeded with --pool "top 7" (heat 1's
// scores make P20 to P14 the pool) is seated again from its record's pool
// and verifies clean; seats swapped across the pool's board, or a pool the
// record names otherwise than the standings choose, are reported at their
// Player cells; a corrected heat 1 result that changes the pool is a note
// (the pool was right on the day); a record from before the pool was
// kept is a note.
func TestVerifyReplaysPool(t *testing.T) {
	t.Parallel()
	base := ruleWorkbook(t, 21, 3, nil)
	seedAndFinishHeat1(t, base)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: base, Heat: 2, Pool: Pool{Size: 7}}); err != nil {
		t.Fatal(err)
	}
	if _, err := Score(ScoreRequest{Path: base}); err != nil {
		t.Fatal(err)
	}
	checkReplays(t, base, []replayCase{
		{name: "as seeded", want: func(string) []string { return []string{"2 heat(s) seated again from dtm seed's record"} }},
		swappedCase(t, "seats swapped across the pool's board", 2, func(int) bool { return true }),
		recordCase(t, "the record's pool edited", 2, func(r *workbook.SeedingRecord) { r.Pool = append(r.Pool[1:], 0) }, map[int]string{
			14: "is not in the pool dtm seed recorded (top 7), but the standings before heat 2 qualify them: the pool is P20 Player, ",
			0:  "is in the pool dtm seed recorded (top 7), but the standings before heat 2 do not qualify them"}),
		{name: "a heat 1 result corrected since",
			edit: func(t *testing.T, path string) {
				for _, g := range heatGames(t, path, 1) {
					for _, s := range g.Seats {
						if s.Player == 0 { // P00 leads: the pool would take them
							editCells(t, path, map[string]any{workbook.HeatSheet(1) + "!" + fixture.Cell(12, s.Row): 500})
						}
					}
				}
				if _, err := Score(ScoreRequest{Path: path}); err != nil {
					t.Fatal(err)
				}
			},
			want: func(string) []string {
				return []string{"note: heat 2: the standings before the heat, or who declines a pool seat, changed since dtm seed chose the pool (top 7)",
					"2 heat(s) seated again from dtm seed's record"}
			}},
		{name: "a record from before the pool was kept",
			edit: func(t *testing.T, path string) {
				editRecord(t, path, 2, func(r *workbook.SeedingRecord) { r.Pool, r.PoolBy, r.Standings = nil, "", "" })
			},
			want: func(string) []string {
				return []string{"note: heat 2: seeded with --pool by a dtm that did not record the pool: not replayed"}
			}},
	})
}

// TestVerifyReplaysTwoBoards: a heat seeded with --two-boards auto (15
// players, 6 of them on two boards) is seated again from its record and
// verifies clean; two seats swapped between boards, or doublers the record
// names otherwise than the workbook chooses, are reported at their cells;
// a record from before the doublers were kept is a note, and dtm status
// shows both records (text and JSON). A heat where
// --two-boards auto benched a standby instead verifies clean too.
func TestVerifyReplaysTwoBoards(t *testing.T) {
	t.Parallel()
	base := twoBoardsWorkbook(t, 15, 2, 0, 1, 2, 3, 4, 5, 6, 7)
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: base, Heat: 1, TwoBoardsAuto: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := Score(ScoreRequest{Path: base}); err != nil {
		t.Fatal(err)
	}
	checkReplays(t, base, []replayCase{
		{name: "as seeded", want: func(string) []string { return []string{"1 heat(s) seated again from dtm seed's record"} }},
		swappedCase(t, "seats swapped between boards", 1, func(p int) bool { return p >= 6 }), // P00 to P05 play two boards
		recordCase(t, "the record's doublers edited", 1, func(r *workbook.SeedingRecord) { r.Doublers = []int{0, 1, 2, 3, 4, 7} }, map[int]string{
			5: "is chosen to play two boards in heat 1, but dtm seed's record does not have them",
			7: "plays two boards in heat 1 by dtm seed's record, but the workbook chooses others"}),
		{name: "a record from before the doublers were kept",
			edit: func(t *testing.T, path string) {
				editRecord(t, path, 1, func(r *workbook.SeedingRecord) { r.Doublers = nil })
			},
			want: func(string) []string {
				return []string{"note: heat 1: seeded with --two-boards auto by a dtm that did not record who plays two boards: not replayed"}
			}},
	})

	// dtm status shows each record, and whether dtm verify can replay it.
	old := copyTo(t, base)
	editRecord(t, old, 1, func(r *workbook.SeedingRecord) { r.Doublers = nil })
	for _, c := range []struct {
		path, line string
		seeding    files.SeedingReport
	}{
		{base, "seating of heat 1: heat seed 2, dtm " + version.String() + ", mode two boards; dtm verify can seat it again\n",
			files.SeedingReport{Recorded: true, Seed: 2, DTM: version.String(), Mode: "two boards", Replayable: true}},
		{old, "seating of heat 1: heat seed 2, dtm " + version.String() + ", mode two boards; seeded with --two-boards auto by a dtm that did not record who plays two boards: not replayed\n",
			files.SeedingReport{Recorded: true, Seed: 2, DTM: version.String(), Mode: "two boards",
				WhyNot: "seeded with --two-boards auto by a dtm that did not record who plays two boards: not replayed"}},
	} {
		st, err := Status(StatusRequest{Path: c.path})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		st.WriteText(&out)
		if !strings.Contains(out.String(), c.line) || strings.Contains(out.String(), "seating of heat 2") {
			t.Errorf("dtm status: no %q (and none for heat 2, not seeded) in\n%s", c.line, out.String())
		}
		rep := st.Report()
		if got := rep.Heats[0].Seeding; got == nil || *got != c.seeding || rep.Heats[1].Seeding != nil {
			t.Errorf("dtm status --json: heat 1's seeding %+v, want %+v; heat 2's %+v, want null", got, c.seeding, rep.Heats[1].Seeding)
		}
	}

	benched := twoBoardsWorkbook(t, 15, 1, 0, 1, 2, 3, 4, 5)
	f, err := excelize.OpenFile(benched)
	if err != nil {
		t.Fatal(err)
	}
	fixture.Set(t, f, workbook.SheetPlayers, fmt.Sprint(fixture.PlayersColumn(t, f, workbook.HeaderStandby), 16), "Yes")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if _, err := Seed(context.Background(), SeedRequest{Time: uncapped, Path: benched, TwoBoardsAuto: true}); err != nil {
		t.Fatal(err)
	}
	if _, err := Score(ScoreRequest{Path: benched}); err != nil {
		t.Fatal(err)
	}
	checkReplays(t, benched, []replayCase{
		{name: "a standby benched", want: func(string) []string { return []string{"1 heat(s) seated again from dtm seed's record"} }},
	})
}
