package score

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// TestBoardSetBackFromFinished replays issue 23's defect 2 on the bundled
// tournament: the director scores it, then in LibreOffice sets heat 3 board
// 2 (Jonas Jensen's 112-point Austrian solo) back to Started with its
// results still typed.
//
// check, score and export each warn at the board's Status cell, naming the
// points that no longer count; score goes on warning after it has emptied
// the board's Score cells, while the Result column still holds the game.
//
// With the board in play the standings are provisional everywhere they
// appear: score, export and publish name the board in their summary; the
// Standings, Team Standings and Awards tabs say so under their tables and
// in their printed titles; the site's pages and the projector's standings
// say so; the ratings page says neither "Final placings" nor "3 played of
// 3"; and the WDD and WDR files are refused (nothing written) unless
// --provisional.
func TestBoardSetBackFromFinished(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	clitest.RunOK(t, "score", path)
	started := make([][]any, 7)
	for i := range started {
		started[i] = []any{"Started"}
	}
	clitest.LoEdits(t, path, []clitest.Edit{{"op": "set_rows", "sheet": "Heat 3", "cell": "B9", "rows": started}})

	const at = "'Heat 3'!B9: "
	const msg = "board 2 is Started but holds a finished game's results (Result, Score): they do not count in the standings (Jonas Jensen's 112 points among them)"
	const note = "provisional: heat 3 board 2 in play"
	if out := clitest.RunOK(t, "check", path); !strings.Contains(out, at+"warning: "+msg) {
		t.Errorf("check does not warn:\n%s", out)
	}
	if out := clitest.RunOK(t, "score", path); !strings.Contains(out, "warning: "+at+msg) || !strings.Contains(out, "\n"+note+"\n") {
		t.Errorf("score does not warn, or does not say the standings are provisional:\n%s", out)
	}
	// The first score emptied the Score cells of the board it no longer
	// scores; the typed results still say what happened.
	again := "warning: " + at + "board 2 is Started but holds a finished game's results (Result): they do not count in the standings"
	if out := clitest.RunOK(t, "score", path); !strings.Contains(out, again) {
		t.Errorf("a second score does not warn:\n%s", out)
	}
	var report struct{ Provisional string }
	if err := json.Unmarshal([]byte(clitest.RunOK(t, "score", "--json", "--dry-run", path)), &report); err != nil || report.Provisional != note {
		t.Errorf("score --json: provisional %q (%v), want %q", report.Provisional, err, note)
	}

	// The tabs: a note under each table, and the printed title.
	for _, sheet := range []string{"Standings", "Team Standings", "Awards"} {
		rows := clitest.SheetRows(t, path, sheet)
		if last := rows[len(rows)-1]; len(last) == 0 || last[0] != "Provisional: heat 3 board 2 in play" {
			t.Errorf("%s: last row %q, want the provisional note", sheet, last)
		}
	}

	// export: the summary, the ratings page, and the refused WDD and WDR.
	out := t.TempDir()
	if got := clitest.RunOK(t, "export", "--ratings", "--csv", "--out", out, path); !strings.HasPrefix(got, note+"\n") || !strings.Contains(got, again) {
		t.Errorf("export:\n%s", got)
	}
	ratings, err := os.ReadFile(filepath.Join(out, "ARMADA Open 2026 ratings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Provisional: heat 3 board 2 in play: these placings will change", "2 played of 3, heat 3 in play", "Placings so far, not final"} {
		if !strings.Contains(string(ratings), want) {
			t.Errorf("ratings page lacks %q:\n%s", want, ratings)
		}
	}
	if strings.Contains(string(ratings), "Final placings") || strings.Contains(string(ratings), "3 played of 3") {
		t.Errorf("ratings page claims the placings are final:\n%s", ratings)
	}
	for _, flag := range []string{"--wdd", "--wdr"} {
		dir := t.TempDir()
		code, _, errOut := clitest.Dtm(t, "export", flag, "--out", dir, path)
		if code != 1 || !strings.Contains(errOut, "the standings are provisional (heat 3 board 2 in play)") || !strings.Contains(errOut, "--provisional") {
			t.Errorf("export %s: exit %d, %s; want a refusal", flag, code, errOut)
		}
		if files, _ := os.ReadDir(dir); len(files) > 0 {
			t.Errorf("export %s refused but wrote %d files", flag, len(files))
		}
		if got := clitest.RunOK(t, "export", flag, "--provisional", "--out", dir, path); !strings.HasPrefix(got, note+"\n") {
			t.Errorf("export %s --provisional:\n%s", flag, got)
		}
	}

	// publish: the summary, every page, the projector's standings.
	site := filepath.Join(t.TempDir(), "site")
	if got := clitest.RunOK(t, "publish", "--out", site, path); !strings.HasPrefix(got, note+"\n") {
		t.Errorf("publish:\n%s", got)
	}
	banner := `<p class="provisional">Provisional: heat 3 board 2 in play</p>`
	for _, page := range []string{"index.html", "standings.html", "awards.html"} {
		html, err := os.ReadFile(filepath.Join(site, page))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(html), banner) {
			t.Errorf("%s does not say the standings are provisional", page)
		}
	}
	frames, _ := filepath.Glob(filepath.Join(site, "projector*.html"))
	marked := 0
	for _, f := range frames {
		html, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(html), "<table class=\"standings\">") && !strings.Contains(string(html), banner) {
			t.Errorf("%s: the projector's standings do not say they are provisional", filepath.Base(f))
		}
		if strings.Contains(string(html), banner) {
			marked++
		}
	}
	if marked == 0 {
		t.Errorf("no projector frame says the standings are provisional (%d frames)", len(frames))
	}
}

// TestScoreNamesTypedCells replays issue 23's point 8 (score silently
// erased what a director typed on Standings): after a first score the
// director, in LibreOffice, adds a column of their own to the Standings
// (Paid, with a value for the first four players), types 120 over Elena
// Evans's total, writes a note under the Awards, and overrides Jonas
// Jensen's heat 2 score (-5 to 60), which takes him from 3rd to 1st. The
// next score keeps the Paid column, each value with its player (Jonas's
// moves up with him), names the two other cells it replaces, and a third
// score says nothing more.
func TestScoreNamesTypedCells(t *testing.T) {
	t.Parallel()
	path := fixture.Copy(t, clitest.SamplePath)
	clitest.RunOK(t, "score", path)
	clitest.LoEdits(t, path, []clitest.Edit{
		{"op": "set_rows", "sheet": "Standings", "cell": "L1", "rows": [][]any{{"Paid"}, {"yes"}, {"no"}, {5}, {"J paid"}}},
		{"op": "set_rows", "sheet": "Standings", "cell": "C3", "rows": [][]any{{120}}},
		{"op": "set_rows", "sheet": "Awards", "cell": "B40", "rows": [][]any{{"my note"}}},
		{"op": "set_rows", "sheet": "Heat 2", "cell": "L14", "rows": [][]any{{60}}},
	})
	out := clitest.RunOK(t, "score", path)
	for _, want := range []string{
		`warning: Standings!C3: "120" was typed here, replaced`,
		`warning: Awards!B40: "my note" was typed here, replaced`,
		"warning: 2 cell(s) typed on dtm's tabs were replaced",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("score does not say %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "Standings!L") {
		t.Errorf("score names the director's own column as replaced:\n%s", out)
	}
	paid := map[string]string{}
	rows := clitest.SheetRows(t, path, "Standings")
	if len(rows[0]) < 12 || rows[0][11] != "Paid" {
		t.Errorf("Standings header %q: the director's Paid column is gone", rows[0])
	}
	for _, row := range rows[1:] {
		if len(row) >= 12 {
			paid[row[1]] = row[11]
		}
	}
	want := map[string]string{"Maya Moreau": "yes", "Elena Evans": "no", "Ines Irving": "5", "Jonas Jensen": "J paid"}
	if !maps.Equal(paid, want) {
		t.Errorf("Paid by player %v, want %v", paid, want)
	}
	if rows[1][1] != "Jonas Jensen" {
		t.Errorf("the override did not move Jonas Jensen to 1st: %q", rows[1])
	}
	if again := clitest.RunOK(t, "score", path); strings.Contains(again, "typed here") {
		t.Errorf("a second score names cells again:\n%s", again)
	}
}
