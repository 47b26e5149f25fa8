package director

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/xuri/excelize/v2"
)

// TestBoardConfirmation: where a board's result stands from its
// submissions (each player's latest counting), and the director's Finished
// above them all.
func TestBoardConfirmation(t *testing.T) {
	t.Parallel()
	solo := workbook.BoardResult{Status: workbook.Finished}
	solo.Seats[2] = workbook.SeatResult{Result: workbook.Win, Year: 1909, Centres: 18}
	draw := workbook.BoardResult{Status: workbook.Finished}
	draw.Seats[2] = workbook.SeatResult{Result: workbook.Win, Year: 1909, Centres: 17}
	sub := func(by int, r workbook.BoardResult) submitted { return submitted{By: by, Result: r} }
	for _, c := range []struct {
		name     string
		subs     []submitted
		finished bool
		want     Report
		agreed   int // the player whose submission is agreed; -1 for none
		differ   [2]int
	}{
		{"none", nil, false, NotReported, -1, [2]int{}},
		{"one", []submitted{sub(1, solo)}, false, Awaiting, 1, [2]int{}},
		{"one player twice", []submitted{sub(1, solo), sub(1, solo)}, false, Awaiting, 1, [2]int{}},
		{"two agree", []submitted{sub(1, solo), sub(2, solo)}, false, Final, 1, [2]int{}},
		{"two differ", []submitted{sub(1, solo), sub(2, draw)}, false, Contested, -1, [2]int{1, 2}},
		// A third submission agreeing with one side settles nothing: dtm
		// takes no majority.
		{"a third agrees with one side", []submitted{sub(1, solo), sub(2, draw), sub(3, solo)}, false, Contested, -1, [2]int{1, 2}},
		{"a third differs from two that agreed", []submitted{sub(1, solo), sub(2, solo), sub(3, draw)}, false, Contested, -1, [2]int{1, 3}},
		// A player who submits again replaces their own submission.
		{"the wrong side submits again", []submitted{sub(1, solo), sub(2, draw), sub(2, solo)}, false, Final, 1, [2]int{}},
		{"a player changes their mind", []submitted{sub(1, solo), sub(1, draw)}, false, Awaiting, 1, [2]int{}},
		{"the director's Finished over a contest", []submitted{sub(1, solo), sub(2, draw)}, true, Final, -1, [2]int{}},
		{"the director's Finished, nothing submitted", nil, true, Final, -1, [2]int{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			state, agreed, differ := boardConfirmation(c.subs, c.finished)
			if state != c.want {
				t.Errorf("state %s, want %s", state, c.want)
			}
			switch {
			case c.agreed < 0 && agreed != nil, c.agreed >= 0 && (agreed == nil || agreed.By != c.agreed):
				t.Errorf("agreed %+v, want player %d's", agreed, c.agreed)
			}
			for i, d := range differ {
				if (d == nil) != (c.differ[i] == 0) || (d != nil && d.By != c.differ[i]) {
					t.Errorf("differ[%d] %+v, want player %d's", i, d, c.differ[i])
				}
			}
		})
	}
}

// confirmFixture is importFixture with Two-party confirmation set to Yes.
func confirmFixture(t *testing.T) string {
	t.Helper()
	path, f := gamesFixture(t)
	fixture.SetSetting(t, f, workbook.SetConfirmation, "Yes")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestImportConfirmation imports players' submissions of heat 1's board 2
// (Hal, Ida, Jon ... Nia Test) under two-party confirmation, file after
// file: one is awaiting, a rerun changes nothing, a second player's other
// result contests it (both lines quoted), a third agreeing with the first
// leaves it contested, the second player's correction confirms it and it is
// written; lines from a player not on the board, an unknown player, or no
// submitter are refused at their lines, nothing written.
func TestImportConfirmation(t *testing.T) {
	t.Parallel()
	path := confirmFixture(t)
	dir := t.TempDir()
	const header = "Submitted by,Code,Result,Final year,aus,eng,fra,ger,ita,rus,tur,aus year,rus year\n"
	const solo = "H1-B2-R,France,1909,0,4,18,3,2,0,7,1906,1908"
	const draw = "H1-B2-R,draw,1909,1,4,17,3,2,0,7,,1908"
	imp := func(file, lines string) (*ImportResult, string, error) {
		t.Helper()
		csv := filepath.Join(dir, file)
		if err := os.WriteFile(csv, []byte(header+lines), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := Import(ImportRequest{CSV: csv, Path: path})
		var out bytes.Buffer
		var ps *ProblemsError
		switch {
		case errors.As(err, &ps):
			ps.WriteText(&out, false)
		case err != nil:
			t.Fatalf("%s: %v", file, err)
		default:
			res.WriteText(&out)
		}
		return res, strings.ReplaceAll(out.String(), path, "games.xlsx"), err
	}
	status := func() string {
		t.Helper()
		b, err := workbook.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		return workbook.ChoicesStatus[b.Tournament.Heats[0].Games[1].Status]
	}
	for _, step := range []struct {
		file, lines string
		want        []string // in what dtm import prints
		status      string   // board 2's status after
		problems    bool
	}{
		{"hal.csv", "Hal Test," + solo + "\n", []string{
			"H1-B2-R (heat 1 board 2): awaiting: submitted by Hal Test; a second player of the board must submit the same result",
			"wrote games.xlsx: 0 boards changed, 1 new submission(s), 0 unchanged"}, "Unstarted", false},
		{"hal.csv", "Hal Test," + solo + "\n", []string{
			"games.xlsx: no changes: every line repeats its player's latest submission, or a board's result (1 line(s))"}, "Unstarted", false},
		{"ida.csv", "Ida Test," + draw + "\n", []string{
			`H1-B2-R (heat 1 board 2): contested: hal.csv:2 (Hal Test): "Hal Test,H1-B2-R,France,1909,0,4,18,3,2,0,7,1906,1908" differs from ida.csv:2 (Ida Test): "Ida Test,H1-B2-R,draw,1909,1,4,17,3,2,0,7,,1908"`},
			"Unstarted", false},
		{"jon.csv", "Jon Test," + solo + "\n", []string{"H1-B2-R (heat 1 board 2): contested: hal.csv:2 (Hal Test)"}, "Unstarted", false},
		{"bad.csv", "Ann Test," + solo + "\nNobody," + solo + "\n," + solo + "\nKim Test,H1-B2-R,France,1909,0,4,18,3,2,0,7,1906,1908\n", []string{
			"bad.csv:2: H1-B2-R: Ann Test did not play board 2 of heat 1, so cannot submit its result",
			`bad.csv:3: column Submitted by: no player "Nobody" on the Players sheet`,
			"bad.csv:4: H1-B2-R: Two-party confirmation is on (B", " on the Tournament sheet), and the line does not say who submitted it"},
			"Unstarted", true},
		{"ida2.csv", "ida test," + solo + "\n", []string{
			"H1-B2-R (heat 1 board 2): confirmed by Hal Test, Ida Test and Jon Test",
			"wrote games.xlsx: 1 board changed, 1 new submission(s), 0 unchanged"}, "Finished", false},
		{"ida2.csv", "ida test," + solo + "\n", []string{"games.xlsx: no changes: every board already holds these results (1 board)"}, "Finished", false},
	} {
		before := fileHash(t, path)
		res, out, err := imp(step.file, step.lines)
		if (err != nil) != step.problems {
			t.Errorf("%s: error %v, want problems %v\n%s", step.file, err, step.problems, out)
		}
		for _, w := range step.want {
			if !strings.Contains(out, w) {
				t.Errorf("%s: lacks %q:\n%s", step.file, w, out)
			}
		}
		if got := status(); got != step.status {
			t.Errorf("%s: board 2 is %s, want %s", step.file, got, step.status)
		}
		if unchanged := fileHash(t, path) == before; unchanged != (step.problems || (res != nil && !res.Written)) {
			t.Errorf("%s: file unchanged %v, written %+v", step.file, unchanged, res)
		}
	}
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := f.GetRows(workbook.SheetSubmissions)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 5 || strings.Join(rows[4][:5], ",") != "1,2,Ida Test,ida2.csv,2" {
		t.Errorf("the Submissions tab holds %q, want its header and four submissions, Ida Test's second last", rows)
	}
	// A row typed over on the tab: dtm check warns at its cell, dtm status
	// goes on without it, dtm import refuses until it is mended.
	fixture.Set(t, f, workbook.SheetSubmissions, "A3", "x")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	const bad = `Submissions!A3: warning: Heat must be a whole number 1 or more, not "x"`
	check, err := Check(CheckRequest{Path: path})
	if err != nil || !slices.ContainsFunc(check.Warnings, func(p workbook.Problem) bool { return strings.HasPrefix(p.String(), bad) }) {
		t.Errorf("dtm check: %v, warnings %v, want %s", err, check, bad)
	}
	if _, err := Status(StatusRequest{Path: path}); err != nil {
		t.Errorf("dtm status: %v", err)
	}
	if _, out, err := imp("hal.csv", "Hal Test,"+solo+"\n"); err == nil || !strings.Contains(out, `Submissions!A3: Heat must be a whole number 1 or more, not "x"`) {
		t.Errorf("dtm import with the tab typed over: %v\n%s", err, out)
	}
}

// TestStatusReports: dtm status under two-party confirmation lists heat
// 1's boards by where their results stand (board 1 Finished by the
// director, board 2 contested, both submissions quoted) and the minutes
// since the heat's start time, from the clock it is given; the import
// refreshes the published site, whose projector Board reports page shows it.
func TestStatusReports(t *testing.T) {
	t.Parallel()
	path := confirmFixture(t)
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := f.GetRows(workbook.SheetHeats)
	if err != nil {
		t.Fatal(err)
	}
	for c, h := range rows[0] {
		switch h {
		case workbook.HeaderStart:
			fixture.Set(t, f, workbook.SheetHeats, fixture.Cell(c+1, 2), "19:00")
		case workbook.HeaderDate:
			fixture.Set(t, f, workbook.SheetHeats, fixture.Cell(c+1, 2), "2026-03-14")
		}
	}
	fixture.SetSetting(t, f, workbook.SetProjectorPages, "Board reports, Standings")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	dir := t.TempDir()
	now := time.Date(2026, 3, 14, 19, 42, 30, 0, time.Local)
	site := filepath.Join(dir, "site")
	if _, err := Publish(PublishRequest{Path: path, Out: site, Now: now}); err != nil {
		t.Fatal(err)
	}
	const header = "Submitted by,Code,Result,Final year,aus,eng,fra,ger,ita,rus,tur,aus year,rus year\n"
	csv := filepath.Join(dir, "results.csv")
	if err := os.WriteFile(csv, []byte(header+"Hal Test,H1-B2-R,France,1909,0,4,18,3,2,0,7,1906,1908\nKim Test,H1-B2-R,draw,1909,1,4,17,3,2,0,7,,1908\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	imported, err := Import(ImportRequest{CSV: csv, Path: path})
	if err != nil {
		t.Fatal(err)
	}
	// The import refreshed the site: the projector's Board reports page
	// shows the contest at once.
	page, err := os.ReadFile(filepath.Join(site, "projector.html"))
	if imported.Site == nil || imported.Site.Err != nil || err != nil || !strings.Contains(string(page), `<td>Contested: see the director</td><td class="num total">2</td>`) {
		t.Errorf("dtm import did not refresh the site (%+v, %v):\n%s", imported.Site, err, page)
	}
	res, err := Status(StatusRequest{Path: path, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res.WriteText(&out)
	for _, want := range []string{
		"  heat 1  in play     finished 1; not started 2; started 42 min ago\n",
		"results of heat 1: final 1; contested 2\n",
		`contested: H1-B2-R: results.csv:2 (Hal Test): "Hal Test,H1-B2-R,France,1909,0,4,18,3,2,0,7,1906,1908" differs from results.csv:3 (Kim Test): "Kim Test,H1-B2-R,draw,1909,1,4,17,3,2,0,7,,1908"`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("dtm status lacks %q:\n%s", want, out.String())
		}
	}
	rep := res.Report()
	h := rep.Heats[0]
	if !rep.Confirmation || h.Minutes == nil || *h.Minutes != 42 || !slices.Equal(h.Final, []int{1}) || !slices.Equal(h.Contested, []int{2}) ||
		len(h.Contests) != 1 || len(h.Contests[0].Submissions) != 2 || len(h.Awaiting)+len(h.NotReported) != 0 {
		t.Errorf("dtm status --json: %+v", rep)
	}
	// The projector's Board reports page says the same, as of the publish.
	if _, err := Publish(PublishRequest{Path: path, Out: site, Now: now}); err != nil {
		t.Fatal(err)
	}
	page, err = os.ReadFile(filepath.Join(site, "projector.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Heat 1: results", `<td>Final</td><td class="num total">1</td>`,
		`<td>Contested: see the director</td><td class="num total">2</td>`, "Started 42 min ago (at 14 March 2026, 19:42)."} {
		if !strings.Contains(string(page), want) {
			t.Errorf("projector.html lacks %q:\n%s", want, page)
		}
	}
	// Five minutes before the start, and with no clock given the minutes
	// are the real clock's.
	if res, err = Status(StatusRequest{Path: path, Now: now.Add(-47 * time.Minute)}); err != nil || *res.Reports[0].Minutes != -5 {
		t.Errorf("before the start: %v, %+v", err, res)
	}
}

// TestLiveScores: heat 1's board 2 in play with a 1901 chart (Austria 4,
// England 5, France 5, Germany 4, Italy 5, Russia 6, Turkey 5) is scored
// by dtm score as if the game ended then, a draw of all seven: each player
// gets what the same board finished that way gets, the standings say they
// are provisional and name the year, and dtm export leaves the board out.
func TestLiveScores(t *testing.T) {
	t.Parallel()
	const chart = "4,5,5,4,5,6,5"
	scores := func(lines string) (*ScoreResult, map[string]float64) {
		t.Helper()
		path := importFixture(t)
		csv := filepath.Join(t.TempDir(), "results.csv")
		if err := os.WriteFile(csv, []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Import(ImportRequest{CSV: csv, Path: path}); err != nil {
			t.Fatal(err)
		}
		res, err := Score(ScoreRequest{Path: path, DryRun: true})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]float64{}
		for _, s := range res.Table.Players {
			out[res.Names[s.Player]] = s.Heats[0].Score
		}
		return res, out
	}
	live, got := scores("code,status,aus chart,eng chart,fra chart,ger chart,ita chart,rus chart,tur chart\nH1-B2-R,Started," + chart + "\n")
	_, want := scores("code,result,year,aus,eng,fra,ger,ita,rus,tur\nH1-B2-R,draw,1901," + chart + "\n")
	for _, name := range []string{"Hal Test", "Ida Test", "Jon Test", "Kim Test", "Lou Test", "Max Test", "Nia Test"} {
		if got[name] != want[name] || got[name] == 0 {
			t.Errorf("%s: provisional %v, want %v (the board finished as a draw in 1901)", name, got[name], want[name])
		}
	}
	if note := "provisional: heat 1 board 2 in play; heat 1 board 2 scored from its 1901 centres"; live.Provisional != note || live.Report.Provisional != note {
		t.Errorf("provisional %q (report %q), want %q", live.Provisional, live.Report.Provisional, note)
	}
	var out bytes.Buffer
	live.WriteText(&out, 20)
	if !strings.Contains(out.String(), "~ = a board in play, scored as it stands: provisional") || !strings.Contains(out.String(), "~") {
		t.Errorf("dtm score does not mark the provisional scores:\n%s", out.String())
	}
}

// TestVerifyFilesWithBoardInPlay: dtm verify checks the Standings with the
// boards in play scored as they stand, as dtm score wrote them, and the
// exported files without them, as dtm export --provisional wrote them.
func TestVerifyFilesWithBoardInPlay(t *testing.T) {
	t.Parallel()
	path := importFixture(t)
	csv := filepath.Join(t.TempDir(), "results.csv")
	lines := "code,status,aus chart,eng chart,fra chart,ger chart,ita chart,rus chart,tur chart\nH1-B2-R,Started,4,5,5,4,5,6,5\n"
	if err := os.WriteFile(csv, []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Import(ImportRequest{CSV: csv, Path: path}); err != nil {
		t.Fatal(err)
	}
	if _, err := Score(ScoreRequest{Path: path}); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "results")
	if _, err := Export(ExportRequest{Path: path, CSV: true, WDD: true, WDR: true, Provisional: true, Out: dir}); err != nil {
		t.Fatal(err)
	}
	if out, failed := verifyText(t, VerifyRequest{Path: path, Files: dir}); failed || strings.Contains(out, "shows") {
		t.Errorf("a board in play: the exports do not verify clean:\n%s", out)
	}
}
