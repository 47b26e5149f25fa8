package workbook

import (
	"strings"

	"golang.org/x/text/unicode/norm"
)

// Country is a country the World Diplomacy Database knows, with its code.
type Country struct{ Code, Name string }

// Countries are the WDD country codes dtm accepts in the Players sheet's
// Nationality column (docs/exports.md lists them). The first eight are the
// codes of the WDD's upload format description; the WDD derives its codes
// from the countries' French names (ALL: Allemagne, ANG: Angleterre).
var Countries = []Country{
	{"USA", "United States"}, {"CAN", "Canada"}, {"ANG", "United Kingdom"}, {"FRA", "France"},
	{"ALL", "Germany"}, {"HOL", "Netherlands"}, {"AUS", "Australia"}, {"NZE", "New Zealand"},
	{"ARG", "Argentina"}, {"AUT", "Austria"}, {"BEL", "Belgium"}, {"BRE", "Brazil"}, {"DAN", "Denmark"},
	{"ESP", "Spain"}, {"FIN", "Finland"}, {"GRE", "Greece"}, {"IRL", "Ireland"}, {"ITA", "Italy"},
	{"JAP", "Japan"}, {"LUX", "Luxembourg"}, {"MEX", "Mexico"}, {"NOR", "Norway"}, {"POL", "Poland"},
	{"POR", "Portugal"}, {"RUS", "Russia"}, {"SUE", "Sweden"}, {"SUI", "Switzerland"},
}

// CountryCode reads a Nationality cell: a code of Countries or a country's
// name, in any case ("fra", "France"); it returns the code, or false.
func CountryCode(v string) (string, bool) {
	key := foldCountry(v)
	for _, c := range Countries {
		if key == strings.ToLower(c.Code) || key == foldCountry(c.Name) {
			return c.Code, true
		}
	}
	return "", false
}

// foldCountry folds case, spacing and accents.
func foldCountry(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(strings.Join(strings.Fields(s), " "))) {
		if r < 0x300 || r > 0x36f {
			b.WriteRune(r)
		}
	}
	return b.String()
}
