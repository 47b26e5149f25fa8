package director

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// PoolResult is what dtm seed --pool did: who qualified for the top boards
// and who was passed over ahead of them.
type PoolResult struct {
	Size int
	// Qualification names the ranking ("standings", "best 2 of heats 1-3").
	Qualification string
	// Players are the pool, in qualification order, by name; Declined and
	// Absent those ranked above the pool's last who declined a seat or do
	// not play the heat.
	Players, Declined, Absent []string
	// Boards is the number of top boards the pool fills: boards 1 to Boards.
	Boards int
	// Contention is set for --pool contention: the figures, and
	// Contenders who can still finish first (in standings order, by name).
	Contention *Contention
	Contenders []string
}

// qualificationRanking ranks every player for heat n's pool, best first, by
// the Tournament sheet's Pool qualification over the games of the heats
// before n: the standings (their order, tie-breaks included), or the sum
// of each player's best K game scores in heats A-B, ties in standings order.
func qualificationRanking(t *workbook.Tournament, n int) ([]int, error) {
	e := t.Event()
	e.Games = slices.DeleteFunc(slices.Clone(e.Games), func(g scoring.Played) bool { return g.Heat >= n })
	table, err := scoring.Standings(e)
	if err != nil {
		return nil, wrapf(err, "standings before heat %d", n)
	}
	var order []int
	for _, s := range table.Players {
		order = append(order, s.Player)
	}
	q := t.Settings.Qualification
	if q.Best == 0 {
		return order, nil
	}
	heatBest := map[[2]int]float64{} // player, heat -> the game score (the better, on two boards)
	for _, g := range e.Games {
		if g.Heat < q.From || g.Heat > q.To {
			continue
		}
		for _, s := range g.Seats {
			k := [2]int{s.Player, g.Heat}
			if v, ok := heatBest[k]; !ok || s.Score > v {
				heatBest[k] = s.Score
			}
		}
	}
	scores := make([][]float64, len(t.Players))
	for k, v := range heatBest {
		if p := k[0]; p >= 0 && p < len(scores) {
			scores[p] = append(scores[p], v)
		}
	}
	best := make([]float64, len(t.Players))
	for p, sc := range scores {
		slices.SortFunc(sc, func(a, b float64) int { return cmp.Compare(b, a) })
		for _, v := range sc[:min(q.Best, len(sc))] {
			best[p] += v
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(best[b], best[a]) })
	return order, nil
}

// Pool says whom a seeding seats on the top boards, seeded among
// themselves: the best Size players of the qualification ranking, or with
// Contention everyone who can still finish first. The zero Pool seats none.
type Pool struct {
	Size       int // a multiple of seven
	Contention bool
}

// ParsePool reads a pool as dtm seed's --pool gives it: "top N" (7, 14,
// 21 ...) or "contention".
func ParsePool(s string) (Pool, error) {
	if strings.EqualFold(strings.TrimSpace(s), "contention") {
		return Pool{Contention: true}, nil
	}
	n, err := seeding.ParsePool(s)
	if err != nil {
		return Pool{}, fmt.Errorf("%w, or contention", err)
	}
	return Pool{Size: n}, nil
}

// set reports whether the pool seats anyone.
func (p Pool) set() bool { return p.Size > 0 || p.Contention }

// String is the pool as --pool gives it ("top 7", "contention").
func (p Pool) String() string {
	if p.Contention {
		return "contention"
	}
	return fmt.Sprintf("top %d", p.Size)
}

// poolChoice is who a pool takes for heat hs.Heat: the choice, what dtm
// seed says of it, and a digest of what it was made from (the ranking
// walked, its size, who declines) for the seeding record.
type poolChoice struct {
	seeding.PoolChoice
	result *PoolResult
	digest string
}

// choosePool chooses heat hs.Heat's pool from the players of hs.Present:
// the first want.Size of the qualification ranking who accept a pool seat,
// or with want.Contention everyone who can still finish first, filled to
// whole boards in standings order.
func choosePool(t *workbook.Tournament, hs workbook.HeatSeating, want Pool) (poolChoice, error) {
	n := hs.Heat
	plays := map[int]bool{}
	for _, p := range hs.Present {
		plays[p] = true
	}
	pr := &PoolResult{Qualification: t.Settings.Qualification.String()}
	var ranking []int
	size := want.Size
	declines := func(p int) bool { return t.Players[p].Declines }
	if want.Contention {
		c, err := contention(t, n)
		if err != nil {
			return poolChoice{}, err
		}
		if ranking, size, err = contentionRanking(t, hs, c, func(p int) bool { return plays[p] }); err != nil {
			return poolChoice{}, err
		}
		declines = func(int) bool { return false }
		pr.Qualification = "contention, then the standings"
		pr.Contention = &c
		for _, p := range c.Players {
			pr.Contenders = append(pr.Contenders, t.Players[p].Name)
		}
	} else {
		var err error
		if ranking, err = qualificationRanking(t, n); err != nil {
			return poolChoice{}, err
		}
	}
	choice, err := seeding.ChoosePool(ranking, size, func(p int) bool { return plays[p] }, declines)
	if err != nil {
		return poolChoice{}, fmt.Errorf("heat %d: %w (%d play the heat; %d declined)", n, err, len(hs.Present), len(choice.Declined))
	}
	declined := slices.DeleteFunc(slices.Clone(ranking), func(p int) bool { return !declines(p) })
	pr.Size, pr.Boards = size, size/dip.BoardSize
	names := func(ps []int) []string {
		var out []string
		for _, p := range ps {
			out = append(out, t.Players[p].Name)
		}
		return out
	}
	pr.Players, pr.Declined, pr.Absent = names(choice.Pool), names(choice.Declined), names(choice.Absent)
	return poolChoice{PoolChoice: choice, result: pr, digest: shortDigest([]any{ranking, size, declined})}, nil
}

// seatPool seats heat n with a pool: the first size players of the
// qualification ranking who play the heat and accept a pool seat
// (choosePool), then seatPoolChoice. It returns the seeding and the choice.
func seatPool(ctx context.Context, t *workbook.Tournament, hs workbook.HeatSeating, problem *seeding.Problem,
	want Pool, opts seeding.Options) (seeding.Result, poolChoice, error) {
	n := hs.Heat
	if len(hs.Locked) > 0 {
		return seeding.Result{}, poolChoice{}, fmt.Errorf("heat %d has %d started or finished board(s): a pool takes the top boards, "+
			"so seed it before any board starts (or set them back to Unstarted)", n, len(hs.Locked))
	}
	if k := len(hs.Present); k%dip.BoardSize != 0 {
		return seeding.Result{}, poolChoice{}, &seeding.CountError{Players: k, SitOut: k % dip.BoardSize,
			Add: dip.BoardSize - k%dip.BoardSize}
	}
	choice, err := choosePool(t, hs, want)
	if err != nil {
		return seeding.Result{}, poolChoice{}, err
	}
	seeded, err := seatPoolChoice(ctx, problem, hs.Present, choice.Pool, opts)
	return seeded, choice, err
}

// seatPoolChoice seats a heat's players present with the pool seeded among
// themselves on the top boards, then the rest around them (as dtm verify
// seats a pool heat again from its record). The result's plan has every
// board unlocked; its Bound is the sum of the two seedings' lower bounds,
// and TimedOut is set when the time cap stopped either search.
func seatPoolChoice(ctx context.Context, problem *seeding.Problem, present, pool []int, opts seeding.Options) (seeding.Result, error) {
	onPool := "on the pool's one board"
	if k := len(pool) / dip.BoardSize; k > 1 {
		onPool = fmt.Sprintf("on the pool's %d boards (one per board)", k)
	}
	seeded, err := seeding.Seed(ctx, problem, sorted(pool), nil, opts)
	if err != nil {
		return seeding.Result{}, poolRuleWhere(err, onPool)
	}
	rest := slices.DeleteFunc(slices.Clone(present), func(p int) bool { return slices.Contains(pool, p) })
	if len(rest) > 0 {
		// The rest are seeded around the pool's boards, held as if started.
		top := slices.Clone(seeded.Plan.Boards)
		for i := range top {
			top[i].Locked = true
		}
		others, err := seeding.Seed(ctx, problem, rest, top, opts)
		if err != nil {
			return seeding.Result{}, poolRuleWhere(err, "on the boards outside the pool (one per board)")
		}
		seeded.Plan, seeded.Bound = others.Plan, seeded.Bound+others.Bound
		seeded.TimedOut = seeded.TimedOut || others.TimedOut
	}
	for i := range seeded.Plan.Boards {
		seeded.Plan.Boards[i].Locked = false
	}
	return seeded, nil
}

// poolMembers are the players a pool would take from heat hs.Heat's players
// as registered before anyone is chosen to sit out (seatPool chooses the
// same way): dtm seed --pool --sit-out auto never benches them, so that a
// leader is never passed over for the top board because they sat out. It
// is nil when the pool cannot be chosen (seatPool then says why) or is not
// a multiple of seven players.
func poolMembers(t *workbook.Tournament, hs workbook.HeatSeating, want Pool) map[int]bool {
	choice, err := choosePool(t, hs, want)
	if err != nil || len(choice.Pool)%dip.BoardSize != 0 {
		return nil
	}
	keep := map[int]bool{}
	for _, p := range choice.Pool {
		keep[p] = true
	}
	return keep
}

// poolRuleWhere says, in a refusal under the power rule, which part of the
// heat a pool's seeding seated: the pool's boards are seeded on their own,
// then the others around them.
func poolRuleWhere(err error, where string) error {
	var pe *seeding.PowerRuleError
	if errors.As(err, &pe) && pe.Crowded != nil {
		pe.Where = where
	}
	return err
}

// sorted returns a sorted copy.
func sorted(ps []int) []int {
	out := slices.Clone(ps)
	slices.Sort(out)
	return out
}
