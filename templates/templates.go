// Package templates holds the workbook every new tournament starts from,
// and the pages of the tournament's site.
//
// tournament.xlsx is generated from the workbook package's layout and the
// scoring package's built-in systems; regenerate it with
//
//	go test ./workbook -run TestTemplate -update
//
// A test fails whenever it is out of date.
//
// site/ holds the html/template files of dtm publish (one template per kind
// of page, "head" and "foot" shared) and its style sheet, style.css.
package templates

import (
	"embed"
	_ "embed"
)

// Tournament is the template workbook (.xlsx) of a new tournament.
//
//go:embed tournament.xlsx
var Tournament []byte

// Site holds the site's page templates (site/*.html) and style sheet
// (site/style.css).
//
//go:embed site
var Site embed.FS
