// Package xlsx reads and writes an .xlsx workbook file through excelize,
// safely and fast, knowing nothing of what its sheets mean.
//
// Open checks the whole file before anything is read from it (integrity.go:
// not encrypted, not an old .xls, every part whole, well-formed and within
// the documented limits, a fault located at its sheet), then hands back a
// File: excelize's reading of it, and what is to be written into it. The
// caller says what it does with each sheet by name (Sheets): which it reads,
// which are inputs whose formula values it needs, which are outputs it
// rewrites on every run.
//
// Reading: SheetReader reads a sheet's cells as excelize's GetRows does,
// several times faster for sheets of the usual form (quickrows.go,
// quicksst.go). Problem and Problems are the located diagnostics every
// reader reports in: a sheet and cell, or a text file and line.
//
// Writing: PatchCell writes a cell into a big sheet's bytes on save
// (patch.go); SetBody puts a tab written whole, cells and merges, into its
// part (sheetbody.go); DropPictures, AddDataValidation, AddChart and
// DeleteCharts do what excelize does without decoding a whole sheet or
// drawing; the print helpers set page layout, titles and print areas.
//
// Saving: Save packs the workbook (packwriter.go: parts excelize did not
// change are copied as they were read, and every sheet written anew
// declares the range its cells take, dimension.go), tidies the package (tidy.go: five
// passes, each undoing something excelize does), and replaces the file
// atomically, keeping a backup beside it in BackupDir and refusing when a
// spreadsheet program has the file open (a lock file) or it changed since
// it was read (save.go).
package xlsx
