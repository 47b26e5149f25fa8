package score

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/director"
	"github.com/armada-dtm/dtm/internal/clitest"
)

// registerFor types, in LibreOffice, "Registered" in the given heats'
// columns of the Players sheet for the players named.
func registerFor(t *testing.T, book string, names []string, heats ...int) {
	t.Helper()
	rows := clitest.SheetRows(t, book, "Players")
	var edits []clitest.Edit
	for _, h := range heats {
		col := slices.Index(rows[0], fmt.Sprintf("Heat %d", h))
		if col < 0 {
			t.Fatalf("the Players sheet has no Heat %d column", h)
		}
		for i, r := range rows[1:] {
			if len(r) > 1 && slices.Contains(names, r[0]+" "+r[1]) {
				edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": "Players", "cell": fmt.Sprintf("%c%d", 'A'+col, i+2),
					"rows": [][]any{{"Registered"}}})
			}
		}
	}
	clitest.LoEdits(t, book, edits)
}

// rosterNames lists the Players sheet's names, in row order.
func rosterNames(t *testing.T, book string) []string {
	t.Helper()
	var out []string
	for _, r := range clitest.SheetRows(t, book, "Players")[1:] {
		if len(r) > 1 && r[0] != "" {
			out = append(out, r[0]+" "+r[1])
		}
	}
	return out
}

// TestRosterPlayersWhoNeverPlay replays issue 23's defect 3: dtm new --from
// carries last year's 28 players into a 14-player event. The 14 who never
// register nor play are not ranked (the standings go 1 to 14, the worst
// losses last, not 28th) and not exported; dtm check says how many of the
// roster play; in a series they do not move the others' ranks.
func TestRosterPlayersWhoNeverPlay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	book := filepath.Join(dir, "small.xlsx")
	clitest.RunOK(t, "new", book, "--from", clitest.SamplePath, "--name", "Small Open", "--heats", "2", "--system", director.DefaultSystem)
	// This year every heat counts in full: last year's lowest heat, carried
	// with the settings, is set back to none.
	for i, r := range clitest.SheetRows(t, book, "Tournament") {
		if len(r) > 0 && r[0] == "Lowest heats: how many" {
			clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Tournament", "cell": fmt.Sprintf("B%d", i+1), "rows": [][]any{{0}}}})
		}
	}
	roster := rosterNames(t, book)
	if len(roster) != 28 {
		t.Fatalf("dtm new --from carried %d players, want the sample's 28", len(roster))
	}
	playing := roster[:14]
	registerFor(t, book, playing, 1, 2)
	if out := clitest.RunOK(t, "check", book); !strings.Contains(out, "14 of 28 on the roster play") {
		t.Errorf("dtm check should say 14 of 28 on the roster play:\n%s", out)
	}
	clitest.RunOK(t, "seed", book, "--seed", "3")
	clitest.FinishHeat(t, book, 1, 1) // board 1 a French solo: six players score below 0
	clitest.RunOK(t, "score", book)

	// The Standings tab: the 14 players, ranked 1 to 14.
	var ranked []string
	lowest := 0
	for _, r := range clitest.SheetRows(t, book, "Standings")[1:] {
		if len(r) < 2 || !slices.Contains(roster, r[1]) {
			continue
		}
		ranked = append(ranked, r[1])
		var rank int
		if _, err := fmt.Sscan(r[0], &rank); err == nil {
			lowest = max(lowest, rank)
		}
	}
	if slices.Sort(ranked); !slices.Equal(ranked, slices.Sorted(slices.Values(playing))) {
		t.Errorf("Standings ranks %d players, want the 14 who play: %v", len(ranked), ranked)
	}
	if lowest != 14 {
		t.Errorf("the lowest rank on Standings is %d, want 14", lowest)
	}

	// The results files: 14 players each, ranks up to 14.
	out := filepath.Join(dir, "results")
	clitest.RunOK(t, "export", "--csv", "--wdd", "--wdr", "--ratings", "--out", out, book)
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	if lines := strings.Split(strings.TrimSpace(read("Small Open.csv")), "\n"); len(lines) != 14 {
		t.Errorf("the DTM CSV has %d lines, want 14", len(lines))
	}
	wdd := strings.Split(strings.TrimSpace(read("Small Open WDD classification.csv")), "\n")
	if len(wdd) != 15 {
		t.Errorf("the WDD classification has %d rows, want 14 and the header", len(wdd)-1)
	}
	for _, l := range wdd[1:] {
		var rank int
		if f := strings.Split(l, ","); len(f) < 4 {
			t.Errorf("WDD classification row %q", l)
		} else if _, err := fmt.Sscan(f[3], &rank); err != nil || rank > 14 {
			t.Errorf("WDD classification rank %q above 14: %s", f[3], l)
		}
	}
	var wdr struct {
		Results []struct {
			Name    string `json:"player_name"`
			Ranking *int   `json:"ranking"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(read("Small Open WDR.json")), &wdr); err != nil {
		t.Fatal(err)
	}
	if len(wdr.Results) != 14 {
		t.Errorf("the WDR results list %d players, want 14", len(wdr.Results))
	}
	for _, r := range wdr.Results {
		if r.Ranking == nil || *r.Ranking > 14 {
			t.Errorf("WDR ranking of %s: %v, want 1 to 14", r.Name, r.Ranking)
		}
	}
	ratings := read("Small Open ratings.txt")
	for _, name := range roster[14:] {
		if strings.Contains(ratings, name) {
			t.Errorf("the ratings summary names %s, who never played:\n%s", name, ratings)
		}
	}

	// The site: only the 14 on the players page.
	clitest.RunOK(t, "publish", book)
	page, err := os.ReadFile(filepath.Join(dir, "small site", "players.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range roster[14:] {
		if strings.Contains(string(page), name) {
			t.Errorf("the site's players page lists %s, who never played", name)
			break
		}
	}

	// A series: in this event, nobody is ranked below 14th.
	series := clitest.RunOK(t, "series", book, clitest.SamplePath)
	for _, m := range regexp.MustCompile(`Small Open: \S+ \(rank (\d+)`).FindAllStringSubmatch(series, -1) {
		var rank int
		if _, err := fmt.Sscan(m[1], &rank); err != nil || rank > 14 {
			t.Errorf("dtm series ranks a player %s in Small Open:\n%s", m[1], series)
			break
		}
	}
}

// TestReplacementThenNextHeat replays issue 23's defect 5: in heat 2, a
// player leaves board 1 in 1904 and a standby takes the seat (the Replaced
// player column names who left). The replaced player counts as seated in
// heat 2, so plain dtm seed, --sit-out auto and --late seat heat 3, and
// dtm check does not warn that heat 2's Conflict columns are stale.
func TestReplacementThenNextHeat(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	book := filepath.Join(dir, "rep.xlsx")
	clitest.RunOK(t, "new", book, "--name", "Replacement Open", "--heats", "3")
	header := clitest.SheetRows(t, book, "Players")[0]
	column := func(h string) int { return slices.Index(header, h) }
	var rows [][]any
	for i, p := range clitest.EventPlayers[:15] {
		row := make([]any, len(header))
		row[column("First name")], row[column("Last name")], row[column("Country")] = p[0], p[1], "USA"
		for h := 1; h <= 3 && i < 14; h++ { // the 15th is the standby who takes over a seat
			row[column(fmt.Sprintf("Heat %d", h))] = "Registered"
		}
		rows = append(rows, row)
	}
	clitest.LoEdits(t, book, []clitest.Edit{{"op": "set_rows", "sheet": "Players", "cell": "A2", "rows": rows}})
	clitest.RunOK(t, "seed", book, "--seed", "5")
	clitest.FinishHeat(t, book, 1)
	clitest.RunOK(t, "seed", book, "--seed", "5")

	// Board 1 starts; its Austria leaves in 1904 and the standby takes over.
	standby := clitest.EventPlayers[14][0] + " " + clitest.EventPlayers[14][1]
	var left clitest.EventSeat
	var edits []clitest.Edit
	for _, s := range clitest.HeatSeats(t, book, 2) {
		if s.Board != 1 {
			continue
		}
		edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": "Heat 2", "cell": fmt.Sprintf("B%d", s.Row), "rows": [][]any{{"Started"}}})
		if s.Power == "Austria" {
			left = s
			edits = append(edits, clitest.Edit{"op": "set_rows", "sheet": "Heat 2", "cell": fmt.Sprintf("E%d", s.Row), "rows": [][]any{{standby}}},
				clitest.Edit{"op": "set_rows", "sheet": "Heat 2", "cell": fmt.Sprintf("I%d", s.Row), "rows": [][]any{{s.Player, 1904}}})
		}
	}
	clitest.LoEdits(t, book, edits)
	clitest.FinishHeat(t, book, 2)
	clitest.RunOK(t, "score", book)
	if out := clitest.RunOK(t, "check", book); strings.Contains(out, "warning") {
		t.Errorf("dtm check warns after a replacement on a finished heat:\n%s", out)
	}
	if slices.ContainsFunc(clitest.HeatSeats(t, book, 2), func(s clitest.EventSeat) bool { return s.Player == left.Player }) {
		t.Fatalf("%s is still seated in heat 2", left.Player)
	}

	// The WDR file names who left the seat, and when; the ratings summary
	// lists the replacement, which the WDD files have no place for.
	res := filepath.Join(dir, "results")
	clitest.RunOK(t, "export", "--wdr", "--ratings", "--out", res, book)
	data, err := os.ReadFile(filepath.Join(res, "Replacement Open WDR.json"))
	if err != nil {
		t.Fatal(err)
	}
	type seat struct {
		Name     string `json:"name"`
		Replaced *struct {
			Name string `json:"name"`
			Year *int   `json:"year"`
		} `json:"replaced"`
	}
	var wdr struct {
		Rounds map[string]struct {
			Games map[string]struct {
				Players map[string]seat `json:"players"`
			} `json:"games"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal(data, &wdr); err != nil {
		t.Fatal(err)
	}
	if a := wdr.Rounds["2"].Games["1"].Players["Austria"]; a.Name != standby || a.Replaced == nil || a.Replaced.Name != left.Player ||
		a.Replaced.Year == nil || *a.Replaced.Year != 1904 {
		t.Errorf("the WDR file's heat 2 board 1 Austria: %+v, want %s replacing %s in 1904", a, standby, left.Player)
	}
	ratings, err := os.ReadFile(filepath.Join(res, "Replacement Open ratings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("heat 2, board 1, Austria: %s left in 1904; %s finished the game", left.Player, standby); !strings.Contains(string(ratings), want) {
		t.Errorf("the ratings summary does not say %q:\n%s", want, ratings)
	}

	// Each way of seating the next heat seats heat 3, on a copy.
	data, err = os.ReadFile(book)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"seed"}, {"seed", "--sit-out", "auto"}, {"seed", "--late"}} {
		copyBook := filepath.Join(dir, strings.Join(args, "")+".xlsx")
		if err := os.WriteFile(copyBook, data, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := clitest.Dtm(t, append(args, "--seed", "5", copyBook)...)
		if code != 0 || !strings.Contains(out, "heat 3") || strings.Contains(out+errOut, "heat 2") {
			t.Errorf("dtm %s after the replacement: exit %d, want heat 3 seated:\n%s%s", strings.Join(args, " "), code, out, errOut)
			continue
		}
		seats := clitest.HeatSeats(t, copyBook, 3)
		if len(seats) != 14 || !slices.ContainsFunc(seats, func(s clitest.EventSeat) bool { return s.Player == left.Player }) {
			t.Errorf("dtm %s: heat 3 seats %d players, want the 14 registered, %s included", strings.Join(args, " "), len(seats), left.Player)
		}
	}
}
