package scoring

import "github.com/armada-dtm/dtm/internal/dip"

// hurst computes the Hurst Tournament Mean (hurst-tournament-mean.txt). The mean of a power is its centres
// summed over every game of the event divided by the number of games (each game seats all seven powers). A
// heat's score is the game's centres minus that mean; the total is the sum of those over the player's games
// divided by the rounds the player played, rounded to 4 decimals (rule 8). The ranking compares the unrounded
// means, as rule 8 allows "further if ties need to be broken": rank notes say when that separated a tie.
func (s *standings) hurst() {
	mean := s.powerMeans()
	for p := range s.e.Players {
		hs := s.heatRow(p, 0)
		for h := range hs {
			if !hs[h].Played {
				hs[h].Factor = 0
			}
		}
		sum := 0.0
		for _, r := range s.seats[p] {
			g := &s.e.Games[r.game]
			h := &hs[g.Heat-1]
			h.Score = float64(g.Seats[r.power].Centres) - mean[r.power]
			sum += h.Score
		}
		exact := 0.0
		if n := len(s.seats[p]); n > 0 {
			exact = sum / float64(n)
		}
		s.rows[p] = s.line(p, hs, hurstRound(exact))
		s.exact[p] = exact
	}
}

// powerMeans returns each power's centres averaged over every game of the
// event (the Hurst Tournament Mean's means).
func (s *standings) powerMeans() [dip.NumPowers]float64 {
	var mean [dip.NumPowers]float64
	if n := len(s.e.Games); n > 0 {
		for _, g := range s.e.Games {
			for pw, seat := range g.Seats {
				mean[pw] += float64(seat.Centres)
			}
		}
		for pw := range mean {
			mean[pw] /= float64(n)
		}
	}
	return mean
}

// hurstRound rounds a Hurst mean to 4 decimals, halves away from zero; -0 becomes 0.
func hurstRound(v float64) float64 { return RoundTo(v, 4) }
