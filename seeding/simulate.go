package seeding

import (
	"context"
	"fmt"
)

// Instance is a benchmark instance: a problem (its History holds the games
// before round 1, as round 0) and the rounds to seed.
type Instance struct {
	Name    string
	Problem Problem
	// Powers are the instance's names of the seven powers, by index.
	Powers []string
	Rounds []Heat
	// Bounds is the instance's informational "bounds" object.
	Bounds map[string]any
}

// Heat is one round of an instance: who plays and the boards already locked.
type Heat struct {
	Present []int
	Locked  []Board
}

// SimRound is one seeded round of a simulation and the wall time it took.
type SimRound struct {
	Plan    Plan
	Seconds float64
	// Bound is LowerBound for the round.
	Bound int
	// TimedOut is Result.TimedOut for the round.
	TimedOut bool
}

// Simulate seeds the instance's rounds in order, following the benchmark's
// protocol: round t is seeded knowing only the static data, the number of
// rounds, round t's present players and locked boards, and the rounds
// already seeded. Options.RoundsLeft is set per round; round t is seeded
// with HeatSeed(Options.Seed, t), as dtm seed seeds heat t; the clock is
// Options.Now.
func Simulate(ctx context.Context, in *Instance, opts Options) ([]SimRound, error) {
	return simulate(ctx, in, opts, false)
}

// SimulateKnowing is Simulate where round t is seeded also knowing who is
// present in each later round (Options.Later), as a tournament director
// knows it from the registrations. The benchmark's protocol does not allow
// it; its figures are Simulate's.
func SimulateKnowing(ctx context.Context, in *Instance, opts Options) ([]SimRound, error) {
	return simulate(ctx, in, opts, true)
}

func simulate(ctx context.Context, in *Instance, opts Options, knowing bool) ([]SimRound, error) {
	p := in.Problem
	p.History = append([]Plan(nil), in.Problem.History...)
	var out []SimRound
	for t, h := range in.Rounds {
		o := opts
		o.RoundsLeft = len(in.Rounds) - t
		o.Seed = HeatSeed(opts.Seed, t+1)
		o.Later = nil
		if knowing {
			for _, l := range in.Rounds[t+1:] {
				o.Later = append(o.Later, l.Present)
			}
		}
		start := o.now()
		res, err := Seed(ctx, &p, h.Present, h.Locked, o)
		if err != nil {
			return out, fmt.Errorf("round %d: %w", t+1, err)
		}
		secs := o.now().Sub(start).Seconds()
		res.Plan.Round = t + 1
		out = append(out, SimRound{Plan: res.Plan, Seconds: secs, Bound: res.Bound, TimedOut: res.TimedOut})
		p.History = append(p.History, res.Plan)
	}
	return out, nil
}

// CheckHeat checks a heat's present players and locked boards against the
// problem's players.
func (p *Problem) CheckHeat(h Heat) error {
	for _, i := range h.Present {
		if i < 0 || i >= len(p.Players) {
			return fmt.Errorf("bad present player %d", i)
		}
	}
	return checkBoards(p, h.Locked, false)
}
