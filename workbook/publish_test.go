package workbook

import "testing"

// TestParseClockTime reads start times as a director types them, or as a
// spreadsheet stores a time cell (a fraction of a day).
func TestParseClockTime(t *testing.T) {
	for _, c := range []struct {
		in   string
		want int // minutes after midnight; -1 unreadable
	}{
		{"19:00", 19 * 60}, {"09:05", 9*60 + 5}, {"19:00:00", 19 * 60},
		{"7:00 PM", 19 * 60}, {"7 pm", 19 * 60}, {"12:15 am", 15}, {"12 PM", 12 * 60}, {"7:00 p.m.", 19 * 60},
		{"0.791666666666667", 19 * 60}, {"0.375", 9 * 60}, {"0", 0},
		{"25:00", -1}, {"13 pm", -1}, {"9:5", -1}, {"9:75", -1}, {"noon", -1}, {"1.5", -1}, {"9.30", -1}, {"", -1}, // 9.30 is a number of days, not a time
	} {
		got, ok := parseClockTime(c.in)
		if !ok {
			got = -1
		}
		if got != c.want {
			t.Errorf("parseClockTime(%q) = %d, want %d", c.in, got, c.want)
		}
	}
}
