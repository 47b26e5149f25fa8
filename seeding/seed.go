package seeding

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Options tune Seed. The zero value works.
type Options struct {
	// Seed makes the seating reproducible: the same problem, heat, options
	// and Seed give the same plan, whatever the machine, its load and the
	// number of workers (unless the Time cap is reached: see
	// Result.TimedOut).
	Seed int64
	// RoundsLeft counts the rounds still to seed, this one included (0 is
	// taken as 1). Seed plans them all and keeps the first, so that this
	// round leaves later ones free of repeats.
	RoundsLeft int
	// Later lists, when known, the players present in each later round
	// (Later[0] is the next round): a later round is planned with them
	// alone, so that this round avoids the repeats their absences force
	// (a player absent from this round may be listed). A round missing or
	// nil, or whose players do not make boards of seven, is planned with
	// everyone present in this round.
	Later [][]int
	// Horizon caps the rounds planned at once, this one included. 0 means
	// all of RoundsLeft when a construction fits the heat (7q players, q = 7
	// or a prime power of at least 8, no locked board, the complete rounds
	// so far classes of the same design), 3 when Later tells of players
	// absent from this heat or from a later one (1 for heats of 43 to 70
	// players to seat, all of RoundsLeft for heats of more than 70), else 2:
	// measured on the benchmark's kinds, a long tentative schedule that the
	// optimiser cannot solve well misleads it more than it helps.
	Horizon int
	// Time is a safety cap on the wall time, not a budget: the search does
	// a fixed amount of work (restarts and moves), which takes well under
	// a second up to 140 players and a few seconds at thousands on a
	// common laptop. 0 means DefaultTimeCap.
	Time time.Duration
	// Effort scales the number of moves tried per restart; 0 means 1.
	Effort float64
	// Restarts is the number of independent restarts; 0 means 16 up to 70
	// players to seat, else 6 up to 140 players (8 of twice the moves in
	// the event's last heat), 2 above. A heat planning designRounds heats
	// or more from a construction runs only designRuns of them, each
	// starting from it.
	Restarts int
	// Workers is the number of restarts run at once; 0 means GOMAXPROCS.
	Workers int
	// Progress, if set, is called after each restart from Seed's goroutine.
	Progress func(Progress)
	// Now is the clock, called from several goroutines; nil means time.Now.
	// It only measures Elapsed and enforces the Time cap.
	Now func() time.Time

	// ahead marks the seating of a next heat for lookAhead, which does
	// not look further ahead.
	ahead bool
}

// DefaultTimeCap is the wall time after which Seed stops searching when
// Options.Time is 0. The default work ends long before it.
const DefaultTimeCap = time.Minute

// Progress reports a finished restart, or, once they are all done, a
// seating the look ahead has compared (Ahead of Aheads; see Seed).
type Progress struct {
	// Restart counts the restarts finished, of the Restarts the heat runs:
	// Options.Restarts, or without it the default, of which a heat that
	// plans designRounds heats or more from a construction runs half.
	Restart, Restarts int
	// Ahead counts the seatings the look ahead has compared, of Aheads;
	// both are 0 before it, and in a heat that does not look ahead.
	Ahead, Aheads int
	// Best is the conflict of this round in the best schedule so far.
	Best int
	// Bound is LowerBound for this round.
	Bound   int
	Elapsed time.Duration
}

// Result is a seeded heat.
type Result struct {
	// Plan is the heat's seating: the locked boards, then the seeded ones.
	Plan Plan
	// Conflict is the conflict of the seeded boards (Explain's Total).
	Conflict int
	// Bound is LowerBound for the heat: no seating has less conflict.
	Bound int
	// Ahead is what the look ahead found, nil when Seed did not look
	// ahead (see Seed).
	Ahead *Ahead
	// TimedOut is true when the Time cap, not the planned work, ended the
	// search: the seating may then differ from one machine or run to
	// another, and a longer cap (or a lower Effort) gives a reproducible one.
	TimedOut bool
	// Planned is true when the heat follows a plan of the whole event on a
	// design in which the players who miss some heat fill the places left
	// (fillerPlan): a function of the event's heats, not of Options.Seed.
	Planned bool
}

// Optimal reports whether the seating is proven as good as any: its
// conflict equals the lower bound.
func (r Result) Optimal() bool { return r.Conflict <= r.Bound }

// BoundNote says, in a sentence for the tournament director, what the
// gap between the conflict and the lower bound means.
func (r Result) BoundNote() string {
	if r.Optimal() {
		return "the lower bound is reached: no seating of this heat has less conflict"
	}
	return fmt.Sprintf("the lower bound counts only what each player must pay on their own, the powers "+
		"left when each has one seat a board, the repeats that earlier boards force and the pairs that "+
		"large groups and teams must leave together; the best seating may cost more than it, so a gap of %d "+
		"does not mean that a better seating exists",
		r.Conflict-r.Bound)
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// The moves tried per restart at Effort 1: movesPerSlot for each seat of
// the tentative schedule, at least minMoves and at most maxMoves (above 140
// players: no minimum, at most maxMovesLarge). The search stops early when
// it reaches the lower bound.
const (
	movesPerSlot  = 3000
	minMoves      = 400_000
	maxMoves      = 1_200_000
	maxMovesLarge = 4_000_000
)

// largeHeat is the most players of a heat that is not large: a large heat
// runs two restarts from a cool start, aims every second move at a
// conflicting board, and does not look ahead.
const largeHeat = 140

// smallHeat is the most players to seat of a heat that gets twice the
// restarts: small heats are where repeats are forced and the result varies
// most from one restart to another, and their restarts are cheap (measured
// on the forced-repeat events of seeding/instance/testdata/bench, four
// seeds: 16 restarts gave a lower mean total than 8, and 24 no lower than
// 16). The players to seat are counted, as for seating a heat alone
// (knownHorizon) and looking ahead (lookAhead): until issue 29's ninth step
// the restarts counted the players registered too, so that r_72x3_day2's
// heats of 70 to seat among 72 were seated alone with 8 restarts and no
// look ahead (seeds 1-16: median total 238, now 234.5).
const smallHeat = 70

// mediumRestarts is the restarts of a heat of more than smallHeat players
// to seat that is not large. Issue 29's eleventh step cut them from 8,
// when such a heat began to plan the whole event (setHorizon) and its first
// heats no longer stopped early at their bound: 140 x 6 and 133 x 5 events
// took 1.10 and 1.29 CPU-s in their slowest heat. With 6, seeds 1-8 of every
// event of 71 to 140 tried gave the same totals (r_90x4, r_100x5, r_140x6,
// r_133x5 and 98 x 5, each at its bound, and 120 x 5), or within the spread
// between seeds (84 x 6 with everyone present: median 387 with 8, 388 with
// 6; 91 x 7: 538.5 and 534.5), at a quarter less CPU. An event's last heat
// of that size runs lastMediumRestarts of lastMediumMoves times the moves.
const mediumRestarts = 6

// continuesBest reports whether Seed continues the heat's best kickTop
// restarts with re-splits and kicks (continueBest), where the annealers
// keep the flat table of what pairs pay (frame.meet): in a heat of at most
// kickMax players to seat, and in an event's last heat that is not large.
// Nothing is planned after the last heat, so its own search decides its
// seating. Until issue 29's thirteenth step it ran 32 restarts and no
// kicks (16 of twice the moves above smallHeat players to seat); it now
// runs 16 (lastMediumRestarts of twice the moves). Given seed 1's earlier
// heats, over seeds 1-8, the last heat of r_72x3_day2 (70 players to seat)
// cost 130 to 150 (mean 142.9) before and 129 to 138 (134.4) after; that
// of r_66x5_rule 112 to 122 (115.1) against 102 to 117 (111.0); that of
// r_84x6_everyone (84) 152 to 163 (158) against 144 to 161 (151.9);
// r_52x5_teams' and r_61x5_top's kept their means. Each took less CPU
// (0.59 to 0.74 CPU-s a heat, against 0.71 to 0.98), because a re-split
// that found nothing is not searched again (annealer.unsplit): without
// that, r_72x3's took 0.96. The look ahead's seating of a last heat
// (Options.ahead) does not continue: it compares the heat before's
// seatings by the next heat's first restarts, and the kicks that the next
// heat then runs on its best restarts only lower what it foresaw.
func continuesBest(f *frame, opts Options) bool {
	last := opts.RoundsLeft <= 1 && !opts.ahead && f.n <= largeHeat
	return f.meet() && (len(f.free) <= kickMax || last)
}

// lastMediumMoves multiplies the moves of each restart in an event's last
// heat of more than smallHeat players to seat, not large, which runs
// lastMediumRestarts. Given seed 1's first five heats of r_84x6_everyone,
// its last heat (84 players) cost 160-172 over seeds 1-8 with 16 restarts
// of the usual moves (0.36 CPU-s), 156-166 with 32 (0.74) and 152-163 with
// 16 of twice the moves (0.72; 12 of three times: 154-162, 0.81). Such a
// heat stops at its own bound (flatRound), so r_90x4's last heat, which
// reaches it, took 0.05 CPU-s, against 0.15 when its restarts ran to the
// end. In the last heats of 43 to 70 players, 16 restarts of twice the
// moves did no better than 32 (r_52x5, r_61x5, r_66x5, r_72x3), nor 8 of
// twice the moves with the kicks better than 16 with them (means 169.8,
// 101.3, 110.8, 135.8 against 169.8, 100.1, 111.0, 134.4).
const lastMediumMoves = 2

// lastMediumRestarts is the restarts of that heat, whose best kickTop are
// then continued (continuesBest). Given seed 1's first five heats of
// r_84x6_everyone, seeds 1-8, the last heat cost a mean of 152.5 with 6
// restarts and the kicks (0.56 CPU-s), 151.9 with 8 (0.64), 150.9 with 10
// or 12 (0.76, 0.83) and 152.4 with 16 (0.98), against 158 with 16 and no
// kicks (0.71).
const lastMediumRestarts = 8

// designRounds is the fewest heats planned at once for which a heat that a
// construction fits (an affine plane or a transversal design: affine.go,
// design.go) runs only restarts that start from it (even ones, designRuns
// of them), the odd ones from a random seating being hopeless there: on the first
// heats of a_49x8, f_63x5_fam_clubs and r_49x5_clubs, which plan 5 to 8
// heats, the best random restart ends at 4,196 to 4,840 against 980 to
// 1,022 from the affine plane (a_49x8), at 464 against 324 (f_63x5) and
// at 817 against 252 (r_49x5) in the seeder's objective. Planning 4 heats
// or fewer, a random restart can win (a_49x8's fifth heat: 980 against
// the plane's 984), but issue 29's twelfth step found no total that it
// changes: with 4 rather than 5, seeds 1-8 of a_49x8, f_63x5 and r_49x5
// reach their optima (490, 162, 126) as before, and the slowest heat of
// f_63x5, its second, which plans four heats, fell from 1.17 CPU-s to 0.92
// (a_49x8 0.89 to 0.69, r_49x5 0.98 to 0.80). With 3, the totals were the
// same again, but a random restart wins more often the fewer heats are
// planned, and no heat planning three was above 0.8 CPU-s.
const designRounds = 4

// designRuns is the most restarts that such a heat runs, each from the
// construction under another labelling: the annealing seldom improves on
// it. Until issue 29's fourteenth step it ran the even 8 of its 16 restarts.
// On seeds 1-8 of a_49x8, f_63x5_fam_clubs and r_49x5_clubs, 4 gave the
// same totals as 8 (490, 162, 126, the optima), and f_63x5's first heat,
// which plans five heats, took 0.43-0.50 CPU-s against 0.85-1.18.
const designRuns = 4

// Seed seats the present players (those on locked boards may be listed or
// not) at boards of seven around the locked boards, assigning powers when
// the problem does, with the least conflict given the problem's history.
// The result's plan holds the locked boards first, verbatim, then the
// seeded boards, as round (last history round + 1). When ctx is cancelled
// or the Time cap runs out it returns the best seating found so far.
//
// A heat of 43 to 70 players to seat, seated alone while the next heat's
// players are known (Options.Later), keeps of its best four seatings the
// one that leaves the next heat the least conflict with its own
// (lookAhead), which may cost this heat a little more; not when its
// players then choose their powers in turn, nor in a heat of more than
// largeHeat players (looksAhead).
//
// The problem's PowerRule is kept as a hard rule: a heat where it allows a
// player to seat no power at all is refused at once, and a seating that
// still breaks it after the search is returned with a *PowerRuleError.
// Under LowestRankedFirst, the players of each seeded board then choose
// their powers in the problem's ChoiceOrder (the result's Conflict is that
// of the boards as chosen).
func Seed(ctx context.Context, p *Problem, present []int, locked []Board, opts Options) (Result, error) {
	f, err := newFrame(p, present, locked, opts.RoundsLeft, opts.Later)
	if err != nil {
		return Result{}, err
	}
	start := opts.now()
	if opts.Horizon <= 0 && !opts.ahead {
		// The look ahead seats the next heat after a heat seeded without
		// the plan, so that heat cannot follow it either.
		f.fill = fillerPlan(p, f, present, opts.Later, opts.Effort)
	}
	paid := f.setHorizon(opts.Horizon)
	bound0 := f.bound0()
	// Heats that continue their best restarts keep a few for continueBest,
	// heats that look ahead theirs for lookAhead.
	polish := continuesBest(f, opts)
	look := looksAhead(p, f, opts)
	bound := totalWeight*f.boundTotal() + bound0
	if (!polish || len(f.free) > kickMax) && !look && flatRound(p, f) {
		bound = max(bound, (totalWeight+1)*bound0)
	}
	large := f.n > largeHeat
	// lastMedium is an event's last heat of more than smallHeat players to
	// seat, not large: it anneals longer (lastMediumMoves).
	lastMedium := !large && len(f.free) > smallHeat && opts.RoundsLeft <= 1
	restarts := opts.Restarts
	if restarts <= 0 {
		switch {
		case large:
			restarts = 2
		case lastMedium:
			restarts = lastMediumRestarts
		case len(f.free) <= smallHeat:
			restarts = 16
		default:
			restarts = mediumRestarts
		}
	}
	// runs is how many restarts are run: every one, or, when the heat
	// plans designRounds heats or more from a construction, designRuns of
	// those that start from it (step 2).
	runs, step := restarts, 1
	if opts.Restarts <= 0 && f.rounds >= designRounds && constructionFits(f) {
		restarts = min(restarts, 2*designRuns)
		runs, step = (restarts+1)/2, 2
	}
	// A heat planned with fillers before the last seats the plan's heat as
	// built: the later heats go on with the plan only if this heat is it.
	following := f.fill != nil && f.rounds > 1
	switch {
	case following:
		restarts, runs, step = 1, 1, 1
	case f.fill != nil && opts.Restarts <= 0:
		// The last heat of a plan with fillers: the plan's last heat is
		// where the search starts, and its build took part of the time.
		restarts, runs = fillerLastRestarts, fillerLastRestarts
	}
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = min(workers, runs)
	limit := opts.Time
	if limit <= 0 {
		limit = DefaultTimeCap
	}
	deadline := start.Add(limit)
	var timedOut atomic.Bool
	capped := func() bool {
		if opts.now().After(deadline) {
			timedOut.Store(true)
			return true
		}
		return false
	}
	effort := opts.Effort
	if effort <= 0 {
		effort = 1
	}
	slots := 0
	for r := range paid {
		slots += len(f.roundPlayers(r))
	}
	iters := int(effort * float64(min(max(movesPerSlot*slots, minMoves), maxMoves)))
	if large {
		iters = int(effort * float64(min(movesPerSlot*slots, maxMovesLarge)))
	}
	if lastMedium {
		iters *= lastMediumMoves
	}
	if following {
		iters = 0
	}
	t0 := float64(totalWeight*max(f.ro, f.sp, 1)) * 0.6
	if large {
		// Large heats have room to avoid every conflict: a hot start
		// only scatters what the first moves settle (measured at 700 to
		// 7,000 players: the optimum 0 in a hundredth of the moves).
		t0 *= 0.1
	}
	t1 := float64(totalWeight) * 0.15

	// A restart that reaches the bound cancels the later ones only, so the
	// winner (least objective, then lowest index) does not depend on timing.
	var atBound atomic.Int64
	atBound.Store(int64(restarts))
	results := make([]*annealer, restarts)
	done := make(chan int)
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := range next {
				results[k] = restart(f, opts.Seed, k, iters, bound, t0, t1, func() bool {
					return atBound.Load() < int64(k) || ctx.Err() != nil || capped()
				})
				if results[k].obj <= bound {
					for {
						cur := atBound.Load()
						if cur <= int64(k) || atBound.CompareAndSwap(cur, int64(k)) {
							break
						}
					}
				}
				done <- k
			}
		})
	}
	go func() {
		defer close(next)
		for k := 0; k < restarts; k += step {
			if k > 0 && (atBound.Load() < int64(k) || ctx.Err() != nil || capped()) {
				return
			}
			next <- k
		}
	}()
	go func() {
		wg.Wait()
		close(done)
	}()
	var best *annealer
	better := func(a, b *annealer) bool {
		if a.obj != b.obj {
			return a.obj < b.obj
		}
		return a.roundCost(0) < b.roundCost(0)
	}
	// first orders schedules as they win: better, then the lower restart.
	first := func(a, b *annealer) int {
		switch {
		case better(a, b):
			return -1
		case better(b, a):
			return 1
		}
		return a.restart - b.restart
	}
	// A result is read only after its worker reported it on done; ties go
	// to the lower restart index, whatever the order of arrival.
	count := 0
	keep := 0
	switch {
	case polish:
		keep = kickTop
	case look:
		keep = lookTop
	}
	var kept []*annealer
	for k := range done {
		count++
		if r := results[k]; best == nil || better(r, best) || (!better(best, r) && k < best.restart) {
			best = r
		}
		if keep > 0 {
			kept = append(kept, results[k])
			slices.SortFunc(kept, first)
			kept = kept[:min(len(kept), keep)]
		}
		results[k] = nil // only the best (keep of them) are kept: memory does not grow with the restarts
		if opts.Progress != nil {
			opts.Progress(Progress{Restart: count, Restarts: runs, Best: best.roundCost(0),
				Bound: bound0, Elapsed: opts.now().Sub(start)})
		}
	}
	if polish && best.roundCost(0) > bound0 && best.obj > bound {
		best = continueBest(kept, first, bound, bound0, workers, func() bool { return ctx.Err() != nil || capped() })
	}
	var ahead *Ahead
	if look && len(kept) > 1 && best.obj > bound {
		var cut bool
		report := func(k, n int) {
			if opts.Progress != nil {
				opts.Progress(Progress{Restart: count, Restarts: runs, Ahead: k, Aheads: n, Best: kept[0].roundCost(0),
					Bound: bound0, Elapsed: opts.now().Sub(start)})
			}
		}
		if best, ahead, cut, err = lookAhead(ctx, p, kept, opts, deadline, report); err != nil {
			return Result{}, err
		}
		if cut {
			timedOut.Store(true)
		}
	}
	res := Result{Plan: best.plan(), Conflict: best.roundCost(0), Bound: bound0, TimedOut: timedOut.Load(), Ahead: ahead,
		Planned: f.fill != nil}
	if choosing(p, f) {
		chooseInTurn(p, &res.Plan)
		ex, err := Explain(p, res.Plan)
		if err != nil {
			return res, err
		}
		res.Conflict = ex.Total
	}
	if br := RuleBreaks(p, res.Plan); len(br) > 0 {
		return res, &PowerRuleError{Rule: p.PowerRule, Breaks: br, players: p.Players}
	}
	return res, nil
}

// restart runs restart k: it anneals its starting schedule, then assigns
// each board's powers optimally. A construction that the annealing did not
// improve is kept as it was (a schedule of equal cost may no longer be the
// construction that later heats read back). A construction is relabelled
// first where its labelling is still free: before any complete round, and
// for the affine plane after one (relabel).
func restart(f *frame, seed int64, k, iters, bound int, t0, t1 float64, stop func() bool) *annealer {
	rng := rand.New(rand.NewPCG(uint64(seed), uint64(k)))
	seat, built := initial(f, rng, k)
	a := newAnnealer(f, rng, seat)
	a.restart = k
	var kept [][]int32
	if built {
		if f.fill == nil && (len(f.full) == 0 || len(f.full) == 1 && f.n == plane*plane) {
			a.relabel(relabelTries * len(f.free))
		}
		kept = make([][]int32, len(seat))
		for r := range seat {
			kept[r] = slices.Clone(a.seat[r])
		}
	}
	start := a.obj
	a.run(iters, bound, t0, t1, stop)
	a.polishPowers()
	if built && a.obj >= start {
		a = newAnnealer(f, rng, kept)
		a.restart = k
		a.polishPowers()
	}
	return a
}

// initial is restart k's starting schedule: a construction when one fits
// (even restarts; built is then true), otherwise a random seating. Under a
// power rule, round 0 starts legal (legalSchedule): the search then never
// leaves the rule, as a move that breaks it costs hardCost; so do the
// later rounds of the tentative plan, where they can.
func initial(f *frame, rng *rand.Rand, k int) (seat [][]int32, built bool) {
	seat, built = unruled(f, rng, k)
	if f.rule != AnyPower {
		legalSchedule(f, rng, seat)
	}
	return seat, built
}

// unruled is initial's schedule before the power rule.
func unruled(f *frame, rng *rand.Rand, k int) (seat [][]int32, built bool) {
	if k%2 == 0 {
		if seat, ok := constructionStart(f, rng); ok {
			return seat, true
		}
	}
	seat = make([][]int32, f.rounds)
	for r := range seat {
		pl := f.roundPlayers(r)
		seat[r] = make([]int32, len(pl))
		for s, v := range rng.Perm(len(pl)) {
			seat[r][s] = int32(pl[v])
		}
	}
	return seat, false
}

// flatRound reports whether the frame plans its heat alone and charges
// nothing but pairs and powers, with no power rule: the annealing's
// objective is then (totalWeight+1) times the heat's conflict, so that
// (totalWeight+1) times the heat's bound bounds it too, tighter than
// boundTotal, which counts each player's cheapest powers whatever the
// seats (TestFlatRoundObjective). A heat that looks ahead, or a heat of
// at most kickMax players to seat that continues its best restarts, keeps
// the weaker bound: stopping its restarts at the bound would change the
// seatings it compares (an event's last heat of more does stop there: a
// restart at the bound is optimal, and nothing is continued).
func flatRound(p *Problem, f *frame) bool {
	if f.rounds != 1 || f.nb > 0 || f.rule != AnyPower {
		return false
	}
	for _, i := range f.free {
		for q := range dip.BoardSize {
			if c, _ := p.preferenceCost(f.glob[i], q); c != 0 {
				return false
			}
		}
	}
	return true
}

// plan converts round 0 of the schedule into the heat's plan.
func (a *annealer) plan() Plan {
	f := a.f
	pl := Plan{Round: f.round}
	for _, b := range f.locked {
		pl.Boards = append(pl.Boards, Board{Seats: slices.Clone(b.Seats), Locked: true})
	}
	sl := a.seat[0]
	for b := 0; b < len(sl); b += dip.BoardSize {
		var seats []Seat
		for x := b; x < b+dip.BoardSize; x++ {
			pw := NoPower
			if f.powers {
				pw = x % dip.BoardSize
			}
			seats = append(seats, Seat{Player: f.glob[sl[x]], Power: pw})
		}
		pl.Boards = append(pl.Boards, Board{Seats: seats})
	}
	return pl
}

// choosing reports whether the players of each seeded board choose their
// powers in turn once the boards are seated (LowestRankedFirst, with
// preferences).
func choosing(p *Problem, f *frame) bool {
	return p.Method == LowestRankedFirst && f.powers && len(p.Preferences) > 0
}

// HeatSeed is the random seed used for heat (or round) n of an event whose
// seed is base: each heat starts from its own random state, and the same
// base gives the same seed for heat n in dtm seed and dtm simulate alike.
func HeatSeed(base int64, n int) int64 { return base + int64(n) }

// continueBest continues the kept schedules (the best restarts, in the
// order first) that stay above the heat's bound bound0 with
// repartitionAll and kickSearch (kicks, or planKicks in a plan of several
// heats), workers at a time, each with its own restart's random state, and
// returns the best schedule: the same whatever the order in which they end.
func continueBest(kept []*annealer, first func(a, b *annealer) int, bound, bound0, workers int, stop func() bool) *annealer {
	var wg sync.WaitGroup
	sem := make(chan struct{}, workers)
	for _, a := range kept {
		if a.roundCost(0) <= bound0 {
			continue
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			a.unsplit = make(map[[2]uint64]struct{})
			a.repartitionAll()
			n := kicks
			if len(a.seat) > 1 {
				n = planKicks
			}
			a.kickSearch(n, bound, stop)
			a.unsplit = nil
		})
	}
	wg.Wait()
	slices.SortFunc(kept, first)
	return kept[0]
}
