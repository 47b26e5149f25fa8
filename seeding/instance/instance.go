package instance

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/seeding"
)

// InstanceFormat and OutputFormat name the seeding benchmark's formats.
const (
	InstanceFormat = "dtm-seeding-instance/1"
	OutputFormat   = "dtm-seeding-output/1"
)

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

// Decode reads a dtm-seeding-instance/1 document. Missing values,
// powers and power groups take the benchmark's defaults.
func Decode(r io.Reader) (*seeding.Instance, error) {
	var j jsonInstance
	j.PowerGroups = [][]string{{"default"}}
	if err := json.NewDecoder(r).Decode(&j); err != nil {
		return nil, fmt.Errorf("instance: %w", err)
	}
	if j.Format != InstanceFormat {
		return nil, fmt.Errorf("instance: format %q, want %q", j.Format, InstanceFormat)
	}
	in := &seeding.Instance{Name: j.Name, Powers: j.Powers, Bounds: j.Bounds}
	if in.Powers == nil {
		names := dip.PowerNames()
		in.Powers = names[:]
	}
	if len(in.Powers) != dip.BoardSize {
		return nil, fmt.Errorf("instance %s: %d powers, want %d", j.Name, len(in.Powers), dip.BoardSize)
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
	v := seeding.DefaultValues()
	if x, ok := j.Values["repeat_opponent"]; ok {
		v.RepeatOpponent = x
	}
	if x, ok := j.Values["same_power"]; ok {
		v.SamePower = x
	}
	if x, ok := j.Values["team_member"]; ok {
		v.TeamMember = x
	}
	p := seeding.Problem{Players: j.Players, Values: v, AssignPowers: true}
	switch {
	case len(j.PowerGroups) == 1 && len(j.PowerGroups[0]) == 1 && j.PowerGroups[0][0] == "default":
		p.PowerGroups = seeding.DefaultPowerGroups()
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
		p.Conflicts = append(p.Conflicts, seeding.Conflict{A: a, B: b, Value: c.Value, Kind: kind})
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
		p.Groups = append(p.Groups, seeding.Group{Name: g.Name, Members: ids, Value: g.Value})
	}
	for _, t := range j.Teams {
		ids, err := members("team "+t.Name, t.Members)
		if err != nil {
			return nil, err
		}
		p.Teams = append(p.Teams, seeding.Team{Name: t.Name, Members: ids})
	}
	boards := func(where string, bs [][]jsonSeat) ([]seeding.Board, error) {
		var out []seeding.Board
		for bi, b := range bs {
			var seats []seeding.Seat
			for _, s := range b {
				if s[0] == nil {
					return nil, fmt.Errorf("instance %s: %s board %d: missing player", j.Name, where, bi+1)
				}
				i, err := pl(where, *s[0])
				if err != nil {
					return nil, err
				}
				pw := seeding.NoPower
				if s[1] != nil {
					q, ok := power[*s[1]]
					if !ok {
						return nil, fmt.Errorf("instance %s: %s board %d: unknown power %q", j.Name, where, bi+1, *s[1])
					}
					pw = q
				}
				seats = append(seats, seeding.Seat{Player: i, Power: pw})
			}
			out = append(out, seeding.Board{Seats: seats})
		}
		return out, nil
	}
	hist, err := boards("history", j.History)
	if err != nil {
		return nil, err
	}
	p.History = historyRounds(hist)
	for ri, r := range j.Rounds {
		where := fmt.Sprintf("round %d", ri+1)
		h := seeding.Heat{}
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
func EncodeOutput(w io.Writer, in *seeding.Instance, seeder string, run int, rounds []seeding.SimRound) error {
	o := jsonOutput{Format: OutputFormat, Inst: in.Name, Seeder: seeder, Run: run}
	for _, r := range rounds {
		jr := jsonOutRound{Seconds: r.Seconds, Boards: [][][2]any{}}
		for _, b := range r.Plan.Boards {
			var seats [][2]any
			for _, s := range b.Seats {
				var pw any
				if s.Power != seeding.NoPower {
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

// Encode writes the instance as a dtm-seeding-instance/1 document,
// which Decode reads back and the benchmark's score.py accepts. The
// history rounds are written as one list of boards, as the format has it.
// The format cannot say that powers are chosen at the tables (a decoded
// instance assigns powers) nor hold the players replaced during a history
// game: such a history board is an error.
func Encode(w io.Writer, in *seeding.Instance) error {
	p := &in.Problem
	powers := in.Powers
	if powers == nil {
		names := dip.PowerNames()
		powers = names[:]
	}
	if len(powers) != dip.BoardSize {
		return fmt.Errorf("instance %s: %d powers, want %d", in.Name, len(powers), dip.BoardSize)
	}
	if err := p.Validate(); err != nil {
		return fmt.Errorf("instance %s: %w", in.Name, err)
	}
	names := func(ids []int) []string {
		out := make([]string, 0, len(ids))
		for _, i := range ids {
			out = append(out, p.Players[i])
		}
		return out
	}
	boards := func(bs []seeding.Board) [][]jsonSeat {
		out := make([][]jsonSeat, 0, len(bs))
		for _, b := range bs {
			seats := make([]jsonSeat, 0, len(b.Seats))
			for _, s := range b.Seats {
				var js jsonSeat
				js[0] = &p.Players[s.Player]
				if s.Power != seeding.NoPower {
					js[1] = &powers[s.Power]
				}
				seats = append(seats, js)
			}
			out = append(out, seats)
		}
		return out
	}
	j := jsonInstance{
		Format:      InstanceFormat,
		Name:        in.Name,
		Powers:      powers,
		PowerGroups: [][]string{},
		Values: map[string]int{
			"repeat_opponent": p.Values.RepeatOpponent,
			"same_power":      p.Values.SamePower,
			"team_member":     p.Values.TeamMember,
		},
		Players:   p.Players,
		Conflicts: []jsonConflict{},
		Groups:    []jsonGroup{},
		Teams:     []jsonGroup{},
		History:   [][]jsonSeat{},
		Rounds:    []jsonRound{},
		Bounds:    in.Bounds,
	}
	for _, g := range p.PowerGroups {
		var ns []string
		for _, pw := range g {
			ns = append(ns, powers[pw])
		}
		j.PowerGroups = append(j.PowerGroups, ns)
	}
	for _, c := range p.Conflicts {
		j.Conflicts = append(j.Conflicts, jsonConflict{
			Players: [2]string{p.Players[c.A], p.Players[c.B]}, Value: c.Value, Kind: c.Kind})
	}
	for _, g := range p.Groups {
		j.Groups = append(j.Groups, jsonGroup{Name: g.Name, Members: names(g.Members), Value: g.Value})
	}
	for _, t := range p.Teams {
		j.Teams = append(j.Teams, jsonGroup{Name: t.Name, Members: names(t.Members)})
	}
	for _, pl := range p.History {
		for bi, b := range pl.Boards {
			if len(b.Left) > 0 {
				return fmt.Errorf("instance %s: history round %d board %d: replaced players cannot be written",
					in.Name, pl.Round, bi+1)
			}
		}
		j.History = append(j.History, boards(pl.Boards)...)
	}
	for ri, h := range in.Rounds {
		if err := p.CheckHeat(h); err != nil {
			return fmt.Errorf("instance %s: round %d: %w", in.Name, ri+1, err)
		}
		j.Rounds = append(j.Rounds, jsonRound{Present: names(h.Present), Locked: boards(h.Locked)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(j); err != nil {
		return fmt.Errorf("instance %s: %w", in.Name, err)
	}
	return nil
}

// historyRounds splits the boards played before round 1 into rounds, in
// order: a board starts a new round when one of its players is already in
// the current one, so that nobody plays twice in a round. Every round is
// numbered 0, before the event.
func historyRounds(boards []seeding.Board) []seeding.Plan {
	var out []seeding.Plan
	in := make(map[int]bool)
	for _, b := range boards {
		clash := len(out) == 0
		for _, s := range b.Seats {
			clash = clash || in[s.Player]
		}
		if clash {
			out = append(out, seeding.Plan{Round: 0})
			clear(in)
		}
		for _, s := range b.Seats {
			in[s.Player] = true
		}
		last := &out[len(out)-1]
		last.Boards = append(last.Boards, b)
	}
	return out
}
