package scoring

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// TieBreakKind is a rule that orders players with equal totals.
type TieBreakKind int

// The tie-break rules. Each gives every tied player a value (or a list compared in order); the higher value
// ranks first. "Heat scores" are the scores before the drop multipliers, a heat not played scoring the
// unplayed score. When a rule has no value for some player of the tie, it is passed over for that tie.
const (
	// HeadToHead: the highest score the player made in any game in which they opposed another of the tied
	// players (2002 and 2003 Regatta rules). Passed over when one of the tied players met none of the others.
	HeadToHead TieBreakKind = iota
	// Dropped: the heat scores not counted in full (dropped or multiplied), highest first, compared in order
	// (2002: "the highest uncounted score, from any thrown-out heat"). Equal for all without a drop rule.
	Dropped
	// AllHeats: the sum of all heat scores, none dropped (2003: "the highest score considering all four
	// rounds of play").
	AllHeats
	// BestSingle: the N-th best heat score (2002: third-best, then second-best; 2003: best, then
	// second-best). TieBreak.N is 1..Heats.
	BestSingle
	// BestScores: all heat scores, best first, compared in order: the best, then the second best, ...
	BestScores
	// OpponentsAverage: the mean, over the distinct opponents the player faced, of each opponent's average
	// game score in the tournament (2003). Passed over when a tied player has played no game.
	OpponentsAverage
	// Distance: the greater distance travelled from home (EventPlayer.Distance) (2003).
	Distance
	// NormanBest: the better of the tied players' best games by David Norman's single-round ranking (a win,
	// earlier and bigger, beats a draw, a smaller draw beats a larger one, then years survived and centres;
	// see NormanResult.Compare). Passed over when a tied player has played no game.
	NormanBest
	// hurstDecimals is the HurstMean's own first rule: the unrounded mean.
	hurstDecimals TieBreakKind = -1
)

// TieBreak is one rule of a tie-break chain.
type TieBreak struct {
	Kind TieBreakKind
	N    int // BestSingle: which best score, 1 for the best
}

// Regatta2002TieBreaks returns the 2002 ARMADA Regatta chain: head-to-head, the dropped score, the third-best
// and then the second-best single-round score.
func Regatta2002TieBreaks() []TieBreak {
	return []TieBreak{{Kind: HeadToHead}, {Kind: Dropped}, {Kind: BestSingle, N: 3}, {Kind: BestSingle, N: 2}}
}

// Regatta2003TieBreaks returns the 2003 Regatta / World DipCon XIII chain: head-to-head, the score of all
// rounds, the best and then the second-best single-game score, the opponents' average, the distance from home.
func Regatta2003TieBreaks() []TieBreak {
	return []TieBreak{{Kind: HeadToHead}, {Kind: AllHeats}, {Kind: BestSingle, N: 1}, {Kind: BestSingle, N: 2},
		{Kind: OpponentsAverage}, {Kind: Distance}}
}

// tieBreakRule is one row of the table of tie-break rules: everything the program knows of a rule. Parsing,
// String, the Standings notes, the messages and the workbook's help are all made from the table.
type tieBreakRule struct {
	kind TieBreakKind
	// name is what String writes and ParseTieBreaks reads. A numbered rule's name takes its N: "best-3" (and
	// "3rd-best" is read too).
	name     string
	numbered bool
	aliases  []string // other names ParseTieBreaks reads
	// label names the rule in a Standings note ("dropped score"); a numbered rule's is preceded by the
	// place from 2 on ("3rd best score").
	label string
	about string // a few words for the workbook's help, "" when the name says it all
	// keys gives each tied player their value under the rule, or nil when the rule is passed over for the
	// tie.
	keys func(s *standings, t TieBreak, group []int) []tied
}

// tieBreakRules is the table of the rules a director may name, in the order the help lists them.
var tieBreakRules = []tieBreakRule{
	{kind: HeadToHead, name: "head-to-head", aliases: []string{"h2h"}, label: "head-to-head",
		keys: perPlayer(func(s *standings, _ TieBreak, p int, group []int) ([]float64, bool) {
			v, ok := s.headToHead(p, group)
			return []float64{v}, ok
		})},
	{kind: Dropped, name: "dropped", aliases: []string{"dropped-score", "uncounted"}, label: "dropped score",
		keys: perPlayer(func(s *standings, _ TieBreak, p int, _ []int) ([]float64, bool) {
			var k []float64
			if s.e.Rules.Method == SumOfHeats {
				for _, h := range s.rows[p].Heats {
					if h.Factor != 1 {
						k = append(k, h.Score)
					}
				}
			}
			return descending(k), true
		})},
	{kind: AllHeats, name: "all-heats", aliases: []string{"all-rounds"}, label: "all heats",
		keys: perPlayer(func(s *standings, _ TieBreak, p int, _ []int) ([]float64, bool) {
			sum := 0.0
			for _, h := range s.rows[p].Heats {
				sum += h.Score
			}
			return []float64{sum}, true
		})},
	{kind: BestSingle, name: "best", numbered: true, label: "best score", about: "the N-th best heat score, e.g. best-3",
		keys: perPlayer(func(s *standings, t TieBreak, p int, _ []int) ([]float64, bool) {
			return []float64{heatScores(s.rows[p].Heats)[t.N-1]}, true
		})},
	{kind: BestScores, name: "best-scores", label: "best scores",
		keys: perPlayer(func(s *standings, _ TieBreak, p int, _ []int) ([]float64, bool) {
			return heatScores(s.rows[p].Heats), true
		})},
	{kind: OpponentsAverage, name: "opponents-average", aliases: []string{"opponents"}, label: "opponents' average",
		keys: perPlayer(func(s *standings, _ TieBreak, p int, _ []int) ([]float64, bool) {
			v, ok := s.opponentsAverage(p)
			return []float64{v}, ok
		})},
	{kind: Distance, name: "distance", label: "distance",
		keys: perPlayer(func(s *standings, _ TieBreak, p int, _ []int) ([]float64, bool) {
			return []float64{s.e.Players[p].Distance}, true
		})},
	{kind: NormanBest, name: "norman", aliases: []string{"norman-rank"}, label: "Norman's ranking",
		about: "Norman's single-round ranking of each player's best game",
		keys:  func(s *standings, _ TieBreak, group []int) []tied { return s.normanKeys(group) }},
}

// hurstRule is the HurstMean's own first rule, which no director names.
var hurstRule = tieBreakRule{kind: hurstDecimals, label: "mean to more decimals",
	keys: perPlayer(func(s *standings, _ TieBreak, p int, _ []int) ([]float64, bool) {
		return []float64{s.exact[p]}, true
	})}

// perPlayer makes a rule's keys from each tied player's own value; when a player has none (false), the rule is
// passed over for the tie.
func perPlayer(value func(s *standings, t TieBreak, p int, group []int) ([]float64, bool)) func(*standings, TieBreak, []int) []tied {
	return func(s *standings, t TieBreak, group []int) []tied {
		ts := make([]tied, len(group))
		for i, p := range group {
			k, ok := value(s, t, p, group)
			if !ok {
				return nil
			}
			ts[i] = tied{player: p, key: k}
		}
		return ts
	}
}

// rule finds a kind's row of the table.
func (t TieBreak) rule() (tieBreakRule, bool) {
	if t.Kind == hurstDecimals {
		return hurstRule, true
	}
	for _, r := range tieBreakRules {
		if r.kind == t.Kind {
			return r, true
		}
	}
	return tieBreakRule{}, false
}

// tieBreakPreset is a named chain a director may give instead of the rules.
type tieBreakPreset struct {
	title   string   // as the workbook offers it: "Regatta 2002"
	aliases []string // other names ParseTieBreaks reads
	chain   func() []TieBreak
}

// tieBreakPresets are the named chains, which expand in place.
var tieBreakPresets = []tieBreakPreset{
	{"Regatta 2002", []string{"2002"}, Regatta2002TieBreaks},
	{"Regatta 2003", []string{"2003"}, Regatta2003TieBreaks},
}

// maxBestN bounds N of a numbered rule, as MaxHeats bounds the heats.
const maxBestN = 30

// TieBreakNames returns the names of the rules ParseTieBreaks reads, a numbered rule as "best-N", in the
// order the help lists them.
func TieBreakNames() []string {
	out := make([]string, len(tieBreakRules))
	for i, r := range tieBreakRules {
		out[i] = r.name
		if r.numbered {
			out[i] += "-N"
		}
	}
	return out
}

// TieBreakHelp lists the rules for a director, each name with a few words where the name is not enough:
// "head-to-head, dropped, ..., best-N (the N-th best heat score, e.g. best-3), ...".
func TieBreakHelp() string {
	names := TieBreakNames()
	for i, r := range tieBreakRules {
		if r.about != "" {
			names[i] += " (" + r.about + ")"
		}
	}
	return strings.Join(names, ", ")
}

// TieBreakPresets returns the named chains ParseTieBreaks reads, as a director would write them: "Regatta
// 2002", "Regatta 2003".
func TieBreakPresets() []string {
	out := make([]string, len(tieBreakPresets))
	for i, p := range tieBreakPresets {
		out[i] = p.title
	}
	return out
}

// String returns the rule's name as ParseTieBreaks reads it (one of TieBreakNames, a numbered rule with its N:
// "best-3"), or "TieBreak(k)" for a kind that is not a rule.
func (t TieBreak) String() string {
	r, ok := t.rule()
	switch {
	case !ok || r.name == "":
		return fmt.Sprintf("TieBreak(%d)", int(t.Kind))
	case r.numbered:
		return fmt.Sprintf("%s-%d", r.name, t.N)
	}
	return r.name
}

// normTieBreak folds a name for lookup: case, spaces, underscores and apostrophes do not matter.
func normTieBreak(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	t = strings.NewReplacer("_", "-", "'", "").Replace(t)
	return strings.Join(strings.Fields(strings.ReplaceAll(t, "-", " ")), "-")
}

// parseRule reads one rule or preset of a chain (normalised); false when it is neither.
func parseRule(t string) ([]TieBreak, bool) {
	for _, r := range tieBreakRules {
		if r.numbered {
			if n, ok := numberedName(t, r.name); ok {
				return []TieBreak{{Kind: r.kind, N: n}}, true
			}
			continue
		}
		if t == r.name || slices.Contains(r.aliases, t) {
			return []TieBreak{{Kind: r.kind}}, true
		}
	}
	for _, p := range tieBreakPresets {
		if t == normTieBreak(p.title) || slices.Contains(p.aliases, t) {
			return p.chain(), true
		}
	}
	return nil, false
}

// numberedName reads "best-3" or "3rd-best" for the name "best": N from 1 to maxBestN.
func numberedName(t, name string) (int, bool) {
	digits, ok := strings.CutPrefix(t, name+"-")
	if !ok {
		ordinal, found := strings.CutSuffix(t, "-"+name)
		if !found || len(ordinal) < 3 || !slices.Contains([]string{"st", "nd", "rd", "th"}, ordinal[len(ordinal)-2:]) {
			return 0, false
		}
		digits = ordinal[:len(ordinal)-2]
	}
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	return n, err == nil && n >= 1 && n <= maxBestN
}

// ParseTieBreaks reads a comma-separated chain, case-insensitive, spaces or underscores for hyphens: the rules
// of TieBreakNames (and their aliases, e.g. h2h, 3rd-best) and the presets of TieBreakPresets, which expand in
// place. An empty string, "none" or "dtm" is the empty chain: ties are listed equally, as in DTM.
func ParseTieBreaks(s string) ([]TieBreak, error) {
	if t := normTieBreak(s); t == "" || t == "none" || t == "dtm" {
		return nil, nil
	}
	var out []TieBreak
	for i, item := range strings.Split(s, ",") {
		t := normTieBreak(item)
		if rules, ok := parseRule(t); ok {
			out = append(out, rules...)
			continue
		}
		if t == "" {
			return nil, fmt.Errorf("tie-break %d: empty name in %q", i+1, s)
		}
		want := TieBreakNames()
		for _, p := range tieBreakPresets {
			want = append(want, normTieBreak(p.title))
		}
		return nil, fmt.Errorf("tie-break %d: unknown rule %q (want %s or %s)", i+1, strings.TrimSpace(item),
			strings.Join(want[:len(want)-1], ", "), want[len(want)-1])
	}
	return out, nil
}

// check reports a rule that Standings cannot apply.
func (t TieBreak) check(heats int) error {
	r, ok := t.rule()
	switch {
	case !ok || r.name == "":
		return fmt.Errorf("unknown rule %d", int(t.Kind))
	case r.numbered && (t.N < 1 || t.N > heats):
		return fmt.Errorf("%s: the N-th best heat score needs N from 1 to the %d heats", t, heats)
	}
	return nil
}

// label names the rule in a note, e.g. "3rd best score".
func (t TieBreak) label() string {
	r, ok := t.rule()
	switch {
	case !ok:
		return t.String()
	case r.numbered && t.N > 1:
		return placeName(t.N) + " " + r.label
	}
	return r.label
}

// tied is a player of a tie with their value under the rule being applied.
type tied struct {
	player int
	key    []float64
}

// rank orders the players but the absent: qualified first, then by total, ties settled by the chain; it sets
// Rank and TieBreak.
func (s *standings) rank() []Standing {
	ids := make([]int, 0, len(s.rows))
	for i := range s.rows {
		if !s.e.Players[i].Absent {
			ids = append(ids, i)
		}
	}
	// Equal players stay in the order of their ids: the order a stable
	// sort would keep, at the cost of an unstable one.
	slices.SortFunc(ids, func(a, b int) int {
		if qa, qb := s.rows[a].Qualified, s.rows[b].Qualified; qa != qb {
			if qa {
				return -1
			}
			return 1
		}
		return cmp.Or(cmp.Compare(s.exact[b], s.exact[a]), cmp.Compare(a, b))
	})
	chain := s.e.Rules.TieBreaks
	if s.e.Rules.Method == HurstMean {
		chain = append([]TieBreak{{Kind: hurstDecimals}}, chain...)
	}
	out := make([]Standing, 0, len(ids))
	for i := 0; i < len(ids); {
		j := i + 1
		for j < len(ids) && s.rows[ids[j]].Qualified == s.rows[ids[i]].Qualified &&
			sameScore(s.rows[ids[j]].Total, s.rows[ids[i]].Total) {
			j++
		}
		group := slices.Clone(ids[i:j])
		slices.Sort(group)
		for _, sub := range s.resolve(group, chain) {
			r := len(out) + 1
			for _, p := range sub {
				st := s.rows[p]
				st.Rank = r
				st.TieBreak = strings.Join(s.notes[p], "; ")
				out = append(out, st)
			}
		}
		i = j
	}
	return out
}

// resolve splits a group of players with equal totals by the first rule of the chain that separates them,
// then each part by the rest of the chain; it returns the parts in rank order, each a remaining tie.
func (s *standings) resolve(group []int, chain []TieBreak) [][]int {
	if len(group) < 2 {
		return [][]int{group}
	}
	for k, tb := range chain {
		ts := s.tieKeys(tb, group)
		if ts == nil {
			continue
		}
		slices.SortStableFunc(ts, func(a, b tied) int { return compareKeys(b.key, a.key) })
		var parts [][]tied
		for i, t := range ts {
			if i == 0 || compareKeys(t.key, ts[i-1].key) != 0 {
				parts = append(parts, nil)
			}
			parts[len(parts)-1] = append(parts[len(parts)-1], t)
		}
		if len(parts) == 1 {
			continue
		}
		s.noteSplit(tb, ts)
		var out [][]int
		for _, part := range parts {
			ids := make([]int, len(part))
			for i, t := range part {
				ids[i] = t.player
			}
			out = append(out, s.resolve(ids, chain[k+1:])...)
		}
		return out
	}
	for _, p := range group {
		// The others are counted, not walked: a tie of thousands would
		// otherwise cost each of them a walk of all the rest.
		var others shortList
		for _, q := range group {
			if others.n > maxListed {
				break
			}
			if q != p {
				others.add(func() string { return s.name(q) })
			}
		}
		others.n = len(group) - 1
		s.notes[p] = append(s.notes[p], "tied with "+others.String())
	}
	return [][]int{group}
}

// noteSplit writes, for each player of a tie split by the rule, their value against each player it put on
// another side: "head-to-head: 58 to 34 against Yarden Livnat".
func (s *standings) noteSplit(tb TieBreak, ts []tied) {
	for _, a := range ts {
		var parts shortList
		for _, b := range ts {
			i := firstDiff(a.key, b.key)
			if i < 0 {
				continue
			}
			parts.add(func() string {
				at := ""
				if len(a.key) > 1 {
					at = placeName(i+1) + " "
				}
				return fmt.Sprintf("%s%s to %s against %s", at, tb.valueText(a.key, i), tb.valueText(b.key, i), s.name(b.player))
			})
		}
		s.notes[a.player] = append(s.notes[a.player], tb.label()+": "+parts.String())
	}
}

// maxListed is how many items a note lists before it counts the rest: a
// tie of hundreds of players would otherwise name them all in every one of
// their notes.
const maxListed = 3

// shortList is a note's list of players (or of comparisons with them): all
// of them up to maxListed+1, else the first maxListed and how many others,
// "A, B, C and 400 others". Only the items listed are formatted.
type shortList struct {
	items []string
	n     int
}

// add counts an item, formatting it only when it may be listed.
func (l *shortList) add(item func() string) {
	if l.n <= maxListed {
		l.items = append(l.items, item())
	}
	l.n++
}

func (l shortList) String() string {
	if l.n <= maxListed+1 {
		return strings.Join(l.items, ", ")
	}
	return fmt.Sprintf("%s and %d others", strings.Join(l.items[:maxListed], ", "), l.n-maxListed)
}

// valueText formats element i of a key, "none" past its end.
func (t TieBreak) valueText(key []float64, i int) string {
	if i >= len(key) {
		return "none"
	}
	if t.Kind == hurstDecimals {
		return strings.TrimRight(strings.TrimRight(strconv.FormatFloat(key[i], 'f', 8, 64), "0"), ".")
	}
	return numText(key[i])
}

// compareKeys compares two values lexicographically, equal but for floating-point noise counting as equal; a
// list that is a prefix of the other is lower.
func compareKeys(a, b []float64) int {
	if i := firstDiff(a, b); i >= 0 {
		if i >= len(a) {
			return -1
		}
		if i >= len(b) {
			return 1
		}
		return cmp.Compare(a[i], b[i])
	}
	return 0
}

// firstDiff returns the first index where a and b differ, or -1 when they are equal.
func firstDiff(a, b []float64) int {
	for i := range min(len(a), len(b)) {
		if !sameScore(a[i], b[i]) {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// tieKeys returns each tied player's value under the rule, or nil when the rule is passed over.
func (s *standings) tieKeys(tb TieBreak, group []int) []tied {
	r, _ := tb.rule() // Standings checked the chain
	return r.keys(s, tb, group)
}

// normanKeys gives each tied player the number of the others whose best
// game, by Norman's single-round ranking, theirs beats; nil when one of
// them has played no game.
func (s *standings) normanKeys(group []int) []tied {
	best := make([]NormanResult, len(group))
	for i, p := range group {
		if len(s.seats[p]) == 0 {
			return nil
		}
		for k, r := range s.seats[p] {
			res := Norman(s.e.Games[r.game].game())[r.power]
			if k == 0 || res.Compare(best[i]) < 0 {
				best[i] = res
			}
		}
	}
	ts := make([]tied, len(group))
	for i, p := range group {
		beats := 0
		for j := range group {
			if best[i].Compare(best[j]) < 0 {
				beats++
			}
		}
		ts[i] = tied{player: p, key: []float64{float64(beats)}}
	}
	return ts
}

// heatScores returns the heat scores, best first.
func heatScores(hs []HeatScore) []float64 {
	k := make([]float64, len(hs))
	for i, h := range hs {
		k[i] = h.Score
	}
	return descending(k)
}

// descending sorts k from the highest down and returns it.
func descending(k []float64) []float64 {
	slices.SortFunc(k, func(a, b float64) int { return cmp.Compare(b, a) })
	return k
}

// headToHead returns p's highest score in a game where another player of the group sat on the same board.
func (s *standings) headToHead(p int, group []int) (float64, bool) {
	best, found := math.Inf(-1), false
	for _, r := range s.seats[p] {
		g := &s.e.Games[r.game]
		for _, seat := range g.Seats {
			if seat.Player != p && slices.Contains(group, seat.Player) {
				best, found = max(best, g.Seats[r.power].Score), true
				break
			}
		}
	}
	return best, found
}

// opponentsAverage returns the mean over p's distinct opponents of each one's average game score.
func (s *standings) opponentsAverage(p int) (float64, bool) {
	seen := map[int]bool{}
	sum := 0.0
	for _, r := range s.seats[p] {
		for _, seat := range s.e.Games[r.game].Seats {
			q := seat.Player
			if q == p || seen[q] {
				continue
			}
			seen[q] = true
			sum += s.gameAverage(q)
		}
	}
	if len(seen) == 0 {
		return 0, false
	}
	return sum / float64(len(seen)), true
}

// gameAverage returns a player's average game score; the player has played at least one game.
func (s *standings) gameAverage(q int) float64 {
	sum := 0.0
	for _, r := range s.seats[q] {
		sum += s.e.Games[r.game].Seats[r.power].Score
	}
	return sum / float64(len(s.seats[q]))
}
