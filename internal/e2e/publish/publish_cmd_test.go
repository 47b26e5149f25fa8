package publish

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/xuri/excelize/v2"
)

// settingCell returns the Value cell of a Tournament setting ("B27").
func settingCell(t *testing.T, f *excelize.File, label string) string {
	t.Helper()
	rows, err := f.GetRows("Tournament")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range rows {
		if len(r) > 0 && r[0] == label {
			return "B" + strconv.Itoa(i+1)
		}
	}
	t.Fatalf("no setting %q", label)
	return ""
}

// exists reports whether a file exists.
func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// TestPublishPolicy publishes the ARMADA Open (all three heats played)
// under the Regatta 2003 rule and secret awards, then releases the final
// standings: withheld pages are absent (and removed from an earlier
// publish), and come back when released.
func TestPublishPolicy(t *testing.T) {
	t.Parallel()
	book := fixture.Copy(t, clitest.SamplePath)
	site := filepath.Join(filepath.Dir(book), "armada-open site")
	out := clitest.Publish(t, book)
	if !strings.Contains(out, "wrote ") || !exists(filepath.Join(site, "standings-heat-1.html")) {
		t.Fatalf("first publish: %s", out)
	}
	f := clitest.OpenXLSX(t, book)
	fixture.SetSetting(t, f, "Publish: withhold standings after heats", "All")
	fixture.SetSetting(t, f, "Publish: withhold final standings", "Yes")
	fixture.SetSetting(t, f, "Publish: withhold awards", "best austria, Last place")
	clitest.SaveXLSX(t, f)
	out = clitest.Publish(t, book)
	for _, gone := range []string{"standings.html", "standings-heat-1.html", "standings-heat-2.html", "standings-heat-3.html", "teams.html"} {
		if exists(filepath.Join(site, gone)) {
			t.Errorf("%s is published", gone)
		}
		if !strings.Contains(out, gone) {
			t.Errorf("the output does not say %s was removed:\n%s", gone, out)
		}
	}
	awards := clitest.Read(t, filepath.Join(site, "awards.html"))
	for _, secret := range []string{"1st place", "Best Austria", "Last place", "Best team", "Best result without"} {
		if strings.Contains(awards, secret) {
			t.Errorf("awards.html shows %q", secret)
		}
	}
	if !strings.Contains(awards, "Best England") {
		t.Errorf("awards.html lacks Best England")
	}
	heat := clitest.Read(t, filepath.Join(site, "heat-1.html"))
	if strings.Contains(heat, `<th class="num score">Score</th>`) || !strings.Contains(heat, "France solo in 1909") {
		t.Errorf("heat-1.html shows scores, or not the results")
	}
	if player := clitest.Read(t, filepath.Join(site, "player-13.html")); strings.Contains(player, "rank 1") {
		t.Errorf("player-13.html shows the rank")
	}
	index := clitest.Read(t, filepath.Join(site, "index.html"))
	for _, want := range []string{"The standings after heats 1 and 2 are not posted.", "The final standings and the awards made from them will be announced at the ceremony.", "2 awards will be announced"} {
		if !strings.Contains(index, want) {
			t.Errorf("index.html does not say %q", want)
		}
	}
	if strings.Contains(index, "standings.html") {
		t.Errorf("index.html links the standings")
	}
	entries, _ := os.ReadDir(site)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "projector") && strings.Contains(clitest.Read(t, filepath.Join(site, e.Name())), "standings") {
			t.Errorf("%s shows standings", e.Name())
		}
	}

	// The ceremony: the final standings are released.
	fixture.SetSetting(t, f, "Publish: withhold final standings", "No")
	clitest.SaveXLSX(t, f)
	clitest.Publish(t, book)
	for _, page := range []string{"standings.html", "standings-heat-3.html", "teams.html"} {
		if !exists(filepath.Join(site, page)) {
			t.Errorf("%s is not published after the release", page)
		}
	}
	if exists(filepath.Join(site, "standings-heat-1.html")) {
		t.Errorf("standings-heat-1.html is published")
	}
	if heat := clitest.Read(t, filepath.Join(site, "heat-1.html")); !strings.Contains(heat, `<th class="num score">Score</th>`) {
		t.Errorf("heat-1.html has no scores once the final standings are out")
	}
}

// evilName is a player's name that is also markup.
const evilName = `<script>alert("x")</script>`

// escapedBook is the sample with a player and a tournament named in markup;
// the player sat heat 1 out (a player on the roster who takes no part has
// no page).
func escapedBook(t *testing.T) string {
	t.Helper()
	book := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, book)
	fixture.SetSetting(t, f, "Tournament name", `Cup <b>bold</b> & "friends"`)
	if err := f.SetSheetRow("Players", "A30", &[]any{evilName, `O'Brien & <i>Sons</i>`, "", "IE"}); err != nil {
		t.Fatal(err)
	}
	header, err := f.GetRows("Players")
	if err != nil {
		t.Fatal(err)
	}
	cell, err := excelize.CoordinatesToCellName(slices.Index(header[0], "Heat 1")+1, 30)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue("Players", cell, "Sitting out"); err != nil {
		t.Fatal(err)
	}
	clitest.SaveXLSX(t, f)
	return book
}

// TestPublishEscapes: names are text, whatever they hold.
func TestPublishEscapes(t *testing.T) {
	t.Parallel()
	book := escapedBook(t)
	clitest.Publish(t, book)
	site := filepath.Join(filepath.Dir(book), "armada-open site")
	for _, page := range []string{"players.html", "player-29.html", "index.html"} {
		body := clitest.Read(t, filepath.Join(site, page))
		if strings.Contains(body, "<script>alert") || strings.Contains(body, "<b>bold") || strings.Contains(body, "<i>Sons") {
			t.Errorf("%s has markup from a name", page)
		}
		if !strings.Contains(body, "Cup &lt;b&gt;bold&lt;/b&gt; &amp; &#34;friends&#34;") {
			t.Errorf("%s lacks the escaped tournament name", page)
		}
	}
	if body := clitest.Read(t, filepath.Join(site, "player-29.html")); !strings.Contains(body, "<h1>&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt; O&#39;Brien &amp; &lt;i&gt;Sons&lt;/i&gt;</h1>") {
		t.Errorf("player-29.html does not show the name as text")
	}
}

// TestPublishRefresh: after a publish (into a folder of the director's
// choice), dtm score and dtm seed refresh the site; with nothing to write,
// only a site older than the workbook (saved in a spreadsheet since). A
// workbook never published has none refreshed.
func TestPublishRefresh(t *testing.T) {
	t.Parallel()
	book := fixture.Copy(t, clitest.SamplePath)
	if _, out, _ := clitest.Dtm(t, "score", book); strings.Contains(out, "site") {
		t.Errorf("score refreshed a site never published: %s", out)
	}
	site := filepath.Join(t.TempDir(), "web")
	clitest.Publish(t, "--out", site, book)
	if got := strings.TrimSpace(clitest.Read(t, strings.TrimSuffix(book, ".xlsx")+".dtm-site")); got != site {
		t.Errorf("the site is remembered as %q, want %q", got, site)
	}
	f := clitest.OpenXLSX(t, book)
	fixture.SetSetting(t, f, "Publish: withhold final standings", "Yes")
	clitest.SaveXLSX(t, f)
	code, out, errOut := clitest.Dtm(t, "score", book)
	if code != 0 || !strings.Contains(out, "refreshed the site in "+site) {
		t.Fatalf("dtm score: exit %d\n%s%s", code, out, errOut)
	}
	if exists(filepath.Join(site, "standings.html")) {
		t.Errorf("score did not refresh the site: the withheld standings are still there")
	}
	code, out, errOut = clitest.Dtm(t, "seed", "--refresh", book)
	if code != 0 || !strings.Contains(out, "nothing to refresh") || strings.Contains(out, "refreshed the site") {
		t.Errorf("dtm seed --refresh, the site current: exit %d\n%s%s", code, out, errOut)
	}
	f = clitest.OpenXLSX(t, book)
	fixture.SetSetting(t, f, "Publish: withhold final standings", "No")
	clitest.SaveXLSX(t, f)
	code, out, errOut = clitest.Dtm(t, "seed", "--refresh", book)
	if code != 0 || !strings.Contains(out, "refreshed the site in "+site) {
		t.Errorf("dtm seed --refresh, the workbook saved since: exit %d\n%s%s", code, out, errOut)
	}
	if !exists(filepath.Join(site, "standings.html")) {
		t.Errorf("seed did not refresh the site: the standings released are not there")
	}
}

// TestCheckPublication: dtm check reports a publication policy or a Clock
// sheet it cannot read at the cell, with how to fix it.
func TestCheckPublication(t *testing.T) {
	t.Parallel()
	book := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, book)
	cells := map[string]string{}
	for label, v := range map[string]any{
		"Publish: withhold standings after heats": "1, 9",
		"Publish: withhold final standings":       "Maybe",
		"Publish: withhold awards":                "Best Austira",
		"Publish: projector pages":                "Standings, Scores",
		"Publish: projector seconds":              2,
	} {
		cells[label] = settingCell(t, f, label)
		fixture.SetSetting(t, f, label, v)
	}
	for _, row := range [][]any{{"Winter", 1901, 10}, {"Break", nil, 60}, {"Spring", 1901, "x"}} {
		n, _ := f.GetRows("Clock")
		if err := f.SetSheetRow("Clock", "A"+strconv.Itoa(len(n)+1), &row); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
	code, out, _ := clitest.Dtm(t, "check", book)
	if code != 1 {
		t.Fatalf("dtm check: exit %d\n%s", code, out)
	}
	for _, want := range []string{
		"Tournament!" + cells["Publish: withhold standings after heats"] + `: Publish: withhold standings after heats: "9" is not a heat of the tournament; heat numbers from 1 to 3`,
		"Tournament!" + cells["Publish: withhold final standings"] + `: Publish: withhold final standings cannot be "Maybe"; choose Yes or No`,
		"Tournament!" + cells["Publish: withhold awards"] + `: Publish: withhold awards: no award is named "Best Austira"; did you mean "Best Austria"?`,
		"Tournament!" + cells["Publish: projector pages"] + `: the projector cannot show "Scores"`,
		"Tournament!" + cells["Publish: projector seconds"] + `: Publish: projector seconds cannot be "2"`,
		`Clock!A7: phase cannot be "Winter"`,
		`Clock!B8: break needs a year; the game-year whose Spring orders the break follows`,
		`Clock!C9: minutes cannot be "x"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dtm check does not say\n%s\nit says:\n%s", want, out)
		}
	}
}

// TestPublishMidTournament publishes the ARMADA Open while heat 3 is being
// played: the standings are those after heat 2, and the projector calls
// heat 3's boards.
func TestPublishMidTournament(t *testing.T) {
	t.Parallel()
	book := fixture.Copy(t, clitest.SamplePath)
	f := clitest.OpenXLSX(t, book)
	for row := 2; row <= 29; row++ {
		if err := f.SetSheetRow("Heat 3", "B"+strconv.Itoa(row), &[]any{"Started"}); err != nil {
			t.Fatal(err)
		}
	}
	clitest.SaveXLSX(t, f)
	clitest.Publish(t, book)
	site := filepath.Join(filepath.Dir(book), "armada-open site")
	if s := clitest.Read(t, filepath.Join(site, "standings.html")); !strings.Contains(s, "<h1>Standings after heat 2</h1>") {
		t.Errorf("standings.html is not after heat 2")
	}
	if exists(filepath.Join(site, "standings-heat-3.html")) {
		t.Errorf("standings after heat 3, which has no finished game")
	}
	if s := clitest.Read(t, filepath.Join(site, "heat-3.html")); !strings.Contains(s, `<span class="status started">Started</span>`) || strings.Contains(s, "solo in") {
		t.Errorf("heat-3.html does not show boards in play")
	}
	if s := clitest.Read(t, filepath.Join(site, "awards.html")); !strings.Contains(s, "after heat 2 of 3") {
		t.Errorf("awards.html does not say the tournament is not over")
	}
	if s := clitest.Read(t, filepath.Join(site, "projector.html")); !strings.Contains(s, "<h1>Heat 3: who plays where</h1>") || !strings.Contains(s, "Carter, Chloe") {
		t.Errorf("the projector does not start with heat 3's calls")
	}
}
