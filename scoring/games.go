package scoring

import (
	"math"

	"github.com/armada-dtm/dtm/internal/dip"
)

// MaxScore bounds a game's score: beyond ±10^15 no total built from it can be trusted (a sum may overflow to
// infinity), so ScoreGames refuses the game.
const MaxScore = 1e15

// Finished is a finished game as a tournament scores it: the board, the system that scores it and the
// director's overrides.
type Finished struct {
	Game   Game
	System *System // the game's scoring system; unused under HurstMean, which ranks each game by centres
	// Overrides are the director's scores, by power, replacing the computed ones; nil where none was given.
	Overrides [dip.NumPowers]*float64
	// Incomplete marks a game whose results are not all in (the caller reports what is missing): it is not
	// scored, and only the checks that need no results are made.
	Incomplete bool
}

// GameScores is what ScoreGames gives one game, by power.
type GameScores struct {
	// Scored is false when the game was not scored: it is incomplete, or a problem was found in it.
	Scored bool
	// Computed is the system's score rounded once to Rules.Decimals; under HurstMean, the centres.
	Computed [dip.NumPowers]float64
	// Scores are the scores that count: the director's override where there is one, else Computed.
	Scores [dip.NumPowers]float64
	// Criterion is the end-game criterion of the system that scored the game; Rank under HurstMean.
	Criterion Criterion
}

// ProblemKind says what ScoreGames found wrong with a game.
type ProblemKind int

// The problems ScoreGames reports.
const (
	// BreaksVictory: the recorded result disagrees with the victory rule (VictoryRule.CheckResult); Err is
	// one *GameError. The game is not scored.
	BreaksVictory ProblemKind = iota
	// Unscorable: the system refused the game (System.Score); Err is its error, *GameError values joined
	// where the game is at fault. The game is not scored.
	Unscorable
	// ScoreTooLarge: the system gave Power the score Score, beyond ±MaxScore. The game is not scored.
	ScoreTooLarge
	// OverrideIgnored: the director overrode Power's score under HurstMean, which ranks each game by centres,
	// so the override has no effect. The game is scored all the same.
	OverrideIgnored
	// BreaksDrawRule: a recorded draw or concession breaks Rules.Draws (DrawRule.Check); Err is one
	// *GameError. The game is not scored.
	BreaksDrawRule
)

// GameProblem is a problem ScoreGames found in one of its games.
type GameProblem struct {
	Game  int // the game's index in the games given to ScoreGames
	Kind  ProblemKind
	Power dip.Power // ScoreTooLarge and OverrideIgnored: the power concerned; else Board
	Score float64   // ScoreTooLarge: the score
	Err   error     // BreaksVictory, BreaksDrawRule and Unscorable: what was found
}

// ScoreGames scores a tournament's finished games under its rules and victory rule, and returns each game's
// scores (games[i]'s at index i) and every problem found, in game order.
//
// Under SumOfHeats a complete game is checked against the victory rule (unless it has no centre chart and the
// rule requires growth, which needs one), scored by its system, and each score rounded once to rules.Decimals;
// the director's override wins over it. Under HurstMean a game is ranked by its centres alone: its scores are
// the centres, and an override is reported as having no effect.
func ScoreGames(rules Rules, victory VictoryRule, games []Finished) ([]GameScores, []GameProblem) {
	out := make([]GameScores, len(games))
	var problems []GameProblem
	for i := range games {
		f := &games[i]
		var ps []GameProblem
		if rules.Method == HurstMean {
			out[i], ps = scoreByCentres(f)
		} else {
			out[i], ps = scoreBySystem(f, rules, victory)
		}
		for _, p := range ps {
			p.Game = i
			problems = append(problems, p)
		}
	}
	return out, problems
}

// scoreByCentres scores a game of a HurstMean tournament: each power's centres.
func scoreByCentres(f *Finished) (GameScores, []GameProblem) {
	var ps []GameProblem
	for p, o := range f.Overrides {
		if o != nil {
			ps = append(ps, GameProblem{Kind: OverrideIgnored, Power: dip.Power(p)})
		}
	}
	if f.Incomplete {
		return GameScores{}, ps
	}
	gs := GameScores{Scored: true, Criterion: Rank}
	for p, c := range f.Game.Centres {
		gs.Computed[p] = float64(c)
	}
	gs.Scores = gs.Computed
	return gs, ps
}

// scoreBySystem checks a complete game against the victory rule and the draw rule, scores it by its system and
// rounds the scores to the rules' decimals, the overrides winning.
func scoreBySystem(f *Finished, rules Rules, victory VictoryRule) (GameScores, []GameProblem) {
	if f.Incomplete {
		return GameScores{}, nil
	}
	var ps []GameProblem
	if len(f.Game.History) > 0 || !victory.MustGrow { // without a chart, growth cannot be checked
		for _, err := range victory.CheckResult(f.Game) {
			ps = append(ps, GameProblem{Kind: BreaksVictory, Power: dip.Board, Err: err})
		}
	}
	for _, err := range rules.Draws.Check(f.Game) {
		ps = append(ps, GameProblem{Kind: BreaksDrawRule, Power: dip.Board, Err: err})
	}
	if len(ps) > 0 {
		return GameScores{}, ps
	}
	res, err := f.System.Score(f.Game)
	if err != nil {
		return GameScores{}, []GameProblem{{Kind: Unscorable, Power: dip.Board, Err: err}}
	}
	for p, v := range res.Scores {
		if !(math.Abs(v) <= MaxScore) { // NaN too
			ps = append(ps, GameProblem{Kind: ScoreTooLarge, Power: dip.Power(p), Score: v})
		}
	}
	if len(ps) > 0 {
		return GameScores{}, ps
	}
	gs := GameScores{Scored: true, Criterion: f.System.Definition().Criterion}
	for p, v := range res.Scores {
		gs.Computed[p] = RoundTo(v, rules.Decimals)
		gs.Scores[p] = gs.Computed[p]
		if o := f.Overrides[p]; o != nil {
			gs.Scores[p] = *o
		}
	}
	return gs, ps
}
