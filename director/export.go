package director

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// ExportRequest says which results files to write for a workbook, and
// where.
type ExportRequest struct {
	Path    string
	CSV     bool // the DTM's CSV of the standings
	WDD     bool // the World Diplomacy Database's upload files and award list
	WDR     bool // the World Diplomacy Reference's JSON
	Ratings bool // the summary of the rating lists' inputs
	// Provisional allows the WDD and WDR files while boards are in play.
	Provisional bool
	// Out is the folder to write into; "" for the workbook's.
	Out string
	// Verbose warns about each player without an id rather than about
	// them all in one line per database.
	Verbose bool
}

// ExportResult lists the files written, and what the director may want to
// fix before sending them: boards set back from Finished whose results no
// longer count, and the players in the WDD or WDR files without an id
// there.
type ExportResult struct {
	// Provisional names the boards in play ("provisional: heat 3 boards
	// 2, 5 in play"); empty when none is.
	Provisional string
	Files       []string
	Warnings    workbook.Problems
}

// ErrProvisional refuses the WDD and WDR files while boards are in play:
// those databases keep what they are sent as the event's result.
var ErrProvisional = errors.New("the standings are provisional")

// Export scores a workbook and writes the results files it is asked for,
// named after the tournament. The workbook is not changed.
func Export(req ExportRequest) (*ExportResult, error) {
	b, event, table, err := openScored(req.Path, false)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	inPlay := b.InPlay()
	note := workbook.ProvisionalNote(inPlay)
	if note != "" && (req.WDD || req.WDR) && !req.Provisional {
		return nil, fmt.Errorf("%s: %w (%s): the WDD and WDR keep what they are sent as the event's result; "+
			"finish those boards (or run again with --provisional to send standings that will change); nothing written",
			req.Path, ErrProvisional, strings.TrimPrefix(note, "provisional: "))
	}
	dir := req.Out
	if dir == "" {
		dir = filepath.Dir(req.Path)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, wrapf(err, "export: the folder for the files")
	}
	base := filepath.Join(dir, fileName(t.Settings.Name))
	out, err := exportFiles(b, event, table, base, req)
	if err != nil {
		return nil, err
	}
	played := make([]bool, len(t.Players))
	for _, s := range table.Players {
		played[s.Player] = s.Played > 0
	}
	res := &ExportResult{Provisional: note, Warnings: append(unfinishedResults(t), MissingIDs(t, played, req.WDD, req.WDR, req.Verbose)...)}
	findings, err := federationFindings(out, base, req.Verbose)
	if err != nil {
		return nil, err
	}
	res.Warnings = append(res.Warnings, findings...)
	for _, name := range slices.Sorted(maps.Keys(out)) {
		if err := workbook.WriteFile(name, out[name].Bytes()); err != nil {
			return res, wrapf(err, "export")
		}
		res.Files = append(res.Files, name)
	}
	return res, nil
}

// federationFiles are the endings of the files export writes for the WDD
// and the WDR, which dtm validate checks.
var federationFiles = []string{" WDD classification.csv", " WDD boards.csv", " WDD awards.csv", " WDR.json"}

// federationFindings checks the WDD and WDR files export is about to write
// (out, named base plus their ending) as dtm validate does. Each finding is
// a warning at its file and line: results a director typed can break a
// federation's rule (Tom Hurst's published example has boards of 35
// centres), and the director should know before sending them. Past three
// findings a file, the rest are counted unless verbose.
func federationFindings(out map[string]*bytes.Buffer, base string, verbose bool) (workbook.Problems, error) {
	var paths []string
	var data [][]byte
	for _, ending := range federationFiles {
		if buf, ok := out[base+ending]; ok {
			paths, data = append(paths, base+ending), append(data, buf.Bytes())
		}
	}
	res, err := validateFiles(paths, data)
	if err != nil {
		return nil, fmt.Errorf("export: checking the federation files: %w", err)
	}
	const hint = "the federation may refuse the file: if the workbook's results are wrong, correct them and export again " +
		"(docs/exports.md explains each code)"
	var ps workbook.Problems
	for _, f := range res.Files {
		for i, fd := range f.Findings {
			if i == warningsShown && !verbose {
				ps = append(ps, workbook.Problem{File: f.Path, Msg: fmt.Sprintf("%d more finding(s) of dtm validate", len(f.Findings)-i),
					Hint: "-v lists every one, as dtm validate does"})
				break
			}
			ps = append(ps, workbook.Problem{File: f.Path, Line: fd.Line, Msg: strings.TrimSpace(fd.Code+" "+fd.Where) + ": " + fd.Message, Hint: hint})
		}
	}
	return ps, nil
}

// exportFiles makes the results files req asks for, by name (base and each
// file's ending), from a scored workbook.
func exportFiles(b *workbook.Book, event scoring.Event, table scoring.Table, base string, req ExportRequest) (map[string]*bytes.Buffer, error) {
	t := b.Tournament
	out := map[string]*bytes.Buffer{}
	if req.CSV {
		out[base+".csv"] = new(bytes.Buffer)
		if err := files.WriteDTM(out[base+".csv"], files.NewReport(t.Settings.Name, event, table)); err != nil { // no room for a note
			return nil, err
		}
	}
	r := results(t, event, table)
	r.InPlay, r.Finished = b.InPlay(), b.Finished()
	if req.WDD {
		classification, boards, awards := new(bytes.Buffer), new(bytes.Buffer), new(bytes.Buffer)
		if err := files.WriteWDD(classification, boards, awards, r); err != nil {
			return nil, err
		}
		out[base+" WDD classification.csv"], out[base+" WDD boards.csv"], out[base+" WDD awards.csv"] = classification, boards, awards
	}
	if req.WDR {
		out[base+" WDR.json"] = new(bytes.Buffer)
		if err := files.WriteWDR(out[base+" WDR.json"], r); err != nil {
			return nil, err
		}
	}
	if req.Ratings {
		out[base+" ratings.txt"] = new(bytes.Buffer)
		if err := files.WriteRatings(out[base+" ratings.txt"], r); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// WriteText says whether the standings are provisional, lists the files
// written, then the warnings.
func (r *ExportResult) WriteText(w io.Writer) {
	if r.Provisional != "" {
		fmt.Fprintln(w, r.Provisional)
	}
	for _, f := range r.Files {
		fmt.Fprintf(w, "wrote %s\n", f)
	}
	writeWarnings(w, r.Warnings)
}

// writeWarnings prints warnings, one per line.
func writeWarnings(w io.Writer, ps workbook.Problems) {
	for _, p := range ps {
		fmt.Fprintf(w, "warning: %s\n", p)
	}
}

// results gathers what the WDD, WDR and ratings files are written from.
func results(t *workbook.Tournament, event scoring.Event, table scoring.Table) files.Results {
	r := files.Results{Name: t.Settings.Name, Event: event, Table: table, Players: exportPlayers(t), Charts: charts(t),
		Top: map[files.Chart]bool{}, Systems: map[files.Chart]string{}, EventClass: t.Settings.EventClass,
		Replacements: map[files.Chart][]files.Replacement{}}
	for i := range t.Heats {
		h := &t.Heats[i]
		top := h.TopBoards()
		r.HeatSystems = append(r.HeatSystems, t.SystemName(h, &workbook.Game{}))
		r.Days, r.Dates = append(r.Days, h.Day), append(r.Dates, h.Date)
		for j := range h.Games {
			g := &h.Games[j]
			r.Top[files.Chart{Heat: h.Number, Board: g.Board}] = top[g.Board]
			r.Systems[files.Chart{Heat: h.Number, Board: g.Board}] = t.SystemName(h, g)
			for _, s := range g.Seats {
				if g.Scored && s.Replaced >= 0 {
					c := files.Chart{Heat: h.Number, Board: g.Board}
					r.Replacements[c] = append(r.Replacements[c], files.Replacement{Power: dip.Power(s.Power), Player: s.Replaced, Year: s.ReplacedIn})
				}
			}
		}
	}
	return r
}

// exportPlayers returns what the results files need of each player: the
// names, ids and nationality, and the Players sheet's Country as the WDD
// location code (a country's name such as France becomes its code, FRA).
func exportPlayers(t *workbook.Tournament) []files.ExportPlayer {
	out := make([]files.ExportPlayer, len(t.Players))
	for i, p := range t.Players {
		loc := p.Country
		if code, ok := workbook.CountryCode(p.Country); ok {
			loc = code
		}
		out[i] = files.ExportPlayer{Name: p.Name, First: p.First, Last: p.Last, Location: loc, Nationality: p.Nationality,
			WDDID: p.WDDID, WDRID: p.WDRID}
	}
	return out
}

// charts returns the centre chart of every scored game that has one.
func charts(t *workbook.Tournament) map[files.Chart][]scoring.Year {
	out := map[files.Chart][]scoring.Year{}
	for _, h := range t.Heats {
		for _, g := range h.Games {
			if sg := workbook.ScoringGame(&g); g.Scored && len(sg.History) > 0 {
				out[files.Chart{Heat: h.Number, Board: g.Board}] = sg.History
			}
		}
	}
	return out
}

// maxExportName is the most bytes of a tournament's name in an export's
// file name: with the longest ending (" WDD classification.csv") it stays
// within the 255 bytes most file systems take.
const maxExportName = 200

// fileName makes a tournament's name safe as a file name inside the
// export folder: no separators or characters Windows refuses, no control
// or invisible formatting characters (a right-to-left override, U+202E,
// shows the rest of a file's name backwards), no leading dots (a
// tournament named ".." must not write into the parent folder) nor
// trailing ones (Windows drops them), no name Windows reserves for a
// device, and at most maxExportName bytes.
func fileName(name string) string {
	name = strings.Map(func(r rune) rune {
		switch {
		case strings.ContainsRune(`/\:*?"<>|`, r) || unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp):
			return '_'
		case unicode.Is(unicode.Cf, r) || r == utf8.RuneError:
			return -1
		}
		return r
	}, strings.TrimSpace(name))
	name = strings.TrimRight(workbook.CutName(strings.TrimLeft(name, ". "), maxExportName), ". ")
	if name == "" {
		return "tournament"
	}
	if device.MatchString(name) {
		name = "_" + name
	}
	return name
}

// device matches the names Windows keeps for devices, with or without an
// extension.
var device = regexp.MustCompile(`(?i)^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)`)
