package scoring

import "github.com/armada-dtm/dtm/internal/dip"

// Hand-made boards shared by the tests. Powers are in board order: aus eng fra ger ita rus tur. Every board
// leaves at least one centre neutral.

// boardSolo: France soloes with 18 in 1910 (33 owned, 1 neutral). Austria out in 1905, Russia in 1908.
// yrs = 5 10 10 10 10 8 10; ldr 18, sec 8; big = 5 1 0 2 3 5 4; no ties; elb: aus 1, rus 0.
func boardSolo() Game {
	return Game{
		FinalYear:  1910,
		Centres:    [7]int{0, 8, 18, 4, 2, 0, 1},
		Eliminated: [7]int{1905, 0, 0, 0, 0, 1908, 0},
		Winners:    []dip.Power{dip.France},
		History:    []Year{{1909, [7]int{0, 9, 16, 5, 2, 0, 2}}},
	}
}

// boardDraw: a five-way draw of all survivors in 1908, Austria and England tied on top with 9 (33 owned).
// Russia out in 1904, Turkey in 1906. yrs = 8 8 8 8 8 4 6; ldr 9, sec 9; big = 0 0 2 3 4 5 5; tie aus/eng 1;
// elb: rus 1, tur 0. History: England led Austria in 1907; Turkey outlasted Russia (1905: 5 to 0).
func boardDraw() Game {
	return Game{
		FinalYear:  1908,
		Centres:    [7]int{9, 9, 7, 5, 3, 0, 0},
		Eliminated: [7]int{0, 0, 0, 0, 0, 1904, 1906},
		Winners:    []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy},
		History: []Year{
			{1905, [7]int{6, 6, 6, 5, 4, 0, 5}},
			{1907, [7]int{8, 9, 7, 6, 3, 0, 0}},
		},
	}
}

// boardElim: Turkey tops alone with 12 in 1907, a four-way draw of the survivors (33 owned). Austria out early
// in 1902, Italy and Russia both in 1905. yrs = 2 7 7 7 5 5 7; ldr 12, sec 10; big = 4 1 2 3 4 4 0;
// elb: aus 2, ita 0, rus 0; elt: aus 0, ita 1, rus 1. History: Italy and Russia equal in every recorded year,
// both ahead of Austria in 1904.
func boardElim() Game {
	return Game{
		FinalYear:  1907,
		Centres:    [7]int{0, 10, 6, 5, 0, 0, 12},
		Eliminated: [7]int{1902, 0, 0, 0, 1905, 1905, 0},
		Winners:    []dip.Power{dip.England, dip.France, dip.Germany, dip.Turkey},
		History: []Year{
			{1904, [7]int{0, 7, 6, 6, 3, 3, 7}},
			{1906, [7]int{0, 10, 6, 5, 0, 0, 11}},
		},
	}
}

// boardTie3: Austria, England and France tied on top with 8 in 1909; Turkey out in 1906 (33 owned).
func boardTie3() Game {
	return Game{
		FinalYear:  1909,
		Centres:    [7]int{8, 8, 8, 4, 3, 2, 0},
		Eliminated: [7]int{0, 0, 0, 0, 0, 0, 1906},
		Winners:    []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy, dip.Russia},
	}
}

// boardTie4: four powers tied on top with 7 in 1910; Turkey out in 1908 (33 owned).
func boardTie4() Game {
	return Game{
		FinalYear:  1910,
		Centres:    [7]int{7, 7, 7, 7, 3, 2, 0},
		Eliminated: [7]int{0, 0, 0, 0, 0, 0, 1908},
		Winners:    []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy, dip.Russia},
	}
}

// boardLead: Turkey leads alone with 16 in 1906, 7 ahead of England; Italy out in 1904, Russia in 1905 (33).
func boardLead() Game {
	return Game{
		FinalYear:  1906,
		Centres:    [7]int{1, 9, 5, 2, 0, 0, 16},
		Eliminated: [7]int{0, 0, 0, 0, 1904, 1905, 0},
		Winners:    []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Turkey},
	}
}

// boardReduced: Turkey wins with 15 in 1909, when 14 sufficed at the 2002 Regatta; Germany out in 1907,
// Italy in 1908 (33 owned).
func boardReduced() Game {
	return Game{
		FinalYear:  1909,
		Centres:    [7]int{3, 8, 6, 0, 0, 1, 15},
		Eliminated: [7]int{0, 0, 0, 1907, 1908, 0, 0},
		Winners:    []dip.Power{dip.Turkey},
	}
}

// boardTwo: only Austria (17) and England (16) survive to 1912 (33 owned); the other five went out in
// 1905..1909.
func boardTwo() Game {
	return Game{
		FinalYear:  1912,
		Centres:    [7]int{17, 16, 0, 0, 0, 0, 0},
		Eliminated: [7]int{0, 0, 1905, 1906, 1907, 1908, 1909},
		Winners:    []dip.Power{dip.Austria, dip.England},
	}
}

// with returns g with the given winners.
func with(g Game, ws ...dip.Power) Game {
	g.Winners = ws
	return g
}

// conceded returns g with its single win conceded to w.
func conceded(g Game, w dip.Power) Game {
	g.Winners = []dip.Power{w}
	g.Conceded = true
	return g
}
