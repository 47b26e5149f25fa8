// Package dip holds the vocabulary of a Diplomacy board that scoring, seeding and the workbook share: the seven
// powers, their names and codes, and the board's size.
package dip
