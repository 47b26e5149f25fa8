package files

import (
	"strconv"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/workbook"
)

// TestPageFrameAsTemplates: a player's page written around the site's
// frame (its head and foot made once) is byte for byte the page the
// "player" template writes, on hostile names, with and without the
// standings, teams and a provisional note, and when a player's title is
// the site's name or the site's texts hold the frame's mark.
func TestPageFrameAsTemplates(t *testing.T) {
	hostile := `O'Brien & "Sons" <b>+1</b> é` + "\x00\u202e"
	for _, c := range []struct {
		name, site, provisional string
		current, teams          bool
	}{
		{"plain", "Armada Open", "", true, false},
		{"hostile", hostile, "Provisional: heat 3 boards 2, 5 in play", true, true},
		{"no standings", "Open <2026>", "", false, false},
		{"mark in the name", "The " + titleMark + " Open", "", true, false},
		{"a player named as the site", "Ann Lee", "", true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := &Site{Name: c.site, Updated: "27 November 2026, 12:00", Provisional: c.provisional, HasTeams: c.teams}
			if c.current {
				s.Current = &standingsPage{File: "standings.html"}
				s.LastHeat = &heatPage{File: "heat-1.html"}
			}
			if c.teams {
				s.Teams = &teamsPage{}
			}
			for i, name := range []string{"Ann Lee", hostile, "", "javascript:alert(1)"} {
				p := &playerPage{File: "player-" + string(rune('1'+i)) + ".html", Name: name, Country: hostile, Team: "Team " + hostile, Rank: i, Total: "−12.5"}
				s.Players = append(s.Players, p)
				s.Playing = append(s.Playing, p)
			}
			pages := map[string]string{}
			err := s.Render(workbook.Publication{}, func(name string, part []byte, first bool) error {
				if first {
					pages[name] = ""
				}
				pages[name] += string(part)
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range s.Playing {
				if got, want := pages[p.File], wholePage(t, "player", pageData{Site: s, Title: p.Name, Page: p}); got != want {
					t.Errorf("%s (%q): the page written around the frame differs from the template's:\n%s\nwant\n%s", p.File, p.Name, got, want)
				}
				if !strings.Contains(pages[p.File], "</html>") {
					t.Errorf("%s: no foot", p.File)
				}
			}
		})
	}
}

// TestRenderInParts: a page longer than pagePart is handed on in parts,
// none much longer than pagePart, which together are the page the
// templates write whole.
func TestRenderInParts(t *testing.T) {
	s := &Site{Name: "Big Open", Updated: "27 November 2026, 12:00"}
	for i := range 5000 {
		p := &playerPage{File: "player-" + strconv.Itoa(i+1) + ".html", Name: "Player " + strconv.Itoa(i+1) + ` <&"'>`, Country: "Country"}
		s.Players = append(s.Players, p)
		s.Playing = append(s.Playing, p)
	}
	pages, parts := map[string]string{}, map[string]int{}
	err := s.Render(workbook.Publication{}, func(name string, part []byte, first bool) error {
		if first != (parts[name] == 0) {
			t.Errorf("%s: part %d marked first %v", name, parts[name]+1, first)
		}
		if len(part) > pagePart+4096 {
			t.Errorf("%s: a part of %d bytes", name, len(part))
		}
		pages[name] += string(part)
		parts[name]++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	whole := wholePage(t, "players", pageData{Site: s, Title: "The players"})
	if want := len(whole)/pagePart + 1; parts["players.html"] != want {
		t.Errorf("players.html (%d bytes) came in %d parts, want %d", len(whole), parts["players.html"], want)
	}
	if pages["players.html"] != whole {
		t.Error("players.html: the parts differ from the page written whole")
	}
}

// wholePage is a page as its template writes it, held whole.
func wholePage(t *testing.T, name string, data pageData) string {
	t.Helper()
	var w htmlWriter
	tmpl, err := siteTemplates(&w)
	if err != nil {
		t.Fatal(err)
	}
	if err := tmpl.ExecuteTemplate(&w, name, data); err != nil {
		t.Fatal(err)
	}
	return string(w.b)
}
