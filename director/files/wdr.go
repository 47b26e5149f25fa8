package files

import (
	"encoding/json"
	"io"
	"slices"
	"strconv"

	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
)

// The World Diplomacy Reference's JSON (docs/exports.md): the shape of the
// most used tournament web tool's JSON interface (version 1), which the WDR
// imports, plus each game's board number, top-board flag and scoring system
// and each seat's WDD id and replaced player, so that nothing the WDR keeps
// per board is lost.

// wdrTournament is the whole document.
type wdrTournament struct {
	Name        string              `json:"name"`
	Year        *int                `json:"year"`
	URL         *string             `json:"url"`
	WDRID       *int                `json:"wdr_id"`
	WDDID       *int                `json:"wdd_id"`
	DBNCoverage []string            `json:"dbn_coverage"`
	Rounds      map[string]wdrRound `json:"rounds"`
	Results     []wdrResult         `json:"results"`
}

// wdrRound is a heat.
type wdrRound struct {
	ScoringSystem string             `json:"scoring_system"`
	Games         map[string]wdrGame `json:"games"`
}

// wdrGame is a scored board, keyed by its number in the round.
type wdrGame struct {
	Board         int                `json:"board"`
	TopBoard      bool               `json:"top_board"`
	ScoringSystem string             `json:"scoring_system"`
	Sandbox       *string            `json:"sandbox"`
	Started       *string            `json:"started"`
	Players       map[string]wdrSeat `json:"players"`
	Draw          *wdrDraw           `json:"draw"`
}

// wdrSeat is a power's player and result.
type wdrSeat struct {
	Name            string  `json:"name"`
	Location        *string `json:"location"`
	WDRID           *int    `json:"wdr_id"`
	WDDID           *int    `json:"wdd_id"`
	Score           float64 `json:"score"`
	FinalSCs        int     `json:"final_scs"`
	EliminationYear *int    `json:"elimination_year"`
	InDraw          *bool   `json:"in_draw,omitempty"`
	// Replaced is the player who left the seat during the game (dtm's
	// field); absent when nobody did.
	Replaced *wdrReplaced `json:"replaced,omitempty"`
}

// wdrReplaced is a player replaced during a game: their name and ids, and
// the year they left (null when not given).
type wdrReplaced struct {
	Name  string `json:"name"`
	WDRID *int   `json:"wdr_id"`
	WDDID *int   `json:"wdd_id"`
	Year  *int   `json:"year"`
}

// wdrDraw is the draw (or the win conceded to one power) that ended a game.
type wdrDraw struct {
	Season string   `json:"season"`
	Year   int      `json:"year"`
	Powers []string `json:"powers"`
}

// wdrResult is a player's line of the final results.
type wdrResult struct {
	PlayerName     string          `json:"player_name"`
	PlayerWDRID    *int            `json:"player_wdr_id"`
	Ranking        *int            `json:"ranking"`
	Score          float64         `json:"score"`
	ScoreBreakdown []wdrRoundScore `json:"score_breakdown"`
}

// wdrRoundScore is a player's score in one round they played.
type wdrRoundScore struct {
	Round   int     `json:"round"`
	Score   float64 `json:"score"`
	Dropped bool    `json:"dropped"`
}

// wdrPowers are the powers' names in the WDR's JSON, in Power order.
var wdrPowers = [dip.NumPowers]string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}

// WriteWDR writes the tournament as one JSON document for the World
// Diplomacy Reference: its rounds with their scored boards, numbered 1..N
// in each round, and the final results (docs/exports.md).
func WriteWDR(w io.Writer, r Results) error {
	doc := wdrTournament{Name: r.Name, DBNCoverage: []string{}, Rounds: map[string]wdrRound{}, Results: []wdrResult{}}
	for _, d := range r.Days {
		if !d.IsZero() {
			y := d.Year()
			doc.Year = &y
			break
		}
	}
	id := func(n int) *int {
		if n == 0 {
			return nil
		}
		return &n
	}
	for h := 1; h <= r.Event.Heats; h++ {
		round := wdrRound{Games: map[string]wdrGame{}}
		if h <= len(r.HeatSystems) {
			round.ScoringSystem = r.HeatSystems[h-1]
		}
		n := 0
		for _, g := range sortedGames(r.Event) {
			if g.Heat != h {
				continue
			}
			n++
			c := Chart{g.Heat, g.Board}
			round.Games[strconv.Itoa(n)] = wdrGameOf(g, n, r.Top[c], r.Systems[c], r.Players, r.Replacements[c], id)
		}
		doc.Rounds[strconv.Itoa(h)] = round
	}
	for _, s := range r.Table.Players {
		if s.Played == 0 {
			continue
		}
		res := wdrResult{PlayerName: r.Players[s.Player].Name, PlayerWDRID: id(r.Players[s.Player].WDRID),
			Score: s.Total, ScoreBreakdown: []wdrRoundScore{}}
		if s.Qualified {
			res.Ranking = id(s.Rank)
		}
		for _, hs := range s.Heats {
			if hs.Played {
				res.ScoreBreakdown = append(res.ScoreBreakdown, wdrRoundScore{Round: hs.Heat, Score: hs.Score, Dropped: hs.Factor == 0})
			}
		}
		doc.Results = append(doc.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

// wdrGameOf is a scored game as the WDR's JSON has it; n is its number in
// the round, left its players replaced during it.
func wdrGameOf(g scoring.Played, n int, top bool, system string, players []ExportPlayer, left []Replacement, id func(int) *int) wdrGame {
	game := wdrGame{Board: n, TopBoard: top, ScoringSystem: system, Players: map[string]wdrSeat{}}
	solo := len(g.Winners) == 1 && !g.Conceded
	if len(g.Winners) > 0 && !solo {
		d := &wdrDraw{Season: "Fall"}
		for _, pw := range g.Winners {
			d.Year = max(d.Year, g.Seats[pw].Year)
			d.Powers = append(d.Powers, wdrPowers[pw])
		}
		game.Draw = d
	}
	for pw, seat := range g.Seats {
		p := players[seat.Player]
		ws := wdrSeat{Name: p.Name, WDRID: id(p.WDRID), WDDID: id(p.WDDID), Score: seat.Score, FinalSCs: seat.Centres}
		if p.Location != "" {
			ws.Location = &p.Location
		}
		if seat.Eliminated {
			ws.EliminationYear = id(seat.Year)
		}
		if game.Draw != nil {
			in := slices.Contains(g.Winners, dip.Power(pw))
			ws.InDraw = &in
		}
		if k := slices.IndexFunc(left, func(l Replacement) bool { return l.Power == dip.Power(pw) }); k >= 0 {
			q := players[left[k].Player]
			ws.Replaced = &wdrReplaced{Name: q.Name, WDRID: id(q.WDRID), WDDID: id(q.WDDID), Year: id(left[k].Year)}
		}
		game.Players[wdrPowers[pw]] = ws
	}
	return game
}
