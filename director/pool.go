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

// seatPool seats heat n with a pool: the first size players of the
// qualification ranking who play the heat and accept a pool seat are seeded
// among themselves on boards 1 to size/7, then the rest around them. It
// returns the seeded plan (every board unlocked), the sum of the two lower
// bounds, and whether the time cap stopped either search.
func seatPool(ctx context.Context, t *workbook.Tournament, hs workbook.HeatSeating, problem *seeding.Problem,
	want Pool, opts seeding.Options, res *SeedResult) (seeding.Plan, int, bool, error) {
	n := hs.Heat
	size := want.Size
	if len(hs.Locked) > 0 {
		return seeding.Plan{}, 0, false, fmt.Errorf("heat %d has %d started or finished board(s): a pool takes the top boards, "+
			"so seed it before any board starts (or set them back to Unstarted)", n, len(hs.Locked))
	}
	if k := len(hs.Present); k%dip.BoardSize != 0 {
		return seeding.Plan{}, 0, false, &seeding.CountError{Players: k, SitOut: k % dip.BoardSize,
			Add: dip.BoardSize - k%dip.BoardSize}
	}
	plays := map[int]bool{}
	for _, p := range hs.Present {
		plays[p] = true
	}
	var choice seeding.PoolChoice
	pr := &PoolResult{Qualification: t.Settings.Qualification.String()}
	var err error
	if want.Contention {
		var c *Contention
		choice, c, err = contentionPool(t, hs, func(p int) bool { return plays[p] })
		if err != nil {
			return seeding.Plan{}, 0, false, err
		}
		size = len(choice.Pool)
		pr.Qualification = "contention, then the standings"
		pr.Contention = c
		for _, p := range c.Players {
			pr.Contenders = append(pr.Contenders, t.Players[p].Name)
		}
	} else {
		ranking, err := qualificationRanking(t, n)
		if err != nil {
			return seeding.Plan{}, 0, false, err
		}
		choice, err = seeding.ChoosePool(ranking, size, func(p int) bool { return plays[p] },
			func(p int) bool { return t.Players[p].Declines })
		if err != nil {
			return seeding.Plan{}, 0, false, fmt.Errorf("heat %d: %w (%d play the heat; %d declined)", n, err, len(hs.Present), len(choice.Declined))
		}
	}
	pr.Size, pr.Boards = size, size/dip.BoardSize
	onPool := "on the pool's one board"
	if pr.Boards > 1 {
		onPool = fmt.Sprintf("on the pool's %d boards (one per board)", pr.Boards)
	}
	names := func(ps []int) []string {
		var out []string
		for _, p := range ps {
			out = append(out, t.Players[p].Name)
		}
		return out
	}
	pr.Players, pr.Declined, pr.Absent = names(choice.Pool), names(choice.Declined), names(choice.Absent)
	res.Pool = pr
	pool, err := seeding.Seed(ctx, problem, sorted(choice.Pool), nil, opts)
	if err != nil {
		return seeding.Plan{}, 0, false, poolRuleWhere(err, onPool)
	}
	inPool := map[int]bool{}
	for _, p := range choice.Pool {
		inPool[p] = true
	}
	var rest []int
	for _, p := range hs.Present {
		if !inPool[p] {
			rest = append(rest, p)
		}
	}
	plan := pool.Plan
	bound, timedOut := pool.Bound, pool.TimedOut
	if len(rest) > 0 {
		// The rest are seeded around the pool's boards, held as if started.
		top := slices.Clone(pool.Plan.Boards)
		for i := range top {
			top[i].Locked = true
		}
		others, err := seeding.Seed(ctx, problem, rest, top, opts)
		if err != nil {
			return seeding.Plan{}, 0, false, poolRuleWhere(err, "on the boards outside the pool (one per board)")
		}
		plan = others.Plan
		bound += others.Bound
		timedOut = timedOut || others.TimedOut
	}
	for i := range plan.Boards {
		plan.Boards[i].Locked = false
	}
	return plan, bound, timedOut, nil
}

// poolMembers are the players a pool would take from heat hs.Heat's players
// as registered before anyone is chosen to sit out (seatPool chooses the
// same way): dtm seed --pool --sit-out auto never benches them, so that a
// leader is never passed over for the top board because they sat out. It
// is nil when the pool cannot be chosen (seatPool then says why) or is not
// a multiple of seven players.
func poolMembers(t *workbook.Tournament, hs workbook.HeatSeating, want Pool) map[int]bool {
	plays := func(p int) bool { return slices.Contains(hs.Present, p) }
	var choice seeding.PoolChoice
	var err error
	if want.Contention {
		choice, _, err = contentionPool(t, hs, plays)
	} else {
		var ranking []int
		if ranking, err = qualificationRanking(t, hs.Heat); err == nil {
			choice, err = seeding.ChoosePool(ranking, want.Size, plays, func(p int) bool { return t.Players[p].Declines })
		}
	}
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
