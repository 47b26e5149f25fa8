package scoring

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TeamKind is how a team's score is made (DTM's Team Scoring pulldown).
type TeamKind int

// The team scoring rules.
const (
	// OneHeat: the sum of the members' game scores in heat TeamRule.Number; a member who did not play that
	// heat adds nothing.
	OneHeat TeamKind = iota
	// BestGames: for each member, the games in which no team-mate sat on the same board; the member's best
	// TeamRule.Number of them count; the team's score is the sum over the members. The 2003 World Team
	// Championship is BestGames with Number 2 ("the highest-scoring two rounds of individual play for each
	// player in which no team member was an opponent").
	BestGames
)

var teamKindNames = [...]string{"One heat", "Best games without interplay"}

// TeamKindNames returns the rules' names, in TeamKind order: the Tournament sheet's dropdown.
func TeamKindNames() []string { return slices.Clone(teamKindNames[:]) }

// String returns the rule's name: "One heat" or "Best games without interplay".
func (k TeamKind) String() string {
	if k < 0 || int(k) >= len(teamKindNames) {
		return fmt.Sprintf("TeamKind(%d)", int(k))
	}
	return teamKindNames[k]
}

// ParseTeamKind reads a team rule, case-insensitive: its name, "single heat", "best games" (or "best"), or
// DTM's label ("Teams score for a single heat", "Sum best games without interplay").
func ParseTeamKind(s string) (TeamKind, error) {
	switch t := strings.ToLower(strings.Join(strings.Fields(s), " ")); t {
	case strings.ToLower(teamKindNames[OneHeat]), "single heat", "teams score for a single heat":
		return OneHeat, nil
	case "best games", "best", strings.ToLower(teamKindNames[BestGames]), "sum best games without interplay":
		return BestGames, nil
	}
	return 0, fmt.Errorf("unknown team scoring %q (want %q or %q)", s, teamKindNames[OneHeat], teamKindNames[BestGames])
}

// TeamRule is the team tournament's scoring: the kind and its number (the team heat for OneHeat, the games
// counted per member for BestGames).
type TeamRule struct {
	Kind   TeamKind
	Number int
}

// TeamStanding is one team's line: its id (index into Event.Teams), competition rank (ties share it), total
// and every game counted in it, by member then heat.
type TeamStanding struct {
	Team    int
	Rank    int
	Total   float64
	Counted []TeamGame
}

// TeamGame is a member's game counted in the team's total.
type TeamGame struct {
	Player, Heat, Board int
	Power               dip.Power
	Score               float64
}

// teams scores and ranks the teams; equal totals share a rank and keep team order.
func (s *standings) teams() []TeamStanding {
	rule := s.e.Rules.Team
	out := make([]TeamStanding, len(s.e.Teams))
	for ti, t := range s.e.Teams {
		ts := TeamStanding{Team: ti}
		for _, m := range t.Members {
			var games []TeamGame
			for _, r := range s.seats[m] {
				g := &s.e.Games[r.game]
				if rule.Kind == OneHeat && g.Heat != rule.Number ||
					rule.Kind == BestGames && metTeamMate(g, m, t.Members) {
					continue
				}
				games = append(games, TeamGame{Player: m, Heat: g.Heat, Board: g.Board, Power: r.power,
					Score: g.Seats[r.power].Score})
			}
			if rule.Kind == BestGames && len(games) > rule.Number {
				// The best Number scores; on equal scores the earlier heat.
				slices.SortStableFunc(games, func(a, b TeamGame) int { return cmp.Compare(b.Score, a.Score) })
				games = games[:rule.Number]
				slices.SortFunc(games, func(a, b TeamGame) int { return cmp.Compare(a.Heat, b.Heat) })
			}
			for _, g := range games {
				ts.Total += g.Score
			}
			ts.Total = roundTotal(ts.Total)
			ts.Counted = append(ts.Counted, games...)
		}
		out[ti] = ts
	}
	slices.SortStableFunc(out, func(a, b TeamStanding) int { return cmp.Compare(b.Total, a.Total) })
	for i := range out {
		out[i].Rank = i + 1
		if i > 0 && sameScore(out[i].Total, out[i-1].Total) {
			out[i].Rank = out[i-1].Rank
		}
	}
	return out
}

// metTeamMate reports whether another member of the team sat on game g with player m.
func metTeamMate(g *Played, m int, members []int) bool {
	for _, seat := range g.Seats {
		if seat.Player != m && slices.Contains(members, seat.Player) {
			return true
		}
	}
	return false
}
