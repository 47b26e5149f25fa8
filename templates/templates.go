// Package templates holds the workbook every new tournament starts from.
//
// tournament.xlsx is generated from the workbook package's layout and the
// scoring package's built-in systems; regenerate it with
//
//	go test ./workbook -run TestTemplate -update
//
// A test fails whenever it is out of date.
package templates

import _ "embed"

// Tournament is the template workbook (.xlsx) of a new tournament.
//
//go:embed tournament.xlsx
var Tournament []byte
