// Package seeding seats a heat's players at boards of seven and assigns their
// powers with the least total conflict under the ARMADA DTM model (repeat
// opponents, repeated powers and power groups, player-to-player conflicts,
// player groups and team-mates), plans ahead over the rounds still to come,
// proves how far the seating can be from the best one (a lower bound), and
// explains every remaining conflict. It also generates and simulates whole
// tournaments (Generate, Simulate); package seeding/instance reads and
// writes them in the seeding benchmark's formats.
//
// The search is deterministic by work, not time: the same problem, heat and
// Options.Seed give the same seating on any machine and under any load.
package seeding
