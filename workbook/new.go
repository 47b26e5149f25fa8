package workbook

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/templates"
	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// NewOptions describes a new tournament.
type NewOptions struct {
	Name   string // tournament name
	Heats  int    // number of heats, 1..MaxHeats
	System string // the tournament's scoring system; empty for DefaultSystem
	Seed   int64  // random seed for seating
	// From is an earlier tournament whose players, conflicts, groups,
	// scoring systems, Tournament settings (those of carriedSetting) and
	// Clock are carried over; nil for none.
	From *Book
	// Roster, when set, gives the new workbook's players with their
	// registrations, conflicts, groups and teams (dtm simulate --workbook
	// generates them); not with From.
	Roster *Tournament
	// Settings are further Tournament settings by label ("Team
	// tournament": "Teams of 3"); nil for none.
	Settings map[string]any
}

// Created is the workbook dtm new made.
type Created struct {
	// System is the tournament's scoring system as the Systems sheet names
	// it (the name given may differ in case).
	System string
	// Reset are the earlier tournament's settings and Clock rows that do not
	// fit the new one (a minimum of 4 heats in a tournament of 3), each
	// saying what the new workbook has instead.
	Reset []string
}

// carriedSetting reports whether dtm new --from carries a Tournament
// setting: every one but those of the event itself, given afresh (its name,
// description and number of heats, and the random seed of its seatings);
// the scoring system is carried unless one is given.
func carriedSetting(label string) bool {
	switch label {
	case SetName, SetDescription, SetHeats, SetRandomSeed, SetSystem:
		return false
	}
	return true
}

// ErrExists reports that dtm new would overwrite a file.
var ErrExists = errors.New("file already exists")

// Create writes a new tournament workbook at path from the template. It
// never overwrites an existing file.
func Create(path string, opts NewOptions) (Created, error) {
	if _, err := os.Stat(path); err == nil {
		return Created{}, fmt.Errorf("%s: %w; dtm new never overwrites a workbook: choose another name", path, ErrExists)
	}
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		return Created{}, fmt.Errorf("read the template: %w", err)
	}
	defer f.Close()
	created, err := fill(f, opts)
	if err != nil {
		return Created{}, fmt.Errorf("new workbook: %w", err)
	}
	data, err := xlsx.Package(f, xlsx.Properties{Title: opts.Name, Application: application(), Modified: time.Now()})
	if err != nil {
		return Created{}, fmt.Errorf("new workbook: %w", err)
	}
	if err := xlsx.WriteNewFile(path, data); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return Created{}, fmt.Errorf("%s: %w; dtm new never overwrites a workbook: choose another name", path, ErrExists)
		}
		return Created{}, fmt.Errorf("new workbook %s: %w", path, err)
	}
	return created, nil
}

// fill sets a template's settings, heats and carried-over data.
func fill(f *excelize.File, opts NewOptions) (Created, error) {
	if opts.Heats < 1 || opts.Heats > MaxHeats {
		return Created{}, fmt.Errorf("number of heats must be from 1 to %d, not %d", MaxHeats, opts.Heats)
	}
	b := &builder{f: f}
	var err error
	if b.st, err = newStyles(f); err != nil {
		return Created{}, err
	}
	var carried carriedRows
	if opts.From != nil {
		if carried, err = carry(b, opts.From); err != nil {
			return Created{}, err
		}
		if opts.System == "" {
			opts.System = opts.From.Tournament.Settings.System
		}
	}
	if opts.System == "" {
		opts.System = DefaultSystem
	}
	system, err := systemName(f, opts.System)
	if err != nil {
		return Created{}, err
	}
	settings := map[string]any{SetName: opts.Name, SetHeats: opts.Heats, SetSystem: system, SetRandomSeed: opts.Seed}
	for label, v := range opts.Settings {
		settings[label] = v
	}
	for label, v := range settings {
		if err := setSetting(f, label, v); err != nil {
			return Created{}, err
		}
	}
	for h := playersSchema.inTemplate + 1; h <= opts.Heats; h++ {
		b.familyHeader(SheetPlayers, playersSchema, h)
		b.heatRow(h)
		b.heatSheet(h)
	}
	if opts.Roster != nil {
		b.roster(opts.Roster, true)
	}
	f.SetActiveSheet(0)
	if b.err != nil {
		return Created{}, b.err
	}
	reset, err := carried.fit(b)
	return Created{System: system, Reset: reset}, err
}

// setSetting writes a value next to a setting's label in the template.
func setSetting(f *excelize.File, label string, v any) error {
	for i, s := range tournamentSettings {
		if s.label == label {
			return xlsx.SetCellValue(f, SheetTournament, cellName(2, i+2), v)
		}
	}
	return fmt.Errorf("no setting %q in the template", label)
}

// systemName finds a scoring system of the Systems sheet by name: exactly,
// else ignoring case and spacing; an unknown name gets a did-you-mean.
func systemName(f *excelize.File, name string) (string, error) {
	rows, _ := xlsx.GetRows(f, SheetSystems)
	var names []string
	for _, r := range rows[1:] {
		if len(r) > 0 && r[0] != "" {
			names = append(names, r[0])
		}
	}
	if slices.Contains(names, name) {
		return name, nil
	}
	for _, n := range names {
		if normalHeader(n) == normalHeader(name) {
			return n, nil
		}
	}
	hint := "use a name from a new workbook's Systems sheet (docs/systems.md lists them)"
	var starting []string
	for _, n := range names {
		if strings.HasPrefix(foldName(n), foldName(name)) {
			starting = append(starting, strconv.Quote(n))
		}
	}
	switch best := closest(foldName(name), names); {
	case best != "":
		hint = fmt.Sprintf("did you mean %q?", best)
	case len(starting) == 1:
		hint = fmt.Sprintf("did you mean %s?", starting[0])
	case len(starting) > 1:
		hint = fmt.Sprintf("did you mean one of %s?", strings.Join(starting, ", "))
	}
	return "", fmt.Errorf("unknown scoring system %q; %s", name, hint)
}

// carriedRows are the rows of a new workbook's Tournament and Clock sheets
// that dtm new --from filled from the earlier tournament.
type carriedRows struct {
	settings map[int]bool // Tournament sheet rows
	clock    int          // the Clock sheet's rows 2 .. clock+1; 0 when the template's are kept
}

// carry copies an earlier tournament's players, conflicts, groups, scoring
// systems, settings and Clock into a new workbook. Systems the template
// already has by name are replaced by the earlier tournament's version.
func carry(b *builder, earlier *Book) (carriedRows, error) {
	from := earlier.Tournament
	carried, err := carrySheets(b, earlier)
	if err != nil {
		return carried, err
	}
	b.roster(from, false)
	rows, err := xlsx.GetRows(b.f, SheetSystems)
	if err != nil {
		return carried, err
	}
	at := map[string]int{}
	for i, r := range rows[1:] {
		if len(r) > 0 {
			at[r[0]] = i + 2
		}
	}
	next := len(rows) + 1
	for _, s := range from.Systems {
		row, ok := at[s.Name]
		if !ok {
			row, next = next, next+1
		}
		b.systemRow(row, s)
	}
	return carried, b.err
}

// roster writes a tournament's players, conflicts and groups into a new
// workbook; with entries, also each player's registrations and the teams,
// which dtm new --from leaves out (a new event's own).
func (b *builder) roster(from *Tournament, entries bool) {
	for i, p := range from.Players {
		cells := playerCells(p)
		for h, r := range p.Registration {
			if entries && r != NotRegistered {
				cells[HeatSheet(h+1)] = ChoicesRegistration[r-1]
			}
		}
		b.row(playersSchema, i+2, cells)
	}
	name := func(i int) string { return from.Players[i].Name }
	for i, c := range from.Conflicts {
		b.row(conflictsSchema, i+2, conflictCells(c, name))
	}
	members := groupsSchema.inTemplate
	for _, g := range from.Groups {
		members = max(members, len(g.Members))
	}
	for k := groupsSchema.inTemplate + 1; k <= members; k++ {
		b.familyHeader(SheetGroups, groupsSchema, k)
	}
	for i, g := range from.Groups {
		b.row(groupsSchema, i+2, groupCells(g, name))
	}
	if !entries {
		return
	}
	for i, t := range from.Teams {
		cells := map[string]any{HeaderTeam: t.Name}
		for k, m := range t.Members {
			cells[MemberHeader(k+1)] = name(m)
		}
		b.row(teamsSchema, i+2, cells)
	}
}

// carrySheets copies the earlier tournament's settings (those of
// carriedSetting) and its Clock sheet's rows, as typed, into a new
// workbook, whose Clock rows they replace. A workbook without a Clock
// keeps the template's.
func carrySheets(b *builder, earlier *Book) (carriedRows, error) {
	carried := carriedRows{settings: map[int]bool{}}
	if earlier.f == nil { // not read from a file: nothing typed to carry
		return carried, nil
	}
	values, err := settingValues(earlier)
	if err != nil {
		return carried, err
	}
	for i, d := range tournamentSettings {
		v, ok := values[normalHeader(d.label)]
		if !ok || !carriedSetting(d.label) {
			continue
		}
		b.do(xlsx.SetCellValue(b.f, SheetTournament, cellName(2, i+2), cellValue(v)))
		carried.settings[i+2] = true
	}
	if !slices.Contains(earlier.f.GetSheetList(), SheetClock) {
		return carried, b.err
	}
	rows, err := xlsx.GetRows(earlier.f, SheetClock, excelize.Options{RawCellValue: true})
	if err != nil {
		return carried, err
	}
	old, err := xlsx.GetRows(b.f, SheetClock)
	if err != nil {
		return carried, err
	}
	for r := 2; r <= len(old); r++ { // the template's rows
		b.clearRow(clockSchema, r, clockHeaders)
	}
	col := map[string]int{}
	if len(rows) > 0 {
		for c, h := range rows[0] {
			col[normalHeader(h)] = c
		}
	}
	for _, c := range earlier.Tournament.Clock {
		cells := map[string]any{}
		for _, h := range clockHeaders {
			if k, ok := col[normalHeader(h)]; ok && c.Row-1 < len(rows) && k < len(rows[c.Row-1]) {
				cells[h] = cellValue(rows[c.Row-1][k])
			}
		}
		carried.clock++
		b.row(clockSchema, carried.clock+1, cells)
	}
	return carried, b.err
}

// playerCells are the cells of a player's row, keyed by header; dtm new
// --from carries them (not the registrations).
func playerCells(p Player) map[string]any {
	return map[string]any{HeaderFirstName: p.First, HeaderLastName: p.Last, HeaderEmail: p.Email, HeaderCountry: p.Country,
		HeaderPriority: blankZero(p.Priority), HeaderDistance: blankZero(p.Distance), HeaderNationality: p.Nationality,
		HeaderWDDID: blankZero(float64(p.WDDID)), HeaderWDRID: blankZero(float64(p.WDRID))}
}

// conflictCells are the cells of a conflict's row, keyed by header.
func conflictCells(c Conflict, name func(int) string) map[string]any {
	return map[string]any{HeaderPlayer: name(c.A), HeaderWithPlayer: name(c.B), HeaderConflict: c.Value, HeaderNote: c.Note}
}

// groupCells are the cells of a group's row, keyed by header.
func groupCells(g Group, name func(int) string) map[string]any {
	cells := map[string]any{HeaderGroup: g.Name, HeaderGroupValue: g.Value}
	for k, m := range g.Members {
		cells[MemberHeader(k+1)] = name(m)
	}
	return cells
}

// systemCells are the cells of a scoring system's row, keyed by header.
func systemCells(s System) map[string]any {
	cells := map[string]any{HeaderSystemName: s.Name, HeaderCriterion: ChoicesCriterion[s.Criterion],
		HeaderAllSurvivors: yesNo(s.AllSurvivors), HeaderAverageTies: yesNo(s.AverageTies), HeaderFinalYear: finalYear(s.FinalYear),
		HeaderDescription: s.Description}
	for k, fm := range s.Formulas {
		cells[FormulaHeaders[k]] = fm
	}
	return cells
}

// systemRow writes a scoring system into a row of the Systems sheet.
func (b *builder) systemRow(row int, s System) { b.row(systemsSchema, row, systemCells(s)) }

// row writes cells keyed by header into a row of a sheet laid out by its
// schema, as a new workbook's sheets are.
func (b *builder) row(s schema, row int, cells map[string]any) {
	type at struct {
		col int
		v   any
	}
	var out []at
	for h, v := range cells {
		col, ok := s.position(h)
		if !ok {
			b.do(fmt.Errorf("%s: no column %q", s.sheet, h))
			continue
		}
		out = append(out, at{col, v})
	}
	slices.SortFunc(out, func(x, y at) int { return cmp.Compare(x.col, y.col) })
	for _, c := range out {
		b.do(xlsx.SetCellValue(b.f, s.sheet, cellName(c.col, row), c.v))
	}
}

// blankZero leaves a cell empty for zero.
func blankZero(v float64) any {
	if v == 0 {
		return ""
	}
	return v
}

// clockHeaders are the Clock sheet's columns.
var clockHeaders = []string{HeaderPhase, HeaderFromYear, HeaderMinutes, HeaderClockHeat, HeaderClockNote}

// clearRow empties a row's cells under headers.
func (b *builder) clearRow(s schema, row int, headers []string) {
	cells := map[string]any{}
	for _, h := range headers {
		cells[h] = ""
	}
	b.row(s, row, cells)
}

// settingValues returns the Value cells of a workbook's Tournament sheet as
// typed, by normalised label.
func settingValues(earlier *Book) (map[string]string, error) {
	rows, err := xlsx.GetRows(earlier.f, SheetTournament, excelize.Options{RawCellValue: true})
	if err != nil || len(rows) == 0 {
		return nil, err
	}
	label, value := -1, -1
	for c, h := range rows[0] {
		switch normalHeader(h) {
		case normalHeader(HeaderSetting):
			label = c
		case normalHeader(HeaderValue):
			value = c
		}
	}
	out := map[string]string{}
	for _, r := range rows[1:] {
		if label >= 0 && value >= 0 && label < len(r) {
			v := ""
			if value < len(r) {
				v = r[value]
			}
			out[normalHeader(r[label])] = v
		}
	}
	return out, nil
}

// cellValue is a value as typed, a number written as a number.
func cellValue(v string) any {
	if n, ok := parseNumber(v); ok {
		return n
	}
	return v
}

// fit resets the carried settings and Clock rows a new workbook cannot
// read as they are (a minimum of 4 heats in a tournament of 3, a break of
// its heat 4): a setting to a new workbook's value, a Clock row left out.
// It returns what it reset, each with the reason.
func (c carriedRows) fit(b *builder) ([]string, error) {
	if len(c.settings) == 0 && c.clock == 0 {
		return nil, b.err // nothing carried: the template's rows fit
	}
	var reset []string
	for range 3 { // a reset setting may make another fit, never unfit
		_, problems, _ := read(b.f, "")
		changed := false
		for _, p := range problems {
			row, _ := xlsx.CellOrder(p.Cell)
			switch {
			case p.Sheet == SheetTournament && c.settings[row]:
				d := tournamentSettings[row-2]
				b.do(xlsx.SetCellValue(b.f, SheetTournament, cellName(2, row), d.value))
				now := fmt.Sprintf("the new workbook has %v", d.value)
				if d.value == "" {
					now = "the new workbook leaves it empty"
				}
				reset = append(reset, fmt.Sprintf("%s!%s: %s; %s", p.Sheet, p.Cell, p.Msg, now))
				delete(c.settings, row)
			case p.Sheet == SheetClock && row >= 2 && row <= c.clock+1:
				b.clearRow(clockSchema, row, clockHeaders)
				reset = append(reset, fmt.Sprintf("%s!%s: %s; the new workbook leaves the row out", p.Sheet, p.Cell, p.Msg))
			default:
				continue
			}
			changed = true
		}
		if !changed {
			break
		}
	}
	return reset, b.err
}
