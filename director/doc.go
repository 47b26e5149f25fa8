// Package director holds what a tournament director does with dtm, one use
// case per command: check a workbook, create one, seed a heat, import
// results, score the games, export the results, combine a series, simulate
// a seating, try a formula and check a game's record. Each use case opens the workbook
// (package workbook), asks the domain packages (scoring, seeding) and
// writes back; it returns a result that the command line renders with the
// result's WriteText method, or prints as JSON. The files the director
// sends on (the DTM's CSV, the World Diplomacy Database's upload, the
// --json shapes, the results-entry page) and reads (GAME.json, the results
// CSV of dtm import) are defined here too; subpackage qr makes the score
// sheets' QR codes.
package director
