package simulated_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director"
	"github.com/armada-dtm/dtm/seeding"
)

// TestFillersEvent walks an event of 52 registered with teams and
// families, two absent a heat, whose sit-outs leave 49 to seat in every
// heat: dtm seed plans it on the affine plane with fillers from heat 1,
// and each later heat, seeded from the workbook, finds the plan again and
// follows it. Over the event no team-mates or family meet and at most three
// pairs meet twice (seated heat by heat without the plan, such events pay
// 11 to 14), and dtm verify seats every heat again from its record to the
// same seats.
func TestFillersEvent(t *testing.T) {
	req := director.SimulateRequest{Players: 52, Rounds: 5, Absent: 2, Families: 2, Teams: 8, Seed: 3, Effort: 0.1}
	ev := walkEvent(t, &req)
	var sum seeding.Breakdown
	for _, h := range ev.Heats {
		if seated := 7 * (h.Boards - h.Kept); seated != 49 {
			t.Fatalf("heat %d seated %d players; the event is meant to seat 49 a heat", h.Heat, seated)
		}
		var out bytes.Buffer
		h.WriteText(&out)
		if !h.Planned || !strings.Contains(out.String(), "follows a plan of the whole event") {
			t.Errorf("heat %d does not follow the plan with fillers, or does not say so:\n%s", h.Heat, out.String())
		}
		b := h.Explanation.Breakdown
		sum.Repeat += b.Repeat
		sum.Team += b.Team
		sum.Conflict += b.Conflict
		t.Logf("heat %d: %+v, total %d, bound %d", h.Heat, b, h.Explanation.Total, h.Bound)
	}
	if sum.Team != 0 || sum.Conflict != 0 || sum.Repeat > 30 {
		t.Errorf("over the event: team-mates %d, family %d, repeats %d; want 0, 0 and at most 30", sum.Team, sum.Conflict, sum.Repeat)
	}
	verifyReplays(t, req)
}
