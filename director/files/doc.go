// Package files reads and writes the files dtm keeps beside a workbook: the
// results files it exports (the DTM's CSV, the World Diplomacy Database's
// upload, the World Diplomacy Reference's JSON, the ratings text), the
// --json shapes, and the GAME.json record it reads; Number is the one way
// they write a score.
package files
