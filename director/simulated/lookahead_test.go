package simulated_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director"
)

// TestLookAheadEvent walks an event whose later heats look one heat
// ahead (72 players with teams and families, three absent a heat after the
// first, so that heat 1 seats 70 and the others 63, each seated alone; had
// every heat seated as many, the event would be planned with fillers
// instead: TestFillersEvent): dtm seed says what it
// found, each next heat, seated with the players registered, has a seating
// no dearer than the look ahead foresaw (its own look ahead may then keep a
// dearer one for the heat after it), and dtm verify seats every heat again
// from its record, the look ahead included, to the same seats.
func TestLookAheadEvent(t *testing.T) {
	req := director.SimulateRequest{Players: 72, Rounds: 5, Absent: 3, Families: 2, Teams: 8, Seed: 3, Effort: 0.1}
	ev := walkEvent(t, &req)
	looked := 0
	for k, h := range ev.Heats {
		var out bytes.Buffer
		h.WriteText(&out)
		said := strings.Contains(out.String(), "looked one heat ahead:")
		switch {
		case h.Ahead == nil && said:
			t.Errorf("heat %d did not look ahead, and says it did:\n%s", h.Heat, out.String())
		case h.Ahead == nil:
			continue
		case k == len(ev.Heats)-1:
			t.Errorf("the last heat looked ahead: %+v", *h.Ahead)
			continue
		case !said:
			t.Errorf("dtm seed's report of heat %d does not say what it found ahead:\n%s", h.Heat, out.String())
		}
		looked++
		next := ev.Heats[k+1]
		alone := next.Explanation.Total
		if next.Ahead != nil {
			alone = next.Ahead.Alone
		}
		if alone > h.Ahead.Next {
			t.Errorf("heat %d's best seating costs %d; heat %d's look ahead found %d", next.Heat, alone, h.Heat, h.Ahead.Next)
		}
		t.Logf("heat %d: %+v; heat %d's best seating costs %d\n%s", h.Heat, *h.Ahead, next.Heat, alone, out.String())
	}
	if looked == 0 {
		t.Fatal("no heat looked ahead")
	}
	verifyReplays(t, req)
}

// walkEvent simulates the event of req through a workbook in a temporary
// directory, each heat seeded by dtm seed, and checks that every heat was.
func walkEvent(t *testing.T, req *director.SimulateRequest) *director.SimulatedEvent {
	t.Helper()
	req.Workbook = filepath.Join(t.TempDir(), "event.xlsx")
	ev, err := director.SimulateEvent(context.Background(), *req)
	if err != nil {
		t.Fatal(err)
	}
	if len(ev.Heats) != req.Rounds {
		t.Fatalf("%d heats seated; want %d", len(ev.Heats), req.Rounds)
	}
	return ev
}

// verifyReplays checks that dtm verify seats every heat of the event's
// workbook again from its record, to the same seats.
func verifyReplays(t *testing.T, req director.SimulateRequest) {
	t.Helper()
	verified, err := director.Verify(director.VerifyRequest{Path: req.Workbook})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range verified.Differences {
		t.Errorf("dtm verify: %s", d)
	}
	if verified.Replayed != req.Rounds || len(verified.Notes) > 0 {
		t.Errorf("dtm verify seated %d of %d heats again; notes: %q", verified.Replayed, req.Rounds, verified.Notes)
	}
}
