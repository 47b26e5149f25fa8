package files

import (
	"fmt"
	"html/template"
	"io/fs"
	"strings"

	"github.com/armada-dtm/dtm/templates"
	"github.com/armada-dtm/dtm/workbook"
)

// pageData is what every page template gets.
type pageData struct {
	Site  *Site
	Title string
	Page  any
}

// siteTemplates parses the page templates, to be executed into page (one
// page at a time), which writes their long parts (htmlWriter.funcs).
func siteTemplates(page *htmlWriter) (*template.Template, error) {
	t, err := template.New("site").Funcs(template.FuncMap{"lower": strings.ToLower}).Funcs(page.funcs()).ParseFS(templates.Site, "site/*.html")
	if err != nil {
		return nil, fmt.Errorf("site templates: %w", err)
	}
	return t, nil
}

// Render renders every page of the site, with the projector's cycle as the
// publication policy pub sets it, and hands each to write with its file name
// as it is made, a long page in parts of about pagePart bytes (first is set
// on a file's first part): at most a part of a page is held at a time.
func (s *Site) Render(pub workbook.Publication, write func(name string, part []byte, first bool) error) error {
	buf := htmlWriter{out: write}
	tmpl, err := siteTemplates(&buf)
	if err != nil {
		return err
	}
	css, err := fs.ReadFile(templates.Site, "site/style.css")
	if err != nil {
		return fmt.Errorf("site style: %w", err)
	}
	if err := write("style.css", css, true); err != nil {
		return err
	}
	render := func(file, name, title string, page any) {
		if err != nil {
			return
		}
		buf.start(file)
		if e := tmpl.ExecuteTemplate(&buf, name, pageData{Site: s, Title: title, Page: page}); e != nil {
			err = fmt.Errorf("page %s: %w", file, e)
			return
		}
		err = buf.end()
	}
	render("index.html", "index", s.Name, nil)
	if s.Current != nil {
		render(s.Current.File, "standings", s.Current.Title, s.Current)
	}
	for _, p := range s.After {
		if err != nil {
			break
		}
		s.writeStandings(p, func() { render(p.File, "standings", p.Title, p) })
	}
	for _, p := range s.HeatPages {
		render(p.File, "heat", p.Title+": boards and results", p)
	}
	for _, p := range s.Calls {
		render(p.File, "calls", p.Title, p)
	}
	render("players.html", "players", "The players", nil)
	fr, framed, ferr := newPageFrame(tmpl, s)
	if err == nil {
		err = ferr
	}
	for _, p := range s.Playing {
		if err != nil {
			break
		}
		s.writePlayer(p, func() {
			if !framed || p.Name == s.Name {
				render(p.File, "player", p.Name, p)
				return
			}
			// The "player" template's bytes, its head and foot made once.
			buf.start(p.File)
			fr.around(&buf, p.Name, func() { buf.playerBody(p) })
			err = buf.end()
		})
	}
	render("powers.html", "powers", "Best powers", nil)
	render("awards.html", "awards", "Awards", nil)
	if s.Teams != nil {
		render("teams.html", "teams", "Team standings", nil)
	}
	if s.Current != nil {
		render("wall.html", "wall", s.Current.Title, s.Current)
	}
	if len(s.Certificates) > 0 {
		render("certificates.html", "certificates", "Award certificates", nil)
	}
	if s.Scoring != nil {
		render("scoring.html", "scoring", "What each result scores", s.Scoring)
	}
	for _, c := range s.Clocks {
		render(c.File, "clock", c.Title, c)
	}
	for _, f := range projectorFrames(s, pub) {
		if err != nil {
			break
		}
		buf.start(f.File)
		buf.projectorPage(s, f)
		err = buf.end()
	}
	return err
}

// pageFrame is the head and the foot every page of a site shares, made
// once from base.html's templates rather than for each of the thousands of
// players' pages: the head in three parts around the page's title, which it
// shows twice (in <title> and <h1>), and the foot.
type pageFrame struct {
	head [3]string
	foot string
}

// titleMark stands for the page's title while the frame is made: text that
// escaping leaves as it is.
const titleMark = "dtm-page-title-9d41c7"

// newPageFrame makes a site's frame from the "head" and "foot" templates.
// ok is false when the site's own texts hold the mark: its pages are then
// executed whole. The frame stands only for pages whose title is not the
// site's name, which the head shows once.
func newPageFrame(tmpl *template.Template, s *Site) (fr pageFrame, ok bool, err error) {
	var head, foot strings.Builder
	data := pageData{Site: s, Title: titleMark}
	if err := tmpl.ExecuteTemplate(&head, "head", data); err != nil {
		return fr, false, fmt.Errorf("page head: %w", err)
	}
	if err := tmpl.ExecuteTemplate(&foot, "foot", data); err != nil {
		return fr, false, fmt.Errorf("page foot: %w", err)
	}
	parts := strings.Split(head.String(), titleMark)
	if len(parts) != 3 || strings.Contains(foot.String(), titleMark) {
		return fr, false, nil
	}
	return pageFrame{head: [3]string(parts), foot: foot.String()}, true, nil
}

// around writes a page titled title whose body writes what lies between
// the head and the foot, as {{template "head" .}}BODY{{template "foot" .}}
// does.
func (f *pageFrame) around(w *htmlWriter, title string, body func()) {
	w.raw(f.head[0])
	w.text(title)
	w.raw(f.head[1])
	w.text(title)
	w.raw(f.head[2])
	body()
	w.raw(f.foot)
}
