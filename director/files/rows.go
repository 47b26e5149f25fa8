package files

import (
	"bytes"
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// The site's long repeated parts (the standings' lines, the calls by
// name, the boards' seats, a player's chart and games, the list of
// players) are written here rather than by html/template, whose reflection
// and escaping cost about five times the rest of publishing on 10,003
// players. The templates call these functions where they would have ranged
// (htmlWriter.funcs); each writes exactly the bytes the template it
// replaces wrote, escaping each value as html/template escapes it in that
// place (rows_test.go holds them to html/template on hostile values).

// htmlWriter holds the page being made, reused for the next: the template
// is executed into it (Write), and the functions it calls append their
// parts to it where the template stands (a template writes each piece as
// it comes to it), returning nothing for the template to write: each part
// is made once, in place, never copied.
type htmlWriter struct {
	b []byte
	// out takes the page in parts of about pagePart bytes (spill), so
	// that a page of thousands of lines is never held whole: the page's
	// file name, the part, and whether it is the first (the file is then
	// made). Nil: the page is held whole.
	out   func(name string, part []byte, first bool) error
	name  string
	first bool
	err   error // from out
}

// pagePart is about how much of a page the writer holds before handing it
// on.
const pagePart = 256 << 10

// start begins the page of file name.
func (w *htmlWriter) start(name string) {
	w.b, w.name, w.first, w.err = w.b[:0], name, true, nil
}

// spill hands on what the page holds once it is pagePart or more: called
// between the rows of a long part.
func (w *htmlWriter) spill() {
	if len(w.b) < pagePart || w.out == nil || w.err != nil {
		return
	}
	w.err = w.out(w.name, w.b, w.first)
	w.b, w.first = w.b[:0], false
}

// end hands on the rest of the page.
func (w *htmlWriter) end() error {
	if w.err == nil {
		w.err = w.out(w.name, w.b, w.first)
	}
	return w.err
}

// Write appends what the template writes.
func (w *htmlWriter) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	w.spill()
	return len(p), nil
}

// funcs are the writer's fragments, as a template calls them.
func (w *htmlWriter) funcs() template.FuncMap {
	return template.FuncMap{
		"standingsRows":     w.standingsRows,
		"callRows":          w.callRows,
		"callBoards":        w.callBoards,
		"heatBoards":        w.heatBoards,
		"rankFigure":        w.rankFigure,
		"playerBody":        w.playerBody,
		"playerRows":        w.playerRows,
		"wallSheets":        w.wallSheets,
		"certificateSheets": w.certificateSheets,
		"awardWinners":      w.awardWinners,
	}
}

// html is what a function returns to the template, its part appended:
// nothing more to write.
func (w *htmlWriter) html() template.HTML { return "" }

// raw writes markup as it is.
func (w *htmlWriter) raw(s string) { w.b = append(w.b, s...) }

// int writes a number, as text or in an attribute.
func (w *htmlWriter) int(n int) { w.b = strconv.AppendInt(w.b, int64(n), 10) }

// num writes a float as html/template prints it (fmt's %v, escaped: the
// + of an exponent), formatted in place: only an exponent's + is escaped.
func (w *htmlWriter) num(f float64) {
	start := len(w.b)
	w.b = strconv.AppendFloat(w.b, f, 'g', -1, 64)
	if bytes.IndexByte(w.b[start:], '+') >= 0 {
		s := string(w.b[start:])
		w.b = w.b[:start]
		w.text(s)
	}
}

// text writes a value as text or in a quoted attribute: html/template's
// escaping there (its htmlEscaper and attrEscaper: NUL, quotes, &, +, <, >).
func (w *htmlWriter) text(s string) {
	start := 0
	for i := 0; i < len(s); i++ {
		if repl := escapes[s[i]]; repl != "" {
			w.b = append(append(w.b, s[start:i]...), repl...)
			start = i + 1
		}
	}
	w.b = append(w.b, s[start:]...)
}

// escapes is what text writes for each byte it replaces, "" for the
// others: one look-up a byte.
var escapes = [256]string{0: "\uFFFD", '"': "&#34;", '&': "&amp;", '\'': "&#39;", '+': "&#43;", '<': "&lt;", '>': "&gt;"}

// url writes a link's whole value (href="{{.}}"): html/template's filter
// of unsafe schemes, then its URL normalizer, then its attribute escaping.
func (w *htmlWriter) url(s string) {
	if scheme, _, ok := strings.Cut(s, ":"); ok && !strings.Contains(scheme, "/") &&
		!strings.EqualFold(scheme, "http") && !strings.EqualFold(scheme, "https") && !strings.EqualFold(scheme, "mailto") {
		s = "#ZgotmplZ"
	}
	w.text(urlEncode(s, true))
}

// fragment writes a link's part after its "#" (href="#{{.}}"):
// html/template's URL escaper, then its attribute escaping.
func (w *htmlWriter) fragment(s string) { w.text(urlEncode(s, false)) }

// urlEncode percent-encodes what html/template's URL normalizer (norm) or
// escaper encodes.
func urlEncode(s string, norm bool) string {
	var b []byte
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', strings.IndexByte("-._~", c) >= 0:
			continue
		case norm && strings.IndexByte("!#$&*+,/:;=?@[]", c) >= 0:
			continue
		case norm && c == '%' && i+2 < len(s) && isHexDigit(s[i+1]) && isHexDigit(s[i+2]): // an escape already
			continue
		}
		b = fmt.Appendf(append(b, s[start:i]...), "%%%02x", c)
		start = i + 1
	}
	if b == nil {
		return s
	}
	return string(append(b, s[start:]...))
}

// isHexDigit reports whether c is a hexadecimal digit.
func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// cell writes a table's cell: its opening tag, then value as text.
func (w *htmlWriter) cell(open, value string) {
	w.raw(open)
	w.text(value)
	w.raw("</td>")
}

// power writes a power's cell: <td class="power france">France</td>.
func (w *htmlWriter) power(p string) {
	w.raw(`<td class="power `)
	w.text(strings.ToLower(p))
	w.raw(`">`)
	w.text(p)
	w.raw(`</td>`)
}

// playerLink writes a link to a player's page: escaped once a player, as
// a player is linked from some thirty pages.
func (w *htmlWriter) playerLink(p *playerPage) {
	if p.link != "" {
		w.raw(p.link)
		return
	}
	start := len(w.b)
	w.raw(`<a href="`)
	w.url(p.File)
	w.raw(`">`)
	w.text(p.Name)
	w.raw(`</a>`)
	p.link = string(w.b[start:])
}

// boardCell writes a board's cell in a list: its number, linking to its
// card on page ("" for this one), and the mark of a top board.
func (w *htmlWriter) boardCell(page string, b *boardView) {
	w.raw(`<td class="num board"><a href="`)
	w.raw(page) // dtm's own name of a heat's page
	w.raw("#")
	w.fragment(b.Anchor)
	w.raw(`">`)
	w.int(b.Board)
	w.raw(`</a>`)
	if b.Top {
		w.raw(` <span class="top">top</span>`)
	}
	w.raw(`</td>`)
}

// standingsRows is the standings' table body, a line a player.
func (w *htmlWriter) standingsRows(p *standingsPage) template.HTML {
	for _, l := range p.Lines {
		w.spill()
		w.raw("\n<tr")
		if !l.Qualified {
			w.raw(` class="unqualified"`)
		}
		w.raw(`><td class="num rank">`)
		w.int(l.Rank)
		w.raw(`</td><td class="who">`)
		w.playerLink(l.Player)
		if l.TieBreak != "" {
			w.raw(`<span class="note">`)
			w.text(l.TieBreak)
			w.raw(`</span>`)
		}
		w.raw(`</td>`)
		for _, h := range l.Heats {
			w.raw(`<td class="num more`)
			if h.Dropped {
				w.raw(` dropped`)
			}
			w.raw(`" data-label="H`)
			w.int(h.Heat)
			w.raw(`">`)
			w.text(h.Score)
			w.raw(`</td>`)
		}
		w.raw(`<td class="num total">`)
		w.text(l.Total)
		w.raw(`</td></tr>`)
	}
	return w.html()
}

// callRows is the calls' table body by name, a line a player.
func (w *htmlWriter) callRows(p *callsPage) template.HTML {
	for _, c := range p.ByName {
		w.spill()
		w.raw("\n<tr id=\"")
		w.text(c.Player.Anchor)
		w.raw(`"><td class="who"><a href="`)
		w.url(c.Player.File)
		w.raw(`">`)
		w.text(c.Shown)
		w.raw(`</a></td>`)
		w.boardCell("", c.Board)
		w.power(c.Power)
		w.raw(`</tr>`)
	}
	return w.html()
}

// cardHead opens a board's card and its heading (an h2 or h3 tag) with the
// board's name.
func (w *htmlWriter) cardHead(b *boardView, tag string) {
	w.raw("\n<section class=\"boardcard\" id=\"")
	w.text(b.Anchor)
	w.raw("\">\n<" + tag + ">")
	w.boardName(b)
}

// boardName writes a board's name in a heading, "Board 3", with the mark
// of a top board.
func (w *htmlWriter) boardName(b *boardView) {
	w.raw("Board ")
	w.int(b.Board)
	if b.Top {
		w.raw(` <span class="top">Top board</span>`)
	}
}

// seats writes a board's table of seats (base.html's "seats" wrote it):
// with each power's result, year and centres when results, and its score
// when scores too.
func (w *htmlWriter) seats(b *boardView, results, scores bool) {
	w.raw("\n<div class=\"scroll\">\n<table class=\"board fold\">\n<thead><tr><th class=\"power\">Power</th><th class=\"who\">Player</th>")
	if results {
		w.raw(`<th class="more">Result</th><th class="num more">Year</th><th class="num more">Centres</th>`)
		if scores {
			w.raw(`<th class="num score">Score</th>`)
		}
	}
	w.raw("</tr></thead>\n<tbody>")
	for _, s := range b.Seats {
		w.raw("\n<tr")
		if s.Won {
			w.raw(` class="won"`)
		}
		w.raw(">")
		w.power(s.Power)
		w.raw(`<td class="who">`)
		if s.Player != nil {
			w.playerLink(s.Player)
		}
		w.raw("\n</td>")
		if results {
			w.cell(`<td class="more">`, s.Result)
			w.cell(`<td class="num more" data-label="year">`, s.Year)
			w.cell(`<td class="num more" data-label="centres">`, s.Centres)
			if scores {
				w.cell(`<td class="num score">`, s.Score)
			}
		}
		w.raw("</tr>")
	}
	w.raw("\n</tbody>\n</table>\n</div>\n")
}

// callBoards is the calls' cards, a board each, with its seats.
func (w *htmlWriter) callBoards(p *callsPage) template.HTML {
	for _, b := range p.Boards {
		w.spill()
		w.cardHead(b, "h3")
		w.raw("</h3>\n<p class=\"small\">")
		w.text(b.System)
		w.raw("</p>\n")
		w.seats(b, false, false)
		w.raw("\n</section>")
	}
	return w.html()
}

// heatBoards is a heat's cards, a board each: its status, outcome, seats
// with their results, and its centre chart when recorded.
func (w *htmlWriter) heatBoards(p *heatPage) template.HTML {
	for _, b := range p.Boards {
		w.spill()
		w.cardHead(b, "h2")
		w.raw(` <span class="status `)
		w.text(strings.ToLower(b.Status))
		w.raw(`">`)
		w.text(b.Status)
		w.raw("</span></h2>\n<p class=\"small\">")
		w.text(b.System)
		if b.Outcome != "" {
			w.raw(" · ")
			w.text(b.Outcome)
		}
		w.raw("</p>\n")
		w.seats(b, true, p.Scores)
		if len(b.Years) > 0 {
			w.raw("\n<div class=\"scroll\">\n<table class=\"chart-table\">\n<caption>Centre chart</caption>\n<thead><tr><th>Power</th>")
			for _, y := range b.Years {
				w.raw(`<th class="num">`)
				w.int(y)
				w.raw(`</th>`)
			}
			w.raw("</tr></thead>\n<tbody>")
			for _, s := range b.Seats {
				w.raw("<tr>")
				w.power(s.Power)
				for _, c := range s.Chart {
					w.raw(`<td class="num">`)
					w.text(c)
					w.raw(`</td>`)
				}
				w.raw("</tr>")
			}
			w.raw("\n</tbody>\n</table>\n</div>")
		}
		w.raw("\n</section>")
	}
	return w.html()
}

// rankFigure is a player's chart of ranks heat by heat, or nothing
// without one.
func (w *htmlWriter) rankFigure(c rankChart) template.HTML {
	if len(c.Dots) == 0 {
		return w.html()
	}
	w.raw("\n<figure class=\"chart rank\">\n<svg viewBox=\"0 0 ")
	w.int(c.Width)
	w.raw(" ")
	w.int(c.Height)
	w.raw("\" role=\"img\" aria-label=\"Rank heat by heat\">\n")
	for _, y := range []float64{c.Top, c.Bottom} {
		w.raw(`<line x1="30" y1="`)
		w.num(y)
		w.raw(`" x2="`)
		w.int(c.Width)
		w.raw(`" y2="`)
		w.num(y)
		w.raw("\" class=\"grid\"/>\n")
	}
	w.label(26, c.TopText, "axislabel", "end", "1")
	w.raw("\n")
	w.label(26, c.BottomText, "axislabel", "end", strconv.Itoa(c.Players))
	for _, t := range c.Ticks {
		w.label(t.X, c.TickY, "axislabel", "middle", t.Label)
	}
	w.raw("\n<polyline points=\"")
	w.text(c.Points)
	w.raw("\" class=\"rankline\"/>")
	for _, d := range c.Dots {
		w.raw(`<circle cx="`)
		w.num(d.X)
		w.raw(`" cy="`)
		w.num(d.Y)
		w.raw(`" r="5" class="dot"/>`)
		w.label(d.X, d.TextY, "value", "middle", d.Label)
	}
	w.raw("\n</svg>\n<figcaption>Rank after each heat</figcaption>\n</figure>\n")
	return w.html()
}

// label writes a chart's text at x, y.
func (w *htmlWriter) label(x, y float64, class, anchor, text string) {
	w.raw(`<text x="`)
	w.num(x)
	w.raw(`" y="`)
	w.num(y)
	w.raw(`" class="`)
	w.raw(class)
	w.raw(`" text-anchor="`)
	w.raw(anchor)
	w.raw(`">`)
	w.text(text)
	w.raw("</text>")
}

// playerBody is a player's page between its head and its foot: the
// player's country, team, rank and total, the chart of ranks, and the
// table of games.
func (w *htmlWriter) playerBody(p *playerPage) template.HTML {
	w.raw("\n\n<p>")
	w.text(p.Country)
	if p.Team != "" {
		w.raw(" · team ")
		w.text(p.Team)
	}
	if p.Rank != 0 {
		w.raw(" · rank ")
		w.int(p.Rank)
		w.raw(", total ")
		w.text(p.Total)
	}
	w.raw("</p>\n")
	w.rankFigure(p.Chart)
	w.raw("\n<div class=\"scroll\">\n<table class=\"games fold\">\n<thead><tr><th class=\"num heat\">Heat</th><th class=\"num board\">Board</th>" +
		"<th class=\"power\">Power</th><th class=\"more\">Result</th><th class=\"num more\">Centres</th><th class=\"num score\">Score</th></tr></thead>\n<tbody>")
	w.gameRows(p)
	w.raw("\n</tbody>\n</table>\n</div>\n\n")
	return w.html()
}

// gameRows is a player's table body of games, a line a heat.
func (w *htmlWriter) gameRows(p *playerPage) {
	if len(p.Games) == 0 {
		w.raw(`<tr><td colspan="6">No games yet.</td></tr>`)
	}
	for _, g := range p.Games {
		w.raw(`
<tr><td class="num heat">`)
		w.int(g.Heat)
		w.raw(`</td>`)
		w.boardCell("heat-"+strconv.Itoa(g.Heat)+".html", g.Board)
		w.power(g.Power)
		w.raw(`<td class="more">`)
		if g.Result != "" {
			w.text(g.Result)
		} else {
			w.text(g.Status)
		}
		w.raw(`</td><td class="num more" data-label="centres">`)
		w.text(g.Centres)
		w.raw(`</td><td class="num score">`)
		w.text(g.Score)
		w.raw(`</td></tr>`)
	}
}

// playerRows is the list of players' table body, a line a player who
// takes part, with their team and rank when the site has them.
func (w *htmlWriter) playerRows(s *Site) template.HTML {
	teams, ranked := s.HasTeams, s.Current != nil
	for _, p := range s.Playing {
		w.spill()
		w.raw("\n<tr><td class=\"who\">")
		w.playerLink(p)
		w.raw(`</td>`)
		w.cell(`<td>`, p.Country)
		if teams {
			w.cell(`<td>`, p.Team)
		}
		if ranked {
			w.cell(`<td class="num">`, strconv.Itoa(p.Rank))
		}
		w.raw(`</tr>`)
	}
	return w.html()
}
