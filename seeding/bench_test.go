package seeding

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

const smallInstance = `{
 "format": "dtm-seeding-instance/1", "name": "tiny",
 "powers": ["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"],
 "power_groups": [],
 "values": {"same_power": 6},
 "players": ["a","b","c","d","e","f","g","h","i","j","k","l","m","n"],
 "conflicts": [{"players": ["a","b"], "value": 100}],
 "player_groups": [{"name": "club", "members": ["c","d","e"], "value": 3}],
 "teams": [{"name": "T", "members": ["f","g"]}],
 "history": [[["a","Austria"],["b","England"],["c","France"],["d","Germany"],["e","Italy"],["f","Russia"],["g","Turkey"]]],
 "rounds": [
  {"present": ["a","b","c","d","e","f","g","h","i","j","k","l","m","n"],
   "locked": [[["h",null],["i",null],["j",null],["k",null],["l",null],["m",null],["n",null]]]},
  {"present": ["a","b","c","d","e","f","g"]}
 ],
 "bounds": {"lower_bound_total": 0}
}`

func TestDecodeInstance(t *testing.T) {
	in, err := DecodeInstance(strings.NewReader(smallInstance))
	if err != nil {
		t.Fatal(err)
	}
	p := in.Problem
	if in.Name != "tiny" || len(p.Players) != 14 || p.PowerGroups != nil || !p.AssignPowers {
		t.Errorf("name %q, %d players, groups %v, powers %v", in.Name, len(p.Players), p.PowerGroups, p.AssignPowers)
	}
	if p.Values != (Values{RepeatOpponent: 10, SamePower: 6, TeamMember: 20}) {
		t.Errorf("values %+v: defaults 10 and 20, same power 6 from the file", p.Values)
	}
	if len(p.Conflicts) != 1 || p.Conflicts[0] != (Conflict{A: 0, B: 1, Value: 100, Kind: "family"}) {
		t.Errorf("conflicts %+v: kind defaults to family", p.Conflicts)
	}
	if len(p.Groups) != 1 || fmt.Sprint(p.Groups[0].Members) != "[2 3 4]" || len(p.Teams) != 1 {
		t.Errorf("groups %+v teams %+v", p.Groups, p.Teams)
	}
	if len(p.History) != 1 || p.History[0].Round != 0 || p.History[0].Boards[0].Seats[3] != (Seat{Player: 3, Power: Germany}) {
		t.Errorf("history %+v: one board before round 1", p.History)
	}
	lb := in.Rounds[0].Locked
	if len(lb) != 1 || !lb[0].Locked || lb[0].Seats[0] != (Seat{Player: 7, Power: NoPower}) {
		t.Errorf("locked %+v", lb)
	}
	if len(in.Rounds[1].Present) != 7 {
		t.Errorf("round 2 present %v", in.Rounds[1].Present)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ edit, want string }{
		{`"dtm-seeding-instance/1"->"x/1"`, `instance: format "x/1", want "dtm-seeding-instance/1"`},
		{`["a","b"], "value"->["a","zz"], "value"`, `instance tiny: conflict 1: unknown player "zz"`},
		{`["d","Germany"]->["d","Prussia"]`, `instance tiny: history board 1: unknown power "Prussia"`},
		{`"power_groups": []->"power_groups": [["Austria","Mars"]]`, `instance tiny: power_groups: unknown power "Mars"`},
	}
	for _, tt := range tests {
		from, to, _ := strings.Cut(tt.edit, "->")
		_, err := DecodeInstance(strings.NewReader(strings.Replace(smallInstance, from, to, 1)))
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: error %v, want %q", tt.edit, err, tt.want)
		}
	}
}

// TestSimulate follows the protocol on the small instance and checks the
// output document against the README's format.
func TestSimulate(t *testing.T) {
	in, err := DecodeInstance(strings.NewReader(smallInstance))
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	clock := time.Unix(0, 0)
	tick := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		clock = clock.Add(250 * time.Millisecond)
		return clock
	}
	rounds, err := Simulate(context.Background(), in, Options{Seed: 1, Now: tick})
	if err != nil {
		t.Fatal(err)
	}
	if len(rounds) != 2 {
		t.Fatalf("%d rounds", len(rounds))
	}
	checkPlan(t, &in.Problem, in.Rounds[0].Present, in.Rounds[0].Locked, rounds[0].Plan)
	for i, r := range rounds {
		if r.Plan.Round != i+1 || r.Seconds <= 0 {
			t.Errorf("round %d: plan round %d, %v s", i+1, r.Plan.Round, r.Seconds)
		}
	}
	// Players a..g met before round 1 (history) and again in round 1 (the
	// locked board holds h..n, so a..g fill the free board); round 2 seats
	// only them: 21 pairs meeting a third time, 2 x 10 each = 420, plus the
	// family pair 100, the club's 3 pairs x 3 and the team pair 20; powers
	// are ungrouped, so everyone can take a power not played yet: 549.
	if rounds[1].Bound != 420+100+9+20 {
		t.Errorf("round 2 bound %d, want 549", rounds[1].Bound)
	}
	var buf bytes.Buffer
	if err := EncodeOutput(&buf, in, "dtm", 2, rounds); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Format, Instance, Seeder string
		Run                      int
		Rounds                   []struct {
			Boards  [][][2]*string
			Seconds float64
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out.Format != OutputFormat || out.Instance != "tiny" || out.Seeder != "dtm" || out.Run != 2 || len(out.Rounds) != 2 {
		t.Fatalf("header %+v", out)
	}
	r1 := out.Rounds[0]
	if len(r1.Boards) != 2 || *r1.Boards[0][0][0] != "h" || r1.Boards[0][0][1] != nil || r1.Boards[1][0][1] == nil {
		t.Errorf("round 1 boards: locked board first with null powers, then the seeded board with powers")
	}
	if ticks := r1.Seconds / 0.25; r1.Seconds <= 0 || ticks != float64(int(ticks)) {
		t.Errorf("round 1 seconds %v, want whole ticks of the 0.25 s test clock", r1.Seconds)
	}
}

// benchRound builds a problem of n players with rounds-1... one round
// already seeded (the first heat), for benchmarking the second heat.
func benchRound(b testing.TB, n, rounds, families, teams int) (*Problem, []int) {
	b.Helper()
	p := &Problem{Values: DefaultValues(), PowerGroups: DefaultPowerGroups(), AssignPowers: true}
	var present []int
	for i := range n {
		p.Players = append(p.Players, fmt.Sprint(i))
		present = append(present, i)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	perm := rng.Perm(n)
	for k := range families {
		p.Conflicts = append(p.Conflicts, Conflict{A: perm[2*k], B: perm[2*k+1], Value: 100, Kind: "family"})
	}
	for k := range teams {
		m := perm[2*families+3*k:]
		p.Teams = append(p.Teams, Team{Name: fmt.Sprint(k), Members: []int{m[0], m[1], m[2]}})
	}
	first, err := Seed(context.Background(), p, present, nil, Options{RoundsLeft: rounds})
	if err != nil {
		b.Fatal(err)
	}
	p.History = []Plan{first}
	return p, present
}

// BenchmarkSeed seeds the second heat of each benchmark kind with defaults.
func BenchmarkSeed(b *testing.B) {
	kinds := []struct {
		name                             string
		players, rounds, families, teams int
	}{
		{"a_49x8", 49, 8, 0, 0},
		{"b_21x4", 21, 4, 0, 0},
		{"c_70x4_fam_teams", 70, 4, 5, 7},
		{"e_700x3", 700, 3, 0, 0},
	}
	for _, k := range kinds {
		b.Run(k.name, func(b *testing.B) {
			p, present := benchRound(b, k.players, k.rounds, k.families, k.teams)
			for i := 0; b.Loop(); i++ {
				if _, err := Seed(context.Background(), p, present, nil, Options{Seed: int64(i), RoundsLeft: k.rounds - 1}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
