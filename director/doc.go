// Package director holds what a tournament director does with dtm, one use
// case per command: check a workbook, create one, seed a heat, import
// results, score the games, export the results, combine a series, simulate
// a seating, try a formula and check a game's record. Each use case opens the workbook
// (package workbook), asks the domain packages (scoring, seeding) and
// writes back; it returns a result that the command line renders with the
// result's WriteText method, or prints as JSON. The results files and the
// --json shapes are written, and GAME.json read, by subpackage files; the
// results-entry page, the published site and the results CSV of dtm import
// are defined here too; subpackage qr makes the score sheets' QR codes.
package director
