package cli

import (
	"bytes"
	"slices"
	"testing"
)

// TestFlagsFirst checks how the command line is reordered before urfave/cli
// reads it: flags after the workbook move before it, a flag keeps its
// value, and an argument that merely starts with "-" stays an argument.
func TestFlagsFirst(t *testing.T) {
	t.Parallel()
	a := app(new(bytes.Buffer), new(bytes.Buffer))
	tests := []struct{ in, want []string }{
		{[]string{"dtm", "score", "b.xlsx", "--json"}, []string{"dtm", "score", "--json", "b.xlsx"}},
		{[]string{"dtm", "score", "b.xlsx", "--top", "3", "--dry-run"}, []string{"dtm", "score", "--top", "3", "--dry-run", "b.xlsx"}},
		{[]string{"dtm", "score", "b.xlsx", "--top=3"}, []string{"dtm", "score", "--top=3", "b.xlsx"}},
		{[]string{"dtm", "seed", "b.xlsx", "--seed", "-5"}, []string{"dtm", "seed", "--seed", "-5", "b.xlsx"}},
		{[]string{"dtm", "formula", "-2 * yrs", "yrs=3", "-v"}, []string{"dtm", "formula", "-v", "--", "-2 * yrs", "yrs=3"}},
		{[]string{"dtm", "formula", "121 - yrs", "yrs=-7"}, []string{"dtm", "formula", "121 - yrs", "yrs=-7"}},
		{[]string{"dtm", "formula", "--", "-v"}, []string{"dtm", "formula", "--", "-v"}},
		{[]string{"dtm", "nosuch", "x", "--json"}, []string{"dtm", "nosuch", "x", "--json"}},
		{[]string{"dtm", "withdraw", "b.xlsx", "Ann Smith", "--from-heat", "2"}, []string{"dtm", "withdraw", "--from-heat", "2", "b.xlsx", "Ann Smith"}},
		{[]string{"dtm", "undo", "b.xlsx", "--dry-run"}, []string{"dtm", "undo", "--dry-run", "b.xlsx"}},
	}
	for _, tc := range tests {
		if got := flagsFirst(a, tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("flagsFirst(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestFlagsFirstBoolTakesNoValue checks that a bool flag never takes the
// word after it as its value: the workbook after --late, or the value flag
// after --dry-run, stay what they are.
func TestFlagsFirstBoolTakesNoValue(t *testing.T) {
	t.Parallel()
	a := app(new(bytes.Buffer), new(bytes.Buffer))
	tests := []struct{ in, want []string }{
		{[]string{"dtm", "score", "b.xlsx", "--dry-run", "--top", "3"}, []string{"dtm", "score", "--dry-run", "--top", "3", "b.xlsx"}},
		{[]string{"dtm", "seed", "--late", "b.xlsx", "--heat", "2"}, []string{"dtm", "seed", "--late", "--heat", "2", "b.xlsx"}},
	}
	for _, tc := range tests {
		if got := flagsFirst(a, tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("flagsFirst(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
