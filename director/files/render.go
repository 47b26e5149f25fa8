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
// as soon as it is made: one page is held at a time.
func (s *Site) Render(pub workbook.Publication, write func(name string, page []byte) error) error {
	var buf htmlWriter
	tmpl, err := siteTemplates(&buf)
	if err != nil {
		return err
	}
	css, err := fs.ReadFile(templates.Site, "site/style.css")
	if err != nil {
		return fmt.Errorf("site style: %w", err)
	}
	if err := write("style.css", css); err != nil {
		return err
	}
	render := func(file, name, title string, page any) {
		if err != nil {
			return
		}
		buf.b = buf.b[:0]
		if e := tmpl.ExecuteTemplate(&buf, name, pageData{Site: s, Title: title, Page: page}); e != nil {
			err = fmt.Errorf("page %s: %w", file, e)
			return
		}
		err = write(file, buf.b)
	}
	render("index.html", "index", s.Name, nil)
	if s.Current != nil {
		render(s.Current.File, "standings", s.Current.Title, s.Current)
	}
	for _, p := range s.After {
		render(p.File, "standings", p.Title, p)
	}
	for _, p := range s.HeatPages {
		render(p.File, "heat", p.Title+": boards and results", p)
	}
	for _, p := range s.Calls {
		render(p.File, "calls", p.Title, p)
	}
	render("players.html", "players", "The players", nil)
	for _, p := range s.Playing {
		render(p.File, "player", p.Name, p)
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
		render(f.File, "projector", f.Title, f)
	}
	return err
}
