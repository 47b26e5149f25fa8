package formula

import (
	"fmt"
	"strings"
)

// Error is a problem in a director's formula, located in their own text.
type Error struct {
	Src  string // the formula as typed
	Col  int    // 1-based column (in runes) of the offending token
	Msg  string // e.g. `unknown word "scss"`
	Hint string // e.g. `did you mean "scs"?`, may be empty
}

// Error returns one line: `unknown word "scss" at column 12; did you mean "scs"?`
func (e *Error) Error() string {
	s := fmt.Sprintf("%s at column %d", e.Msg, e.Col)
	if e.Hint != "" {
		s += "; " + e.Hint
	}
	return s
}

// Caret returns two lines: the source, then spaces and a '^' under column Col. Tabs, line breaks and other
// control characters in the source are shown as single spaces so that the caret lines up.
func (e *Error) Caret() string {
	src := []rune(e.Src)
	var b strings.Builder
	for _, r := range src {
		if r < ' ' || r == 0x7f {
			r = ' '
		}
		b.WriteRune(r)
	}
	b.WriteByte('\n')
	col := min(max(e.Col, 1), len(src)+1)
	b.WriteString(strings.Repeat(" ", col-1))
	b.WriteByte('^')
	return b.String()
}
