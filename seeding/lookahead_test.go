package seeding

import (
	"context"
	"reflect"
	"testing"
	"time"
)

// aheadCase is round 4 of a realistic event of 52 players with teams and
// families, two absent a round (r_52x5_teams' kind), its rounds 1 to 3
// seated quickly: a heat of 50 players seated alone before a heat whose
// players are known. It returns the problem with rounds 1-3 as history,
// round 4's players and the options that seat it.
func aheadCase(t *testing.T) (*Problem, []int, Options) {
	t.Helper()
	in, err := Generate(Spec{Players: 52, Rounds: 5, Absent: 2, Families: 2, Teams: 8, Powers: true, Seed: 29})
	if err != nil {
		t.Fatal(err)
	}
	p := in.Problem
	for r := range 3 {
		res, err := Seed(context.Background(), &p, in.Rounds[r].Present, nil,
			Options{Seed: HeatSeed(1, r+1), RoundsLeft: 1, Effort: 0.05, Restarts: 2, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		res.Plan.Round = r + 1
		p.History = append(p.History, res.Plan)
	}
	opts := Options{Seed: HeatSeed(1, 4), RoundsLeft: 2, Later: [][]int{in.Rounds[4].Present}, Effort: 0.25}
	return &p, in.Rounds[3].Present, opts
}

// after seats the next heat of the case after plan, with restarts
// restarts (0: the default).
func after(t *testing.T, p *Problem, plan Plan, opts Options, restarts int) Result {
	t.Helper()
	q := *p
	q.History = append(append([]Plan(nil), p.History...), plan)
	res, err := Seed(context.Background(), &q, opts.Later[0], nil,
		Options{Seed: HeatSeed(opts.Seed, 1), RoundsLeft: 1, Effort: opts.Effort, Restarts: restarts})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLookAhead checks, on a heat that looks ahead, that the seating kept
// leaves the two heats no dearer than the greedy seating (the best of the
// heat alone) does, by the same measure; that the next heat's conflict it
// found is what the next heat's first lookRestarts restarts find, so that
// the next heat, seated as dtm seed seats it, costs no more; and that the
// result does not depend on the number of workers.
func TestLookAhead(t *testing.T) {
	p, present, opts := aheadCase(t)
	var seen []Progress // Progress is called from Seed's goroutine
	opts.Progress = func(pr Progress) { seen = append(seen, pr) }
	res, err := Seed(context.Background(), p, present, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	opts.Progress = nil
	checkPlan(t, p, present, nil, res.Plan)
	if res.Ahead == nil {
		t.Fatalf("round 4 (conflict %d, bound %d) did not look ahead", res.Conflict, res.Bound)
	}
	// The restarts, then each seating the look ahead compared, in turn.
	var aheads []int
	for k, pr := range seen {
		switch {
		case pr.Aheads == 0 && len(aheads) > 0:
			t.Errorf("progress %d: a restart (%+v) after the look ahead began", k, pr)
		case pr.Aheads != 0:
			aheads = append(aheads, pr.Ahead)
			if pr.Aheads != lookTop || pr.Restart != pr.Restarts {
				t.Errorf("progress %d: %+v; want %d seatings compared, after every restart", k, pr, lookTop)
			}
		}
	}
	if want := []int{1, 2, 3, 4}; !reflect.DeepEqual(aheads, want) {
		t.Errorf("the look ahead reported seatings %v; want %v", aheads, want)
	}
	greedyOpts := opts
	greedyOpts.ahead = true // as the look ahead's own seatings: no look ahead
	greedy, err := Seed(context.Background(), p, present, nil, greedyOpts)
	if err != nil {
		t.Fatal(err)
	}
	greedyNext := after(t, p, greedy.Plan, opts, lookRestarts).Conflict
	if res.Conflict+res.Ahead.Next > greedy.Conflict+greedyNext {
		t.Errorf("looking ahead: %d + %d; the greedy seating: %d + %d", res.Conflict, res.Ahead.Next, greedy.Conflict, greedyNext)
	}
	if res.Ahead.Kept != res.Conflict {
		t.Errorf("Ahead says the seating kept costs %d; it costs %d", res.Ahead.Kept, res.Conflict)
	}
	if res.Conflict < greedy.Conflict {
		t.Errorf("the look ahead kept a seating of conflict %d, below the greedy best %d", res.Conflict, greedy.Conflict)
	}
	if res.Ahead.Alone != greedy.Conflict || res.Ahead.AloneNext != greedyNext {
		t.Errorf("Ahead says the greedy seating costs %d + %d; it costs %d + %d", res.Ahead.Alone, res.Ahead.AloneNext, greedy.Conflict, greedyNext)
	}
	t.Logf("looking ahead: %d + %d; the greedy seating: %d + %d", res.Conflict, res.Ahead.Next, greedy.Conflict, greedyNext)
	if got := after(t, p, res.Plan, opts, lookRestarts).Conflict; got != res.Ahead.Next {
		t.Errorf("the next heat's first %d restarts cost %d, the look ahead found %d", lookRestarts, got, res.Ahead.Next)
	}
	if got := after(t, p, res.Plan, opts, 0).Conflict; got > res.Ahead.Next {
		t.Errorf("the next heat, seated as dtm seed seats it, costs %d, above the %d the look ahead found", got, res.Ahead.Next)
	}
	one := opts
	one.Workers = 1
	alone, err := Seed(context.Background(), p, present, nil, one)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(alone.Plan, res.Plan) || !reflect.DeepEqual(alone.Ahead, res.Ahead) {
		t.Error("one worker and two give different seatings")
	}
}

// TestLookAheadCut checks that a look ahead that the time cap ends keeps
// the greedy seating and says that the cap cut the search.
func TestLookAheadCut(t *testing.T) {
	p, present, opts := aheadCase(t)
	f, err := newFrame(p, present, nil, opts.RoundsLeft, opts.Later)
	if err != nil {
		t.Fatal(err)
	}
	f.setHorizon(0)
	if !looksAhead(p, f, opts) {
		t.Fatal("round 4 does not look ahead")
	}
	var cands []*annealer
	for k := range 2 {
		cands = append(cands, restart(f, opts.Seed, k, 1000, 0, 10, 1, func() bool { return false }))
	}
	clock := time.Unix(100, 0)
	opts.Now = func() time.Time { return clock }
	best, ahead, cut, err := lookAhead(context.Background(), p, cands, opts, clock.Add(-time.Second), func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	if best != cands[0] || ahead != nil || !cut {
		t.Errorf("past the cap: candidate %d, %v, cut %v; want the first, nil, true", best.restart, ahead, cut)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	best, ahead, cut, err = lookAhead(ctx, p, cands, opts, clock.Add(time.Minute), func(int, int) {})
	if err != nil {
		t.Fatal(err)
	}
	if best != cands[0] || ahead != nil || cut {
		t.Errorf("cancelled: candidate %d, %v, cut %v; want the first, nil, false", best.restart, ahead, cut)
	}
}

// TestLookAheadNotWhenChoosing checks that a heat whose players choose
// their powers in turn (lowest-ranked first) does not look ahead: the
// seatings it would compare are not the one it returns, whose conflict
// counts the powers chosen.
func TestLookAheadNotWhenChoosing(t *testing.T) {
	p, present, opts := aheadCase(t)
	p.Method = LowestRankedFirst
	p.Preferences = map[int][]int{present[0]: {2, 3, 4}, present[1]: {0, 1}}
	res, err := Seed(context.Background(), p, present, nil, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Ahead != nil {
		t.Errorf("a heat whose players choose their powers looked ahead: %+v", *res.Ahead)
	}
}
