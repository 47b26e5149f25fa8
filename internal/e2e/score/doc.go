// Package score holds the end-to-end tests of dtm check and dtm score: the
// problems reported, provisional and stale standings, and who takes part.
package score
