package files

import (
	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// Report is the standings as `dtm score --json` prints them, for scripts and
// the federation's own tools: players by rank with every heat, teams by
// rank with every counted game, and the awards.
type Report struct {
	Tournament string         `json:"tournament"`
	Method     string         `json:"method"` // "Sum of heats" or "Hurst Tournament Mean"
	Heats      int            `json:"heats"`
	Players    []PlayerReport `json:"players"`
	Teams      []TeamReport   `json:"teams"`
	Awards     []AwardReport  `json:"awards"`
	// Provisional names the boards in play while there are some:
	// "provisional: heat 3 boards 2, 5 in play".
	Provisional string `json:"provisional,omitempty"`
}

// PlayerReport is one player's line of the standings.
type PlayerReport struct {
	Rank      int          `json:"rank"`
	Name      string       `json:"name"`
	Total     float64      `json:"total"`
	Played    int          `json:"played"`    // heats played
	Qualified bool         `json:"qualified"` // played the minimum number of heats
	TieBreak  string       `json:"tie_break,omitempty"`
	Heats     []HeatReport `json:"heats"`
}

// HeatReport is a player's score in one heat and whether it counted.
type HeatReport struct {
	Heat    int     `json:"heat"`
	Played  bool    `json:"played"`
	Score   float64 `json:"score"`   // the game score, or the unplayed score
	Counted bool    `json:"counted"` // false when the drop rule left it out (factor 0)
	Factor  float64 `json:"factor"`  // 1 counted in full, 0 dropped, else multiplied
	Board   int     `json:"board,omitempty"`
	Power   string  `json:"power,omitempty"`
}

// TeamReport is one team's line of the team standings.
type TeamReport struct {
	Rank    int              `json:"rank"`
	Name    string           `json:"name"`
	Total   float64          `json:"total"`
	Members []string         `json:"members"`
	Games   []TeamGameReport `json:"games"` // the games that counted
}

// TeamGameReport is a game counted for a team.
type TeamGameReport struct {
	Player string  `json:"player"`
	Heat   int     `json:"heat"`
	Board  int     `json:"board"`
	Score  float64 `json:"score"`
}

// AwardReport is one award and its winners (several when shared, none when
// nobody was eligible).
type AwardReport struct {
	Award   string   `json:"award"`
	Winners []string `json:"winners"`
	Value   *float64 `json:"value"` // the winning score (or centres); null without a winner
	Detail  string   `json:"detail"`
}

// NewReport builds the report of a table computed for an event.
func NewReport(name string, e scoring.Event, t scoring.Table) Report {
	r := Report{Tournament: name, Method: e.Rules.Method.String(), Heats: e.Heats,
		Players: []PlayerReport{}, Teams: []TeamReport{}, Awards: []AwardReport{}}
	player := func(i int) string { return e.Players[i].Name }
	for _, s := range t.Players {
		p := PlayerReport{Rank: s.Rank, Name: player(s.Player), Total: s.Total, Played: s.Played,
			Qualified: s.Qualified, TieBreak: s.TieBreak, Heats: []HeatReport{}}
		for _, h := range s.Heats {
			hr := HeatReport{Heat: h.Heat, Played: h.Played, Score: h.Score, Counted: h.Factor != 0, Factor: h.Factor}
			if h.Played {
				hr.Board, hr.Power = h.Board, h.Power.String()
			}
			p.Heats = append(p.Heats, hr)
		}
		r.Players = append(r.Players, p)
	}
	for _, ts := range t.Teams {
		team := e.Teams[ts.Team]
		tr := TeamReport{Rank: ts.Rank, Name: team.Name, Total: ts.Total, Members: []string{}, Games: []TeamGameReport{}}
		for _, m := range team.Members {
			tr.Members = append(tr.Members, player(m))
		}
		for _, g := range ts.Counted {
			tr.Games = append(tr.Games, TeamGameReport{Player: player(g.Player), Heat: g.Heat, Board: g.Board, Score: g.Score})
		}
		r.Teams = append(r.Teams, tr)
	}
	for _, a := range t.Awards {
		ar := AwardReport{Award: a.Name, Winners: []string{}, Detail: a.Detail}
		for _, w := range a.Winners {
			if a.Team {
				ar.Winners = append(ar.Winners, e.Teams[w].Name)
			} else {
				ar.Winners = append(ar.Winners, player(w))
			}
		}
		if len(a.Winners) > 0 {
			v := a.Value
			ar.Value = &v
		}
		r.Awards = append(r.Awards, ar)
	}
	return r
}

// GameReport is one game's scores and every word of every power, as
// `dtm formula --game --json` prints it: {"scores": {"aus": 12.5, ...},
// "words": {"aus": {"scs": 5, ...}, ...}}.
type GameReport struct {
	Scores map[string]float64            `json:"scores"`
	Words  map[string]map[string]float64 `json:"words"`
}

// NewGameReport builds the report of a scored game, powers by their codes.
func NewGameReport(res scoring.Result) GameReport {
	r := GameReport{Scores: map[string]float64{}, Words: map[string]map[string]float64{}}
	for p := dip.Austria; p < dip.NumPowers; p++ {
		r.Scores[p.Code()] = res.Scores[p]
		words := map[string]float64{}
		for _, word := range formula.Words() {
			words[word], _ = res.Words[p].Get(word)
		}
		r.Words[p.Code()] = words
	}
	return r
}

// OutcomeReport is what a game's chart says under a victory rule, as
// `dtm game --json` prints it: {"victory": {"year": 1908, "power": "ger",
// "centres": 12} or null, "draw_vote_years": [...]}.
type OutcomeReport struct {
	Victory       *VictoryReport `json:"victory"`
	DrawVoteYears []int          `json:"draw_vote_years"`
}

// VictoryReport is a victory: its year, the power's code and its centres.
type VictoryReport struct {
	Year    int    `json:"year"`
	Power   string `json:"power"`
	Centres int    `json:"centres"`
}

// NewOutcomeReport builds the report of an Outcome.
func NewOutcomeReport(o scoring.Outcome) OutcomeReport {
	r := OutcomeReport{DrawVoteYears: append([]int{}, o.DrawVoteYears...)}
	if v := o.Victory; v != nil {
		r.Victory = &VictoryReport{Year: v.Year, Power: v.Power.Code(), Centres: v.Centres}
	}
	return r
}

// SeriesReport is the standings of a series, as `dtm series --json` prints
// them.
type SeriesReport struct {
	Rule string `json:"rule"`
	// Circuit is the circuit rule with every tier's points (e.g. "egp2025
	// A=500 B=300 C=150"), with --circuit only.
	Circuit string               `json:"circuit,omitempty"`
	Players []SeriesPlayerReport `json:"players"`
}

// SeriesPlayerReport is one player's line of a series.
type SeriesPlayerReport struct {
	Rank        int                 `json:"rank"`
	Name        string              `json:"name"`
	Value       float64             `json:"value"` // the sum (of totals, or of circuit points), the sum of the best N, or the average rank
	Tournaments []SeriesEntryReport `json:"tournaments"`
}

// SeriesEntryReport is a player's result in one tournament of a series.
type SeriesEntryReport struct {
	Tournament string  `json:"tournament"`
	Rank       int     `json:"rank"`
	Total      float64 `json:"total"`
	Counted    bool    `json:"counted"`
	// Tier and Points are the tournament's circuit tier and the player's
	// circuit points, with --circuit only.
	Tier   string  `json:"tier,omitempty"`
	Points float64 `json:"points,omitempty"`
}

// NewSeriesReport builds the report of a series.
func NewSeriesReport(events []scoring.SeriesEvent, rule scoring.SeriesRule, standings []scoring.SeriesStanding) SeriesReport {
	r := SeriesReport{Rule: rule.String(), Players: []SeriesPlayerReport{}}
	for _, s := range standings {
		p := SeriesPlayerReport{Rank: s.Rank, Name: s.Name, Value: s.Value, Tournaments: []SeriesEntryReport{}}
		for _, e := range s.Entries {
			entry := SeriesEntryReport{Tournament: events[e.Event].Name, Rank: e.Rank, Total: e.Total, Counted: e.Counted}
			if rule.Points {
				entry.Tier, entry.Points = events[e.Event].Tier, e.Points
			}
			p.Tournaments = append(p.Tournaments, entry)
		}
		r.Players = append(r.Players, p)
	}
	return r
}
