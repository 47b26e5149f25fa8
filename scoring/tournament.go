package scoring

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Event is a whole tournament as the standings need it: the players, the finished games with their scores
// already computed, and the tournament's rules. Player ids are indexes into Players everywhere.
type Event struct {
	Players []EventPlayer
	Heats   int      // number of heats (rounds) of the tournament, 1..30
	Games   []Played // every finished game scored so far; unfinished games are left out
	Rules   Rules
	Teams   []EventTeam // nil when there is no team tournament; team ids are indexes into Teams
}

// EventPlayer is a player of the tournament.
type EventPlayer struct {
	Name     string
	Distance float64 // distance travelled from home to the tournament (the Distance tie-break)
	// TwoBoards lets the player play two games in one heat (a player on two
	// boards): the better of the two is their heat's game for the standings
	// and the tie-breaks; both games count for the best-power awards, the
	// other players and the powers' means.
	TwoBoards bool
	// Absent marks a player on the roster who takes no part in the event
	// (carried over from an earlier one, never registered nor seated): not
	// ranked, so not in Table.Players, and in no award but a team's.
	Absent bool
}

// EventTeam is a team of the team tournament: 3 to 7 player ids, none of them in another team.
type EventTeam struct {
	Name    string
	Members []int
}

// Played is one finished game with its scores already computed (a director's manual override already applied
// to Score). A replaced player's seat carries only the last player, who gets the game's full credit and the
// player who left gets nothing (DTM's policy).
type Played struct {
	Heat, Board int                       // heat 1..Event.Heats; board number, unique in the heat
	Seats       [dip.NumPowers]PlayedSeat // indexed by Power
	Winners     []dip.Power               // as in Game: the solo winner or the draw, empty for none
	Conceded    bool                      // the single win was conceded
	// Rank is set when the game was scored under a Rank by SC count (or Both) system: topping the board then
	// stands for a solo in the awards, and every other place for a loss.
	Rank bool
	// History is the game's centre chart, when recorded (the Norman tie-break uses it).
	History []Year
	// Top marks a top board, whose scores count Rules.TopBoardFactor times in the totals.
	Top bool
}

// game returns the played game as Game, for Norman's ranking.
func (g *Played) game() Game {
	out := Game{Winners: g.Winners, Conceded: g.Conceded, History: g.History}
	for p, seat := range g.Seats {
		out.FinalYear = max(out.FinalYear, seat.Year)
		out.Centres[p] = seat.Centres
		if seat.Eliminated {
			out.Eliminated[p] = seat.Year
		}
	}
	return out
}

// PlayedSeat is one power's player and result in a Played game. Centres serve the Hurst mean, the awards by
// centres and topping a board; Year and Eliminated are carried for the caller's exports and not used here.
type PlayedSeat struct {
	Player     int
	Score      float64
	Centres    int
	Year       int // the game's final year, or the power's elimination year
	Eliminated bool
}

// Method is how a player's heat scores make the tournament score.
type Method int

// The tournament scoring methods.
const (
	// SumOfHeats is DTM's: every heat's score (the unplayed score for a heat not played) after the drop
	// multipliers, summed.
	SumOfHeats Method = iota
	// HurstMean is Tom Hurst's Tournament Mean: each game's centres minus the tournament mean of that power's
	// centres, summed over the player's games and divided by the rounds the player played. The total is
	// rounded to 4 decimals; players equal at 4 decimals are ranked on the unrounded mean first (the system's
	// rule 8), then by the tie-break chain. Unplayed and the drop rule do not apply.
	HurstMean
)

var methodNames = [...]string{"Sum of heats", "Hurst Tournament Mean"}

// MethodNames returns the methods' names, in Method order: the Tournament
// sheet's dropdown.
func MethodNames() []string { return slices.Clone(methodNames[:]) }

// String returns "Sum of heats" or "Hurst Tournament Mean".
func (m Method) String() string {
	if m < 0 || int(m) >= len(methodNames) {
		return fmt.Sprintf("Method(%d)", int(m))
	}
	return methodNames[m]
}

// ParseMethod reads a method, case-insensitive: "Sum of heats" (or "sum", "DTM") or "Hurst Tournament Mean"
// (or "Hurst", "Hurst mean", "HTM").
func ParseMethod(s string) (Method, error) {
	switch strings.ToLower(strings.Join(strings.Fields(s), " ")) {
	case "sum of heats", "sum", "dtm":
		return SumOfHeats, nil
	case "hurst tournament mean", "hurst", "hurst mean", "htm":
		return HurstMean, nil
	}
	return 0, fmt.Errorf("unknown tournament method %q (want Sum of heats or Hurst Tournament Mean)", s)
}

// Rules are the tournament-level rules of DTM's Tournament Details screen, plus the tie-break chain.
type Rules struct {
	Method   Method
	Unplayed float64 // the score of a heat not played (SumOfHeats only)
	// The lowest LowestCount heat scores (unplayed heats included) are multiplied by LowestFactor, the
	// next-lowest NextCount by NextFactor (0 drops them); the rest count in full. SumOfHeats only.
	LowestCount  int
	LowestFactor float64
	NextCount    int
	NextFactor   float64
	MinHeats     int        // heats a player must play to qualify for the official ranking
	TieBreaks    []TieBreak // applied in order to equal totals; empty: ties are listed equally, as in DTM
	Team         TeamRule   // used when Event.Teams is not nil
	// AwardsByCentres gives the best-power awards by centre count, the game score breaking ties; otherwise
	// they go by game score.
	AwardsByCentres bool
	// TopBoardFactor multiplies the game scores of the top boards (Played.Top) in the totals: a player's
	// heat score is their game score times it, before the lowest heats are dropped or multiplied. 0 counts
	// as 1 (the zero Rules multiply nothing). SumOfHeats only; the awards keep the game scores.
	TopBoardFactor float64
	// Decimals is how many decimals of each game's score are kept: ScoreGames rounds a score once, half away
	// from zero (RoundTo), and totals are the sums of those scores.
	Decimals int
	// Draws is the house rule on when a game may end in a draw or a concession; ScoreGames refuses a game that
	// breaks it (SumOfHeats only).
	Draws DrawRule
}

// TopFactor returns the multiplier of a top board's scores: TopBoardFactor, or 1 when it is 0.
func (r Rules) TopFactor() float64 {
	if r.TopBoardFactor == 0 {
		return 1
	}
	return r.TopBoardFactor
}

// Table is the result of Standings: the players in rank order (but the absent), the teams in rank order, the
// awards.
type Table struct {
	Players []Standing
	Teams   []TeamStanding // empty without a team tournament
	Awards  []Award
}

// Standing is one player's line of the standings.
//
// Rank is a competition rank (1, 2, 2, 4) and qualified players come first: they are ranked 1.. among
// themselves, then the players short of MinHeats are ranked after them, among themselves by the same rules.
// The official "qualified only" list is therefore the Qualified lines, ranks unchanged; before anyone has
// qualified, every player is in the second group and ranked from 1.
type Standing struct {
	Player    int
	Rank      int
	Total     float64     // the tournament score; HurstMean: the mean rounded to 4 decimals
	Heats     []HeatScore // one per heat 1..Heats
	Played    int         // heats played
	Qualified bool        // Played >= Rules.MinHeats
	// TieBreak says how the player's tie on Total was settled: each rule that separated the player from
	// others tied with them, e.g. "head-to-head: 58 to 34 against Yarden Livnat", then "tied with ..." when a
	// tie remains; "" when nobody has the same Total.
	TieBreak string
}

// HeatScore is a player's score in one heat.
type HeatScore struct {
	Heat   int
	Played bool
	// Score is the game score (times Rules.TopBoardFactor on a top board), or Rules.Unplayed for a heat not
	// played; HurstMean: the game's centres minus
	// the power's tournament mean, 0 for a heat not played.
	Score float64
	// Factor is the multiplier applied in the total: 1 counted in full, 0 dropped, or the drop rule's
	// factor. HurstMean: 1 for a game played, 0 for a heat not played.
	Factor float64
	Board  int       // when played
	Power  dip.Power // when played
}

// Counted returns the heat's contribution to a SumOfHeats total: Score times Factor.
func (h HeatScore) Counted() float64 { return roundTotal(h.Score * h.Factor) }

// seatRef is one game a player sat in.
type seatRef struct {
	game  int // index into Event.Games
	power dip.Power
}

// standings holds the work of one Standings call.
type standings struct {
	e     *Event
	seats [][]seatRef // per player, the games played, in heat order
	rows  []Standing  // per player id
	exact []float64   // per player id: the unrounded total (HurstMean), the ranking key
	notes [][]string  // per player id: tie-break notes
	heats []HeatScore // every player's heat lines in one piece, handed out by heatRow
}

// Standings validates the event and computes the standings, the team standings and the awards. Every problem
// of the input comes back at once, joined with errors.Join, each located ("heat 2 board 3: France: ...").
//
// Under SumOfHeats, the heats dropped or multiplied are the lowest scores; on equal scores a heat not played
// goes before a played one, then the later heat before the earlier one.
func Standings(e Event) (Table, error) {
	if err := validateEvent(&e); err != nil {
		return Table{}, err
	}
	s := totals(&e)
	t := Table{Players: s.rank()}
	if e.Teams != nil {
		t.Teams = s.teams()
	}
	t.Awards = s.awards(t)
	return t, nil
}

// Progress works out the players' standings after one heat at a time, for
// a caller that needs them in turn and not all at once (the site's pages of
// the standings after each heat). The event is validated once, and the
// teams and awards are not worked out.
type Progress struct {
	e Event
	// inOrder says the event's games come heat by heat, as a workbook
	// gives them: the games up to a heat are then a prefix of them, taken
	// without a copy.
	inOrder bool
	games   []Played // the games up to a heat otherwise, reused: the standings keep nothing of it
	// seats is each player's games among the first indexed of the event's
	// (standings.seats), kept from one heat to the next when the games
	// come in order and their order within a heat does not change with
	// the games added (SumOfHeats: a Hurst Tournament Mean's counted
	// scores depend on every game so far).
	seats   [][]seatRef
	indexed int
}

// NewProgress validates the event once for every Progress.After.
func NewProgress(e Event) (*Progress, error) {
	if err := validateEvent(&e); err != nil {
		return nil, err
	}
	inOrder := slices.IsSortedFunc(e.Games, func(a, b Played) int { return cmp.Compare(a.Heat, b.Heat) })
	return &Progress{e: e, inOrder: inOrder}, nil
}

// After returns the players' standings after heat n, counting the games of
// that heat and the heats before it alone: Standings' Table.Players as they
// stood then. Asked heat after heat, each After indexes only the games
// added since the one before.
func (p *Progress) After(n int) []Standing {
	then := p.e
	if !p.inOrder {
		p.games = p.games[:0]
		for _, g := range p.e.Games {
			if g.Heat <= n {
				p.games = append(p.games, g)
			}
		}
		then.Games = p.games
		return totals(&then).rank()
	}
	k, _ := slices.BinarySearchFunc(p.e.Games, n+1, func(g Played, heat int) int { return cmp.Compare(g.Heat, heat) })
	then.Games = p.e.Games[:k]
	if p.e.Rules.Method == HurstMean {
		return totals(&then).rank()
	}
	if p.seats == nil || k < p.indexed {
		p.seats, p.indexed = make([][]seatRef, len(p.e.Players)), 0
	}
	s := &standings{e: &then, seats: p.seats}
	s.index(p.indexed)
	p.indexed = k
	s.total()
	return s.rank()
}

// totals works out every player's heat scores and total under the event's
// method, to be ranked.
func totals(e *Event) *standings {
	s := &standings{e: e, seats: make([][]seatRef, len(e.Players))}
	s.index(0)
	s.total()
	return s
}

// total works out every player's heat scores and total from the index.
func (s *standings) total() {
	if s.e.Rules.Method == HurstMean {
		s.hurst()
	} else {
		s.sumOfHeats()
	}
}

// index lists each player's games in heat order: of a player's two games in
// one heat (on two boards), only the better one (counted), the earlier
// board on a tie. The games from from on are added to those s.seats lists
// already, which must all be of earlier heats.
func (s *standings) index(from int) {
	had := make([]int, len(s.seats))
	for p, refs := range s.seats {
		had[p] = len(refs)
	}
	for gi := from; gi < len(s.e.Games); gi++ {
		for p, seat := range s.e.Games[gi].Seats {
			s.seats[seat.Player] = append(s.seats[seat.Player], seatRef{gi, dip.Power(p)})
		}
	}
	mean := s.powerMeans()
	counted := func(r seatRef) float64 {
		seat := s.e.Games[r.game].Seats[r.power]
		if s.e.Rules.Method == HurstMean {
			return float64(seat.Centres) - mean[r.power]
		}
		return seat.Score
	}
	for p, refs := range s.seats {
		added := refs[had[p]:]
		if len(added) == 0 {
			continue
		}
		slices.SortFunc(added, func(a, b seatRef) int {
			ga, gb := &s.e.Games[a.game], &s.e.Games[b.game]
			return cmp.Or(cmp.Compare(ga.Heat, gb.Heat), cmp.Compare(counted(b), counted(a)), cmp.Compare(ga.Board, gb.Board))
		})
		added = slices.CompactFunc(added, func(a, b seatRef) bool { return s.e.Games[a.game].Heat == s.e.Games[b.game].Heat })
		s.seats[p] = refs[:had[p]+len(added)]
	}
	s.rows = make([]Standing, len(s.e.Players))
	s.exact = make([]float64, len(s.e.Players))
	s.notes = make([][]string, len(s.e.Players))
}

// heatRow returns the player's heat lines: played heats filled from the games, the rest with unplayed.
func (s *standings) heatRow(p int, unplayed float64) []HeatScore {
	if len(s.heats) < s.e.Heats {
		s.heats = make([]HeatScore, s.e.Heats*len(s.e.Players))
	}
	hs := s.heats[:s.e.Heats:s.e.Heats]
	s.heats = s.heats[s.e.Heats:]
	for h := range hs {
		hs[h] = HeatScore{Heat: h + 1, Score: unplayed, Factor: 1}
	}
	for _, r := range s.seats[p] {
		g := &s.e.Games[r.game]
		hs[g.Heat-1] = HeatScore{Heat: g.Heat, Played: true, Score: g.Seats[r.power].Score, Factor: 1,
			Board: g.Board, Power: r.power}
	}
	return hs
}

// sumOfHeats computes DTM's totals: heat scores, the drop multipliers, the sum.
func (s *standings) sumOfHeats() {
	ru := s.e.Rules
	top := ru.TopFactor()
	for p := range s.e.Players {
		hs := s.heatRow(p, ru.Unplayed)
		if top != 1 {
			for _, r := range s.seats[p] {
				if g := &s.e.Games[r.game]; g.Top {
					hs[g.Heat-1].Score = roundTotal(hs[g.Heat-1].Score * top)
				}
			}
		}
		order := make([]int, len(hs))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int {
			if c := cmp.Compare(hs[a].Score, hs[b].Score); c != 0 {
				return c
			}
			if hs[a].Played != hs[b].Played {
				if hs[a].Played {
					return 1
				}
				return -1
			}
			return cmp.Compare(b, a) // the later heat first
		})
		for i, h := range order {
			switch {
			case i < ru.LowestCount:
				hs[h].Factor = ru.LowestFactor
			case i < ru.LowestCount+ru.NextCount:
				hs[h].Factor = ru.NextFactor
			}
		}
		total := 0.0
		for _, h := range hs {
			total += h.Counted()
		}
		total = roundTotal(total)
		s.rows[p] = s.line(p, hs, total)
		s.exact[p] = total
	}
}

// line fills a Standing but its rank and note.
func (s *standings) line(p int, hs []HeatScore, total float64) Standing {
	n := len(s.seats[p])
	return Standing{Player: p, Total: total, Heats: hs, Played: n, Qualified: n >= s.e.Rules.MinHeats}
}

// name returns a player's name for notes and details, or "player N" when blank.
func (s *standings) name(p int) string {
	if n := strings.TrimSpace(s.e.Players[p].Name); n != "" {
		return n
	}
	return fmt.Sprintf("player %d", p)
}

// sameScore reports whether two totals are equal but for floating-point noise.
func sameScore(a, b float64) bool {
	return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b))
}

// numText formats a score for a note: up to 4 decimals, trailing zeros dropped.
func numText(v float64) string {
	t := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
	if t == "-0" {
		return "0"
	}
	return t
}

// placeName returns "1st", "2nd", "3rd", "4th", "11th", "21st" ...
func placeName(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// validateEvent reports every problem of the event.
func validateEvent(e *Event) error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	np := len(e.Players)
	heatsOK := e.Heats >= 1 && e.Heats <= 30
	if !heatsOK {
		bad("number of heats %d: want 1 to 30", e.Heats)
	}
	errs = append(errs, validateRules(e.Rules, e.Heats, e.Teams != nil)...)
	type heatBoard struct{ heat, board int }
	boards := make(map[heatBoard]bool, len(e.Games))
	// The boards each player sits at in each heat, at (heat-1)*np+player:
	// two at the most, as a third is refused. Nil when the number of heats
	// is refused: no heat is then checked.
	type sits struct {
		n      int
		boards [2]int
	}
	var where []sits
	if heatsOK {
		where = make([]sits, e.Heats*np)
	}
	for _, g := range e.Games {
		// Where a problem is, made only for a problem: thousands of
		// games have none.
		loc := func() string { return fmt.Sprintf("heat %d board %d", g.Heat, g.Board) }
		heatOK := g.Heat >= 1 && g.Heat <= e.Heats
		if !heatOK {
			bad("%s: heat %d is outside 1..%d", loc(), g.Heat, e.Heats)
		}
		if g.Board < 1 {
			bad("%s: board number %d: want 1 or more", loc(), g.Board)
		}
		if boards[heatBoard{g.Heat, g.Board}] {
			bad("%s: the game is given twice", loc())
			continue
		}
		boards[heatBoard{g.Heat, g.Board}] = true
		for pw, seat := range g.Seats {
			at := func() string { return loc() + ": " + dip.Power(pw).String() }
			if seat.Player < 0 || seat.Player >= np {
				bad("%s: player %d is not in the player list (%d players)", at(), seat.Player, np)
				continue
			}
			if math.IsNaN(seat.Score) || math.IsInf(seat.Score, 0) {
				bad("%s: score %v is not a number", at(), seat.Score)
			}
			if seat.Centres < 0 || seat.Centres > 34 {
				bad("%s: %d centres: want 0 to 34", at(), seat.Centres)
			}
			if !heatOK || where == nil {
				continue
			}
			w := &where[(g.Heat-1)*np+seat.Player]
			if w.n > 0 {
				switch {
				case slices.Contains(w.boards[:w.n], g.Board):
					bad("%s: %s sits twice on the board", at(), playerText(e, seat.Player))
					continue
				case !e.Players[seat.Player].TwoBoards || w.n > 1:
					bad("%s: %s also plays on board %d in heat %d", at(), playerText(e, seat.Player), w.boards[0], g.Heat)
					continue
				}
			}
			w.boards[w.n] = g.Board
			w.n++
		}
		seen := [dip.NumPowers]bool{}
		for _, w := range g.Winners {
			switch {
			case w < 0 || w >= dip.NumPowers:
				bad("%s: unknown power %d among the winners", loc(), int(w))
			case seen[w]:
				bad("%s: %s is listed twice among the winners", loc(), w)
			default:
				seen[w] = true
			}
		}
		if g.Conceded && len(g.Winners) != 1 {
			bad("%s: a conceded win needs exactly one winner (%d recorded)", loc(), len(g.Winners))
		}
	}
	errs = append(errs, validateTeams(e)...)
	return errors.Join(errs...)
}

// playerText names a player in an error: `player 3 "Ann Lee"`.
func playerText(e *Event, p int) string {
	return fmt.Sprintf("player %d %q", p, e.Players[p].Name)
}

// Rule names a tournament rule, so that a problem with it can be shown
// where the director set it.
type Rule int

// The rules of Rules, one per setting.
const (
	RuleMethod Rule = iota
	RuleUnplayed
	RuleLowest // LowestCount and LowestFactor
	RuleNext   // NextCount and NextFactor
	RuleMinHeats
	RuleTieBreaks
	RuleTeam
	RuleTopBoard // TopBoardFactor
)

// RuleError is a problem with one of the tournament's rules, alone or in
// combination with another (Also).
type RuleError struct {
	Rule Rule
	// Also is the other rule of a combination that cannot work, or Rule.
	Also Rule
	Msg  string
}

func (e *RuleError) Error() string { return "rules: " + e.Msg }

// Validate reports every problem of the rules for a tournament of the
// given heats, with or without teams, as *RuleError values, so that a
// director hears about settings that cannot work together before scoring.
func (r Rules) Validate(heats int, teams bool) []error {
	return validateRules(r, heats, teams)
}

// validateRules reports the problems of the rules for a tournament of the given heats.
func validateRules(r Rules, heats int, teams bool) []error {
	var errs []error
	bad := func(rule, also Rule, format string, args ...any) {
		errs = append(errs, &RuleError{Rule: rule, Also: also, Msg: fmt.Sprintf(format, args...)})
	}
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	if r.Method != SumOfHeats && r.Method != HurstMean {
		bad(RuleMethod, RuleMethod, "unknown tournament method %d", int(r.Method))
	}
	if r.LowestCount < 0 || r.NextCount < 0 {
		bad(RuleLowest, RuleNext, "negative count of lowest (%d) or next-lowest (%d) heats", r.LowestCount, r.NextCount)
	} else if heats >= 1 && r.LowestCount+r.NextCount > heats {
		bad(RuleLowest, RuleNext, "the lowest %d and next-lowest %d heats are more than the %d heats", r.LowestCount, r.NextCount, heats)
	}
	if !finite(r.Unplayed) {
		bad(RuleUnplayed, RuleUnplayed, "the unplayed score must be a number")
	}
	if !finite(r.LowestFactor) || !finite(r.NextFactor) {
		bad(RuleLowest, RuleNext, "the multipliers must be numbers")
	}
	if r.Method == HurstMean && r.LowestCount > 0 {
		bad(RuleLowest, RuleMethod, "the Hurst Tournament Mean averages every game played: set the lowest heat count to 0")
	}
	if r.Method == HurstMean && r.NextCount > 0 {
		bad(RuleNext, RuleMethod, "the Hurst Tournament Mean averages every game played: set the next-lowest heat count to 0")
	}
	if f := r.TopBoardFactor; !finite(f) || f < 0 {
		bad(RuleTopBoard, RuleTopBoard, "the top board multiplier %v must be a number above 0", f)
	} else if r.Method == HurstMean && r.TopFactor() != 1 {
		bad(RuleTopBoard, RuleMethod, "the Hurst Tournament Mean averages centres, not game scores: set the top board multiplier to 1")
	}
	if r.MinHeats < 0 || (heats >= 1 && r.MinHeats > heats) {
		bad(RuleMinHeats, RuleMinHeats, "minimum heats to qualify %d: want 0 to %d", r.MinHeats, heats)
	}
	for i, tb := range r.TieBreaks {
		if err := tb.check(heats); err != nil {
			bad(RuleTieBreaks, RuleTieBreaks, "tie-break %d: %v", i+1, err)
		}
	}
	if teams {
		switch r.Team.Kind {
		case OneHeat:
			if r.Team.Number < 1 || r.Team.Number > heats {
				bad(RuleTeam, RuleTeam, "team heat %d: want 1 to %d", r.Team.Number, heats)
			}
		case BestGames:
			if r.Team.Number < 1 {
				bad(RuleTeam, RuleTeam, "team games per member %d: want 1 or more", r.Team.Number)
			}
		default:
			bad(RuleTeam, RuleTeam, "unknown team scoring %d", int(r.Team.Kind))
		}
	}
	return errs
}

// validateTeams reports team problems: size, unknown members, a player in two teams or twice in one.
func validateTeams(e *Event) []error {
	var errs []error
	team := map[int]int{}
	for ti, t := range e.Teams {
		loc := fmt.Sprintf("team %d %q", ti+1, t.Name)
		if n := len(t.Members); n < 3 || n > 7 {
			errs = append(errs, fmt.Errorf("%s: %d members: a team has 3 to 7", loc, n))
		}
		for _, m := range t.Members {
			if m < 0 || m >= len(e.Players) {
				errs = append(errs, fmt.Errorf("%s: player %d is not in the player list (%d players)", loc, m,
					len(e.Players)))
				continue
			}
			if other, ok := team[m]; ok {
				if other == ti {
					errs = append(errs, fmt.Errorf("%s: %s is listed twice", loc, playerText(e, m)))
				} else {
					errs = append(errs, fmt.Errorf("%s: %s is already in team %d %q", loc, playerText(e, m),
						other+1, e.Teams[other].Name))
				}
				continue
			}
			team[m] = ti
		}
	}
	return errs
}
