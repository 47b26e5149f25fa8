package director

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/seeding/instance"
	"github.com/armada-dtm/dtm/workbook"
)

// SimulateRequest describes a tournament to plan without a workbook:
// either an instance file in the seeding benchmark's format, or one
// generated with Players and Rounds.
type SimulateRequest struct {
	Instance string // a dtm-seeding-instance/1 file; "" to generate one
	// The tournament to generate (seeding.Spec): Players registered for
	// Rounds rounds, Absent of them missing from each round after the
	// first, Families pairs kept apart, Teams of three and Clubs of five;
	// AtTables leaves the powers to the tables.
	Players, Rounds, Absent, Families, Teams, Clubs int
	AtTables                                        bool

	Seed int64
	Time time.Duration
	Out  string // write the seating here as dtm-seeding-output/1; "" for none

	// Workbook, for SimulateEvent, is the tournament workbook to write,
	// System its scoring system ("" for DefaultSystem).
	Workbook, System string
	// Effort and Restarts lighten the seeder's work for SimulateEvent
	// (seeding.Options); 0 for dtm seed's.
	Effort   float64
	Restarts int
}

// SimulateResult is a simulated tournament's seating, round by round.
type SimulateResult struct {
	Instance *seeding.Instance
	// Generated is set when the tournament was generated from a Spec.
	Generated bool
	Rounds    []seeding.SimRound
	Out       string // the file written, if any
}

// Simulate seeds each round of a generated or given tournament knowing only
// that round's players and the earlier rounds, with the same per-heat seed
// rule as dtm seed, and writes the seating when asked.
func Simulate(ctx context.Context, req SimulateRequest) (*SimulateResult, error) {
	in, err := simulationInstance(req)
	if err != nil {
		return nil, err
	}
	rounds, err := seeding.Simulate(ctx, in, seeding.Options{Seed: req.Seed, Time: req.Time})
	if err != nil {
		return nil, err
	}
	res := &SimulateResult{Instance: in, Rounds: rounds, Generated: req.Instance == ""}
	if req.Out != "" {
		var buf bytes.Buffer
		if err := instance.EncodeOutput(&buf, in, "dtm", 1, rounds); err != nil {
			return nil, err
		}
		if err := workbook.WriteFile(req.Out, buf.Bytes()); err != nil {
			return nil, err
		}
		res.Out = req.Out
	}
	return res, nil
}

// maxInstanceBytes is the most an instance file may hold: 20,000 players
// with their histories take a few megabytes.
const maxInstanceBytes = 64 << 20

// simulationInstance reads the instance file or generates a tournament.
func simulationInstance(req SimulateRequest) (*seeding.Instance, error) {
	if req.Instance != "" {
		f, err := files.OpenInput(req.Instance, "instance file", maxInstanceBytes)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in, err := instance.Decode(f)
		if err != nil {
			return nil, wrapf(err, "%s", req.Instance)
		}
		return in, nil
	}
	in, err := seeding.Generate(seeding.Spec{Players: req.Players, Rounds: req.Rounds, Absent: req.Absent,
		Families: req.Families, Teams: req.Teams, Clubs: req.Clubs, Powers: !req.AtTables, Seed: req.Seed})
	if err != nil {
		return nil, UsageError{err} // a generated tournament's numbers come from the command line
	}
	return in, nil
}

// WriteText prints each round's conflict, bound and time, then the event's
// totals.
func (r *SimulateResult) WriteText(w io.Writer) error {
	in := r.Instance
	p := in.Problem
	p.History = append([]seeding.Plan(nil), in.Problem.History...)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "round\tplayers\tconflict\tbound\trepeat pairs\tsame power\tpower group\tother\tseconds\t")
	var total, bounds int
	for i, round := range r.Rounds {
		ex, err := seeding.Explain(&p, round.Plan)
		if err != nil {
			return err
		}
		bd := ex.Breakdown
		repeats := 0
		if v := p.Values.RepeatOpponent; v > 0 {
			repeats = bd.Repeat / v
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t\n", i+1, 7*len(round.Plan.Boards), ex.Total, round.Bound, repeats,
			bd.Power, bd.PowerGroup, bd.Conflict+bd.Group+bd.Team, round.Seconds)
		total += ex.Total
		bounds += round.Bound
		p.History = append(p.History, round.Plan)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "total conflict %d over %d rounds (sum of the rounds' lower bounds %d)\n", total, len(r.Rounds), bounds)
	var cut []string
	for i, round := range r.Rounds {
		if round.TimedOut {
			cut = append(cut, strconv.Itoa(i+1))
		}
	}
	if len(cut) > 0 {
		writeCapNote(w, true, " in round "+strings.Join(cut, ", "))
	}
	if n := len(in.Problem.Players); r.Generated && n%dip.BoardSize != 0 {
		fmt.Fprintf(w, "%d players do not fill boards of seven: %d sit out each round, in turn (those who have played most)\n",
			n, n%dip.BoardSize)
	}
	if r.Out != "" {
		fmt.Fprintf(w, "wrote %s\n", r.Out)
	}
	return nil
}
