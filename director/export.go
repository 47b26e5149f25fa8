package director

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// ExportRequest says which results files to write for a workbook, and
// where.
type ExportRequest struct {
	Path string
	CSV  bool // the DTM's CSV of the standings
	WDD  bool // the World Diplomacy Database's two upload files
	// Out is the folder to write into; "" for the workbook's.
	Out string
}

// ExportResult lists the files written.
type ExportResult struct{ Files []string }

// Export scores a workbook and writes the results files it is asked for,
// named after the tournament. The workbook is not changed.
func Export(req ExportRequest) (*ExportResult, error) {
	if !req.CSV && !req.WDD {
		return nil, usagef("say which files to write: --csv, --wdd or both")
	}
	b, event, table, err := openScored(req.Path)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	dir := req.Out
	if dir == "" {
		dir = filepath.Dir(req.Path)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, wrapf(err, "export: the folder for the files")
	}
	base := filepath.Join(dir, fileName(t.Settings.Name))
	files := map[string]*bytes.Buffer{}
	if req.CSV {
		files[base+".csv"] = new(bytes.Buffer)
		if err := WriteDTM(files[base+".csv"], NewReport(t.Settings.Name, event, table)); err != nil {
			return nil, err
		}
	}
	if req.WDD {
		classification, boards := new(bytes.Buffer), new(bytes.Buffer)
		if err := WriteWDD(classification, boards, event, table, exportPlayers(t), charts(t)); err != nil {
			return nil, err
		}
		files[base+" WDD classification.csv"], files[base+" WDD boards.csv"] = classification, boards
	}
	res := &ExportResult{}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := workbook.WriteFile(name, files[name].Bytes()); err != nil {
			return res, wrapf(err, "export")
		}
		res.Files = append(res.Files, name)
	}
	return res, nil
}

// WriteText lists the files written.
func (r *ExportResult) WriteText(w io.Writer) {
	for _, f := range r.Files {
		fmt.Fprintf(w, "wrote %s\n", f)
	}
}

// exportPlayers returns what the WDD files need of each player: first and
// last name, and the Players sheet's Country as the WDD location code.
func exportPlayers(t *workbook.Tournament) []ExportPlayer {
	out := make([]ExportPlayer, len(t.Players))
	for i, p := range t.Players {
		out[i] = ExportPlayer{First: p.First, Last: p.Last, Location: p.Country}
	}
	return out
}

// charts returns the centre chart of every scored game that has one.
func charts(t *workbook.Tournament) map[Chart][]scoring.Year {
	out := map[Chart][]scoring.Year{}
	for _, h := range t.Heats {
		for _, g := range h.Games {
			if sg := workbook.ScoringGame(&g); g.Scored && len(sg.History) > 0 {
				out[Chart{Heat: h.Number, Board: g.Board}] = sg.History
			}
		}
	}
	return out
}

// fileName makes a tournament's name safe as a file name inside the
// export folder: no separators or characters Windows refuses, no leading
// dots (a tournament named ".." must not write into the parent folder).
func fileName(name string) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	name = strings.TrimLeft(name, ". ")
	if name == "" {
		return "tournament"
	}
	return name
}
