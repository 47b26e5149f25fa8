package files

import (
	"strconv"
	"strings"
	"testing"
)

// TestNameFrames: who plays where fills each column with at most
// frameNameRows lines of type, a long name counting each line it wraps
// to, and each frame with frameNameCols columns.
func TestNameFrames(t *testing.T) {
	short := callLine{Shown: "Carter, Chloe"}
	long := callLine{Shown: "Hohenzollern-Sigmaringen, Maximilian Alexander von"} // 4 lines of 18
	for _, tc := range []struct {
		name  string
		names []callLine
		want  string // frames separated by "|", columns by " ", each column its names' count
	}{
		{"none", nil, ""},
		{"one column", repeat(short, 15), "15"},
		{"two columns", repeat(short, 16), "15 1"},
		{"a second frame", repeat(short, 31), "15 15|1"},
		{"long names take their lines", repeat(long, 5), "3 2"},
		{"a long name moves to the next column", append(repeat(short, 13), long), "13 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var frames []string
			for _, f := range nameFrames(tc.names) {
				var cols []string
				for _, c := range f {
					lines := 0
					for _, n := range c {
						lines += nameLines(n.Shown, frameNameWidth)
					}
					if lines > frameNameRows {
						t.Errorf("a column of %d lines", lines)
					}
					cols = append(cols, strconv.Itoa(len(c)))
				}
				frames = append(frames, strings.Join(cols, " "))
			}
			if got := strings.Join(frames, "|"); got != tc.want {
				t.Errorf("nameFrames = %q, want %q", got, tc.want)
			}
		})
	}
}

func repeat(c callLine, n int) []callLine {
	out := make([]callLine, n)
	for i := range out {
		out[i] = c
	}
	return out
}
