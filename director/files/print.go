package files

import (
	"html/template"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The wall standings print the current standings in type read from three
// metres: names at 56 pt, whose capitals (about 14 mm high) subtend 16
// minutes of arc at 3 m, the smallest character ISO 9241-303 allows for
// reading. A landscape A4 or Letter page holds wallLines lines of that
// type, a line about wallRow characters wide (Letter's 255 mm between its
// margins at 0.65 em a character, a wide font's average, less some to
// spare); a name takes as many lines as it wraps to beside its rank and
// total.
const (
	wallLines = 7
	wallRow   = 16
)

// wallPage is one printed page of the wall standings.
type wallPage struct {
	N, Of int
	Lines []standingsLine
}

// wallPages splits the standings into printed pages of at most wallLines
// lines of type, a long name counting for each line it wraps to.
func wallPages(lines []standingsLine) []wallPage {
	var pages []wallPage
	used := 0
	for _, l := range lines {
		room := wallRow - utf8.RuneCountInString(strconv.Itoa(l.Rank)+l.Total)
		n := min(nameLines(l.Player.Name, max(room, 6)), wallLines)
		if len(pages) == 0 || used+n > wallLines {
			pages = append(pages, wallPage{})
			used = 0
		}
		p := &pages[len(pages)-1]
		p.Lines = append(p.Lines, l)
		used += n
	}
	for i := range pages {
		pages[i].N, pages[i].Of = i+1, len(pages)
	}
	return pages
}

// nameLines is how many lines of width characters a name wraps to: at its
// spaces and after its hyphens, a longer word broken where it must.
func nameLines(name string, width int) int {
	lines, used := 1, 0
	for _, word := range strings.FieldsFunc(strings.ReplaceAll(name, "-", "- "), func(r rune) bool { return r == ' ' }) {
		n := utf8.RuneCountInString(word)
		gap := 0
		if used > 0 {
			gap = 1 // a space, or room to spare after a hyphen
		}
		if used > 0 && used+gap+n > width {
			lines++
			used, gap = 0, 0
		}
		for n > width {
			lines++
			n -= width
		}
		used += gap + n
	}
	return lines
}

// certificate is one award winner's certificate, a printed page of its own.
type certificate struct {
	Award, Winner, Detail string
}

// certificates makes a certificate for each winner of each published
// award: a tie gives each of the tied their own.
func certificates(awards []awardLine) []certificate {
	var out []certificate
	for _, a := range awards {
		for _, w := range a.Winners {
			out = append(out, certificate{Award: a.Name, Winner: w.Name, Detail: a.Detail})
		}
	}
	return out
}

// wallSheets writes the wall standings' printed pages, a sheet each, a
// line a player.
func (w *htmlWriter) wallSheets(d pageData) template.HTML {
	s := d.Site
	for _, page := range s.Wall {
		w.spill()
		w.alternate("\n<section class=\"sheet\">\n<header><span>", s.Name, " · ", d.Title, "</span><span>", strconv.Itoa(page.N), " / ", strconv.Itoa(page.Of), "</span></header>")
		if s.Provisional != "" {
			w.alternate("\n<p class=\"provisional\">", s.Provisional, "</p>")
		}
		w.raw("\n<table class=\"wall\">\n<tbody>")
		for _, l := range page.Lines {
			w.raw("\n<tr")
			if !l.Qualified {
				w.raw(` class="unqualified"`)
			}
			w.alternate(`><td class="num rank">`, strconv.Itoa(l.Rank), `</td><td class="who">`, l.Player.Name, `</td><td class="num total">`, l.Total, `</td></tr>`)
		}
		w.raw("\n</tbody>\n</table>\n</section>")
	}
	return w.html()
}

// certificateSheets writes the award certificates, a printed sheet each.
func (w *htmlWriter) certificateSheets(s *Site) template.HTML {
	for _, c := range s.Certificates {
		w.spill()
		w.alternate("\n<section class=\"sheet certificate\">\n<p class=\"event\">", s.Name, "</p>\n<p class=\"award\">", c.Award,
			"</p>\n<p class=\"to\">awarded to</p>\n<p class=\"winner\">", c.Winner, "</p>")
		if c.Detail != "" {
			w.alternate("\n<p class=\"detail\">", c.Detail, "</p>")
		}
		if s.Date != "" {
			w.alternate("\n<p class=\"date\">", s.Date, "</p>")
		}
		w.raw("\n<p class=\"sign\"><span>Tournament director</span></p>\n</section>")
	}
	return w.html()
}

// awardWinners writes an award's winners, each player linking to their
// page, or a dash for none.
func (w *htmlWriter) awardWinners(a awardLine) template.HTML {
	if len(a.Winners) == 0 {
		w.raw("—")
	}
	for i, winner := range a.Winners {
		w.spill()
		if i > 0 {
			w.raw(", ")
		}
		if winner.Player != nil {
			w.playerLink(winner.Player)
		} else {
			w.text(winner.Name)
		}
	}
	return w.html()
}
