package director

import (
	"fmt"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/armada-dtm/dtm/workbook"
)

// LikelyDuplicates warns about players who are probably one person typed
// two ways: names equal once accents, case, spacing and punctuation are
// folded ("José Díaz", "jose diaz", "Jean-Luc"/"Jean Luc"), or with the
// same last name and a first name written as initials of the other's ("J.
// Smith", "John Smith"; "J.P. Roy", "Jean Pierre Roy"). Each warning is at
// the later row and names the earlier one. Exact repeats are errors of the
// reader, not repeated here.
func LikelyDuplicates(t *workbook.Tournament) workbook.Problems {
	var out workbook.Problems
	// A pair is found through indexes rather than by comparing every two
	// players (minutes at 20,000): players by their whole folded name, by
	// last name and first-name initials (those whose first name is only
	// initials), and by last name and each run of first letters of their
	// first name's words.
	type key struct{ last, initials string }
	byWhole := map[string][]int{}
	initialsOnly := map[key][]int{}
	byLetters := map[key][]int{}
	for j, p := range t.Players {
		first, lastWords := nameTokens(p.First), nameTokens(p.Last)
		whole, last := strings.Join(first, "")+strings.Join(lastWords, ""), strings.Join(lastWords, "")
		letters, initials := make([]rune, len(first)), len(first) > 0
		for k, w := range first {
			r := []rune(w)
			letters[k] = r[0]
			initials = initials && len(r) == 1
		}
		// The earliest player before j under any of the keys, with
		// another name.
		earliest := -1
		consider := func(list []int) {
			for _, i := range list {
				if earliest >= 0 && i >= earliest {
					return
				}
				if t.Players[i].Name != p.Name {
					earliest = i
					return
				}
			}
		}
		consider(byWhole[whole])
		if last != "" {
			for n := 1; n <= len(letters); n++ { // an earlier player's initials
				consider(initialsOnly[key{last, string(letters[:n])}])
			}
			if initials { // j's initials, an earlier player's first name
				consider(byLetters[key{last, string(letters)}])
			}
		}
		if earliest >= 0 {
			out = append(out, workbook.Problem{Sheet: workbook.SheetPlayers, Cell: t.PlayerCell(j, workbook.HeaderFirstName),
				Msg:  fmt.Sprintf("%q may be the same player as %q (row %d)", p.Name, t.Players[earliest].Name, t.Players[earliest].Row),
				Hint: "if so, delete one row and use one spelling on every sheet; if not, nothing to do"})
		}
		byWhole[whole] = append(byWhole[whole], j)
		if last != "" {
			for n := 1; n <= len(letters); n++ {
				k := key{last, string(letters[:n])}
				byLetters[k] = append(byLetters[k], j)
			}
			if initials {
				k := key{last, string(letters)}
				initialsOnly[k] = append(initialsOnly[k], j)
			}
		}
	}
	return out
}

// nameTokens folds a name for LikelyDuplicates: accents dropped, lower
// case, split into words at spaces and punctuation ("Jean-Luc" -> jean,
// luc; "J.P." -> j, p).
func nameTokens(s string) []string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if f, ok := foldedLetters[r]; ok {
				b.WriteString(f)
			} else {
				b.WriteRune(r)
			}
		default:
			b.WriteRune(' ')
		}
	}
	return strings.Fields(b.String())
}

// foldedLetters are letters that do not decompose into a base letter and
// an accent.
var foldedLetters = map[rune]string{'ß': "ss", 'ø': "o", 'æ': "ae", 'œ': "oe", 'ł': "l", 'đ': "d", 'ı': "i", 'þ': "th"}

// warningsShown is how many players a warning of one kind names one by
// one; beyond that the kind is one line naming the first few and counting
// the rest: a new event's forty players without ids need one line saying
// so, not forty.
const warningsShown = 3

// MissingIDs warns about the players among which (nil for all) who have no
// WDD id (wdd) or WDR id (wdr): without it the database matches the player
// by name alone. A Nationality the WDD does not know is refused by the
// reader; a Country that is not a WDD code is written as it is, and warned
// about here when the results go to the WDD. Each player's warning is at
// their cell when each is set or when at most warningsShown players have
// it; otherwise the players of one kind (one database's id, one country)
// are one warning, at the first one's cell.
func MissingIDs(t *workbook.Tournament, which []bool, wdd, wdr, each bool) workbook.Problems {
	var out workbook.Problems
	add := func(players []int, header string, one, many func(string) string, hint, hints string) {
		if len(players) == 0 {
			return
		}
		if each || len(players) <= warningsShown {
			for _, i := range players {
				out = append(out, workbook.Problem{Sheet: workbook.SheetPlayers, Cell: t.PlayerCell(i, header),
					Msg: one(t.Players[i].Name), Hint: hint})
			}
			return
		}
		var names []string
		for _, i := range players[:warningsShown] {
			names = append(names, t.Players[i].Name)
		}
		list := fmt.Sprintf("%d players (%s and %d more)", len(players), strings.Join(names, ", "), len(players)-warningsShown)
		out = append(out, workbook.Problem{Sheet: workbook.SheetPlayers, Cell: t.PlayerCell(players[0], header),
			Msg: many(list), Hint: hints + "; -v lists every one"})
	}
	var noWDD, noWDR []int
	byCountry := map[string][]int{}
	var countries []string
	for i, p := range t.Players {
		if which != nil && !which[i] {
			continue
		}
		if _, ok := workbook.CountryCode(p.Country); wdd && p.Country != "" && !ok {
			if byCountry[p.Country] == nil {
				countries = append(countries, p.Country)
			}
			byCountry[p.Country] = append(byCountry[p.Country], i)
		}
		if wdd && p.WDDID == 0 {
			noWDD = append(noWDD, i)
		}
		if wdr && p.WDRID == 0 {
			noWDR = append(noWDR, i)
		}
	}
	for _, c := range countries {
		add(byCountry[c], workbook.HeaderCountry,
			func(name string) string {
				return fmt.Sprintf("%s's country %q is not a WDD country code: the WDD files carry it as it is", name, c)
			},
			func(list string) string {
				return fmt.Sprintf("the country %q of %s is not a WDD country code: the WDD files carry it as it is", c, list)
			},
			"type a code of docs/exports.md (USA, FRA, ANG ...)", "type a code of docs/exports.md (USA, FRA, ANG ...) in their Country cells")
	}
	for _, db := range []struct {
		players      []int
		header, name string
	}{{noWDD, workbook.HeaderWDDID, "World Diplomacy Database"}, {noWDR, workbook.HeaderWDRID, "World Diplomacy Reference"}} {
		short := strings.TrimSuffix(db.header, " id")
		add(db.players, db.header,
			func(name string) string {
				return fmt.Sprintf("%s has no %s id: the %s will match the name alone", name, short, db.name)
			},
			func(list string) string {
				return fmt.Sprintf("%s have no %s id: the %s will match their names alone", list, short, db.name)
			},
			fmt.Sprintf("type the number of the player's %s page (a newcomer has none: nothing to do)", short),
			fmt.Sprintf("type the number of each one's %s page (a newcomer has none: nothing to do)", short))
	}
	return out
}
