package dip

import (
	"fmt"
	"strings"
)

// Power is one of the seven great powers, in board order.
type Power int

// The seven powers in board order; Board stands for the whole board rather than one power (in a game's problem,
// say).
const (
	Austria Power = iota
	England
	France
	Germany
	Italy
	Russia
	Turkey
	Board Power = -1
)

// NumPowers is the number of powers on a board.
const NumPowers = 7

// BoardSize is the number of players on a board: one per power.
const BoardSize = NumPowers

// PowerNames returns the powers' English names, in Power order: the one
// vocabulary of powers the seeder, the workbook and the exports use.
func PowerNames() [NumPowers]string { return powerNames }

var (
	powerNames = [NumPowers]string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}
	powerCodes = [NumPowers]string{"aus", "eng", "fra", "ger", "ita", "rus", "tur"}
)

// String returns the power's English name, e.g. "Austria"; Board is "board".
func (p Power) String() string {
	if p == Board {
		return "board"
	}
	if p < 0 || p >= NumPowers {
		return fmt.Sprintf("Power(%d)", int(p))
	}
	return powerNames[p]
}

// Code returns the power's formula word and GAME.json key, e.g. "aus".
func (p Power) Code() string {
	if p < 0 || p >= NumPowers {
		return p.String()
	}
	return powerCodes[p]
}

// ParsePower reads a power from its code ("aus") or its name ("Austria"), in any case, trimmed.
func ParsePower(s string) (Power, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	for p := Austria; p < NumPowers; p++ {
		if t == powerCodes[p] || t == strings.ToLower(powerNames[p]) {
			return p, nil
		}
	}
	return 0, fmt.Errorf("unknown power %q (want one of aus eng fra ger ita rus tur, or the full name)", s)
}
