package seeding

import "testing"

// TestReplacedPlayerMetTheBoard checks the replacement policy: a player who
// left a game counts as having met everyone on that board and as having
// played its power. Player 14 played Austria on board 1 of round 1 until
// player 0 replaced them; in round 2, seated with players 1 and 7 and on
// Austria again, 14 pays one repeat (met 1: 10) and the same power (4);
// 7 was never on that board.
func TestReplacedPlayerMetTheBoard(t *testing.T) {
	p := &Problem{Values: DefaultValues(), AssignPowers: true}
	for i := range 21 {
		p.Players = append(p.Players, string(rune('a'+i)))
	}
	first := board(0, 1, 2, 3, 4, 5, 6)
	first.Left = []Seat{{Player: 14, Power: Austria}}
	p.History = []Plan{{Round: 1, Boards: []Board{first, board(7, 8, 9, 10, 11, 12, 13)}}}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	plan := Plan{Round: 2, Boards: []Board{
		board(14, 1, 7, 15, 16, 17, 18),
		board(0, 8, 2, 9, 3, 10, 4),
		board(5, 11, 6, 12, 13, 19, 20),
	}}
	ex, err := Explain(p, plan)
	if err != nil {
		t.Fatal(err)
	}
	var got *PlayerConflicts
	for i := range ex.Players {
		if ex.Players[i].Player == 14 {
			got = &ex.Players[i]
		}
	}
	if got == nil || got.Total != 10+4 {
		t.Fatalf("player 14's conflicts: %+v, want 10 (met b in round 1) + 4 (Austria again)", got)
	}
	bad := p.History[0].Boards[0]
	bad.Left = []Seat{{Player: 99, Power: Austria}}
	p.History[0].Boards[0] = bad
	if err := p.Validate(); err == nil {
		t.Error("a replaced player out of range was accepted")
	}
}
