// Package seeding seats a heat's players at boards of seven and assigns their
// powers with the least total conflict under the ARMADA DTM model (repeat
// opponents, repeated powers and power groups, player-to-player conflicts,
// player groups and team-mates), plans ahead over the rounds still to come,
// explains every remaining conflict, chooses fairly who sits a heat out when
// the players do not fill boards of seven (ChooseSitOuts), and reads and
// writes the seeding benchmark's instance and output formats.
package seeding
