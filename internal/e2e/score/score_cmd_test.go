package score

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/xuri/excelize/v2"
)

// TestScoreSample scores the bundled tournament, compares every output tab
// with its golden dump, and scores again: nothing changes, nothing is
// written (no second backup), and the second run says so.
func TestScoreSample(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	code, out, errOut := clitest.Dtm(t, "score", path)
	if code != 0 {
		t.Fatalf("dtm score: exit %d\n%s%s", code, out, errOut)
	}
	// Maya Moreau: 56 (heat 1) + 110 (heat 2, Turkey's solo in 1911: 121 - 11) + 34 dropped = 166.
	if !strings.Contains(out, "1    Maya Moreau      56     110     34*    166") {
		t.Errorf("top of the standings:\n%s", out)
	}
	first := clitest.OutputDump(t, path)
	golden.Check(t, "testdata/score-armada-open.txt", first)
	written, _ := os.ReadFile(path)
	code, out, errOut = clitest.Dtm(t, "score", path)
	if code != 0 {
		t.Fatalf("second dtm score: %s", errOut)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, written) {
		t.Errorf("a second dtm score changed the workbook")
	}
	if want := "unchanged: " + path + " already holds these standings; nothing written\n"; !strings.HasSuffix(out, want) || strings.Contains(out, "wrote ") {
		t.Errorf("a second dtm score said\n%s\nwant it to end %q", out, want)
	}
	// The director's override (heat 3, board 3, Austria: computed 22 - 8 = 14, override 20) is kept.
	if !strings.Contains(first, "16: 3 | Austria | Quinn Quade | 14 | 20") {
		t.Errorf("override row lost or rescored:\n%s", first)
	}
	backups, _ := os.ReadDir(filepath.Join(filepath.Dir(path), "dtm-backups"))
	if len(backups) != 1 {
		t.Errorf("%d backups after two runs, want 1 (the second run writes nothing)", len(backups))
	}
}

// TestScoreAfterALibreOfficeEdit: a director types a note in a column of
// their own in LibreOffice and saves; the next dtm score writes its tabs
// again (LibreOffice rewrote them in its own way), and the one after finds
// nothing to write. Until the dimension element took one form, a sheet
// saved by LibreOffice took two runs to settle.
func TestScoreAfterALibreOfficeEdit(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	if code, _, errOut := clitest.Dtm(t, "score", path); code != 0 {
		t.Fatalf("dtm score: %s", errOut)
	}
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set", "sheet": "Players", "cell": "Z1", "value": "my note"}})
	for k, want := range []string{"wrote ", "unchanged: "} {
		code, out, errOut := clitest.Dtm(t, "score", path)
		if code != 0 {
			t.Fatalf("dtm score %d after the edit: %s", k+1, errOut)
		}
		if lines := strings.Split(strings.TrimSpace(out), "\n"); !strings.HasPrefix(lines[len(lines)-1], want) {
			t.Errorf("dtm score %d after the edit ends %q; want it to start %q", k+1, lines[len(lines)-1], want)
		}
	}
}

func TestScoreDryRunWritesNothing(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	before, _ := os.ReadFile(path)
	if code, _, errOut := clitest.Dtm(t, "score", "--dry-run", path); code != 0 {
		t.Fatal(errOut)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("--dry-run changed the workbook")
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Errorf("--dry-run left %d entries", len(entries))
	}
}

func TestScoreRefuses(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "mistakes.xlsx")
	twentyMistakes(t, path)
	before, _ := os.ReadFile(path)
	if code, out, _ := clitest.Dtm(t, "score", path); code != 1 || !strings.Contains(out, "Tournament!B6") {
		t.Errorf("a workbook with problems: exit %d\n%s", code, out)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("dtm score changed a workbook with problems")
	}
	locked := fixture.Copy(t, clitest.SamplePath)
	lock := filepath.Join(filepath.Dir(locked), ".~lock."+filepath.Base(locked)+"#")
	if err := os.WriteFile(lock, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	before, _ = os.ReadFile(locked)
	code, _, errOut := clitest.Dtm(t, "score", locked)
	if code != 1 || !strings.Contains(errOut, "open in a spreadsheet program") || !strings.Contains(errOut, "--force") {
		t.Errorf("a locked workbook: exit %d, %s", code, errOut)
	}
	if after, _ := os.ReadFile(locked); !bytes.Equal(before, after) {
		t.Error("dtm score changed a workbook open in LibreOffice")
	}
	if code, _, errOut := clitest.Dtm(t, "score", "--force", locked); code != 0 {
		t.Errorf("--force: %s", errOut)
	}
}

func TestScoreJSON(t *testing.T) {
	t.Parallel()
	code, out, errOut := clitest.Dtm(t, "score", "--dry-run", "--json", clitest.SamplePath)
	if code != 0 {
		t.Fatal(errOut)
	}
	var r struct {
		Tournament string
		Method     string
		Heats      int
		Players    []struct {
			Rank      int
			Name      string
			Total     float64
			Played    int
			Qualified bool
			TieBreak  string `json:"tie_break"`
			Heats     []struct {
				Heat    int
				Played  bool
				Score   float64
				Counted bool
				Factor  float64
				Board   int
				Power   string
			}
		}
		Teams []struct {
			Rank    int
			Name    string
			Total   float64
			Members []string
			Games   []struct {
				Player      string
				Heat, Board int
				Score       float64
			}
		}
		Awards []struct {
			Award   string
			Winners []string
			Value   *float64
			Detail  string
		}
	}
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		t.Fatalf("not the documented JSON: %v", err)
	}
	if r.Tournament != "ARMADA Open 2026" || r.Heats != 3 || len(r.Players) != 28 || len(r.Teams) != 4 || len(r.Awards) < 15 {
		t.Errorf("report: %s, %d heats, %d players, %d teams, %d awards", r.Tournament, r.Heats, len(r.Players), len(r.Teams), len(r.Awards))
	}
	p := r.Players[0]
	if p.Name != "Maya Moreau" || p.Total != 166 || p.Heats[2].Counted || p.Heats[2].Factor != 0 || !p.Heats[1].Counted || p.Heats[1].Power != "Turkey" {
		t.Errorf("leader: %+v", p)
	}
	if a := r.Awards[0]; a.Award != "1st place" || len(a.Winners) != 1 || a.Winners[0] != "Maya Moreau" || *a.Value != 166 {
		t.Errorf("1st place: %+v", a)
	}
}

// TestScoreLibreOffice checks that LibreOffice opens the scored workbook and
// shows the same standings.
func TestScoreLibreOffice(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	if code, _, errOut := clitest.Dtm(t, "score", path); code != 0 {
		t.Fatal(errOut)
	}
	lo := lotest.CSV(t, path, "Standings")
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, _ := f.GetRows("Standings")
	if len(lo) != len(rows) {
		t.Fatalf("LibreOffice shows %d rows, dtm wrote %d", len(lo), len(rows))
	}
	for i := range rows {
		n := min(len(rows[i]), len(lo[i]))
		if !reflect.DeepEqual(lo[i][:n], rows[i][:n]) {
			t.Errorf("row %d: LibreOffice %q, dtm %q", i+1, lo[i], rows[i])
		}
	}
}

// TestAwardsTieSharesThePlace scores the bundled tournament, where two
// players tie for 3rd and three for 6th (issue 23): a tie shares its place
// and skips the places it covers, as the ranks do (3, 3, 5, 6, 6, 6, 9), so
// "4th place" and "7th place" have no winner instead of the pair and trio
// again.
func TestAwardsTieSharesThePlace(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	clitest.RunOK(t, "score", path)
	want := map[string][]string{
		"3rd place": {"Ines Irving and Jonas Jensen", "110", "total 110, tied for 3rd place"},
		"4th place": {"(none: tied above)", "", "none: 2 players tied for 3rd place"},
		"6th place": {"Farid Fischer and Yusuf Young and Bea Bloom", "101", "total 101, tied for 6th place"},
		"7th place": {"(none: tied above)", "", "none: 3 players tied for 6th place"},
	}
	for _, row := range clitest.SheetRows(t, path, "Awards") {
		w, ok := want[row[0]]
		if !ok {
			continue
		}
		delete(want, row[0])
		if got := append(row[1:], "", "", "")[:3]; !slices.Equal(got, w) {
			t.Errorf("Awards: %s: %q, want %q", row[0], got, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("Awards lacks %v", want)
	}
}

// TestScoreDiff: dtm score --diff says what moved since the Standings tab was written: nothing on a second run,
// a raised score (with --dry-run, which writes nothing) moving its player up, and a first score.
func TestScoreDiff(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, filepath.Join("samples", "armada-open.xlsx"))
	if code, out, errOut := clitest.Dtm(t, "score", "--diff", path); code != 0 || !strings.Contains(out, "since the last score: nothing moved") {
		t.Fatalf("second score: exit %d\n%s%s", code, out, errOut)
	}
	f := clitest.OpenXLSX(t, path)
	head, err := f.GetRows("Heat 1")
	if err != nil {
		t.Fatal(err)
	}
	override, player := -1, -1
	for c, h := range head[0] {
		switch h {
		case "Score override":
			override = c
		case "Player":
			player = c
		}
	}
	f.Close()
	if override < 0 || player < 0 {
		t.Fatalf("Heat 1 has no Score override or Player column: %q", head[0])
	}
	name := head[1][player]
	cell, _ := excelize.CoordinatesToCellName(override+1, 2)
	clitest.SetCells(t, path, map[string]any{"Heat 1!" + cell: 500})
	before, _ := os.ReadFile(path)
	code, out, errOut := clitest.Dtm(t, "score", "--diff", "--dry-run", path)
	want := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(name) + ` +up +rank \d+ -> 1 +total -?[\d.]+ -> [\d.]+$`)
	if code != 0 || !strings.Contains(out, "player(s) moved") || !want.MatchString(out) || !strings.Contains(out, " down ") {
		t.Errorf("after an override of %s's score: exit %d\n%s%s", name, code, out, errOut)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("score --diff --dry-run wrote the workbook")
	}
	fresh := filepath.Join(t.TempDir(), "fresh.xlsx")
	if code, _, errOut := clitest.Dtm(t, "new", fresh); code != 0 {
		t.Fatal(errOut)
	}
	if code, out, errOut := clitest.Dtm(t, "score", "--diff", fresh); code != 0 || !strings.Contains(out, "held no standings; all are new") {
		t.Errorf("first score: exit %d\n%s%s", code, out, errOut)
	}
}
