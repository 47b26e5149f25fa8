package director

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/seeding"
	"github.com/armada-dtm/dtm/workbook"
)

// SimulatedEvent is the tournament workbook dtm simulate --workbook wrote:
// each heat as dtm seed seated it, and the standings dtm score wrote.
type SimulatedEvent struct {
	Path    string
	Players int
	System  string
	Heats   []SeedResult // each heat's seating, as dtm seed reports it
	Boards  int          // boards given a random result
	Score   *ScoreResult
}

// SimulateEvent writes a whole tournament workbook: a new workbook (dtm
// new) with the generated players, conflicts, groups and teams and their
// registrations; each heat seated in turn by dtm seed's own seating, then
// given random legal results (scoring.LegalGame) under its scoring system
// and the Tournament sheet's rules; then scored by dtm score. The same
// request gives the same workbook contents. It never overwrites a file; a
// workbook it could not finish is removed.
func SimulateEvent(ctx context.Context, req SimulateRequest) (*SimulatedEvent, error) {
	in, err := simulationInstance(req)
	if err != nil {
		return nil, err
	}
	if len(in.Problem.Players) > workbook.MaxPlayers {
		return nil, UsageError{fmt.Errorf("--players must be at most %d (the Players sheet's limit), not %d", workbook.MaxPlayers, len(in.Problem.Players))}
	}
	if req.Rounds > MaxHeats {
		return nil, UsageError{fmt.Errorf("--rounds must be at most %d (the most heats a tournament may have), not %d", MaxHeats, req.Rounds)}
	}
	if _, err := os.Stat(req.Workbook); err == nil {
		return nil, fmt.Errorf("%s: %w; dtm simulate never overwrites a workbook: choose another name", req.Workbook, workbook.ErrExists)
	}
	name := fmt.Sprintf("Simulated tournament (%d players, %d heats, seed %d)", len(in.Problem.Players), req.Rounds, req.Seed)
	opts := workbook.NewOptions{Name: name, Heats: req.Rounds, System: req.System, Seed: req.Seed,
		Roster: roster(in, req.Seed)}
	if len(in.Problem.Teams) > 0 {
		opts.Settings = map[string]any{workbook.SetTeamSize: workbook.ChoicesTeamSize[defaultTeamChoice]}
	}
	created, err := workbook.Create(req.Workbook, opts)
	if err != nil {
		return nil, err
	}
	ev, err := playEvent(ctx, req)
	if err == nil {
		ev.Score, err = Score(ScoreRequest{Path: req.Workbook})
	}
	if err != nil {
		os.Remove(req.Workbook)
		return nil, err
	}
	ev.Players, ev.System = len(in.Problem.Players), created.System
	return ev, nil
}

// defaultTeamChoice is the Team tournament setting of seeding.Spec's teams
// of three ("Teams of 3").
const defaultTeamChoice = 1

// playEvent seats each heat of a new simulated workbook as dtm seed does,
// then records random legal results of its boards as dtm import does; each
// heat's results are saved with the next heat's seating.
func playEvent(ctx context.Context, req SimulateRequest) (*SimulatedEvent, error) {
	ev := &SimulatedEvent{Path: req.Workbook}
	rng := rand.New(rand.NewPCG(uint64(req.Seed), 0x67616d65))
	systems := map[string]*scoring.System{}
	for n := 1; n <= req.Rounds+1; n++ {
		if err := ctx.Err(); err != nil {
			return nil, wrapf(err, "%s: simulating heat %d", req.Workbook, n)
		}
		err := changeBook(req.Workbook, func(b *workbook.Book) error {
			if n > 1 {
				boards, err := playHeat(b, n-1, rng, systems)
				if err != nil {
					return err
				}
				ev.Boards += boards
			}
			if n > req.Rounds {
				return nil
			}
			res := SeedResult{Path: req.Workbook, Heat: n, Seed: req.Seed}
			sr := SeedRequest{Path: req.Workbook, Heat: n, Time: req.Time, Effort: req.Effort, Restarts: req.Restarts}
			_, _, err := seatHeat(ctx, b, n, sr, &res)
			ev.Heats = append(ev.Heats, res)
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return ev, nil
}

// playHeat records a random legal result (scoring.LegalGame) on each board
// of heat n, under its scoring system and the Tournament sheet's victory
// and draw rules, reads the workbook again and checks it as dtm check
// does; it returns the boards.
func playHeat(b *workbook.Book, n int, rng *rand.Rand, systems map[string]*scoring.System) (int, error) {
	t := b.Tournament
	heat := &t.Heats[n-1]
	for i := range heat.Games {
		g := &heat.Games[i]
		sys, err := gameSystem(t, t.SystemName(heat, g), systems)
		if err != nil {
			return 0, err
		}
		game, err := sys.LegalGame(rng, t.Settings.Victory, t.Settings.Draws, rng.IntN(2) == 0)
		if err != nil {
			return 0, wrapf(err, "heat %d, board %d", n, g.Board)
		}
		if _, err := b.SetResult(n, g.Board, boardResult(game)); err != nil {
			return 0, err
		}
	}
	boards := len(heat.Games)
	b.Reread() // as dtm seed would open it after dtm import: the next heat's seeding sees these boards finished
	validate(b, usedSystems)
	if len(b.Problems) > 0 { // a result dtm made that dtm refuses
		return 0, &ProblemsError{Path: b.Path, Problems: b.Problems}
	}
	return boards, nil
}

// changeBook opens a workbook that has no problems, changes it and saves
// it.
func changeBook(path string, change func(*workbook.Book) error) error {
	b, err := open(path, usedSystems)
	if err != nil {
		return err
	}
	defer b.Close()
	if err := change(b); err != nil {
		return err
	}
	_, err = b.Save(workbook.Options{})
	return err
}

// gameSystem compiles a scoring system of the Systems sheet by name, once.
func gameSystem(t *workbook.Tournament, name string, systems map[string]*scoring.System) (*scoring.System, error) {
	if s, ok := systems[name]; ok {
		return s, nil
	}
	for _, row := range t.Systems {
		if row.Name == name {
			s, err := scoring.Compile(row.Definition())
			if err != nil {
				return nil, wrapf(err, "scoring system %q", name)
			}
			systems[name] = s
			return s, nil
		}
	}
	return nil, fmt.Errorf("no scoring system %q on the Systems sheet", name)
}

// boardResult is a game as the heat sheet records it: Win for each winner,
// Loss for the others, the final year or the year of elimination, the final
// centres and the chart when the game has one.
func boardResult(g scoring.Game) workbook.BoardResult {
	r := workbook.BoardResult{Status: workbook.Finished}
	for p := range dip.Power(dip.NumPowers) {
		s := workbook.SeatResult{Result: workbook.Loss, Year: g.FinalYear, Centres: g.Centres[p]}
		if g.Centres[p] == 0 {
			s.Year = g.Eliminated[p]
		}
		for _, w := range g.Winners {
			if w == p {
				s.Result = workbook.Win
			}
		}
		r.Seats[p] = s
	}
	if len(g.History) > 0 {
		r.Chart = map[int][7]int{}
		for _, h := range g.History {
			r.Chart[h.Year] = h.Centres
		}
	}
	return r
}

// firstNames and lastNames make the simulated players' names: every first
// name with every last name, then with a second last name.
var (
	firstNames = []string{"Ada", "Boris", "Clara", "Dmitri", "Elena", "Farid", "Greta", "Hugo", "Ines", "Jonas",
		"Kasia", "Luca", "Marta", "Nils", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tamar", "Ugo", "Vera",
		"Wim", "Xenia", "Yusuf", "Zora"}
	lastNames = []string{"Abbott", "Brandt", "Castro", "Dubois", "Eriksen", "Fischer", "Garcia", "Horvat",
		"Ivanov", "Jensen", "Kowalski", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov", "Quint", "Rossi",
		"Schmidt", "Tanaka", "Ulrich", "Varga", "Weber", "Yilmaz", "Zeller"}
)

// roster is a generated tournament as a workbook's Players, Conflicts,
// Groups and Teams sheets: each player named (firstNames, lastNames) with a
// WDD and a WDR id and a nationality, registered for the rounds it plays.
func roster(in *seeding.Instance, seed int64) *workbook.Tournament {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x6e616d65))
	p := &in.Problem
	t := &workbook.Tournament{}
	nf, nl := len(firstNames), len(lastNames)
	from := rng.IntN(nf) // a seed's own first names
	for i := range p.Players {
		k := from + i
		first, last := firstNames[k%nf], lastNames[(k/nf)%nl]
		for m := k / (nf * nl); m > 0; m /= nl { // m in bijective base nl: one name for each m
			m--
			last += "-" + lastNames[m%nl]
		}
		t.Players = append(t.Players, workbook.Player{First: first, Last: last, Name: first + " " + last,
			WDDID: 10001 + i, WDRID: 50001 + i, Nationality: workbook.Countries[rng.IntN(len(workbook.Countries))].Code,
			Registration: make([]workbook.Registration, len(in.Rounds))})
	}
	for r, round := range in.Rounds {
		for _, i := range round.Present {
			t.Players[i].Registration[r] = workbook.Registered
		}
	}
	for _, c := range p.Conflicts {
		t.Conflicts = append(t.Conflicts, workbook.Conflict{A: c.A, B: c.B, Value: c.Value, Note: c.Kind})
	}
	for _, g := range p.Groups {
		t.Groups = append(t.Groups, workbook.Group{Name: g.Name, Value: g.Value, Members: g.Members})
	}
	for _, tm := range p.Teams {
		t.Teams = append(t.Teams, workbook.Team{Name: tm.Name, Members: tm.Members})
	}
	return t
}

// WriteText says what was written: each heat's conflict against its lower
// bound, the boards played, the top of the standings and what to run next.
func (e *SimulatedEvent) WriteText(w io.Writer) {
	for _, h := range e.Heats {
		fmt.Fprintf(w, "heat %d: %d players on %d boards, ", h.Heat, 7*h.Boards, h.Boards)
		writeConflicts(w, h.Explanation, h.Bound, true)
		writeCapNote(w, h.TimedOut, fmt.Sprintf(" in heat %d", h.Heat))
	}
	fmt.Fprintf(w, "%d boards given random legal results under %q\n", e.Boards, e.System)
	e.Score.WriteText(w, 3)
	fmt.Fprintf(w, "next: dtm check %s\n", e.Path)
}
