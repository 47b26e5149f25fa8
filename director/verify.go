package director

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/version"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// VerifyRequest names a workbook to verify, and optionally the folder of
// its exported files to compare and a certificate to re-check.
type VerifyRequest struct {
	Path string
	// Files is the folder holding the workbook's exports (dtm export); ""
	// compares none.
	Files string
	// Certificate is a certificate printed by an earlier dtm verify, to
	// re-check against the workbook; "" for none.
	Certificate string
}

// VerifyResult is what dtm verify found: every difference between what the
// workbook (and its exports) show and what its inputs give, notes on what
// could not be checked, and the certificate of a clean run.
type VerifyResult struct {
	Path string
	// Differences are located: "Standings!D7: shows 81.5, the results
	// give 83.25".
	Differences workbook.Problems
	// Notes say what was not checked and why (a heat seeded by an older
	// dtm cannot be replayed).
	Notes []string
	// Checked counts what was compared, for the certificate.
	Players, Heats, Games, Replayed, Files int
	// Certificate is the run's certificate; printed only when the run is
	// clean.
	Certificate Certificate
	// Recheck, with VerifyRequest.Certificate, says what changed since
	// that certificate was printed.
	Recheck *Recheck
}

// Certificate is what a clean dtm verify attests: which dtm verified the
// workbook and the digests of its inputs and outputs, sheet by sheet.
type Certificate struct {
	Workbook, Version string
	Inputs, Outputs   []workbook.SheetDigest
}

// Recheck compares a certificate printed earlier with the workbook now.
type Recheck struct {
	Path string
	// Version is the dtm that printed the certificate.
	Version string
	// Changed are the lines that differ: "input Players changed",
	// "output Standings is new".
	Changed []string
}

// ErrNotVerified is dtm verify's failure: a difference, or a certificate
// that no longer holds.
var ErrNotVerified = errors.New("not verified")

// Verify recomputes every game score, total, rank, tie-break, award and
// team total of a workbook from its inputs with the code dtm score uses,
// and compares them with what the workbook shows: the Standings, Team
// Standings and Awards tabs, the heat sheets' Score and Conflict columns
// and the board calls. It never writes the workbook.
func Verify(req VerifyRequest) (*VerifyResult, error) {
	b, event, table, err := openScored(req.Path, false)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	// The exports leave boards in play out, as dtm export reads the
	// workbook; the tabs hold them as they stand, as dtm score wrote them.
	exported := &VerifyResult{}
	if req.Files != "" {
		if err := verifyFiles(b, event, table, req.Files, exported); err != nil {
			return nil, err
		}
	}
	scoreLive(t)
	if table, err = scoring.Standings(t.Event()); err != nil {
		return nil, wrapf(err, "%s: standings", req.Path)
	}
	res := &VerifyResult{Path: req.Path, Players: len(table.Players), Heats: t.Settings.Heats}
	for _, h := range t.Heats {
		for _, g := range h.Games {
			if g.Scored {
				res.Games++
			}
		}
	}
	shown, err := b.ShownDifferences(table)
	if err != nil {
		return nil, wrapf(err, "%s", req.Path)
	}
	res.Differences = append(res.Differences, shown...)
	for h := 1; h <= len(t.Heats); h++ {
		if err := verifyHeat(b, h, res); err != nil {
			return nil, err
		}
		if err := replayHeat(context.Background(), b, h, res); err != nil {
			return nil, wrapf(err, "heat %d", h)
		}
	}
	res.Differences, res.Files = append(res.Differences, exported.Differences...), exported.Files
	inputs, outputs, err := b.Digests()
	if err != nil {
		return nil, wrapf(err, "%s", req.Path)
	}
	res.Certificate = Certificate{Workbook: filepath.Base(req.Path), Version: version.String(), Inputs: inputs, Outputs: outputs}
	if req.Certificate != "" {
		if res.Recheck, err = recheck(req.Certificate, res.Certificate); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// verifyHeat compares heat h's Conflict columns and board calls with its
// seating as the sheet stands.
func verifyHeat(b *workbook.Book, h int, res *VerifyResult) error {
	t := b.Tournament
	plan := t.HeatPlan(h)
	if len(plan.Boards) == 0 {
		return nil
	}
	problem := t.SeedProblem(h)
	ex, err := seeding.Explain(problem, plan)
	if err != nil {
		return wrapf(err, "heat %d", h)
	}
	for _, p := range t.ConflictDifferences(h, ex, problem) {
		p.Hint = fmt.Sprintf("dtm seed --refresh --heat %d rewrites them after a change of seats", h)
		res.Differences = append(res.Differences, p)
	}
	stale, err := staleOutput(b, h, ex, problem)
	if err != nil {
		return err
	}
	for _, p := range stale {
		if p.Sheet == workbook.BoardCallsSheet(h) {
			p.Msg = strings.TrimPrefix(p.Msg, "warning: ")
			res.Differences = append(res.Differences, p)
		}
	}
	return nil
}

// verifyFiles compares the files dtm export wrote for the workbook in dir
// (those of them that are there) with what it writes now.
func verifyFiles(b *workbook.Book, event scoring.Event, table scoring.Table, dir string, res *VerifyResult) error {
	base := filepath.Join(dir, fileName(b.Tournament.Settings.Name))
	want, err := exportFiles(b, event, table, base, ExportRequest{CSV: true, WDD: true, WDR: true, Ratings: true})
	if err != nil {
		return err
	}
	names := slices.Sorted(maps.Keys(want))
	for _, name := range names {
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			continue
		}
		have, err := readValidated(name)
		if err != nil {
			return err
		}
		res.Files++
		diffs, more := files.Compare(have, want[name].Bytes(), strings.HasSuffix(name, ".json"))
		for _, d := range diffs {
			p := workbook.Problem{File: name, Line: d.Line, Msg: fmt.Sprintf("shows %s, the workbook gives %s", quoted(d.Have), quoted(d.Want))}
			if d.Pointer != "" { // JSON values, shown as JSON
				p.Msg = fmt.Sprintf("%s: shows %s, the workbook gives %s", d.Pointer, orNothing(d.Have), orNothing(d.Want))
			}
			res.Differences = append(res.Differences, p)
		}
		if more {
			res.Differences = append(res.Differences, workbook.Problem{File: name,
				Msg: fmt.Sprintf("more than %d differences: is it this tournament's?", files.MaxDifferences)})
		}
	}
	if res.Files == 0 {
		for i, n := range names {
			names[i] = filepath.Base(n)
		}
		res.Differences = append(res.Differences, workbook.Problem{File: dir,
			Msg:  "holds none of the files dtm export writes for this workbook (" + strings.Join(names, ", ") + ")",
			Hint: "give the folder dtm export wrote them into (--out, or the workbook's folder)"})
	}
	return nil
}

// quoted is a file's line as a message quotes it; nothing when absent.
func quoted(s string) string {
	if s == "" {
		return "nothing"
	}
	return strconv.Quote(s)
}

// orNothing is a JSON value as a message shows it; nothing when absent.
func orNothing(s string) string {
	if s == "" {
		return "nothing"
	}
	return s
}

// Err is nil when the workbook verified clean (and the certificate, when
// one was re-checked, still holds), else ErrNotVerified with a count.
func (r *VerifyResult) Err() error {
	switch {
	case len(r.Differences) > 0:
		return fmt.Errorf("%s: %w: %d difference(s) between what the workbook shows and what its inputs give; "+
			"dtm score rewrites the scores and tabs, dtm seed --refresh the Conflict columns and calls", r.Path, ErrNotVerified, len(r.Differences))
	case r.Recheck != nil && len(r.Recheck.Changed) > 0:
		return fmt.Errorf("%s: %w: the workbook is not the one certificate %s was printed for", r.Path, ErrNotVerified, r.Recheck.Path)
	}
	return nil
}

// WriteText prints the notes, every difference, one a line, and for a
// clean run the certificate (or, re-checking one, whether it holds).
func (r *VerifyResult) WriteText(w io.Writer) {
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
	for _, p := range r.Differences {
		fmt.Fprintln(w, p)
	}
	if len(r.Differences) > 0 {
		return
	}
	if rc := r.Recheck; rc != nil {
		if rc.Version != r.Certificate.Version {
			fmt.Fprintf(w, "note: %s was printed by dtm %s; this is dtm %s\n", rc.Path, rc.Version, r.Certificate.Version)
		}
		for _, c := range rc.Changed {
			fmt.Fprintf(w, "%s: %s\n", rc.Path, c)
		}
		if len(rc.Changed) == 0 {
			fmt.Fprintf(w, "%s: the certificate holds: the inputs and outputs are those it was printed for, and they verify\n", rc.Path)
		}
		return
	}
	fmt.Fprintf(w, "%s: verified: %d players, %d heats, %d games scored", r.Path, r.Players, r.Heats, r.Games)
	if r.Replayed > 0 {
		fmt.Fprintf(w, ", %d heat(s) seated again from dtm seed's record", r.Replayed)
	}
	if r.Files > 0 {
		fmt.Fprintf(w, ", %d exported file(s)", r.Files)
	}
	fmt.Fprintln(w)
	r.Certificate.WriteText(w)
}

// Certificate lines: the block's first and last, and the field names.
const (
	certBegin  = "-----BEGIN DTM VERIFY CERTIFICATE-----"
	certEnd    = "-----END DTM VERIFY CERTIFICATE-----"
	certFormat = "dtm verify certificate 1"
)

// WriteText prints the certificate as a block of text that dtm verify
// --certificate reads back from a file (anything around the block is
// ignored): the workbook's name, the dtm that verified it, the digests of
// all its inputs and all its outputs, then each sheet's.
func (c Certificate) WriteText(w io.Writer) {
	fmt.Fprintln(w, certBegin)
	fmt.Fprintln(w, certFormat)
	fmt.Fprintf(w, "workbook: %s\n", c.Workbook)
	fmt.Fprintf(w, "dtm: %s\n", c.Version)
	for _, line := range c.lines() {
		fmt.Fprintln(w, line)
	}
	fmt.Fprintln(w, certEnd)
}

// lines are the certificate's digest lines: "inputs: HEX", "outputs: HEX",
// then "input NAME: HEX" and "output NAME: HEX" for each sheet.
func (c Certificate) lines() []string {
	out := []string{"inputs: " + combined(c.Inputs), "outputs: " + combined(c.Outputs)}
	for _, part := range []struct {
		kind string
		list []workbook.SheetDigest
	}{{"input", c.Inputs}, {"output", c.Outputs}} {
		for _, d := range part.list {
			out = append(out, fmt.Sprintf("%s %s: %s", part.kind, d.Name, hex.EncodeToString(d.Sum[:])))
		}
	}
	return out
}

// combined is the digest of a list of sheets' digests, in hex.
func combined(list []workbook.SheetDigest) string {
	h := sha256.New()
	for _, d := range list {
		fmt.Fprintf(h, "%s\x1f%x\x1e", d.Name, d.Sum)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// MaxCertificateSize is the largest certificate file dtm verify
// --certificate reads: far above one of a workbook of 30 heats.
const MaxCertificateSize = 1 << 20

// recheck reads the certificate at path and says which of its lines the
// workbook's certificate now differs in.
func recheck(path string, now Certificate) (*Recheck, error) {
	f, err := files.OpenInput(path, "certificate", MaxCertificateSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rc := &Recheck{Path: path}
	fields := map[string]string{}
	var order []string
	in, line := false, 0
	sc := bufio.NewScanner(io.LimitReader(f, MaxCertificateSize))
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		switch {
		case text == certBegin:
			in = true
		case text == certEnd:
			in = false
		case in && text != certFormat:
			k, v, ok := strings.Cut(text, ": ")
			if !ok {
				return nil, fmt.Errorf("%s:%d: %q is not a line of a dtm verify certificate (NAME: VALUE); "+
					"give the file dtm verify printed, unchanged", path, line, text)
			}
			fields[k] = v
			order = append(order, k)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("certificate %s: %w", path, err)
	}
	if fields["inputs"] == "" || fields["outputs"] == "" {
		return nil, fmt.Errorf("%s: no dtm verify certificate found (the lines from %s to %s that dtm verify prints)", path, certBegin, certEnd)
	}
	rc.Version = fields["dtm"]
	if w := fields["workbook"]; w != now.Workbook {
		rc.Changed = append(rc.Changed, fmt.Sprintf("printed for workbook %s, re-checked against %s", w, now.Workbook))
	}
	have := map[string]string{}
	for _, l := range now.lines() {
		k, v, _ := strings.Cut(l, ": ")
		have[k] = v
	}
	for _, k := range order {
		switch v, ok := have[k]; {
		case k == "workbook" || k == "dtm":
		case !ok:
			rc.Changed = append(rc.Changed, k+" is gone")
		case v != fields[k]:
			rc.Changed = append(rc.Changed, k+" changed")
		}
	}
	for _, l := range now.lines() {
		if k, _, _ := strings.Cut(l, ": "); fields[k] == "" {
			rc.Changed = append(rc.Changed, k+" is new")
		}
	}
	return rc, nil
}
