package director

import (
	"fmt"

	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// wrapf adds context to an error.
func wrapf(err error, format string, args ...any) error {
	return fmt.Errorf(format+": %w", append(args, err)...)
}

// compileSystems compiles the scoring systems of the Systems sheet that are
// to be compiled (every one, or those finished games use), each once. A
// system that does not compile is absent from the map and its formula
// errors are returned at their cells.
func compileSystems(t *workbook.Tournament, which systemsToCompile) (map[string]*scoring.System, workbook.Problems) {
	want := map[string]bool{}
	if which == usedSystems {
		for i := range t.Heats {
			heat := &t.Heats[i]
			for j := range heat.Games {
				if g := &heat.Games[j]; g.Status == workbook.Finished {
					want[t.SystemName(heat, g)] = true
				}
			}
		}
	}
	out := map[string]*scoring.System{}
	var ps workbook.Problems
	for i := range t.Systems {
		row := &t.Systems[i]
		if which == usedSystems && !want[row.Name] {
			continue
		}
		if _, done := out[row.Name]; done {
			continue // listed twice: reported when the sheet was read
		}
		sys, err := scoring.Compile(row.Definition())
		ps = append(ps, row.FormulaProblems(err)...)
		out[row.Name] = sys
	}
	return out, ps
}

// scoreGames scores every finished game under its scoring system and the
// tournament's rules (scoring.ScoreGames), records the scores of those that
// are right, and locates each problem at the heat sheet's cell. found is
// what reading the sheets found already: a game with a problem in its rows
// is left out. Under the Hurst Tournament Mean, games are ranked by centres
// alone and no system applies.
func scoreGames(t *workbook.Tournament, found workbook.Problems, which systemsToCompile) workbook.Problems {
	systems, ps := compileSystems(t, which)
	rules := t.Settings.Rules
	hurst := rules.Method == scoring.HurstMean
	if hurst && which == usedSystems {
		ps = nil // no system scores a Hurst tournament's games
	}
	type place struct {
		heat   *workbook.Heat
		game   *workbook.Game
		system string
	}
	finished := 0
	for i := range t.Heats {
		for j := range t.Heats[i].Games {
			if t.Heats[i].Games[j].Status == workbook.Finished {
				finished++
			}
		}
	}
	places := make([]place, 0, finished)
	games := make([]scoring.Finished, 0, finished)
	for i := range t.Heats {
		heat := &t.Heats[i]
		for j := range heat.Games {
			g := &heat.Games[j]
			if g.Status != workbook.Finished || heat.GameHasProblem(g, found) {
				continue
			}
			var name string
			var sys *scoring.System
			if !hurst {
				name = t.SystemName(heat, g)
				if sys = systems[name]; sys == nil {
					continue // an unknown or broken system is reported where it is named
				}
			}
			// Under the Hurst Tournament Mean centres alone rank the game, so the
			// year is not needed; nor are the centres checked against the 34 on a
			// board (Hurst's own example totals 35).
			ok, missing := heat.CompleteGame(g, !hurst)
			ps = append(ps, missing...)
			places = append(places, place{heat, g, name})
			games = append(games, scoring.Finished{Game: workbook.ScoringGame(g), System: sys, Overrides: g.Overrides(), Incomplete: !ok})
		}
	}
	scores, problems := scoring.ScoreGames(rules, t.Settings.Victory, games)
	for _, p := range problems {
		at := places[p.Game]
		ps = append(ps, at.heat.ScoringProblems(at.game, p, at.system, t.Settings.Victory)...)
	}
	for i, gs := range scores {
		if gs.Scored {
			places[i].game.SetScores(gs)
		}
	}
	return ps
}

// scoreLive scores every board in play that has a centre chart as if the
// game ended at its chart's last year (workbook.LiveGame), under its system
// and the tournament's rules but not the house rules on draws (a game in
// play has not ended in one): dtm score and dtm publish count them in the
// standings, marked provisional. Not under the Hurst Tournament Mean. A board that cannot be scored so (its
// system broken, its chart not a game's) is left out, as it was before.
func scoreLive(t *workbook.Tournament) {
	rules := t.Settings.Rules
	rules.Draws = scoring.DrawRule{}
	if rules.Method == scoring.HurstMean {
		return // a game's Hurst figure depends on every game's: one in play would move the finished ones'
	}
	var systems map[string]*scoring.System
	var games []scoring.Finished
	var places []*workbook.Game
	var years []int
	for i := range t.Heats {
		heat := &t.Heats[i]
		for j := range heat.Games {
			g := &heat.Games[j]
			sg, year, ok := workbook.LiveGame(g, t.Settings.Victory)
			if !ok {
				continue
			}
			if systems == nil {
				systems, _ = compileSystems(t, allSystems)
			}
			sys := systems[t.SystemName(heat, g)]
			if sys == nil {
				continue
			}
			games = append(games, scoring.Finished{Game: sg, System: sys, Overrides: g.Overrides()})
			places, years = append(places, g), append(years, year)
		}
	}
	scores, _ := scoring.ScoreGames(rules, t.Settings.Victory, games)
	for i, gs := range scores {
		if gs.Scored {
			places[i].SetLiveScores(gs, years[i])
		}
	}
}
