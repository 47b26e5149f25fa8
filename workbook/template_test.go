package workbook

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/armada-dtm/dtm/templates"
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
	if *update {
		var buf bytes.Buffer
		if _, err := f.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		data, err := tidy(buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "templates", "tournament.xlsx"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	golden(t, "template.txt", got)
	if *update {
		return
	}
	embedded, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatalf("templates/tournament.xlsx: %v", err)
	}
	if e := dump(t, embedded); e != got {
		t.Errorf("templates/tournament.xlsx is out of date (run go test ./workbook -run TestTemplate -update):\n%s", firstDiff(got, e))
	}
}

// TestTemplateReadsClean checks that the template holds every sheet, column
// and setting the reader knows, with no problem and nothing ignored.
func TestTemplateReadsClean(t *testing.T) {
	f, err := excelize.OpenReader(bytes.NewReader(templates.Tournament))
	if err != nil {
		t.Fatal(err)
	}
	tour, problems, ignored := read(f)
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
	want := map[string][]string{
		SheetPlayers:    append(append([]string(nil), playerColumns...), HeatSheet(1)),
		SheetConflicts:  {HeaderPlayer, HeaderWithPlayer, HeaderConflict, HeaderNote},
		SheetGroups:     {HeaderGroup, HeaderGroupValue, MemberHeader(1)},
		SheetTeams:      {HeaderTeam, MemberHeader(7)},
		SheetHeats:      {HeaderHeat, HeaderHeatSystem, HeaderDate},
		SheetSystems:    append([]string{HeaderSystemName, HeaderCriterion, HeaderAllSurvivors, HeaderAverageTies, HeaderFinalYear, HeaderDescription}, FormulaHeaders[:]...),
		HeatSheet(1):    {HeaderBoard, HeaderStatus, HeaderGameSystem, HeaderPower, HeaderSeatPlayer, HeaderResult, HeaderYear, HeaderCentres, HeaderReplaced, HeaderReplacedIn, HeaderScore, HeaderScoreOverride, HeaderConflictTotal, HeaderConflictDetail, "1901", "1914"},
		SheetTournament: {HeaderSetting, HeaderValue, HeaderHelp},
	}
	for sheet, headers := range want {
		rows, err := f.GetRows(sheet)
		if err != nil || len(rows) == 0 {
			t.Fatalf("%s: no header row (%v)", sheet, err)
		}
		have := map[string]bool{}
		for _, h := range rows[0] {
			have[h] = true
		}
		for _, h := range headers {
			if !have[h] {
				t.Errorf("%s: template lacks column %q", sheet, h)
			}
		}
	}
	for _, label := range settingLabels {
		if tour.Settings.SettingCell(label) == "" {
			t.Errorf("template lacks setting %q", label)
		}
	}
}
