package workbook

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
)

// Tournament settings: the labels in the Tournament sheet's Setting column.
const (
	SetName            = "Tournament name"
	SetDescription     = "Description"
	SetSystem          = "Scoring system"
	SetUnplayed        = "Unplayed score"
	SetPowerAssignment = "Power assignment"
	SetPowerGroups     = "Power groups"
	SetPowerRule       = "Power rule"
	SetQualification   = "Pool qualification"
	SetPreference      = "Conflict: power preference"
	SetMaxHeats        = "Maximum heats per player"
	SetSameOpponent    = "Conflict: same opponent again"
	SetSamePower       = "Conflict: same power again"
	SetTeamMember      = "Conflict: team member"
	SetHeats           = "Number of heats"
	SetPreRegistration = "Pre-registration"
	SetMinHeats        = "Minimum heats to qualify"
	SetLowestCount     = "Lowest heats: how many"
	SetLowestFactor    = "Lowest heats: multiplier"
	SetNextCount       = "Next-lowest heats: how many"
	SetNextFactor      = "Next-lowest heats: multiplier"
	SetTeamSize        = "Team tournament"
	SetTeamScoring     = "Team scoring"
	SetTeamNumber      = "Team heat or games"
	SetRandomSeed      = "Random seed"
	SetMethod          = "Tournament scoring"
	SetTieBreaks       = "Tie-breaks"
	SetAwardsBy        = "Best-power awards by"
	SetVictory         = "Victory rule"
	SetScoreDecimals   = "Score decimals"
	SetEventClass      = "Event class"
	SetCircuitTier     = "Circuit tier"
	SetResultsTo       = "Results sent to"
	// The publication policy: what dtm publish leaves off the site, and
	// what its projector shows.
	SetWithheldHeats    = "Publish: withhold standings after heats"
	SetWithholdFinal    = "Publish: withhold final standings"
	SetWithheldAwards   = "Publish: withhold awards"
	SetProjectorPages   = "Publish: projector pages"
	SetProjectorSeconds = "Publish: projector seconds"
	SetResultsForm      = "Results form"
	// SetPaper is the paper every tab dtm writes prints on.
	SetPaper = "Paper size"
	// Where dtm send sends the players' messages.
	SetMailServer   = "E-mail: SMTP server"
	SetMailPort     = "E-mail: port"
	SetMailSender   = "E-mail: sender"
	SetMailPassword = "E-mail: password variable"
	SetWebhook      = "Discord webhook"
	SetSendRate     = "Messages per minute"
	// SetConfirmation turns on two-party confirmation of imported results.
	SetConfirmation = "Two-party confirmation"
)

// ChoicesPreferenceMethod are seeding's preference methods, in
// seeding.PreferenceMethod order.
var ChoicesPreferenceMethod = seeding.PreferenceMethodNames()

// Settings of the seeder's neighbours and preference method, and of the
// top boards' scores.
const (
	SetNeighbour        = "Conflict: same opponent again as a neighbour"
	SetPreferenceMethod = "Power preference method"
	SetTopFactor        = "Top board multiplier"
)

// Settings of the house rules on draws and concessions (scoring.DrawRule).
const (
	SetDrawYear          = "Earliest draw or concession"
	SetConcessionCentres = "Concession: least centres"
	SetConcessionLargest = "Concession: only to the largest"
)

// Values of the publication settings.
const (
	WithholdNone = "None" // nothing withheld
	WithholdAll  = "All"  // every heat (standings after each heat not posted)
)

// ChoicesProjector are the kinds of page the projector can cycle through,
// as the Publish: projector pages setting names them.
var ChoicesProjector = []string{"Board calls", "Standings", "Heat results", "Best powers", "Awards", "Team standings", "Board reports"}

// DefaultProjector is the projector's cycle of a new workbook.
const DefaultProjector = "Board calls, Standings, Heat results, Best powers, Awards"

// DefaultProjectorSeconds is how long the projector shows each page.
const DefaultProjectorSeconds = 20

// DefaultMailPort is the SMTP port of a new workbook: the submission port,
// with STARTTLS.
const DefaultMailPort = 587

// DefaultSendRate is how many messages dtm send sends a minute unless the
// Tournament sheet says otherwise: well inside the limits of the common
// mail services.
const DefaultSendRate = 20

// MaxSendRate is the most messages a minute the Messages per minute
// setting allows.
const MaxSendRate = 6000

// DefaultScoreDecimals is how many decimals of a game's score are kept
// when the Tournament sheet has no Score decimals row.
const DefaultScoreDecimals = 2

// MaxScoreDecimals is the most decimals of a game's score dtm keeps: a
// spreadsheet shows 15 significant digits.
const MaxScoreDecimals = 6

// The Tournament sheet's closed choices. The first of each list is what a
// new workbook holds, unless its row's value says otherwise.
var (
	ChoicesPowerAssignment = []string{"Automatic", "At the tables"}
	ChoicesPowerGroups     = []string{
		"None",
		"Austria-Germany-Italy / England-France / Russia-Turkey",
		"Austria-Germany-Italy / England-Turkey / France-Russia",
		"Austria-Italy / England-France / Germany / Russia-Turkey",
	}
	// ChoicesPowerRule are seeding's power rules, in seeding.PowerRule order.
	ChoicesPowerRule = seeding.PowerRuleNames()
	ChoicesTeamSize  = []string{"None", "Teams of 3", "Teams of 4", "Teams of 5", "Teams of 6", "Teams of 7"}
	// ChoicesTeamScoring are scoring's team rules, in scoring.TeamKind order.
	ChoicesTeamScoring = scoring.TeamKindNames()
	// ChoicesMethod are scoring's methods, in scoring.Method order.
	ChoicesMethod   = scoring.MethodNames()
	ChoicesAwardsBy = []string{"Score", "Centres"}
	// ChoicesResultsTo are where the results go: dtm check warns about
	// players without the ids those databases need.
	ChoicesResultsTo = []string{"None", "WDD", "WDR", "WDD and WDR"}
	// ChoicesPaper are the papers the tabs dtm writes print on.
	ChoicesPaper = []string{"A4", "Letter"}
)

// SuggestedTieBreaks are the Tie-breaks setting's dropdown: None and
// scoring's presets; any chain scoring.ParseTieBreaks reads may be typed
// instead.
var SuggestedTieBreaks = append([]string{"None"}, scoring.TieBreakPresets()...)

// SuggestedVictory are the Victory rule setting's dropdown; any rule
// scoring.ParseVictoryRule reads may be typed instead.
var SuggestedVictory = []string{"classic", "regatta-2002", "regatta-2003", "norman", "norman-short-1", "norman-short-2", "norman-short-3", "norman-short-4"}

// powerGroupSets gives, for each ChoicesPowerGroups entry, the partition of
// power indexes (ChoicesPower order); nil means no grouping.
var powerGroupSets = [][][]int{
	nil,
	{{0, 3, 4}, {1, 2}, {5, 6}},
	{{0, 3, 4}, {1, 6}, {2, 5}},
	{{0, 4}, {1, 2}, {3}, {5, 6}},
}

// tournamentSetting is one row of the Tournament sheet: its label, the
// value and help of a new workbook, how its value is read and the field of
// Settings it sets. The table of them drives the template (template.go),
// dtm new (new.go), the reader (readSettings) and the table of
// docs/workbook.md (settings_test.go).
type tournamentSetting struct {
	label string
	// value is the Value cell of a new workbook, and what an optional row
	// reads as when the workbook lacks it.
	value any
	// choices are the dropdown: the closed choices of a choose row, or
	// suggestions when open (other values may be typed, and dtm check
	// tells whether it can read them); list is a range the dropdown lists
	// instead ("=Systems!$A$2:$A$1000").
	choices []string
	open    bool
	list    string
	help    string // the Help cell of a new workbook
	// optional rows came after the first workbooks: one a workbook lacks
	// reads as value, and absent, when not "", says so in dtm check -v
	// ("setting ... is not in the workbook: " + absent). A required row a
	// workbook lacks is a problem.
	optional bool
	absent   string
	// when, if set, says whether the row is read at all: Team heat or
	// games only in a team tournament.
	when func(*Settings) bool

	// The field the row sets, by the kind of its value; one is set.
	//   text: free text; when empty is set, an empty cell is that problem.
	//   whole: a whole number from lo to hi (noLimit: "or more").
	//   number: any number.
	//   choose: the index of one of choices (0 for a cell dtm cannot read).
	//   parse: a value read by a function of its own.
	// hint is the fix offered for a value dtm cannot read.
	text   func(*Settings) *string
	empty  string
	whole  func(*Settings) *int
	lo, hi func(*Settings) int
	number func(*Settings) *float64
	choose func(s *Settings, i int)
	parse  func(c *settingsReader, v setting)
	hint   string
}

// Bounds of whole-number settings.
func zero(*Settings) int    { return 0 }
func one(*Settings) int     { return 1 }
func noLimit(*Settings) int { return unbounded }

// heats is the number of heats read (0 when it could not be read).
func heats(s *Settings) int { return max(s.Heats, 0) }

// teamSize converts a ChoicesTeamSize index to the team size: 0 for none,
// else 3..7.
func teamSize(i int) int {
	if i == 0 {
		return 0
	}
	return i + 2
}

// tournamentSettings are the Tournament sheet's rows, in the order of a new
// workbook. A row may read settings above it (bounds, a cell's meaning),
// never below: checks across settings are in checkSettings.
var tournamentSettings = []tournamentSetting{
	{
		label: SetName, value: "New tournament",
		text: func(s *Settings) *string { return &s.Name }, empty: "the tournament has no name", hint: "type the tournament's name",
		help: "Shown on every printed page.",
	},
	{
		label: SetDescription, value: "",
		optional: true, text: func(s *Settings) *string { return &s.Description },
		help: "Free text: where and when, who hosts it.",
	},
	{
		label: SetSystem, value: DefaultSystem,
		list: systemList, text: func(s *Settings) *string { return &s.System }, empty: "the tournament has no scoring system", hint: "choose one of the Systems sheet's names",
		help: "A name from the Systems sheet. Heats and single games may use another (Heats sheet; a heat sheet's Scoring system column).",
	},
	{
		label: SetUnplayed, value: 0,
		number: func(s *Settings) *float64 { return &s.Unplayed }, hint: "usually 0: the score of a heat a player did not play",
		help: "Score of a heat a player did not play: a fixed number, usually 0.",
	},
	{
		label: SetPowerAssignment, value: ChoicesPowerAssignment[0], choices: ChoicesPowerAssignment,
		choose: func(s *Settings, i int) { s.PowersAtTables = i == 1 },
		help:   "Automatic: dtm seed chooses each player's power. At the tables: players choose; type the powers into the heat sheet before a game starts.",
	},
	{
		label: SetPowerGroups, value: ChoicesPowerGroups[3], choices: ChoicesPowerGroups,
		choose: func(s *Settings, i int) { s.PowerGroups = powerGroupSets[i] },
		help:   "With groups, the seeder also avoids giving a player another power of a group they already played (half the same-power value, rounded down).",
	},
	{
		label: SetSameOpponent, value: 10,
		whole: func(s *Settings) *int { return &s.RepeatOpponent }, lo: zero, hi: noLimit, hint: "a whole number, 0 or more (e.g. 10)",
		help: "Conflict charged for every earlier meeting of two players seated on one board.",
	},
	{
		label: SetSamePower, value: 4,
		whole: func(s *Settings) *int { return &s.SamePower }, lo: zero, hi: noLimit, hint: "a whole number, 0 or more (e.g. 4)",
		help: "Conflict charged for every earlier game a player played the same power. 2 or more when power groups are used.",
	},
	{
		label: SetTeamMember, value: 20,
		whole: func(s *Settings) *int { return &s.TeamMember }, lo: zero, hi: noLimit, hint: "a whole number, 0 or more (e.g. 20)",
		help: "Conflict charged when two team-mates share a board.",
	},
	{
		label: SetHeats, value: 4,
		whole: func(s *Settings) *int { return &s.Heats }, lo: one, hi: func(*Settings) int { return MaxHeats },
		hint: fmt.Sprintf("how many rounds the tournament has, 1 to %d", MaxHeats),
		help: fmt.Sprintf("How many rounds (heats), 1 to %d.", MaxHeats),
	},
	{
		label: SetPreRegistration, value: ChoicesYesNo[1], choices: ChoicesYesNo,
		choose: func(s *Settings, i int) { s.PreRegistration = i == 0 },
		help:   "Yes lets players pre-register for heats (Players sheet, Heat columns: Pre-registered).",
	},
	{
		label: SetMinHeats, value: 0,
		whole: func(s *Settings) *int { return &s.MinHeats }, lo: zero, hi: heats, hint: "0 ranks everyone; at most the number of heats",
		help: "Heats a player must play to be ranked; 0 ranks everyone. Best-power awards ignore it.",
	},
	{
		label: SetLowestCount, value: 0,
		whole: func(s *Settings) *int { return &s.LowestCount }, lo: zero, hi: heats, hint: "0 counts every heat in full; at most the number of heats",
		help: "How many of each player's lowest heat scores (unplayed heats included) are multiplied by the next setting.",
	},
	{
		label: SetLowestFactor, value: 0,
		number: func(s *Settings) *float64 { return &s.LowestFactor }, hint: "0 drops those heats, 0.5 halves them",
		help: "0 drops those heats, 0.5 halves them, 1 counts them in full.",
	},
	{
		label: SetNextCount, value: 0,
		whole: func(s *Settings) *int { return &s.NextCount }, lo: zero, hi: func(s *Settings) int { return max(s.Heats-s.LowestCount, 0) },
		hint: "at most the heats left after the lowest ones",
		help: "Then how many of the next-lowest heat scores are multiplied by the next setting.",
	},
	{
		label: SetNextFactor, value: 1,
		number: func(s *Settings) *float64 { return &s.NextFactor }, hint: "0 drops those heats, 0.5 halves them",
		help: "Multiplier for the next-lowest heats.",
	},
	{
		label: SetTeamSize, value: ChoicesTeamSize[0], choices: ChoicesTeamSize,
		choose: func(s *Settings, i int) { s.TeamSize = teamSize(i) },
		help:   "A team tournament with teams of 3 to 7 players (Teams sheet).",
	},
	{
		label: SetTeamScoring, value: ChoicesTeamScoring[0], choices: ChoicesTeamScoring,
		choose: func(s *Settings, i int) { s.Team.Kind = scoring.TeamKind(i) },
		help:   "One heat: the members' scores in one heat. Best games without interplay: each member's best games in which no team-mate was an opponent.",
	},
	{
		label: SetTeamNumber, value: 1,
		when: func(s *Settings) bool { return s.TeamSize > 0 }, parse: (*settingsReader).teamNumber,
		help: "The team heat (One heat), or how many games of each member count (Best games).",
	},
	{
		label: SetRandomSeed, value: "",
		optional: true, parse: (*settingsReader).randomSeed,
		help: "Makes seating reproducible: the same seed and workbook give the same seating. dtm new fills in one.",
	},
	{
		label: SetMethod, value: ChoicesMethod[0], choices: ChoicesMethod,
		optional: true, absent: `"Sum of heats" applies (add the row to change it)`,
		choose: func(s *Settings, i int) { s.Method = scoring.Method(i) },
		help:   "Sum of heats: each player's heat scores, lowest ones multiplied as set above (the DTM). Hurst Tournament Mean: each game's centres minus the tournament's mean for that power, averaged over the heats played.",
	},
	{
		label: SetAwardsBy, value: ChoicesAwardsBy[0], choices: ChoicesAwardsBy,
		optional: true, absent: `"Score" applies (add the row to change it)`,
		choose: func(s *Settings, i int) { s.AwardsByCentres = i == 1 },
		help:   "Best Austria, Best England ...: the best game score with that power, or the most centres (score breaking ties).",
	},
	{
		label: SetVictory, value: SuggestedVictory[0], choices: SuggestedVictory, open: true,
		optional: true, absent: "the classic rule (18 centres) applies (add the row to change it)", parse: (*settingsReader).victory,
		help: "When a game ends in a victory on the board: classic (18 centres), regatta-2002, regatta-2003, norman, norman-short-1 to -4, or your own table such as 18,18,18,18,17,15,14,12,11,9,8,6,5 (from 1901). dtm check compares each game's centre chart with it.",
	},
	{
		label: SetTieBreaks, value: SuggestedTieBreaks[0], choices: SuggestedTieBreaks, open: true,
		optional: true, absent: "tied players share a rank (add the row to change it)", parse: (*settingsReader).tieBreaks,
		help: tieBreakHelp,
	},
	{
		label: SetScoreDecimals, value: DefaultScoreDecimals,
		optional: true, absent: fmt.Sprintf("game scores keep %d decimals (add the row to change it)", DefaultScoreDecimals),
		whole: func(s *Settings) *int { return &s.Decimals }, lo: zero, hi: func(*Settings) int { return MaxScoreDecimals },
		hint: fmt.Sprintf("how many decimals of a game's score to keep, 0 to %d", MaxScoreDecimals),
		help: fmt.Sprintf("How many decimals of each game's score are kept, 0 to %d: a score is rounded once, when the game is scored (half away from zero), and totals are the sums of those scores. The Hurst Tournament Mean always shows 4.", MaxScoreDecimals),
	},
	{
		label: SetEventClass, value: "",
		optional: true, absent: "the ratings summary leaves the class blank (add the row to set it)", text: func(s *Settings) *string { return &s.EventClass },
		help: "The event's class for the rating lists (e.g. the WPE's class), free text; dtm export --ratings prints it.",
	},
	{
		label: SetResultsTo, value: ChoicesResultsTo[0], choices: ChoicesResultsTo,
		optional: true, absent: `"None" applies (add the row to change it)`,
		choose: func(s *Settings, i int) { s.ResultsToWDD, s.ResultsToWDR = i == 1 || i == 3, i == 2 || i == 3 },
		help:   "Where the results go: dtm check then warns about players without a WDD id or WDR id (Players sheet).",
	},
	{
		label: SetWithheldHeats, value: WithholdNone, choices: []string{WithholdNone, WithholdAll}, open: true,
		optional: true, absent: "None applies (add the row to change it)", parse: (*settingsReader).withheldHeats,
		help: "dtm publish: the heats after which the standings are not posted, e.g. 1, 2, 3; All (the Regatta 2003 rule: scores and rankings after each round are not posted) or None. Their game scores stay off the site too until the final standings are published.",
	},
	{
		label: SetWithholdFinal, value: ChoicesYesNo[1], choices: ChoicesYesNo,
		optional: true, absent: "No applies (add the row to change it)", parse: (*settingsReader).withholdFinal,
		help: "dtm publish: Yes keeps the final standings, the places and the at-large awards off the site until you release them (set No and publish again, e.g. at the ceremony).",
	},
	{
		label: SetWithheldAwards, value: WithholdNone, choices: []string{WithholdNone, WithholdAll}, open: true,
		optional: true, absent: "None applies (add the row to change it)", parse: (*settingsReader).withheldAwards,
		help: "dtm publish: awards kept secret until the ceremony, by name as on the Awards tab, separated by commas (e.g. Best Austria, Last place); All or None.",
	},
	{
		label: SetProjectorPages, value: DefaultProjector,
		optional: true, absent: DefaultProjector + " applies (add the row to change it)", parse: (*settingsReader).projectorPages,
		help: "dtm publish: the pages the projector cycles through, in order, separated by commas: " + strings.Join(ChoicesProjector, ", ") + ".",
	},
	{
		label: SetProjectorSeconds, value: DefaultProjectorSeconds,
		optional: true, absent: fmt.Sprintf("%d applies (add the row to change it)", DefaultProjectorSeconds), parse: (*settingsReader).projectorSeconds,
		help: "dtm publish: how many seconds the projector shows each page, 5 to 600.",
	},
	{
		label: SetResultsForm, value: "",
		optional: true, parse: (*settingsReader).resultsForm,
		help: "Optional: the address (https://...) of an online form for the results. Each score sheet's QR code then opens it with the board code filled in where the address has {code} (make a pre-filled link with a placeholder answer and replace the answer with {code}); without {code}, ?code=H2-B5-F is added. Empty: the QR code holds the board code alone. docs/import.md.",
	},
	{
		label: SetPowerRule, value: ChoicesPowerRule[0], choices: ChoicesPowerRule,
		optional: true, absent: `"None" applies (add the row to change it)`,
		choose: func(s *Settings, i int) { s.PowerRule = seeding.PowerRule(i) },
		help:   "A hard rule dtm seed never breaks (it refuses a heat where it cannot be kept, and says why). Different power every heat: never a power the player has played before (the Regatta rules; at most 7 heats). All seven before a repeat: no power twice until the player has played all seven (Hurst's rule 2). None: repeats only cost the same-power conflict.",
	},
	{
		label: SetQualification, value: "Standings",
		optional: true, absent: "pools are ranked by the standings (add the row to change it)", parse: (*settingsReader).qualification,
		help: "How dtm seed --pool \"top 7\" (or 14, 21 ...) ranks the players for the top boards: Standings (the tournament's standings so far), or best K of heats A-B, e.g. best 2 of heats 1-3 (the sum of each player's best K game scores in those heats). Players marked Declines pool are skipped: the seat goes to the next in line.",
	},
	{
		label: SetPreference, value: 0,
		optional: true, absent: "power preferences are ignored (add the row to change it)",
		whole: func(s *Settings) *int { return &s.Preference }, lo: zero, hi: noLimit,
		hint: "a whole number, 0 or more (e.g. 2): charged per place down a player's power preferences",
		help: "Conflict charged per place a player's power is down their Power preference (a column you add to the Players sheet, e.g. FGIRT: France first, then Germany ...; a power not listed counts as the place after the last). 0 ignores preferences.",
	},
	{
		label: SetMaxHeats, value: 0,
		optional: true, whole: func(s *Settings) *int { return &s.MaxHeats }, lo: zero, hi: heats, hint: "0 for no cap; at most the number of heats",
		help: "The most heats a player may play (registered, or seated on a board); dtm check reports a player over it. 0: no cap.",
	},
	{
		label: SetNeighbour, value: 0,
		optional: true, absent: "neighbours count as any other opponent (add the row to change it)",
		whole: func(s *Settings) *int { return &s.Neighbour }, lo: zero, hi: noLimit,
		hint: "a whole number, 0 or more (e.g. 5): charged per earlier meeting of two players on neighbouring powers",
		help: "Conflict charged, on top of the same-opponent conflict, for every earlier meeting of two players given neighbouring powers on the map (e.g. England and France; docs/seeding.md lists the pairs). 0: a neighbour counts as any other opponent.",
	},
	{
		label: SetPreferenceMethod, value: ChoicesPreferenceMethod[0], choices: ChoicesPreferenceMethod,
		optional: true, absent: `"Best total satisfaction" applies (add the row to change it)`,
		choose: func(s *Settings, i int) { s.PreferenceMethod = seeding.PreferenceMethod(i) },
		help:   "How dtm seed uses the Power preference column. Best total satisfaction: each place down a player's list costs the power-preference conflict, weighed with the others. Lowest-ranked chooses first: on each board, the players in reverse order of the standings before the heat each take their most preferred power still free.",
	},
	{
		label: SetTopFactor, value: 1,
		optional: true, absent: "top boards count as any other game (add the row to change it)", parse: (*settingsReader).topFactor,
		help: "Multiplies the game scores of the top boards (board 1 with a scoring system of its own, and each next board while it has one: dtm seed --pool marks them) in the players' totals, e.g. 2. 1 counts them as any other game.",
	},
	{
		label: SetDrawYear, value: 0,
		optional: true, absent: "a draw or concession may end a game in any year (add the row to change it)", parse: (*settingsReader).drawYear,
		help: "The first game-year in which a draw or a concession may end a game, e.g. 1905 (DixieCon: no vote before the Fall 1905 adjudication). dtm check refuses an earlier one at the board's Year cell. 0: any year.",
	},
	{
		label: SetConcessionCentres, value: 0,
		optional: true, absent: "a game may be conceded to a power with any centres (add the row to change it)",
		whole: func(s *Settings) *int { return &s.Draws.ConcessionCentres }, lo: zero, hi: func(*Settings) int { return 34 },
		hint: "a whole number from 0 to 34, e.g. 12",
		help: "The least centres a power must own to be conceded the game, e.g. 12 (DixieCon). dtm check refuses a concession to a smaller power at its Result cell. 0: any.",
	},
	{
		label: SetConcessionLargest, value: ChoicesYesNo[1], choices: ChoicesYesNo,
		optional: true, absent: "No applies (add the row to change it)",
		choose: func(s *Settings, i int) { s.Draws.ConcessionLargest = i == 0 },
		help:   "Yes: a game may be conceded only to a power with no fewer centres than any other (DixieCon). dtm check refuses any other concession at its Result cell.",
	},
	{
		label: SetPaper, value: ChoicesPaper[0], choices: ChoicesPaper,
		optional: true, absent: `"A4" applies (add the row to change it)`,
		choose: func(s *Settings, i int) { s.Letter = i == 1 },
		help:   "The paper every tab dtm writes prints on (heat sheets, board calls, Standings, Team Standings, Awards): A4 or Letter. A tab you set to Letter in its Page Setup stays Letter.",
	},
	{
		label: SetMailServer, value: "",
		optional: true, parse: (*settingsReader).mailServer,
		help: "dtm send: the mail server that sends the players their board calls and results, e.g. smtp.gmail.com; empty: no e-mail. docs/send.md.",
	},
	{
		label: SetMailPort, value: DefaultMailPort,
		optional: true, whole: func(s *Settings) *int { return &s.Sending.Port }, lo: one, hi: func(*Settings) int { return 65535 },
		hint: "the server's port, 1 to 65535: usually 587 (STARTTLS)",
		help: "dtm send: the mail server's port, usually 587; dtm uses STARTTLS whenever the server offers it.",
	},
	{
		label: SetMailSender, value: "",
		optional: true, parse: (*settingsReader).mailSender,
		help: "dtm send: the address the messages come from, e.g. Regatta TD <td@example.org>; it is also the login name on the server.",
	},
	{
		label: SetMailPassword, value: "",
		optional: true, parse: (*settingsReader).mailPassword,
		help: "dtm send: the NAME of an environment variable that holds the server's password (e.g. DTM_SMTP_PASSWORD), never the password itself; empty: no login.",
	},
	{
		label: SetWebhook, value: "",
		optional: true, parse: (*settingsReader).webhook,
		help: "dtm send: a Discord channel's webhook address (https://discord.com/api/webhooks/...): each board's call and result is posted there too; empty: no posts.",
	},
	{
		label: SetSendRate, value: DefaultSendRate,
		optional: true, whole: func(s *Settings) *int { return &s.Sending.PerMinute }, lo: zero, hi: func(*Settings) int { return MaxSendRate },
		hint: fmt.Sprintf("a whole number from 0 (no pause) to %d, e.g. %d", MaxSendRate, DefaultSendRate),
		help: fmt.Sprintf("dtm send: the most messages (e-mails and posts) sent a minute, 0 to %d; 0 sends without a pause.", MaxSendRate),
	},
	{
		label: SetCircuitTier, value: "",
		optional: true, text: func(s *Settings) *string { return &s.CircuitTier },
		help: "The event's tier in a circuit, e.g. A, B or C of the European Grand Prix 2025: dtm series --circuit turns the final places into the tier's circuit points. Empty: not in a circuit.",
	},
	{
		label: SetConfirmation, value: ChoicesYesNo[1], choices: ChoicesYesNo,
		optional: true,
		choose:   func(s *Settings, i int) { s.Confirmation = i == 0 },
		help:     "dtm import: Yes takes each line of a results file as one player's submission (a Submitted by column names them); a board is written and scored once two players of that board submit the same result, or when you mark it Finished yourself. docs/import.md.",
	},
}

// tieBreakHelp is the Tie-breaks setting's help, listing the presets and rules of scoring's table.
var tieBreakHelp = "None: tied players share a rank (the DTM). " + strings.Join(scoring.TieBreakPresets(), " or ") +
	": those rules' chains. Or your own chain, in order, separated by commas: " + scoring.TieBreakHelp() + "."

// tieBreakHint is the fix offered for a Tie-breaks setting dtm cannot read:
// "None, Regatta 2002, Regatta 2003, or rules separated by commas:
// head-to-head, dropped, ...".
var tieBreakHint = strings.Join(SuggestedTieBreaks, ", ") + ", or rules separated by commas: " +
	strings.Join(scoring.TieBreakNames(), ", ")

// unbounded is the upper limit of conflict values: large enough for any
// tournament, small enough that sums cannot overflow.
const unbounded = 1_000_000

// setting is one row of the Tournament sheet.
type setting struct {
	value, cell string
}

// settingsReader reads the Tournament sheet's values into the settings.
type settingsReader struct {
	*reader
	s    *Settings
	rows map[string]setting // by normalised label
}

// readSettings reads the Tournament sheet: each row of tournamentSettings
// in turn, then the checks across settings.
func (r *reader) readSettings() {
	s := &r.t.Settings
	s.settingRows = map[string]int{}
	t, ok := r.readTable(SheetTournament, tournamentSchema.spec())
	if !ok {
		return
	}
	c := &settingsReader{reader: r, s: s, rows: map[string]setting{}}
	known := map[string]bool{}
	for _, d := range tournamentSettings {
		known[normalHeader(d.label)] = true
	}
	for i := 1; i < len(t.rows); i++ {
		label := t.get(i, HeaderSetting)
		if label == "" {
			continue
		}
		n := normalHeader(label)
		if !known[n] {
			r.p.ignore(SheetTournament, t.cell(i, HeaderSetting), "setting %q is not one dtm reads; it is kept as it is", label)
			continue
		}
		if first, dup := s.settingRows[n]; dup {
			r.p.add(SheetTournament, t.cell(i, HeaderSetting), "delete one of the two rows",
				"setting %q appears twice (first at %s)", label, cellName(t.col[normalHeader(HeaderSetting)]+1, first))
			continue
		}
		s.settingRows[n] = i + 1
		c.rows[n] = setting{value: t.get(i, HeaderValue), cell: t.cell(i, HeaderValue)}
	}
	labelCol := columnRange(t.col[normalHeader(HeaderSetting)] + 1)
	for i := range tournamentSettings {
		d := &tournamentSettings[i]
		if d.when != nil && !d.when(s) {
			continue
		}
		v, ok := c.rows[normalHeader(d.label)]
		switch {
		case ok:
			c.read(d, v)
		case d.optional:
			if d.absent != "" {
				r.p.ignore(SheetTournament, labelCol, "setting %q is not in the workbook: %s", d.label, d.absent)
			}
			c.read(d, setting{value: fmt.Sprint(d.value)})
		default:
			r.p.add(SheetTournament, labelCol, fmt.Sprintf("add a row with %q in the Setting column and its value in the Value column", d.label),
				"setting %q is missing", d.label)
			if d.choose != nil {
				d.choose(s, 0)
			}
		}
	}
	c.checkSettings()
}

// read reads a row's value into the field it sets.
func (c *settingsReader) read(d *tournamentSetting, v setting) {
	switch {
	case d.text != nil:
		*d.text(c.s) = v.value
		if v.value == "" && d.empty != "" {
			c.p.add(SheetTournament, v.cell, d.hint, "%s", d.empty)
		}
	case d.whole != nil:
		*d.whole(c.s) = c.wholeNumber(d.label, v, d.lo(c.s), d.hi(c.s), d.hint)
	case d.number != nil:
		*d.number(c.s) = c.anyNumber(d.label, v, d.hint)
	case d.choose != nil:
		d.choose(c.s, c.choice(d.label, v, d.choices))
	default:
		d.parse(c, v)
	}
}

// wholeNumber reads a whole number from lo to hi (hi unbounded: lo or
// more); 0 when it cannot.
func (c *settingsReader) wholeNumber(label string, v setting, lo, hi int, hint string) int {
	n, ok := parseWhole(v.value)
	switch {
	case v.value == "":
		c.p.add(SheetTournament, v.cell, hint, "%s is empty", label)
	case !ok:
		c.p.add(SheetTournament, v.cell, hint, "%s must be a whole number, not %q", label, v.value)
	case n < lo && hi >= unbounded:
		c.p.add(SheetTournament, v.cell, hint, "%s must be %d or more, not %d", label, lo, n)
	case n < lo || n > hi:
		c.p.add(SheetTournament, v.cell, hint, "%s must be from %d to %d, not %d", label, lo, hi, n)
	default:
		return n
	}
	return 0
}

// anyNumber reads a number; 0 when it cannot.
func (c *settingsReader) anyNumber(label string, v setting, hint string) float64 {
	n, ok := parseNumber(v.value)
	switch {
	case v.value == "":
		c.p.add(SheetTournament, v.cell, hint, "%s is empty", label)
	case !ok:
		c.p.add(SheetTournament, v.cell, hint, "%s must be %s, not %q", label, notNumber(v.value), v.value)
	default:
		return n
	}
	return 0
}

// choice reads one of choices, as its index; 0 when it cannot.
func (c *settingsReader) choice(label string, v setting, choices []string) int {
	i := choiceIndex(choices, v.value)
	switch {
	case i >= 0:
		return i
	case v.value == "":
		c.p.add(SheetTournament, v.cell, "choose "+choiceList(choices), "%s is empty", label)
	default:
		c.p.add(SheetTournament, v.cell, "choose "+choiceList(choices), "%s cannot be %q", label, v.value)
	}
	return 0
}

// resultsForm reads the Results form: empty, or an address dtm can put a
// board code in.
func (c *settingsReader) resultsForm(v setting) {
	if v.value == "" {
		return
	}
	// The longest code a tournament prints: its last heat, board 999.
	if _, err := ResultsLink(v.value, MaxHeats, 999); err != nil {
		c.p.add(SheetTournament, v.cell, "the form's address as the browser shows it, https://...; or leave it empty", "%s: %v", SetResultsForm, err)
		return
	}
	c.s.ResultsForm = v.value
}

// teamNumber reads the team heat (one heat) or the games each member
// counts (best games).
func (c *settingsReader) teamNumber(v setting) {
	if c.s.Team.Kind == scoring.BestGames {
		c.s.Team.Number = c.wholeNumber(SetTeamNumber, v, 1, 1000, "how many games of each member count for the team")
	} else {
		c.s.Team.Number = c.wholeNumber(SetTeamNumber, v, 1, max(c.s.Heats, 1), "the number of the team heat")
	}
}

// randomSeed reads the seating's random seed: a whole number, or empty.
func (c *settingsReader) randomSeed(v setting) {
	if v.value == "" {
		return
	}
	n, ok := parseWhole(v.value)
	if !ok {
		c.p.add(SheetTournament, v.cell, "a whole number, or leave it empty", "%s must be a whole number, not %q", SetRandomSeed, v.value)
	}
	c.s.RandomSeed, c.s.HasSeed = int64(n), ok
}

// victory reads the victory rule, one of scoring's names or a table.
func (c *settingsReader) victory(v setting) {
	rule, err := scoring.ParseVictoryRule(v.value)
	if err != nil {
		c.p.add(SheetTournament, v.cell, "classic, regatta-2002, regatta-2003, norman, norman-short-1 to 4, or a table of centres from 1901 such as 18,18,18,18,17,15", "%v", err)
	}
	c.s.Victory = rule
}

// tieBreaks reads the tie-break chain.
func (c *settingsReader) tieBreaks(v setting) {
	chain, err := scoring.ParseTieBreaks(v.value)
	if err != nil {
		c.p.add(SheetTournament, v.cell, tieBreakHint, "tie-breaks: %v", err)
	}
	c.s.TieBreaks = chain
}

// qualification reads how a pool ranks the players.
func (c *settingsReader) qualification(v setting) {
	q, err := seeding.ParseQualification(v.value, c.s.Heats)
	if err != nil {
		c.p.add(SheetTournament, v.cell, "Standings, or best K of heats A-B (e.g. best 2 of heats 1-3)", "pool qualification: %v", err)
	}
	c.s.Qualification = q
}

// topFactor reads the top boards' multiplier, a number above 0.
func (c *settingsReader) topFactor(v setting) {
	const hint = "a number above 0, e.g. 2; 1 counts the top boards as any other game"
	c.s.TopBoardFactor = 1
	if f, isNum := parseNumber(v.value); isNum && f <= 0 {
		c.p.add(SheetTournament, v.cell, hint, "%s must be above 0, not %s", SetTopFactor, v.value)
	} else if f := c.anyNumber(SetTopFactor, v, hint); f > 0 {
		c.s.TopBoardFactor = f
	}
}

// drawYear reads the first game-year a draw or concession may end a game: 0, or 1901 to 2000.
func (c *settingsReader) drawYear(v setting) {
	const hint = "0 for any year, or a game-year such as 1905"
	n, ok := parseWhole(v.value)
	switch {
	case v.value == "":
		c.p.add(SheetTournament, v.cell, hint, "%s is empty", SetDrawYear)
	case !ok || (n != 0 && (n < 1901 || n > 2000)):
		c.p.add(SheetTournament, v.cell, hint, "%s must be 0 or a game-year from 1901 to 2000, not %q", SetDrawYear, v.value)
	default:
		c.s.Draws.EarliestYear = n
	}
}

// withheldHeats reads the heats after which the standings are withheld.
func (c *settingsReader) withheldHeats(v setting) {
	c.s.Publication.WithheldHeats = c.reader.withheldHeats(v, c.s.Heats)
}

// withholdFinal reads whether the final standings are withheld.
func (c *settingsReader) withholdFinal(v setting) {
	b, yes := parseYesNo(v.value)
	if !yes {
		c.p.add(SheetTournament, v.cell, "choose Yes or No", "%s cannot be %q", SetWithholdFinal, v.value)
	}
	c.s.Publication.WithholdFinal = b
}

// withheldAwards reads the awards withheld until the ceremony.
func (c *settingsReader) withheldAwards(v setting) {
	c.s.Publication.WithheldAwards = c.reader.withheldAwards(v)
}

// projectorPages reads the projector's cycle of pages.
func (c *settingsReader) projectorPages(v setting) {
	p := &c.s.Publication
	p.Projector = nil
	for _, name := range splitList(v.value) {
		i := choiceIndex(ChoicesProjector, name)
		if i < 0 {
			c.p.add(SheetTournament, v.cell, "name pages from: "+strings.Join(ChoicesProjector, ", ")+"; separate them with commas",
				"the projector cannot show %q", name)
			continue
		}
		if slices.Contains(p.Projector, ChoicesProjector[i]) {
			c.p.add(SheetTournament, v.cell, "name each page once", "%q is named twice", ChoicesProjector[i])
			continue
		}
		p.Projector = append(p.Projector, ChoicesProjector[i])
	}
}

// projectorSeconds reads how long the projector shows each page.
func (c *settingsReader) projectorSeconds(v setting) {
	n, whole := parseWhole(v.value)
	if !whole || n < 5 || n > 600 {
		c.p.add(SheetTournament, v.cell, "a whole number of seconds from 5 to 600 (e.g. 20)", "%s cannot be %q", SetProjectorSeconds, v.value)
		n = DefaultProjectorSeconds
	}
	c.s.Publication.ProjectorSeconds = n
}

// checkSettings checks the settings that cannot work together, at the cell
// of the one to change.
func (c *settingsReader) checkSettings() {
	s := c.s
	c.checkSending()
	if s.TeamSize == 0 {
		s.Team = scoring.TeamRule{} // no team tournament: Team scoring does not apply
	}
	if s.PowerGroups != nil && !s.PowersAtTables && s.SamePower < 2 {
		if v, ok := c.rows[normalHeader(SetSamePower)]; ok {
			c.p.add(SheetTournament, v.cell, "set it to 2 or more, or set Power groups to None",
				"power groups need a same-power conflict value of 2 or more (half of it, rounded down, is charged for another power of a group already played)")
		}
	}
	if v, ok := c.rows[normalHeader(SetPowerRule)]; ok && s.PowerRule != seeding.AnyPower {
		switch {
		case s.PowersAtTables:
			c.p.add(SheetTournament, v.cell, fmt.Sprintf("set %s to %s, or the rule to %s", SetPowerAssignment, ChoicesPowerAssignment[0], ChoicesPowerRule[0]),
				"the power rule %q needs dtm seed to assign the powers, but %s is %q", v.value, SetPowerAssignment, ChoicesPowerAssignment[1])
		case s.PowerRule == seeding.DifferentPowers && s.Heats > dip.BoardSize:
			c.p.add(SheetTournament, v.cell, fmt.Sprintf("choose %q (Hurst's rule), or at most %d heats", ChoicesPowerRule[2], dip.BoardSize),
				"a different power every heat cannot be kept over %d heats: there are %d powers", s.Heats, dip.BoardSize)
		}
	}
}

// mailServer reads the SMTP server's host name: empty, or a name or address
// without a scheme, port or spaces.
func (c *settingsReader) mailServer(v setting) {
	host := strings.TrimSpace(v.value)
	if host == "" {
		return
	}
	if len(host) > 253 || !hostName.MatchString(host) {
		c.p.add(SheetTournament, v.cell, "the server's name alone, e.g. smtp.gmail.com (the port has a row of its own); or leave it empty",
			"%s cannot be %q", SetMailServer, v.value)
		return
	}
	c.s.Sending.Server = host
}

// hostName matches a host name or an IP address, as a mail server is named.
var hostName = regexp.MustCompile(`^([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$|^\[?[0-9A-Fa-f:.]+\]?$`)

// mailSender reads the address the messages come from.
func (c *settingsReader) mailSender(v setting) {
	if strings.TrimSpace(v.value) == "" {
		return
	}
	if _, err := ParseAddress(v.value); err != nil {
		c.p.add(SheetTournament, v.cell, "an address such as td@example.org, or Regatta TD <td@example.org>",
			"%s cannot be %q: %v", SetMailSender, v.value, err)
		return
	}
	c.s.Sending.Sender = strings.TrimSpace(v.value)
}

// envName matches the name of an environment variable.
var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,99}$`)

// mailPassword reads the name of the environment variable holding the
// server's password.
func (c *settingsReader) mailPassword(v setting) {
	name := strings.TrimSpace(v.value)
	if name == "" {
		return
	}
	if !envName.MatchString(name) {
		c.p.add(SheetTournament, v.cell, "the NAME of an environment variable (letters, digits and _, e.g. DTM_SMTP_PASSWORD), never the password itself; or leave it empty",
			"%s cannot be %q", SetMailPassword, v.value)
		return
	}
	c.s.Sending.PasswordVariable = name
}

// webhook reads the Discord webhook's address: https, or http to this
// computer (a test's stand-in).
func (c *settingsReader) webhook(v setting) {
	addr := strings.TrimSpace(v.value)
	if addr == "" {
		return
	}
	if err := checkWebhook(addr); err != nil {
		c.p.add(SheetTournament, v.cell, "the webhook's address as Discord shows it (Edit Channel, Integrations, Webhooks, Copy Webhook URL); or leave it empty",
			"%s: %v", SetWebhook, err)
		return
	}
	c.s.Sending.Webhook = addr
}

// maxWebhook is the longest webhook address read.
const maxWebhook = 2000

// checkWebhook says what is wrong with a webhook's address.
func checkWebhook(addr string) error {
	if len(addr) > maxWebhook {
		return fmt.Errorf("the address is %d characters long, more than %d", len(addr), maxWebhook)
	}
	u, err := url.Parse(addr)
	switch {
	case err != nil || u.Host == "":
		return fmt.Errorf("%q is not a web address", addr)
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && (u.Hostname() == "localhost" || u.Hostname() == "127.0.0.1" || u.Hostname() == "::1"):
		return nil // a stand-in on this computer
	default:
		return fmt.Errorf("%q must start with https://", addr)
	}
}

// ParseAddress reads an e-mail address as typed on the Players or
// Tournament sheet: "ann@example.org" or "Ann Smith <ann@example.org>".
func ParseAddress(s string) (*mail.Address, error) {
	a, err := mail.ParseAddress(strings.TrimSpace(s))
	if err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "mail: "))
	}
	return a, nil
}

// checkSending checks the settings of dtm send that need one another: a
// mail server needs a sender.
func (c *settingsReader) checkSending() {
	s := &c.s.Sending
	if s.Server == "" || s.Sender != "" {
		return
	}
	cell := c.s.SettingCell(SetMailSender)
	if v, ok := c.rows[normalHeader(SetMailServer)]; ok && cell == "" {
		cell = v.cell
	}
	c.p.add(SheetTournament, cell, fmt.Sprintf("type the address the messages come from in %s (e.g. td@example.org)", SetMailSender),
		"%s is set but %s is empty: the messages need a sender", SetMailServer, SetMailSender)
}
