package workbook

import (
	"slices"
	"time"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
)

// Tournament is everything a director typed into a workbook, read into
// typed values. Row numbers are the 1-based spreadsheet rows the values came
// from, so later checks can point at them.
type Tournament struct {
	Settings  Settings
	Players   []Player
	Conflicts []Conflict
	Groups    []Group
	Teams     []Team
	Heats     []Heat // one per heat, 1..Settings.Heats, in order
	Systems   []System
	// Clock is the Clock sheet's rows; empty when the workbook has none.
	Clock []ClockRow

	playerCols map[string]int // the Players sheet's columns: normalised header -> 0-based column
}

// Settings are the Tournament sheet's values (the DTM's Tournament Details
// screen). The scoring and seeding knobs are the domain's own: the
// embedded scoring.Rules are the tournament's scoring rules as they are,
// and seeding.Values its conflict values.
type Settings struct {
	Name        string
	Description string
	System      string // the tournament's scoring system, a Systems row's name

	Heats           int
	PreRegistration bool
	MaxHeats        int   // the most heats a player may play; 0 for no cap
	TeamSize        int   // 0 = no team tournament, else 3..7
	RandomSeed      int64 // the seating's random seed
	HasSeed         bool  // RandomSeed was given

	// Rules are how the games' scores make the standings: the method, the
	// unplayed score, the lowest heats' multipliers, the minimum heats,
	// tie-breaks, the team rule (the zero TeamRule without a team
	// tournament), the best-power awards, the top boards' multiplier and
	// the decimals kept of each game's score (0..MaxScoreDecimals).
	scoring.Rules
	Victory scoring.VictoryRule // when a game ends in a victory on the board

	// Values are the seeder's conflict values.
	seeding.Values
	PowersAtTables bool    // powers chosen at the tables, not by the seeder
	PowerGroups    [][]int // partition of power indexes (ChoicesPower order); nil = none
	// PowerRule is the hard rule on the powers the seeder gives.
	PowerRule seeding.PowerRule
	// PreferenceMethod is how the seeder uses power preferences.
	PreferenceMethod seeding.PreferenceMethod
	// Qualification ranks the players for dtm seed --pool.
	Qualification seeding.Qualification

	EventClass   string      // the event's class for the rating lists, free text; "" when not given
	CircuitTier  string      // the event's tier in a circuit (dtm series --circuit), as typed; "" when not given
	ResultsToWDD bool        // the results go to the World Diplomacy Database
	ResultsToWDR bool        // the results go to the World Diplomacy Reference
	Publication  Publication // what dtm publish withholds, and the projector's cycle
	// ResultsForm is the address of an online form for the results, with
	// {code} where the board code goes; "" for none.
	ResultsForm string
	// Letter is the Paper size setting: every tab dtm writes prints on
	// Letter rather than A4.
	Letter bool
	// Sending is where dtm send sends the players' messages.
	Sending Sending
	// Confirmation is the Two-party confirmation setting: dtm import
	// writes a board only once two of its players agree on its result.
	Confirmation bool
	settingRows  map[string]int
}

// Sending is the Tournament sheet's settings of dtm send: the mail server,
// the Discord webhook and the pace.
type Sending struct {
	Server string // the SMTP server's host; "" for no e-mail
	Port   int
	Sender string // the From address, as typed
	// PasswordVariable names the environment variable holding the
	// server's password; "" for no login.
	PasswordVariable string
	Webhook          string // the Discord webhook's address; "" for no posts
	PerMinute        int    // the most messages a minute; 0 for no pause
}

// SettingCell returns the cell holding a setting's value ("B7"), or "" when
// the setting is not in the sheet.
func (s Settings) SettingCell(label string) string {
	if r, ok := s.settingRows[normalHeader(label)]; ok {
		return cellName(2, r)
	}
	return ""
}

// Publication is the Tournament sheet's publication policy: what dtm
// publish leaves off the tournament's site, and what its projector shows.
type Publication struct {
	// WithheldHeats are the heats after which the standings are not
	// posted, in order.
	WithheldHeats []int
	// WithholdFinal withholds the final standings (and the awards made
	// from them) until the director releases them.
	WithholdFinal bool
	// WithheldAwards are the awards not published, by their names as dtm
	// score writes them ("Best Austria").
	WithheldAwards []string
	// Projector lists the kinds of page the projector cycles through
	// (ChoicesProjector), in order; ProjectorSeconds is how long each
	// page stays.
	Projector        []string
	ProjectorSeconds int
}

// ClockRow is one row of the Clock sheet.
type ClockRow struct {
	Row      int
	Phase    int     // index into ChoicesClockPhase
	FromYear int     // the first game-year it applies to; for a break, the year whose Spring it follows; 0 blank
	Minutes  float64 // its length
	Heat     int     // a break's heat; 0 for every heat
	Note     string
}

// Player is one row of the Players sheet.
type Player struct {
	Row      int
	Name     string // "First Last": how every other sheet names the player
	First    string
	Last     string
	Email    string
	Country  string
	Priority float64 // sit-out priority: higher sits out first
	Distance float64 // distance travelled, km
	// Nationality is a WDD country code ("FRA"), upper case; "" when not
	// given.
	Nationality string
	WDDID       int  // the player's World Diplomacy Database id; 0 when not given
	WDRID       int  // the player's World Diplomacy Reference id; 0 when not given
	Standby     bool // plays only if needed to fill boards of seven: sits out first
	Declines    bool // declines a seat in a pool (dtm seed --pool)
	// TwoBoards marks a player willing to play two boards in one heat
	// (dtm seed --two-boards auto): a heat sheet may seat them twice.
	TwoBoards bool
	// Prefers are the player's power preferences, best first (indexes into
	// ChoicesPower); nil for none.
	Prefers []int
	// Registration holds the player's registration for heats 1..N (index 0
	// is heat 1).
	Registration []Registration
}

// Registration is a player's entry for one heat.
type Registration int

// Registration states; blank means not registered.
const (
	NotRegistered Registration = iota
	Registered
	PreRegistered
	SittingOut
)

// Plays reports whether the player is to be seated in the heat.
func (r Registration) Plays() bool { return r == Registered || r == PreRegistered }

// Conflict is a player-to-player conflict value (family, a feud; negative
// values keep players together).
type Conflict struct {
	Row   int
	A, B  int // indexes into Tournament.Players
	Value int
	Note  string
}

// Group is a set of players who should not meet (a club), with a conflict
// value for each pair of members on a board.
type Group struct {
	Row     int
	Name    string
	Value   int
	Members []int
}

// Team is a team of the team tournament.
type Team struct {
	Row     int
	Name    string
	Members []int
}

// Heat is one round: its settings row on the Heats sheet and its games from
// its own sheet ("Heat 2"), when that exists.
type Heat struct {
	Number int
	Row    int    // row on the Heats sheet, 0 when absent
	System string // blank: the tournament's system ("default"); else hard-set
	Date   string
	// Day is the heat's date when the Date cell holds a date (or text such
	// as 2026-03-14); zero otherwise.
	Day time.Time
	// Start is the round's start time, in minutes after midnight; -1 when
	// not given.
	Start int
	Sheet bool // the heat has a sheet
	Games []Game
	cols  map[string]int // the heat sheet's columns: normalised header -> 0-based column
}

// Status is a game's state.
type Status int

// Game states, as in the DTM's Games screen.
const (
	Unstarted Status = iota
	Started
	Finished
)

// Game is one board of a heat: seven rows of the heat's sheet.
type Game struct {
	Board  int
	Status Status
	System string // blank: the heat's system
	Seats  []Seat
	// Scored is set for a finished game that was validated and scored; its
	// seats' Score and Computed hold the result.
	Scored    bool
	Criterion scoring.Criterion // the end-game criterion of the system that scored it
	// Live is the centre-chart year a board in play was scored from, as if
	// the game ended then (SetLiveScores: dtm score and dtm publish only);
	// 0 for none.
	Live int
}

// Result is what a heat sheet records for a seat.
type Result int

// Seat results; blank is NoResult.
const (
	NoResult Result = iota
	Win
	Loss
	ConcededWin
)

// Seat is one row of a heat sheet: a power on a board.
type Seat struct {
	Row        int
	Power      int // index into ChoicesPower; -1 when blank
	Player     int // index into Tournament.Players; -1 when blank
	Result     Result
	Year       int         // final year, or the year the power was eliminated; 0 when blank
	Centres    int         // final centres; -1 when blank
	Replaced   int         // player who left the seat; -1 when none
	ReplacedIn int         // year of the replacement; 0 when blank
	Override   *float64    // the director's score, replacing the computed one
	History    map[int]int // centres at the end of each recorded year
	Computed   float64     // the score computed for a scored game
	scoreCell  string      // the Score column as read, to write only what changes
	conflict   [2]string   // the Conflict and Conflict detail columns as read
	Score      float64     // the score that counts: Override if given, else Computed
}

// System is one row of the Systems sheet: a scoring system as the director
// wrote it (the DTM's Scoring System screen).
type System struct {
	Row          int
	Name         string
	Criterion    int // index into ChoicesCriterion
	AllSurvivors bool
	AverageTies  bool
	FinalYear    int // 0 = none
	Formulas     [9]string
	Description  string
	formulaCells [9]string // where each formula was read, "F7"
}

// TopBoards returns the heat's top boards, by number: board 1 when it has a
// scoring system of its own in the heat sheet's Scoring system column, and
// each next board while it has one too (dtm seed --pool writes the heat's
// system on the pool's boards). Their board calls are labelled so, the
// results exports flag them, and their scores count Top board multiplier
// times in the totals.
func (h *Heat) TopBoards() map[int]bool {
	own := map[int]bool{}
	for i := range h.Games {
		if h.Games[i].System != "" {
			own[h.Games[i].Board] = true
		}
	}
	top := map[int]bool{}
	for b := 1; own[b]; b++ {
		top[b] = true
	}
	return top
}

// Seated returns the players seated in the heat, on any board, started or
// not: each seat's player and each player replaced during a game (the
// Replaced player column), who sat at the board too.
func (h *Heat) Seated() map[int]bool {
	seated := map[int]bool{}
	for _, g := range h.Games {
		for _, s := range g.Seats {
			if s.Player >= 0 {
				seated[s.Player] = true
			}
			if s.Replaced >= 0 {
				seated[s.Replaced] = true
			}
		}
	}
	return seated
}

// Replacement reports whether a player of the game was replaced during it.
func (g *Game) Replacement() bool {
	return slices.ContainsFunc(g.Seats, func(s Seat) bool { return s.Replaced >= 0 })
}

// Playing reports, per player, whether the player takes part in the
// tournament: registered for a heat (Sitting out included) or seated in one
// (Heat.Seated). The others are on the roster only (carried over by dtm new
// --from, say): they are not ranked, exported or published.
func (t *Tournament) Playing() []bool {
	out := make([]bool, len(t.Players))
	for i, p := range t.Players {
		out[i] = slices.ContainsFunc(p.Registration, func(r Registration) bool { return r != NotRegistered })
	}
	for i := range t.Heats {
		for p := range t.Heats[i].Seated() {
			out[p] = true
		}
	}
	return out
}

// PlayerCell returns the Players sheet cell of player i under a header
// ("K7"); the player's first cell when the sheet has no such column.
func (t *Tournament) PlayerCell(i int, header string) string {
	col, ok := t.playerCols[normalHeader(header)]
	if !ok {
		col = t.playerCols[normalHeader(HeaderFirstName)]
	}
	return cellName(col+1, t.Players[i].Row)
}

// PlayerIndex finds a player by exact name.
func (t *Tournament) PlayerIndex(name string) (int, bool) {
	for i, p := range t.Players {
		if p.Name == name {
			return i, true
		}
	}
	return -1, false
}

// SystemByName finds a scoring system by exact name.
func (t *Tournament) SystemByName(name string) (*System, bool) {
	for i := range t.Systems {
		if t.Systems[i].Name == name {
			return &t.Systems[i], true
		}
	}
	return nil, false
}
