package director

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/scoring"
)

// MaxAuditGames is the most random games dtm formula --audit plays.
const MaxAuditGames = 1_000_000

// SystemRequest names a scoring system: a built-in one, or one of a workbook's Systems sheet.
type SystemRequest struct {
	System   string
	Workbook string // "" for the built-in systems
}

// SystemTable is a system's table of common results.
type SystemTable struct {
	Definition scoring.Definition
	Rows       []scoring.CommonResult
}

// TableOfSystem scores the common results (solos by year, 2- to 7-way draws, typical centre splits) under a
// system, as the printed tables directors hand out before an event.
func TableOfSystem(req SystemRequest) (*SystemTable, error) {
	sys, err := compileSystem(req)
	if err != nil {
		return nil, err
	}
	return &SystemTable{Definition: sys.Definition(), Rows: scoring.CommonResults(sys)}, nil
}

// compileSystem looks a system up and compiles it.
func compileSystem(req SystemRequest) (*scoring.System, error) {
	def, err := lookupSystem(req.System, req.Workbook)
	if err != nil {
		return nil, err
	}
	sys, err := scoring.Compile(def)
	if err != nil {
		return nil, wrapf(err, "scoring system %q", def.Name)
	}
	return sys, nil
}

// Report is the table as dtm formula --table --json prints it.
func (t *SystemTable) Report() files.TableReport {
	return files.NewTableReport(t.Definition.Name, t.Rows)
}

// WriteText prints the table: one line a result, its powers from the largest, each as "centres: score"
// ("out 1904: score" for an eliminated power, a star on the soloist or the draw's members), then the
// system's notes.
func (t *SystemTable) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s (%s): scores of common results, the largest power first; * won or drew\n",
		t.Definition.Name, t.Definition.Criterion)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "result\tyear\t1st\t2nd\t3rd\t4th\t5th\t6th\t7th")
	for _, row := range t.Rows {
		fmt.Fprintf(tw, "%s\t%d\t", row.Result, row.Game.FinalYear)
		if row.Err != nil {
			fmt.Fprintf(tw, "cannot be scored: %s\n", strings.ReplaceAll(row.Err.Error(), "\n", "; "))
			continue
		}
		var cells []string
		for _, c := range files.TableCells(row) {
			star := ""
			if c.Won {
				star = "*"
			}
			cells = append(cells, fmt.Sprintf("%s%s: %s", c.Centres, star, c.Score))
		}
		fmt.Fprintln(tw, strings.Join(cells, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if n := t.Definition.Notes; n != "" {
		_, err := fmt.Fprintf(w, "\n%s\n", n)
		return err
	}
	return nil
}

// round2 rounds a score to two decimals for printing, as scores are rounded.
func round2(v float64) float64 { return scoring.RoundTo(v, 2) }

// AuditRequest is a system to audit and how.
type AuditRequest struct {
	SystemRequest
	Games int    // random games, 1 to MaxAuditGames
	Seed  uint64 // the same seed plays the same games
}

// SystemAudit is what dtm formula --audit found.
type SystemAudit struct {
	Report scoring.AuditReport
	Seed   uint64
	Claim  float64 // the board total the system claims, 0 for none
}

// AuditSystem plays random legal games under a system and checks that a power never scores less for taking a
// centre, that a solo beats every result without one, that equal results score alike and that a board adds up
// to the total the system claims.
func AuditSystem(req AuditRequest) (*SystemAudit, error) {
	if req.Games < 1 || req.Games > MaxAuditGames {
		return nil, UsageError{Err: fmt.Errorf("--games %d: give 1 to %d random games", req.Games, MaxAuditGames)}
	}
	sys, err := compileSystem(req.SystemRequest)
	if err != nil {
		return nil, err
	}
	return &SystemAudit{Report: scoring.Audit(sys, req.Games, req.Seed), Seed: req.Seed,
		Claim: sys.Definition().Total}, nil
}

// JSON is the audit as dtm formula --audit --json prints it.
func (a *SystemAudit) JSON() files.AuditJSON { return files.NewAuditJSON(a.Report, a.Seed, a.Claim) }

// Err says how many properties failed, or is nil.
func (a *SystemAudit) Err() error {
	n := 0
	for _, f := range a.Report.Findings {
		if f.Failed > 0 {
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return fmt.Errorf("%s: %d of %d properties failed (each with its worst game above)", a.Report.System, n,
		len(a.Report.Findings))
}

// WriteText prints each property with the cases checked and failed, and the worst failure as a concrete game.
func (a *SystemAudit) WriteText(w io.Writer) {
	r := a.Report
	fmt.Fprintf(w, "%s: %d random games (seed %d)\n", r.System, r.Games, a.Seed)
	for _, f := range r.Findings {
		switch {
		case f.Checked == 0:
			fmt.Fprintf(w, "  -    %s: not checked (%s)\n", f.Property, notChecked(f.Property))
		case f.Failed == 0:
			fmt.Fprintf(w, "  ok   %s: %d cases\n", f.Property, f.Checked)
		default:
			fmt.Fprintf(w, "  FAIL %s: %d of %d cases, the worst: %s\n", f.Property, f.Failed, f.Checked, f.Example)
		}
	}
	if r.TotalSeen {
		fmt.Fprintf(w, "  board totals without a solo (all 34 centres owned): %s to %s\n",
			files.Number(round2(r.TotalLo)), files.Number(round2(r.TotalHi)))
	}
}

// notChecked says why a property was not checked.
func notChecked(p scoring.Property) string {
	if p == scoring.BoardTotal {
		return "the system claims no constant total"
	}
	return "no game to check it on"
}
