package seeding

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
)

// InstanceFormat and OutputFormat name the seeding benchmark's formats.
const (
	InstanceFormat = "dtm-seeding-instance/1"
	OutputFormat   = "dtm-seeding-output/1"
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

type jsonSeat [2]*string

type jsonInstance struct {
	Format      string         `json:"format"`
	Name        string         `json:"name"`
	Powers      []string       `json:"powers"`
	PowerGroups [][]string     `json:"power_groups"`
	Values      map[string]int `json:"values"`
	Players     []string       `json:"players"`
	Conflicts   []jsonConflict `json:"conflicts"`
	Groups      []jsonGroup    `json:"player_groups"`
	Teams       []jsonGroup    `json:"teams"`
	History     [][]jsonSeat   `json:"history"`
	Rounds      []jsonRound    `json:"rounds"`
	Bounds      map[string]any `json:"bounds"`
}

type jsonConflict struct {
	Players [2]string `json:"players"`
	Value   int       `json:"value"`
	Kind    string    `json:"kind"`
}

type jsonGroup struct {
	Name    string   `json:"name"`
	Members []string `json:"members"`
	Value   int      `json:"value"`
}

type jsonRound struct {
	Present []string     `json:"present"`
	Locked  [][]jsonSeat `json:"locked"`
}

// DecodeInstance reads a dtm-seeding-instance/1 document. Missing values,
// powers and power groups take the benchmark's defaults.
func DecodeInstance(r io.Reader) (*Instance, error) {
	var j jsonInstance
	j.PowerGroups = [][]string{{"default"}}
	if err := json.NewDecoder(r).Decode(&j); err != nil {
		return nil, fmt.Errorf("instance: %w", err)
	}
	if j.Format != InstanceFormat {
		return nil, fmt.Errorf("instance: format %q, want %q", j.Format, InstanceFormat)
	}
	in := &Instance{Name: j.Name, Powers: j.Powers, Bounds: j.Bounds}
	if in.Powers == nil {
		in.Powers = PowerNames[:]
	}
	if len(in.Powers) != BoardSize {
		return nil, fmt.Errorf("instance %s: %d powers, want %d", j.Name, len(in.Powers), BoardSize)
	}
	power := make(map[string]int)
	for i, n := range in.Powers {
		power[n] = i
	}
	player := make(map[string]int)
	for i, n := range j.Players {
		if _, dup := player[n]; dup {
			return nil, fmt.Errorf("instance %s: player %q listed twice", j.Name, n)
		}
		player[n] = i
	}
	pl := func(where, n string) (int, error) {
		i, ok := player[n]
		if !ok {
			return 0, fmt.Errorf("instance %s: %s: unknown player %q", j.Name, where, n)
		}
		return i, nil
	}
	v := DefaultValues()
	if x, ok := j.Values["repeat_opponent"]; ok {
		v.RepeatOpponent = x
	}
	if x, ok := j.Values["same_power"]; ok {
		v.SamePower = x
	}
	if x, ok := j.Values["team_member"]; ok {
		v.TeamMember = x
	}
	p := Problem{Players: j.Players, Values: v, AssignPowers: true}
	switch {
	case len(j.PowerGroups) == 1 && len(j.PowerGroups[0]) == 1 && j.PowerGroups[0][0] == "default":
		p.PowerGroups = DefaultPowerGroups()
	case len(j.PowerGroups) > 0:
		for _, g := range j.PowerGroups {
			var ids []int
			for _, n := range g {
				i, ok := power[n]
				if !ok {
					return nil, fmt.Errorf("instance %s: power_groups: unknown power %q", j.Name, n)
				}
				ids = append(ids, i)
			}
			p.PowerGroups = append(p.PowerGroups, ids)
		}
	}
	for k, c := range j.Conflicts {
		a, err := pl(fmt.Sprintf("conflict %d", k+1), c.Players[0])
		if err != nil {
			return nil, err
		}
		b, err := pl(fmt.Sprintf("conflict %d", k+1), c.Players[1])
		if err != nil {
			return nil, err
		}
		kind := c.Kind
		if kind == "" {
			kind = "family"
		}
		p.Conflicts = append(p.Conflicts, Conflict{A: a, B: b, Value: c.Value, Kind: kind})
	}
	members := func(where string, names []string) ([]int, error) {
		var ids []int
		for _, n := range names {
			i, err := pl(where, n)
			if err != nil {
				return nil, err
			}
			ids = append(ids, i)
		}
		return ids, nil
	}
	for _, g := range j.Groups {
		ids, err := members("group "+g.Name, g.Members)
		if err != nil {
			return nil, err
		}
		p.Groups = append(p.Groups, Group{Name: g.Name, Members: ids, Value: g.Value})
	}
	for _, t := range j.Teams {
		ids, err := members("team "+t.Name, t.Members)
		if err != nil {
			return nil, err
		}
		p.Teams = append(p.Teams, Team{Name: t.Name, Members: ids})
	}
	boards := func(where string, bs [][]jsonSeat) ([]Board, error) {
		var out []Board
		for bi, b := range bs {
			var seats []Seat
			for _, s := range b {
				if s[0] == nil {
					return nil, fmt.Errorf("instance %s: %s board %d: missing player", j.Name, where, bi+1)
				}
				i, err := pl(where, *s[0])
				if err != nil {
					return nil, err
				}
				pw := NoPower
				if s[1] != nil {
					q, ok := power[*s[1]]
					if !ok {
						return nil, fmt.Errorf("instance %s: %s board %d: unknown power %q", j.Name, where, bi+1, *s[1])
					}
					pw = q
				}
				seats = append(seats, Seat{Player: i, Power: pw})
			}
			out = append(out, Board{Seats: seats})
		}
		return out, nil
	}
	hist, err := boards("history", j.History)
	if err != nil {
		return nil, err
	}
	if len(hist) > 0 {
		p.History = []Plan{{Round: 0, Boards: hist}}
	}
	for ri, r := range j.Rounds {
		where := fmt.Sprintf("round %d", ri+1)
		h := Heat{}
		if r.Present == nil {
			for i := range j.Players {
				h.Present = append(h.Present, i)
			}
		} else if h.Present, err = members(where+" present", r.Present); err != nil {
			return nil, err
		}
		if h.Locked, err = boards(where+" locked", r.Locked); err != nil {
			return nil, err
		}
		for i := range h.Locked {
			h.Locked[i].Locked = true
		}
		in.Rounds = append(in.Rounds, h)
	}
	in.Problem = p
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("instance %s: %w", j.Name, err)
	}
	return in, nil
}

// SimRound is one seeded round of a simulation and the wall time it took.
type SimRound struct {
	Plan    Plan
	Seconds float64
	// Bound is LowerBound for the round.
	Bound int
}

// Simulate seeds the instance's rounds in order, following the benchmark's
// protocol: round t is seeded knowing only the static data, the number of
// rounds, round t's present players and locked boards, and the rounds
// already seeded. Options.RoundsLeft is set per round; round t is seeded
// with HeatSeed(Options.Seed, t), as dtm seed seeds heat t; the clock is
// Options.Now.
func Simulate(ctx context.Context, in *Instance, opts Options) ([]SimRound, error) {
	p := in.Problem
	p.History = append([]Plan(nil), in.Problem.History...)
	var out []SimRound
	for t, h := range in.Rounds {
		o := opts
		o.RoundsLeft = len(in.Rounds) - t
		o.Seed = HeatSeed(opts.Seed, t+1)
		start := o.now()
		plan, err := Seed(ctx, &p, h.Present, h.Locked, o)
		if err != nil {
			return out, fmt.Errorf("round %d: %w", t+1, err)
		}
		secs := o.now().Sub(start).Seconds()
		plan.Round = t + 1
		bound, err := LowerBound(&p, h.Present, h.Locked)
		if err != nil {
			return out, fmt.Errorf("round %d: %w", t+1, err)
		}
		out = append(out, SimRound{Plan: plan, Seconds: secs, Bound: bound})
		p.History = append(p.History, plan)
	}
	return out, nil
}

type jsonOutput struct {
	Format string         `json:"format"`
	Inst   string         `json:"instance"`
	Seeder string         `json:"seeder"`
	Run    int            `json:"run"`
	Rounds []jsonOutRound `json:"rounds"`
}

type jsonOutRound struct {
	Boards  [][][2]any `json:"boards"`
	Seconds float64    `json:"seconds"`
}

// EncodeOutput writes the simulated rounds as a dtm-seeding-output/1 document.
func EncodeOutput(w io.Writer, in *Instance, seeder string, run int, rounds []SimRound) error {
	o := jsonOutput{Format: OutputFormat, Inst: in.Name, Seeder: seeder, Run: run}
	for _, r := range rounds {
		jr := jsonOutRound{Seconds: r.Seconds, Boards: [][][2]any{}}
		for _, b := range r.Plan.Boards {
			var seats [][2]any
			for _, s := range b.Seats {
				var pw any
				if s.Power != NoPower {
					pw = in.Powers[s.Power]
				}
				seats = append(seats, [2]any{in.Problem.Players[s.Player], pw})
			}
			jr.Boards = append(jr.Boards, seats)
		}
		o.Rounds = append(o.Rounds, jr)
	}
	enc := json.NewEncoder(w)
	if err := enc.Encode(o); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	return nil
}
