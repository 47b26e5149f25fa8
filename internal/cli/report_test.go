package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"testing"

	"github.com/armada-dtm/dtm/director"
)

type doneText string

func (d doneText) WriteText(w io.Writer) { fmt.Fprintln(w, string(d)) }

// TestReport: a use case's result is printed when it succeeded and when it
// failed after saving the workbook, never after another failure; the error
// is returned either way.
func TestReport(t *testing.T) {
	t.Parallel()
	saved := &director.SavedError{Path: "b.xlsx", Err: errors.New("the page was not written")}
	other := errors.New("b.xlsx: 2 problem(s)")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{nil, "seated heat 1\n"},
		{saved, "seated heat 1\n"},
		{fmt.Errorf("seed: %w", saved), "seated heat 1\n"},
		{other, ""},
	} {
		var out bytes.Buffer
		if err := report(&out, doneText("seated heat 1"), tc.err); err != tc.err {
			t.Errorf("report(%v) returned %v", tc.err, err)
		}
		if out.String() != tc.want {
			t.Errorf("report(%v) printed %q, want %q", tc.err, out.String(), tc.want)
		}
	}
}
