package workbook

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// roster resolves the player names other sheets type to Players rows.
type roster struct {
	exact  map[string]int // name in canonical form (NFC, trimmed)
	folded map[string]int // name as a director means it (foldName)
	names  []string
}

// newRoster indexes the players; readPlayers has refused names that fold
// alike, so each folded name is one player.
func newRoster(players []Player) *roster {
	r := &roster{exact: map[string]int{}, folded: map[string]int{}}
	for i, p := range players {
		r.exact[canonical(p.Name)] = i
		r.folded[foldName(p.Name)] = i
		r.names = append(r.names, p.Name)
	}
	return r
}

// canonical is a name as typed, trimmed and in Unicode's composed form
// (NFC): "José" typed with a combining accent is the same text as with "é".
func canonical(s string) string {
	s = strings.TrimSpace(s)
	if printableASCII(s) { // its own composed form
		return s
	}
	return norm.NFC.String(s)
}

// printableASCII reports whether s is only printable ASCII (space to ~),
// which no normal form, case folding aside, changes and which holds no
// invisible character.
func printableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// folder folds case the Unicode way ("ß" as "ss").
var folder = cases.Fold()

// foldName is a name as a director means it: invisible characters (a
// zero-width space, a soft hyphen) dropped, compatibility forms unified
// (NFKC: a full-width "Ａ" is "A"), case folded and spacing collapsed:
// "  ann   SMITH " -> "ann smith".
func foldName(s string) string {
	if printableASCII(s) {
		return foldASCII(s)
	}
	return foldUnicode(s)
}

// foldASCII is foldName for printable ASCII: capitals made small, spaces
// collapsed and trimmed, the rest as it is (every other step leaves such
// text unchanged).
func foldASCII(s string) string {
	s = strings.Trim(s, " ")
	folded := true // no capital, no run of spaces
	for i := 0; i < len(s) && folded; i++ {
		folded = !(s[i] >= 'A' && s[i] <= 'Z') && !(s[i] == ' ' && s[i+1] == ' ')
	}
	if folded {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' && s[i+1] == ' ':
			continue // trimmed: a space is never last
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	return string(b)
}

// foldUnicode is foldName for any text.
func foldUnicode(s string) string {
	s = strings.Map(func(r rune) rune {
		if invisible(r) {
			return -1
		}
		return r
	}, s)
	s = norm.NFC.String(folder.String(norm.NFKC.String(s)))
	return strings.Join(strings.Fields(s), " ")
}

// invisible reports a character that prints as nothing: a format character
// (zero-width space and joiners, soft hyphen, byte-order mark, direction
// marks) or a control character.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) || (unicode.IsControl(r) && !unicode.IsSpace(r))
}

// invisibleIn names the first invisible character of s, or "".
func invisibleIn(s string) string {
	for _, r := range s {
		if invisible(r) {
			return fmt.Sprintf("U+%04X", r)
		}
	}
	return ""
}

// find returns the player typed as name, or -1 and a hint naming the player
// the director probably meant.
func (r *roster) find(name string) (int, string) {
	if i, ok := r.exact[canonical(name)]; ok {
		return i, ""
	}
	if i, ok := r.folded[foldName(name)]; ok {
		if c := invisibleIn(name); c != "" {
			return -1, fmt.Sprintf("it holds an invisible character (%s) that %q does not: retype the name", c, r.names[i])
		}
		return -1, "did you mean " + strconv.Quote(r.names[i]) + "? (names must match the Players sheet exactly, spaces and capitals included)"
	}
	if best := closest(foldName(name), r.names); best != "" {
		return -1, "did you mean " + strconv.Quote(best) + "?"
	}
	return -1, "add the player to the Players sheet first, or correct the spelling"
}

// closest returns the candidate nearest to s by edit distance on folded
// names, if it is near enough to be a likely typo.
func closest(s string, candidates []string) string {
	best, bestD := "", 0
	limit := max(1, utf8.RuneCountInString(s)/4)
	for _, c := range candidates {
		d := editDistance(s, foldName(c))
		if d <= limit && (best == "" || d < bestD) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between two strings, in runes.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// FindPlayer finds a player named on the command line as the names typed
// on the sheets are found: exactly, spaces and capitals included (Unicode
// forms and surrounding spaces aside); otherwise -1 and a hint naming the
// player the director probably meant.
func (t *Tournament) FindPlayer(name string) (int, string) {
	return newRoster(t.Players).find(name)
}
