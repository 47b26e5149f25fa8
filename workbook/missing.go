package workbook

import (
	"fmt"
	"slices"
	"strings"
)

// unreadSheet is a sheet dtm looked for and the workbook lacks.
type unreadSheet struct {
	name     string
	required []string // its required column headers
}

// missing reports whether the workbook lacks a sheet dtm looked for: what
// depends on it is not checked, lest one renamed sheet give a page of
// errors.
func (r *reader) missing(sheet string) bool {
	return slices.ContainsFunc(r.unread, func(u unreadSheet) bool { return u.name == sheet })
}

// reportUnread reports each sheet the workbook lacks once, with the sheet
// of the director's that looks like it renamed ("Players ", "Tournament
// settings", "Heat1"). A workbook without a Clock sheet (one made before
// there was one) is only noted, unless one of its sheets looks like the
// Clock renamed.
func (r *reader) reportUnread() {
	renamed := r.renamedSheets()
	for _, u := range r.unread {
		best := renamed[u.name]
		hint := `add a sheet named "` + u.name + `" (copy it from a new workbook: dtm new)`
		if best != "" {
			how := "dtm finds the sheet by its name"
			if _, heat := heatSheetNumber(u.name); heat {
				how = "dtm finds a heat's boards by the sheet's name"
			}
			hint = fmt.Sprintf("did you mean %q%s? rename it back to %q: %s", best, nameDifference(best, u.name), u.name, how)
		}
		if h, heat := heatSheetNumber(u.name); heat {
			if best == "" {
				hint = fmt.Sprintf("restore it from the %s folder, or add an empty sheet named %q with a heat sheet's headers (copy one), or lower %s on the Tournament sheet",
					BackupDir, u.name, SetHeats)
			}
			r.p.add(u.name, "", hint, "the sheet of heat %d is missing (the tournament has %d heats)", h, r.t.Settings.Heats)
			continue
		}
		if u.name == SheetClock && best == "" {
			r.p.ignore(SheetClock, "", "the workbook has no Clock sheet: dtm publish makes no room clock (copy the sheet from a new workbook: dtm new)")
			continue
		}
		r.p.add(u.name, "", hint, "sheet %q is missing", u.name)
	}
}

// renamedSheets pairs the sheets the workbook lacks with sheets of the
// director's (ones dtm neither reads nor writes under their names) that
// look renamed from them, each sheet of theirs at most once: first the same
// name but for spaces, capitals or invisible characters, then a name within
// a few typing mistakes, then the one name containing the lacking one's
// ("Tournament settings"), then the one sheet with its required column
// headers.
func (r *reader) renamedSheets() map[string]string {
	out := map[string]string{}
	if len(r.unread) == 0 {
		return out
	}
	var own []string
	for _, name := range r.f.GetSheetList() {
		if _, heat := heatSheetNumber(name); !heat && !r.knownSheet(name) {
			own = append(own, name)
		}
	}
	claim := func(want, got string) {
		out[want] = got
		own = slices.DeleteFunc(own, func(s string) bool { return s == got })
	}
	matches := []func(u unreadSheet) string{
		func(u unreadSheet) string {
			i := slices.IndexFunc(own, func(s string) bool { return foldName(s) == foldName(u.name) })
			if i < 0 {
				return ""
			}
			return own[i]
		},
		func(u unreadSheet) string { return closest(foldName(u.name), own) },
		func(u unreadSheet) string {
			return only(own, func(s string) bool { return strings.Contains(foldName(s), foldName(u.name)) })
		},
		func(u unreadSheet) string {
			return only(own, func(s string) bool { return len(u.required) > 0 && r.hasHeaders(s, u.required) })
		},
	}
	for _, match := range matches {
		for _, u := range r.unread {
			if _, done := out[u.name]; done {
				continue
			}
			if got := match(u); got != "" {
				claim(u.name, got)
			}
		}
	}
	return out
}

// only returns the one name that keep keeps; "" when none or several do.
func only(names []string, keep func(string) bool) string {
	found := ""
	for _, s := range names {
		if keep(s) {
			if found != "" {
				return ""
			}
			found = s
		}
	}
	return found
}

// nameDifference says how a sheet's name differs from the one wanted when
// the difference is hard to see: " (with a space at its end)".
func nameDifference(got, want string) string {
	switch {
	case strings.TrimSpace(got) == want && strings.HasSuffix(got, " "):
		return " (with a space at its end)"
	case strings.TrimSpace(got) == want:
		return " (with a space at its start)"
	case foldName(got) == foldName(want) && invisibleIn(got) != "":
		return " (with an invisible character, " + invisibleIn(got) + ")"
	}
	return ""
}

// hasHeaders reports whether a sheet's first row has every one of headers.
func (r *reader) hasHeaders(sheet string, headers []string) bool {
	rows, err := r.f.Rows(sheet)
	if err != nil {
		return false
	}
	defer rows.Close()
	if !rows.Next() {
		return false
	}
	cols, err := rows.Columns()
	if err != nil {
		return false
	}
	found := map[string]bool{}
	for _, h := range cols {
		found[normalHeader(h)] = true
	}
	for _, h := range headers {
		if !found[normalHeader(h)] {
			return false
		}
	}
	return true
}
