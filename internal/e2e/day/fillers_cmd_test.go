package day

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/workbook"
)

// planned is what dtm seed says of a heat that follows the plan of the
// whole event with fillers.
const planned = "follows a plan of the whole event"

// TestPlanWithFillers walks an event planned with fillers as a director
// runs it: 52 players, three of them not registered for each heat (typed
// in LibreOffice), so 49 a heat. dtm seed seats heat 1 from the plan and
// says so; run again, it writes nothing. After two players of boards 1 and
// 2 are exchanged by hand in LibreOffice, dtm status says heat 1's calls
// are stale, seating heat 1 again is refused with what it would move, and
// heat 2 is seeded as usual, without the plan and without saying it
// follows one. dtm status runs after each step.
func TestPlanWithFillers(t *testing.T) {
	t.Parallel()
	book := fixture.Build(t, fixture.Tournament{Players: fixture.Numbered(52), Heats: 5})
	clitest.LoEdits(t, book, absences(t, book))
	tr := &clitest.Transcript{Dir: filepath.Dir(book)}
	if out := tr.StepStatus(t, book, "seed", book); !strings.Contains(out, planned) || !strings.Contains(out, "49 players on 7 boards") {
		t.Fatalf("heat 1 does not follow the plan with fillers, or does not say so:\n%s", out)
	}
	before, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	again := tr.StepStatus(t, book, "seed", "--heat", "1", book)
	after, err := os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(again, "nothing written") || !bytes.Equal(before, after) {
		t.Errorf("dtm seed run again on heat 1 changed the workbook or did not say it left it:\n%s", again)
	}
	seats := clitest.HeatSeats(t, book, 1)
	a, b := seats[0], seats[7]
	if a.Board != 1 || b.Board != 2 {
		t.Fatalf("heat 1's seats: %+v", seats)
	}
	exchange(t, book, a, b)
	if status := tr.Step(t, "status", book); !strings.Contains(status, "stale: 'Heat 1 calls'") {
		t.Errorf("dtm status after the change by hand does not say heat 1's calls are stale:\n%s", status)
	}
	tr.Refused(t, "would move 2 of 49 seats", "seed", "--heat", "1", book)
	if out := tr.StepStatus(t, book, "seed", "--heat", "2", book); strings.Contains(out, planned) {
		t.Errorf("heat 2 says it follows the plan after heat 1 was changed by hand:\n%s", out)
	}
}

// exchange has the director exchange two players of heat 1 in
// LibreOffice: each takes the other's seat (board and power).
func exchange(t *testing.T, book string, a, b clitest.EventSeat) {
	t.Helper()
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Heat 1", "cell": fmt.Sprintf("E%d", a.Row), "rows": [][]any{{b.Player}}},
		{"op": "set_rows", "sheet": "Heat 1", "cell": fmt.Sprintf("E%d", b.Row), "rows": [][]any{{a.Player}}},
	})
}

// absences are the edits of a director typing three absences a heat into
// a 52-player, 5-heat workbook: their Heat cells emptied (players 50-52
// miss heat 1, 1-3 heat 2, 4-6 heat 3 ...), so 49 play each heat.
func absences(t *testing.T, book string) []clitest.Edit {
	t.Helper()
	f := clitest.OpenXLSX(t, book)
	defer f.Close()
	var edits []clitest.Edit
	for h := 1; h <= 5; h++ {
		first := 51
		if h > 1 {
			first = 3*(h-2) + 2
		}
		col := fixture.PlayersColumn(t, f, fmt.Sprintf("Heat %d", h))
		edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": workbook.SheetPlayers, "cell": fmt.Sprintf("%s%d", col, first),
			"rows": [][]any{{""}, {""}, {""}}})
	}
	return edits
}

// TestPlanWithFillersUnderAPowerRule walks the same event to its end under
// the power rule "Different power every heat", typed with the absences in
// LibreOffice. After heat 1 is seated from the plan, the director
// exchanges two players of board 1 (so their powers) and writes the board
// calls again, which leaves the boards the plan's: every heat still follows
// the plan, the later heats' powers planned after the powers as played.
// Each heat is finished in LibreOffice and scored before the next is
// seeded, dtm status runs after each step, and no player plays a power
// twice.
func TestPlanWithFillersUnderAPowerRule(t *testing.T) {
	t.Parallel()
	book := fixture.Build(t, fixture.Tournament{Players: fixture.Numbered(52), Heats: 5})
	edits := absences(t, book)
	for i, r := range clitest.SheetRows(t, book, "Tournament") {
		if len(r) > 0 && r[0] == "Power rule" {
			edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": "Tournament", "cell": fmt.Sprintf("B%d", i+1),
				"rows": [][]any{{"Different power every heat"}}})
		}
	}
	if len(edits) != 6 {
		t.Fatal("no Power rule setting on the Tournament sheet")
	}
	clitest.LoEdits(t, book, edits)
	tr := &clitest.Transcript{Dir: filepath.Dir(book)}
	powers := map[string][]string{}
	for h := 1; h <= 5; h++ {
		out := tr.StepStatus(t, book, "seed", book)
		if !strings.Contains(out, planned) || !strings.Contains(out, fmt.Sprintf("heat %d: 49 players on 7 boards", h)) {
			t.Fatalf("heat %d does not follow the plan with fillers, or does not say so:\n%s", h, out)
		}
		if h == 1 {
			seats := clitest.HeatSeats(t, book, 1)
			a, b := seats[0], seats[1]
			if a.Board != 1 || b.Board != 1 {
				t.Fatalf("heat 1's seats: %+v", seats)
			}
			exchange(t, book, a, b)
			if out := tr.StepStatus(t, book, "seed", "--refresh", "--heat", "1", book); !strings.Contains(out, "Heat 1 calls") {
				t.Errorf("the board calls of heat 1 are not written again after the change by hand:\n%s", out)
			}
		}
		for _, s := range clitest.HeatSeats(t, book, h) {
			if slices.Contains(powers[s.Player], s.Power) {
				t.Errorf("heat %d: %s plays %s again (played %v)", h, s.Player, s.Power, powers[s.Player])
			}
			powers[s.Player] = append(powers[s.Player], s.Power)
		}
		clitest.FinishHeat(t, book, h)
		tr.StepStatus(t, book, "score", book)
	}
	if len(powers) != 52 {
		t.Errorf("%d players played, want 52", len(powers))
	}
}
