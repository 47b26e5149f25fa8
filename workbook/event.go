package workbook

import (
	"cmp"

	"github.com/armada-dtm/dtm/scoring"
)

// Event converts the tournament into what the standings need: the players
// (those on the roster only, who never registered nor sat at a board,
// absent: see Playing), every scored game (the director's override
// applied) and every board in play scored as it stands (Game.Live), the tournament's rules and its teams.
func (t *Tournament) Event() scoring.Event {
	s := t.Settings
	e := scoring.Event{Heats: s.Heats, Rules: s.Rules}
	playing := t.Playing()
	if len(t.Players) > 0 {
		e.Players = make([]scoring.EventPlayer, 0, len(t.Players))
	}
	for i, p := range t.Players {
		e.Players = append(e.Players, scoring.EventPlayer{Name: p.Name, Distance: p.Distance, TwoBoards: p.TwoBoards, Absent: !playing[i]})
	}
	if s.TeamSize > 0 {
		e.Teams = []scoring.EventTeam{}
		for _, tm := range t.Teams {
			e.Teams = append(e.Teams, scoring.EventTeam{Name: tm.Name, Members: tm.Members})
		}
	}
	games := 0
	for i := range t.Heats {
		for j := range t.Heats[i].Games {
			if g := &t.Heats[i].Games[j]; g.Scored || g.Live > 0 {
				games++
			}
		}
	}
	if games > 0 {
		e.Games = make([]scoring.Played, 0, games)
	}
	for _, h := range t.Heats {
		top := h.TopBoards()
		for _, g := range h.Games {
			if !g.Scored && g.Live == 0 {
				continue
			}
			sg := ScoringGame(&g)
			if g.Live > 0 {
				sg, _, _ = LiveGame(&g, s.Victory)
			}
			pg := scoring.Played{Heat: h.Number, Board: g.Board, Winners: sg.Winners, Conceded: sg.Conceded,
				Rank: g.Criterion != scoring.WinDraw, History: sg.History, Top: top[g.Board]}
			for _, seat := range g.Seats {
				centres, year := seat.Centres, seat.Year
				if g.Live > 0 { // as the board stands at the end of its chart's year
					centres, year = sg.Centres[seat.Power], cmp.Or(sg.Eliminated[seat.Power], sg.FinalYear)
				}
				pg.Seats[seat.Power] = scoring.PlayedSeat{Player: seat.Player, Score: seat.Score, Centres: centres,
					Year: year, Eliminated: centres == 0}
			}
			e.Games = append(e.Games, pg)
		}
	}
	return e
}

// ruleSettings names the Tournament sheet's setting of each rule.
var ruleSettings = map[scoring.Rule]string{
	scoring.RuleMethod: SetMethod, scoring.RuleUnplayed: SetUnplayed, scoring.RuleLowest: SetLowestCount,
	scoring.RuleNext: SetNextCount, scoring.RuleMinHeats: SetMinHeats, scoring.RuleTieBreaks: SetTieBreaks,
	scoring.RuleTeam: SetTeamNumber, scoring.RuleTopBoard: SetTopFactor,
}

// RuleProblem locates a problem of the tournament's rules at the setting
// it concerns on the Tournament sheet; for two settings that cannot work
// together, the hint names the other one.
func (s Settings) RuleProblem(e *scoring.RuleError) Problem {
	label := ruleSettings[e.Rule]
	p := Problem{Sheet: SheetTournament, Cell: s.SettingCell(label), Msg: label + ": " + e.Msg}
	if e.Also != e.Rule {
		other := ruleSettings[e.Also]
		p.Hint = "or change " + other
		if cell := s.SettingCell(other); cell != "" {
			p.Hint += " (" + cell + ")"
		}
	}
	return p
}
