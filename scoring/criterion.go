package scoring

import (
	"fmt"
	"slices"
	"strings"
)

// Criterion is a scoring system's end-game criterion (DTM manual, section 8).
type Criterion int

// The three end-game criteria.
const (
	// WinDraw scores a solo or draw: winners get the formula of their draw size, the rest "Elimination or
	// survival".
	WinDraw Criterion = iota
	// Rank scores by place on final centres: place k gets formula k.
	Rank
	// Both picks formulae as Rank, computes num and srv from the winning set, and adds prov to every score.
	Both
)

var criterionNames = [...]string{"Win/Draw", "Rank by SC count", "Both"}

// CriterionNames returns the end-game criteria's names, in Criterion
// order: the one vocabulary the workbook's dropdown and messages use.
func CriterionNames() []string { return slices.Clone(criterionNames[:]) }

// String returns the criterion's name: "Win/Draw", "Rank by SC count" or "Both".
func (c Criterion) String() string {
	if c < 0 || int(c) >= len(criterionNames) {
		return fmt.Sprintf("Criterion(%d)", int(c))
	}
	return criterionNames[c]
}

// ParseCriterion reads a criterion, case-insensitive: "Win/Draw" (or "win", "draw", "windraw"), "Rank by SC
// count" (or "rank"), "Both" (or "Both Win/Draw and Rank").
func ParseCriterion(s string) (Criterion, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	switch {
	case t == "both" || strings.HasPrefix(t, "both "):
		return Both, nil
	case t == "win/draw" || t == "win" || t == "draw" || t == "windraw" || t == "win/draw scoring":
		return WinDraw, nil
	case t == "rank" || strings.HasPrefix(t, "rank "):
		return Rank, nil
	}
	return 0, fmt.Errorf("unknown end-game criterion %q (want Win/Draw, Rank by SC count or Both)", s)
}

// Slot is one of a system's nine formulae, in the order of the DTM Scoring System screen.
type Slot int

// The nine formula slots. Slot k (0-based) below SlotElimination is the k+1-way draw in Win/Draw and place
// k+1 in Rank and Both.
const (
	SlotSolo Slot = iota
	SlotDraw2
	SlotDraw3
	SlotDraw4
	SlotDraw5
	SlotDraw6
	SlotDraw7
	SlotElimination
	SlotProvisional
)

// NumFormulas is the number of formulae in a scoring system.
const NumFormulas = 9

var slotNames = [NumFormulas]string{
	"Solo victory / 1st", "Two-way draw / 2nd", "Three-way draw / 3rd", "Four-way draw / 4th",
	"Five-way draw / 5th", "Six-way draw / 6th", "Seven-way draw / 7th", "Elimination or survival",
	"Provisional score",
}

// String returns the slot's label, e.g. "Solo victory / 1st".
func (s Slot) String() string {
	if s < 0 || s >= NumFormulas {
		return fmt.Sprintf("Slot(%d)", int(s))
	}
	return slotNames[s]
}
