package golden

import "testing"

func TestDiff(t *testing.T) {
	for _, tc := range []struct{ want, got, diff string }{
		{"a\nb\n", "a\nc\n", "line 2:\nwant \"b\"\n got \"c\""},
		{"a\n", "a\nb\n", "line 2:\nwant \"\"\n got \"b\""},
		{"a", "a", "(no difference)"},
	} {
		if d := Diff(tc.want, tc.got); d != tc.diff {
			t.Errorf("Diff(%q, %q) = %q, want %q", tc.want, tc.got, d, tc.diff)
		}
	}
}
