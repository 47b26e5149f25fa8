package day

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/lotest"
	"github.com/xuri/excelize/v2"
)

// handScores are the DipCon XXXIV game scores of soloBoard, drawBoard and
// fiveDrawBoard by power, worked by hand from their comments.
var handScores = map[string]map[string]float64{
	"solo": {"Austria": -5, "England": -2, "France": 112, "Germany": -2, "Italy": -2, "Russia": -4, "Turkey": -2},
	"draw": {"Austria": 4, "England": 4, "France": 4, "Germany": 4, "Italy": 4, "Russia": 4, "Turkey": 4},
	"five": {"Austria": -6, "England": 25, "France": 25, "Germany": 25, "Italy": 25, "Russia": -5, "Turkey": 25},
}

// champScore is a championship test's standings line as dtm score --json
// gives it.
type champScore struct {
	Rank  int     `json:"rank"`
	Name  string  `json:"name"`
	Total float64 `json:"total"`
	Heats []struct {
		Score float64 `json:"score"`
		Board int     `json:"board"`
	} `json:"heats"`
}

// champStandings runs dtm score --json --dry-run: the standings by name.
func champStandings(t *testing.T, book string) ([]champScore, map[string]champScore) {
	t.Helper()
	var rep struct {
		Players []champScore `json:"players"`
	}
	if err := json.Unmarshal([]byte(clitest.RunOK(t, "score", "--json", "--dry-run", book)), &rep); err != nil {
		t.Fatal(err)
	}
	by := map[string]champScore{}
	for _, p := range rep.Players {
		by[p.Name] = p
	}
	return rep.Players, by
}

// byPlayer groups a heat's seats by player.
func byPlayer(seats []clitest.EventSeat) map[string][]clitest.EventSeat {
	out := map[string][]clitest.EventSeat{}
	for _, s := range seats {
		out[s.Player] = append(out[s.Player], s)
	}
	return out
}

// conflictSum is the sum of a heat sheet's Conflict column.
func conflictSum(t *testing.T, book string, heat int) int {
	t.Helper()
	rows := clitest.SheetRows(t, book, fmt.Sprintf("Heat %d", heat))
	col := slices.Index(rows[0], "Conflict")
	sum := 0
	for _, r := range rows[1:] {
		if col < len(r) && r[col] != "" {
			v, err := strconv.Atoi(r[col])
			if err != nil {
				t.Fatalf("Heat %d Conflict %q: %v", heat, r[col], err)
			}
			sum += v
		}
	}
	return sum
}

// checkClean runs dtm check and fails on any warning: among them, board
// calls or Conflict columns that do not match the heat sheets, and a
// power that breaks the power rule.
func checkClean(t *testing.T, tr *clitest.Transcript, book string) {
	t.Helper()
	if out := tr.Step(t, "check", book); strings.Contains(out, "warning") {
		t.Errorf("dtm check is not clean:\n%s", out)
	}
}

// callsMatch checks a heat's board calls against its sheet: each board's
// page lists its seven players by power, "who plays where" each seat
// (a player on two boards twice), and only the boards in top are titled
// "Board N · Top board".
func callsMatch(t *testing.T, book string, heat int, top ...int) {
	t.Helper()
	want := map[string]bool{}
	for _, s := range clitest.HeatSeats(t, book, heat) {
		want[fmt.Sprintf("%d %s %s", s.Board, s.Power, s.Player)] = true
	}
	pages, list := map[string]bool{}, map[string]bool{}
	board, titled := 0, []int{}
	for _, r := range clitest.SheetRows(t, book, fmt.Sprintf("Heat %d calls", heat)) {
		if len(r) == 0 {
			continue
		}
		if m := regexp.MustCompile(`^Board (\d+)( · Top board)?$`).FindStringSubmatch(r[0]); m != nil {
			board, _ = strconv.Atoi(m[1])
			if m[2] != "" {
				titled = append(titled, board)
			}
			continue
		}
		if slices.Contains(powerNames, r[0]) && len(r) > 6 && r[6] != "" {
			pages[fmt.Sprintf("%d %s %s", board, r[0], r[6])] = true
		}
		for c := 0; c+6 < len(r); c += 8 { // "Last, First", then board and power
			if last, first, ok := strings.Cut(r[c], ", "); ok && r[c+5] != "" {
				list[fmt.Sprintf("%s %s %s %s", r[c+5], r[c+6], first, last)] = true
			}
		}
	}
	for what, got := range map[string]map[string]bool{"board pages": pages, "who plays where": list} {
		if !maps.Equal(got, want) {
			t.Errorf("heat %d: the calls' %s do not match the heat sheet:\n got %v\nwant %v", heat, what, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
	}
	if !slices.Equal(titled, top) {
		t.Errorf("heat %d: boards %v titled Top board, want %v", heat, titled, top)
	}
}

// powerNames are the seven powers as the heat sheets name them.
var powerNames = []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}

// seededColumn is what the heat sheet's Conflict column should sum to
// after dtm seed printed out: each player's row holds what they pay, so a
// cost between two players (opponents met before, player conflicts,
// groups, team-mates, neighbours) is on both their rows, and a player's own
// (same power, power group, preference) on theirs; the breakdown's lines
// must add up to the printed total.
func seededColumn(t *testing.T, out string) int {
	t.Helper()
	m := regexp.MustCompile(`(?m)^total conflict (-?\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no total conflict in:\n%s", out)
	}
	total, _ := strconv.Atoi(m[1])
	pairs := map[string]bool{"opponents met before": true, "player conflicts": true, "groups": true, "team-mates": true,
		"neighbours again": true, "same power again": false, "power group again": false, "power preferences": false}
	sum, column := 0, 0
	for _, l := range regexp.MustCompile(`(?m)^  ([a-z -]+?)\s+(-?\d+)$`).FindAllStringSubmatch(out, -1) {
		pair, ok := pairs[l[1]]
		if !ok {
			t.Fatalf("unknown conflict line %q in:\n%s", l[0], out)
		}
		v, _ := strconv.Atoi(l[2])
		sum += v
		column += v
		if pair {
			column += v
		}
	}
	if sum != total {
		t.Errorf("the conflict lines sum to %d, the total is %d:\n%s", sum, total, out)
	}
	return column
}

// TestChampionshipDay replays a championship day of 31 players over three
// heats as a director runs it, every edit typed in LibreOffice: the power
// rule "different power every heat", a neighbour conflict of 5, power
// preferences, a top board multiplier of 2; heat 1 with players on two
// boards, heat 2 with a standby sitting out, then a drop-out replaced by a
// late arrival (dtm seed --late), heat 3 with a pool of the top seven.
// Console outputs and export files are golden (testdata/championship/);
// the anchors are worked by hand.
func TestChampionshipDay(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	book := filepath.Join(dir, "champ.xlsx")
	tr := &clitest.Transcript{Dir: dir}
	step := func(args ...string) string {
		t.Helper()
		return tr.Step(t, args...)
	}
	step("new", book, "--name", "Championship Day", "--heats", "3")

	// The Tournament sheet, as the director sets it.
	var settings []clitest.Edit
	for i, r := range clitest.SheetRows(t, book, "Tournament") {
		v, ok := map[string]any{"Power rule": "Different power every heat", "Top board multiplier": 2,
			"Conflict: same opponent again as a neighbour": 5, "Conflict: power preference": 2,
			"Maximum heats per player": 3}[r[0]]
		if ok {
			settings = append(settings, clitest.Edit{"op": "set_rows", "sheet": "Tournament", "cell": fmt.Sprintf("B%d", i+1), "rows": [][]any{{v}}})
		}
	}
	if len(settings) != 5 {
		t.Fatalf("found %d of the 5 settings", len(settings))
	}

	// Registration: 30 players and a standby (heats 1 and 2). Two players miss
	// heat 2, two will miss heat 3; six volunteer for two boards; four have
	// power preferences, with different first choices. The director adds
	// the columns dtm reads by their headers.
	core, standby, late := clitest.EventPlayers[:30], clitest.EventPlayers[30], clitest.EventPlayers[31]
	name := func(p [2]string) string { return p[0] + " " + p[1] }
	header := append(clitest.SheetRows(t, book, "Players")[0], "Standby", "Can play two boards", "Power preference")
	column := func(h string) int { return slices.Index(header, h) }
	volunteers := []int{2, 7, 12, 17, 22, 27}
	prefs := map[int]string{0: "FGIRT", 1: "EAG", 3: "TRA", 4: "GI"}
	firstChoice := map[string]string{"F": "France", "E": "England", "T": "Turkey", "G": "Germany"}
	missHeat2, missHeat3 := []int{10, 20}, []int{5, 15}
	dropOut := core[5] // seated in heat 2, drops out after the seeding
	row := func(p [2]string) []any {
		r := make([]any, len(header))
		r[column("First name")], r[column("Last name")], r[column("Country")] = p[0], p[1], "USA"
		return r
	}
	var rows [][]any
	for i, p := range core {
		r := row(p)
		for h := 1; h <= 3; h++ {
			if !(h == 2 && slices.Contains(missHeat2, i)) && !(h == 3 && slices.Contains(missHeat3, i)) {
				r[column(fmt.Sprintf("Heat %d", h))] = "Registered"
			}
		}
		if slices.Contains(volunteers, i) {
			r[column("Can play two boards")] = "Yes"
			if i == volunteers[1] {
				r[column("Can play two boards")] = true // typed TRUE
			}
		}
		if pr, ok := prefs[i]; ok {
			r[column("Power preference")] = pr
		}
		rows = append(rows, r)
	}
	r := row(standby)
	r[column("Heat 1")], r[column("Heat 2")], r[column("Standby")] = "Registered", "Registered", true // TRUE, a boolean cell
	rows = append(rows, r)
	clitest.LoEdits(t, book, append(settings,
		clitest.Edit{"op": "set_rows", "sheet": "Players", "cell": "A1", "rows": [][]any{toAny(header)}},
		clitest.Edit{"op": "set_rows", "sheet": "Players", "cell": "A2", "rows": rows}))
	checkClean(t, tr, book)

	// Power rule, across the event: never a power twice.
	powers := map[string][]string{}
	heatPowers := func(heat int) {
		for _, s := range clitest.HeatSeats(t, book, heat) {
			if slices.Contains(powers[s.Player], s.Power) {
				t.Errorf("heat %d: %s plays %s again (played %v): the power rule is broken", heat, s.Player, s.Power, powers[s.Player])
			}
			powers[s.Player] = append(powers[s.Player], s.Power)
		}
	}

	// Heat 1: 31 players, 31 mod 7 = 3, more than the one standby could
	// make up by sitting out, so the standby plays and 7 - 3 = 4 play two
	// boards: the first four volunteers by row (none has played two boards
	// yet).
	out := step("seed", book, "--seed", "7", "--two-boards", "auto")
	if !strings.Contains(out, "heat 1: 31 players on 5 boards, 4 of them on two boards") || strings.Contains(out, "sits out") {
		t.Errorf("heat 1: want 31 players on 5 boards, 4 on two, nobody sitting out:\n%s", out)
	}
	seats1 := clitest.HeatSeats(t, book, 1)
	if c, want := conflictSum(t, book, 1), seededColumn(t, out); c != want {
		t.Errorf("heat 1: the Conflict column sums to %d, dtm seed's summary to %d", c, want)
	}
	by1 := byPlayer(seats1)
	for i, p := range core {
		s := by1[name(p)]
		doubler := slices.Contains(volunteers[:4], i)
		switch {
		case doubler && len(s) != 2:
			t.Errorf("heat 1: volunteer %s has %d seats, want 2", name(p), len(s))
		case doubler && (s[0].Board == s[1].Board || s[0].Power == s[1].Power):
			t.Errorf("heat 1: %s plays two boards on one board or one power: %+v", name(p), s)
		case doubler && !strings.Contains(out, fmt.Sprintf("%s plays two boards in heat 1 (boards %d and %d)", name(p), s[0].Board, s[1].Board)):
			t.Errorf("heat 1: the summary does not say %s plays boards %d and %d:\n%s", name(p), s[0].Board, s[1].Board, out)
		case !doubler && len(s) != 1:
			t.Errorf("heat 1: %s has %d seats, want 1", name(p), len(s))
		}
		if pr, ok := prefs[i]; ok && len(s) > 0 && s[0].Power != firstChoice[pr[:1]] {
			// Heat 1 has no history: every first choice can be kept at no
			// cost, as the four first choices differ.
			t.Errorf("heat 1: %s (%s) plays %s, not the first choice", name(p), pr, s[0].Power)
		}
	}
	if n := len(by1[name(standby)]); n != 1 {
		t.Errorf("heat 1: the standby has %d seats, want 1", n)
	}
	heatPowers(1)
	checkClean(t, tr, book)
	callsMatch(t, book, 1)

	// Results: a doubler whose second power survives a five-way draw has
	// that draw on their second board; their first board draws seven ways;
	// the first board without them is a French solo; the rest draw. Their
	// heat score is the better game, the second board's: 33 - 8 = 25, not
	// 11 - 7 = 4.
	var dname string
	for _, v := range volunteers[:4] {
		if s := by1[name(core[v])]; s[1].Power != "Austria" && s[1].Power != "Russia" {
			dname = name(core[v])
			break
		}
	}
	if dname == "" {
		t.Fatalf("heat 1: no doubler plays a five-way draw survivor on their second board: %v", by1)
	}
	doubler := by1[dname]
	solo := 1
	for solo == doubler[0].Board || solo == doubler[1].Board {
		solo++
	}
	clitest.FinishBoards(t, book, 1, map[int]map[string][3]any{solo: clitest.SoloBoard, doubler[1].Board: clitest.FiveDrawBoard})
	kinds := map[[2]int]string{{1, solo}: "solo", {1, doubler[1].Board}: "five"}
	gameScore := func(heat int, s clitest.EventSeat) float64 {
		k, ok := kinds[[2]int{heat, s.Board}]
		if !ok {
			k = "draw"
		}
		return handScores[k][s.Power]
	}
	step("score", book)
	_, sc := champStandings(t, book)
	if got := sc[dname]; got.Heats[0].Score != 25 || got.Heats[0].Board != doubler[1].Board || got.Total != 25 {
		t.Errorf("heat 1: doubler %s (a seven-way draw on board %d, %s in a five-way draw on board %d) should score 25 on board %d, total 25: got %+v",
			dname, doubler[0].Board, doubler[1].Power, doubler[1].Board, doubler[1].Board, got)
	}

	// Heat 2: 28 players and the standby: the standby sits out.
	out = step("seed", book, "--seed", "7", "--sit-out", "auto")
	if !strings.Contains(out, "heat 2: 28 players on 4 boards") || !strings.Contains(out, name(standby)+" sits out heat 2") {
		t.Errorf("heat 2: want 28 seated and the standby sitting out:\n%s", out)
	}
	if c, want := conflictSum(t, book, 2), seededColumn(t, out); c != want {
		t.Errorf("heat 2: the Conflict column sums to %d, dtm seed's summary to %d", c, want)
	}
	checkClean(t, tr, book)
	before := clitest.HeatSeats(t, book, 2)

	// A player drops out and a late player arrives: the director marks the
	// one Sitting out and adds the other at the foot of the Players sheet.
	prows := clitest.SheetRows(t, book, "Players")
	dropRow := slices.IndexFunc(prows, func(r []string) bool { return len(r) > 1 && r[0]+" "+r[1] == name(dropOut) }) + 1
	cell := func(col, row int) string {
		c, err := excelize.CoordinatesToCellName(col+1, row)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	lr := row(late)
	lr[column("Heat 2")], lr[column("Heat 3")] = "Registered", "Registered"
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Players", "cell": cell(column("Heat 2"), dropRow), "rows": [][]any{{"Sitting out"}}},
		{"op": "set_rows", "sheet": "Players", "cell": cell(0, len(prows)+1), "rows": [][]any{lr}},
	})
	out = step("seed", book, "--late")
	var dropSeat clitest.EventSeat
	for _, s := range before {
		if s.Player == name(dropOut) {
			dropSeat = s
		}
	}
	if !strings.Contains(out, fmt.Sprintf("%s (late player) takes the seat of %s, who no longer plays heat 2 (board %d, %s)",
		name(late), name(dropOut), dropSeat.Board, dropSeat.Power)) {
		t.Errorf("heat 2: the late player should take the drop-out's seat:\n%s", out)
	}
	if c, want := conflictSum(t, book, 2), seededColumn(t, out); c != want {
		t.Errorf("heat 2 after --late: the Conflict column sums to %d, dtm seed's summary to %d", c, want)
	}
	after := clitest.HeatSeats(t, book, 2)
	if len(after) != len(before) {
		t.Fatalf("heat 2: %d seats after --late, %d before", len(after), len(before))
	}
	for i, s := range before {
		if s.Player == name(dropOut) {
			s.Player = name(late)
		}
		if after[i] != s {
			t.Errorf("heat 2: seat moved by --late: %+v, was %+v", after[i], before[i])
		}
	}
	checkClean(t, tr, book)
	callsMatch(t, book, 2)
	heatPowers(2)

	// Results: a solo on board 2, a five-way draw on board 3.
	clitest.FinishBoards(t, book, 2, map[int]map[string][3]any{2: clitest.SoloBoard, 3: clitest.FiveDrawBoard})
	kinds[[2]int{2, 2}], kinds[[2]int{2, 3}] = "solo", "five"
	step("score", book)

	// Heat 3: a pool of the top seven. The second in line declines it and
	// the fourth cannot stay for the last heat. The standings as LibreOffice
	// shows them.
	lo := lotest.CSV(t, book, "Standings")
	rankCol := slices.Index(lo[0], "Player")
	if rankCol < 0 {
		t.Fatalf("no Player column in the Standings: %v", lo[0])
	}
	plays3 := map[string]bool{name(late): true}
	for i, p := range core {
		plays3[name(p)] = !slices.Contains(missHeat3, i)
	}
	var line []string // those of the standings who play heat 3, in order
	for _, r := range lo[1:] {
		if len(r) > rankCol && plays3[r[rankCol]] {
			line = append(line, r[rankCol])
		}
	}
	decliner, leaver := line[1], line[3]
	prows = clitest.SheetRows(t, book, "Players")
	rowOf := func(n string) int {
		return slices.IndexFunc(prows, func(r []string) bool { return len(r) > 1 && r[0]+" "+r[1] == n }) + 1
	}
	declCol := len(prows[0])
	clitest.LoEdits(t, book, []clitest.Edit{
		{"op": "set_rows", "sheet": "Players", "cell": cell(declCol, 1), "rows": [][]any{{"Declines pool"}}},
		{"op": "set_rows", "sheet": "Players", "cell": cell(declCol, rowOf(decliner)), "rows": [][]any{{"Yes"}}},
		{"op": "clear", "sheet": "Players", "range": cell(column("Heat 3"), rowOf(leaver))},
	})
	out = step("seed", book, "--seed", "7", "--pool", "top 7")
	if c, want := conflictSum(t, book, 3), seededColumn(t, out); c != want {
		t.Errorf("heat 3: the Conflict column sums to %d, dtm seed's summary to %d", c, want)
	}
	var pool []string
	for _, n := range line {
		if n != decliner && n != leaver && len(pool) < 7 {
			pool = append(pool, n)
		}
	}
	var top []string
	for _, s := range clitest.HeatSeats(t, book, 3) {
		if s.Board == 1 {
			top = append(top, s.Player)
		}
	}
	if slices.Sort(top); !slices.Equal(top, slices.Sorted(slices.Values(pool))) {
		t.Errorf("heat 3: board 1 holds %v, the first seven of the standings who play and did not decline are %v", top, pool)
	}
	if !strings.Contains(out, "declined a pool seat (the next in line took it): "+decliner) {
		t.Errorf("heat 3: the summary should name %s as declining:\n%s", decliner, out)
	}
	checkClean(t, tr, book)
	callsMatch(t, book, 3, 1)
	heatPowers(3)

	// Results: the top board is a French solo, board 2 a five-way draw.
	clitest.FinishBoards(t, book, 3, map[int]map[string][3]any{1: clitest.SoloBoard, 2: clitest.FiveDrawBoard})
	kinds[[2]int{3, 1}], kinds[[2]int{3, 2}] = "solo", "five"
	out = step("score", book)

	// Hand-worked totals: each heat's better game, the top board's counting
	// twice (112 x 2 = 224 for its soloist). The heat sheet keeps the game
	// score.
	order, sc := champStandings(t, book)
	for h := 1; h <= 3; h++ {
		for n, ss := range byPlayer(clitest.HeatSeats(t, book, h)) {
			best, board := gameScore(h, ss[0]), ss[0].Board // the earlier board on a tie
			for _, s := range ss[1:] {
				if g := gameScore(h, s); g > best {
					best, board = g, s.Board
				}
			}
			if h == 3 && board == 1 {
				best *= 2
			}
			if got := sc[n].Heats[h-1]; got.Score != best || got.Board != board {
				t.Errorf("heat %d: %s scores %v on board %d, want %v on board %d (%+v)", h, n, got.Score, got.Board, best, board, ss)
			}
		}
	}
	for _, n := range pool {
		total := 0.0
		for _, h := range sc[n].Heats {
			total += h.Score
		}
		if sc[n].Total != total {
			t.Errorf("%s's total is %v, the sum of the heats %v", n, sc[n].Total, total)
		}
	}
	var soloist string
	for _, s := range clitest.HeatSeats(t, book, 3) {
		if s.Board == 1 && s.Power == "France" {
			soloist = s.Player
		}
	}
	if order[0].Name != soloist || sc[soloist].Heats[2].Score != 224 {
		t.Errorf("the top board's soloist %s should lead with 224 in heat 3:\n%s", soloist, out)
	}

	// Results files: the top board flagged, the doublers' games listed.
	step("export", "--csv", "--wdd", "--wdr", "--out", filepath.Join(dir, "results"), book)
	files := map[string]string{}
	for _, n := range []string{"Championship Day.csv", "Championship Day WDD classification.csv", "Championship Day WDD boards.csv",
		"Championship Day WDR.json"} {
		data, err := os.ReadFile(filepath.Join(dir, "results", n))
		if err != nil {
			t.Fatal(err)
		}
		files[n] = string(data)
		golden.Check(t, "testdata/championship/"+n, string(data))
	}
	checkWDD(t, files["Championship Day WDD boards.csv"], files["Championship Day WDD classification.csv"], dname, pool, sc)
	checkWDR(t, files["Championship Day WDR.json"], dname, sc)

	step("publish", "--out", filepath.Join(dir, "site"), book)
	if _, err := os.Stat(filepath.Join(dir, "site", "index.html")); err != nil {
		t.Errorf("dtm publish wrote no index.html: %v", err)
	}

	// The Standings as LibreOffice computes and shows them are dtm's.
	lo = lotest.CSV(t, book, "Standings")
	totalCol := slices.Index(lo[0], "Total")
	for i, p := range order {
		if i+1 >= len(lo) || lo[i+1][rankCol] != p.Name || lo[i+1][totalCol] != strconv.FormatFloat(p.Total, 'f', -1, 64) {
			t.Errorf("Standings row %d as LibreOffice shows it: %v; dtm: %s %v", i+2, lo[min(i+1, len(lo)-1)], p.Name, p.Total)
		}
	}
	noteCol := slices.Index(lo[0], "Dropped or multiplied")
	for _, r := range lo[1:] {
		if in := slices.Contains(pool, r[rankCol]); in != strings.Contains(r[noteCol], "heat 3 top board ×2") {
			t.Errorf("Standings: %s (on the top board: %v) notes %q", r[rankCol], in, r[noteCol])
		}
	}
	var shown strings.Builder
	for _, r := range lo {
		fmt.Fprintln(&shown, strings.Join(r, ","))
	}
	golden.Check(t, "testdata/championship/Standings as LibreOffice shows it.csv", shown.String())
	golden.Check(t, "testdata/championship/transcript.txt", tr.String())
}

// toAny converts a row of text to lo-edit's cells.
func toAny(row []string) []any {
	out := make([]any, len(row))
	for i, c := range row {
		out[i] = c
	}
	return out
}

// checkWDD checks the WDD files: the doubler's two heat-1 games are both
// in the boards file, each player's SCORE and R1 to R3 are dtm's total and
// heat scores, and exactly heat 3's board 1 is a top board, flagged for its
// seven players.
func checkWDD(t *testing.T, boards, classification, doubler string, pool []string, sc map[string]champScore) {
	t.Helper()
	n := 0
	for _, l := range strings.Split(boards, "\n") {
		f := strings.Split(l, ",")
		if len(f) > 3 && f[0]+" "+f[1] == doubler && f[3] == "1" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("WDD boards: %s has %d games in heat 1, want 2:\n%s", doubler, n, boards)
	}
	lines := strings.Split(strings.TrimSpace(classification), "\n")
	head := strings.Split(lines[0], ",")
	top, heat, board := slices.Index(head, "NAME_TOPBOARD"), slices.Index(head, "HEAT_TOPBOARD"), slices.Index(head, "BOARD_TOPBOARD")
	if top < 0 || heat < 0 || board < 0 {
		t.Fatalf("WDD classification: no top-board columns: %s", lines[0])
	}
	var flagged []string
	score, r1 := slices.Index(head, "SCORE"), slices.Index(head, "R1")
	for _, l := range lines[1:] {
		f := strings.Split(l, ",")
		p := sc[f[0]+" "+f[1]]
		if f[score] != strconv.FormatFloat(p.Total, 'f', -1, 64) {
			t.Errorf("WDD classification: %s SCORE %s, dtm's total %v", f[0]+" "+f[1], f[score], p.Total)
		}
		for h, hs := range p.Heats {
			if want := strconv.FormatFloat(hs.Score, 'f', -1, 64); hs.Board > 0 && f[r1+h] != want {
				t.Errorf("WDD classification: %s R%d %s, dtm's heat score %s", f[0]+" "+f[1], h+1, f[r1+h], want)
			}
		}
		if f[top] == "A" {
			flagged = append(flagged, f[0]+" "+f[1])
			// BOARD_TOPBOARD numbers the game in the tournament: 5 boards
			// in heat 1 and 4 in heat 2 make heat 3's board 1 game 10.
			if f[heat] != "3" || f[board] != "10" {
				t.Errorf("WDD classification: top board %s/%s, want heat 3 game 10: %s", f[heat], f[board], l)
			}
		}
	}
	if !slices.Equal(slices.Sorted(slices.Values(flagged)), slices.Sorted(slices.Values(pool))) {
		t.Errorf("WDD classification: top-board players %v, want the pool %v", flagged, pool)
	}
}

// checkWDR checks the WDR JSON: only heat 3's board 1 is a top board, the
// doubler has a game on each of their two boards in round 1, and each
// player's score is the sum of their rounds' and dtm's total.
func checkWDR(t *testing.T, data, doubler string, sc map[string]champScore) {
	t.Helper()
	var w struct {
		Rounds map[string]struct {
			Games map[string]struct {
				Board    int  `json:"board"`
				TopBoard bool `json:"top_board"`
				Players  map[string]struct {
					Name string `json:"name"`
				} `json:"players"`
			} `json:"games"`
		} `json:"rounds"`
		Results []struct {
			Name      string  `json:"player_name"`
			Score     float64 `json:"score"`
			Breakdown []struct {
				Round int     `json:"round"`
				Score float64 `json:"score"`
			} `json:"score_breakdown"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(data), &w); err != nil {
		t.Fatal(err)
	}
	games := 0
	for rn, r := range w.Rounds {
		for _, g := range r.Games {
			if g.TopBoard != (rn == "3" && g.Board == 1) {
				t.Errorf("WDR: round %s board %d top_board %v", rn, g.Board, g.TopBoard)
			}
			for _, p := range g.Players {
				if rn == "1" && p.Name == doubler {
					games++
				}
			}
		}
	}
	if games != 2 {
		t.Errorf("WDR: %s has %d games in round 1, want 2", doubler, games)
	}
	for _, r := range w.Results {
		sum := 0.0
		for _, b := range r.Breakdown {
			sum += b.Score
			if want := sc[r.Name].Heats[b.Round-1].Score; b.Score != want {
				t.Errorf("WDR: %s round %d scores %v, the Standings %v", r.Name, b.Round, b.Score, want)
			}
		}
		if r.Score != sum || r.Score != sc[r.Name].Total {
			t.Errorf("WDR: %s's score %v, the rounds sum to %v, dtm's total %v", r.Name, r.Score, sum, sc[r.Name].Total)
		}
	}
}
