package director

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// PublishRequest says which workbook to publish, and where.
type PublishRequest struct {
	Path string
	// Out is the site's folder; "" for the default, "NAME site" beside the
	// workbook (NAME is the workbook's file name without .xlsx).
	Out string
	// Now is the time the pages say they were updated; zero for now.
	Now time.Time
}

// PublishResult lists what publishing wrote.
type PublishResult struct {
	Dir     string
	Files   []string // written, in the site's folder
	Removed []string // pages of an earlier publish that are now withheld or gone
	// Withheld says what the publication policy kept off the site.
	Withheld []string
	// Provisional names the boards in play ("provisional: heat 3 boards
	// 2, 5 in play"); empty when none is.
	Provisional string
}

// Publish makes the tournament's static site from a workbook that has no
// problems: standings, heats, board calls, players, best powers, awards,
// team standings, the projector's cycle and the room clocks, leaving out
// what the Tournament sheet's publication policy withholds. The workbook is
// not changed; the site's folder is remembered beside it so that dtm score
// and dtm seed refresh the site.
func Publish(req PublishRequest) (*PublishResult, error) {
	b, event, table, err := openScored(req.Path, true)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	dir := req.Out
	if dir == "" {
		dir = files.DefaultSiteDir(req.Path)
	}
	site, err := files.NewSiteWriter(dir)
	if err != nil {
		return nil, err
	}
	defer site.Abort()
	now := req.Now
	if now.IsZero() {
		now = time.Now()
	}
	// What the workbook's file itself tells (which heats are in play,
	// their board reports) is read first; then the file is let go, so
	// that building the site and its pages does not hold it too.
	inPlay := b.InPlay()
	var heats []workbook.HeatStatus
	for _, h := range b.Tournament.Heats {
		heats = append(heats, b.HeatStatus(h.Number))
	}
	reports, err := boardReports(b, heats, now)
	if err != nil {
		return nil, err
	}
	digest := b.Digest()
	if err := b.Release(); err != nil {
		return nil, err
	}
	s, err := files.BuildSite(b.Tournament, event, table, now.Format("2 January 2006, 15:04"))
	if err != nil {
		return nil, err
	}
	s.MarkProvisional(inPlay)
	if sys, ok := b.Tournament.SystemByName(b.Tournament.Settings.System); ok {
		compiled, err := scoring.Compile(sys.Definition())
		if err != nil { // checked by openScored: cannot happen
			return nil, wrapf(err, "scoring system %q", sys.Name)
		}
		s.AddScoring(compiled.Definition(), scoring.CommonResults(compiled))
	}
	for i, st := range heats {
		if underWay(st.State) {
			s.Reports = append(s.Reports, files.HeatReports{Heat: st.Heat, BoardReports: reports[i]})
		}
	}
	if err := s.Render(b.Tournament.Settings.Publication, site.Write); err != nil {
		return nil, err
	}
	removed, err := site.Commit(req.Path, digest)
	if err != nil {
		return nil, err
	}
	res := &PublishResult{Dir: dir, Files: site.Files(), Removed: removed, Withheld: s.Withheld, Provisional: workbook.ProvisionalNote(inPlay)}
	pointer := []byte(files.SitePointerText(req.Path, dir))
	if old, err := os.ReadFile(files.SitePointer(req.Path)); err != nil || !bytes.Equal(old, pointer) {
		if err := workbook.WriteFile(files.SitePointer(req.Path), pointer); err != nil {
			return res, wrapf(err, "publish")
		}
	}
	return res, nil
}

// refreshSite publishes a workbook again into the folder it was published
// to, if it was, after a command that wrote it (wrote) or left it as it was;
// it returns nil when there is nothing to refresh: no site, or, when the
// command wrote nothing, a site published from the workbook's file as it
// is (files.SiteCurrent).
func refreshSite(path string, wrote bool) *SiteRefresh {
	dir := files.PublishedSite(path)
	if dir == "" || !wrote && files.SiteCurrent(dir, path) {
		return nil
	}
	res, err := Publish(PublishRequest{Path: path, Out: dir})
	r := &SiteRefresh{Dir: dir, Err: err}
	if res != nil {
		r.Pages = len(res.Files)
	}
	return r
}

// SiteRefresh is what dtm score or dtm seed did to the published site.
type SiteRefresh struct {
	Dir   string
	Pages int
	Err   error // the site could not be refreshed (the workbook was saved)
}

// WriteText says what was refreshed, or why not.
func (r *SiteRefresh) WriteText(w io.Writer) {
	if r == nil {
		return
	}
	if r.Err != nil {
		fmt.Fprintf(w, "warning: the site in %s was NOT refreshed: %v (run dtm publish to retry)\n", r.Dir, r.Err)
		return
	}
	fmt.Fprintf(w, "refreshed the site in %s (%d files)\n", r.Dir, r.Pages)
}

// WriteText says whether the standings are provisional, lists the folder
// written and what was withheld.
func (r *PublishResult) WriteText(w io.Writer) {
	pages, clocks := 0, 0
	for _, f := range r.Files {
		if strings.HasSuffix(f, ".html") {
			pages++
		}
		if strings.HasPrefix(f, "clock-heat-") {
			clocks++
		}
	}
	if r.Provisional != "" {
		fmt.Fprintln(w, r.Provisional)
	}
	fmt.Fprintf(w, "wrote %d pages to %s: open %s\n", pages, r.Dir, filepath.Join(r.Dir, "index.html"))
	if len(r.Removed) > 0 {
		fmt.Fprintf(w, "removed %d page(s) no longer published: %s\n", len(r.Removed), strings.Join(r.Removed, ", "))
	}
	for _, s := range r.Withheld {
		fmt.Fprintf(w, "withheld: %s\n", s)
	}
	fmt.Fprintf(w, "projector: %s\n", filepath.Join(r.Dir, "projector.html"))
	if clocks > 0 {
		fmt.Fprintf(w, "room clocks: %s (one per heat)\n", filepath.Join(r.Dir, "clock-heat-1.html"))
	}
}
