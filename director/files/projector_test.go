package files

import (
	"github.com/armada-dtm/dtm/workbook"
	"strconv"
	"strings"
	"testing"
)

// TestNameFrames: who plays where fills each column with at most
// frameNameRows lines of type, a long name counting each line it wraps
// to, and each frame with frameNameCols columns.
func TestNameFrames(t *testing.T) {
	short := callLine{Shown: "Carter, Chloe"}
	long := callLine{Shown: "Hohenzollern-Sigmaringen, Maximilian Alexander von"} // 4 lines of 18
	for _, tc := range []struct {
		name  string
		names []callLine
		want  string // frames separated by "|", columns by " ", each column its names' count
	}{
		{"none", nil, ""},
		{"one column", repeat(short, 15), "15"},
		{"two columns", repeat(short, 16), "15 1"},
		{"a second frame", repeat(short, 31), "15 15|1"},
		{"long names take their lines", repeat(long, 5), "3 2"},
		{"a long name moves to the next column", append(repeat(short, 13), long), "13 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var frames []string
			for _, f := range nameFrames(tc.names) {
				var cols []string
				for _, c := range f {
					lines := 0
					for _, n := range c {
						lines += nameLines(n.Shown, frameNameWidth)
					}
					if lines > frameNameRows {
						t.Errorf("a column of %d lines", lines)
					}
					cols = append(cols, strconv.Itoa(len(c)))
				}
				frames = append(frames, strings.Join(cols, " "))
			}
			if got := strings.Join(frames, "|"); got != tc.want {
				t.Errorf("nameFrames = %q, want %q", got, tc.want)
			}
		})
	}
}

func repeat(c callLine, n int) []callLine {
	out := make([]callLine, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// TestProjectorAsTemplate: every frame of the projector's cycle that dtm's
// writer makes is byte for byte the page the former "projector" template
// (testdata/former.tmpl) wrote, for every kind of frame, on hostile
// names, with and without a provisional note.
func TestProjectorAsTemplate(t *testing.T) {
	tmpl := formerTemplates(t)
	hostile := `O'Brien & "Sons" <b>+1</b> é` + "\x00\u202e"
	for _, c := range []struct {
		name, site, provisional, description string
		pub                                  workbook.Publication
	}{
		{"every kind", "Armada Open", "", "", workbook.Publication{Projector: workbook.ChoicesProjector, ProjectorSeconds: 20}},
		{"hostile", hostile, "Provisional: heat 3 boards 2, 5 in play <&>", "", workbook.Publication{Projector: workbook.ChoicesProjector, ProjectorSeconds: 600}},
		{"nothing to show", hostile, "", hostile, workbook.Publication{ProjectorSeconds: 5}},
		{"nothing and no description", "Open", "", "", workbook.Publication{ProjectorSeconds: 5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := projectorSite(c.site, c.provisional, c.description, hostile)
			frames := projectorFrames(s, c.pub)
			kinds := map[string]bool{}
			for _, f := range frames {
				var w htmlWriter
				w.projectorPage(s, f)
				var want strings.Builder
				if err := tmpl.ExecuteTemplate(&want, "projector", pageData{Site: s, Title: f.Title, Page: f}); err != nil {
					t.Fatal(err)
				}
				if string(w.b) != want.String() {
					t.Errorf("%s (%s): the writer's page differs from the template's:\n%s\nwant\n%s", f.File, f.Title, w.b, want.String())
				}
				kinds[strings.Fields(strings.Split(f.Title, ":")[0])[0]] = true
			}
			if len(c.pub.Projector) > 0 && len(frames) < 10 {
				t.Errorf("%d frames: not every kind was made (%v)", len(frames), kinds)
			}
		})
	}
}

// projectorSite is a site with something for every kind of projector frame,
// names taken from hostile.
func projectorSite(name, provisional, description, hostile string) *Site {
	s := &Site{Name: name, Provisional: provisional, Description: description, Updated: "28 November 2026, 01:02"}
	for i := range 9 {
		p := &playerPage{File: "player-" + strconv.Itoa(i+1) + ".html", Name: hostile + strconv.Itoa(i), Index: i}
		s.Players = append(s.Players, p)
	}
	board := func(n int, top bool, status string, outcome string) *boardView {
		b := &boardView{Heat: 2, Board: n, Top: top, Status: status, Outcome: outcome}
		for i, pw := range workbook.ChoicesPower {
			seat := seatView{Power: pw, Centres: strconv.Itoa(i), Won: i%3 == 0}
			if i != 5 { // an empty seat
				seat.Player = s.Players[i]
			}
			b.Seats = append(b.Seats, seat)
		}
		return b
	}
	finished := workbook.ChoicesStatus[workbook.Finished]
	boards := []*boardView{board(1, true, finished, hostile+" solo in 1907"), board(2, false, finished, ""), board(3, false, "In play", ""),
		board(4, false, finished, "3-way draw"), board(5, true, "Called", "")}
	heat := &heatPage{File: "heat-2.html", Title: "Heat 2", Number: 2, Boards: boards, Finished: 3}
	s.HeatPages, s.LastHeat = []*heatPage{heat}, heat
	calls := &callsPage{File: "calls-heat-2.html", Heat: 2, Boards: boards}
	for i, p := range s.Players {
		calls.ByName = append(calls.ByName, callLine{Shown: hostile + ", " + strconv.Itoa(i), Player: p, Board: boards[i%len(boards)], Power: workbook.ChoicesPower[i%7]})
	}
	for range 3 { // more than a frame's names
		calls.ByName = append(calls.ByName, calls.ByName...)
	}
	s.Calls, s.NextCalls = []*callsPage{calls}, calls
	s.Current = &standingsPage{File: "standings.html", Title: "Standings after heat 2 " + hostile, Heats: []int{1, 2}}
	for i, p := range append(s.Players, s.Players...) {
		s.Current.Lines = append(s.Current.Lines, standingsLine{Rank: i + 1, Player: p, Total: "−1" + strconv.Itoa(i),
			Heats: []heatCell{{Heat: 1, Score: "<" + strconv.Itoa(i), Dropped: i%2 == 0}, {Heat: 2}}})
	}
	s.Powers = []powerLine{{Power: "Austria", Games: []powerGame{{Player: s.Players[0], Board: boards[0], Centres: "18", Score: hostile}}}, {Power: "England"}}
	s.Awards = []awardLine{{Name: "Best " + hostile, Winners: []awardWinner{{Name: hostile}, {Name: "Ann"}}}, {Name: "None"}}
	s.Teams = &teamsPage{Lines: []teamLine{{Rank: 1, Name: hostile, Total: "12.5"}, {Rank: 2, Name: "B", Total: "−3"}}}
	minutes := 42
	s.Reports = []HeatReports{{Heat: 2, BoardReports: BoardReports{Minutes: &minutes, Final: []int{1, 2, 4}, Awaiting: []int{3}, NotReported: []int{5}}},
		{Heat: 3, BoardReports: BoardReports{Contested: []int{7}}}}
	return s
}
