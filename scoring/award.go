package scoring

import (
	"fmt"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Award is one prize of DTM's Awards screen (manual section 15) and who wins it.
//
// The list, in order: "1st place" ... "7th place" (qualified players only; players tied on rank share their
// place and the places their tie covers are skipped, as a competition ranking does: two players tied 2nd both
// win "2nd place", "3rd place" has no winner and says so in Detail, and the next player wins "4th place");
// "Best team" (with a
// team tournament; team ids in Winners); "Best Austria" ... "Best Turkey" (every player eligible: the best
// game score with that power, or with Rules.AwardsByCentres the most centres, the score breaking ties);
// "Best result without a solo" (the best total of a player who never won a game alone; when every game was
// scored by rank: "Best result without topping a board", never first or equal first on centres, nor the
// conceded winner; each game is judged by its own criterion, Played.Rank); "Best score made only of losses"
// (the best total of a player who never won, shared a draw or, in a game scored by rank, topped the board); "Last place" (the lowest total that counts no unplayed heat: every heat not played
// has Factor 0). For the last three a player must have played at least max(1, Heats - LowestCount) heats
// (DTM section 4). Ties share an award; Winners is empty when nobody is eligible.
type Award struct {
	Kind    AwardKind
	Name    string
	Winners []int // player ids, or team ids when Team is set
	Team    bool  // the award is "Best team": Winners are indexes into Event.Teams
	// Power is the power of a best-power award, Board for every other award; Games are then the winning
	// games, in heat and board order (several on a tie, possibly two of one player).
	Power dip.Power
	Games []AwardGame
	Value float64 // the winning total, game score, or centres (best power by centres)
	// TiedAbove is, for a place award skipped by a tie above it, the place of that tie (3 for "4th place"
	// when two players tie for 3rd); 0 otherwise.
	TiedAbove int
	Detail    string // what the winner did, e.g. "Austria, heat 2 board 3: 12 centres, 58 points"
}

// AwardKind identifies an award whatever its name in the director's
// language: exports and other programs find awards by kind.
type AwardKind int

// The kinds of award, in the order of the list.
const (
	PlaceAward       AwardKind = iota // "1st place" ... "7th place"
	BestTeamAward                     // "Best team"
	BestPowerAward                    // "Best Austria" ... "Best Turkey"
	WithoutSoloAward                  // "Best result without a solo" (or "without topping a board")
	OnlyLossesAward                   // "Best score made only of losses"
	LastPlaceAward                    // "Last place"
)

// AwardGame is a game that wins a best-power award.
type AwardGame struct {
	Player, Heat, Board int
	Score               float64
	Centres             int
}

// awards lists the awards for the ranked table.
func (s *standings) awards(t Table) []Award {
	var out []Award
	var ranked []Standing
	for _, st := range t.Players {
		if st.Qualified {
			ranked = append(ranked, st)
		}
	}
	for k := 1; k <= 7; k++ {
		out = append(out, placeAward(k, ranked))
	}
	if s.e.Teams != nil {
		out = append(out, bestTeam(t.Teams))
	}
	for pw := dip.Austria; pw < dip.NumPowers; pw++ {
		out = append(out, s.bestPower(pw))
	}
	return append(out, s.atLarge(t.Players)...)
}

// placeAward returns the k-th place award.
func placeAward(k int, ranked []Standing) Award {
	a := Award{Kind: PlaceAward, Name: placeName(k) + " place", Power: dip.Board}
	for i, st := range ranked {
		size := 0
		for _, o := range ranked[i:] {
			if o.Rank != st.Rank {
				break
			}
			size++
		}
		if st.Rank > k || k >= st.Rank+size || (i > 0 && ranked[i-1].Rank == st.Rank) {
			continue
		}
		if st.Rank < k { // the place is taken by the tie above it
			a.TiedAbove = st.Rank
			a.Detail = fmt.Sprintf("none: %d players tied for %s place", size, placeName(st.Rank))
			return a
		}
		a.Value = st.Total
		a.Detail = "total " + numText(st.Total)
		for _, o := range ranked[i : i+size] {
			a.Winners = append(a.Winners, o.Player)
		}
		if size > 1 {
			a.Detail += fmt.Sprintf(", tied for %s place", placeName(st.Rank))
		} else if st.TieBreak != "" {
			a.Detail += "; " + st.TieBreak
		}
		break
	}
	return nobody(a)
}

// nobody marks an award without winners.
func nobody(a Award) Award {
	if len(a.Winners) == 0 {
		a.Detail = "nobody eligible"
	}
	return a
}

// bestTeam returns the best team award: the teams ranked first.
func bestTeam(teams []TeamStanding) Award {
	a := Award{Kind: BestTeamAward, Name: "Best team", Team: true, Power: dip.Board}
	for _, ts := range teams {
		if ts.Rank == 1 {
			a.Winners = append(a.Winners, ts.Team)
			a.Value = ts.Total
		}
	}
	if len(a.Winners) > 0 {
		a.Detail = "total " + numText(a.Value)
		if len(a.Winners) > 1 {
			a.Detail += ", tied"
		}
	}
	return nobody(a)
}

// bestPower returns the best performance with a power, over every game, by score or by centres then score.
func (s *standings) bestPower(pw dip.Power) Award {
	a := Award{Kind: BestPowerAward, Name: "Best " + pw.String(), Power: pw}
	byCentres := s.e.Rules.AwardsByCentres
	better := func(x, y PlayedSeat) int { // >0 when x beats y
		if byCentres && x.Centres != y.Centres {
			return x.Centres - y.Centres
		}
		if sameScore(x.Score, y.Score) {
			return 0
		}
		if x.Score > y.Score {
			return 1
		}
		return -1
	}
	games := make([]int, len(s.e.Games))
	for i := range games {
		games[i] = i
	}
	slices.SortFunc(games, func(i, j int) int {
		gi, gj := &s.e.Games[i], &s.e.Games[j]
		if gi.Heat != gj.Heat {
			return gi.Heat - gj.Heat
		}
		return gi.Board - gj.Board
	})
	var best []int // games with the best seat so far
	for _, gi := range games {
		seat := s.e.Games[gi].Seats[pw]
		switch {
		case len(best) == 0:
			best = []int{gi}
		case better(seat, s.e.Games[best[0]].Seats[pw]) > 0:
			best = []int{gi}
		case better(seat, s.e.Games[best[0]].Seats[pw]) == 0:
			best = append(best, gi)
		}
	}
	var parts []string
	// Hundreds of games may share the best seat: each winner is looked up
	// in a set, not in the list so far.
	won := make(map[int]bool, len(best))
	if len(best) > 0 {
		a.Games = make([]AwardGame, 0, len(best))
	}
	for _, gi := range best {
		g := &s.e.Games[gi]
		seat := g.Seats[pw]
		if !won[seat.Player] {
			won[seat.Player] = true
			a.Winners = append(a.Winners, seat.Player)
		}
		a.Games = append(a.Games, AwardGame{Player: seat.Player, Heat: g.Heat, Board: g.Board, Score: seat.Score,
			Centres: seat.Centres})
		a.Value = seat.Score
		if byCentres {
			a.Value = float64(seat.Centres)
		}
		if len(parts) == maxListed {
			continue
		}
		part := fmt.Sprintf("heat %d board %d: %d centre%s, %s points", g.Heat, g.Board, seat.Centres,
			plural(seat.Centres), numText(seat.Score))
		if len(best) > 1 {
			part += " (" + s.name(seat.Player) + ")"
		}
		parts = append(parts, part)
	}
	if len(parts) > 0 {
		a.Detail = pw.String() + ", " + listed(parts, len(best), "; ")
	}
	return nobody(a)
}

// atLarge returns DTM's three at-large awards: best result without a solo, best score made only of losses,
// last place.
func (s *standings) atLarge(lines []Standing) []Award {
	rankOnly := len(s.e.Games) > 0
	for _, g := range s.e.Games {
		rankOnly = rankOnly && g.Rank
	}
	noSolo := Award{Kind: WithoutSoloAward, Name: "Best result without a solo", Power: dip.Board}
	soloWord := "a solo"
	if rankOnly {
		noSolo.Name, soloWord = "Best result without topping a board", "topping a board"
	}
	losses := Award{Kind: OnlyLossesAward, Name: "Best score made only of losses", Power: dip.Board}
	last := Award{Kind: LastPlaceAward, Name: "Last place", Power: dip.Board}
	need := max(1, s.e.Heats-s.e.Rules.LowestCount)
	for _, st := range lines {
		if st.Played < need {
			continue
		}
		solo, allLost := false, true
		for _, r := range s.seats[st.Player] {
			won, topped := gameResult(&s.e.Games[r.game], r.power)
			solo = solo || topped
			allLost = allLost && !won
		}
		if !solo {
			takeBest(&noSolo, st, +1, fmt.Sprintf(" in %d game%s, none %s", st.Played, plural(st.Played), soloWord))
		}
		if allLost {
			takeBest(&losses, st, +1, fmt.Sprintf(" in %d game%s, all losses", st.Played, plural(st.Played)))
		}
		if !slices.ContainsFunc(st.Heats, func(h HeatScore) bool { return !h.Played && h.Factor != 0 }) {
			takeBest(&last, st, -1, fmt.Sprintf(" in %d game%s, no unplayed heat counted", st.Played, plural(st.Played)))
		}
	}
	return []Award{nobody(noSolo), nobody(losses), nobody(last)}
}

// takeBest makes st a winner of a when its total beats the current one (sign +1: higher, -1: lower) or
// shares it.
func takeBest(a *Award, st Standing, sign float64, what string) {
	switch {
	case len(a.Winners) > 0 && sameScore(st.Total, a.Value):
		a.Winners = append(a.Winners, st.Player)
		a.Detail = "total " + numText(a.Value) + " each, tied"
	case len(a.Winners) == 0 || sign*(st.Total-a.Value) > 0:
		a.Winners = []int{st.Player}
		a.Value = st.Total
		a.Detail = "total " + numText(st.Total) + what
	}
}

// gameResult reports whether the power won something in the game (a solo, a share of a draw, or in a game scored
// by rank first or equal first place) and whether it soloed (in a game scored by rank: topped the board).
func gameResult(g *Played, pw dip.Power) (won, solo bool) {
	if g.Rank {
		top := g.Seats[pw].Centres > 0
		for _, seat := range g.Seats {
			top = top && seat.Centres <= g.Seats[pw].Centres
		}
		top = top || (len(g.Winners) == 1 && g.Winners[0] == pw)
		return top, top
	}
	won = slices.Contains(g.Winners, pw)
	return won, won && len(g.Winners) == 1
}

// plural returns "s" unless n is 1.
func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// AwardNames lists every name an award of the list may have, in the list's
// order: the places, "Best team", the best powers and the at-large awards
// (both names of the one without a solo).
func AwardNames() []string {
	var out []string
	for k := 1; k <= 7; k++ {
		out = append(out, placeName(k)+" place")
	}
	out = append(out, "Best team")
	for pw := dip.Austria; pw < dip.NumPowers; pw++ {
		out = append(out, "Best "+pw.String())
	}
	return append(out, "Best result without a solo", "Best result without topping a board", "Best score made only of losses", "Last place")
}

// listed joins the items shown of a list of total items, counting the
// rest: "a; b; c; and 17 more".
func listed(items []string, total int, sep string) string {
	out := strings.Join(items, sep)
	if total > len(items) {
		out += fmt.Sprintf("%sand %d more", sep, total-len(items))
	}
	return out
}
