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

// scoreGames validates every finished game under its scoring system and
// the tournament's victory rule, locating each problem at the heat sheet's
// cell, and scores the games that are right. found is what reading the
// sheets found already: a game with a problem in its rows is not scored.
// Under the Hurst Tournament Mean, games are ranked by centres alone and no
// system applies.
func scoreGames(t *workbook.Tournament, found workbook.Problems, which systemsToCompile) workbook.Problems {
	systems, ps := compileSystems(t, which)
	if t.Settings.Hurst && which == usedSystems {
		ps = nil // no system scores a Hurst tournament's games
	}
	for i := range t.Heats {
		heat := &t.Heats[i]
		for j := range heat.Games {
			g := &heat.Games[j]
			if g.Status != workbook.Finished || found.InGame(heat, g) {
				continue
			}
			if t.Settings.Hurst {
				// Centres alone rank the game, and they are not checked against
				// the 34 on a board (Hurst's own example totals 35).
				ok, missing := heat.CompleteGame(g, false)
				ps = append(append(ps, missing...), heat.HurstOverrideProblems(g)...)
				if ok {
					g.SetCentresScores()
				}
				continue
			}
			name := t.SystemName(heat, g)
			sys := systems[name]
			if sys == nil {
				continue // an unknown or broken system is reported where it is named
			}
			ok, missing := heat.CompleteGame(g, true)
			ps = append(ps, missing...)
			if !ok {
				continue
			}
			sg := workbook.ScoringGame(g)
			rule := t.Settings.Victory
			if len(sg.History) > 0 || !rule.MustGrow { // without a chart, growth cannot be checked
				if vps := heat.VictoryProblems(g, rule, rule.CheckResult(sg)); len(vps) > 0 {
					ps = append(ps, vps...)
					continue
				}
			}
			res, err := sys.Score(sg)
			if err != nil {
				ps = append(ps, heat.ScoreProblems(g, err, name)...)
				continue
			}
			if rps := heat.ScoreRangeProblems(g, res.Scores, name); len(rps) > 0 {
				ps = append(ps, rps...)
				continue
			}
			g.SetScores(res.Scores, sys.Definition().Criterion, t.Settings.ScoreDecimals)
		}
	}
	return ps
}
