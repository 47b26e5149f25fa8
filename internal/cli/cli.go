package cli

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/armada-dtm/dtm/director"
	"github.com/armada-dtm/dtm/internal/version"
	"github.com/urfave/cli/v2"
)

// Main runs dtm as a process does and returns its exit status: a fatal
// runtime failure does not end with the usage error's status, and a
// console window that Windows opened for dtm stays open until the
// director presses Enter.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	crashNotUsage()
	code := Run(args, stdout, stderr)
	if ownConsole() {
		holdWindow(stdin, stdout, len(args) < 2)
	}
	return code
}

// holdWindow keeps a console window that Windows opened for dtm (a
// workbook dropped on dtm.exe, or dtm.exe double-clicked) open until the
// director presses Enter, so that what dtm said can be read; double-clicked
// with no workbook, it first says how to give it one.
func holdWindow(in io.Reader, out io.Writer, noWorkbook bool) {
	if noWorkbook {
		fmt.Fprintln(out, "\nTo see where a tournament stands, drag its workbook onto dtm.exe.\n"+
			"To run a command (dtm check, dtm seed, dtm score ...), open a command prompt in this folder: START-HERE.txt says how.")
	}
	fmt.Fprint(out, "\nPress Enter to close this window.")
	bufio.NewReader(in).ReadString('\n')
}

// usageError is a mistake in how a command was called (exit status 2).
type usageError = director.UsageError

// Run runs the command line args (the program's name first) and returns
// the exit status: 0 success, 1 problems found or a command failed, 2 a
// usage error.
func Run(args []string, stdout, stderr io.Writer) int {
	a := app(stdout, stderr)
	err := a.Run(flagsFirst(a, args))
	var u usageError
	var ps *director.ProblemsError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &u):
		fmt.Fprintf(stderr, "dtm: %v\n", err)
		return 2
	case errors.As(err, &ps):
		ps.WriteText(stdout, false)
		fmt.Fprintln(stderr, ps)
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
		UsageText: "dtm COMMAND [options] WORKBOOK.xlsx\n   dtm WORKBOOK.xlsx (where the tournament stands: dtm status)",
		Description: "dtm keeps a whole tournament in one .xlsx workbook that you edit in Excel or LibreOffice.\n" +
			"Start with 'dtm new', fill in the sheets, and run 'dtm check' after every edit.",
		Version:        version.String(),
		Writer:         stdout,
		ErrWriter:      stderr,
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError: func(_ *cli.Context, err error, _ bool) error {
			return usageError{Err: err}
		},
		Action:   statusAlone,
		Commands: []*cli.Command{newCommand(), checkCommand(), statusCommand(), seedCommand(), scoreCommand(), importCommand(), exportCommand(), publishCommand(), seriesCommand(), simulateCommand(), formulaCommand(), gameCommand(), validateCommand(), verifyCommand(), withdrawCommand(), renameCommand(), undoCommand(), sendCommand()},
	}
	for _, cmd := range a.Commands {
		cmd.OnUsageError = a.OnUsageError // a mistake in a command's flags is a usage error (exit 2)
		for _, sub := range cmd.Subcommands {
			sub.OnUsageError = a.OnUsageError
		}
	}
	return a
}

// flagsFirst moves a command's flags before its arguments, so that
// "dtm score book.xlsx --json" works as "dtm score --json book.xlsx" does
// (urfave/cli stops reading flags at the first argument). A flag that takes
// a value keeps it. Only words shaped like a flag (-v, --top, --top=5) are
// flags: "-2 * yrs" or "-3" is an argument, passed after "--" so that it is
// not read as one; everything after a "--" of the caller stays as it is.
func flagsFirst(a *cli.App, args []string) []string {
	if len(args) < 3 {
		return args
	}
	cmd, first := a.Command(args[1]), 2
	if cmd == nil {
		return args
	}
	if sub := cmd.Command(args[2]); sub != nil { // dtm send calls ...
		cmd, first = sub, 3
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		_, isBool := f.(*cli.BoolFlag)
		for _, n := range f.Names() {
			takesValue[n] = !isBool
		}
	}
	var flags, rest []string
	for i := first; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			rest = append(rest, args[i+1:]...)
			break
		}
		if !flagShaped.MatchString(arg) {
			rest = append(rest, arg)
			continue
		}
		flags = append(flags, arg)
		if name := strings.TrimLeft(arg, "-"); takesValue[name] && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	out := append(append([]string(nil), args[:first]...), flags...)
	if slices.ContainsFunc(rest, func(s string) bool { return strings.HasPrefix(s, "-") }) {
		out = append(out, "--")
	}
	return append(out, rest...)
}

// flagShaped matches a command-line flag: -v, --top, --top=5.
var flagShaped = regexp.MustCompile(`^--?[A-Za-z][A-Za-z0-9-]*(=.*)?$`)

// workbookArg returns the command's single WORKBOOK argument.
func workbookArg(c *cli.Context) (string, error) {
	if c.NArg() != 1 {
		return "", usageError{Err: fmt.Errorf("%s needs one workbook (.xlsx) argument; see 'dtm %s --help'", c.Command.Name, c.Command.Name)}
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
			"With --from, the players, conflicts, groups, scoring systems, Tournament settings and Clock of an earlier\n" +
			"tournament come along (not its name, description or random seed); so do its number of heats and scoring\n" +
			"system unless --heats and --system are given.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "name", Usage: "the tournament's `NAME` (default: the file's name)"},
			&cli.IntFlag{Name: "heats", Value: 4, Usage: fmt.Sprintf("number of heats (rounds), 1 to %d", director.MaxHeats)},
			&cli.StringFlag{Name: "system", Value: director.DefaultSystem, Usage: "the tournament's scoring `SYSTEM`, a name from the Systems sheet"},
			&cli.StringFlag{Name: "from", Usage: "carry players, conflicts, groups, scoring systems, settings and clock over from `EARLIER.xlsx`"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if h := c.Int("heats"); h < 1 || h > director.MaxHeats {
				return usageError{Err: fmt.Errorf("--heats must be from 1 to %d, not %d", director.MaxHeats, h)}
			}
			heats, system := c.Int("heats"), c.String("system")
			if c.String("from") != "" { // the earlier tournament's unless given
				if !c.IsSet("heats") {
					heats = 0
				}
				if !c.IsSet("system") {
					system = ""
				}
			}
			res, err := director.New(director.NewRequest{Path: path, Name: c.String("name"), Heats: heats,
				System: system, From: c.String("from")})
			if err != nil {
				return err
			}
			res.WriteText(c.App.Writer)
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
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also list the columns, settings and sheets dtm ignored, and each player without an id"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			res, err := director.Check(director.CheckRequest{Path: path, Verbose: c.Bool("verbose")})
			var ps *director.ProblemsError
			if errors.As(err, &ps) && c.Bool("verbose") {
				for _, p := range ps.Ignored {
					fmt.Fprintf(c.App.Writer, "ignored: %s\n", p)
				}
			}
			if err != nil {
				return err
			}
			res.WriteText(c.App.Writer, c.Bool("verbose"))
			return nil
		},
	}
}

func statusCommand() *cli.Command {
	return &cli.Command{
		Name:      "status",
		Usage:     "where the tournament stands, and what to do next",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Prints each heat's state (not seeded, called, in play, reported, scored) and its boards, the\n" +
			"registered players not seated in a heat under way, stale board calls, whether the standings are final,\n" +
			"and the one command to run next. It never changes the file; 'dtm WORKBOOK.xlsx' alone does the same.\n" +
			"docs/status.md describes the states and the --json fields.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "json", Usage: "print the status as one JSON object"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			return status(c, path, c.Bool("json"))
		},
	}
}

// statusAlone runs dtm status for "dtm WORKBOOK.xlsx", and shows the help
// when dtm is run with nothing.
func statusAlone(c *cli.Context) error {
	switch {
	case c.NArg() == 0:
		return cli.ShowAppHelp(c)
	case c.NArg() > 1 || !strings.HasSuffix(strings.ToLower(c.Args().First()), ".xlsx"):
		return usageError{Err: fmt.Errorf("unknown command %q; see 'dtm --help'", c.Args().First())}
	}
	return status(c, c.Args().First(), false)
}

// status prints where a workbook's tournament stands.
func status(c *cli.Context, path string, asJSON bool) error {
	res, err := director.Status(director.StatusRequest{Path: path})
	if err != nil {
		return err
	}
	if asJSON {
		return printJSON(c.App.Writer, res.Report())
	}
	res.WriteText(c.App.Writer)
	return nil
}

func seedCommand() *cli.Command {
	return &cli.Command{
		Name:      "seed",
		Usage:     "seat the next heat's boards and powers with the fewest conflicts",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Seats every player registered for the heat (Players sheet, Heat N column) at boards of seven,\n" +
			"around the boards already started or finished, which are kept as they are (seat a top board, start it,\n" +
			"then seed the rest). Writes the heat's sheet (board, status, power, player, each player's conflict and\n" +
			"why) and its board calls to print, and prints the total conflict with its lower bound. Once a heat is\n" +
			"called (boards seated, none started) it refuses to reseed it, saying how many seats would move, unless\n" +
			"--reseed; --late and --sit-out auto then change the fewest seats. docs/seeding.md explains the conflicts.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "heat", Usage: "the heat `N` to seat (default: the first heat with registered players not seated, passing over called heats, whose late players --late seats, and heats with a finished board)"},
			&cli.DurationFlag{Name: "time", Usage: "cap the seeder's time at `DURATION` (default 1m); it does a fixed amount of work, so the same seed gives the same seating on any machine unless the cap stops it first (it says so)"},
			&cli.Int64Flag{Name: "seed", Usage: "random `SEED` (default: the Tournament sheet's Random seed); the same seed gives the same seating"},
			&cli.StringFlag{Name: "sit-out", Usage: "`auto`: when the players do not fill boards of seven, choose who sits out (fairly: docs/seeding.md) and mark them Sitting out, or bring back players marked Sitting out after a cancellation"},
			&cli.StringFlag{Name: "two-boards", Usage: "`auto`: when the players do not fill boards of seven, seat players marked Can play two boards on two boards each (fairly: docs/seeding.md); not with --sit-out"},
			&cli.StringFlag{Name: "pool", Usage: "`\"top N\"` (7, 14, 21 ...): seat the best N of the Tournament sheet's Pool qualification who play the heat (skipping Declines pool) on the top boards, seeded among themselves, and the rest apart; or contention: everyone who can still finish first together (docs/seeding.md)"},
			&cli.BoolFlag{Name: "late", Usage: "after the heat was seeded: seat late players and fill the seats of drop-outs (boards not started) in drop-outs' or standbys' seats or on new boards, moving nobody else (docs/seeding.md)"},
			&cli.BoolFlag{Name: "reseed", Usage: "reseed a called heat (boards seated, none started), moving players whose calls are out; without it dtm seed refuses, saying how many seats would move"},
			&cli.BoolFlag{Name: "unseed", Usage: "empty the heat's boards that have not started, and stop"},
			&cli.BoolFlag{Name: "refresh", Usage: "rewrite the board calls and Conflict columns from the heat sheet as it stands (after swaps by hand), without reseeding; every heat where they are stale, or --heat N"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if so := c.String("sit-out"); so != "" && so != "auto" {
				return usageError{Err: fmt.Errorf("--sit-out takes auto, not %q", so)}
			}
			if tb := c.String("two-boards"); tb != "" && tb != "auto" {
				return usageError{Err: fmt.Errorf("--two-boards takes auto, not %q", tb)}
			}
			return seed(c, path)
		},
	}
}

// seed runs the seating use case the flags pick: refresh, unseed, seat the
// late players or seat the heat. The flags that do not combine are refused
// here.
func seed(c *cli.Context, path string) error {
	sitOut, twoBoards, pool := c.String("sit-out") == "auto", c.String("two-boards") == "auto", c.String("pool")
	late, unseed, refresh := c.Bool("late"), c.Bool("unseed"), c.Bool("refresh")
	var seedFlag *int64
	if c.IsSet("seed") {
		s := c.Int64("seed")
		seedFlag = &s
	}
	w := c.App.Writer
	switch {
	case c.Bool("reseed") && (late || unseed || refresh):
		return usageError{Err: errors.New("--reseed reseeds a called heat, moving players: it cannot be combined with --late, --unseed or --refresh")}
	case refresh:
		if sitOut || twoBoards || unseed || pool != "" || late {
			return usageError{Err: errors.New("--refresh rewrites what the heat sheet says as it stands: it cannot be combined with --sit-out, --unseed, --pool or --late")}
		}
		res, err := director.Refresh(c.Context, director.RefreshRequest{Path: path, Heat: c.Int("heat"), Force: c.Bool("force")})
		return report(w, res, err)
	case unseed:
		if late || sitOut || twoBoards || pool != "" {
			return usageError{Err: errors.New("--unseed empties the heat's boards that have not started: it cannot be combined with --late, --sit-out, --two-boards or --pool")}
		}
		res, err := director.Unseed(c.Context, director.UnseedRequest{Path: path, Heat: c.Int("heat"), Force: c.Bool("force")})
		return report(w, res, err)
	case twoBoards && sitOut:
		return usageError{Err: errors.New("--two-boards and --sit-out are two ways to fill boards of seven: choose one (never mixing sitters and doublers)")}
	case twoBoards && (pool != "" || late):
		return usageError{Err: errors.New("--two-boards cannot be combined with --pool or --late")}
	case late:
		if sitOut || pool != "" {
			return usageError{Err: errors.New("--late seats only the late players, moving nobody else: it cannot be combined with --sit-out or --pool")}
		}
		res, err := director.SeatLate(c.Context, director.LateRequest{Path: path, Heat: c.Int("heat"), Seed: seedFlag, Time: c.Duration("time"), Force: c.Bool("force")})
		return report(w, res, err)
	default:
		req := director.SeedRequest{Path: path, Heat: c.Int("heat"), Seed: seedFlag, Time: c.Duration("time"),
			SitOutAuto: sitOut, TwoBoardsAuto: twoBoards, Reseed: c.Bool("reseed"), Force: c.Bool("force")}
		if pool != "" {
			p, err := director.ParsePool(pool)
			if err != nil {
				return usageError{Err: fmt.Errorf("--pool %w", err)}
			}
			req.Pool = p
		}
		if isTerminal(c.App.ErrWriter) {
			req.Progress = func(p director.Progress) {
				ahead := ""
				if p.Aheads > 0 {
					ahead = fmt.Sprintf(", looking one heat ahead: %d of %d", p.Ahead, p.Aheads)
				}
				fmt.Fprintf(c.App.ErrWriter, "\rseeding heat %d: restart %d of %d, best conflict %d (lower bound %d)%s ", p.Heat, p.Restart, p.Restarts, p.Best, p.Bound, ahead)
			}
		}
		res, err := director.Seed(c.Context, req)
		if req.Progress != nil {
			fmt.Fprintln(c.App.ErrWriter)
		}
		return report(w, res, err)
	}
}

// report prints what a use case did, also when it failed after saving the
// workbook (director.SavedError), and returns its error.
func report[R interface{ WriteText(io.Writer) }](w io.Writer, res R, err error) error {
	if err == nil || director.Saved(err) {
		res.WriteText(w)
	}
	return err
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

func simulateCommand() *cli.Command {
	return &cli.Command{
		Name:  "simulate",
		Usage: "plan a whole tournament's seating without a workbook, and print its conflicts round by round",
		Description: "Answers questions such as \"with 38 players and 5 rounds, how many repeat opponents must we\n" +
			"accept?\": generates a tournament (--players, --rounds, absences, family pairs, teams, clubs) or reads\n" +
			"one in the seeding benchmark's format (--instance), seeds each round knowing only that round's\n" +
			"players and the earlier rounds, and prints each round's conflict, lower bound and time. Round N is\n" +
			"seeded as dtm seed seeds heat N with the same --seed. --out writes the seating as dtm-seeding-output/1.\n" +
			"--workbook writes instead a whole tournament workbook: the players, conflicts, groups and teams, each heat\n" +
			"seated by dtm seed, random legal results under --system, and the standings of dtm score.",
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
			&cli.DurationFlag{Name: "time", Usage: "cap the seeder's time per round at `DURATION` (default 1m)"},
			&cli.StringFlag{Name: "workbook", Usage: "write a whole tournament workbook, results and standings included, to `OUT.xlsx`"},
			&cli.StringFlag{Name: "system", Usage: "with --workbook, the scoring system `NAME` (default: a new workbook's)"},
		},
		Action: func(c *cli.Context) error {
			generate := c.Int("players") != 0 || c.Int("rounds") != 0
			switch {
			case c.String("instance") != "" && generate:
				return usageError{Err: errors.New("give either --instance or --players and --rounds, not both")}
			case c.String("instance") == "" && (c.Int("players") == 0 || c.Int("rounds") == 0):
				return usageError{Err: errors.New("simulate needs --players and --rounds (or --instance FILE.json)")}
			case c.String("workbook") != "" && (c.String("instance") != "" || c.String("out") != "" || c.Bool("at-tables")):
				return usageError{Err: errors.New("--workbook writes a whole tournament with its powers: leave out --instance, --out and --at-tables")}
			case c.String("system") != "" && c.String("workbook") == "":
				return usageError{Err: errors.New("--system is the scoring system of the workbook --workbook writes: add --workbook OUT.xlsx")}
			}
			req := director.SimulateRequest{
				Instance: c.String("instance"), Seed: c.Int64("seed"), Time: c.Duration("time"), Out: c.String("out"),
				Players: c.Int("players"), Rounds: c.Int("rounds"), Absent: c.Int("absent"),
				Families: c.Int("families"), Teams: c.Int("teams"), Clubs: c.Int("clubs"), AtTables: c.Bool("at-tables"),
				Workbook: c.String("workbook"), System: c.String("system"),
			}
			if req.Workbook != "" {
				ev, err := director.SimulateEvent(c.Context, req)
				if err != nil {
					return err
				}
				ev.WriteText(c.App.Writer)
				return nil
			}
			res, err := director.Simulate(c.Context, req)
			if err != nil {
				return err
			}
			return res.WriteText(c.App.Writer)
		},
	}
}

func scoreCommand() *cli.Command {
	return &cli.Command{
		Name:      "score",
		Usage:     "score every finished game and write the standings, team standings and awards",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Checks the workbook, scores every finished game under its scoring system, and rewrites the\n" +
			"Standings, Team Standings and Awards tabs and the heat sheets' Score column. Games not finished are\n" +
			"left out. Then prints the top of the standings. Nothing else in the workbook changes; the previous\n" +
			"version is kept in the dtm-backups folder. Run again with nothing to change, it writes nothing and says\n" +
			"so. docs/score.md describes the rules and the --json fields.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "compute and print, but write nothing"},
			&cli.BoolFlag{Name: "json", Usage: "print the standings, team standings and awards as one JSON object"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
			&cli.IntFlag{Name: "top", Value: 10, Usage: "how many lines of the standings to print"},
			&cli.BoolFlag{Name: "diff", Usage: "also print who moved (rank, total) since the Standings tab was last written"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if c.Bool("diff") && c.Bool("json") {
				return usageError{Err: errors.New("--diff prints who moved as text: leave out --json (or run twice)")}
			}
			res, err := director.Score(director.ScoreRequest{Path: path, DryRun: c.Bool("dry-run"), Force: c.Bool("force"),
				Diff: c.Bool("diff")})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				res.WriteWarnings(c.App.ErrWriter)
				return printJSON(c.App.Writer, res.Report)
			}
			res.WriteText(c.App.Writer, c.Int("top"))
			return nil
		},
	}
}

func importCommand() *cli.Command {
	return &cli.Command{
		Name:      "import",
		Usage:     "write the results of a CSV file (a form's or a spreadsheet's export) into the heat sheets",
		ArgsUsage: "RESULTS.csv WORKBOOK.xlsx",
		Description: "Reads one row per board (its board code, or heat and board; status, result, final year, centres per\n" +
			"power and optionally the centre chart: docs/import.md), shows what changes board by board, checks the\n" +
			"workbook as dtm check does, and writes it. A finished board is never changed without --overwrite.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "show what would change, but write nothing"},
			&cli.BoolFlag{Name: "overwrite", Usage: "replace the results of boards already finished"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 2 {
				return usageError{Err: fmt.Errorf("import needs a results file and a workbook: dtm import RESULTS.csv WORKBOOK.xlsx")}
			}
			res, err := director.Import(director.ImportRequest{CSV: c.Args().Get(0), Path: c.Args().Get(1),
				DryRun: c.Bool("dry-run"), Force: c.Bool("force"), Overwrite: c.Bool("overwrite")})
			if err != nil {
				return err
			}
			res.WriteText(c.App.Writer)
			return nil
		},
	}
}

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:      "export",
		Usage:     "write the results files: DTM's CSV of the standings, the WDD upload, the WDR JSON, the rating inputs",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "--csv writes NAME.csv (NAME is the tournament's name): one line per player with rank, name, each\n" +
			"heat's score and the total, as the DTM exported them. --wdd writes the two files the World Diplomacy\n" +
			"Database takes, NAME WDD classification.csv and NAME WDD boards.csv, and NAME WDD awards.csv, the\n" +
			"numbered list of its RK_AWA columns' awards. --wdr writes NAME WDR.json for the World Diplomacy\n" +
			"Reference; --ratings NAME ratings.txt, a page of what the rating lists ask. Files go beside the workbook\n" +
			"(or into --out). The workbook itself is not changed. While boards are in play the standings are\n" +
			"provisional: --wdd and --wdr then refuse unless --provisional. docs/exports.md describes every file.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "csv", Usage: "write the DTM export of the standings"},
			&cli.BoolFlag{Name: "wdd", Usage: "write the World Diplomacy Database classification, boards and awards files"},
			&cli.BoolFlag{Name: "wdr", Usage: "write the World Diplomacy Reference's JSON"},
			&cli.BoolFlag{Name: "ratings", Usage: "write the one-page summary of the rating lists' inputs"},
			&cli.BoolFlag{Name: "provisional", Usage: "write the WDD and WDR files even while boards are in play"},
			&cli.StringFlag{Name: "out", Usage: "write the files into `DIR` (default: the workbook's folder)"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "warn about each player without an id, not about them all in one line"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			if !c.Bool("csv") && !c.Bool("wdd") && !c.Bool("wdr") && !c.Bool("ratings") {
				return usageError{Err: errors.New("say which files to write: --csv, --wdd, --wdr, --ratings, or several")}
			}
			res, err := director.Export(director.ExportRequest{Path: path, CSV: c.Bool("csv"), WDD: c.Bool("wdd"), WDR: c.Bool("wdr"),
				Ratings: c.Bool("ratings"), Provisional: c.Bool("provisional"), Out: c.String("out"), Verbose: c.Bool("verbose")})
			if res != nil {
				res.WriteText(c.App.Writer)
			}
			return err
		},
	}
}

func publishCommand() *cli.Command {
	return &cli.Command{
		Name:      "publish",
		Usage:     "make the tournament's website, projector pages and room clock, from the workbook",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Writes a static site (one HTML file per page, one style sheet, nothing fetched from the network):\n" +
			"standings after each heat, each heat's boards and centre charts, board calls by board and by name, the\n" +
			"players, best powers, awards, team standings, a projector cycle (projector.html) and a room clock per heat.\n" +
			"The Tournament sheet's Publish: settings say what is withheld. Afterwards dtm score and dtm seed refresh\n" +
			"the site. The workbook is not changed. docs/publish.md describes the pages and the policy.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Usage: "write the site into `DIR` (default: \"NAME site\" beside the workbook)"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			res, err := director.Publish(director.PublishRequest{Path: path, Out: c.String("out")})
			if res != nil {
				res.WriteText(c.App.Writer)
			}
			return err
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
			"are not changed.\n" +
			"With --circuit, each tournament's final places become circuit points by its Circuit tier setting, and\n" +
			"those are summed (or the best N of them); e.g. --circuit \"egp2025 B=300 C=150\": the European Grand\n" +
			"Prix 2025 gives tier A 500 points, tiers B and C are yours to give. docs/score.md.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "rule", Value: "sum", Usage: "how to combine: `sum`, \"best N\" or \"average rank\""},
			&cli.StringFlag{Name: "circuit", Usage: "combine circuit points of the circuit `RULE`, e.g. \"egp2025 B=300 C=150\""},
			&cli.BoolFlag{Name: "json", Usage: "print the series standings as JSON"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 {
				return usageError{Err: errors.New("series needs one or more tournament workbooks")}
			}
			rule, err := director.ParseSeriesRule(c.String("rule"))
			if err != nil {
				return usageError{Err: err}
			}
			req := director.SeriesRequest{Paths: c.Args().Slice(), Rule: rule}
			if c.IsSet("circuit") {
				circuit, err := director.ParseCircuit(c.String("circuit"), rule)
				if err != nil {
					return usageError{Err: err}
				}
				req.Circuit = &circuit
			}
			res, err := director.Series(req)
			if err != nil {
				return err
			}
			res.WriteWarnings(c.App.ErrWriter)
			if c.Bool("json") {
				return printJSON(c.App.Writer, res.Report())
			}
			return res.WriteText(c.App.Writer)
		},
	}
}

func formulaCommand() *cli.Command {
	return &cli.Command{
		Name:  "formula",
		Usage: "try a scoring formula, or score one game under a scoring system",
		ArgsUsage: "'EXPR' [word=value ...]\n   dtm formula --system NAME [--workbook W.xlsx] --game GAME.json [--json]\n" +
			"   dtm formula --table NAME [--workbook W.xlsx] [--json]\n" +
			"   dtm formula --audit NAME [--workbook W.xlsx] [--games N] [--seed S] [--json]",
		Description: "With a formula, prints its value for the words you give (the others are 0), e.g.\n" +
			"   dtm formula '121 - yrs' yrs=7          prints 114\n" +
			"With --system and --game, scores the game in GAME.json under a built-in scoring system or one of the\n" +
			"workbook's Systems sheet, and prints each power's words and score. GAME.json is described in\n" +
			"docs/formulas.md. The formula language is described there too.\n" +
			"With --table NAME, prints what the system gives for common results: solos by year, 2- to 7-way\n" +
			"draws and typical centre splits. With --audit NAME, plays random legal games and checks that a\n" +
			"power never scores less for taking a centre, that a solo beats every result without one, that equal\n" +
			"results score alike and that a board adds up to the total the system claims; docs/systems.md.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "also print the translated program (or every word of every power)"},
			&cli.StringFlag{Name: "system", Usage: "score a game under the scoring system `NAME`"},
			&cli.StringFlag{Name: "workbook", Usage: "look the system up in `W.xlsx`'s Systems sheet (default: the built-in systems)"},
			&cli.StringFlag{Name: "game", Usage: "the game to score, a `GAME.json` file"},
			&cli.StringFlag{Name: "table", Usage: "print the scores of common results (solos, 2- to 7-way draws, centre splits) under the system `NAME`"},
			&cli.StringFlag{Name: "audit", Usage: "check the system `NAME` over random legal games (exit status 1 when a property fails)"},
			&cli.IntFlag{Name: "games", Value: 4000, Usage: "--audit plays `N` random games"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "--audit's random games come from `SEED`"},
			&cli.BoolFlag{Name: "json", Usage: "print the scores and words (or the table, or the audit) as one JSON object"},
		},
		Action: func(c *cli.Context) error {
			if c.IsSet("table") || c.IsSet("audit") {
				return systemCheck(c)
			}
			if c.String("system") == "" && c.String("game") == "" {
				if c.NArg() < 1 {
					return usageError{Err: errors.New("formula needs a formula to evaluate, e.g. dtm formula '121 - yrs' yrs=7")}
				}
				words, err := director.ParseWords(c.Args().Tail())
				if err != nil {
					return usageError{Err: err}
				}
				res, err := director.EvalFormula(director.FormulaRequest{Formula: c.Args().First(), Words: words})
				if err != nil {
					return err
				}
				res.WriteText(c.App.Writer, c.Bool("verbose"))
				return nil
			}
			if c.String("system") == "" || c.String("game") == "" || c.NArg() > 0 {
				return usageError{Err: errors.New("score a game with both --system NAME and --game GAME.json (and no formula)")}
			}
			res, err := director.ScoreGame(director.GameScoreRequest{System: c.String("system"), Workbook: c.String("workbook"), Game: c.String("game")})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				return printJSON(c.App.Writer, res.Report())
			}
			res.WriteText(c.App.Writer, c.Bool("verbose"))
			return nil
		},
	}
}

// systemCheck runs dtm formula --table or --audit.
func systemCheck(c *cli.Context) error {
	if c.IsSet("table") == c.IsSet("audit") || c.IsSet("system") || c.IsSet("game") || c.NArg() > 0 {
		return usageError{Err: errors.New("give --table NAME or --audit NAME (with --workbook W.xlsx for a system of yours), " +
			"without --system, --game or a formula")}
	}
	sys := director.SystemRequest{System: c.String("table"), Workbook: c.String("workbook")}
	if c.IsSet("table") {
		t, err := director.TableOfSystem(sys)
		if err != nil {
			return err
		}
		if c.Bool("json") {
			return printJSON(c.App.Writer, t.Report())
		}
		return t.WriteText(c.App.Writer)
	}
	sys.System = c.String("audit")
	a, err := director.AuditSystem(director.AuditRequest{SystemRequest: sys, Games: c.Int("games"), Seed: c.Uint64("seed")})
	if err != nil {
		return err
	}
	if c.Bool("json") {
		if err := printJSON(c.App.Writer, a.JSON()); err != nil {
			return err
		}
	} else {
		a.WriteText(c.App.Writer)
	}
	return a.Err()
}

func gameCommand() *cli.Command {
	return &cli.Command{
		Name:      "game",
		Usage:     "check when a game ended (or could end) under a victory rule",
		ArgsUsage: "GAME.json",
		Description: "Reads one game's record (GAME.json, with its centres year by year in \"history\") and prints when\n" +
			"and how it ended under the victory rule: the victory (year, power, centres) or none, any year in which\n" +
			"a two-way draw vote could be called, and whether the recorded result agrees (exit status 1, with\n" +
			"each disagreement on stderr, when it does not). Rules: classic, regatta-2002, regatta-2003, norman,\n" +
			"norman-short-N, or a table such as 18,18,18,18,17,15,14,12 (from 1901). docs/games.md explains them.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "victory", Value: "classic", Usage: "the victory `RULE`"},
			&cli.BoolFlag{Name: "json", Usage: `print {"victory": {"year", "power", "centres"} or null, "draw_vote_years": [...]}`},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return usageError{Err: errors.New("game needs one GAME.json argument; see 'dtm game --help'")}
			}
			rule, err := director.ParseVictoryRule(c.String("victory"))
			if err != nil {
				return usageError{Err: err}
			}
			res, err := director.CheckGame(director.GameRequest{Game: c.Args().First(), Rule: rule})
			if err != nil {
				return err
			}
			if c.Bool("json") {
				if err := printJSON(c.App.Writer, res.Report()); err != nil {
					return err
				}
			} else {
				res.WriteText(c.App.Writer)
			}
			return res.Err()
		},
	}
}

func validateCommand() *cli.Command {
	return &cli.Command{
		Name:      "validate",
		Usage:     "check WDR JSON and WDD CSV files, written by dtm or any tool, before sending them",
		ArgsUsage: "FILE.json|FILE.csv ...",
		Description: "Checks a World Diplomacy Reference JSON file against docs/wdr.schema.json and what a schema cannot say\n" +
			"(seven different players a board, at most 34 centres, games numbered 1..N, draws, ranks consistent with\n" +
			"scores), a WDD classification or boards CSV against its columns, power codes, centres and ranks, and a\n" +
			"WDD awards CSV against its award numbers, names and winners.\n" +
			"Prints each problem as FILE:LINE:COLUMN: CODE WHERE: what is wrong (docs/exports.md lists the codes);\n" +
			"exit status 1 when there is one.",
		Action: func(c *cli.Context) error {
			if c.NArg() < 1 {
				return usageError{Err: errors.New("validate needs one or more .json or .csv files; see 'dtm validate --help'")}
			}
			res, err := director.Validate(director.ValidateRequest{Paths: c.Args().Slice()})
			if err != nil {
				return err
			}
			res.WriteText(c.App.Writer)
			return res.Err()
		},
	}
}

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "recompute everything dtm wrote from the inputs alone and compare it with what the workbook shows",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Recomputes every game score, total, rank, tie-break, award and team total from the Players, heat sheets,\n" +
			"Systems and Tournament settings with the code dtm score uses, and compares them, cell by cell, with the\n" +
			"Standings, Team Standings and Awards tabs and the heat sheets' Score and Conflict columns; seats again each\n" +
			"heat dtm seed recorded, and compares the seats. Prints every difference at its cell (exit status 1), or a\n" +
			"certificate: the dtm version and digests of the inputs and outputs. With --files, compares the exported files\n" +
			"in DIR too; with --certificate, re-checks a certificate printed earlier. It never writes the workbook.\n" +
			"docs/verify.md explains it.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "files", Usage: "compare the files dtm export wrote in `DIR` with what the workbook gives now"},
			&cli.StringFlag{Name: "certificate", Usage: "re-check the certificate an earlier dtm verify printed, saved as `CERT.txt`"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			res, err := director.Verify(director.VerifyRequest{Path: path, Files: c.String("files"), Certificate: c.String("certificate")})
			if err != nil {
				return err
			}
			res.WriteText(c.App.Writer)
			return res.Err()
		},
	}
}

func withdrawCommand() *cli.Command {
	return &cli.Command{
		Name:      "withdraw",
		Usage:     "take a player out of the rest of the tournament, filling their seat as seed --late does",
		ArgsUsage: "WORKBOOK.xlsx NAME",
		Description: "Clears the player's registrations on the Players sheet from --from-heat on (default: the heat after the\n" +
			"last in which they are on a board that has started or finished, or whose boards have all finished), and gives each of their seats on a\n" +
			"board that has not started to a late player or a standby, as dtm seed --late does, moving nobody else;\n" +
			"when nobody can take it, it says what to do. A board in play or finished is not touched. NAME is as on\n" +
			"the Players sheet (\"First Last\"; quote it). Running it again changes nothing. docs/day.md explains it.",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "from-heat", Usage: "the first heat `N` the player no longer plays"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() < 2 {
				return usageError{Err: errors.New("withdraw needs a workbook and a player's name: dtm withdraw WORKBOOK.xlsx \"First Last\"")}
			}
			res, err := director.Withdraw(c.Context, director.WithdrawRequest{Path: c.Args().First(), Name: strings.Join(c.Args().Tail(), " "),
				FromHeat: c.Int("from-heat"), Force: c.Bool("force")})
			return report(c.App.Writer, res, err)
		},
	}
}

func renameCommand() *cli.Command {
	return &cli.Command{
		Name:      "rename",
		Usage:     "rename a player on every sheet at once",
		ArgsUsage: "WORKBOOK.xlsx OLD NEW",
		Description: "Renames the player OLD (\"First Last\", as on the Players sheet; quote it) to NEW on the Players sheet\n" +
			"(the part of the name that stays keeps its column: otherwise the first word is the first name), the\n" +
			"Conflicts, Groups and Teams sheets and the heat sheets' Player and Replaced player columns, and rewrites\n" +
			"the Conflict columns and board calls of the heats they sit in. Standings and Awards follow at the next\n" +
			"dtm score. A NEW that is another player's name is refused. docs/day.md explains it.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() != 3 {
				return usageError{Err: errors.New("rename needs a workbook, the player's name and the new name: dtm rename WORKBOOK.xlsx \"Old Name\" \"New Name\" (quote each name)")}
			}
			res, err := director.Rename(director.RenameRequest{Path: c.Args().Get(0), Old: c.Args().Get(1), New: c.Args().Get(2), Force: c.Bool("force")})
			return report(c.App.Writer, res, err)
		},
	}
}

func undoCommand() *cli.Command {
	return &cli.Command{
		Name:      "undo",
		Usage:     "put the workbook back as it was before the last command that wrote it (its latest backup)",
		ArgsUsage: "WORKBOOK.xlsx",
		Description: "Shows what restoring the latest backup in the dtm-backups folder changes, sheet by sheet (cells\n" +
			"changed, sheets added or removed), then restores it and keeps the version it replaces as a backup.\n" +
			"Backups that hold the same cells as the workbook are skipped. Right after an undo, running it again\n" +
			"would put back what the undo took away: it says so and changes nothing unless --again.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Usage: "show what restoring would change, but write nothing"},
			&cli.BoolFlag{Name: "again", Usage: "right after dtm undo: undo it, putting back what it took away"},
			&cli.BoolFlag{Name: "force", Usage: "write even if Excel or LibreOffice seems to have the workbook open"},
		},
		Action: func(c *cli.Context) error {
			path, err := workbookArg(c)
			if err != nil {
				return err
			}
			res, err := director.Undo(director.UndoRequest{Path: path, DryRun: c.Bool("dry-run"), Again: c.Bool("again"), Force: c.Bool("force")})
			if res != nil {
				res.WriteText(c.App.Writer)
			}
			return err
		},
	}
}

func sendCommand() *cli.Command {
	flags := []cli.Flag{
		&cli.IntFlag{Name: "heat", Usage: "the heat `N` (default: the last heat with boards, or with a finished board for results)"},
		&cli.BoolFlag{Name: "dry-run", Usage: "write the messages as .eml files (and the posts as .json) into a folder instead of sending them"},
		&cli.StringFlag{Name: "out", Usage: "with --dry-run, write into `DIR` (default: \"NAME messages\" beside the workbook)"},
		&cli.BoolFlag{Name: "force", Usage: "record what was sent even if Excel or LibreOffice seems to have the workbook open"},
	}
	sub := func(kind director.SendKind, name, usage string) *cli.Command {
		return &cli.Command{
			Name: name, Usage: usage, ArgsUsage: "WORKBOOK.xlsx", Flags: flags,
			Action: func(c *cli.Context) error {
				path, err := workbookArg(c)
				if err != nil {
					return err
				}
				if c.IsSet("out") && !c.Bool("dry-run") {
					return usageError{Err: errors.New("--out names the folder of a --dry-run")}
				}
				res, err := director.Send(c.Context, director.SendRequest{Path: path, Kind: kind, Heat: c.Int("heat"),
					DryRun: c.Bool("dry-run"), Out: c.String("out"), Force: c.Bool("force")})
				if res != nil {
					res.WriteText(c.App.Writer)
				}
				return err
			},
		}
	}
	return &cli.Command{
		Name:      "send",
		Usage:     "e-mail each player their board call or result, and post each board to a Discord channel",
		ArgsUsage: "calls|results WORKBOOK.xlsx",
		Description: "Sends through the mail server and the Discord webhook set on the Tournament sheet (the password comes\n" +
			"from the environment variable it names). The Sent tab records each message sent, so that running it\n" +
			"again sends only what changed (a reseated player, a corrected result), never the same message twice.\n" +
			"Players without an e-mail address are listed; a message refused is reported and the others go on.\n" +
			"docs/send.md explains the set-up.",
		Subcommands: []*cli.Command{
			sub(director.SendCalls, "calls", "e-mail each player of a heat their board, power, start time and board code (QR code)"),
			sub(director.SendResults, "results", "e-mail each player of a heat their game's result and their place in the standings"),
		},
		Action: func(c *cli.Context) error {
			return usageError{Err: errors.New("say what to send: dtm send calls WORKBOOK.xlsx, or dtm send results WORKBOOK.xlsx")}
		},
	}
}

// printJSON prints one indented JSON object.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
