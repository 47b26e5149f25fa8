// Command dtm runs a Diplomacy tournament from one .xlsx workbook: it checks
// what the tournament director typed, seeds each heat's boards, scores the
// games and writes the standings and awards back into the workbook.
//
// Usage:
//
//	dtm new WORKBOOK.xlsx [--name NAME] [--heats N] [--system NAME] [--from EARLIER.xlsx]
//	dtm check [-v] WORKBOOK.xlsx
//	dtm seed [--heat N] [--time D] [--seed S] [--sit-out auto] [--unseed] [--force] WORKBOOK.xlsx
//	dtm score [--dry-run] [--json] [--force] WORKBOOK.xlsx
//	dtm export [--csv] [--wdd] [--out DIR] WORKBOOK.xlsx
//	dtm series [--rule RULE] [--json] A.xlsx B.xlsx ...
//	dtm simulate (--players N --rounds R [...] | --instance FILE.json) [--out SEATING.json]
//	dtm formula [-v] 'EXPR' [word=value ...]
//	dtm formula --system NAME [--workbook W.xlsx] --game GAME.json [--json] [-v]
//	dtm game [--victory RULE] [--json] GAME.json
//
// Exit status: 0 success, 1 problems found or a command failed, 2 usage
// error. See README.md and docs/ for a director's walk-through.
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/seeding/instance"
	"github.com/armada-dtm/dtm/workbook"
	"github.com/urfave/cli/v2"
)

func main() {
	os.Exit(run(os.Args, os.Stdout, os.Stderr))
}

// usageError is a mistake in how a command was called (exit status 2).
type usageError struct{ error }

// errProblems means problems were found and already printed (exit status 1).
var errProblems = errors.New("problems found")

// run runs the command line and returns the exit status.
func run(args []string, stdout, stderr io.Writer) int {
	a := app(stdout, stderr)
	err := a.Run(flagsFirst(a, args))
	var u usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &u):
		fmt.Fprintf(stderr, "dtm: %v\n", err)
		return 2
	case errors.Is(err, errProblems):
		return 1
	default:
		fmt.Fprintf(stderr, "dtm: %v\n", err)
		return 1
	}
}

func app(stdout, stderr io.Writer) *cli.App {
	a := &cli.App{
		Name:      "dtm",
		Usage:     "run a Diplomacy tournament from a spreadsheet",
		UsageText: "dtm COMMAND [options] WORKBOOK.xlsx",
		Description: "dtm keeps a whole tournament in one .xlsx workbook that you edit in Excel or LibreOffice.\n" +
			"Start with 'dtm new', fill in the sheets, and run 'dtm check' after every edit.",
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{err}
		},
		Commands: []*cli.Command{newCommand(), checkCommand(), seedCommand(), scoreCommand(), exportCommand(), seriesCommand(), simulateCommand(), formulaCommand(), gameCommand()},
	}
	for _, cmd := range a.Commands {
		cmd.OnUsageError = a.OnUsageError // a mistake in a command's flags is a usage error (exit 2)
	}
	return a
}

// flagsFirst moves a command's flags before its arguments, so that
// "dtm score book.xlsx --json" works as "dtm score --json book.xlsx" does
// (urfave/cli stops reading flags at the first argument). A flag that takes
// a value keeps it; everything after "--" stays as it is.
func flagsFirst(a *cli.App, args []string) []string {
	if len(args) < 3 {
		return args
	}
	cmd := a.Command(args[1])
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, rest []string
	for i := 2; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name := strings.TrimLeft(arg, "-")
		if !strings.HasPrefix(arg, "-") || arg == "-" || isNumber(arg) {
			rest = append(rest, arg)
			continue
		}
		flags = append(flags, arg)
		if takesValue[name] && !strings.Contains(name, "=") && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return append(append(append([]string(nil), args[:2]...), flags...), rest...)
}

// isNumber reports whether an argument is a number (a negative value for a
// formula's word, not a flag).
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// workbookArg returns the command's single WORKBOOK argument.
func workbookArg(c *cli.Context) (string, error) {
	if c.NArg() != 1 {
		return "", usageError{fmt.Errorf("%s needs one workbook (.xlsx) argument; see 'dtm %s --help'", c.Command.Name, c.Command.Name)}
	}
	return c.Args().First(), nil
}

func newCommand() *cli.Command {
	return &cli.Command{
		Name:      "new",
		Usage:     "create a tournament workbook from the template",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Creates a new workbook with every sheet a tournament needs, the built-in scoring systems and\n" +
			"dropdowns for every closed choice. It never overwrites a file.\n" +
			"With --from, the players, conflicts, groups and scoring systems of an earlier tournament come along.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "name", Usage: "the tournament's `NAME` (default: the file's name)"},
			&cli.IntFlag{Name: "heats", Value: 4, Usage: fmt.Sprintf("number of heats (rounds), 1 to %d", workbook.MaxHeats)},
			&cli.StringFlag{Name: "system", Value: workbook.DefaultSystem, Usage: "the tournament's scoring `SYSTEM`, a name from the Systems sheet"},
			&cli.StringFlag{Name: "from", Usage: "carry players, conflicts, groups and scoring systems over from `EARLIER.xlsx`"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if h := c.Int("heats"); h < 1 || h > workbook.MaxHeats {
				return usageError{fmt.Errorf("--heats must be from 1 to %d, not %d", workbook.MaxHeats, h)}
			}
			opts := workbook.NewOptions{Name: c.String("name"), Heats: c.Int("heats"), System: c.String("system"), Seed: randomSeed()}
			if opts.Name == "" {
				opts.Name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
			}
			if from := c.String("from"); from != "" {
				earlier, err := openChecked(c, from)
				if err != nil {
					return err
				}
				defer earlier.Close()
				opts.From = earlier
			}
			if err := workbook.Create(path, opts); err != nil {
				return err
			}
			fmt.Fprintf(c.App.Writer, "created %s (%d heats, scoring system %q)\nnext: fill in the Players sheet, then run: dtm check %s\n",
				path, opts.Heats, opts.System, path)
			return nil
		},
	}
}

func checkCommand() *cli.Command {
	return &cli.Command{
		Name:      "check",
		Usage:     "list every problem in a workbook, with its sheet and cell",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Reads the whole workbook and prints every problem, one per line, as Sheet!Cell: message.\n" +
			"It never changes the file. Exit status: 0 no problems, 1 problems found, 2 usage error.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also list the columns, settings and sheets dtm ignored"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			b, err := openChecked(c, path)
			if err != nil {
				return err
			}
			defer b.Close()
			t := b.Tournament
			fmt.Fprintf(c.App.Writer, "%s: no problems (%d players, %d heats, %d scoring systems)\n",
				path, len(t.Players), t.Settings.Heats, len(t.Systems))
			for _, o := range t.Outcomes() {
				if v := o.Victory; v != nil {
					fmt.Fprintf(c.App.Writer, "%s: board %d: %s reached victory in %d with %d centres (%s)\n", o.Cell, o.Board, v.Power, v.Year, v.Centres, t.Settings.Victory.Name)
				}
				for k, y := range o.DrawVoteYears {
					fmt.Fprintf(c.App.Writer, "%s: board %d: a two-way draw vote may be called in %d (%s and %s)\n", o.Cell, o.Board, y, o.DrawVoters[k][0], o.DrawVoters[k][1])
				}
			}
			return explainHeats(c.App.Writer, t, c.Bool("verbose"))
		},
	}
}

func seedCommand() *cli.Command {
	return &cli.Command{
		Name:      "seed",
		Usage:     "seat the next heat's boards and powers with the fewest conflicts",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Seats every player registered for the heat (Players sheet, Heat N column) at boards of seven,\n" +
			"around the boards already started or finished, which are kept as they are (seat a top board, start it,\n" +
			"then seed the rest). Writes the heat's sheet (board, status, power, player, each player's conflict and\n" +
			"why) and its board calls to print, and prints the total conflict with its lower bound. Running it again\n" +
			"reseeds only the boards not started. docs/seeding.md explains the conflicts.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "heat", Usage: "the heat `N` to seat (default: the first heat not fully started)"},
			&cli.DurationFlag{Name: "time", Usage: "give the seeder `DURATION` (e.g. 10s) instead of its default (1s, 3s above 140 players)"},
			&cli.Int64Flag{Name: "seed", Usage: "random `SEED` (default: the Tournament sheet's Random seed); the same seed gives the same seating"},
			&cli.StringFlag{Name: "sit-out", Usage: "`auto`: when the players do not fill boards of seven, choose who sits out by the Players sheet's Sit-out priority, then distance (they are marked Sitting out)"},
			&cli.BoolFlag{Name: "unseed", Usage: "empty the heat's boards that have not started, and stop"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if so := c.String("sit-out"); so != "" && so != "auto" {
				return usageError{fmt.Errorf("--sit-out takes auto, not %q", so)}
			}
			b, err := openChecked(c, path)
			if err != nil {
				return err
			}
			defer b.Close()
			return seedHeat(c, b)
		},
	}
}

// seedHeat seats one heat of an open workbook and saves it.
func seedHeat(c *cli.Context, b *workbook.Book) error {
	t := b.Tournament
	heat := c.Int("heat")
	if heat == 0 {
		if heat = t.NextHeat(); heat == 0 {
			return errors.New("no heat to seat: register players for a heat in the Players sheet's Heat columns (Registered)")
		}
	}
	if heat < 1 || heat > t.Settings.Heats {
		return usageError{fmt.Errorf("--heat must be from 1 to %d", t.Settings.Heats)}
	}
	w := c.App.Writer
	if c.Bool("unseed") {
		n, err := b.Unseed(heat)
		if err != nil {
			return err
		}
		if err := b.Save(workbook.Options{Force: c.Bool("force")}); err != nil {
			return err
		}
		fmt.Fprintf(w, "heat %d: emptied %d board(s) that had not started\n", heat, n)
		return nil
	}
	opts := seeding.Options{Seed: c.Int64("seed"), Time: c.Duration("time")}
	if !c.IsSet("seed") && t.Settings.HasSeed {
		opts.Seed = t.Settings.RandomSeed
	}
	base := opts.Seed
	opts.Seed = seeding.HeatSeed(base, heat)
	if isTerminal(c.App.ErrWriter) {
		opts.Progress = func(p seeding.Progress) {
			fmt.Fprintf(c.App.ErrWriter, "\rseeding heat %d: restart %d of %d, best conflict %d (lower bound %d) ", heat, p.Restart, p.Restarts, p.Best, p.Bound)
		}
	}
	res, err := b.SeedHeat(c.Context, heat, c.String("sit-out") == "auto", opts)
	if opts.Progress != nil {
		fmt.Fprintln(c.App.ErrWriter)
	}
	var ps workbook.Problems
	var ce *seeding.CountError
	switch {
	case errors.As(err, &ps):
		fmt.Fprintln(w, ps)
		return errProblems
	case errors.As(err, &ce):
		return fmt.Errorf("heat %d: %d players to seat: %d must sit out or %d be added to fill boards of seven; "+
			"change registrations on the Players sheet, or run again with --sit-out auto", heat, ce.Players, ce.SitOut, ce.Add)
	case err != nil:
		return fmt.Errorf("heat %d: %w", heat, err)
	}
	for _, p := range res.SatOut {
		fmt.Fprintf(w, "%s sits out heat %d (marked Sitting out on the Players sheet)\n", t.Players[p].Name, heat)
	}
	if err := b.Save(workbook.Options{Force: c.Bool("force")}); err != nil {
		return err
	}
	fmt.Fprintf(w, "heat %d: %d players on %d boards (%d kept as started), seed %d\n", heat, 7*len(res.Boards), len(res.Boards), res.Kept, base)
	printConflicts(w, res.Explanation, res.Bound)
	fmt.Fprintf(w, "wrote %s: sheet %s and its board calls, %s\n", b.Path, workbook.HeatSheet(heat), workbook.BoardCallsSheet(heat))
	return nil
}

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "plan a whole tournament's seating without a workbook, and print its conflicts round by round",
		Description: "Answers questions such as \"with 38 players and 5 rounds, how many repeat opponents must we\n" +
			"accept?\": generates a tournament (--players, --rounds, absences, family pairs, teams, clubs) or reads\n" +
			"one in the seeding benchmark's format (--instance), seeds each round knowing only that round's\n" +
			"players and the earlier rounds, and prints each round's conflict, lower bound and time. --out writes\n" +
			"the seating as dtm-seeding-output/1.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "players", Usage: "number of `PLAYERS`"},
			&cli.IntFlag{Name: "rounds", Usage: "number of `ROUNDS`"},
			&cli.IntFlag{Name: "absent", Usage: "players absent from each round after the first"},
			&cli.IntFlag{Name: "families", Usage: "family pairs to keep apart (conflict 100)"},
			&cli.IntFlag{Name: "teams", Usage: "teams of three (team-mates kept apart)"},
			&cli.IntFlag{Name: "clubs", Usage: "clubs of five (group value 5)"},
			&cli.BoolFlag{Name: "at-tables", Usage: "powers chosen at the tables (no power conflicts)"},
			&cli.StringFlag{Name: "instance", Usage: "read the tournament from `FILE.json` (dtm-seeding-instance/1)"},
			&cli.StringFlag{Name: "out", Usage: "write the seating to `SEATING.json` (dtm-seeding-output/1)"},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "random `SEED` for the tournament and the seeder"},
			&cli.DurationFlag{Name: "time", Usage: "the seeder's time per round (default 1s, 3s above 140 players)"},
		},
		Action: func(c *cli.Context) error {
			in, err := simulationInstance(c)
			if err != nil {
				return err
			}
			rounds, err := seeding.Simulate(c.Context, in, seeding.Options{Seed: c.Int64("seed"), Time: c.Duration("time")})
			if err != nil {
				return err
			}
			if out := c.String("out"); out != "" {
				var buf bytes.Buffer
				if err := instance.EncodeOutput(&buf, in, "dtm", 1, rounds); err != nil {
					return err
				}
				if err := workbook.WriteFile(out, buf.Bytes()); err != nil {
					return err
				}
				defer fmt.Fprintf(c.App.Writer, "wrote %s\n", out)
			}
			return printSimulation(c.App.Writer, in, rounds)
		},
	}
}

// simulationInstance reads --instance or generates a tournament from the
// flags.
func simulationInstance(c *cli.Context) (*seeding.Instance, error) {
	if path := c.String("instance"); path != "" {
		if c.IsSet("players") || c.IsSet("rounds") {
			return nil, usageError{errors.New("give either --instance or --players and --rounds, not both")}
		}
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		in, err := instance.Decode(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return in, nil
	}
	if !c.IsSet("players") || !c.IsSet("rounds") {
		return nil, usageError{errors.New("simulate needs --players and --rounds (or --instance FILE.json)")}
	}
	in, err := seeding.Generate(seeding.Spec{Players: c.Int("players"), Rounds: c.Int("rounds"), Absent: c.Int("absent"),
		Families: c.Int("families"), Teams: c.Int("teams"), Clubs: c.Int("clubs"), Powers: !c.Bool("at-tables"), Seed: c.Int64("seed")})
	if err != nil {
		return nil, usageError{err}
	}
	return in, nil
}

// printSimulation prints each round's conflict, bound and time, then the
// event's totals.
func printSimulation(w io.Writer, in *seeding.Instance, rounds []seeding.SimRound) error {
	p := in.Problem
	p.History = append([]seeding.Plan(nil), in.Problem.History...)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "round\tplayers\tconflict\tbound\trepeat pairs\tsame power\tpower group\tother\tseconds\t")
	var total, bounds int
	for i, r := range rounds {
		ex, err := seeding.Explain(&p, r.Plan)
		if err != nil {
			return err
		}
		bd := ex.Breakdown
		repeats := 0
		if v := p.Values.RepeatOpponent; v > 0 {
			repeats = bd.Repeat / v
		}
		fmt.Fprintf(tw, "%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.2f\t\n", i+1, 7*len(r.Plan.Boards), ex.Total, r.Bound, repeats,
			bd.Power, bd.PowerGroup, bd.Conflict+bd.Group+bd.Team, r.Seconds)
		total += ex.Total
		bounds += r.Bound
		p.History = append(p.History, r.Plan)
	}
	tw.Flush()
	fmt.Fprintf(w, "total conflict %d over %d rounds (sum of the rounds' lower bounds %d)\n", total, len(rounds), bounds)
	return nil
}

// explainHeats prints the seating conflict of every heat with seated
// boards, as they stand after any edits; verbose adds each player's.
func explainHeats(w io.Writer, t *workbook.Tournament, verbose bool) error {
	for h := 1; h <= t.Settings.Heats; h++ {
		plan := t.HeatPlan(h)
		if len(plan.Boards) == 0 {
			continue
		}
		problem := t.SeedProblem(h)
		ex, err := seeding.Explain(problem, plan)
		if err != nil {
			return fmt.Errorf("heat %d: %w", h, err)
		}
		fmt.Fprintf(w, "heat %d: %d boards, seating conflict %d", h, len(plan.Boards), ex.Total+ex.Locked)
		if ex.Locked != 0 {
			fmt.Fprintf(w, " (%d on started boards)", ex.Locked)
		}
		fmt.Fprintln(w)
		if !verbose {
			continue
		}
		for _, pc := range ex.Players {
			if pc.Total == 0 {
				continue
			}
			var parts []string
			for _, it := range pc.Items {
				parts = append(parts, it.Describe(problem))
			}
			fmt.Fprintf(w, "  %s: %d: %s\n", problem.Players[pc.Player], pc.Total, strings.Join(parts, "; "))
		}
	}
	return nil
}

// printConflicts prints a seating's total conflict, its lower bound and the
// breakdown by kind.
func printConflicts(w io.Writer, ex seeding.Explanation, bound int) {
	bd := ex.Breakdown
	fmt.Fprintf(w, "total conflict %d (lower bound %d, gap %d)", ex.Total, bound, ex.Total-bound)
	if ex.Locked != 0 {
		fmt.Fprintf(w, "; on started boards %d", ex.Locked)
	}
	fmt.Fprintln(w)
	for _, part := range []struct {
		name string
		v    int
	}{{"opponents met before", bd.Repeat}, {"player conflicts", bd.Conflict}, {"groups", bd.Group},
		{"team-mates", bd.Team}, {"same power again", bd.Power}, {"power group again", bd.PowerGroup}} {
		if part.v != 0 {
			fmt.Fprintf(w, "  %-22s %d\n", part.name, part.v)
		}
	}
}

// isTerminal reports whether w is a terminal, where a progress line helps.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func scoreCommand() *cli.Command {
	return &cli.Command{
		Name:      "score",
		Usage:     "score every finished game and write the standings, team standings and awards",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Checks the workbook, scores every finished game under its scoring system, and rewrites the\n" +
			"Standings, Team Standings and Awards tabs and the heat sheets' Score column. Games not finished are\n" +
			"left out. Then prints the top of the standings. Nothing else in the workbook changes; the previous\n" +
			"version is kept in the dtm-backups folder. docs/score.md describes the rules and the --json fields.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "compute and print, but write nothing"},
			&cli.BoolFlag{Name: "json", Usage: "print the standings, team standings and awards as one JSON object"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
			&cli.IntFlag{Name: "top", Value: 10, Usage: "how many lines of the standings to print"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			b, event, table, err := openScored(c, path)
			if err != nil {
				return err
			}
			defer b.Close()
			if !c.Bool("dry-run") {
				if err := b.WriteStandings(table); err != nil {
					return err
				}
				if err := b.Save(workbook.Options{Force: c.Bool("force")}); err != nil {
					return err
				}
			}
			if c.Bool("json") {
				return printJSON(c.App.Writer, scoring.NewReport(b.Tournament.Settings.Name, event, table))
			}
			printTop(c.App.Writer, b.Tournament, table, c.Int("top"))
			if !c.Bool("dry-run") {
				fmt.Fprintf(c.App.Writer, "wrote %s: %s, %s and the heat sheets' scores\n", path, workbook.SheetStandings, workbook.SheetAwards)
			}
			return nil
		},
	}
}

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the results files: DTM's CSV of the standings, the World Diplomacy Database upload",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "--csv writes NAME.csv (NAME is the tournament's name): one line per player with rank, name, each\n" +
			"heat's score and the total, as the DTM exported them. --wdd writes the two files the World Diplomacy\n" +
			"Database takes: NAME WDD classification.csv and NAME WDD boards.csv. Files go beside the workbook\n" +
			"(or into --out). The workbook itself is not changed. docs/score.md lists the columns.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "csv", Usage: "write the DTM export of the standings"},
			&cli.BoolFlag{Name: "wdd", Usage: "write the World Diplomacy Database classification and boards files"},
			&cli.StringFlag{Name: "out", Usage: "write the files into `DIR` (default: the workbook's folder)"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if !c.Bool("csv") && !c.Bool("wdd") {
				return usageError{errors.New("say which files to write: --csv, --wdd or both")}
			}
			b, event, table, err := openScored(c, path)
			if err != nil {
				return err
			}
			defer b.Close()
			t := b.Tournament
			dir := c.String("out")
			if dir == "" {
				dir = filepath.Dir(path)
			}
			base := filepath.Join(dir, fileName(t.Settings.Name))
			files := map[string]*bytes.Buffer{}
			if c.Bool("csv") {
				files[base+".csv"] = new(bytes.Buffer)
				if err := scoring.WriteDTM(files[base+".csv"], scoring.NewReport(t.Settings.Name, event, table)); err != nil {
					return err
				}
			}
			if c.Bool("wdd") {
				classification, boards := new(bytes.Buffer), new(bytes.Buffer)
				if err := scoring.WriteWDD(classification, boards, event, table, t.ExportPlayers(), t.Charts()); err != nil {
					return err
				}
				files[base+" WDD classification.csv"], files[base+" WDD boards.csv"] = classification, boards
			}
			for _, name := range slices.Sorted(maps.Keys(files)) {
				if err := workbook.WriteFile(name, files[name].Bytes()); err != nil {
					return fmt.Errorf("export: %w", err)
				}
				fmt.Fprintf(c.App.Writer, "wrote %s\n", name)
			}
			return nil
		},
	}
}

func seriesCommand() *cli.Command {
	return &cli.Command{
		Name:      "series",
		Usage:     "standings across several tournaments (a club's year, a circuit)",
		ArgsUsage: "A.xlsx B.xlsx ...",
		Description: "Scores each tournament workbook and combines their final standings; players are matched by name\n" +
			"(\"First Last\" exactly). Rules: \"sum\" of tournament totals, \"best N\" (each player's N best totals), or\n" +
			"\"average rank\" (lower is better). A tournament a player missed does not count for them. The workbooks\n" +
			"are not changed.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "rule", Value: "sum", Usage: "how to combine: `sum`, \"best N\" or \"average rank\""},
			&cli.BoolFlag{Name: "json", Usage: "print the series standings as JSON"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 {
				return usageError{errors.New("series needs one or more tournament workbooks")}
			}
			rule, err := scoring.ParseSeriesRule(c.String("rule"))
			if err != nil {
				return usageError{err}
			}
			var events []scoring.SeriesEvent
			for _, path := range c.Args().Slice() {
				b, event, table, err := openScored(c, path)
				if err != nil {
					return err
				}
				b.Close()
				name := b.Tournament.Settings.Name
				if name == "" {
					name = filepath.Base(path)
				}
				events = append(events, table.ForSeries(name, event.Players))
			}
			standings, err := scoring.Series(events, rule)
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return printJSON(c.App.Writer, scoring.NewSeriesReport(events, rule, standings))
			}
			fmt.Fprintf(c.App.Writer, "Series of %d tournaments, by %s\n", len(events), rule)
			tw := tabwriter.NewWriter(c.App.Writer, 0, 0, 2, ' ', 0)
			for _, s := range standings {
				var parts []string
				for _, e := range s.Entries {
					mark := ""
					if !e.Counted {
						mark = ", not counted"
					}
					parts = append(parts, fmt.Sprintf("%s: %s (rank %d%s)", events[e.Event].Name, number(e.Total), e.Rank, mark))
				}
				fmt.Fprintf(tw, "%d\t%s\t%s\t%s\n", s.Rank, s.Name, number(s.Value), strings.Join(parts, "; "))
			}
			return tw.Flush()
		},
	}
}

// fileName makes a tournament's name safe as a file name.
func fileName(name string) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(`/\:*?"<>|`, r) || r < ' ' {
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	if name == "" {
		return "tournament"
	}
	return name
}

// printTop prints the first lines of the standings as DTM's Scores screen
// lists them: rank, name, heat scores, total.
func printTop(w io.Writer, t *workbook.Tournament, table scoring.Table, n int) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "rank\tplayer\t")
	for h := 1; h <= t.Settings.Heats; h++ {
		fmt.Fprintf(tw, "heat %d\t", h)
	}
	fmt.Fprintln(tw, "total\t")
	for _, s := range table.Players[:min(n, len(table.Players))] {
		fmt.Fprintf(tw, "%d\t%s\t", s.Rank, t.Players[s.Player].Name)
		for _, h := range s.Heats {
			mark := ""
			if h.Factor != 1 && h.Played {
				mark = "*"
			}
			fmt.Fprintf(tw, "%s%s\t", number(h.Score), mark)
		}
		fmt.Fprintf(tw, "%s\t\n", number(s.Total))
	}
	tw.Flush()
	if len(table.Players) > n {
		fmt.Fprintf(w, "... %d more players (* = dropped or multiplied)\n", len(table.Players)-n)
	}
}

func formulaCommand() *cli.Command {
	return &cli.Command{
		Name:      "formula",
		Usage:     "try a scoring formula, or score one game under a scoring system",
		ArgsUsage: "'EXPR' [word=value ...]\n   dtm formula --system NAME [--workbook W.xlsx] --game GAME.json [--json]",
		Description: "With a formula, prints its value for the words you give (the others are 0), e.g.\n" +
			"   dtm formula '121 - yrs' yrs=7          prints 114\n" +
			"With --system and --game, scores the game in GAME.json under a built-in scoring system or one of the\n" +
			"workbook's Systems sheet, and prints each power's words and score. GAME.json is described in\n" +
			"docs/formulas.md. The formula language is described there too.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also print the translated program (or every word of every power)"},
			&cli.StringFlag{Name: "system", Usage: "score a game under the scoring system `NAME`"},
			&cli.StringFlag{Name: "workbook", Usage: "look the system up in `W.xlsx`'s Systems sheet (default: the built-in systems)"},
			&cli.StringFlag{Name: "game", Usage: "the game to score, a `GAME.json` file"},
			&cli.BoolFlag{Name: "json", Usage: "print the scores and words as one JSON object"},
		},
		Action: func(c *cli.Context) error {
			if c.String("system") == "" && c.String("game") == "" {
				return evalFormula(c)
			}
			if c.String("system") == "" || c.String("game") == "" || c.NArg() > 0 {
				return usageError{errors.New("score a game with both --system NAME and --game GAME.json (and no formula)")}
			}
			def, err := lookupSystem(c, c.String("system"), c.String("workbook"))
			if err != nil {
				return err
			}
			res, err := scoreGameFile(def, c.String("game"))
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return printJSON(c.App.Writer, scoring.NewGameReport(res))
			}
			printGame(c.App.Writer, def, res, c.Bool("verbose"))
			return nil
		},
	}
}

// evalFormula evaluates 'EXPR' with word=value arguments.
func evalFormula(c *cli.Context) error {
	if c.NArg() < 1 {
		return usageError{errors.New("formula needs a formula to evaluate, e.g. dtm formula '121 - yrs' yrs=7")}
	}
	var env formula.Env
	for _, a := range c.Args().Slice()[1:] {
		word, value, ok := strings.Cut(a, "=")
		v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if !ok || err != nil {
			return usageError{fmt.Errorf("%q: give words as word=number, e.g. scs=7", a)}
		}
		if err := env.Set(strings.TrimSpace(word), v); err != nil {
			return usageError{err}
		}
	}
	p, err := formula.Compile(c.Args().First(), formula.Score)
	var fe *formula.Error
	if errors.As(err, &fe) {
		return fmt.Errorf("%v\n%s", fe, indent(fe.Caret()))
	} else if err != nil {
		return err
	}
	if c.Bool("verbose") {
		fmt.Fprintf(c.App.Writer, "expr: %s\n", p.Expr())
	}
	v, err := p.Eval(&env)
	if err != nil {
		return err
	}
	fmt.Fprintln(c.App.Writer, number(v))
	return nil
}

func gameCommand() *cli.Command {
	return &cli.Command{
		Name:      "game",
		Usage:     "check when a game ended (or could end) under a victory rule",
		ArgsUsage: "GAME.json",
		Description: "Reads one game's record (GAME.json, with its centres year by year in \"history\") and prints when\n" +
			"and how it ended under the victory rule: the victory (year, power, centres) or none, any year in which\n" +
			"a two-way draw vote could be called, and whether the recorded result agrees. Rules: classic,\n" +
			"regatta-2002, regatta-2003, norman, norman-short-N, or a table such as 18,18,18,18,17,15,14,12 (from\n" +
			"1901). docs/games.md explains them.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "victory", Value: "classic", Usage: "the victory `RULE`"},
			&cli.BoolFlag{Name: "json", Usage: `print {"victory": {"year", "power", "centres"} or null, "draw_vote_years": [...]}`},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError{errors.New("game needs one GAME.json argument; see 'dtm game --help'")}
			}
			rule, err := scoring.ParseVictoryRule(c.String("victory"))
			if err != nil {
				return usageError{err}
			}
			g, err := readGame(c.Args().First())
			if err != nil {
				return err
			}
			out := rule.Check(g.History)
			if c.Bool("json") {
				return printJSON(c.App.Writer, scoring.NewOutcomeReport(out))
			}
			printOutcome(c.App.Writer, rule, g, out)
			return nil
		},
	}
}

// readGame reads a GAME.json file.
func readGame(path string) (scoring.Game, error) {
	f, err := os.Open(path)
	if err != nil {
		return scoring.Game{}, err
	}
	defer f.Close()
	g, err := scoring.DecodeGame(f)
	if err != nil {
		return g, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// printOutcome tells a director how the game ended under the rule and
// whether the recorded result agrees.
func printOutcome(w io.Writer, rule scoring.VictoryRule, g scoring.Game, out scoring.Outcome) {
	if len(g.History) == 0 {
		fmt.Fprintln(w, "The game has no centre chart (\"history\"): only its final centres are checked.")
	}
	if v := out.Victory; v != nil {
		fmt.Fprintf(w, "Victory: %s in %d with %d centres (%s needs %d that year).\n", v.Power, v.Year, v.Centres, rule.Name, rule.Target(v.Year))
		if out.ContinuedTo > v.Year {
			fmt.Fprintf(w, "The chart goes on to %d: the game should have ended in %d.\n", out.ContinuedTo, v.Year)
		}
	} else {
		fmt.Fprintf(w, "No victory under %s.\n", rule.Name)
	}
	for _, u := range out.Unconfirmed {
		fmt.Fprintf(w, "%s met the target in %d with %d centres, but the chart lacks %d, so its growth cannot be checked.\n", u.Power, u.Year, u.Centres, u.Year-1)
	}
	for i, y := range out.DrawVoteYears {
		pair := out.DrawVoters[i]
		fmt.Fprintf(w, "A two-way draw vote may be called in %d (%s and %s).\n", y, pair[0], pair[1])
	}
	if errs := rule.CheckResult(g); len(errs) > 0 {
		fmt.Fprintln(w, "The recorded result disagrees:")
		for _, e := range errs {
			fmt.Fprintf(w, "  %v\n", e)
		}
	} else {
		fmt.Fprintln(w, "The recorded result agrees with the rule.")
	}
	ranks := scoring.NormanRank(g)
	fmt.Fprint(w, "Norman's ranking:")
	for p := scoring.Austria; p < scoring.NumPowers; p++ {
		fmt.Fprintf(w, " %s %d", p, ranks[p])
		if p < scoring.Turkey {
			fmt.Fprint(w, ",")
		}
	}
	fmt.Fprintln(w)
}

// lookupSystem finds a scoring system in a workbook's Systems sheet, or
// among the built-in systems.
func lookupSystem(c *cli.Context, name, path string) (scoring.Definition, error) {
	if path == "" {
		d, ok := scoring.Lookup(name)
		if !ok {
			return d, fmt.Errorf("no built-in scoring system %q (the built-in systems are on a new workbook's Systems sheet; use --workbook for your own)", name)
		}
		return d, nil
	}
	b, err := workbook.Open(path)
	if err != nil {
		return scoring.Definition{}, err
	}
	defer b.Close()
	s, ok := b.Tournament.SystemByName(name)
	if !ok {
		return scoring.Definition{}, fmt.Errorf("%s: no scoring system %q on the Systems sheet", path, name)
	}
	if ps := b.ProblemsInRow(workbook.SheetSystems, s.Row); len(ps) > 0 {
		fmt.Fprintln(c.App.Writer, ps)
		return scoring.Definition{}, errProblems
	}
	return s.Definition(), nil
}

// scoreGameFile scores the game in a GAME.json file.
func scoreGameFile(def scoring.Definition, path string) (scoring.Result, error) {
	sys, err := scoring.Compile(def)
	if err != nil {
		return scoring.Result{}, fmt.Errorf("scoring system %q: %w", def.Name, err)
	}
	g, err := readGame(path)
	if err != nil {
		return scoring.Result{}, err
	}
	res, err := sys.Score(g)
	if err != nil {
		return scoring.Result{}, fmt.Errorf("%s: %w", path, err)
	}
	return res, nil
}

// printGame prints a table of each power's formula, main words and score.
func printGame(w io.Writer, def scoring.Definition, res scoring.Result, all bool) {
	words := []string{"yrs", "scs", "num", "big", "tie", "srv", "ldr", "prov"}
	if all {
		words = formula.Words()
	}
	fmt.Fprintf(w, "%s (%s)\n", def.Name, def.Criterion)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "power\tformula\t")
	for _, word := range words {
		fmt.Fprintf(tw, "%s\t", word)
	}
	fmt.Fprintln(tw, "score\t")
	for p := scoring.Austria; p < scoring.NumPowers; p++ {
		fmt.Fprintf(tw, "%s\t%s\t", p, res.Slot[p])
		for _, word := range words {
			v, _ := res.Words[p].Get(word)
			fmt.Fprintf(tw, "%s\t", number(v))
		}
		fmt.Fprintf(tw, "%s\t\n", number(res.Scores[p]))
	}
	tw.Flush()
}

// printJSON prints one indented JSON object.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// number prints a score as a director reads it: no trailing zeros.
func number(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// indent indents every line by four spaces.
func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// openChecked opens a workbook and prints its problems (and, with -v, what
// it ignored); it fails with errProblems when there are any.
func openChecked(c *cli.Context, path string) (*workbook.Book, error) {
	b, err := workbook.Open(path)
	if err != nil {
		return nil, err
	}
	if c.Bool("verbose") {
		for _, p := range b.Ignored {
			fmt.Fprintf(c.App.Writer, "ignored: %s\n", p)
		}
	}
	if len(b.Problems) > 0 {
		for _, p := range b.Problems {
			fmt.Fprintln(c.App.Writer, p)
		}
		fmt.Fprintf(c.App.ErrWriter, "%s: %d problem(s); fix them and run dtm check again\n", path, len(b.Problems))
		b.Close()
		return nil, errProblems
	}
	return b, nil
}

// openScored opens a workbook that has no problems and computes its
// standings.
func openScored(c *cli.Context, path string) (*workbook.Book, scoring.Event, scoring.Table, error) {
	b, err := openChecked(c, path)
	if err != nil {
		return nil, scoring.Event{}, scoring.Table{}, err
	}
	event := b.Tournament.Event()
	table, err := scoring.Standings(event)
	if err != nil {
		b.Close()
		return nil, event, table, fmt.Errorf("%s: standings: %w", path, err)
	}
	return b, event, table, nil
}

// randomSeed picks a seed for a new tournament's seating.
func randomSeed() int64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 1
	}
	return int64(binary.BigEndian.Uint64(b[:]) >> 33) // a short number a director can retype
}
