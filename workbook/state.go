package workbook

import (
	"math"
	"slices"

	"github.com/armada-dtm/dtm/scoring"
)

// HeatState is where a heat stands, as its sheet and tabs show it: every
// command decides what it may change from it, and dtm status prints it.
type HeatState int

// The states of a heat, in the order a heat goes through them.
const (
	// NotSeeded: no board of the heat has a player.
	NotSeeded HeatState = iota
	// Called: boards seated, none started (calls written or not:
	// HeatStatus.Calls says).
	Called
	// InPlay: some board Started, or some but not all Finished.
	InPlay
	// Reported: every board Finished, but the heat sheet's scores are not
	// those dtm score writes.
	Reported
	// Scored: every board Finished and scored as the sheet shows.
	Scored
)

// heatStates are the states' names, as dtm status prints them.
var heatStates = [...]string{NotSeeded: "not seeded", Called: "called", InPlay: "in play", Reported: "reported", Scored: "scored"}

// String names the state: "not seeded", "called", "in play", "reported",
// "scored".
func (s HeatState) String() string {
	if s < 0 || int(s) >= len(heatStates) {
		return "unknown"
	}
	return heatStates[s]
}

// HeatStatus is a heat's state and its boards by game status.
type HeatStatus struct {
	Heat  int
	State HeatState
	// Calls is set when the heat's board-calls tab exists.
	Calls bool
	// Unstarted, Started and Finished are the board numbers of the heat's
	// seated boards (a board with no player in any seat is not a game) by
	// status, in order.
	Unstarted, Started, Finished []int
	// Live are the started boards scored as they stand (Game.Live): each
	// board's number and the chart year it was scored from.
	Live [][2]int
}

// HeatStatus returns where heat n stands. It is valid once the director
// has scored the workbook's finished games in memory (Game.Scored), as
// opening a workbook for any command does; a heat outside the tournament
// is NotSeeded.
func (b *Book) HeatStatus(n int) HeatStatus {
	st := HeatStatus{Heat: n, Calls: slices.Contains(b.x.SheetList(), BoardCallsSheet(n))}
	t := b.Tournament
	if t == nil || n < 1 || n > len(t.Heats) {
		return st
	}
	heat := &t.Heats[n-1]
	scored := true
	for i := range heat.Games {
		g := &heat.Games[i]
		if !g.seated() {
			continue
		}
		switch g.Status {
		case Unstarted:
			st.Unstarted = append(st.Unstarted, g.Board)
		case Started:
			st.Started = append(st.Started, g.Board)
			if g.Live > 0 {
				st.Live = append(st.Live, [2]int{g.Board, g.Live})
			}
		case Finished:
			st.Finished = append(st.Finished, g.Board)
			scored = scored && b.showsScores(heat, g)
		}
	}
	boards := len(st.Unstarted) + len(st.Started) + len(st.Finished)
	switch {
	case boards == 0:
		st.State = NotSeeded
	case len(st.Finished) == boards && scored:
		st.State = Scored
	case len(st.Finished) == boards:
		st.State = Reported
	case len(st.Unstarted) == boards:
		st.State = Called
	default:
		st.State = InPlay
	}
	return st
}

// Final reports whether the tournament is over: it has heats, and every
// one is Scored.
func (b *Book) Final() bool {
	t := b.Tournament
	if t == nil || len(t.Heats) == 0 {
		return false
	}
	for _, h := range t.Heats {
		if b.HeatStatus(h.Number).State != Scored {
			return false
		}
	}
	return true
}

// seated reports whether a board has a player in some seat.
func (g *Game) seated() bool {
	return slices.ContainsFunc(g.Seats, func(s Seat) bool { return s.Player >= 0 })
}

// showsScores reports whether a finished game was scored and the heat
// sheet's Score column holds what dtm score writes for it: its computed
// scores, or under the Hurst Tournament Mean the figures of the standings
// (SetHurstFigures; until they are known, no heat is scored). A heat sheet
// without a Score column shows no scores to disagree: a scored game is
// scored as far as it shows.
func (b *Book) showsScores(h *Heat, g *Game) bool {
	if !g.Scored {
		return false
	}
	if h.cell(1, HeaderScore) == "" {
		return true
	}
	hurst := b.Tournament.Settings.Method == scoring.HurstMean
	for _, s := range g.Seats {
		want := s.Computed
		if hurst {
			f, ok := b.hurst[hurstKey{s.Player, h.Number}]
			if !ok {
				return false
			}
			want = f
		}
		if !sameScore(s.scoreCell, want) {
			return false
		}
	}
	return true
}

// sameScore reports whether a Score cell as read holds the score v: the
// same number, to the digits a spreadsheet keeps when it saves the file
// (LibreOffice writes 15 significant digits).
func sameScore(cell string, v float64) bool {
	if cell == number(v) {
		return true
	}
	n, ok := parseNumber(cell)
	if !ok {
		return false
	}
	return math.Abs(n-v) <= 1e-12*max(1, math.Abs(v))
}
