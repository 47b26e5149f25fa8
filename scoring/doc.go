// Package scoring scores finished Diplomacy boards under a DTM scoring system: it computes every formula word
// of formulas.md for each power, picks each power's formula by the system's end-game criterion (Win/Draw, Rank
// by SC count, or Both), validates the board, and ships the built-in systems of the template's Systems sheet.
//
// A Definition is a system as a director writes it: the end-game criterion, the options and the nine formulae
// (solo or 1st place, two- to seven-way draw or 2nd to 7th place, elimination or survival, provisional). Compile
// turns it into a System once; System.Score then scores any number of Games, each a board's final centres,
// elimination years, winning set, concession flag and optional year-by-year centre chart. Problems in a game
// come back together as *GameError values joined with errors.Join, each naming the power and field, so the
// workbook can point at the director's cell.
//
// At the tournament level, ScoreGames scores the finished games under the tournament's rules (each score rounded
// once to the rules' decimals, the director's override winning) and reports each game's problems by its index;
// Standings turns an Event (the players, every finished game with its scores, the tournament's rules and teams)
// into a Table: the players ranked by DTM's sum of heat scores after the drop multipliers or by the Hurst
// Tournament Mean, ties settled by a configurable tie-break chain with a note of the rule that settled each, the
// team standings, and the awards of DTM's Awards screen. Series combines the final tables of several tournaments.
//
// Readings this package fixes where formulas.md leaves a choice:
//   - A power with no centres is eliminated; if no elimination year was entered, its yrs is the game's last
//     year and it ranks with the last eliminated for elb and elt.
//   - cnc is the same for every power of the game: 1 when the single win was conceded. In Rank and Both
//     systems a conceded win must go to the sole centre leader, so the conceded winner is the power in first
//     place and a formula finds the soloer as the 1st-place formula with (ldr > 17) + cnc.
//   - ctrs sums the recorded years up to the power's final year; years missing from the chart add nothing. A
//     chart row for the game's last year must agree with the final centres, and an eliminated power owns
//     nothing from its elimination year on.
//   - hbg and hti compare powers on final centres, then on the recorded years before the last one, the most
//     recent first.
//
// The package is pure: values in, values out. It uses the formula package for the language itself.
package scoring
