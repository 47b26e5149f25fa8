package seeding

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// PowerRule is a hard rule on the powers a player may be given: unlike
// the same-power conflict, which the seeder weighs against the others, a
// seating that breaks it is refused.
type PowerRule int

// The power rules.
const (
	// AnyPower is no hard rule: repeats only cost Values.SamePower.
	AnyPower PowerRule = iota
	// DifferentPowers gives every player a different power every heat: never
	// a power they have played before in the event (the 2002 and 2003
	// Regatta rules). It cannot be kept past seven heats.
	DifferentPowers
	// AllSevenFirst gives no player a power twice until they have played all
	// seven (rule 2 of the Hurst Tournament Mean), and so on: an eighth
	// game may repeat any power, a ninth any power but that one, and so on.
	// A player may be given a power only if they have played it no more
	// often than any other power.
	AllSevenFirst
)

var powerRuleNames = [...]string{"None", "Different power every heat", "All seven before a repeat"}

// PowerRuleNames returns the rules' names as the Tournament sheet's
// dropdown lists them, in PowerRule order.
func PowerRuleNames() []string { return slices.Clone(powerRuleNames[:]) }

// String names the rule in lower case, as a sentence does ("all seven
// before a repeat").
func (r PowerRule) String() string {
	if r < 0 || int(r) >= len(powerRuleNames) {
		return fmt.Sprintf("PowerRule(%d)", int(r))
	}
	return strings.ToLower(powerRuleNames[r])
}

// Allows reports whether the rule lets a player who has played each power
// cnt[q] times (earlier heats and, on a history board, the power of a
// player replaced during the game) play power pw now.
func (r PowerRule) Allows(cnt *[dip.BoardSize]int, pw int) bool {
	switch r {
	case DifferentPowers:
		return cnt[pw] == 0
	case AllSevenFirst:
		low := cnt[0]
		for _, c := range cnt[1:] {
			low = min(low, c)
		}
		return cnt[pw] == low
	}
	return true
}

// excess counts the plays, in a player's power counts cnt, that no order
// of the games can make obey the rule: 0 when some order obeys it.
func (r PowerRule) excess(cnt []int32) int {
	e := 0
	switch r {
	case DifferentPowers:
		for _, c := range cnt {
			e += max(int(c)-1, 0)
		}
	case AllSevenFirst:
		low := cnt[0]
		for _, c := range cnt[1:] {
			low = min(low, c)
		}
		for _, c := range cnt {
			e += max(int(c-low)-1, 0)
		}
	}
	return e
}

// hardCost is the conflict the seeder charges for each play that breaks the
// power rule: more than any seating's conflicts can add up to, so the
// search gives the rule precedence over everything else. A seating that
// still pays it is refused (PowerRuleError).
const hardCost = 1 << 29

// RuleBreak is a seat that breaks the power rule.
type RuleBreak struct {
	Player int
	Power  int
	// Played counts the player's earlier plays of each power.
	Played [dip.BoardSize]int
}

// PowerRuleError reports that no seating keeping the power rule was found:
// who would break it and why.
type PowerRuleError struct {
	Rule PowerRule
	// NoPower lists the players to seat whom the rule allows no power at
	// all; Breaks, when every player has one, the seats of the best seating
	// found that break it.
	NoPower []RuleBreak
	Breaks  []RuleBreak
	// Crowded, when set, are players who may choose only among powers that
	// have fewer seats in the heat than they are.
	Crowded *Crowding
	// Where says where Crowded's seats are, as the message says it after
	// the seats: "in the heat (one per board)" when empty. A caller that
	// seeds part of a heat on its own (a pool on the top boards) names
	// that part: "on the pool's one board".
	Where   string
	players []string
}

// Crowding is a set of powers that more players may only choose among than
// the heat has seats on them.
type Crowding struct {
	Powers  []int
	Seats   int
	Players []RuleBreak
}

// Error names the players and what they have played.
func (e *PowerRuleError) Error() string {
	list := e.Breaks
	what := "the seeder found no seating that keeps it:"
	switch {
	case len(e.NoPower) > 0:
		list, what = e.NoPower, "it allows no power to"
	case e.Crowded != nil:
		var pw []string
		for _, q := range e.Crowded.Powers {
			pw = append(pw, dip.Power(q).String())
		}
		list = e.Crowded.Players
		seats := fmt.Sprintf("%d seats", e.Crowded.Seats)
		if e.Crowded.Seats == 1 {
			seats = "1 seat"
		}
		where := e.Where
		if where == "" {
			where = "in the heat (one per board)"
		}
		what = fmt.Sprintf("%d players may play only %s, which have %s %s:",
			len(list), strings.Join(pw, " or "), seats, where)
	}
	var names []string
	for _, b := range list {
		names = append(names, e.name(b))
	}
	return fmt.Sprintf("power rule %q: %s %s", e.Rule, what, strings.Join(names, "; "))
}

// name describes a break: "Ann Smith (played Austria, England, ...)".
func (e *PowerRuleError) name(b RuleBreak) string {
	n := fmt.Sprint(b.Player)
	if b.Player >= 0 && b.Player < len(e.players) {
		n = e.players[b.Player]
	}
	s := n + " (" + b.PlayedText()
	if b.Power != NoPower {
		s += "; seated on " + dip.Power(b.Power).String()
	}
	return s + ")"
}

// PlayedText says what the player has played: "played Austria, England
// twice" or "played nothing yet".
func (b RuleBreak) PlayedText() string {
	var played []string
	for q, c := range b.Played {
		switch {
		case c == 1:
			played = append(played, dip.Power(q).String())
		case c > 1:
			played = append(played, fmt.Sprintf("%s %d times", dip.Power(q).String(), c))
		}
	}
	if len(played) == 0 {
		return "played nothing yet"
	}
	return "played " + strings.Join(played, ", ")
}

// playedCounts counts each player's plays of each power in the history
// rounds before round (replaced players included) and on the locked boards.
func playedCounts(p *Problem, round int, locked []Board) map[int]*[dip.BoardSize]int {
	cnt := make(map[int]*[dip.BoardSize]int)
	add := func(b Board) {
		for _, s := range b.all() {
			if s.Power == NoPower {
				continue
			}
			c := cnt[s.Player]
			if c == nil {
				c = new([dip.BoardSize]int)
				cnt[s.Player] = c
			}
			c[s.Power]++
		}
	}
	for _, pl := range p.History {
		if pl.Round < round {
			for _, b := range pl.Boards {
				add(b)
			}
		}
	}
	for _, b := range locked {
		add(b)
	}
	return cnt
}

// RuleBreaks lists the seats of plan's unlocked boards that break the
// problem's power rule, given the history rounds before plan.Round and the
// plan's locked boards. A board whose powers are not assigned breaks none.
func RuleBreaks(p *Problem, plan Plan) []RuleBreak {
	if p.PowerRule == AnyPower {
		return nil
	}
	var locked []Board
	for _, b := range plan.Boards {
		if b.Locked {
			locked = append(locked, b)
		}
	}
	cnt := playedCounts(p, plan.Round, locked)
	var out []RuleBreak
	for _, b := range plan.Boards {
		if b.Locked {
			continue
		}
		for _, s := range b.Seats {
			if s.Power == NoPower {
				continue
			}
			var c [dip.BoardSize]int
			if pc := cnt[s.Player]; pc != nil {
				c = *pc
			}
			if !p.PowerRule.Allows(&c, s.Power) {
				out = append(out, RuleBreak{Player: s.Player, Power: s.Power, Played: c})
			}
		}
	}
	return out
}

// checkRule refuses, before any search, a heat in which the power rule
// cannot be kept: a free player allowed no power at all, or a set of powers
// that more players may only choose among than the heat has seats on them
// (by Hall's theorem, the rule can be kept exactly when neither happens).
func checkRule(p *Problem, free []int, round int, locked []Board) error {
	if p.PowerRule == AnyPower {
		return nil
	}
	cnt := playedCounts(p, round, locked)
	var none []RuleBreak
	var sets []int // each free player's allowed powers, as a bit set
	for _, i := range free {
		var c [dip.BoardSize]int
		if pc := cnt[i]; pc != nil {
			c = *pc
		}
		set := 0
		for q := range dip.BoardSize {
			if p.PowerRule.Allows(&c, q) {
				set |= 1 << q
			}
		}
		if set == 0 {
			none = append(none, RuleBreak{Player: i, Power: NoPower, Played: c})
		}
		sets = append(sets, set)
	}
	if len(none) > 0 {
		return &PowerRuleError{Rule: p.PowerRule, NoPower: none, players: p.Players}
	}
	boards := len(free) / dip.BoardSize
	for s := 1; s < 1<<dip.BoardSize-1; s++ {
		var in []RuleBreak
		for k, set := range sets {
			if set&^s == 0 {
				var c [dip.BoardSize]int
				if pc := cnt[free[k]]; pc != nil {
					c = *pc
				}
				in = append(in, RuleBreak{Player: free[k], Power: NoPower, Played: c})
			}
		}
		if seats := boards * setSize(s); len(in) > seats {
			var pw []int
			for q := range dip.BoardSize {
				if s&(1<<q) != 0 {
					pw = append(pw, q)
				}
			}
			return &PowerRuleError{Rule: p.PowerRule, Crowded: &Crowding{Powers: pw, Seats: seats, Players: in},
				players: p.Players}
		}
	}
	return nil
}

// setSize counts the powers in a bit set.
func setSize(s int) int {
	n := 0
	for ; s != 0; s &= s - 1 {
		n++
	}
	return n
}

// legalRound seats a round's players (local) so that each plays a power
// the rule allows after the plays counted in cnt (n*7): a matching of the
// players to the powers, as many of each as there are boards, found by
// augmenting paths in a random order, then a random board for each. It
// reports false when there is none (checkRule refuses such a round 0).
func legalRound(f *frame, rng *rand.Rand, players []int, cnt []int32) ([]int32, bool) {
	boards := len(players) / dip.BoardSize
	allows := func(i, q int) bool {
		var c [dip.BoardSize]int
		for k := range dip.BoardSize {
			c[k] = int(cnt[i*dip.BoardSize+k])
		}
		return f.rule.Allows(&c, q)
	}
	holders := make([][]int, dip.BoardSize)
	var augment func(i int, seen *[dip.BoardSize]bool) bool
	augment = func(i int, seen *[dip.BoardSize]bool) bool {
		for _, q := range rng.Perm(dip.BoardSize) {
			if seen[q] || !allows(i, q) {
				continue
			}
			seen[q] = true
			if len(holders[q]) < boards {
				holders[q] = append(holders[q], i)
				return true
			}
			for k, j := range holders[q] {
				if augment(j, seen) {
					holders[q][k] = i
					return true
				}
			}
		}
		return false
	}
	for _, v := range rng.Perm(len(players)) {
		var seen [dip.BoardSize]bool
		if !augment(players[v], &seen) {
			return nil, false
		}
	}
	seat := make([]int32, len(players))
	for q, h := range holders {
		for b, v := range rng.Perm(len(h)) {
			seat[b*dip.BoardSize+q] = int32(h[v])
		}
	}
	return seat, true
}

// legalSchedule makes each round of a starting schedule keep the rule, in
// order, where a matching allows: round 0 against history, each later
// round against history and the rounds before it. A round that cannot
// keep it (a later round the tentative plan cannot fit) is left as it was.
func legalSchedule(f *frame, rng *rand.Rand, seat [][]int32) {
	cnt := slices.Clone(f.histPow)
	for r, sl := range seat {
		ok := true
		for s, i := range sl {
			var c [dip.BoardSize]int
			for k := range dip.BoardSize {
				c[k] = int(cnt[int(i)*dip.BoardSize+k])
			}
			ok = ok && f.rule.Allows(&c, s%dip.BoardSize)
		}
		if !ok {
			players := make([]int, len(sl))
			for k, i := range sl {
				players[k] = int(i)
			}
			if start, fits := legalRound(f, rng, players, cnt); fits {
				seat[r] = start
			}
		}
		for s, i := range seat[r] {
			cnt[int(i)*dip.BoardSize+s%dip.BoardSize]++
		}
	}
}

// excessDelta is the change of excess(cnt) when one play of p becomes a
// play of q (p != q), cnt left as it was.
func (r PowerRule) excessDelta(cnt []int32, p, q int) int {
	switch r {
	case AnyPower:
		return 0
	case DifferentPowers:
		d := 0
		if cnt[q] >= 1 {
			d++
		}
		if cnt[p] >= 2 {
			d--
		}
		return d
	}
	before := r.excess(cnt)
	cnt[p]--
	cnt[q]++
	d := r.excess(cnt) - before
	cnt[p]++
	cnt[q]--
	return d
}

// useRuleSwap reports whether annealers of the frame move with ruleSwap:
// not when the frame has no power rule or the heat is small: up to kickMax
// free players the best restarts re-split boards exactly, powers included
// (repartition), and there ruleSwap raised the totals (the power rules'
// benchmark, "Power rules" in docs/seeding.md: r_28x7_different from 2748
// to 2808).
func useRuleSwap(f *frame) bool {
	return f.rule != AnyPower && f.powers && len(f.free) > kickMax
}

// ruleSwapWork is what a ruleSwap counts for in the annealing's moves:
// it reads the costs of fourteen seats where a plain swap reads two. It
// counted for 2 until issue 29's fourteenth step, when ruleSwap took 42% of
// the CPU of r_66x5_rule's last two heats and its fourth heat, which looks
// ahead, 0.92-1.06 CPU-s. Counted for 3, seeds 1-16 of r_66x5 gave a mean
// total of 151.25 and a median of 150 (149-156), against 151.4 and 154
// (144-161), and the fourth heat took 0.68-0.72 CPU-s against 0.91-0.96;
// counted for 4, a mean of 150.8 (144-159), the fourth heat 0.55-0.58.
const ruleSwapWork = 3

// ruleSwap is the move that keeps players moving between boards under a
// power rule. Swapping slots s and t of different boards of round r hands
// each player the other's power, which the rule mostly forbids late in an
// event (by the fifth heat a player has three powers left of seven), so
// the annealing's plain swaps could hardly part two players who should
// not meet. ruleSwap moves each to the other's board (d is the plain
// swap's delta) and then gives each the best power of their new board, by
// one more swap within it where that pays, and keeps the move when the
// Metropolis test at temp accepts it. It is not used in round 0 when
// neighbouring powers are charged (d would hold their change).
func (a *annealer) ruleSwap(r, s, t, d int, temp float64) {
	sl := a.seat[r]
	x, y := int(sl[s]), int(sl[t])
	bs, bt := s/dip.BoardSize*dip.BoardSize, t/dip.BoardSize*dip.BoardSize
	// What the plain swap's players pay for their new opponents.
	d -= a.costs(r, x)[t%dip.BoardSize] + a.costs(r, y)[s%dip.BoardSize]
	// best is the cheapest way for player in to take slot u of the board
	// at b: u's power, or that of another slot k of the board whose
	// player takes u's power instead (k -1 when none).
	best := func(in, b, u int) (c, k int) {
		own := a.costs(r, in)
		q := u % dip.BoardSize
		c, k = own[q], -1
		for v := b; v < b+dip.BoardSize; v++ {
			if v == u {
				continue
			}
			if cv := own[v%dip.BoardSize] + a.costs(r, int(sl[v]))[q]; cv < c {
				c, k = cv, v
			}
		}
		return c, k
	}
	cx, kx := best(x, bt, t)
	cy, ky := best(y, bs, s)
	d += cx + cy
	if d > 0 && !a.accept(d, temp) {
		return
	}
	a.swap(r, s, t, 0)
	if kx >= 0 {
		a.swap(r, t, kx, 0)
	}
	if ky >= 0 {
		a.swap(r, s, ky, 0)
	}
	a.obj += d
}
