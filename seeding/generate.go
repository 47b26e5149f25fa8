package seeding

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Spec describes a tournament to plan without a workbook, as `dtm simulate`
// takes it. Generate turns it into an Instance.
type Spec struct {
	// Players is the number of registered players, 7 or more.
	Players int
	// Rounds is the number of rounds, 1 or more.
	Rounds int
	// Absent is the number of players absent from each round after the
	// first, chosen at random per round; at most Players-7.
	Absent int
	// Families is the number of family pairs (conflict 100, kind "family").
	Families int
	// Teams is the number of teams of TeamSize players; team-mates are
	// charged Values.TeamMember.
	Teams int
	// TeamSize is the players per team, 2 or more; 0 means 3.
	TeamSize int
	// Clubs is the number of player groups (clubs) of ClubSize players,
	// each pair of members charged ClubValue.
	Clubs int
	// ClubSize is the players per club, 2 or more; 0 means 5.
	ClubSize int
	// ClubValue is a club's group value; 0 means 5.
	ClubValue int
	// Powers assigns powers; false means powers are chosen at the tables.
	Powers bool
	// Values are the conflict values; the zero value means DefaultValues().
	Values Values
	// Seed is the generator's random seed (the seeder has its own).
	Seed int64
}

// The defaults of Spec's zero fields, and the value of a family pair.
const (
	defaultTeamSize  = 3
	defaultClubSize  = 5
	defaultClubValue = 5
	familyValue      = 100
)

// SpecError reports an invalid Spec field.
type SpecError struct {
	// Field is the Spec field's name, e.g. "Players".
	Field string
	Msg   string
}

// Error names the field and what is wrong with it.
func (e *SpecError) Error() string { return "spec: " + e.Field + ": " + e.Msg }

// Generate builds an instance from a spec: players "p01", "p02", ...
// (zero-padded to the width of the largest number, at least two digits),
// the default power groups, no history, no locked boards, and one Heat per
// round. Family pairs and teams are drawn from one shuffle of the players,
// so no player is in two of them; clubs are drawn from another shuffle, so
// no player is in two clubs but a club may hold families and team-mates.
//
// Round 1 has every player; each later round has Spec.Absent players,
// drawn uniformly at random, absent. Then, so that each round fills boards
// of seven, the remainder (present players mod 7) sits out: those who have
// played the most rounds so far, ties broken at random, so that sitting
// out rotates fairly. A round's Present list is in player order.
//
// The same spec gives the same instance. Invalid specs get a *SpecError.
func Generate(s Spec) (*Instance, error) {
	s, err := s.normalized()
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(uint64(s.Seed), 0x7eed))
	width := max(2, len(strconv.Itoa(s.Players)))
	p := Problem{Values: s.Values, PowerGroups: DefaultPowerGroups(), AssignPowers: s.Powers}
	for i := range s.Players {
		p.Players = append(p.Players, fmt.Sprintf("p%0*d", width, i+1))
	}
	perm := rng.Perm(s.Players)
	for f := range s.Families {
		p.Conflicts = append(p.Conflicts, Conflict{A: perm[2*f], B: perm[2*f+1], Value: familyValue, Kind: "family"})
	}
	rest := perm[2*s.Families:]
	for t := range s.Teams {
		m := slices.Clone(rest[t*s.TeamSize : (t+1)*s.TeamSize])
		slices.Sort(m)
		p.Teams = append(p.Teams, Team{Name: fmt.Sprint("team", t+1), Members: m})
	}
	perm = rng.Perm(s.Players)
	for c := range s.Clubs {
		m := slices.Clone(perm[c*s.ClubSize : (c+1)*s.ClubSize])
		slices.Sort(m)
		p.Groups = append(p.Groups, Group{Name: fmt.Sprint("club", c+1), Members: m, Value: s.ClubValue})
	}
	names := dip.PowerNames()
	in := &Instance{
		Name:    fmt.Sprintf("gen_%dx%d_seed%d", s.Players, s.Rounds, s.Seed),
		Problem: p,
		Powers:  names[:],
	}
	played := make([]int, s.Players)
	for r := range s.Rounds {
		away := make([]bool, s.Players)
		if r > 0 {
			for _, i := range rng.Perm(s.Players)[:s.Absent] {
				away[i] = true
			}
		}
		var here []int
		for i := range s.Players {
			if !away[i] {
				here = append(here, i)
			}
		}
		rng.Shuffle(len(here), func(a, b int) { here[a], here[b] = here[b], here[a] })
		slices.SortStableFunc(here, func(a, b int) int { return cmp.Compare(played[b], played[a]) })
		present := here[len(here)%dip.BoardSize:]
		slices.Sort(present)
		for _, i := range present {
			played[i]++
		}
		in.Rounds = append(in.Rounds, Heat{Present: present})
	}
	return in, nil
}

// normalized fills the spec's defaults and checks its fields.
func (s Spec) normalized() (Spec, error) {
	bad := func(field, format string, a ...any) (Spec, error) {
		return s, &SpecError{Field: field, Msg: fmt.Sprintf(format, a...)}
	}
	if s.TeamSize == 0 {
		s.TeamSize = defaultTeamSize
	}
	if s.ClubSize == 0 {
		s.ClubSize = defaultClubSize
	}
	if s.ClubValue == 0 {
		s.ClubValue = defaultClubValue
	}
	if s.Values == (Values{}) {
		s.Values = DefaultValues()
	}
	switch {
	case s.Players < dip.BoardSize:
		return bad("Players", "%d, want %d or more", s.Players, dip.BoardSize)
	case s.Rounds < 1:
		return bad("Rounds", "%d, want 1 or more", s.Rounds)
	case s.Absent < 0 || s.Absent > s.Players-dip.BoardSize:
		return bad("Absent", "%d, want 0 to %d so that %d of the %d players remain",
			s.Absent, s.Players-dip.BoardSize, dip.BoardSize, s.Players)
	case s.Families < 0:
		return bad("Families", "%d, want 0 or more", s.Families)
	case s.Teams < 0:
		return bad("Teams", "%d, want 0 or more", s.Teams)
	case s.TeamSize < 2:
		return bad("TeamSize", "%d, want 2 or more", s.TeamSize)
	case s.Clubs < 0:
		return bad("Clubs", "%d, want 0 or more", s.Clubs)
	case s.ClubSize < 2:
		return bad("ClubSize", "%d, want 2 or more", s.ClubSize)
	case 2*s.Families > s.Players:
		return bad("Families", "%d pairs need %d players, there are %d", s.Families, 2*s.Families, s.Players)
	case 2*s.Families+s.Teams*s.TeamSize > s.Players:
		return bad("Teams", "%d teams of %d and %d family pairs need %d distinct players, there are %d",
			s.Teams, s.TeamSize, s.Families, 2*s.Families+s.Teams*s.TeamSize, s.Players)
	case s.Clubs*s.ClubSize > s.Players:
		return bad("Clubs", "%d clubs of %d need %d players, there are %d",
			s.Clubs, s.ClubSize, s.Clubs*s.ClubSize, s.Players)
	}
	return s, nil
}
