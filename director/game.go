package director

import (
	"fmt"
	"io"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// GameOutcome is how a game ended, or could have ended, under a victory
// rule, and whether its recorded result agrees.
type GameOutcome struct {
	Path    string // the GAME.json file
	Rule    scoring.VictoryRule
	Game    scoring.Game
	Outcome scoring.Outcome
	// Disagreements are the recorded result's conflicts with the rule.
	Disagreements []error
}

// ParseVictoryRule reads a victory rule: classic, regatta-2002, ..., or a
// table.
func ParseVictoryRule(s string) (scoring.VictoryRule, error) { return scoring.ParseVictoryRule(s) }

// GameRequest says which game record to check, under which victory rule.
type GameRequest struct {
	Game string // a GAME.json file
	Rule scoring.VictoryRule
}

// CheckGame reads a GAME.json file and checks its centre chart and result
// against the request's victory rule.
func CheckGame(req GameRequest) (*GameOutcome, error) {
	g, err := readGame(req.Game)
	if err != nil {
		return nil, err
	}
	rule := req.Rule
	return &GameOutcome{Path: req.Game, Rule: rule, Game: g, Outcome: rule.Check(g.History), Disagreements: rule.CheckResult(g)}, nil
}

// Err returns nil when the recorded result agrees with the victory rule,
// else an error naming the file and each disagreement (power, field,
// what is wrong): dtm game then exits with status 1, as dtm check does for
// a workbook's problems.
func (r *GameOutcome) Err() error {
	if len(r.Disagreements) == 0 {
		return nil
	}
	name := r.Rule.Name
	if name == "" {
		name = "classic"
	}
	msgs := make([]string, len(r.Disagreements))
	for i, e := range r.Disagreements {
		msgs[i] = fmt.Sprintf("%s: %v", r.Path, e)
	}
	return fmt.Errorf("%s\n%s: the recorded result disagrees with the victory rule %s; correct the record (or choose the rule the event played)",
		strings.Join(msgs, "\n"), r.Path, name)
}

// Report is the outcome as dtm game --json prints it.
func (r *GameOutcome) Report() files.OutcomeReport { return files.NewOutcomeReport(r.Outcome) }

// WriteText tells a director how the game ended under the rule, whether
// the recorded result agrees, and Norman's ranking of the powers.
func (r *GameOutcome) WriteText(w io.Writer) {
	rule, g, out := r.Rule, r.Game, r.Outcome
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
	if len(r.Disagreements) > 0 {
		fmt.Fprintln(w, "The recorded result disagrees:")
		for _, e := range r.Disagreements {
			fmt.Fprintf(w, "  %v\n", e)
		}
	} else {
		fmt.Fprintln(w, "The recorded result agrees with the rule.")
	}
	ranks := scoring.NormanRank(g)
	fmt.Fprint(w, "Norman's ranking:")
	for p := dip.Austria; p < dip.NumPowers; p++ {
		fmt.Fprintf(w, " %s %d", p, ranks[p])
		if p < dip.Turkey {
			fmt.Fprint(w, ",")
		}
	}
	fmt.Fprintln(w)
}
