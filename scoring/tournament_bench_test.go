package scoring

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// benchEvent is a tournament of 1,000 players and 9 heats of 142 boards (1,278 games; 6 players sit out each
// heat), random whole scores 0..120 and centres, the lowest heat dropped, the 2003 tie-break chain (with many
// ties to break) and 333 teams of three under the 2003 team rule.
func benchEvent() Event {
	r := rand.New(rand.NewPCG(1, 2))
	e := Event{Heats: 9, Rules: Rules{LowestCount: 1, MinHeats: 5, TieBreaks: Regatta2003TieBreaks(),
		Team: TeamRule{Kind: BestGames, Number: 2}}}
	for i := range 1000 {
		e.Players = append(e.Players, EventPlayer{Name: fmt.Sprintf("Player %d", i), Distance: float64(r.IntN(5000))})
	}
	for i := 0; i+3 <= 1000; i += 3 {
		e.Teams = append(e.Teams, EventTeam{Name: fmt.Sprintf("Team %d", i/3), Members: []int{i, i + 1, i + 2}})
	}
	for h := 1; h <= 9; h++ {
		order := r.Perm(1000)
		for b := range 142 {
			g := Played{Heat: h, Board: b + 1, Winners: []dip.Power{dip.Power(r.IntN(dip.NumPowers))}}
			for pw := range dip.NumPowers {
				g.Seats[pw] = PlayedSeat{Player: order[b*dip.NumPowers+pw], Score: float64(r.IntN(121)), Centres: r.IntN(5)}
			}
			e.Games = append(e.Games, g)
		}
	}
	return e
}

// BenchmarkStandings computes the standings, teams and awards of benchEvent.
func BenchmarkStandings(b *testing.B) {
	e := benchEvent()
	for b.Loop() {
		if _, err := Standings(e); err != nil {
			b.Fatal(err)
		}
	}
}
