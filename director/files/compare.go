package files

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Difference is one place where a file dtm wrote no longer holds what dtm
// writes now: a line of a text file (CSV, the ratings summary), or a
// value of a JSON document at its JSON Pointer (RFC 6901).
type Difference struct {
	Line       int    // 1-based; 0 for a JSON value
	Pointer    string // "/rounds/0/games/1/players/2/score"; "" for a line
	Have, Want string // the file's and dtm's text ("" when absent)
}

// MaxDifferences is the most differences Compare lists in one file: a
// file written for another tournament differs everywhere.
const MaxDifferences = 50

// Compare lists where have, a file as it stands, differs from want, the
// file dtm writes: JSON documents value by value (so that a change of
// layout alone is none), anything else line by line; at most
// MaxDifferences, and whether there were more.
func Compare(have, want []byte, isJSON bool) ([]Difference, bool) {
	var out []Difference
	if isJSON {
		var h, w any
		if json.Unmarshal(have, &h) == nil && json.Unmarshal(want, &w) == nil {
			compareJSON("", h, w, &out)
			return clipDifferences(out)
		}
	}
	hl, wl := lines(have), lines(want)
	for i := range max(len(hl), len(wl)) {
		if h, w := at(hl, i), at(wl, i); h != w {
			out = append(out, Difference{Line: i + 1, Have: h, Want: w})
		}
	}
	return clipDifferences(out)
}

// clipDifferences keeps the first MaxDifferences.
func clipDifferences(d []Difference) ([]Difference, bool) {
	if len(d) > MaxDifferences {
		return d[:MaxDifferences], true
	}
	return d, false
}

// at is s[i], or the zero value past its end.
func at[T any](s []T, i int) T {
	var zero T
	if i < len(s) {
		return s[i]
	}
	return zero
}

// lines splits a text file into lines, CRLF or LF, without a last empty
// one.
func lines(b []byte) []string {
	s := strings.TrimSuffix(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// compareJSON walks two decoded JSON values side by side.
func compareJSON(ptr string, have, want any, out *[]Difference) {
	switch w := want.(type) {
	case map[string]any:
		if h, ok := have.(map[string]any); ok {
			keys := slices.Sorted(func(yield func(string) bool) {
				for k := range w {
					if !yield(k) {
						return
					}
				}
				for k := range h {
					if _, both := w[k]; !both && !yield(k) {
						return
					}
				}
			})
			for _, k := range keys {
				compareJSON(ptr+"/"+escapePointer(k), h[k], w[k], out)
			}
			return
		}
	case []any:
		if h, ok := have.([]any); ok {
			for i := range max(len(h), len(w)) {
				compareJSON(ptr+"/"+strconv.Itoa(i), at(h, i), at(w, i), out)
			}
			return
		}
	}
	hs, ws := jsonText(have), jsonText(want)
	if hs != ws {
		if ptr == "" {
			ptr = "/"
		}
		*out = append(*out, Difference{Pointer: ptr, Have: hs, Want: ws})
	}
}

// jsonText is a JSON value as a message quotes it; "" when absent.
func jsonText(v any) string {
	if v == nil {
		return ""
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSpace(b.String())
}
