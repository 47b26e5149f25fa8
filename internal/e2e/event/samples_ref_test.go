package event

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
)

// hurstPath is Tom Hurst's worked example as a workbook.
const hurstPath = "samples/hurst-example.xlsx"

// hurstRounds is the example of shared/reference/seeds/hurst-tournament-mean.txt:
// per round, per game, the player number (P1 = 1) and centres of Austria,
// England, France, Germany, Italy, Russia and Turkey.
var hurstRounds = [2][3][7][2]int{
	{
		{{1, 6}, {2, 5}, {3, 10}, {4, 0}, {5, 8}, {6, 6}, {7, 0}},
		{{8, 10}, {9, 0}, {10, 8}, {11, 6}, {12, 5}, {13, 0}, {14, 6}},
		{{15, 6}, {16, 6}, {17, 0}, {18, 5}, {19, 0}, {20, 10}, {21, 8}},
	},
	{
		{{19, 0}, {16, 6}, {13, 10}, {10, 5}, {7, 6}, {4, 0}, {1, 8}},
		{{20, 5}, {17, 0}, {14, 8}, {11, 6}, {8, 10}, {5, 0}, {2, 6}},
		{{21, 0}, {18, 10}, {15, 6}, {12, 6}, {9, 8}, {6, 0}, {3, 5}},
	},
}

// buildHurst writes the Hurst example: 21 players, two heats of three games,
// scored by the Hurst Tournament Mean; finished lists how many heats are
// marked finished.
func buildHurst(t testing.TB, path string, finished int) {
	t.Helper()
	f, set := clitest.NewBook(t, path, "--name", "Hurst Tournament Mean example", "--heats", "2")
	fixture.SetSetting(t, f, "Description", "Tom Hurst, The Flying Dutchman No. 9 (April 1980): the worked example")
	fixture.SetSetting(t, f, "Tournament scoring", "Hurst Tournament Mean")
	for p := 1; p <= 21; p++ {
		set("Players", "A"+strconv.Itoa(p+1), "P"+strconv.Itoa(p), "Hurst")
	}
	powers := []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
	for r, games := range hurstRounds {
		status := "Finished"
		if r >= finished {
			status = "Started"
		}
		for g, seats := range games {
			for k, seat := range seats {
				row := strconv.Itoa(2 + 7*g + k)
				set("Heat "+strconv.Itoa(r+1), "A"+row, g+1, status, nil, powers[k], "P"+strconv.Itoa(seat[0])+" Hurst", nil, nil, seat[1])
			}
		}
	}
	clitest.FinishSample(t, f, path)
}

// standingsJSON runs dtm score --dry-run --json.
func standingsJSON(t *testing.T, path string) map[string]struct {
	Rank  int
	Total float64
} {
	t.Helper()
	code, out, errOut := clitest.Dtm(t, "score", "--dry-run", "--json", path)
	if code != 0 {
		t.Fatalf("dtm score %s: exit %d\n%s%s", path, code, out, errOut)
	}
	var r struct {
		Players []struct {
			Name  string
			Rank  int
			Total float64
		}
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	got := map[string]struct {
		Rank  int
		Total float64
	}{}
	for _, p := range r.Players {
		got[p.Name] = struct {
			Rank  int
			Total float64
		}{p.Rank, p.Total}
	}
	return got
}

// TestHurstExample checks P1's scores in Hurst's article: -1.3333 after the
// first round (6 as Austria; Austria's mean (6+10+6)/3 = 7.3333), 2.0000
// after the second ((6-4.5) + (8-5.5)) / 2 with Austria's mean 27/6 and
// Turkey's 33/6.
func TestHurstExample(t *testing.T) {
	if golden.Update() {
		buildHurst(t, hurstPath, 2)
	}
	if got := standingsJSON(t, hurstPath)["P1 Hurst"]; got.Total != 2.0 {
		t.Errorf("P1 after two rounds: %v, want 2.0000", got.Total)
	}
	one := t.TempDir() + "/hurst-round1.xlsx"
	buildHurst(t, one, 1)
	if got := standingsJSON(t, one)["P1 Hurst"]; got.Total != -1.3333 {
		t.Errorf("P1 after one round: %v, want -1.3333", got.Total)
	}
}

// dipconPath is the DipCon XXXIV standings of the DTM manual (section 14).
const dipconPath = "samples/dipcon-xxxiv.xlsx"

// dipconScores are the manual's heat scores and totals, in its order.
var dipconScores = []struct {
	first, last string
	heats       [4]float64
	total       float64
}{
	{"David", "Hood", [4]float64{58, 23, 113, 59}, 230},
	{"Yarden", "Livnat", [4]float64{25, 25, 114, 58}, 197},
	{"Tom", "Kobrin", [4]float64{25, 23, 112, 60}, 197},
	{"Spencer", "Bernard", [4]float64{114, -5, 36, 26}, 176},
	{"Dave", "Scully", [4]float64{112, -11, 35, 26}, 173},
	{"Eric", "Jurgeleit", [4]float64{-3, 112, -4, 60}, 169},
	{"Jerry", "Fest", [4]float64{57, 113, -3, -7}, 167},
	{"Taylor", "Hayward", [4]float64{58, 34, -7, 58}, 150},
	{"Chris", "Martin", [4]float64{112, -3, -7, 35}, 144},
	{"Edi", "Birsan", [4]float64{-5, 23, 117, -5}, 135},
	{"Matt", "Shields", [4]float64{-2, 13, 35, 58}, 106},
	{"Chris", "Bowers", [4]float64{35, 34, -3, 35}, 104},
	{"Jon", "Saul", [4]float64{-2, 38, -11, 59}, 95},
	{"Matt", "Drew", [4]float64{34, 25, -11, 35}, 94},
}

// buildDipcon writes the manual's 14 players over four heats. Their games
// are recorded as seven-way draws, and each heat score the manual prints is
// entered as the director's Score override; the tournament multiplies its
// lowest heat by 0 and breaks ties by the 2002 Regatta chain.
func buildDipcon(t testing.TB, path string) {
	t.Helper()
	f, set := clitest.NewBook(t, path, "--name", "DipCon XXXIV", "--heats", "4")
	fixture.SetSetting(t, f, "Description", "The 34th North American Championship, Denver, 16-18 February 2001: the DTM manual's Scores screen (section 14)")
	fixture.SetSetting(t, f, "Lowest heats: how many", 1)
	fixture.SetSetting(t, f, "Tie-breaks", "Regatta 2002")
	for i, p := range dipconScores {
		set("Players", "A"+strconv.Itoa(i+2), p.first, p.last)
	}
	powers := []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
	for h := 0; h < 4; h++ {
		for i, p := range dipconScores {
			// Even-numbered lines on board 1, odd on board 2: Yarden Livnat and Tom Kobrin never meet.
			board, seat := 1+i%2, i/2
			row := strconv.Itoa(2 + 7*(board-1) + seat)
			set("Heat "+strconv.Itoa(h+1), "A"+row, board, "Finished", nil, powers[(seat+h)%7], p.first+" "+p.last,
				"Win", 1907, []int{5, 5, 5, 5, 5, 5, 4}[seat], nil, nil, nil, p.heats[h])
		}
	}
	clitest.FinishSample(t, f, path)
}

// TestDipconStandings checks the manual's totals and ranks: every total is
// the four heats minus the lowest (David Hood: 58+23+113+59-23 = 230), and
// Yarden Livnat ranks above Tom Kobrin on 197 by the 2002 chain's second
// rule, the higher dropped score (25 against 23), as the manual lists them.
func TestDipconStandings(t *testing.T) {
	if golden.Update() {
		buildDipcon(t, dipconPath)
	}
	got := standingsJSON(t, dipconPath)
	for i, p := range dipconScores {
		name := p.first + " " + p.last
		if g := got[name]; g.Total != p.total || g.Rank != i+1 {
			t.Errorf("%s: rank %d, total %v; the manual has %d. and %v", name, g.Rank, g.Total, i+1, p.total)
		}
	}
}
