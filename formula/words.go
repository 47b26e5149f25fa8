package formula

import (
	"errors"
	"fmt"
	"math"
	"strings"
)

// Env holds the value of every word for one power of one game. Field names are the words, capitalised.
type Env struct {
	Aus, Eng, Fra, Ger, Ita, Rus, Tur  float64
	Yrs, Scs, Num, Big, Tie, Srv, Ldr  float64
	Prov, Sump, Avgp, Mulp, Minp, Maxp float64
	Ctrs, Sumc, Avgc, Mulc, Minc, Maxc float64
	Elb, Elt, Sec, Low, Hbg, Hti, Cnc  float64 // extensions
}

// word describes one word of the language: its name, the Env field it reads and whether it is an extension.
type word struct {
	name  string
	field string
	ext   bool
	ptr   func(*Env) *float64
}

// words lists every word in documentation order: the 26 of the 2003 manual, then the extensions.
var words = [...]word{
	{"aus", "Aus", false, func(e *Env) *float64 { return &e.Aus }},
	{"eng", "Eng", false, func(e *Env) *float64 { return &e.Eng }},
	{"fra", "Fra", false, func(e *Env) *float64 { return &e.Fra }},
	{"ger", "Ger", false, func(e *Env) *float64 { return &e.Ger }},
	{"ita", "Ita", false, func(e *Env) *float64 { return &e.Ita }},
	{"rus", "Rus", false, func(e *Env) *float64 { return &e.Rus }},
	{"tur", "Tur", false, func(e *Env) *float64 { return &e.Tur }},
	{"yrs", "Yrs", false, func(e *Env) *float64 { return &e.Yrs }},
	{"scs", "Scs", false, func(e *Env) *float64 { return &e.Scs }},
	{"num", "Num", false, func(e *Env) *float64 { return &e.Num }},
	{"big", "Big", false, func(e *Env) *float64 { return &e.Big }},
	{"tie", "Tie", false, func(e *Env) *float64 { return &e.Tie }},
	{"srv", "Srv", false, func(e *Env) *float64 { return &e.Srv }},
	{"ldr", "Ldr", false, func(e *Env) *float64 { return &e.Ldr }},
	{"prov", "Prov", false, func(e *Env) *float64 { return &e.Prov }},
	{"sump", "Sump", false, func(e *Env) *float64 { return &e.Sump }},
	{"avgp", "Avgp", false, func(e *Env) *float64 { return &e.Avgp }},
	{"mulp", "Mulp", false, func(e *Env) *float64 { return &e.Mulp }},
	{"minp", "Minp", false, func(e *Env) *float64 { return &e.Minp }},
	{"maxp", "Maxp", false, func(e *Env) *float64 { return &e.Maxp }},
	{"ctrs", "Ctrs", false, func(e *Env) *float64 { return &e.Ctrs }},
	{"sumc", "Sumc", false, func(e *Env) *float64 { return &e.Sumc }},
	{"avgc", "Avgc", false, func(e *Env) *float64 { return &e.Avgc }},
	{"mulc", "Mulc", false, func(e *Env) *float64 { return &e.Mulc }},
	{"minc", "Minc", false, func(e *Env) *float64 { return &e.Minc }},
	{"maxc", "Maxc", false, func(e *Env) *float64 { return &e.Maxc }},
	{"elb", "Elb", true, func(e *Env) *float64 { return &e.Elb }},
	{"elt", "Elt", true, func(e *Env) *float64 { return &e.Elt }},
	{"sec", "Sec", true, func(e *Env) *float64 { return &e.Sec }},
	{"low", "Low", true, func(e *Env) *float64 { return &e.Low }},
	{"hbg", "Hbg", true, func(e *Env) *float64 { return &e.Hbg }},
	{"hti", "Hti", true, func(e *Env) *float64 { return &e.Hti }},
	{"cnc", "Cnc", true, func(e *Env) *float64 { return &e.Cnc }},
}

// circular lists the words a provisional formula may not use: they are computed from its own values.
var circular = map[string]bool{"prov": true, "sump": true, "avgp": true, "mulp": true, "minp": true, "maxp": true}

// function describes one function of the language (all are extensions).
type function struct {
	name    string
	minArgs int
	maxArgs int // -1: no upper bound
}

// functions lists the functions in documentation order.
var functions = [...]function{
	{"min", 2, -1},
	{"max", 2, -1},
	{"floor", 1, 1},
	{"round", 1, 1},
}

// wordIndex and funcIndex map lower-case names to their position in words and functions.
var wordIndex, funcIndex = func() (map[string]int, map[string]int) {
	w := make(map[string]int, len(words))
	for i, x := range words {
		w[x.name] = i
	}
	f := make(map[string]int, len(functions))
	for i, x := range functions {
		f[x.name] = i
	}
	return w, f
}()

// Set sets a word (case-insensitive, e.g. "scs") to v; error for an unknown word (with a did-you-mean hint)
// or a value that is not a finite number.
func (e *Env) Set(name string, v float64) error {
	i, ok := wordIndex[strings.ToLower(name)]
	if !ok {
		msg := fmt.Sprintf("unknown word %q", name)
		if s := suggest(name, wordNames(Score)); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return errors.New(msg)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("value of %s is not a finite number: %v", words[i].name, v)
	}
	*words[i].ptr(e) = v
	return nil
}

// Get returns a word's value (case-insensitive, e.g. "scs"); false for an unknown word.
func (e *Env) Get(name string) (float64, bool) {
	i, ok := wordIndex[strings.ToLower(name)]
	if !ok {
		return 0, false
	}
	return *words[i].ptr(e), true
}

// Words lists every word of the language in documentation order (the 26 of the 2003 manual first, then the 7 extensions).
func Words() []string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = w.name
	}
	return out
}

// IsExtension reports whether a word or function is an extension beyond the 2003 DTM vocabulary.
// Names are case-insensitive; an unknown name is not an extension.
func IsExtension(name string) bool {
	name = strings.ToLower(name)
	if i, ok := wordIndex[name]; ok {
		return words[i].ext
	}
	_, ok := funcIndex[name]
	return ok
}

// wordNames lists the words allowed in a formula of the given kind.
func wordNames(kind Kind) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		if kind == Provisional && circular[w.name] {
			continue
		}
		out = append(out, w.name)
	}
	return out
}

// funcNames lists the function names.
func funcNames() []string {
	out := make([]string, len(functions))
	for i, f := range functions {
		out[i] = f.name
	}
	return out
}

// suggest returns the candidate closest to name by edit distance (adjacent transpositions count as one
// edit), or "" when none is close: at most one edit for names of up to three letters, two for longer ones.
// Ties go to the earlier candidate.
func suggest(name string, candidates []string) string {
	name = strings.ToLower(name)
	limit := 1
	if len([]rune(name)) > 3 {
		limit = 2
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// editDistance is the optimal-string-alignment distance between a and b, in runes.
func editDistance(a, b string) int {
	s, t := []rune(a), []rune(b)
	// d[i][j] is the distance between s[:i] and t[:j].
	d := make([][]int, len(s)+1)
	for i := range d {
		d[i] = make([]int, len(t)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(s); i++ {
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(s)][len(t)]
}
