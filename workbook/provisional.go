package workbook

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// InPlay returns the status of every heat in play (a board Started, or some
// boards Finished and some not), in heat order: while there is one, the
// standings are provisional.
func (b *Book) InPlay() []HeatStatus {
	var out []HeatStatus
	for _, h := range b.Tournament.Heats {
		if st := b.HeatStatus(h.Number); st.State == InPlay {
			out = append(out, st)
		}
	}
	return out
}

// Finished reports whether every heat of the tournament has all its boards
// Finished (Reported or Scored): the standings a command computes are then
// final, whether or not dtm score has written them yet.
func (b *Book) Finished() bool {
	if len(b.Tournament.Heats) == 0 {
		return false
	}
	for _, h := range b.Tournament.Heats {
		if st := b.HeatStatus(h.Number).State; st != Reported && st != Scored {
			return false
		}
	}
	return true
}

// InPlayBoards returns a heat's boards not yet finished, in order.
func (s HeatStatus) InPlayBoards() []int {
	return slices.Sorted(slices.Values(append(slices.Clone(s.Started), s.Unstarted...)))
}

// ProvisionalNote says which boards of the heats in play are not finished,
// and which of them are scored as they stand: "provisional: heat 3 boards
// 2, 5 in play; heat 3 board 2 scored from its 1905 centres"; "" when no
// heat is in play.
func ProvisionalNote(inPlay []HeatStatus) string {
	var parts, live []string
	for _, st := range inPlay {
		boards := st.InPlayBoards()
		nums := make([]string, len(boards))
		for i, n := range boards {
			nums[i] = fmt.Sprint(n)
		}
		word := "boards"
		if len(boards) == 1 {
			word = "board"
		}
		parts = append(parts, fmt.Sprintf("heat %d %s %s", st.Heat, word, strings.Join(nums, ", ")))
		for _, l := range st.Live {
			live = append(live, fmt.Sprintf("heat %d board %d scored from its %d centres", st.Heat, l[0], l[1]))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	note := "provisional: " + strings.Join(parts, " and ") + " in play"
	if len(live) > 0 {
		note += "; " + strings.Join(live, ", ")
	}
	return note
}

// LiveGame is a board in play (Started, with a centre chart of at least
// one year) as the game scoring scores if it ended at the chart's last
// year: each power's centres that year, a power with none eliminated in the
// year its chart first reached 0, and a draw of every survivor, unless the
// chart shows a power reaching the tournament's victory, which then wins.
// The year is the chart's last; false for any other board.
func LiveGame(g *Game, victory scoring.VictoryRule) (scoring.Game, int, bool) {
	if g.Status != Started || len(g.Seats) != 7 || slices.ContainsFunc(g.Seats, func(s Seat) bool { return s.Power < 0 || s.Player < 0 }) {
		return scoring.Game{}, 0, false
	}
	sg := ScoringGame(g)
	if len(sg.History) == 0 {
		return scoring.Game{}, 0, false
	}
	last := sg.History[len(sg.History)-1]
	sg.Winners, sg.Conceded, sg.FinalYear, sg.Centres, sg.Eliminated = nil, false, last.Year, last.Centres, [dip.NumPowers]int{}
	for p := range dip.NumPowers {
		if sg.Centres[p] > 0 {
			sg.Winners = append(sg.Winners, dip.Power(p))
			continue
		}
		for _, y := range sg.History {
			if y.Centres[p] == 0 {
				sg.Eliminated[p] = y.Year
				break
			}
		}
	}
	if v := victory.Check(sg.History).Victory; v != nil {
		sg.Winners = []dip.Power{v.Power}
	}
	return sg, last.Year, true
}

// SetLiveScores records the scores a board in play was given as it stood
// at the end of year (LiveGame): each seat's Computed and Score. The heat
// sheet's Score column stays empty (Scored is not set); the standings count
// them, marked provisional (HeatStatus.Live).
func (g *Game) SetLiveScores(gs scoring.GameScores, year int) {
	g.Live, g.Criterion = year, gs.Criterion
	for k := range g.Seats {
		s := &g.Seats[k]
		s.Computed, s.Score = gs.Computed[s.Power], gs.Scores[s.Power]
	}
}
