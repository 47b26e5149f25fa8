package seeding

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestTwoBoardsTable seeds generated events (Generate, seed 1, default
// values and power groups, powers assigned) heat by heat in two ways: with
// the remainder sitting out, as Generate's rounds have them (the players
// who have played most sit out, in turn), seeded as Simulate seeds them;
// and with everyone present and 7 - players mod 7 of them on two boards
// (SeedTwoBoards; everyone willing, chosen by ChooseDoublers: doubling
// rotates, then the lower index). Each heat is seeded with HeatSeed(1, n)
// and measured by Explain against the heats before it, as dtm seed prints
// it; a player who met another on both their boards pays the second meeting
// as a repeat. It logs, for each, the seats, the event's total conflict and
// its repeats, and the pairs who met more than once. It runs with
// DTM_BENCH_SEEDING=1: the table of docs/seeding.md, "Players on two
// boards".
func TestTwoBoardsTable(t *testing.T) {
	if os.Getenv("DTM_BENCH_SEEDING") != "1" {
		t.Skip("set DTM_BENCH_SEEDING=1 to run the two-boards benchmark")
	}
	t.Log("| instance | policy | seats | total conflict | opponents met before | same power or group | pairs meeting twice or more | seconds |")
	for _, spec := range []Spec{{Players: 31, Rounds: 3, Powers: true, Seed: 1}, {Players: 45, Rounds: 3, Powers: true, Seed: 1}} {
		in, err := Generate(spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, doubling := range []bool{false, true} {
			p := in.Problem
			p.History = nil
			p.TwoBoards = map[int]bool{}
			var everyone []int
			for i := range p.Players {
				everyone = append(everyone, i)
				p.TwoBoards[i] = true
			}
			doubled := make([]int, len(p.Players))
			total, repeat, power, seats := 0, 0, 0, 0
			start := time.Now()
			for r := range spec.Rounds {
				opts := Options{Seed: HeatSeed(1, r+1), RoundsLeft: spec.Rounds - r}
				var res Result
				if doubling {
					var cands []DoublerCandidate
					for i := range everyone {
						cands = append(cands, DoublerCandidate{Player: i, Doubled: doubled[i], Row: i})
					}
					d, ok := ChooseDoublers(cands, DoublersNeeded(len(everyone)))
					if !ok {
						t.Fatal("too few volunteers")
					}
					for _, i := range d.Players {
						doubled[i]++
					}
					res, err = SeedTwoBoards(context.Background(), &p, everyone, d.Players, nil, opts)
				} else {
					res, err = Seed(context.Background(), &p, in.Rounds[r].Present, nil, opts)
				}
				if err != nil {
					t.Fatalf("%dx%d round %d: %v", spec.Players, spec.Rounds, r+1, err)
				}
				res.Plan.Round = r + 1
				ex, err := Explain(&p, res.Plan)
				if err != nil {
					t.Fatal(err)
				}
				total += ex.Total
				repeat += ex.Breakdown.Repeat
				power += ex.Breakdown.Power + ex.Breakdown.PowerGroup
				seats += dip.BoardSize * len(res.Plan.Boards)
				p.History = append(p.History, res.Plan)
			}
			secs := time.Since(start).Seconds()
			met := map[[2]int]int{}
			for _, h := range p.History {
				for _, b := range h.Boards {
					for x, s := range b.Seats {
						for _, u := range b.Seats[x+1:] {
							met[pairKey(s.Player, u.Player)]++
						}
					}
				}
			}
			twice := 0
			for _, n := range met {
				if n > 1 {
					twice++
				}
			}
			policy := "3 sit out each heat"
			if doubling {
				policy = "4 on two boards each heat"
			}
			t.Logf("| %dx%d | %s | %d | %d | %d | %d | %d | %.1f |", spec.Players, spec.Rounds, policy, seats, total, repeat, power, twice, secs)
		}
	}
}
