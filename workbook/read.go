package workbook

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// reader reads a whole workbook into a Tournament, collecting every problem.
type reader struct {
	f      *excelize.File
	path   string // the workbook's file, to name its backups ("" for none)
	p      problems
	t      *Tournament
	roster *roster
	rows   *xlsx.SheetReader
	// unread are the sheets the workbook lacks, in the order they were
	// looked for; reportUnread reports each once, and nothing that depends
	// on them is reported.
	unread []unreadSheet
	// noPlayers is set once a name was looked up in an empty Players
	// sheet and reported: the other names are not reported one by one.
	noPlayers bool
}

// read reads every sheet dtm knows of the workbook f, read from path ("" for
// none). The returned problems are sorted top to bottom, sheet by sheet.
func read(f *excelize.File, path string) (*Tournament, Problems, Problems) {
	r := &reader{f: f, path: path, rows: xlsx.NewSheetReader(f), t: &Tournament{}}
	r.readSettings()
	if r.readPlayers() {
		r.roster = newRoster(r.t.Players)
	}
	r.readConflicts()
	r.readGroups()
	r.readTeams()
	r.readSystems()
	r.readHeats()
	r.readClock()
	r.checkMaxHeats()
	r.checkSystemNames()
	r.reportUnread()
	r.ignoreSheets()
	order := f.GetSheetList()
	return r.t, xlsx.Sorted(r.p.list, order), xlsx.Sorted(r.p.ignored, order)
}

// ignoreSheets notes the sheets dtm neither reads nor writes: the
// director's own, kept as they are.
func (r *reader) ignoreSheets() {
	for _, name := range r.f.GetSheetList() {
		if _, heat := heatSheetNumber(name); !r.knownSheet(name) && !heat {
			r.p.ignore(name, "", "a sheet of your own: dtm does not read or change it")
		}
	}
}

// knownSheet reports whether dtm reads or writes a sheet of this name, heat
// sheets aside.
func (r *reader) knownSheet(name string) bool {
	switch name {
	case SheetAbout, SheetTournament, SheetPlayers, SheetConflicts, SheetGroups, SheetTeams, SheetHeats, SheetSystems, SheetClock,
		SheetStandings, SheetTeamStandings, SheetAwards, SheetSent, SheetSubmissions:
		return true
	}
	return callsSheet(name)
}

// readPlayers reads the Players sheet; false when it cannot be read, so
// that names elsewhere cannot be checked.
func (r *reader) readPlayers() bool {
	heats := r.t.Settings.Heats
	t, ok := r.readTable(SheetPlayers, playersSchema.spec())
	if !ok {
		return false
	}
	r.t.playerCols = t.col
	heatCols := t.headers(playersSchema.isFamily)
	for _, h := range heatCols {
		if n, _ := heatSheetNumber(h); heats > 0 && n > heats {
			r.p.add(SheetPlayers, t.cell(0, h), fmt.Sprintf("delete the column or raise %s on the Tournament sheet", SetHeats),
				"registration column %q but the tournament has %d heats", h, heats)
		}
	}
	type firstSeen struct {
		row  int
		name string
	}
	first := map[string]firstSeen{}
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		p := Player{Row: i + 1, First: t.get(i, HeaderFirstName), Last: t.get(i, HeaderLastName),
			Email: t.get(i, HeaderEmail), Country: t.get(i, HeaderCountry)}
		p.Name = strings.TrimSpace(p.First + " " + p.Last)
		if p.Name == "" {
			r.p.add(SheetPlayers, t.cell(i, HeaderFirstName), "type the player's name, or clear the row", "this row has no name")
			continue
		}
		if len(r.t.Players) == MaxPlayers {
			r.p.add(SheetPlayers, t.cell(i, HeaderFirstName), "split the event, or see docs/workbook.md, \"Limits\"",
				"more than %d players: dtm runs tournaments of up to %d players", MaxPlayers, MaxPlayers)
			r.t.Players = nil
			return false
		}
		folded := foldName(p.Name)
		if f, dup := first[folded]; dup {
			at := cellName(t.col[normalHeader(HeaderFirstName)]+1, f.row)
			switch {
			case canonical(f.name) == canonical(p.Name):
				r.p.add(SheetPlayers, t.cell(i, HeaderFirstName), "delete one of the rows, or tell the two apart (e.g. a middle initial)",
					"player %q is listed twice (first at %s)", p.Name, at)
			case invisibleIn(p.Name+f.name) != "":
				r.p.add(SheetPlayers, t.cell(i, HeaderFirstName), "retype the name without it, or tell the two apart (e.g. a middle initial)",
					"player %q is %q at %s but for an invisible character (%s)", p.Name, f.name, at, invisibleIn(p.Name+f.name))
			default:
				r.p.add(SheetPlayers, t.cell(i, HeaderFirstName), "delete one of the rows, or tell the two apart (e.g. a middle initial)",
					"player %q is the same name as %q at %s (names are compared ignoring capitals and spacing)", p.Name, f.name, at)
			}
			continue
		}
		first[folded] = firstSeen{i + 1, p.Name}
		if v := t.get(i, HeaderPriority); v != "" {
			n, ok := parseNumber(v)
			if !ok {
				r.p.add(SheetPlayers, t.cell(i, HeaderPriority), "a number: higher sits out first; leave it empty for 0", "sit-out priority must be %s, not %q", notNumber(v), v)
			}
			p.Priority = n
		}
		if v := t.get(i, HeaderDistance); v != "" {
			n, ok := parseNumber(v)
			if !ok || n < 0 {
				r.p.add(SheetPlayers, t.cell(i, HeaderDistance), "kilometres travelled, a number 0 or more", "distance must be a number 0 or more, not %q", v)
			}
			p.Distance = n
		}
		for _, yn := range []struct {
			header string
			dst    *bool
		}{{HeaderStandby, &p.Standby}, {HeaderTwoBoards, &p.TwoBoards}, {HeaderDeclines, &p.Declines}} {
			v := t.get(i, yn.header)
			if v == "" {
				continue
			}
			yes, ok := parseYesNo(v) // TRUE typed in LibreOffice or Excel is a boolean cell, read as 1
			if !ok {
				r.p.add(SheetPlayers, t.cell(i, yn.header), "choose "+choiceList(ChoicesYesNo)+", or leave it empty (No)",
					"%s cannot be %q", strings.ToLower(yn.header), v)
			}
			*yn.dst = yes
		}
		if v := t.get(i, HeaderPrefers); v != "" {
			prefs, err := parsePreferences(v)
			if err != nil {
				r.p.add(SheetPlayers, t.cell(i, HeaderPrefers), "the powers' first letters, best first, each once (e.g. FGIRT); leave it empty for none",
					"power preference %q: %v", v, err)
			}
			p.Prefers = prefs
		}
		p.Registration = make([]Registration, max(heats, 0))
		for _, h := range heatCols {
			n, _ := heatSheetNumber(h)
			v := t.get(i, h)
			if v == "" || n > heats {
				continue
			}
			c := choiceIndex(ChoicesRegistration, v)
			switch {
			case c < 0:
				r.p.add(SheetPlayers, t.cell(i, h), "choose "+choiceList(ChoicesRegistration)+", or leave it empty (not registered)",
					"registration for %s cannot be %q", strings.ToLower(h), v)
			case Registration(c+1) == PreRegistered && !r.t.Settings.PreRegistration:
				r.p.add(SheetPlayers, t.cell(i, h), fmt.Sprintf("write %q, or set %s to Yes on the Tournament sheet", ChoicesRegistration[0], SetPreRegistration),
					"pre-registration is off")
			default:
				p.Registration[n-1] = Registration(c + 1)
			}
		}
		r.playerIDs(t, i, &p)
		r.t.Players = append(r.t.Players, p)
	}
	return true
}

// threeLetters matches a country code dtm's list may lack.
var threeLetters = regexp.MustCompile(`^[A-Za-z]{3}$`)

// playerIDs reads a player's nationality and database ids.
func (r *reader) playerIDs(t *table, i int, p *Player) {
	if v := t.get(i, HeaderNationality); v != "" {
		code, ok := CountryCode(v)
		if !ok && threeLetters.MatchString(strings.TrimSpace(v)) {
			// A code dtm's list lacks: taken as typed, since the list holds
			// only the countries of most events.
			code, ok = strings.ToUpper(strings.TrimSpace(v)), true
		}
		if !ok {
			r.p.add(SheetPlayers, t.cell(i, HeaderNationality), "a WDD country code of three letters, such as USA, FRA, ANG (United Kingdom) or ALL (Germany), or a country's name from docs/exports.md",
				"nationality %q is not a WDD country code", v)
		}
		p.Nationality = code
	}
	for _, id := range []struct {
		header string
		to     *int
	}{{HeaderWDDID, &p.WDDID}, {HeaderWDRID, &p.WDRID}} {
		v := t.get(i, id.header)
		if v == "" {
			continue
		}
		n, ok := parseWhole(v)
		if !ok || n < 1 {
			r.p.add(SheetPlayers, t.cell(i, id.header), "the number of the player's page in that database, or leave it empty",
				"%s must be a whole number 1 or more, not %q", id.header, v)
			continue
		}
		*id.to = n
	}
}

// player resolves a player name typed in a cell, reporting unknown names
// with a suggestion.
func (r *reader) player(sheet, cell, name string) int {
	return r.playerAt(sheet, func() string { return cell }, name)
}

// playerIn is player for the cell of a table's row i under header, named
// only when there is a problem to report.
func (r *reader) playerIn(t *table, i int, header, name string) int {
	return r.playerAt(t.sheet, func() string { return t.cell(i, header) }, name)
}

// playerAt is player with the cell named by cell.
func (r *reader) playerAt(sheet string, cell func() string, name string) int {
	if r.roster == nil { // the Players sheet is unreadable: its problem says so
		return -1
	}
	if len(r.t.Players) == 0 {
		if !r.noPlayers {
			r.noPlayers = true
			r.p.add(SheetPlayers, "A2", fmt.Sprintf("restore the rows (the %s folder keeps earlier versions of the workbook), or type the players again", BackupDir),
				"the Players sheet lists no players, but %s!%s names %q (and every name on the other sheets is unknown)", xlsx.QuoteSheet(sheet), cell(), name)
		}
		return -1
	}
	i, hint := r.roster.find(name)
	if i < 0 {
		r.p.add(sheet, cell(), hint, "unknown player %q", name)
	}
	return i
}

func (r *reader) readConflicts() {
	t, ok := r.readTable(SheetConflicts, conflictsSchema.spec())
	if !ok {
		return
	}
	seen := map[[2]int]string{}
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		c := Conflict{Row: i + 1, A: -1, B: -1, Note: t.get(i, HeaderNote)}
		for _, side := range []struct {
			header string
			dst    *int
		}{{HeaderPlayer, &c.A}, {HeaderWithPlayer, &c.B}} {
			if v := t.get(i, side.header); v == "" {
				r.p.add(SheetConflicts, t.cell(i, side.header), "a conflict is between two players", "%s is empty", strings.ToLower(side.header))
			} else {
				*side.dst = r.player(SheetConflicts, t.cell(i, side.header), v)
			}
		}
		v := t.get(i, HeaderConflict)
		n, ok := parseWhole(v)
		if !ok {
			r.p.add(SheetConflicts, t.cell(i, HeaderConflict), "a whole number: positive keeps the players apart (e.g. 100 for family), negative brings them together",
				"conflict value must be a whole number, not %q", v)
		}
		c.Value = n
		if c.A < 0 || c.B < 0 || !ok {
			continue
		}
		if c.A == c.B {
			r.p.add(SheetConflicts, t.cell(i, HeaderWithPlayer), "name two different players", "a player cannot conflict with themself")
			continue
		}
		key := [2]int{min(c.A, c.B), max(c.A, c.B)}
		if first, dup := seen[key]; dup {
			r.p.add(SheetConflicts, t.cell(i, HeaderPlayer), "keep one row and put the total value in it",
				"the conflict between %q and %q is listed twice (first at %s)", r.t.Players[c.A].Name, r.t.Players[c.B].Name, first)
			continue
		}
		seen[key] = t.cell(i, HeaderPlayer)
		r.t.Conflicts = append(r.t.Conflicts, c)
	}
}

// members reads a row's member columns, reporting unknown and repeated
// players.
func (r *reader) members(t *table, i int, cols []string) []int {
	var out []int
	at := map[int]string{}
	for _, h := range cols {
		v := t.get(i, h)
		if v == "" {
			continue
		}
		p := r.player(t.sheet, t.cell(i, h), v)
		if p < 0 {
			continue
		}
		if first, dup := at[p]; dup {
			r.p.add(t.sheet, t.cell(i, h), "clear one of the cells", "%q is listed twice in this row (first at %s)", v, first)
			continue
		}
		at[p] = t.cell(i, h)
		out = append(out, p)
	}
	return out
}

func (r *reader) readGroups() {
	t, ok := r.readTable(SheetGroups, groupsSchema.spec())
	if !ok {
		return
	}
	cols := t.headers(groupsSchema.isFamily)
	names := map[string]string{}
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		g := Group{Row: i + 1, Name: t.get(i, HeaderGroup)}
		if g.Name == "" {
			r.p.add(SheetGroups, t.cell(i, HeaderGroup), "name the group (e.g. the club)", "this group has no name")
		} else if first, dup := names[foldName(g.Name)]; dup {
			r.p.add(SheetGroups, t.cell(i, HeaderGroup), "give each group one row; add more Member columns if it needs them",
				"group %q is listed twice (first at %s)", g.Name, first)
		} else {
			names[foldName(g.Name)] = t.cell(i, HeaderGroup)
		}
		v := t.get(i, HeaderGroupValue)
		n, ok := parseWhole(v)
		if !ok {
			r.p.add(SheetGroups, t.cell(i, HeaderGroupValue), "a whole number charged for each pair of members on one board (negative keeps them together)",
				"conflict value must be a whole number, not %q", v)
		}
		g.Value = n
		g.Members = r.members(t, i, cols)
		r.t.Groups = append(r.t.Groups, g)
	}
}

func (r *reader) readTeams() {
	t, ok := r.readTable(SheetTeams, teamsSchema.spec())
	if !ok {
		return
	}
	cols := t.headers(teamsSchema.isFamily)
	size := r.t.Settings.TeamSize
	names := map[string]string{}
	teamOf := map[int]string{}
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		tm := Team{Row: i + 1, Name: t.get(i, HeaderTeam)}
		if tm.Name == "" {
			r.p.add(SheetTeams, t.cell(i, HeaderTeam), "name the team", "this team has no name")
		} else if first, dup := names[foldName(tm.Name)]; dup {
			r.p.add(SheetTeams, t.cell(i, HeaderTeam), "team names must differ", "team %q is listed twice (first at %s)", tm.Name, first)
		} else {
			names[foldName(tm.Name)] = t.cell(i, HeaderTeam)
		}
		tm.Members = r.members(t, i, cols)
		switch {
		case r.missing(SheetTournament): // the team size is unknown
		case size == 0:
			r.p.add(SheetTeams, t.cell(i, HeaderTeam), fmt.Sprintf("set %s on the Tournament sheet, or clear this row", SetTeamSize),
				"team %q is listed but the tournament has no team tournament", tm.Name)
		case len(tm.Members) > size:
			r.p.add(SheetTeams, t.cell(i, HeaderTeam), fmt.Sprintf("remove %d member(s) or raise %s", len(tm.Members)-size, SetTeamSize),
				"team %q has %d members; teams are of %d", tm.Name, len(tm.Members), size)
		}
		for _, h := range cols {
			if r.roster == nil {
				break
			}
			p, _ := r.roster.find(t.get(i, h))
			if p < 0 {
				continue
			}
			if first, dup := teamOf[p]; dup && first != t.cell(i, HeaderTeam) {
				r.p.add(SheetTeams, t.cell(i, h), "a player plays for one team only", "%q is already in the team at %s", r.t.Players[p].Name, first)
				continue
			}
			teamOf[p] = t.cell(i, HeaderTeam)
		}
		r.t.Teams = append(r.t.Teams, tm)
	}
}

func (r *reader) readSystems() {
	t, ok := r.readTable(SheetSystems, systemsSchema.spec())
	if !ok {
		return
	}
	names := map[string]string{}
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		s := System{Row: i + 1, Name: t.get(i, HeaderSystemName), Description: t.get(i, HeaderDescription)}
		if s.Name == "" {
			r.p.add(SheetSystems, t.cell(i, HeaderSystemName), "name the scoring system", "this scoring system has no name")
		} else if first, dup := names[s.Name]; dup {
			r.p.add(SheetSystems, t.cell(i, HeaderSystemName), "rename one of them (e.g. \"... 2026\")", "scoring system %q is listed twice (first at %s)", s.Name, first)
		} else {
			names[s.Name] = t.cell(i, HeaderSystemName)
		}
		v := t.get(i, HeaderCriterion)
		s.Criterion = criterionIndex(v)
		if s.Criterion < 0 {
			r.p.add(SheetSystems, t.cell(i, HeaderCriterion), "choose "+choiceList(ChoicesCriterion), "end-game criterion cannot be %q", v)
			s.Criterion = 0
		}
		yesNo := func(header string, onlyFor int) bool {
			v := t.get(i, header)
			if v == "" {
				return false
			}
			b, ok := parseYesNo(v)
			switch {
			case !ok:
				r.p.add(SheetSystems, t.cell(i, header), "choose Yes or No", "%s cannot be %q", strings.ToLower(header), v)
			case b && criterionIndex(t.get(i, HeaderCriterion)) >= 0 && !criterionAllows(s.Criterion, onlyFor):
				r.p.add(SheetSystems, t.cell(i, header), "set it to No, or change the end-game criterion",
					"%s applies only to %s systems", strings.ToLower(header), criterionNames(onlyFor))
			}
			return b
		}
		s.AllSurvivors = yesNo(HeaderAllSurvivors, criterionWinDraw)
		s.AverageTies = yesNo(HeaderAverageTies, criterionRanked)
		if v := t.get(i, HeaderFinalYear); v != "" && !strings.EqualFold(v, "none") {
			y, ok := parseWhole(v)
			if !ok || y < FirstFinalYear || y > LastGameYear {
				r.p.add(SheetSystems, t.cell(i, HeaderFinalYear), fmt.Sprintf("a year from %d to %d, or None", FirstFinalYear, LastGameYear),
					"final game-year cannot be %q", v)
			}
			s.FinalYear = y
		}
		for k, h := range FormulaHeaders {
			s.Formulas[k] = t.get(i, h)
			s.formulaCells[k] = t.cell(i, h)
		}
		r.t.Systems = append(r.t.Systems, s)
	}
}

// FormulaProblems locates the formula errors of compiling the system
// (scoring.Compile of its Definition) at their cells, each with the formula
// and a caret under the fault. Errors of the criterion and the final year
// are reported when the sheet is read.
func (s *System) FormulaProblems(err error) Problems {
	var out Problems
	for _, e := range leafErrors(err) {
		var fe *scoring.FormulaError
		if !errors.As(e, &fe) {
			continue
		}
		out = append(out, Problem{Sheet: SheetSystems, Cell: s.formulaCells[fe.Slot],
			Msg:  fmt.Sprintf("%s formula: %s", FormulaHeaders[fe.Slot], fe.Err.Msg+" at column "+strconv.Itoa(fe.Err.Col)),
			Hint: fe.Err.Hint, Detail: fe.Err.Caret()})
	}
	return out
}

// leafErrors flattens errors joined with errors.Join.
func leafErrors(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var out []error
		for _, e := range j.Unwrap() {
			out = append(out, leafErrors(e)...)
		}
		return out
	}
	return []error{err}
}

// Criterion families for the Systems sheet's checkboxes.
const (
	criterionWinDraw = iota // Win/Draw only
	criterionRanked         // Rank by SC count and Both
)

func criterionAllows(criterion, family int) bool {
	if family == criterionWinDraw {
		return criterion == 0
	}
	return criterion > 0
}

func criterionNames(family int) string {
	if family == criterionWinDraw {
		return strconv.Quote(ChoicesCriterion[0])
	}
	return strconv.Quote(ChoicesCriterion[1]) + " and " + strconv.Quote(ChoicesCriterion[2])
}

// system checks that a cell names a scoring system of the Systems sheet.
func (r *reader) system(sheet, cell, name string) {
	if name == "" || len(r.t.Systems) == 0 {
		return
	}
	if _, ok := r.t.SystemByName(name); ok {
		return
	}
	var names []string
	for _, s := range r.t.Systems {
		names = append(names, s.Name)
	}
	hint := "use a name from the Systems sheet, or add the system there"
	if best := closest(foldName(name), names); best != "" {
		hint = "did you mean " + strconv.Quote(best) + "?"
	}
	r.p.add(sheet, cell, hint, "unknown scoring system %q", name)
}

// checkSystemNames checks every reference to a scoring system once the
// Systems sheet has been read.
func (r *reader) checkSystemNames() {
	s := r.t.Settings
	if cell := s.SettingCell(SetSystem); cell != "" {
		r.system(SheetTournament, cell, s.System)
	}
}

// parsePreferences reads a power preference: the powers' first letters
// (A, E, F, G, I, R, T, in any case; spaces, commas and hyphens ignored),
// best first, each once.
func parsePreferences(v string) ([]int, error) {
	var out []int
	for _, c := range strings.ToUpper(v) {
		if strings.ContainsRune(" ,-/", c) {
			continue
		}
		q := slices.IndexFunc(ChoicesPower, func(name string) bool { return rune(name[0]) == c })
		switch {
		case q < 0:
			return nil, fmt.Errorf("%q is not a power's first letter (A, E, F, G, I, R, T)", c)
		case slices.Contains(out, q):
			return nil, fmt.Errorf("%s is listed twice", ChoicesPower[q])
		}
		out = append(out, q)
	}
	return out, nil
}

// checkMaxHeats reports each player who is to play (registered, or seated
// on a board) more heats than the Tournament sheet's Maximum heats per
// player, at the registration cell of the first heat over the cap.
func (r *reader) checkMaxHeats() {
	limit := r.t.Settings.MaxHeats
	if limit == 0 {
		return
	}
	seated := map[[2]int]bool{} // heat, player
	for i := range r.t.Heats {
		for p := range r.t.Heats[i].Seated() {
			seated[[2]int{r.t.Heats[i].Number, p}] = true
		}
	}
	for i, p := range r.t.Players {
		var heats []int
		for h := 1; h <= len(p.Registration); h++ {
			if p.Registration[h-1].Plays() || seated[[2]int{h, i}] {
				heats = append(heats, h)
			}
		}
		if len(heats) <= limit {
			continue
		}
		over := heats[limit]
		cell := ""
		if c, ok := r.t.playerCols[normalHeader(HeatSheet(over))]; ok {
			cell = cellName(c+1, p.Row)
		}
		r.p.add(SheetPlayers, cell, fmt.Sprintf("clear a registration, or raise %s on the Tournament sheet", SetMaxHeats),
			"%s is to play %d heats (%s), more than the maximum of %d", p.Name, len(heats), heatList(heats), limit)
	}
}

// heatList renders heat numbers: "1, 2, 4".
func heatList(hs []int) string {
	s := make([]string, len(hs))
	for i, h := range hs {
		s[i] = strconv.Itoa(h)
	}
	return strings.Join(s, ", ")
}
