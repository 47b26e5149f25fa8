package simulated_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director"
	"github.com/armada-dtm/dtm/seeding"
)

// TestFillersEvent walks two events planned with fillers, each heat
// seeded by dtm seed from the workbook, finding the plan again and
// following it, and says so; dtm verify then seats every heat again from
// its record to the same seats. 52 registered with teams and families,
// two absent a heat, whose sit-outs leave 49 to seat in every heat: the
// affine plane with fillers; no team-mates or family meet and at most
// three pairs meet twice (seated heat by heat without the plan, such
// events pay 11 to 14). 84 with families, teams and clubs, everyone in
// every heat of six: the packing for 84 (no algebraic design seats 84);
// nobody meets anyone twice, and no family or team-mates meet.
func TestFillersEvent(t *testing.T) {
	for _, c := range []struct {
		req            director.SimulateRequest
		seated, repeat int
	}{
		{director.SimulateRequest{Players: 52, Rounds: 5, Absent: 2, Families: 2, Teams: 8, Seed: 3, Effort: 0.1}, 49, 30},
		{director.SimulateRequest{Players: 84, Rounds: 6, Families: 3, Teams: 5, Clubs: 4, Seed: 3, Effort: 0.1}, 84, 0},
	} {
		ev := walkEvent(t, &c.req)
		var sum seeding.Breakdown
		for _, h := range ev.Heats {
			if seated := 7 * (h.Boards - h.Kept); seated != c.seated {
				t.Fatalf("heat %d seated %d players; the event is meant to seat %d a heat", h.Heat, seated, c.seated)
			}
			var out bytes.Buffer
			h.WriteText(&out)
			if !h.Planned || !strings.Contains(out.String(), "follows a plan of the whole event") {
				t.Errorf("%d players, heat %d does not follow the plan with fillers, or does not say so:\n%s", c.req.Players, h.Heat, out.String())
			}
			b := h.Explanation.Breakdown
			sum.Repeat += b.Repeat
			sum.Team += b.Team
			sum.Conflict += b.Conflict
			t.Logf("%d players, heat %d: %+v, total %d, bound %d", c.req.Players, h.Heat, b, h.Explanation.Total, h.Bound)
		}
		if sum.Team != 0 || sum.Conflict != 0 || sum.Repeat > c.repeat {
			t.Errorf("%d players, over the event: team-mates %d, family %d, repeats %d; want 0, 0 and at most %d",
				c.req.Players, sum.Team, sum.Conflict, sum.Repeat, c.repeat)
		}
		verifyReplays(t, c.req)
	}
}
