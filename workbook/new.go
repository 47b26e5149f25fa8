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
	// From is an earlier tournament whose players, conflicts, groups and
	// scoring systems are carried over; nil for none.
	From *Book
}

// ErrExists reports that dtm new would overwrite a file.
var ErrExists = errors.New("file already exists")

// Create writes a new tournament workbook at path from the template. It
// never overwrites an existing file. It returns the tournament's scoring
// system as the Systems sheet names it (the name given may differ in case).
func Create(path string, opts NewOptions) (string, error) {
	if _, err := os.Stat(path); err == nil {
		return "", fmt.Errorf("%s: %w; dtm new never overwrites a workbook: choose another name", path, ErrExists)
	}
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		return "", fmt.Errorf("read the template: %w", err)
	}
	defer f.Close()
	system, err := fill(f, opts)
	if err != nil {
		return "", fmt.Errorf("new workbook: %w", err)
	}
	data, err := xlsx.Package(f)
	if err != nil {
		return "", fmt.Errorf("new workbook: %w", err)
	}
	if err := xlsx.WriteNewFile(path, data); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return "", fmt.Errorf("%s: %w; dtm new never overwrites a workbook: choose another name", path, ErrExists)
		}
		return "", fmt.Errorf("new workbook %s: %w", path, err)
	}
	return system, nil
}

// fill sets a template's settings, heats and carried-over data.
func fill(f *excelize.File, opts NewOptions) (string, error) {
	if opts.Heats < 1 || opts.Heats > MaxHeats {
		return "", fmt.Errorf("number of heats must be from 1 to %d, not %d", MaxHeats, opts.Heats)
	}
	b := &builder{f: f}
	var err error
	if b.st, err = newStyles(f); err != nil {
		return "", err
	}
	if opts.From != nil {
		if err := carry(b, opts.From.Tournament); err != nil {
			return "", err
		}
	}
	if opts.System == "" {
		opts.System = DefaultSystem
	}
	system, err := systemName(f, opts.System)
	if err != nil {
		return "", err
	}
	for label, v := range map[string]any{SetName: opts.Name, SetHeats: opts.Heats, SetSystem: system, SetRandomSeed: opts.Seed} {
		if err := setSetting(f, label, v); err != nil {
			return "", err
		}
	}
	for h := playersSchema.inTemplate + 1; h <= opts.Heats; h++ {
		b.familyHeader(SheetPlayers, playersSchema, h)
		b.heatRow(h)
		b.heatSheet(h)
	}
	f.SetActiveSheet(0)
	return system, b.err
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

// carry copies an earlier tournament's players, conflicts, groups and
// scoring systems into a new workbook. Systems the template already has by
// name are replaced by the earlier tournament's version.
func carry(b *builder, from *Tournament) error {
	f := b.f
	for i, p := range from.Players {
		b.row(playersSchema, i+2, playerCells(p))
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
	rows, err := xlsx.GetRows(f, SheetSystems)
	if err != nil {
		return err
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
	return b.err
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
