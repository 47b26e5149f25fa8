package seeding

import "fmt"

// PreferenceMethod is how the seeder uses players' power preferences.
type PreferenceMethod int

// The preference methods.
const (
	// BestTotal charges Values.Preference per place a player's power is
	// down their list, weighed with every other conflict: the best total
	// satisfaction of the heat.
	BestTotal PreferenceMethod = iota
	// LowestRankedFirst lets the players of each board, in
	// Problem.ChoiceOrder (the lowest-ranked first), each take their most
	// preferred power still free that the power rule allows.
	LowestRankedFirst
)

var methodNames = [...]string{"best total satisfaction", "lowest-ranked chooses first"}

// String names the method as the Tournament sheet does.
func (m PreferenceMethod) String() string {
	if m < 0 || int(m) >= len(methodNames) {
		return fmt.Sprintf("PreferenceMethod(%d)", int(m))
	}
	return methodNames[m]
}
