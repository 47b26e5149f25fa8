// Package workbook maps a Diplomacy tournament to and from the sheets of
// the one .xlsx workbook a tournament director edits in Excel or
// LibreOffice. The file itself (checking it, reading and writing its cells
// fast, saving it safely) is the job of workbook/xlsx, which knows no
// tournament; the domain packages, scoring and seeding, see only the values
// workbook reads.
//
// The director's sheets, each described once (the tables by a schema of
// columns in layout.go, the settings by one row each of the settings table
// in settings.go, which the template, dtm new, the reader and
// docs/workbook.md share):
//   - Tournament: one setting per row, found by its label (Setting, Value,
//     Help), so rows may be moved and the director's own rows are kept.
//   - Players: one row per player, then one registration column per heat.
//   - Conflicts, Groups and Teams: who should not (or should) meet, and the
//     teams of a team tournament.
//   - Heats and Systems: a heat's own scoring system; the scoring systems,
//     each as nine formulas.
//   - Heat 1, Heat 2, ...: seven rows per board, the results and the centre
//     chart year by year.
//
// Columns are found by their header, in any order; a sheet, column or
// setting dtm does not know is kept as it is and noted. Open reads a
// workbook into a Tournament and lists every problem with its sheet and
// cell (Problems, the engine's xlsx.Problem) rather than stopping at the
// first. Create writes a new workbook from the template
// (templates/tournament.xlsx, built by Template from the same schemas),
// carrying players, conflicts, groups and systems over from an earlier one.
//
// dtm writes only its own tabs (Standings, Team Standings, Awards, the
// "Heat N calls" sheets) and the documented computed columns of the heat
// sheets (Score, Conflict, Conflict detail) and the seating, and tells the
// engine which sheets are its inputs and which its outputs (book.go).
// Book.Save writes through the engine: atomically, with a backup in
// dtm-backups, refusing (unless forced) when the file is open in Excel or
// LibreOffice, or when it changed since it was read.
package workbook
