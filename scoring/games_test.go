package scoring

import (
	"errors"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestScoreGames works ScoreGames through examples: a game's score rounded once to the rules' decimals, the
// director's override winning, the Hurst Tournament Mean's centres, and each problem at its game's index.
func TestScoreGames(t *testing.T) {
	// thirds gives every power a third of its centres, whatever its place: on boardDraw (centres 9 9 7 5 3 0
	// 0) that is 3, 3, 2.333..., 1.666..., 1, 0, 0.
	thirds := compile(t, Definition{Name: "thirds", Criterion: Rank,
		Formulas: [NumFormulas]string{"scs / 3", "scs / 3", "scs / 3", "scs / 3", "scs / 3", "scs / 3", "scs / 3", "scs / 3", ""}})
	// huge gives 10^15 a centre: beyond MaxScore for any power with two centres or more.
	huge := compile(t, Definition{Name: "huge", Criterion: Rank,
		Formulas: [NumFormulas]string{"scs * 1000000000000000", "scs * 1000000000000000", "scs * 1000000000000000",
			"scs * 1000000000000000", "scs * 1000000000000000", "scs * 1000000000000000",
			"scs * 1000000000000000", "scs * 1000000000000000", ""}})
	ten := 10.0
	overGermany := [dip.NumPowers]*float64{dip.Germany: &ten}
	// soloNoVictory records France's solo although nobody reached 18 centres: the victory rule refuses it.
	soloNoVictory := boardDraw()
	soloNoVictory.Winners = []dip.Power{dip.France}
	// noYear lacks its final year: the system refuses it.
	noYear := boardDraw()
	noYear.FinalYear = 0
	sum := Rules{Decimals: 2}

	// scored is a game's scores under thirds (or HurstMean: Rank too): computed, and the scores that count.
	scored := func(computed, scores [dip.NumPowers]float64) GameScores {
		return GameScores{Scored: true, Computed: computed, Scores: scores, Criterion: Rank}
	}
	twoDecimals := [dip.NumPowers]float64{3, 3, 2.33, 1.67, 1, 0, 0}
	overridden := [dip.NumPowers]float64{3, 3, 2.33, 10, 1, 0, 0}
	tests := []struct {
		name     string
		rules    Rules
		games    []Finished
		want     []GameScores
		problems []GameProblem // Err: only whether it is a *GameError
	}{
		{"0 decimals", Rules{Decimals: 0}, []Finished{{Game: boardDraw(), System: thirds}},
			[]GameScores{scored([7]float64{3, 3, 2, 2, 1, 0, 0}, [7]float64{3, 3, 2, 2, 1, 0, 0})}, nil},
		{"1 decimal", Rules{Decimals: 1}, []Finished{{Game: boardDraw(), System: thirds}},
			[]GameScores{scored([7]float64{3, 3, 2.3, 1.7, 1, 0, 0}, [7]float64{3, 3, 2.3, 1.7, 1, 0, 0})}, nil},
		{"2 decimals", sum, []Finished{{Game: boardDraw(), System: thirds}},
			[]GameScores{scored(twoDecimals, twoDecimals)}, nil},
		// Germany's 1.67 is still computed (and written to the Score column); 10 counts.
		{"the override wins", sum, []Finished{{Game: boardDraw(), System: thirds, Overrides: overGermany}},
			[]GameScores{scored(twoDecimals, overridden)}, nil},
		// Game 1 breaks the victory rule (one *GameError, on the winners), game 3 the system's checks; game 2
		// is not complete, so it is neither checked nor scored; games 0 and 4 are scored.
		{"problems by game", sum, []Finished{
			{Game: boardDraw(), System: thirds},
			{Game: soloNoVictory, System: thirds},
			{Game: soloNoVictory, System: thirds, Incomplete: true},
			{Game: noYear, System: thirds},
			{Game: boardDraw(), System: thirds, Overrides: overGermany}},
			[]GameScores{scored(twoDecimals, twoDecimals), {}, {}, {}, scored(twoDecimals, overridden)},
			[]GameProblem{{Game: 1, Kind: BreaksVictory, Power: dip.Board, Err: &GameError{}},
				{Game: 3, Kind: Unscorable, Power: dip.Board, Err: &GameError{}}}},
		// Austria and England (9e15), France (7e15), Germany (5e15) and Italy (3e15) are beyond 10^15.
		{"scores too large", sum, []Finished{{Game: boardDraw(), System: thirds}, {Game: boardDraw(), System: huge}},
			[]GameScores{scored(twoDecimals, twoDecimals), {}},
			[]GameProblem{{Game: 1, Kind: ScoreTooLarge, Power: dip.Austria, Score: 9e15},
				{Game: 1, Kind: ScoreTooLarge, Power: dip.England, Score: 9e15},
				{Game: 1, Kind: ScoreTooLarge, Power: dip.France, Score: 7e15},
				{Game: 1, Kind: ScoreTooLarge, Power: dip.Germany, Score: 5e15},
				{Game: 1, Kind: ScoreTooLarge, Power: dip.Italy, Score: 3e15}}},
		// Hurst: the centres, unrounded and with no system; Germany's override is reported and has no effect;
		// the incomplete game 1 is not scored, but its override is reported too.
		{"Hurst Tournament Mean", Rules{Method: HurstMean}, []Finished{
			{Game: boardDraw(), Overrides: overGermany},
			{Game: boardDraw(), Overrides: overGermany, Incomplete: true}},
			[]GameScores{scored([7]float64{9, 9, 7, 5, 3, 0, 0}, [7]float64{9, 9, 7, 5, 3, 0, 0}), {}},
			[]GameProblem{{Game: 0, Kind: OverrideIgnored, Power: dip.Germany},
				{Game: 1, Kind: OverrideIgnored, Power: dip.Germany}}},
	}
	for _, tt := range tests {
		got, problems := ScoreGames(tt.rules, VictoryRule{}, tt.games)
		if len(got) != len(tt.want) {
			t.Fatalf("%s: %d results for %d games", tt.name, len(got), len(tt.want))
		}
		for i := range got {
			if got[i] != tt.want[i] {
				t.Errorf("%s: game %d: got %+v, want %+v", tt.name, i, got[i], tt.want[i])
			}
		}
		if len(problems) != len(tt.problems) {
			t.Errorf("%s: problems %+v, want %+v", tt.name, problems, tt.problems)
			continue
		}
		for i, p := range problems {
			w := tt.problems[i]
			var ge *GameError
			if p.Game != w.Game || p.Kind != w.Kind || p.Power != w.Power || p.Score != w.Score ||
				(w.Err != nil) != errors.As(p.Err, &ge) {
				t.Errorf("%s: problem %d is %+v, want %+v", tt.name, i, p, w)
			}
		}
	}
}

// compile compiles a definition the test needs.
func compile(t *testing.T, d Definition) *System {
	t.Helper()
	s, err := Compile(d)
	if err != nil {
		t.Fatalf("%s: %v", d.Name, err)
	}
	return s
}
