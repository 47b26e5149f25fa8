package workbook

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// roster resolves the player names other sheets type to Players rows.
type roster struct {
	exact  map[string]int
	folded map[string]int // name folded for case and spacing; -1 when two players fold alike
	names  []string
}

func newRoster(players []Player) *roster {
	r := &roster{exact: map[string]int{}, folded: map[string]int{}}
	for i, p := range players {
		r.exact[p.Name] = i
		f := foldName(p.Name)
		if _, dup := r.folded[f]; dup {
			r.folded[f] = -1
		} else {
			r.folded[f] = i
		}
		r.names = append(r.names, p.Name)
	}
	return r
}

// foldName folds case and spacing: "  ann   SMITH " -> "ann smith".
func foldName(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// find returns the player typed as name, or -1 and a hint naming the player
// the director probably meant.
func (r *roster) find(name string) (int, string) {
	if i, ok := r.exact[strings.TrimSpace(name)]; ok {
		return i, ""
	}
	if i, ok := r.folded[foldName(name)]; ok && i >= 0 {
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
