package files

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/workbook"
)

// frame is one page of the projector's cycle: a title and one kind of
// content, in type large enough to read across a room. Each frame moves on
// to the next by itself (a meta refresh: no script), the last to the
// first.
type frame struct {
	File, Next, Title string
	Seconds           int
	N, Of             int
	Heats             []int           // the standings' heat columns
	Lines             []standingsLine // standings
	Boards            []*boardView    // board calls, or results with Results
	Results           bool
	Names             [][]callLine // who plays where, in columns
	Powers            []powerLine
	Awards            []awardLine
	Teams             []teamLine
	Reports           []reportLine
	Text              string
}

// reportLine is one state of a heat's results on the Board reports page and
// the boards in it: "Awaiting a second player", "3, 7-8".
type reportLine struct {
	State, Boards string
}

// How much one frame holds, in type readable from the back of a room.
const (
	frameLines      = 12 // standings, awards or teams
	frameBoards     = 3  // boards side by side
	frameNameRows   = 15 // lines of names in a column, a long name counting each line it wraps to
	frameNameCols   = 2
	frameNameWidth  = 18 // characters in a line of a column's names (docs/publish.md)
	frameHeatColumn = 5  // standings show heat columns up to this many heats
)

// projectorFrames makes the projector's cycle: the pages the policy
// chooses, in its order, each split into frames; what is withheld is not
// there.
func projectorFrames(s *Site, pub workbook.Publication) []*frame {
	var out []*frame
	add := func(f *frame) { out = append(out, f) }
	for _, kind := range pub.Projector {
		switch kind {
		case "Board calls":
			c := s.NextCalls
			if c == nil || s.heatFinished(c.Heat) {
				continue // no heat to call: the calls would be old news
			}
			for _, cols := range nameFrames(c.ByName) {
				add(&frame{Title: workbook.HeatSheet(c.Heat) + ": who plays where", Names: cols})
			}
			for i := 0; i < len(c.Boards); i += frameBoards {
				add(&frame{Title: fmt.Sprintf("%s: boards", workbook.HeatSheet(c.Heat)), Boards: c.Boards[i:min(len(c.Boards), i+frameBoards)]})
			}
		case "Standings":
			p := s.Current
			if p == nil {
				continue
			}
			for i := 0; i < len(p.Lines); i += frameLines {
				f := &frame{Title: p.Title, Lines: slices.Clone(p.Lines[i:min(len(p.Lines), i+frameLines)])}
				if len(p.Heats) <= frameHeatColumn {
					f.Heats = p.Heats
				} else {
					for k := range f.Lines {
						f.Lines[k].Heats = nil
					}
				}
				add(f)
			}
		case "Heat results":
			h := s.LastHeat
			if h == nil {
				continue
			}
			var done []*boardView
			for _, b := range h.Boards {
				if b.Status == workbook.ChoicesStatus[workbook.Finished] {
					done = append(done, b)
				}
			}
			for i := 0; i < len(done); i += frameBoards {
				add(&frame{Title: h.Title + ": results", Boards: done[i:min(len(done), i+frameBoards)], Results: true})
			}
		case "Best powers":
			var lines []powerLine
			for _, p := range s.Powers {
				if len(p.Games) > 0 {
					lines = append(lines, p)
				}
			}
			if len(lines) > 0 {
				add(&frame{Title: "Best powers", Powers: lines})
			}
		case "Awards":
			var lines []awardLine
			for _, a := range s.Awards {
				if len(a.Winners) > 0 {
					lines = append(lines, a)
				}
			}
			for i := 0; i < len(lines); i += frameLines {
				add(&frame{Title: "Awards", Awards: lines[i:min(len(lines), i+frameLines)]})
			}
		case "Board reports":
			for _, r := range s.Reports {
				f := &frame{Title: workbook.HeatSheet(r.Heat) + ": results"}
				for _, l := range []reportLine{{"Final", NumberRanges(r.Final)}, {"Awaiting a second player", NumberRanges(r.Awaiting)},
					{"Contested: see the director", NumberRanges(r.Contested)}, {"Not reported", NumberRanges(r.NotReported)}} {
					if l.Boards != "" {
						f.Reports = append(f.Reports, l)
					}
				}
				if r.Minutes != nil {
					f.Text = strings.ToUpper(SinceStart(*r.Minutes)[:1]) + SinceStart(*r.Minutes)[1:] + " (at " + s.Updated + ")."
				}
				add(f)
			}
		case "Team standings":
			if s.Teams == nil {
				continue
			}
			for i := 0; i < len(s.Teams.Lines); i += frameLines {
				add(&frame{Title: "Team standings", Teams: s.Teams.Lines[i:min(len(s.Teams.Lines), i+frameLines)]})
			}
		}
	}
	if len(out) == 0 {
		text := s.Description
		if text == "" {
			text = "Results will appear here."
		}
		add(&frame{Title: s.Name, Text: text})
	}
	count, seen := map[string]int{}, map[string]int{}
	for _, f := range out {
		count[f.Title]++
	}
	for i, f := range out {
		f.N, f.Of, f.Seconds = i+1, len(out), pub.ProjectorSeconds
		f.File = frameFile(i)
		f.Next = frameFile((i + 1) % len(out))
		if n := count[f.Title]; n > 1 {
			seen[f.Title]++
			f.Title += fmt.Sprintf(" (%d/%d)", seen[f.Title], n)
		}
	}
	return out
}

// nameFrames splits who plays where into frames of frameNameCols columns,
// each of at most frameNameRows lines of type: a long name counts each line
// it wraps to, so that no column runs off the bottom of the screen.
func nameFrames(names []callLine) [][][]callLine {
	var frames [][][]callLine
	used := 0
	for _, c := range names {
		n := min(nameLines(c.Shown, frameNameWidth), frameNameRows)
		if len(frames) == 0 || used+n > frameNameRows {
			if len(frames) == 0 || len(frames[len(frames)-1]) == frameNameCols {
				frames = append(frames, nil)
			}
			f := &frames[len(frames)-1]
			*f = append(*f, nil)
			used = 0
		}
		f := frames[len(frames)-1]
		f[len(f)-1] = append(f[len(f)-1], c)
		used += n
	}
	return frames
}

// frameFile names the i-th frame (from 0): projector.html, projector-2.html ...
func frameFile(i int) string {
	if i == 0 {
		return "projector.html"
	}
	return fmt.Sprintf("projector-%d.html", i+1)
}

// heatFinished reports whether every board of a heat has finished.
func (s *Site) heatFinished(heat int) bool {
	for _, h := range s.HeatPages {
		if h.Number == heat {
			return h.Finished == len(h.Boards)
		}
	}
	return true
}

// projectorPage writes a frame of the projector's cycle, a page of its own
// (no site header, no links), escaping each value as the other pages'
// writer does (rows.go).
func (w *htmlWriter) projectorPage(s *Site, f *frame) {
	w.alternate("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"+
		"<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta http-equiv=\"refresh\" content=\"",
		strconv.Itoa(f.Seconds), "; url=", f.Next, "\">\n<title>", f.Title, " · ", s.Name,
		"</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body class=\"projector\">\n\n"+
			"<header class=\"frame-head\"><span class=\"event\">", s.Name,
		"</span><span class=\"count\">", strconv.Itoa(f.N), " / ", strconv.Itoa(f.Of), "</span></header>\n<h1>", f.Title, "</h1>")
	if (len(f.Lines) > 0 || len(f.Awards) > 0 || len(f.Teams) > 0) && s.Provisional != "" {
		w.raw("\n<p class=\"provisional\">")
		w.text(s.Provisional)
		w.raw("</p>")
	}
	if len(f.Lines) > 0 {
		w.frameStandings(f)
	}
	if len(f.Boards) > 0 {
		w.frameBoards(f)
	}
	if len(f.Names) > 0 {
		w.raw("\n<div class=\"frame-names\">")
		for _, col := range f.Names {
			w.raw("\n<table>")
			for _, c := range col {
				w.raw(`<tr><td class="who">`)
				w.text(c.Shown)
				w.raw(`</td><td class="num board">`)
				w.int(c.Board.Board)
				if c.Board.Top {
					w.raw(` <span class="top">top</span>`)
				}
				w.raw(`</td>`)
				w.power(c.Power)
				w.raw(`</tr>`)
			}
			w.raw("\n</table>")
		}
		w.raw("\n</div>")
	}
	if len(f.Powers) > 0 {
		w.raw("\n<table>")
		for _, p := range f.Powers {
			g := p.Games[0]
			w.raw(`<tr>`)
			w.power(p.Power)
			w.alternate(`<td class="who">`, g.Player.Name, `</td><td class="small">heat `, strconv.Itoa(g.Board.Heat), ` board `, strconv.Itoa(g.Board.Board),
				`</td><td class="num">`, g.Centres, ` centres</td><td class="num total">`, g.Score, `</td></tr>`)
		}
		w.raw("\n</table>")
	}
	if len(f.Awards) > 0 {
		w.raw("\n<table>")
		for _, a := range f.Awards {
			w.alternate(`<tr><td>`, a.Name, `</td><td class="who">`)
			for i, winner := range a.Winners {
				if i > 0 {
					w.raw(", ")
				}
				w.text(winner.Name)
			}
			w.raw(`</td></tr>`)
		}
		w.raw("\n</table>")
	}
	if len(f.Teams) > 0 {
		w.raw("\n<table>")
		for _, t := range f.Teams {
			w.alternate(`<tr><td class="num">`, strconv.Itoa(t.Rank), `</td><td class="who">`, t.Name, `</td><td class="num total">`, t.Total, `</td></tr>`)
		}
		w.raw("\n</table>")
	}
	if len(f.Reports) > 0 {
		w.raw("\n<table>")
		for _, r := range f.Reports {
			w.alternate(`<tr><td>`, r.State, `</td><td class="num total">`, r.Boards, `</td></tr>`)
		}
		w.raw("\n</table>")
	}
	if f.Text != "" {
		w.raw(`<p class="lead">`)
		w.text(f.Text)
		w.raw(`</p>`)
	}
	w.raw("\n\n</body>\n</html>\n")
}

// frameStandings writes a frame's lines of the standings.
func (w *htmlWriter) frameStandings(f *frame) {
	w.raw("\n<table class=\"standings\">\n<thead><tr><th class=\"num\">Rank</th><th>Player</th>")
	for _, h := range f.Heats {
		w.raw(`<th class="num more">H`)
		w.int(h)
		w.raw(`</th>`)
	}
	w.raw("<th class=\"num\">Total</th></tr></thead>\n<tbody>")
	for _, l := range f.Lines {
		w.raw(`<tr><td class="num rank">`)
		w.int(l.Rank)
		w.raw(`</td>`)
		w.cell(`<td class="who">`, l.Player.Name)
		for _, h := range l.Heats {
			w.raw(`<td class="num more`)
			if h.Dropped {
				w.raw(` dropped`)
			}
			w.raw(`">`)
			w.text(h.Score)
			w.raw(`</td>`)
		}
		w.cell(`<td class="num total">`, l.Total)
		w.raw(`</tr>`)
	}
	w.raw("\n</tbody>\n</table>")
}

// frameBoards writes a frame's boards side by side: each board's seats,
// with their results when the frame shows them.
func (w *htmlWriter) frameBoards(f *frame) {
	w.raw("\n<div class=\"frame-boards\">")
	for _, b := range f.Boards {
		w.raw("\n<section>\n<h2>")
		w.boardName(b)
		if f.Results && b.Outcome != "" {
			w.raw(` <span class="small">`)
			w.text(b.Outcome)
			w.raw(`</span>`)
		}
		w.raw("</h2>\n<table>")
		for _, seat := range b.Seats {
			w.raw(`<tr`)
			if f.Results && seat.Won {
				w.raw(` class="won"`)
			}
			w.raw(`>`)
			w.power(seat.Power)
			w.raw(`<td class="who">`)
			if seat.Player != nil {
				w.text(seat.Player.Name)
			}
			w.raw(`</td>`)
			if f.Results {
				w.cell(`<td class="num">`, seat.Centres)
			}
			w.raw(`</tr>`)
		}
		w.raw("\n</table>\n</section>")
	}
	w.raw("\n</div>")
}

// alternate writes markup and values in turn: parts at even places as
// markup, those at odd places as text.
func (w *htmlWriter) alternate(parts ...string) {
	for i, p := range parts {
		if i%2 == 0 {
			w.raw(p)
		} else {
			w.text(p)
		}
	}
}
