package workbook

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/scoring"
)

// withheldHeats reads the heats whose standings are withheld: None (or
// empty), All, or heat numbers separated by commas.
func (r *reader) withheldHeats(v setting, heats int) []int {
	switch {
	case v.value == "" || strings.EqualFold(strings.TrimSpace(v.value), WithholdNone):
		return nil
	case strings.EqualFold(strings.TrimSpace(v.value), WithholdAll):
		out := make([]int, max(heats, 0))
		for i := range out {
			out[i] = i + 1
		}
		return out
	}
	var out []int
	for _, f := range splitList(v.value) {
		n, ok := parseWhole(f)
		if !ok || n < 1 || (heats > 0 && n > heats) {
			r.p.add(SheetTournament, v.cell, fmt.Sprintf("heat numbers from 1 to %d separated by commas (e.g. 1, 2), All or None", max(heats, 1)),
				"%s: %q is not a heat of the tournament", SetWithheldHeats, f)
			continue
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// withheldAwards reads the withheld awards: None (or empty), All, or award
// names separated by commas, each one of scoring.AwardNames.
func (r *reader) withheldAwards(v setting) []string {
	names := scoring.AwardNames()
	switch {
	case v.value == "" || strings.EqualFold(strings.TrimSpace(v.value), WithholdNone):
		return nil
	case strings.EqualFold(strings.TrimSpace(v.value), WithholdAll):
		return names
	}
	var out []string
	for _, f := range splitList(v.value) {
		i := choiceIndex(names, f)
		if i < 0 {
			hint := "award names as on the Awards tab, separated by commas: " + strings.Join(names, ", ")
			if best := closest(normalHeader(f), names); best != "" {
				hint = fmt.Sprintf("did you mean %q? ", best) + hint
			}
			r.p.add(SheetTournament, v.cell, hint, "%s: no award is named %q", SetWithheldAwards, f)
			continue
		}
		if !slices.Contains(out, names[i]) {
			out = append(out, names[i])
		}
	}
	return out
}

// splitList splits a comma-separated list, dropping empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// readClock reads the Clock sheet, when the workbook has one: the room
// clock's phase lengths by game year, the order-writing time and breaks.
func (r *reader) readClock() {
	if !r.hasSheet(SheetClock) {
		r.unread = append(r.unread, unreadSheet{SheetClock, clockSchema.spec().required})
		return
	}
	t, ok := r.readTable(SheetClock, clockSchema.spec())
	if !ok {
		return
	}
	seen := map[[3]int]string{}
	first := map[int]bool{}
	for i := 1; i < len(t.rows); i++ {
		if t.blank(i) {
			continue
		}
		c := ClockRow{Row: i + 1, Note: t.get(i, HeaderClockNote)}
		v := t.get(i, HeaderPhase)
		c.Phase = choiceIndex(ChoicesClockPhase, v)
		if c.Phase < 0 {
			r.p.add(SheetClock, t.cell(i, HeaderPhase), "choose "+choiceList(ChoicesClockPhase), "phase cannot be %q", v)
			continue
		}
		phase := ChoicesClockPhase[c.Phase]
		good := true
		if y := t.get(i, HeaderFromYear); y != "" {
			n, ok := parseWhole(y)
			if !ok || n < FirstGameYear || n > LastGameYear {
				r.p.add(SheetClock, t.cell(i, HeaderFromYear), fmt.Sprintf("a game-year from %d to %d", FirstGameYear, LastGameYear), "from year cannot be %q", y)
				good = false
			}
			c.FromYear = n
		} else if c.Phase != ClockOrders {
			hint := "the first game-year this length applies to (e.g. 1901)"
			if c.Phase == ClockBreak {
				hint = "the game-year whose Spring orders the break follows (e.g. 1904)"
			}
			r.p.add(SheetClock, t.cell(i, HeaderFromYear), hint, "%s needs a year", strings.ToLower(phase))
			good = false
		}
		m := t.get(i, HeaderMinutes)
		n, ok := parseNumber(m)
		low := 0.0
		if c.Phase == ClockOrders {
			low = -1 // 0 minutes of order writing is allowed
		}
		if !ok || n <= low || n > 24*60 || math.IsNaN(n) {
			r.p.add(SheetClock, t.cell(i, HeaderMinutes), "a number of minutes (e.g. 20; 0.5 for 30 seconds)", "minutes cannot be %q", m)
			good = false
		}
		c.Minutes = n
		if h := t.get(i, HeaderClockHeat); h != "" {
			n, ok := parseWhole(h)
			switch {
			case c.Phase != ClockBreak:
				r.p.add(SheetClock, t.cell(i, HeaderClockHeat), "leave it empty: only a break may be for one heat", "a %s length applies to every heat", strings.ToLower(phase))
				good = false
			case !ok || n < 1 || n > r.t.Settings.Heats:
				r.p.add(SheetClock, t.cell(i, HeaderClockHeat), fmt.Sprintf("a heat from 1 to %d, or empty for every heat", max(r.t.Settings.Heats, 1)), "heat cannot be %q", h)
				good = false
			}
			c.Heat = n
		}
		if !good {
			continue
		}
		key := [3]int{c.Phase, c.FromYear, c.Heat}
		if c.Phase == ClockOrders {
			key = [3]int{c.Phase}
		}
		if f, dup := seen[key]; dup {
			r.p.add(SheetClock, t.cell(i, HeaderPhase), "keep one of the rows", "this row repeats the one at %s", f)
			continue
		}
		seen[key] = t.cell(i, HeaderPhase)
		if c.Phase <= ClockFall && c.FromYear == FirstGameYear {
			first[c.Phase] = true
		}
		r.t.Clock = append(r.t.Clock, c)
	}
	if len(r.t.Clock) > 0 {
		for _, ph := range []int{ClockSpring, ClockFall} {
			if !first[ph] {
				r.p.add(SheetClock, columnRange(t.col[normalHeader(HeaderPhase)]+1), fmt.Sprintf("add a %s row from year %d with its minutes", ChoicesClockPhase[ph], FirstGameYear),
					"the clock has no %s length from %d", ChoicesClockPhase[ph], FirstGameYear)
			}
		}
	}
}

// The phases of the Clock sheet: indexes into ChoicesClockPhase.
const (
	ClockSpring = iota
	ClockFall
	ClockOrders
	ClockBreak
)

// parseClockTime reads a Start time cell: a time of day as a spreadsheet
// stores it (a fraction of a day), or typed as 19:00, 7:00 PM or 7 pm.
// It returns minutes after midnight.
func parseClockTime(v string) (int, bool) {
	v = strings.TrimSpace(v)
	if n, ok := parseNumber(v); ok {
		if n < 0 || n >= 1 {
			return 0, false
		}
		return int(math.Round(n*24*60)) % (24 * 60), true
	}
	s := strings.ToLower(strings.ReplaceAll(v, " ", ""))
	s = strings.ReplaceAll(strings.ReplaceAll(s, "a.m.", "am"), "p.m.", "pm")
	pm, am := strings.HasSuffix(s, "pm"), strings.HasSuffix(s, "am")
	s = strings.TrimSuffix(strings.TrimSuffix(s, "pm"), "am")
	hh, mm, hasMin := strings.Cut(strings.ReplaceAll(s, ".", ":"), ":")
	h, err := strconv.Atoi(hh)
	if err != nil {
		return 0, false
	}
	m := 0
	if hasMin {
		if len(mm) == 5 && mm[2] == ':' { // 19:00:00
			mm = mm[:2]
		}
		if m, err = strconv.Atoi(mm); err != nil || len(mm) != 2 || m > 59 {
			return 0, false
		}
	}
	switch {
	case (am || pm) && (h < 1 || h > 12):
		return 0, false
	case pm && h != 12:
		h += 12
	case am && h == 12:
		h = 0
	}
	if h < 0 || h > 23 {
		return 0, false
	}
	return h*60 + m, true
}
