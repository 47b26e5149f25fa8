package files

import (
	"testing"

	"github.com/armada-dtm/dtm/workbook"
)

// TestClockSchedule checks the room clock's deadlines, worked by hand from
// the 2003 rules (Spring 20 and Fall 17 minutes to 1905, then 18 and 15)
// and a 60-minute dinner break after Spring 1904 in heat 1 only: a round
// starting at 19:00 has each year to 1905 take 37 minutes.
func TestClockSchedule(t *testing.T) {
	t.Parallel()
	rows := []workbook.ClockRow{
		{Phase: workbook.ClockSpring, FromYear: 1901, Minutes: 20}, {Phase: workbook.ClockSpring, FromYear: 1906, Minutes: 18},
		{Phase: workbook.ClockFall, FromYear: 1901, Minutes: 17}, {Phase: workbook.ClockFall, FromYear: 1906, Minutes: 15},
		{Phase: workbook.ClockOrders, Minutes: 1},
		{Phase: workbook.ClockBreak, FromYear: 1904, Minutes: 60, Heat: 1, Note: "dinner"},
	}
	deadline := func(c *clockPage, name string) string {
		for _, p := range c.Phases {
			if p.Name == name {
				return p.Deadline
			}
		}
		return "none"
	}
	for _, tc := range []struct {
		heat, start int
		want        map[string]string
	}{
		// 19:00 + 20 = 19:20; + 17 = 19:37; Spring 1904: 19:00 + 3 * 37 + 20 = 21:11; the break to 22:11;
		// Fall 1904 22:28; Fall 1905 22:28 + 37 = 23:05; Spring 1906 + 18 = 23:23; Fall 1906 + 15 = 23:38.
		{1, 19 * 60, map[string]string{"Spring 1901": "19:20", "Fall 1901": "19:37", "Spring 1904": "21:11", "Break": "22:11",
			"Fall 1904": "22:28", "Fall 1905": "23:05", "Spring 1906": "23:23", "Fall 1906": "23:38"}},
		// Heat 2 has no break: Fall 1905 is 9:00 + 5 * 37 = 12:05.
		{2, 9 * 60, map[string]string{"Spring 1901": "09:20", "Fall 1904": "11:28", "Break": "none", "Fall 1905": "12:05", "Spring 1906": "12:23"}},
		// Without a start time the deadlines count from the start.
		{3, -1, map[string]string{"Spring 1901": "+20 min", "Fall 1906": "+218 min"}},
	} {
		c := clockOf(rows, tc.heat, tc.start, 1910)
		for name, want := range tc.want {
			if got := deadline(c, name); got != want {
				t.Errorf("heat %d: %s due %s, want %s", tc.heat, name, got, want)
			}
		}
		if last := c.Phases[len(c.Phases)-1].Name; last != "Fall 1910" {
			t.Errorf("heat %d: schedule ends with %s, want Fall 1910", tc.heat, last)
		}
		if c.Data.Orders != 1 || c.Orders != "minute" {
			t.Errorf("heat %d: order writing %v %q", tc.heat, c.Data.Orders, c.Orders)
		}
	}
}
