// Package day holds the end-to-end tests of a championship day replayed
// through LibreOffice and of the commands a director runs around seeding
// and scoring: status, withdraw, rename, undo and verify.
package day
