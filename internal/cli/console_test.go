package cli

import (
	"bytes"
	"strings"
	"testing"
)

// TestHoldWindow: a window Windows opened for dtm waits for Enter before it
// closes, and says how to give dtm a workbook when none was.
func TestHoldWindow(t *testing.T) {
	for _, tc := range []struct {
		name       string
		noWorkbook bool
		input      string
		want       []string
		notWant    string
	}{
		{name: "workbook dropped on dtm.exe", input: "\r\n", want: []string{"Press Enter to close this window."}, notWant: "drag its workbook"},
		{name: "dtm.exe double-clicked", noWorkbook: true, input: "\r\n", want: []string{"drag its workbook onto dtm.exe", "Press Enter to close this window."}},
		{name: "window closed without Enter", input: "", want: []string{"Press Enter"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := strings.NewReader(tc.input + "left unread")
			var out bytes.Buffer
			holdWindow(in, &out, tc.noWorkbook)
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("said %q, want %q", out.String(), w)
				}
			}
			if tc.notWant != "" && strings.Contains(out.String(), tc.notWant) {
				t.Errorf("said %q, not wanted here", out.String())
			}
		})
	}
}
