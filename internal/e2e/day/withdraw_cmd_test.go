package day

import (
	"bytes"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/workbook"
)

// TestWithdraw replays withdrawals on the day. Sixteen players, two of
// them standbys, three heats: heat 1 seats fourteen and the standbys sit
// out; board 1 starts (typed in LibreOffice). A player of board 2 (not
// started) withdraws: their registrations go, a standby takes their seat
// and nobody else moves; run again, nothing changes. A player of board 1
// (in play) withdraws: heat 1 is not touched, and says so; heats 2 and 3
// are cleared. In heat 2 (fourteen players, nobody spare) a withdrawal
// leaves a seat nobody can take: dtm says what to do, and once the
// director adds a late player in LibreOffice, running it again gives them
// the seat. A misspelt name gets a did-you-mean and changes nothing.
func TestWithdraw(t *testing.T) {
	t.Parallel()
	players := fixture.Numbered(16)
	for _, i := range []int{14, 15} {
		players[i].Columns = map[string]any{workbook.HeaderStandby: "Yes"}
	}
	book := fixture.Build(t, fixture.Tournament{Players: players, Heats: 3})
	clitest.RunOK(t, "seed", "--seed", "3", "--sit-out", "auto", book)
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Heat 1", "cell": "B2", "rows": [][]any{{"Started"}, {"Started"}, {"Started"}, {"Started"}, {"Started"}, {"Started"}, {"Started"}}}})
	before := clitest.HeatSeats(t, book, 1)
	leaver, inPlay := before[7], before[0] // board 2's first seat; board 1's
	if leaver.Board != 2 || inPlay.Board != 1 {
		t.Fatalf("heat 1's seats: %+v", before)
	}
	registration := func(name string) []string {
		rows := clitest.SheetRows(t, book, "Players")
		for _, r := range rows[1:] {
			if len(r) > 1 && r[0]+" "+r[1] == name {
				var regs []string
				for h := 1; h <= 3; h++ {
					c := slices.Index(rows[0], fmt.Sprintf("Heat %d", h))
					if c < len(r) {
						regs = append(regs, r[c])
					} else {
						regs = append(regs, "")
					}
				}
				return regs
			}
		}
		t.Fatalf("no player %q", name)
		return nil
	}

	out := clitest.RunOK(t, "withdraw", book, leaver.Player)
	m := strings.Contains(out, leaver.Player+" withdraws: registration cleared on the Players sheet for heat 1 (was Registered), heat 2 (was Registered), heat 3 (was Registered)")
	if !m || !strings.Contains(out, "(standby, registered again for the heat) takes the seat of "+leaver.Player+" (board 2, "+leaver.Power+"), nobody else moving") {
		t.Errorf("withdraw from board 2:\n%s", out)
	}
	if regs := registration(leaver.Player); !slices.Equal(regs, []string{"", "", ""}) {
		t.Errorf("%s's registrations after withdrawing: %q", leaver.Player, regs)
	}
	after := clitest.HeatSeats(t, book, 1)
	if len(after) != len(before) {
		t.Fatalf("heat 1 has %d seats after the withdrawal, %d before", len(after), len(before))
	}
	for i, s := range after {
		switch {
		case i == 7 && (s.Player != "P14 Player" && s.Player != "P15 Player" || s.Power != leaver.Power):
			t.Errorf("the leaver's seat: %+v, want a standby as %s", s, leaver.Power)
		case i != 7 && s != before[i]:
			t.Errorf("seat moved: %+v, was %+v", s, before[i])
		}
	}
	standby := after[7].Player
	if regs := registration(standby); regs[0] != "Registered" {
		t.Errorf("the standby who took the seat is %q for heat 1, want Registered", regs[0])
	}
	if calls := clitest.SheetRows(t, book, "Heat 1 calls"); !slices.ContainsFunc(calls, func(r []string) bool { return slices.Contains(r, standby) }) ||
		slices.ContainsFunc(calls, func(r []string) bool { return slices.Contains(r, leaver.Player) }) {
		t.Errorf("Heat 1 calls does not seat %s in place of %s", standby, leaver.Player)
	}
	// The desk's results-entry page lists the boards as they now are.
	entry, err := os.ReadFile(strings.TrimSuffix(book, ".xlsx") + "-entry.html")
	if err != nil || !strings.Contains(out, "-entry.html: the results-entry page") ||
		!strings.Contains(string(entry), standby) || strings.Contains(string(entry), leaver.Player) {
		t.Errorf("the entry page does not seat %s in place of %s (%v):\n%s", standby, leaver.Player, err, out)
	}
	code, out, errOut := clitest.Dtm(t, "check", book)
	if code != 0 || strings.Contains(out, "warning") {
		t.Errorf("check after the withdrawal: exit %d\n%s%s", code, out, errOut)
	}

	// Again: nothing changes.
	data, _ := os.ReadFile(book)
	out = clitest.RunOK(t, "withdraw", book, leaver.Player)
	if !strings.Contains(out, "nothing changed: "+leaver.Player+" has no registration from heat 1 on and no seat on a board that has not started") {
		t.Errorf("withdraw again:\n%s", out)
	}
	if again, _ := os.ReadFile(book); !bytes.Equal(again, data) {
		t.Error("withdrawing again changed the workbook")
	}

	// A player in play on board 1: heat 1 stays, heats 2 and 3 go.
	out = clitest.RunOK(t, "withdraw", book, inPlay.Player)
	if !strings.Contains(out, "heat 1: "+inPlay.Player+" is on board 1, which is Started: not touched") ||
		!strings.Contains(out, "registration cleared on the Players sheet for heat 2 (was Registered), heat 3 (was Registered)\n") {
		t.Errorf("withdraw from board 1 (Started):\n%s", out)
	}
	if regs := registration(inPlay.Player); !slices.Equal(regs, []string{"Registered", "", ""}) {
		t.Errorf("%s's registrations: %q, want heat 1's kept", inPlay.Player, regs)
	}
	if out := clitest.RunOK(t, "withdraw", "--from-heat", "1", book, inPlay.Player); !strings.Contains(out, "not touched") || !strings.Contains(out, "nothing changed") {
		t.Errorf("withdraw --from-heat 1 of a player in play:\n%s", out)
	}

	// A misspelt name.
	data, _ = os.ReadFile(book)
	if code, out, errOut := clitest.Dtm(t, "withdraw", book, "p03 player"); code != 1 || !strings.Contains(errOut, `unknown player "p03 player": did you mean "P03 Player"?`) {
		t.Errorf("a misspelt name: exit %d, want 1 and a did-you-mean\n%s%s", code, out, errOut)
	}
	if code, _, errOut := clitest.Dtm(t, "withdraw", "--from-heat", "4", book, "P03 Player"); code != 2 || !strings.Contains(errOut, "--from-heat must be from 1 to 3") {
		t.Errorf("--from-heat 4 of 3: exit %d, want 2\n%s", code, errOut)
	}
	if again, _ := os.ReadFile(book); !bytes.Equal(again, data) {
		t.Error("a refused withdrawal changed the workbook")
	}

	// Heat 2: fourteen players, nobody spare.
	clitest.RunOK(t, "seed", "--seed", "3", "--heat", "2", book)
	seats2 := clitest.HeatSeats(t, book, 2)
	gone := seats2[0]
	out = clitest.RunOK(t, "withdraw", book, gone.Player)
	if !strings.Contains(out, fmt.Sprintf("heat 2: nobody can take %s's seat on board %d yet", gone.Player, gone.Board)) || !strings.Contains(out, "dtm seed --late") {
		t.Errorf("a withdrawal nobody can fill should say what to do:\n%s", out)
	}
	if code, out, _ := clitest.Dtm(t, "check", book); code != 0 || !strings.Contains(out, "no longer plays heat 2") {
		t.Errorf("check should warn about the seat left:\n%s", out)
	}
	data, _ = os.ReadFile(book)
	if out := clitest.RunOK(t, "withdraw", book, gone.Player); !strings.Contains(out, "nothing changed") || !strings.Contains(out, "nobody can take") {
		t.Errorf("withdraw again, nobody to fill the seat:\n%s", out)
	}
	if again, _ := os.ReadFile(book); !bytes.Equal(again, data) {
		t.Error("withdrawing again changed the workbook")
	}

	// A late player arrives, typed in LibreOffice; withdraw again fills the
	// seat.
	header := clitest.SheetRows(t, book, "Players")[0]
	row := make([]any, len(header))
	row[slices.Index(header, "First name")], row[slices.Index(header, "Last name")] = "Late", "Comer"
	row[slices.Index(header, "Heat 2")] = "Registered"
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Players", "cell": "A18", "rows": [][]any{row}}})
	out = clitest.RunOK(t, "withdraw", book, gone.Player)
	if !strings.Contains(out, fmt.Sprintf("heat 2: Late Comer (late player) takes the seat of %s (board %d, %s)", gone.Player, gone.Board, gone.Power)) {
		t.Errorf("withdraw after a late player arrived:\n%s", out)
	}
	if s := clitest.HeatSeats(t, book, 2)[0]; s.Player != "Late Comer" || s.Power != gone.Power {
		t.Errorf("heat 2's seat: %+v, want Late Comer as %s", s, gone.Power)
	}
}
