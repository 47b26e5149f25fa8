package workbook

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// Sheet names. A director may reorder sheets and add their own; these are
// found by exact name.
const (
	SheetAbout      = "About"
	SheetTournament = "Tournament"
	SheetPlayers    = "Players"
	SheetConflicts  = "Conflicts"
	SheetGroups     = "Groups"
	SheetTeams      = "Teams"
	SheetHeats      = "Heats"
	SheetSystems    = "Systems"
	SheetClock      = "Clock"
)

// HeatSheet returns the name of heat n's sheet ("Heat 3").
func HeatSheet(n int) string { return "Heat " + strconv.Itoa(n) }

// BoardCallsSheet returns the name of heat n's board-calls tab: "Heat 2 calls".
func BoardCallsSheet(n int) string { return HeatSheet(n) + " calls" }

// Output tabs of dtm score.
const (
	SheetStandings     = "Standings"
	SheetTeamStandings = "Team Standings"
	SheetAwards        = "Awards"
)

// Column headers of the Standings tab; heat columns are headed "Heat 1" ...
const (
	HeaderRank      = "Rank"
	HeaderTotal     = "Total"
	HeaderPlayed    = "Heats played"
	HeaderQualified = "Qualified"
	HeaderCounted   = "Dropped or multiplied"
	HeaderTieBreak  = "Tie-break"
	HeaderAward     = "Award"
	HeaderWinners   = "Winner"
	HeaderAwardWhat = "Detail"
	HeaderMembers   = "Members"
	HeaderGames     = "Counted games"
)

// SheetSent is dtm send's record: one row per message sent, so that a
// second run sends only what changed.
const SheetSent = "Sent"

// Column headers of the Sent tab.
const (
	HeaderSentAt      = "Sent at (UTC)"
	HeaderSentHeat    = "Heat"
	HeaderSentMessage = "Message"
	HeaderSentFor     = "Player or board"
	HeaderSentTo      = "To"
	HeaderSentDigest  = "Digest"
)

// SheetSubmissions is dtm import's record under two-party confirmation:
// one row per player's submission of a board's result.
const SheetSubmissions = "Submissions"

// Column headers of the Submissions tab.
const (
	HeaderSubHeat   = "Heat"
	HeaderSubBoard  = "Board"
	HeaderSubBy     = "Submitted by"
	HeaderSubFile   = "File"
	HeaderSubLine   = "Line"
	HeaderSubHeader = "Header line"
	HeaderSubText   = "Submitted line"
)

// callsSheet reports whether a sheet is a heat's board-calls tab
// ("Heat 2 calls").
func callsSheet(name string) bool {
	heat, ok := strings.CutSuffix(name, " calls")
	_, isHeat := heatSheetNumber(heat)
	return ok && isHeat
}

// heatSheetNumber reports the heat number of a sheet named like "Heat 3".
func heatSheetNumber(name string) (int, bool) {
	rest, ok := strings.CutPrefix(name, "Heat ")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	if err != nil || n < 1 || strconv.Itoa(n) != rest {
		return 0, false
	}
	return n, true
}

// Column headers of the Tournament sheet.
const (
	HeaderSetting = "Setting"
	HeaderValue   = "Value"
	HeaderHelp    = "Help"
)

// Column headers of the Players sheet. Registration columns are headed
// HeatSheet(n) ("Heat 1", "Heat 2", ...).
const (
	HeaderFirstName = "First name"
	HeaderLastName  = "Last name"
	HeaderEmail     = "E-mail"
	HeaderCountry   = "Country"
	HeaderPriority  = "Sit-out priority"
	HeaderDistance  = "Distance (km)"
	// The player's World Diplomacy Database and World Diplomacy Reference
	// ids, and nationality (a WDD country code), for the results exports.
	HeaderNationality = "Nationality"
	HeaderWDDID       = "WDD id"
	HeaderWDRID       = "WDR id"
	HeaderStandby     = "Standby"
	HeaderTwoBoards   = "Can play two boards"
	HeaderDeclines    = "Declines pool"
	HeaderPrefers     = "Power preference"
)

// Column headers of the Conflicts sheet.
const (
	HeaderPlayer     = "Player"
	HeaderWithPlayer = "With player"
	HeaderConflict   = "Value"
	HeaderNote       = "Note"
)

// Column headers of the Groups and Teams sheets. Member columns are headed
// "Member 1", "Member 2", ...; a director may add more.
const (
	HeaderGroup        = "Group"
	HeaderGroupValue   = "Conflict value"
	HeaderTeam         = "Team"
	HeaderMemberPrefix = "Member "
)

// MemberHeader returns the header of the n-th member column ("Member 3").
func MemberHeader(n int) string { return HeaderMemberPrefix + strconv.Itoa(n) }

// Column headers of the Heats sheet.
const (
	HeaderHeat       = "Heat"
	HeaderHeatSystem = "Scoring system"
	HeaderDate       = "Date"
	HeaderStart      = "Start time"
)

// Column headers of the Clock sheet: the room clock's phase lengths.
const (
	HeaderPhase     = "Phase"
	HeaderFromYear  = "From year"
	HeaderMinutes   = "Minutes"
	HeaderClockHeat = "Heat"
	HeaderClockNote = "Note"
)

// Phases of the Clock sheet: the movement phases' lengths from a year on,
// the order-writing time at the end of each, and breaks after a Spring.
var ChoicesClockPhase = []string{"Spring", "Fall", "Order writing", "Break"}

// Column headers of the Systems sheet.
const (
	HeaderSystemName   = "Name"
	HeaderCriterion    = "End-game criterion"
	HeaderAllSurvivors = "Draws include all survivors"
	HeaderAverageTies  = "Average SC ties"
	HeaderFinalYear    = "Final game-year"
	HeaderDescription  = "Description"
)

// FormulaHeaders are the Systems sheet's nine formula columns, in the order
// of the DTM's Scoring System screen.
var FormulaHeaders = [9]string{
	"Solo / 1st", "2-way / 2nd", "3-way / 3rd", "4-way / 4th", "5-way / 5th",
	"6-way / 6th", "7-way / 7th", "Elimination or survival", "Provisional",
}

// Column headers of a heat sheet: one row per seat, seven rows per board.
const (
	HeaderBoard          = "Board"
	HeaderStatus         = "Status"
	HeaderGameSystem     = "Scoring system"
	HeaderPower          = "Power"
	HeaderSeatPlayer     = "Player"
	HeaderResult         = "Result"
	HeaderYear           = "Year"
	HeaderCentres        = "Centres"
	HeaderReplaced       = "Replaced player"
	HeaderReplacedIn     = "Replaced in"
	HeaderScore          = "Score"
	HeaderScoreOverride  = "Score override"
	HeaderConflictTotal  = "Conflict"
	HeaderConflictDetail = "Conflict detail"
)

// Choices of the other sheets' closed fields (the Tournament sheet's are
// in settings.go). The first of each list is what a new workbook holds.
// They are the dropdowns of the template.
var (
	ChoicesYesNo        = []string{"Yes", "No"}
	ChoicesCriterion    = scoring.CriterionNames()
	ChoicesRegistration = []string{"Registered", "Pre-registered", "Sitting out"}
	ChoicesStatus       = []string{"Unstarted", "Started", "Finished"}
	ChoicesResult       = []string{"Win", "Loss", "Conceded win"}
	ChoicesPower        = powerChoices()
)

// MaxHeats is the largest number of heats a tournament may have (DTM allowed
// nine).
const MaxHeats = 30

// Limits on years a director may type.
const (
	FirstGameYear  = 1901
	LastGameYear   = 1999
	FirstFinalYear = 1907 // the earliest final game-year of a scoring system, as in the DTM
)

// normalHeader folds a header for matching: case, surrounding and repeated
// spaces do not matter.
func normalHeader(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}

// choiceIndex finds v among choices, ignoring case and spacing.
func choiceIndex(choices []string, v string) int {
	for i, c := range choices { // as typed from the dropdown: most cells
		if c == v {
			return i
		}
	}
	n := normalHeader(v)
	for i, c := range choices {
		if normalHeader(c) == n {
			return i
		}
	}
	return -1
}

// powerChoices are the powers' names, scoring's vocabulary, as a dropdown.
func powerChoices() []string {
	names := dip.PowerNames()
	return names[:]
}

// criterionAliases are the DTM manual's own names of the end-game criteria,
// accepted on the Systems sheet beside ChoicesCriterion (by index).
var criterionAliases = map[string]int{
	"win/draw scoring": 0, "win/draw coring": 0, // the manual's own typo
	"rank players by sc count": 1, "sc rank scoring": 1,
	"both win/draw and rank scoring": 2, "both win/draw and sc rank scoring": 2,
	"both win/draw scoring and sc rank scoring": 2,
}

// criterionIndex reads an end-game criterion: a choice of ChoicesCriterion
// or one of the manual's names for it; -1 when it is neither.
func criterionIndex(v string) int {
	if i := choiceIndex(ChoicesCriterion, v); i >= 0 {
		return i
	}
	if i, ok := criterionAliases[normalHeader(v)]; ok {
		return i
	}
	return -1
}

// choiceList renders choices for a message: "Yes" or "No".
func choiceList(choices []string) string {
	q := make([]string, len(choices))
	for i, c := range choices {
		q[i] = strconv.Quote(c)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// yearColumn reports whether a heat-sheet header is a centre-count year
// column ("1901" ... "1999") and which year.
func yearColumn(header string) (int, bool) {
	y, err := strconv.Atoi(strings.TrimSpace(header))
	if err != nil || y < FirstGameYear || y > LastGameYear {
		return 0, false
	}
	return y, true
}

// cellName converts 1-based column and row numbers to "C7".
func cellName(col, row int) string { return xlsx.CellName(col, row) }

// columnName converts a 1-based column number to letters ("AA").
func columnName(col int) string { return xlsx.ColumnName(col) }

// columnRange names a whole column ("C:C").
func columnRange(col int) string { return fmt.Sprintf("%s:%s", columnName(col), columnName(col)) }

// column is one column of a sheet's schema.
type column struct {
	header   string
	width    float64
	required bool     // dtm check reports a sheet without it; the others may be deleted
	computed bool     // written by dtm: grey in the template
	text     bool     // a computed text, indented off the number to its left
	wrap     bool     // long text wraps in its column, on a taller row (printed whole)
	choices  []string // a dropdown, or nil
	list     string   // a range formula for a dropdown ("=Systems!$A$2:$A$1000")
}

// schema declares a sheet's columns in the order of a new workbook. It is the
// one description of the sheet: the template writes it (template.go), the
// reader finds its columns by header (readTable), and dtm new --from writes
// carried rows into it (new.go). A director may reorder the columns and add
// their own.
type schema struct {
	sheet   string // the sheet's name; "" for the heat sheets, each HeatSheet(n)
	columns []column
	rows    int // rows of input cells the template styles and gives dropdowns
	// added are optional columns a director adds when needed, anywhere:
	// read by header, not in a new workbook (so that workbooks and their
	// column positions stay as they were).
	added []string
	// family is the n-th column (from 1) of a family that follows columns
	// ("Heat 2", "Member 3", "1904"), or nil; familyNumber reads n back from
	// a header. A new workbook holds inTemplate of them.
	family       func(n int) column
	familyNumber func(header string) (int, bool)
	inTemplate   int
}

// The input sheets' schemas.
var (
	tournamentSchema = schema{sheet: SheetTournament, columns: []column{
		{header: HeaderSetting, width: 32, required: true}, {header: HeaderValue, width: 58, required: true},
		{header: HeaderHelp, width: 90},
	}}
	// Registration columns follow the Players columns: HeatSheet(n) for
	// heat n, Registered, Pre-registered or Sitting out.
	playersSchema = schema{sheet: SheetPlayers, rows: 500, columns: []column{
		{header: HeaderFirstName, width: 16, required: true}, {header: HeaderLastName, width: 18, required: true},
		{header: HeaderEmail, width: 28}, {header: HeaderCountry, width: 10},
		{header: HeaderPriority, width: 16}, {header: HeaderDistance, width: 14},
		{header: HeaderNationality, width: 12}, {header: HeaderWDDID, width: 10}, {header: HeaderWDRID, width: 10},
	}, added: []string{HeaderStandby, HeaderTwoBoards, HeaderDeclines, HeaderPrefers}, family: func(n int) column { return column{header: HeatSheet(n), width: 14, choices: ChoicesRegistration} },
		familyNumber: heatSheetNumber, inTemplate: 1}
	conflictsSchema = schema{sheet: SheetConflicts, rows: 300, columns: []column{
		{header: HeaderPlayer, width: 24, required: true}, {header: HeaderWithPlayer, width: 24, required: true},
		{header: HeaderConflict, width: 10, required: true}, {header: HeaderNote, width: 30},
	}}
	groupsSchema = schema{sheet: SheetGroups, rows: 100, columns: []column{
		{header: HeaderGroup, width: 24, required: true}, {header: HeaderGroupValue, width: 15, required: true},
	}, family: memberColumn, familyNumber: memberNumber, inTemplate: 20}
	teamsSchema = schema{sheet: SheetTeams, rows: 100, columns: []column{
		{header: HeaderTeam, width: 24, required: true},
	}, family: memberColumn, familyNumber: memberNumber, inTemplate: 7}
	heatsSchema = schema{sheet: SheetHeats, columns: []column{
		{header: HeaderHeat, width: 8, required: true}, {header: HeaderHeatSystem, width: 30, required: true, list: systemList},
		{header: HeaderDate, width: 14}, {header: HeaderStart, width: 11},
	}}
	// The Clock sheet: one row per phase length, order-writing time or
	// break (publish.md).
	clockSchema = schema{sheet: SheetClock, rows: 40, columns: []column{
		{header: HeaderPhase, width: 16, required: true, choices: ChoicesClockPhase},
		{header: HeaderFromYear, width: 11}, {header: HeaderMinutes, width: 10, required: true},
		{header: HeaderClockHeat, width: 8}, {header: HeaderClockNote, width: 60},
	}}
	systemsSchema = schema{sheet: SheetSystems, rows: 200, columns: slices.Concat([]column{
		{header: HeaderSystemName, width: 34, required: true}, {header: HeaderCriterion, width: 18, required: true, choices: ChoicesCriterion},
		{header: HeaderAllSurvivors, width: 12, choices: ChoicesYesNo}, {header: HeaderAverageTies, width: 10, choices: ChoicesYesNo},
		{header: HeaderFinalYear, width: 10},
	}, formulaColumns(), []column{{header: HeaderDescription, width: 60}})}
	// Each heat sheet has seven rows per board, then the centres at the end
	// of each year from 1901.
	heatSheetSchema = schema{rows: heatSheetRows, columns: []column{
		{header: HeaderBoard, width: 7, required: true}, {header: HeaderStatus, width: 10, choices: ChoicesStatus},
		{header: HeaderGameSystem, width: 16, list: systemList}, {header: HeaderPower, width: 9, required: true, choices: ChoicesPower},
		{header: HeaderSeatPlayer, width: 30, required: true, wrap: true}, {header: HeaderResult, width: 12, choices: ChoicesResult},
		{header: HeaderYear, width: 6}, {header: HeaderCentres, width: 8}, {header: HeaderReplaced, width: 18},
		{header: HeaderReplacedIn, width: 11}, {header: HeaderScore, width: 8, computed: true}, {header: HeaderScoreOverride, width: 14},
		{header: HeaderConflictTotal, width: 9, computed: true}, {header: HeaderConflictDetail, width: 80, computed: true, text: true, wrap: true},
	}, family: func(n int) column { return column{header: strconv.Itoa(FirstGameYear + n - 1), width: 6} },
		familyNumber: func(h string) (int, bool) { y, ok := yearColumn(h); return y - FirstGameYear + 1, ok },
		inTemplate:   14}
)

// heatColumns is the layout of a heat sheet before the year columns.
var heatColumns = heatSheetSchema.columns

// systemList is the dropdown source listing the Systems sheet's names.
const systemList = "=" + SheetSystems + "!$A$2:$A$1000"

// heatSheetRows is how many rows of a new heat sheet get dropdowns: 30
// boards.
const heatSheetRows = 7 * 30

// formulaColumns are the Systems sheet's formula columns.
func formulaColumns() []column {
	cols := make([]column, len(FormulaHeaders))
	for i, h := range FormulaHeaders {
		cols[i] = column{header: h, width: 24, required: true}
	}
	return cols
}

// memberColumn is the n-th member column of the Groups and Teams sheets.
func memberColumn(n int) column { return column{header: MemberHeader(n), width: 20} }

// memberNumber reads n from a "Member n" header, in any case.
func memberNumber(h string) (int, bool) {
	rest, ok := strings.CutPrefix(normalHeader(h), strings.ToLower(HeaderMemberPrefix))
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(rest)
	return n, err == nil && n >= 1
}

// spec is what the reader knows of the sheet's headers.
func (s schema) spec() columnSpec {
	var spec columnSpec
	for _, c := range s.columns {
		if c.required {
			spec.required = append(spec.required, c.header)
		} else {
			spec.optional = append(spec.optional, c.header)
		}
	}
	spec.optional = append(spec.optional, s.added...)
	if s.familyNumber != nil {
		spec.extra = s.isFamily
	}
	return spec
}

// isFamily reports whether a header is one of the family's.
func (s schema) isFamily(h string) bool {
	if s.familyNumber == nil {
		return false
	}
	_, ok := s.familyNumber(h)
	return ok
}

// headers lists the headers of a new workbook's sheet, with n family columns.
func (s schema) headers(n int) []string {
	var out []string
	for _, c := range s.columns {
		out = append(out, c.header)
	}
	for i := 1; i <= n; i++ {
		out = append(out, s.family(i).header)
	}
	return out
}

// position returns the 1-based column a header has in a new workbook's
// sheet, the family columns following the others.
func (s schema) position(header string) (int, bool) {
	n := normalHeader(header)
	for i, c := range s.columns {
		if normalHeader(c.header) == n {
			return i + 1, true
		}
	}
	if s.familyNumber != nil {
		if k, ok := s.familyNumber(header); ok {
			return len(s.columns) + k, true
		}
	}
	return 0, false
}
