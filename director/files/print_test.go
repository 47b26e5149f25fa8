package files

import (
	"html/template"
	"strconv"
	"strings"
	"testing"
)

// TestNameLines: a name wraps at its spaces and after its hyphens, a word
// longer than the line is broken.
func TestNameLines(t *testing.T) {
	for _, c := range []struct {
		name  string
		width int
		want  int
	}{
		{"Maya Moreau", 11, 1},
		{"Maya Moreau", 10, 2},
		{"Maximilian Alexander von Hohenzollern-Sigmaringen", 14, 4}, // Maximilian / Alexander von / Hohenzollern- / Sigmaringen
		{"Hubert Blaine Wolfeschlegelsteinhausenbergerdorff", 14, 4}, // Hubert Blaine / 35 letters on three lines
		{"Jean-Baptiste Emmanuel", 14, 2},
		{"", 14, 1},
	} {
		if got := nameLines(c.name, c.width); got != c.want {
			t.Errorf("nameLines(%q, %d) = %d, want %d", c.name, c.width, got, c.want)
		}
	}
}

// TestWallPages: a page holds wallLines lines, a long name counting each
// line it wraps to; the pages are numbered.
func TestWallPages(t *testing.T) {
	line := func(rank int, name string) standingsLine {
		return standingsLine{Rank: rank, Total: "100", Player: &playerPage{Name: name}}
	}
	var lines []standingsLine
	for i := range 15 {
		lines = append(lines, line(i+1, "Ann Bo"))
	}
	pages := wallPages(lines)
	if len(pages) != 3 || len(pages[0].Lines) != wallLines || len(pages[2].Lines) != 1 || pages[2].N != 3 || pages[2].Of != 3 {
		t.Errorf("15 short names: %d pages of %d, %d lines", len(pages), len(pages[0].Lines), len(pages[len(pages)-1].Lines))
	}
	// 5 lines at 12 a line beside "2" and "100": Hubert / Blaine / 35
	// letters on three lines; with the two before and after, a full page.
	long := line(2, "Hubert Blaine Wolfeschlegelsteinhausenbergerdorff")
	pages = wallPages([]standingsLine{line(1, "Ann Bo"), long, line(3, "Cy Di"), line(4, "Ed Fa"), line(5, "Gu Ha")})
	if len(pages) != 2 || len(pages[0].Lines) != 3 || len(pages[1].Lines) != 2 {
		t.Errorf("a long name: %d pages, %d and %d lines", len(pages), len(pages[0].Lines), len(pages[len(pages)-1].Lines))
	}
}

// TestPrintedAsTemplates: the wall standings, the certificates and the
// awards dtm's writer makes are byte for byte the pages the former
// templates (testdata/former.tmpl) wrote, on hostile names, unqualified
// players, ties, teams, a provisional note and a date, and with none.
func TestPrintedAsTemplates(t *testing.T) {
	hostile := `O'Brien & "Sons" <b>+1</b> é` + "\x00\u202e"
	for _, c := range []struct {
		name, site, provisional, date string
		lines                         int
	}{
		{"plain", "Armada Open", "", "", 20},
		{"hostile", hostile, "Provisional: heat 3 boards 2, 5 in play <&>", "28 November " + hostile, 30},
		{"no lines", "Open", "", "", 0},
	} {
		s := &Site{Name: c.site, Provisional: c.provisional, Date: c.date, Current: &standingsPage{Title: "Standings after heat 3 " + hostile}}
		for i := range c.lines {
			p := &playerPage{File: "player-" + strconv.Itoa(i+1) + ".html", Name: hostile + strconv.Itoa(i)}
			if i%3 == 0 {
				p.Name = "Ann Lee"
			}
			s.Current.Lines = append(s.Current.Lines, standingsLine{Rank: i + 1, Player: p, Total: "\u2212" + strconv.Itoa(i), Qualified: i%4 != 0})
			if i%7 == 0 {
				s.Awards = append(s.Awards, awardLine{Name: "Best " + hostile, Detail: strings.Repeat(hostile, i%2)})
			}
			a := &s.Awards[len(s.Awards)-1]
			if i%2 == 0 {
				a.Winners = append(a.Winners, awardWinner{Player: p, Name: p.Name})
			} else {
				a.Winners = append(a.Winners, awardWinner{Name: "Team " + hostile}) // a team's award
			}
		}
		if c.lines > 0 {
			s.Awards = append(s.Awards, awardLine{Name: "Unawarded"})
		}
		s.Wall, s.Certificates = wallPages(s.Current.Lines), certificates(s.Awards)
		for _, page := range []string{"wall", "certificates", "awards"} {
			t.Run(c.name+"/"+page, func(t *testing.T) {
				data := pageData{Site: s, Title: s.Current.Title, Page: s.Current}
				var want strings.Builder
				if err := formerTemplates(t).ExecuteTemplate(&want, "former "+page, data); err != nil {
					t.Fatal(err)
				}
				if got := wholePage(t, page, data); got != want.String() {
					t.Errorf("the writer's page differs from the template's:\n%s\nwant\n%s", got, want.String())
				}
			})
		}
	}
}

// formerTemplates are the site's templates with those dtm's writer
// replaced (testdata/former.tmpl) beside them.
func formerTemplates(t *testing.T) *template.Template {
	t.Helper()
	tmpl, err := siteTemplates(&htmlWriter{})
	if err != nil {
		t.Fatal(err)
	}
	return template.Must(tmpl.ParseFiles("testdata/former.tmpl"))
}
