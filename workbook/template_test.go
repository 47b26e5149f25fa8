package workbook

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/templates"
	"github.com/armada-dtm/dtm/workbook/xlsx"
	"github.com/xuri/excelize/v2"
)

// TestTemplate checks the template against its golden dump and checks that
// the embedded templates/tournament.xlsx is what the layout builds.
func TestTemplate(t *testing.T) {
	f, err := Template(BuiltInSystems())
	if err != nil {
		t.Fatal(err)
	}
	got := dump(t, f)
	if golden.Update() {
		data, err := xlsx.Package(f, xlsx.Properties{})
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "templates", "tournament.xlsx"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden.Check(t, "testdata/template.txt", got)
	if golden.Update() {
		return
	}
	embedded, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatalf("templates/tournament.xlsx: %v", err)
	}
	if e := dump(t, embedded); e != got {
		t.Errorf("templates/tournament.xlsx is out of date (run go test ./workbook -run TestTemplate -update):\n%s", golden.Diff(got, e))
	}
}

// TestTemplateReadsClean checks that the template, once dtm new has added
// a sheet per heat, holds every sheet, column and setting the reader knows,
// with no problem and nothing ignored.
func TestTemplateReadsClean(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fill(f, NewOptions{Name: "Template", Heats: 4}); err != nil {
		t.Fatal(err)
	}
	tour, problems, ignored := read(f, "")
	if len(problems) > 0 {
		t.Errorf("template has problems:\n%v", problems)
	}
	if len(ignored) > 0 {
		t.Errorf("template has columns the reader ignores:\n%v", ignored)
	}
	if len(tour.Systems) < 26 {
		t.Errorf("template has %d scoring systems, want the built-in ones", len(tour.Systems))
	}
	if _, ok := tour.SystemByName(DefaultSystem); !ok {
		t.Errorf("template lacks the default system %q", DefaultSystem)
	}
	for _, sheet := range []string{SheetAbout, SheetTournament, SheetPlayers, SheetConflicts, SheetGroups, SheetTeams, SheetHeats, SheetSystems, HeatSheet(1)} {
		if idx, _ := f.GetSheetIndex(sheet); idx < 0 {
			t.Errorf("template lacks sheet %q", sheet)
		}
	}
	for _, s := range tournamentSettings {
		if tour.Settings.SettingCell(s.label) == "" {
			t.Errorf("template lacks setting %q", s.label)
		}
	}
}

// TestTemplateHeaders checks that each sheet of the template has exactly its
// schema's headers, in order: the layout the reader and dtm new --from rely
// on.
func TestTemplateHeaders(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []schema{tournamentSchema, playersSchema, conflictsSchema, groupsSchema, teamsSchema, heatsSchema, systemsSchema, heatSheetSchema} {
		sheet := s.sheet
		if sheet == "" {
			sheet = HeatSheet(1)
		}
		rows, err := f.GetRows(sheet)
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: no header row (%v)", sheet, err)
		}
		if want := s.headers(s.inTemplate); !slices.Equal(rows[0], want) {
			t.Errorf("%s: headers\n%q\nwant the schema's\n%q", sheet, rows[0], want)
		}
		for i, c := range s.columns {
			if w, _ := f.GetColWidth(sheet, columnName(i+1)); w != c.width {
				t.Errorf("%s: column %q is %g wide, the schema says %g", sheet, c.header, w, c.width)
			}
		}
	}
}

// TestTieBreakVocabulary walks scoring's table of tie-break rules: every
// rule is in the template's help for the Tie-breaks setting and in the
// fix dtm check offers, and every preset is in the setting's dropdown and
// reads as a chain.
func TestTieBreakVocabulary(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	row := strconv.Itoa(settingRowOf(t, SetTieBreaks))
	help, err := f.GetCellValue(SheetTournament, "C"+row)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range scoring.TieBreakNames() {
		if !strings.Contains(help, name) {
			t.Errorf("the Tie-breaks help lacks %q: %s", name, help)
		}
		if !strings.Contains(tieBreakHint, name) {
			t.Errorf("the Tie-breaks hint lacks %q: %s", name, tieBreakHint)
		}
	}
	dvs, err := f.GetDataValidations(SheetTournament)
	if err != nil {
		t.Fatal(err)
	}
	var list string
	for _, dv := range dvs {
		if dv.Sqref == "B"+row {
			list = dv.Formula1
		}
	}
	for _, p := range append([]string{"None"}, scoring.TieBreakPresets()...) {
		if !strings.Contains(help, p) || !strings.Contains(list, p) {
			t.Errorf("%q: not in the help or the dropdown (%s)", p, list)
		}
		if chain, err := scoring.ParseTieBreaks(p); err != nil || (p != "None") != (len(chain) > 0) {
			t.Errorf("%q reads as %v, %v", p, chain, err)
		}
	}
}

// TestTemplateHelpHeights checks that each setting's row in the template is
// as high as its help takes wrapped: a row one line high lets a longer help
// overlap the rows below it on screen and on paper. The label and the value
// stand at the top of the row, level with the help's first line, not at
// its foot.
func TestTemplateHelpHeights(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	help, _ := tournamentSchema.position(HeaderHelp)
	perLine := helpChars(tournamentSchema.columns[help-1].width)
	tall := 0
	for i, s := range tournamentSettings {
		n := wrappedLines(s.help, perLine)
		got, err := f.GetRowHeight(SheetTournament, i+2)
		if err != nil {
			t.Fatal(err)
		}
		if want := linesHeight(n); n > 1 && got < want {
			t.Errorf("Tournament row %d (%s): %g points high, its help takes %d lines (%g points)", i+2, s.label, got, n, want)
		}
		if n > 1 {
			tall++
		}
		for col := 1; col <= 2; col++ {
			cell := cellName(col, i+2)
			id, err := f.GetCellStyle(SheetTournament, cell)
			if err != nil {
				t.Fatal(err)
			}
			st, err := f.GetStyle(id)
			if err != nil {
				t.Fatal(err)
			}
			if st.Alignment == nil || st.Alignment.Vertical != "top" {
				t.Errorf("Tournament!%s (%s) is not at the top of its row", cell, s.label)
			}
		}
	}
	if tall == 0 {
		t.Error("no setting's help takes more than a line: the test checks nothing")
	}
}
