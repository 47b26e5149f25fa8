package workbook

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/armada-dtm/dtm/templates"
	"github.com/xuri/excelize/v2"
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
// never overwrites an existing file.
func Create(path string, opts NewOptions) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s: %w; dtm new never overwrites a workbook: choose another name", path, ErrExists)
	}
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		return fmt.Errorf("read the template: %w", err)
	}
	defer f.Close()
	if err := fill(f, opts); err != nil {
		return fmt.Errorf("new workbook: %w", err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return fmt.Errorf("new workbook: %w", err)
	}
	data, err := tidy(buf.Bytes())
	if err != nil {
		return fmt.Errorf("new workbook: %w", err)
	}
	if err := writeAtomicFrom(path, bytes.NewReader(data), false); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s: %w; dtm new never overwrites a workbook: choose another name", path, ErrExists)
		}
		return fmt.Errorf("new workbook %s: %w", path, err)
	}
	return nil
}

// fill sets a template's settings, heats and carried-over data.
func fill(f *excelize.File, opts NewOptions) error {
	if opts.Heats < 1 || opts.Heats > MaxHeats {
		return fmt.Errorf("number of heats must be from 1 to %d, not %d", MaxHeats, opts.Heats)
	}
	b := &builder{f: f}
	var err error
	if b.st, err = newStyles(f); err != nil {
		return err
	}
	if opts.From != nil {
		if err := carry(b, opts.From.Tournament); err != nil {
			return err
		}
	}
	system := opts.System
	if system == "" {
		system = DefaultSystem
	}
	if !hasSystem(f, system) {
		return fmt.Errorf("unknown scoring system %q: use a name from the Systems sheet", system)
	}
	for label, v := range map[string]any{SetName: opts.Name, SetHeats: opts.Heats, SetSystem: system, SetRandomSeed: opts.Seed} {
		if err := setSetting(f, label, v); err != nil {
			return err
		}
	}
	for h := 2; h <= opts.Heats; h++ {
		col := len(playerColumns) + h
		b.header(SheetPlayers, col, column{HeatSheet(h), 14, ChoicesRegistration, ""}, 500)
		b.heatRow(h)
		b.heatSheet(h)
	}
	f.SetActiveSheet(0)
	return b.err
}

// playerColumns is how many columns of the template's Players sheet come
// before the heat registration columns.
var playerColumns = []string{HeaderFirstName, HeaderLastName, HeaderEmail, HeaderCountry, HeaderPriority, HeaderDistance}

// setSetting writes a value next to a setting's label in the template.
func setSetting(f *excelize.File, label string, v any) error {
	for i, s := range templateSettings {
		if s.label == label {
			return f.SetCellValue(SheetTournament, cellName(2, i+2), v)
		}
	}
	return fmt.Errorf("no setting %q in the template", label)
}

// hasSystem reports whether the template's Systems sheet has a system.
func hasSystem(f *excelize.File, name string) bool {
	rows, _ := f.GetRows(SheetSystems)
	for _, r := range rows[1:] {
		if len(r) > 0 && r[0] == name {
			return true
		}
	}
	return false
}

// carry copies an earlier tournament's players, conflicts, groups and
// scoring systems into a new workbook. Systems the template already has by
// name are replaced by the earlier tournament's version.
func carry(b *builder, from *Tournament) error {
	f := b.f
	for i, p := range from.Players {
		row := []any{p.First, p.Last, p.Email, p.Country, blankZero(p.Priority), blankZero(p.Distance)}
		b.do(f.SetSheetRow(SheetPlayers, cellName(1, i+2), &row))
	}
	name := func(i int) string { return from.Players[i].Name }
	for i, c := range from.Conflicts {
		row := []any{name(c.A), name(c.B), c.Value, c.Note}
		b.do(f.SetSheetRow(SheetConflicts, cellName(1, i+2), &row))
	}
	for i, g := range from.Groups {
		row := []any{g.Name, g.Value}
		for _, m := range g.Members {
			row = append(row, name(m))
		}
		for k := templateGroupMembers + 1; k <= len(g.Members); k++ {
			b.header(SheetGroups, 2+k, column{MemberHeader(k), 20, nil, ""}, 100)
		}
		b.do(f.SetSheetRow(SheetGroups, cellName(1, i+2), &row))
	}
	rows, err := f.GetRows(SheetSystems)
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

// systemRow writes a scoring system into a row of the Systems sheet.
func (b *builder) systemRow(row int, s System) {
	cells := []any{s.Name, ChoicesCriterion[s.Criterion], yesNo(s.AllSurvivors), yesNo(s.AverageTies), finalYear(s.FinalYear)}
	for _, fm := range s.Formulas {
		cells = append(cells, fm)
	}
	cells = append(cells, s.Description)
	b.do(b.f.SetSheetRow(SheetSystems, cellName(1, row), &cells))
}

// blankZero leaves a cell empty for zero.
func blankZero(v float64) any {
	if v == 0 {
		return ""
	}
	return v
}
