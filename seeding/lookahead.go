package seeding

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/armada-dtm/dtm/internal/dip"
)

// A heat seated alone (one round planned) while the next heat's players
// are known compares its best lookTop seatings by what they leave the next
// heat: after each, it seats the next heat with that heat's first
// lookRestarts restarts, and keeps the seating whose two heats cost least
// together. Seating a heat alone is greedy: its best seating may leave the
// next heat repeats that a seating a little dearer avoids (issue 29's
// fourth and fifth steps; docs/seeding-log.md, "Looking one heat ahead").
// Measured on the realistic events of seeding/instance/testdata/bench
// (seeds 1-32, default settings), the median total fell from 248 to 238 on
// r_52x5_teams, 143 to 142.5 on r_61x5_top and stayed 154 on r_66x5_rule,
// whose worst totals fell or stayed (268 to 258, 163 to 153, 164), at about
// 0.1 CPU-s more a heat.
const (
	lookTop      = 4
	lookRestarts = 4
)

// looksAhead reports whether Seed compares its best seatings by the next
// heat: a heat of more than kickMax and at most smallHeat players to seat,
// not large, planned alone, before a heat whose players are known and make
// boards of seven. A look ahead's own seating of the next heat does not
// look further. Nor does a heat whose players then choose their powers in
// turn (LowestRankedFirst): the seatings compared would not be the one
// returned.
func looksAhead(p *Problem, f *frame, opts Options) bool {
	return !opts.ahead && f.rounds == 1 && opts.RoundsLeft > 1 && f.midHeat() &&
		f.n <= largeHeat && !choosing(p, f) &&
		len(opts.Later) > 0 && len(opts.Later[0]) > 0 && len(opts.Later[0])%dip.BoardSize == 0
}

// Ahead is what a heat's look ahead found (Result.Ahead): the conflict of
// the seating kept and the next heat's least conflict after it, and the
// same of the heat's best seating alone (AloneNext -1 when the power rule
// left the next heat no seating after it).
type Ahead struct {
	Kept, Next       int
	Alone, AloneNext int
}

// lookAhead seats the next heat after each candidate (the best seatings,
// best first) and returns the one whose conflict and the next heat's
// together are least, ties to the earlier, with what it found. The next
// heat is seated as Seed will seat it (its seed is HeatSeed(opts.Seed, 1),
// the next heat's seed in dtm seed and dtm simulate) with its first
// lookRestarts restarts only: when that heat comes with the players
// foreseen, no board locked and the same seed, and is seated alone too,
// its best seating costs at most what the look ahead found (a heat that
// plans the heats after it keeps its best plan, whose first heat may cost
// more). A candidate after which the power rule leaves the next heat no
// seating is passed over. When the time cap or ctx ends the look ahead, or
// no candidate leaves the next heat a seating, it returns the first
// candidate and a nil Ahead, and cut true when the cap ended it; any other
// error of the next heat's seating is returned. It calls report after
// each candidate's next heat, with how many of the n it has seated.
func lookAhead(ctx context.Context, p *Problem, cands []*annealer, opts Options, deadline time.Time, report func(k, n int)) (best *annealer, ahead *Ahead, cut bool, err error) {
	q := *p
	o := Options{Seed: HeatSeed(opts.Seed, 1), RoundsLeft: opts.RoundsLeft - 1, Later: opts.Later[1:],
		Horizon: opts.Horizon, Effort: opts.Effort, Restarts: lookRestarts, Workers: opts.Workers, Now: opts.Now, ahead: true}
	if opts.Restarts > 0 {
		o.Restarts = min(o.Restarts, opts.Restarts)
	}
	best, least := cands[0], -1
	ahead = &Ahead{Alone: cands[0].roundCost(0), AloneNext: -1}
	for k, c := range cands {
		o.Time = deadline.Sub(opts.now())
		if o.Time <= 0 || ctx.Err() != nil {
			return cands[0], nil, o.Time <= 0, nil
		}
		q.History = append(slices.Clip(p.History), c.plan())
		res, err := Seed(ctx, &q, opts.Later[0], nil, o)
		report(k+1, len(cands))
		if res.TimedOut || ctx.Err() != nil {
			return cands[0], nil, res.TimedOut, nil
		}
		var broken *PowerRuleError
		switch {
		case errors.As(err, &broken):
			// The power rule leaves the next heat no seating after this
			// one: not a candidate.
			continue
		case err != nil:
			return nil, nil, false, fmt.Errorf("look one heat ahead, after restart %d: %w", c.restart, err)
		}
		if k == 0 {
			ahead.AloneNext = res.Conflict
		}

		if sum := c.roundCost(0) + res.Conflict; least < 0 || sum < least {
			best, least, ahead.Kept, ahead.Next = c, sum, c.roundCost(0), res.Conflict
		}
	}
	if least < 0 {
		return cands[0], nil, false, nil
	}
	return best, ahead, false, nil
}
