// Package conformance holds the end-to-end tests that every kind of
// workbook dtm writes opens in LibreOffice and the independent readers,
// prints whole, and that workbooks other programs saved go through dtm.
package conformance
