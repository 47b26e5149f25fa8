package scoring

import (
	"fmt"
	"strings"
)

// Pieces shared by the built-in formulae. A "solo" is a power with 18 or more centres or a game conceded to one
// power (formulas.md: a Rank system detects it with ldr > 17, and cnc for a concession); in a Rank system the
// soloer is always the power in first place.
const (
	solo   = "((ldr > 17) + cnc)"
	noSolo = "(1 - (ldr > 17) - cnc)"
)

// places returns seven place formulae: first for 1st place, rest for 2nd to 7th.
func places(first, rest string) [7]string {
	return [7]string{first, rest, rest, rest, rest, rest, rest}
}

// def assembles a Definition from seven solo/draw or place formulae, the elimination and the provisional
// formula.
func def(name string, c Criterion, seven [7]string, elim, prov, desc string) Definition {
	d := Definition{Name: name, Criterion: c, Description: desc}
	copy(d.Formulas[:], seven[:])
	d.Formulas[SlotElimination] = elim
	d.Formulas[SlotProvisional] = prov
	return d
}

// rankPoints returns place formulae "noSolo * (base + points[k])" with a solo branch for 1st place and for the
// others.
func rankPoints(base string, points [7]string, soloer, loser string) [7]string {
	var f [7]string
	for k := range 7 {
		s := loser
		if k == 0 {
			s = soloer
		}
		f[k] = fmt.Sprintf("%s * (%s%s)", noSolo, base, points[k])
		if s != "0" {
			f[k] += fmt.Sprintf(" + %s * %s", solo, s)
		}
	}
	return f
}

// BuiltIn returns the built-in scoring systems of the template's Systems sheet: the six systems of the seed
// tournaments, then the systems in wide use today (ManorCon, the manual's, appears once). Formulae use the
// extension words and functions of formulas.md where they keep a system readable.
func BuiltIn() []Definition {
	var ds []Definition
	add := func(d Definition, opts ...func(*Definition)) {
		for _, o := range opts {
			o(&d)
		}
		ds = append(ds, d)
	}
	allSurvivors := func(d *Definition) { d.AllSurvivors = true }
	averageTies := func(d *Definition) { d.AverageTies = true }
	total := func(t float64) func(*Definition) { return func(d *Definition) { d.Total = t } }
	notes := func(n string) func(*Definition) { return func(d *Definition) { d.Notes = n } }

	// The seed tournaments.
	add(def("DipCon XXXIV (2001)", WinDraw,
		[7]string{"121-yrs", "88-yrs", "66-yrs", "44-yrs", "33-yrs", "22-yrs", "11-yrs"}, "yrs-11", "0",
		"DipCon XXXIV, 2001: the DTM manual's example system (section 8); draws include all survivors"),
		allSurvivors)
	need := "(18 - (yrs > 5) - (yrs > 6) - (yrs > 7) - (yrs > 8) - 2 * (yrs > 9) - 2 * (yrs > 10) - 2 * (yrs > 11)" +
		" - 2 * (yrs > 12))"
	add(def("Regatta 2002 (ARMADA Regatta III)", WinDraw,
		[7]string{"104 + max(0, min(scs, 18) - " + need + ") - yrs",
			"96 - yrs", "64 - yrs", "56 - yrs", "40 - yrs", "32 - yrs", "24 - yrs"},
		"yrs + 8 * (num = 1) * (scs > 0) * (ldr < 18) * (1 - cnc)", "",
		"ARMADA Regatta III, 2002: solo 104 + centres over the year's target, draws 96..24, minus a point a "+
			"year; losers a point a year, +8 to survivors of a reduced-centre solo won on the board"),
		allSurvivors)
	yp := "(yrs + yrs * (yrs - 1) / 200)"
	add(def("Regatta 2003 (World DipCon XIII)", WinDraw,
		[7]string{"104 - " + yp, "80 - " + yp, "56 - " + yp, "40 - " + yp, "32 - " + yp, "24 - " + yp,
			"16 - " + yp},
		yp, "",
		"World DipCon XIII, 2003: solo 104, draws 80..16 minus the final year's points; losers add the "+
			"points of their last year; draws need not include all survivors"))
	add(def("C-Diplo (the manual's)", Rank,
		[7]string{
			"(scs>17) * 73 + (scs<18) * (1 + scs + (38 + (tie>0) * 14 + (tie>1) * 7)) / (tie + 1)",
			"(ldr < 18) * (1 + scs + (14 + (tie > 0) * 7) / (tie + 1))",
			"(ldr < 18) * (1 + scs + 7 / (tie + 1))",
			"(ldr < 18) * (1 + scs)", "(ldr < 18) * (1 + scs)", "(ldr < 18) * (1 + scs)", "(ldr < 18) * (1 + scs)"},
		"(ldr < 18) * 1", "",
		"C-Diplo as shipped with DTM 2003: 1 + centres + 38/14/7 for 1st-3rd (ties split), solo 73; the "+
			"1st-place formula exactly as the manual prints it"))
	add(def("IL-Diplo", Both,
		[7]string{"0", "(ldr < 18) * 10", "(ldr < 18) * 5", "0", "0", "0", "0"}, "0",
		"(scs > 17) * 60 + (scs < 18) * ((ldr > 17) * (0 - 5) + (ldr < 18) * (scs + (yrs = 5) + (yrs = 6) * 3 + "+
			"(yrs = 7) * 6 + (yrs = 8) * 10 + 16 * (num = 2) + 8 * (num = 3) + 4 * (num = 4) + 2 * (num = 5)))",
		"IL-Diplo as the DTM manual describes it (section 9): 10 and 5 place points for 2nd and 3rd, ties "+
			"averaged, plus the provisional score"),
		averageTies)
	manorCon := func(name string, soloPts int, prov, desc string) Definition {
		d := def(name, WinDraw, [7]string{fmt.Sprint(soloPts)}, "0.1 * (yrs - 1)", prov, desc)
		for k := 1; k < 7; k++ {
			d.Formulas[k] = "prov / sump * 100"
		}
		d.AllSurvivors = true
		return d
	}
	add(manorCon("ManorCon", 75, "(scs + 4) * scs + 16",
		"ManorCon as documented in the DTM manual: draws share 100 by N = S^2 + 4S + 16, solo 75, losers 0.1 "+
			"a year survived"))

	// Systems in wide use today.
	// bangkok: loser is what the others get in a solo ("" for nothing).
	bangkok := func(name string, top, one, two string, soloPts, loser string, desc string) Definition {
		base := fmt.Sprintf("%s * (scs + 3 + 12 * prov / sump)", noSolo)
		rest := base
		if loser != "" {
			rest += " + " + solo + " * " + loser
		}
		return def(name, Rank, places(base+" + "+solo+" * "+soloPts, rest),
			noSolo+" * (0.3 * (yrs - 1) + 12 * prov / sump)",
			fmt.Sprintf("%s * (scs = ldr) + %s * (scs = ldr - 1) + %s * (scs = ldr - 2)", top, one, two), desc)
	}
	add(bangkok("Bangkok", "3", "2", "1", "41", "0.5 * scs",
		"Bangkok: a point a centre, +3 surviving, 0.3 a year survived if out, a 12-point pool shared 3/2/1 by "+
			"the top and those 1 or 2 behind; solo 41, others 0.5 a centre"))
	add(bangkok("Olympic", "4", "1.5", "0.5", "46", "",
		"Olympic: Bangkok with pool shares 4/1.5/0.5; solo 46, others 0"))
	add(def("Bangkok Pike", Rank,
		places(noSolo+" * (3 + scs + (tie = 0) * (6 + 4 * (sec < ldr - 1) + 2 * (sec < ldr - 2)) + (tie > 0) * 4) + "+
			solo+" * 60",
			noSolo+" * (3 + scs + 4 * (scs = ldr - 1) + 2 * (scs = ldr - 2)) + "+solo+" * 0.1 * yrs"),
		"0.1 * yrs", "",
		"Bangkok Pike: survivors 3 + a point a centre, a lone topper +6 (+4 and +2 if nobody is 1 or 2 "+
			"behind), tied toppers +4, 1 behind +4, 2 behind +2; out 0.1 a year; solo 60, others 0.1 a year"))
	add(def("Base 3", Rank,
		places(noSolo+" * (3 + scs + 9 * (tie = 0) + 3 * (tie = 1) + (tie = 2) + (tie = 3) / 3 + (tie = 4) / 9 + "+
			"(tie = 5) / 27 + (tie = 6) / 81) + "+solo+" * 46",
			noSolo+" * (3 + scs)"),
		"0", "",
		"Base 3: survivors 3 + a point a centre, toppers 9 / 3^(other toppers); solo 46, others 0"))
	carnage := func(name string, perCentre string, unit int, soloPts string, loser string, elim string,
		extra string, desc string) Definition {
		var pts [7]string
		for k := range 7 {
			pts[k] = fmt.Sprintf(" + %d", unit*(7-k))
			if k == 0 {
				pts[k] += extra
			}
		}
		return def(name, Rank, rankPoints(perCentre, pts, soloPts, loser), elim, "", desc)
	}
	elimOrder := func(unit int, loser string) string {
		e := fmt.Sprintf("%s * %d * (7 - big - elb - elt / 2)", noSolo, unit)
		if loser != "0" {
			e += " + " + solo + " * " + loser
		}
		return e
	}
	add(carnage("Carnage with dead equal", "scs", 1000, "28034", "0", noSolo+" * (8 - big) * 500", "",
		"Carnage: a point a centre + 7000..1000 by rank, ties (the eliminated too) split; solo 28034, others 0"),
		averageTies)
	add(carnage("Carnage with elimination order", "scs", 1000, "28034", "0", elimOrder(1000, "0"), "",
		"Carnage: a point a centre + 7000..1000 by rank, eliminated ranked by elimination year, ties split; "+
			"solo 28034"), averageTies)
	add(carnage("Center-count Carnage", "500 * scs", 1001, "39028", "1000", elimOrder(1001, "1000"), "",
		"Center-count Carnage: 500 a centre + 7007..1001 by rank, eliminated by elimination year, ties split; "+
			"solo 39028, others 1000"), averageTies)
	add(carnage("Carnage 2023", "scs", 1000, "28034", "0", elimOrder(1000, "0"), " + 300 * (ldr - sec)",
		"Carnage with elimination order + 300 a centre of the lone topper's lead over second"), averageTies)
	cdiplo := func(name string, soloPts int, part string, p1, p2, p3 int, desc string) Definition {
		base := "(ldr < 18) * (" + part + "scs"
		d := def(name, Rank,
			[7]string{
				fmt.Sprintf("(ldr > 17) * %d + %s + %d)", soloPts, base, p1),
				fmt.Sprintf("%s + %d)", base, p2), fmt.Sprintf("%s + %d)", base, p3),
				base + ")", base + ")", base + ")", base + ")"},
			fmt.Sprintf("(ldr < 18) * (%s((big < 2) * %d + (big < 3) * %d) / (7 - big))", part, p2, p3), "", desc)
		d.AverageTies = true
		return d
	}
	add(cdiplo("CDiplo 100", 100, "1 + ", 38, 14, 7,
		"CDiplo 100: 1 + a point a centre + 38/14/7 for 1st-3rd (ties split, the eliminated tie at 0); 18+ "+
			"centres 100, others 0; a concession is not a solo"), total(100))
	add(cdiplo("CDiplo 80", 80, "", 25, 14, 7,
		"CDiplo 80: a point a centre + 25/14/7 for 1st-3rd (ties split); 18+ centres 80, others 0"), total(80))
	namur := "1 + 5 * (scs > 0) + 4 * (scs > 1) + 3 * (scs > 2) + 2 * (scs > 3) + 2 * (scs > 4) + 2 * (scs > 5) + " +
		"max(0, scs - 6)"
	add(def("C-Diplo Namur", Rank,
		[7]string{"(ldr > 17) * 85 + (ldr < 18) * (" + namur + " + 38)",
			"(ldr < 18) * (" + namur + " + 14)", "(ldr < 18) * (" + namur + " + 7)",
			"(ldr < 18) * (" + namur + ")", "(ldr < 18) * (" + namur + ")", "(ldr < 18) * (" + namur + ")",
			"(ldr < 18) * (" + namur + ")"},
		"(ldr < 18) * (1 + ((big < 2) * 14 + (big < 3) * 7) / (7 - big))", "",
		"C-Diplo Namur: 1 + a centre score 0,5,9,12,14,16,18 for 0-6 centres then +1 + 38/14/7 for 1st-3rd "+
			"(ties split); 18+ centres 85, others 0"), averageTies)
	add(def("Detour09", Rank,
		places(noSolo+" * 100 * prov / sump + "+solo+" * 110",
			noSolo+" * 100 * prov / sump + "+solo+" * 0.25 * min(8, yrs - 1)"),
		"0.25 * min(8, yrs - 1)",
		"(scs > 0) * (scs + 2 + max(0, 4 - big - tie)) + (big = 0) * (ldr - sec)",
		"Detour09: centres + 2 alive + the lone topper's lead + 4/3/2/1 for places 1-4 (ties get the lowest "+
			"shared place), normalised to 100; out or lost to a solo +0.25 a year survived (max 2); solo 110"))
	add(def("Draw size", Both,
		places("(ldr > 17) * (scs > 17) * 100 + (ldr < 18) * ((num > 0) * 100 / num + (srv = 34) * 100 / sump) - prov",
			"(ldr > 17) * (scs > 17) * 100 + (ldr < 18) * ((num > 0) * 100 / num + (srv = 34) * 100 / sump) - prov"),
		"0", "scs > 0",
		"Draw size: solo 100, else the draw (all survivors if none was recorded) shares 100; prov counts the "+
			"survivors and is taken back off"), total(100))
	duct := [7]string{" + 40", " + 24", " + 15", " + 9", " + 6", " + 3", " + 3"}
	add(def("Duct Tape V2", Rank, rankPoints("scs", duct, "75", "0"),
		noSolo+" * ((big = 1) * 60 / 6 + (big = 2) * 36 / 5 + (big = 3) * 21 / 4 + (big = 4) * 12 / 3 + "+
			"(big = 5) * 6 / 2 + (big = 6) * 3)", "",
		"Duct Tape V2: a point a centre + 40/24/15/9/6/3/3 by rank, ties (the eliminated too) split; solo 75"),
		averageTies)
	add(def("Duct Tape V2 with elimination order", Rank, rankPoints("scs", duct, "75", "0"),
		noSolo+" * (24 * (big + elb < 2) * (big + elb + elt ^ 1) + 15 * (big + elb < 3) * (big + elb + elt ^ 2) + "+
			"9 * (big + elb < 4) * (big + elb + elt ^ 3) + 6 * (big + elb < 5) * (big + elb + elt ^ 4) + "+
			"3 * (big + elb < 6) * (big + elb + elt ^ 5) + 3 * (big + elb + elt ^ 6)) / (elt + 1)", "",
		"Duct Tape V2 with the eliminated ranked by elimination year (same year split)"), averageTies)
	add(def("Haight v1.0", Rank,
		places(noSolo+" * (10 * scs + 11 * (6 - big - tie) + 5 * (ldr - sec)) + "+solo+" * 451",
			noSolo+" * (10 * scs + 11 * (6 - big - tie)) + "+solo+" * max(5 * scs, yrs)"),
		"yrs + "+noSolo+" * 11 * (6 - big - elb - elt)", "",
		"Haight v1.0: 10 a centre + 66..0 by rank (ties take the lower place, the eliminated by elimination "+
			"year, 1 a year played), lone topper +5 a centre of lead; solo 451"))
	add(manorCon("Original ManorCon", 100, "(scs + 4) * scs + 16", "ManorCon with a solo worth 100"))
	add(manorCon("ManorCon v2", 100, "(scs > 0) * ((scs + 4) * scs + 16)",
		"ManorCon with a solo worth 100; eliminated powers add N = 0 to the sum"))
	maxonian := func(name string, threshold int, desc string) Definition {
		f := fmt.Sprintf("7 - hbg - hti / 2 + max(0, min(scs, 18) - %d) * (1 - %s * (big > 0))", threshold, solo)
		return def(name, Rank, places(f, f), f, "", desc)
	}
	add(maxonian("Maxonian", 13,
		"Maxonian: 7..1 by rank, ties broken by the latest earlier year the counts differed (needs the "+
			"history), + a point a centre over 13 (18 max; only the soloer in a solo)"))
	add(maxonian("7Eleven", 11, "7Eleven: Maxonian with the bonus from 11 centres"))
	add(def("Mischief", Rank,
		places(noSolo+" * (scs + 5 * (tie = 0) + (tie = 1)) + "+solo+" * 34", noSolo+" * scs"), "0", "",
		"Mischief: a point a centre, +5 to a lone topper, +1 each to two tied toppers; solo 34"))
	// A payer is never 1st: its place points are 3 for 2nd and 1.5 for 3rd, split over its tie; the dead
	// (7 - big of them) split the places below the survivors.
	omgBase := "1.5 * scs + 9 * (scs > 0) + (scs > 0) * (3 * (big = 1) + 1.5 * (big < 3) * (big + tie ^ 2)) / " +
		"(tie + 1) + (scs = 0) * (3 * (big = 1) + 1.5 * (big < 3)) / (7 - big)"
	add(def("OMG", Rank,
		rankPoints("1.5 * scs + 9", [7]string{" + 4.5 + sump", " + 3 - prov", " + 1.5 - prov", " - prov",
			" - prov", " - prov", " - prov"}, "100", "0"),
		noSolo+" * ((3 * (big = 1) + 1.5 * (big < 3)) / (7 - big) - prov)",
		"(big > 0) * (ldr > sec) * min(ldr - sec, ("+omgBase+") / 2)",
		"OMG: 1.5 a centre + 9 alive + 4.5/3/1.5 for 1st-3rd (ties split); every power pays a lone topper "+
			"min(lead, half its base) (prov is the payment); solo 100"), averageTies)
	rankedClassic := func(name string, three [5]int, desc string) Definition {
		b1 := [7]int{200, 90, 60, 40, 30, 20, 10}
		b2 := [7]int{135, 70, 50, 35, 25, 15, 0}
		lad := fmt.Sprintf("(tie > 1) * (%d * (big + tie = 2) + %d * (big + tie = 3) + %d * (big + tie = 4) + "+
			"%d * (big + tie = 5) + %d * (big + tie = 6))", three[0], three[1], three[2], three[3], three[4])
		var pts [7]string
		for k := range 7 {
			pts[k] = fmt.Sprintf(" + (tie = 0) * %d + (tie = 1) * %d + %s", b1[k], b2[k], lad)
		}
		return def(name, Rank, rankPoints("30 + 10 * scs", pts, "550", "(yrs - 1)"), "yrs - 1", "", desc)
	}
	add(rankedClassic("Ranked Classic", [5]int{60, 40, 30, 20, 10},
		"Ranked Classic: 30 + 10 a centre + 200/90/60/40/30/20/10 by rank (2-way ties 135/70/50/35/25/15, "+
			"3+-way the lowest place's); out 1 a year survived; solo 550"))
	add(rankedClassic("Ranked Classic v2", [5]int{70, 50, 35, 25, 15},
		"Ranked Classic, 3+-way ties scoring the 2-way-tie bonus of the second-lowest place"))
	add(def("Solo or bust", Rank, places(solo+" * 100", "0"), "0", "",
		"Solo or bust: 100 for a solo (18+ centres or conceded), 0 otherwise"))
	add(def("Sum of Squares", Rank,
		places(noSolo+" * 100 * prov / sump + "+solo+" * 100", noSolo+" * 100 * prov / sump"), "0", "scs * scs",
		"Sum of Squares: 100 x centres^2 / the sum of all centres^2 (prov is centres^2); solo 100"), total(100))
	ss := [7]int{130, 80, 50, 30, 20, 10, 10}
	var southern [7]string
	for k := range 7 {
		terms := []string{fmt.Sprint(ss[k])}
		for j := k + 1; j < 7; j++ {
			terms = append(terms, fmt.Sprintf("%d * (tie ^ %d)", ss[j], j-k))
		}
		avg := "round((" + strings.Join(terms, " + ") + ") / (tie + 1))"
		if k == 0 {
			avg += " - (tie = 3)" // (130 + 80 + 50 + 30) / 4 = 72.5 rounds to even, 72
		}
		southern[k] = fmt.Sprintf("%s * (30 + 10 * scs + %s)", noSolo, avg)
		if k == 0 {
			southern[k] += " + " + solo + " * 500"
		}
	}
	add(def("Southern Sun", Rank, southern, noSolo+" * 3 * yrs", "",
		"Southern Sun: 30 + 10 a centre + the rounded (half to even) average of 130/80/50/30/20/10/10 over "+
			"tied places; out 3 a year played; solo 500"))
	var sydney [7]string
	for k := range 7 {
		if k == 0 {
			sydney[k] = "(700 + 25 * scs) * (1 + 0.5 * " + solo + ")"
		} else {
			sydney[k] = fmt.Sprintf("(%d + 25 * scs) * (1 - 0.5 * %s)", 100*(7-k), solo)
		}
	}
	add(def("Sydney League", Rank, sydney, "(100 * (7 - big - elb - elt / 2) + yrs) * (1 - 0.5 * "+solo+")", "",
		"Sydney League: 700..100 by rank (ties averaged, the eliminated by elimination year) + 25 a centre, "+
			"out +1 a year; after a solo the soloer x1.5, the rest x0.5"), averageTies)
	add(def("Tribute", Rank,
		places(noSolo+" * (scs + 66 / sump + (sump - tie - 1) * min(66 / sump, max(0, ldr - 6)) / (tie + 1)) + "+
			solo+" * 100",
			noSolo+" * (scs + 66 / sump - min(66 / sump, max(0, ldr - 6)))"),
		"0", "scs > 0",
		"Tribute: a point a centre, survivors share 66, each other survivor pays the leaders min(66/survivors, "+
			"leader's centres - 6) (prov counts survivors); solo 100"), total(100))
	add(def("OpenTribute", Rank,
		places(noSolo+" * (34 + 3 * scs + floor((7 * ldr - sump) / ((tie + 1) * (tie + 1)))) + "+solo+" * 340",
			noSolo+" * (34 + 3 * scs - (ldr - scs))"),
		"0", "scs",
		"OpenTribute: survivors 34 + 3 a centre - their gap to the leader; the leaders share floor(total gap / "+
			"leaders^2) each (prov is the centres); solo 340"))
	add(def("Vulcan", Rank,
		places(noSolo+" * (scs + 5 + (6 - big - tie) * scs - low + 10 / (tie + 1)) + "+solo+" * 130",
			noSolo+" * (scs + 5 + (6 - big - tie) * scs - low) + "+solo+" * 5"),
		"0", "",
		"Vulcan: a point a centre + 5 alive + the centre gap to every smaller power + 10 split by toppers; "+
			"solo 130, surviving losers 5"))
	add(def("Whipping", Rank,
		places("(ldr < 18) * (10 * scs + 60 / sump + (tie = 0) * 2 * scs) + (ldr > 17) * 468",
			"(ldr < 18) * (10 * scs + 60 / sump) + (ldr > 17) * yrs"),
		"yrs", "scs > 0",
		"Whipping: 10 a centre + 60 shared by the survivors (prov counts them), a lone topper +2 a centre; "+
			"out 1 a year played; solo (18+) 468, others 1 a year played"))
	add(def("World Classic", Rank,
		places(noSolo+" * (30 + 10 * scs + 48 / (tie + 1)) + "+solo+" * 420",
			noSolo+" * (30 + 10 * scs) + "+solo+" * (yrs - 1)"),
		"yrs - 1", "",
		"World Classic: survivors 30 + 10 a centre, toppers split 48; out 1 a year survived; solo 420, others 1 "+
			"a year survived"))
	add(def("Summer Classic", Rank,
		places(noSolo+" * (30 + 10 * scs + 48 * (tie = 0) + 24 * (tie = 1)) + "+solo+" * 420",
			noSolo+" * (30 + 10 * scs) + "+solo+" * (yrs - 1)"),
		"yrs - 1", "",
		"Summer Classic: World Classic with 48 to a lone topper, 24 each to two, nothing to 3+"))
	yds := "21 * (scs > 0) + 9 * (scs > 3) + 12 * (scs > 7) + 28 * (scs > 10) + 35 * (scs > 13)"
	add(def("Your Draw Size (short games)", Rank,
		places(noSolo+" * ("+yds+") + "+solo+" * 300", noSolo+" * ("+yds+")"), "0", "",
		"Your Draw Size: by own centres 0/21/30/42/70/105 for 0, 1-3, 4-7, 8-10, 11-13, 14-17; solo 300"))
	add(def("Your Draw Size (unlimited games)", Rank,
		places(noSolo+" * ("+yds+") + "+solo+" * 320", noSolo+" * ("+yds+")"), "0", "",
		"Your Draw Size for unlimited games: solo 320"))

	// Systems of 2025-26 events (docs/systems.md says what each definition leaves open and what dtm chose).
	// Bangkok 2022: prov counts, in one number, the powers within 1 (units) and within 2 (eights) of the top.
	within1 := "(sump - 8 * floor(sump / 8))"
	within2 := "floor(sump / 8)"
	add(def("Bangkok 2022", Rank,
		places(noSolo+" * (105 * scs + 210 + 35 * min(6, yrs) + 420 * (scs = ldr) / (tie + 1) + "+
			"420 * (scs ^ ldr - 1) / "+within1+" + 420 * (scs ^ ldr - 2) / "+within2+") + "+solo+" * 4000",
			noSolo+" * (105 * scs + 210 + 35 * min(6, yrs) + 420 * (scs ^ ldr - 1) / "+within1+" + "+
				"420 * (scs ^ ldr - 2) / "+within2+")"),
		noSolo+" * 35 * min(6, yrs - 1)", "(scs ^ ldr - 1) + 8 * (scs ^ ldr - 2)",
		"Bangkok 2022 (WDC 2023): 105 a centre, 420 shared by the toppers, 420 by those within 1 of the top, 420 "+
			"by those within 2; 35 a year survived (max 210) + 210 surviving; solo 4000, others 0"),
		notes("Source: diplomania-gen.fr, scorage:bangkok_2022 (Lei Saarlainen, 2022), and the World Diplomacy "+
			"Wiki's Bangkok 2022 page. Each 420 pool is split equally among the powers it names. The "+
			"definitions do not say how survival years are counted: dtm counts an eliminated power's years "+
			"before the year it went out (out in 1905: 4 years, 140), as dtm's Bangkok does, and a survivor's "+
			"game-years played (yrs), so a survivor of a game past 1905 has 210 + 210. The two pools within 1 "+
			"and 2 of the top need a count of powers, which no word gives: the provisional formula counts "+
			"them (units and eights of sump) and is not added to the score."))
	dixie := [7]int{270, 70, 50, 34, 20, 10, 0}
	var share []string // a draw's members split the points of the places the draw holds
	sum := 0
	for n := 1; n <= 7; n++ {
		sum += dixie[n-1]
		share = append(share, fmt.Sprintf("(num = %d) * %d / %d", n, sum, n))
	}
	var dixiePlaces [7]string
	for k := range 7 {
		dixiePlaces[k] = fmt.Sprintf("4 * scs + (num = 0) * %d + %s", dixie[k], strings.Join(share, " + "))
	}
	var dixieOut []string // the eliminated by elimination order, the first out 7th; same-year eliminations split
	for j := 1; j < 6; j++ {
		dixieOut = append(dixieOut, fmt.Sprintf("%d * (big + elb < %d) * (big + elb + elt ^ %d)", dixie[j], j+1, j))
	}
	add(def("DixieCon", Both, dixiePlaces, "("+strings.Join(dixieOut, " + ")+") / (elt + 1)", "",
		"DixieCon: 4 a centre + 270/70/50/34/20/10/0 by centres (ties split, the eliminated by elimination order); "+
			"a draw's members split the points of the places it holds (2-way 170, 3-way 130, 4-way 106)"),
		averageTies, total(590), notes("Source: dixiecon.com, Tournament Descriptions and Rules (David Hood). A draw's "+
			"share is kept exact (5-way 88.8, 6-way 75.67, 7-way 64.86; diplomania-gen.fr's table rounds them "+
			"to 89, 76 and 65). The rules do not place a power left out of a draw: dtm places it by its "+
			"centres among all seven (below the draw when it is smaller than every member). A game ended "+
			"without a draw or a win (a stalemate, the Sunday clock) is scored by places alone, so its topper "+
			"has 270. The draw and concession rules (no vote before Fall 1905; a concession only to a power "+
			"with 12 or more centres and no fewer than any other) are Tournament settings, checked at the "+
			"cell."))
	tss := "(0.9 + 0.1 * sump)" // 1 + 10% for each power with 3 or more centres after the first
	podium := "(70 * (hbg = 0) + 34 * (hbg < 2) * (hbg + hti ^ 1) + 16 * (hbg < 3) * (hbg + hti ^ 2)) / (hti + 1)"
	italia := noSolo + " * (1 + scs + " + podium + " + 30 * (hbg = 0) * (ldr - sec ^ 3) + " +
		"10 * (hbg > 0) * (ldr - sec < 3)) * " + tss + " + " + solo + " * ((hbg = 0) * (271 + 4 * scs) * " + tss +
		" + (hbg > 0))"
	add(def("Italia 2010", Rank, places(italia, italia), "1", "scs > 2",
		"Italia 2010: 1 + a centre + 70/34/16 podium (ties broken by the latest earlier year the counts differed), "+
			"+30 to a topper 3 ahead or else +10 to the others, all x (1 + 10% a power on 3+ centres after the "+
			"first); out 1; solo (271 + 4 a centre) x the same, others 1"),
		notes("Source: diplomania-gen.fr, playground:en:scorage_italia2010 (Davide Cleopadre, 2010). The page "+
			"gives 1 point a centre but scores its solo example with 4 a centre ((70 + 30 + 170 + 4 x 18 + 1) "+
			"x 1.3 = 445.9): dtm follows both, 1 a centre without a solo and 4 with one. Its tie-break example "+
			"shows the no-break bonus is 10 points (not 10%), given to every survivor but the winner. Ties "+
			"are broken by the latest earlier year in the chart where the counts differed (hbg); the page's "+
			"last resort, an order of powers (Austria, Germany, Italy, Turkey, England, Russia, then France, "+
			"whom the page leaves out), cannot be written in the formula language, which has no word for "+
			"which powers tie with the player, so powers equal in every year split the podium points."))
	return ds
}

// Lookup finds a built-in system by name, case-insensitive.
func Lookup(name string) (Definition, bool) {
	for _, d := range BuiltIn() {
		if strings.EqualFold(d.Name, strings.TrimSpace(name)) {
			return d, true
		}
	}
	return Definition{}, false
}
