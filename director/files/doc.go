// Package files reads and writes the files dtm keeps beside a workbook: the
// results files (DTM CSV, WDD upload, WDR JSON, ratings), the --json shapes,
// the published site and its projector and room clocks, the results-entry
// page and the score sheets' QR codes, GAME.json and the results CSV of dtm
// import, all writing a score with Number.
package files
