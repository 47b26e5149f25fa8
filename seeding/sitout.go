package seeding

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// SitOutCandidate is a player who may play a heat or sit it out: registered
// for it, or already marked as sitting it out, and not on a started board.
type SitOutCandidate struct {
	Player   int     // the caller's index of the player
	Priority float64 // sit-out priority: higher sits out first
	SatOut   int     // earlier heats sat out
	Played   int     // earlier heats played
	ToPlay   int     // later heats the player is registered for
	Distance float64 // distance travelled: shorter sits out first
	Row      int     // the player's place on the players' list: a later row sits out first
	Sitting  bool    // already marked as sitting this heat out
	Standby  bool    // plays only if needed: sits out before anyone else
	// Called holds a seat on one of the heat's called boards (seated, not
	// started): after the standbys, they sit out last, so that a change
	// after the calls moves nobody who holds a seat when it can.
	Called bool
}

// SitOuts is what ChooseSitOuts decided: who newly sits out and who, marked
// as sitting out, plays after all.
type SitOuts struct {
	SitOut  []int // players to mark as sitting out, by Player
	Restore []int // players marked as sitting out who now play, by Player
	// Why says, for each player of SitOut and Restore, what put them there:
	// the sort keys that the order below compares, in words.
	Why map[int]string
}

// ChooseSitOuts decides who sits a heat out so that the players fill boards
// of seven, changing as few players as possible: it brings back players
// already marked as sitting out (after a cancellation) when that takes no
// more changes than benching players who were to play. With no way to fill
// a board (fewer than seven in all) it changes nothing.
//
// The order in which players sit out is:
//  0. standbys first (they play only if needed), then every player not
//     Called before any who is;
//  1. never a player whom sitting out would push below the qualifying
//     minimum (minHeats) while someone else can sit: one who has played
//     Played heats, is registered for ToPlay more, and could still reach
//     minHeats only by playing this heat;
//  2. the highest Sit-out priority first;
//  3. those who have sat out the fewest heats first;
//  4. the shortest distance first;
//  5. the latest row first.
//
// Players come back in the reverse order: the last to deserve a sit-out
// first.
func ChooseSitOuts(candidates []SitOutCandidate, minHeats int) SitOuts {
	return chooseSitOuts(candidates, minHeats, 0)
}

// ChooseSitOutsAfterCalls is ChooseSitOuts for a heat whose boards were
// called (seated, not started), with seats seats on them: the players who
// play are at least seats when the candidates allow, bringing back players
// marked as sitting out to fill the seats of those who dropped out rather
// than benching more, so that no called board need be broken up. Above
// seats it chooses as ChooseSitOuts does (late players who make a new board
// play; otherwise they sit out before a Called player). When the
// candidates cannot fill the seats it chooses as ChooseSitOuts does, and
// the caller, seeing fewer players than seats, must move players.
func ChooseSitOutsAfterCalls(candidates []SitOutCandidate, minHeats, seats int) SitOuts {
	return chooseSitOuts(candidates, minHeats, seats)
}

// chooseSitOuts is ChooseSitOuts with the players who play kept at least
// floor when the candidates allow.
func chooseSitOuts(candidates []SitOutCandidate, minHeats, floor int) SitOuts {
	var playing, sitting []SitOutCandidate
	for _, c := range candidates {
		if c.Sitting {
			sitting = append(sitting, c)
		} else {
			playing = append(playing, c)
		}
	}
	p, s := len(playing), len(sitting)
	target := -1 // the number of players who play: a multiple of dip.BoardSize, the nearest to p
	if floor > p+s {
		floor = 0 // the seats cannot be filled: choose as if there were none
	}
	for n := dip.BoardSize; n <= p+s; n += dip.BoardSize {
		if n < floor {
			continue
		}
		if target < 0 || abs(n-p) <= abs(target-p) { // a tie goes to the larger: restore rather than bench
			target = n
		}
	}
	out := SitOuts{Why: map[int]string{}}
	defer func() {
		for _, c := range candidates {
			if slices.Contains(out.SitOut, c.Player) || slices.Contains(out.Restore, c.Player) {
				out.Why[c.Player] = c.why(minHeats)
			}
		}
	}()
	switch {
	case target < 0 || target == p:
		return out
	case target > p:
		slices.SortStableFunc(sitting, sitOutOrder(minHeats))
		for _, c := range sitting[s-(target-p):] {
			out.Restore = append(out.Restore, c.Player)
		}
		slices.Sort(out.Restore)
	default:
		slices.SortStableFunc(playing, sitOutOrder(minHeats))
		for _, c := range playing[:p-target] {
			out.SitOut = append(out.SitOut, c.Player)
		}
		slices.Sort(out.SitOut)
	}
	return out
}

// sitOutOrder compares two candidates: negative when a sits out before b.
func sitOutOrder(minHeats int) func(a, b SitOutCandidate) int {
	return func(a, b SitOutCandidate) int {
		if a.Standby != b.Standby {
			if a.Standby {
				return -1
			}
			return 1
		}
		if a.Called != b.Called {
			if a.Called {
				return 1
			}
			return -1
		}
		if pa, pb := a.protected(minHeats), b.protected(minHeats); pa != pb {
			if pa {
				return 1
			}
			return -1
		}
		return cmp.Or(
			cmp.Compare(b.Priority, a.Priority),
			cmp.Compare(a.SatOut, b.SatOut),
			cmp.Compare(a.Distance, b.Distance),
			cmp.Compare(b.Row, a.Row))
	}
}

// why puts the candidate's sort keys in words: "standby", or "sit-out
// priority 2, sat out 1 heat, 40 km, row 7".
func (c SitOutCandidate) why(minHeats int) string {
	if c.Standby {
		return "standby: plays only if needed"
	}
	var parts []string
	if c.Called {
		parts = append(parts, "called to a board")
	}
	if c.protected(minHeats) {
		parts = append(parts, fmt.Sprintf("needs this heat to reach the minimum of %d", minHeats))
	}
	if c.Priority != 0 {
		parts = append(parts, fmt.Sprintf("sit-out priority %g", c.Priority))
	}
	heats := "heats"
	if c.SatOut == 1 {
		heats = "heat"
	}
	parts = append(parts, fmt.Sprintf("sat out %d %s before", c.SatOut, heats), fmt.Sprintf("%g km", c.Distance),
		fmt.Sprintf("row %d", c.Row))
	return strings.Join(parts, ", ")
}

// protected reports whether sitting this heat out would push the player
// below the qualifying minimum: they can reach it only by playing it.
func (c SitOutCandidate) protected(minHeats int) bool {
	return c.Played+c.ToPlay < minHeats && c.Played+c.ToPlay+1 >= minHeats
}

func abs(n int) int { return max(n, -n) }

// SitOutOrder returns the candidates' players in the order ChooseSitOuts
// benches them: the first sits out first.
func SitOutOrder(candidates []SitOutCandidate, minHeats int) []int {
	c := slices.Clone(candidates)
	slices.SortStableFunc(c, sitOutOrder(minHeats))
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = x.Player
	}
	return out
}

// BenchStandbys decides, for players players to seat that do not fill
// boards of seven, whether standbys sit out instead of anyone playing two
// boards: when at least players mod 7 of the candidates are standbys, the
// first that many of them in the sit-out order sit out, and the rest fill
// boards of seven; otherwise nobody does (the standbys play, and players
// on two boards fill the boards). With fewer than seven players it changes
// nothing.
func BenchStandbys(candidates []SitOutCandidate, players, minHeats int) SitOuts {
	out := SitOuts{Why: map[int]string{}}
	var standbys []SitOutCandidate
	for _, c := range candidates {
		if c.Standby && !c.Sitting {
			standbys = append(standbys, c)
		}
	}
	r := players % dip.BoardSize
	if r == 0 || players < dip.BoardSize || len(standbys) < r {
		return out
	}
	slices.SortStableFunc(standbys, sitOutOrder(minHeats))
	for _, c := range standbys[:r] {
		out.SitOut = append(out.SitOut, c.Player)
		out.Why[c.Player] = c.why(minHeats)
	}
	slices.Sort(out.SitOut)
	return out
}
