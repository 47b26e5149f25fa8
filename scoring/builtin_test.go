package scoring

import (
	"math"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// builtinCase is a hand-worked game under a built-in system. Expected scores (aus eng fra ger ita rus tur) are
// worked out from the written definition in scoring-systems.md (or the seeds), not from the formulae; the
// arithmetic is in the comments. Board facts (yrs, big, ...) are in boards_test.go.
type builtinCase struct {
	name string
	game Game
	want [7]float64
}

var builtinCases = map[string][]builtinCase{
	"DipCon XXXIV (2001)": {
		// Solo 121-10; losers yrs-11: 5-11, 10-11, 8-11.
		{"solo", boardSolo(), [7]float64{-6, -1, 111, -1, -1, -3, -1}},
		// Five-way 33-8 = 25; Russia 4-11, Turkey 6-11.
		{"draw", boardDraw(), [7]float64{25, 25, 25, 25, 25, -7, -5}},
		// Four-way 44-7 = 37; Austria 2-11, Italy and Russia 5-11.
		{"early elimination", boardElim(), [7]float64{-9, 37, 37, 37, -6, -6, 37}},
	},
	"Regatta 2002 (ARMADA Regatta III)": {
		// 1910 needs 12: 104 + (18-12) - 10 = 100; losers 1 a year; ldr 18 is no reduced solo.
		{"solo", boardSolo(), [7]float64{5, 10, 100, 10, 10, 8, 10}},
		// Five-way 40 - 8 = 32; Russia 4, Turkey 6.
		{"draw", boardDraw(), [7]float64{32, 32, 32, 32, 32, 4, 6}},
		// Four-way 56 - 7 = 49; Austria 2, Italy 5, Russia 5.
		{"early elimination", boardElim(), [7]float64{2, 49, 49, 49, 5, 5, 49}},
		// 1909 needs 14: 104 + (15-14) - 9 = 96; survivors 9 + 8 for the reduced solo on the board = 17;
		// Germany 7, Italy 8 (no centres, no 8).
		{"reduced solo", boardReduced(), [7]float64{17, 17, 17, 7, 8, 17, 96}},
		// The same win conceded: no 8 points: survivors 9.
		{"conceded", conceded(boardReduced(), dip.Turkey), [7]float64{9, 9, 9, 7, 8, 9, 96}},
	},
	"Regatta 2003 (World DipCon XIII)": {
		// Year points Y(10) = 10 + 10*9/200 = 10.45, Y(5) = 5.1, Y(8) = 8.28. Solo 104 - 10.45.
		{"solo", boardSolo(), [7]float64{5.1, 10.45, 93.55, 10.45, 10.45, 8.28, 10.45}},
		// Two-way draw that leaves out survivors: 80 - Y(8) = 71.72; losers Y(8) = 8.28, Y(4) = 4.06,
		// Y(6) = 6.15.
		{"two-way draw", with(boardDraw(), dip.Austria, dip.England),
			[7]float64{71.72, 71.72, 8.28, 8.28, 8.28, 4.06, 6.15}},
		// Four-way 40 - Y(7) = 40 - 7.21; Austria Y(2) = 2.01, Italy and Russia Y(5) = 5.1.
		{"early elimination", boardElim(), [7]float64{2.01, 32.79, 32.79, 32.79, 5.1, 5.1, 32.79}},
	},
	"C-Diplo (the manual's)": {
		// The soloer 73, the rest 0.
		{"solo", boardSolo(), [7]float64{0, 0, 73, 0, 0, 0, 0}},
		// As printed, tied leaders split 1 + 9 + 38 + 14: 62/2 = 31; France 3rd 1+7+7; Germany 1+5;
		// Italy 1+3; the eliminated 1.
		{"topping tie", boardDraw(), [7]float64{31, 31, 15, 6, 4, 1, 1}},
		// Turkey 1+12+38, England 1+10+14, France 1+6+7, Germany 1+5, the eliminated 1.
		{"early elimination", boardElim(), [7]float64{1, 25, 14, 6, 1, 1, 51}},
	},
	"IL-Diplo": {
		// prov: the soloer 60, everyone else -5; place points 0 after a solo.
		{"solo", boardSolo(), [7]float64{-5, -5, 60, -5, -5, -5, -5}},
		// prov = scs + 10 (1908) + 2 (five-way draw): 21 21 19 17 15; Russia 0 (1904), Turkey 3 (1906).
		// Place points: Austria and England average 1st (0) and 2nd (10) = 5, France 3rd 5.
		{"topping tie", boardDraw(), [7]float64{26, 26, 24, 17, 15, 0, 3}},
		// prov = scs + 6 (1907) + 4 (four-way draw): Turkey 22, England 20 + 10, France 16 + 5, Germany 15;
		// Austria 0 (1902), Italy and Russia 1 (yrs = 5).
		{"early elimination", boardElim(), [7]float64{0, 30, 21, 15, 1, 1, 22}},
	},
	"ManorCon": {
		// Solo 75; the rest 0.1 a year survived: 0.4, 0.9, 0.7.
		{"solo", boardSolo(), [7]float64{0.4, 0.9, 75, 0.9, 0.9, 0.7, 0.9}},
		// N = 133 133 93 61 37 16 16, sum 489; Russia 0.3, Turkey 0.5.
		{"draw", boardDraw(), [7]float64{13300.0 / 489, 13300.0 / 489, 9300.0 / 489, 6100.0 / 489, 3700.0 / 489,
			0.3, 0.5}},
		// N = 16 156 76 61 16 16 208, sum 549; Austria 0.1, Italy and Russia 0.4.
		{"early elimination", boardElim(), [7]float64{0.1, 15600.0 / 549, 7600.0 / 549, 6100.0 / 549, 0.4, 0.4,
			20800.0 / 549}},
	},
	"Original ManorCon": {
		{"solo", boardSolo(), [7]float64{0.4, 0.9, 100, 0.9, 0.9, 0.7, 0.9}},
		{"draw", boardDraw(), [7]float64{13300.0 / 489, 13300.0 / 489, 9300.0 / 489, 6100.0 / 489, 3700.0 / 489,
			0.3, 0.5}},
		{"early elimination", boardElim(), [7]float64{0.1, 15600.0 / 549, 7600.0 / 549, 6100.0 / 549, 0.4, 0.4,
			20800.0 / 549}},
	},
	"ManorCon v2": {
		{"solo", boardSolo(), [7]float64{0.4, 0.9, 100, 0.9, 0.9, 0.7, 0.9}},
		// Eliminated N = 0: sum 133+133+93+61+37 = 457.
		{"draw", boardDraw(), [7]float64{13300.0 / 457, 13300.0 / 457, 9300.0 / 457, 6100.0 / 457, 3700.0 / 457,
			0.3, 0.5}},
		// Sum 156+76+61+208 = 501.
		{"early elimination", boardElim(), [7]float64{0.1, 15600.0 / 501, 7600.0 / 501, 6100.0 / 501, 0.4, 0.4,
			20800.0 / 501}},
	},
	"Bangkok": {
		// Soloer 41, the others 0.5 a centre.
		{"solo", boardSolo(), [7]float64{0, 4, 41, 2, 1, 0, 0.5}},
		// Shares 3+3 (toppers) + 1 (France, 2 behind) = 7: toppers 9+3+36/7, France 7+3+12/7, Germany 8,
		// Italy 6; Russia 0.3*3, Turkey 0.3*5.
		{"topping tie", boardDraw(), [7]float64{12 + 36.0/7, 12 + 36.0/7, 10 + 12.0/7, 8, 6, 0.9, 1.5}},
		// Shares: Turkey 3, England (2 behind) 1: Turkey 12+3+9, England 10+3+3; Austria 0.3*1,
		// Italy and Russia 0.3*4.
		{"early elimination", boardElim(), [7]float64{0.3, 16, 9, 8, 1.2, 1.2, 24}},
	},
	"Olympic": {
		{"solo", boardSolo(), [7]float64{0, 0, 46, 0, 0, 0, 0}},
		// Shares 4+4+0.5 = 8.5: toppers 12 + 48/8.5, France 10 + 6/8.5.
		{"topping tie", boardDraw(), [7]float64{12 + 48/8.5, 12 + 48/8.5, 10 + 6/8.5, 8, 6, 0.9, 1.5}},
		// Shares 4 + 0.5 = 4.5: Turkey 15 + 48/4.5, England 13 + 6/4.5.
		{"early elimination", boardElim(), [7]float64{0.3, 13 + 6/4.5, 9, 8, 1.2, 1.2, 15 + 48/4.5}},
	},
	"Bangkok Pike": {
		// Soloer 60, everyone else 0.1 a game-year played.
		{"solo", boardSolo(), [7]float64{0.5, 1, 60, 1, 1, 0.8, 1}},
		// Tied toppers 3+9+4, France (2 behind) 3+7+2, Germany 3+5, Italy 3+3; Russia 0.4, Turkey 0.6.
		{"topping tie", boardDraw(), [7]float64{16, 16, 12, 8, 6, 0.4, 0.6}},
		// Turkey alone: 3+12+6, nobody on 11: +4, England on 10: no +2 -> 25; England 3+10+2.
		{"early elimination", boardElim(), [7]float64{0.2, 15, 9, 8, 0.5, 0.5, 25}},
	},
	"Base 3": {
		{"solo", boardSolo(), [7]float64{0, 0, 46, 0, 0, 0, 0}},
		// Two toppers: 3 + 9 + 9/3; the rest 3 + centres.
		{"topping tie", boardDraw(), [7]float64{15, 15, 10, 8, 6, 0, 0}},
		{"early elimination", boardElim(), [7]float64{0, 13, 9, 8, 0, 0, 24}},
		// Three toppers: 3 + 8 + 9/9.
		{"three toppers", boardTie3(), [7]float64{12, 12, 12, 7, 6, 5, 0}},
	},
	"Carnage with dead equal": {
		{"solo", boardSolo(), [7]float64{0, 0, 28034, 0, 0, 0, 0}},
		// Toppers 9 + (7000+6000)/2; France 7+5000, Germany 5+4000, Italy 3+3000; the two dead split
		// 2000+1000.
		{"topping tie", boardDraw(), [7]float64{6509, 6509, 5007, 4005, 3003, 1500, 1500}},
		// Three dead split 3000+2000+1000.
		{"early elimination", boardElim(), [7]float64{2000, 6010, 5006, 4005, 2000, 2000, 7012}},
	},
	"Carnage with elimination order": {
		{"solo", boardSolo(), [7]float64{0, 0, 28034, 0, 0, 0, 0}},
		// Turkey (out 1906) 6th 2000, Russia (1904) 7th 1000.
		{"topping tie", boardDraw(), [7]float64{6509, 6509, 5007, 4005, 3003, 1000, 2000}},
		// Italy and Russia (1905) split 3000+2000, Austria (1902) 1000.
		{"early elimination", boardElim(), [7]float64{1000, 6010, 5006, 4005, 2500, 2500, 7012}},
	},
	"Center-count Carnage": {
		// Soloer 39028, every other power 1000.
		{"solo", boardSolo(), [7]float64{1000, 1000, 39028, 1000, 1000, 1000, 1000}},
		// Toppers 4500 + (7007+6006)/2; France 3500+5005, Germany 2500+4004, Italy 1500+3003; Turkey 6th 2002,
		// Russia 7th 1001.
		{"topping tie", boardDraw(), [7]float64{11006.5, 11006.5, 8505, 6504, 4503, 1001, 2002}},
		// Turkey 6000+7007, England 5000+6006, France 3000+5005, Germany 2500+4004; Italy and Russia
		// (3003+2002)/2, Austria 1001.
		{"early elimination", boardElim(), [7]float64{1001, 11006, 8005, 6504, 2502.5, 2502.5, 13007}},
	},
	"Carnage 2023": {
		{"solo", boardSolo(), [7]float64{0, 0, 28034, 0, 0, 0, 0}},
		// Shared top: no lead bonus.
		{"topping tie", boardDraw(), [7]float64{6509, 6509, 5007, 4005, 3003, 1000, 2000}},
		// Turkey leads by 2: 7012 + 600.
		{"early elimination", boardElim(), [7]float64{1000, 6010, 5006, 4005, 2500, 2500, 7612}},
	},
	"CDiplo 100": {
		{"solo", boardSolo(), [7]float64{0, 0, 100, 0, 0, 0, 0}},
		// Toppers 1 + 9 + (38+14)/2; France 1+7+7; Germany 6; Italy 4; the dead 1.
		{"topping tie", boardDraw(), [7]float64{36, 36, 15, 6, 4, 1, 1}},
		{"early elimination", boardElim(), [7]float64{1, 25, 14, 6, 1, 1, 51}},
		// Five dead tie for 3rd-7th: 1 + 7/5.
		{"two survivors", boardTwo(), [7]float64{56, 31, 2.4, 2.4, 2.4, 2.4, 2.4}},
		// A concession is not a solo: Turkey 1+12+38 as usual.
		{"conceded", conceded(boardElim(), dip.Turkey), [7]float64{1, 25, 14, 6, 1, 1, 51}},
	},
	"CDiplo 80": {
		{"solo", boardSolo(), [7]float64{0, 0, 80, 0, 0, 0, 0}},
		// Toppers 9 + (25+14)/2; France 7+7.
		{"topping tie", boardDraw(), [7]float64{28.5, 28.5, 14, 5, 3, 0, 0}},
		{"early elimination", boardElim(), [7]float64{0, 24, 13, 5, 0, 0, 37}},
		// Five dead split 7: 1.4.
		{"two survivors", boardTwo(), [7]float64{42, 30, 1.4, 1.4, 1.4, 1.4, 1.4}},
	},
	"C-Diplo Namur": {
		{"solo", boardSolo(), [7]float64{0, 0, 85, 0, 0, 0, 0}},
		// Centre scores 9 -> 21, 7 -> 19, 5 -> 16, 3 -> 12: toppers 1+21+26, France 1+19+7, Germany 1+16,
		// Italy 1+12, the dead 1.
		{"topping tie", boardDraw(), [7]float64{48, 48, 27, 17, 13, 1, 1}},
		// 12 -> 24, 10 -> 22, 6 -> 18: Turkey 1+24+38, England 1+22+14, France 1+18+7, Germany 17.
		{"early elimination", boardElim(), [7]float64{1, 37, 26, 17, 1, 1, 63}},
	},
	"Detour09": {
		// Soloer 110; others 0.25 a year survived, at most 2: Austria 4 years 1, Russia 7 years 1.75.
		{"solo", boardSolo(), [7]float64{1, 2, 110, 2, 2, 1.75, 2}},
		// Raw: toppers 9+2+3 (lowest shared place 2nd), France 7+2+2, Germany 5+2+1, Italy 3+2: sum 52;
		// Russia 0.25*3, Turkey 0.25*5.
		{"topping tie", boardDraw(), [7]float64{1400.0 / 52, 1400.0 / 52, 1100.0 / 52, 800.0 / 52, 500.0 / 52,
			0.75, 1.25}},
		// Raw: Turkey 12+2+2 (lead)+4, England 10+2+3, France 6+2+2, Germany 5+2+1: sum 53.
		{"early elimination", boardElim(), [7]float64{0.25, 1500.0 / 53, 1000.0 / 53, 800.0 / 53, 1, 1,
			2000.0 / 53}},
	},
	"Draw size": {
		{"solo", boardSolo(), [7]float64{0, 0, 100, 0, 0, 0, 0}},
		// Five-way draw: 20 each.
		{"draw", boardDraw(), [7]float64{20, 20, 20, 20, 20, 0, 0}},
		// No draw recorded: the four survivors share.
		{"no draw recorded", with(boardElim()), [7]float64{0, 25, 25, 25, 0, 0, 25}},
		// Two-way draw.
		{"two-way draw", with(boardElim(), dip.Turkey, dip.England), [7]float64{0, 50, 0, 0, 0, 0, 50}},
	},
	"Duct Tape V2": {
		{"solo", boardSolo(), [7]float64{0, 0, 75, 0, 0, 0, 0}},
		// Toppers 9 + (40+24)/2, France 7+15, Germany 5+9, Italy 3+6; the dead (3+3)/2.
		{"topping tie", boardDraw(), [7]float64{41, 41, 22, 14, 9, 3, 3}},
		// The dead (6+3+3)/3.
		{"early elimination", boardElim(), [7]float64{4, 34, 21, 14, 4, 4, 52}},
	},
	"Duct Tape V2 with elimination order": {
		{"solo", boardSolo(), [7]float64{0, 0, 75, 0, 0, 0, 0}},
		// Turkey 6th 3, Russia 7th 3.
		{"topping tie", boardDraw(), [7]float64{41, 41, 22, 14, 9, 3, 3}},
		// Italy and Russia (6+3)/2, Austria 7th 3.
		{"early elimination", boardElim(), [7]float64{3, 34, 21, 14, 4.5, 4.5, 52}},
	},
	"Haight v1.0": {
		// Soloer 451; survivors max(5 x centres, years): 40, 20, max(10,10), max(5,10); dead their years.
		{"solo", boardSolo(), [7]float64{5, 40, 451, 20, 10, 8, 10}},
		// Toppers take the lower place (2nd) 55: 90+55; France 70+44, Germany 50+33, Italy 30+22;
		// Turkey 6th 6+11, Russia 7th 4+0.
		{"topping tie", boardDraw(), [7]float64{145, 145, 114, 83, 52, 4, 17}},
		// Turkey 120+66+5*2, England 100+55, France 60+44, Germany 50+33; Italy and Russia tied 5th-6th take
		// 11: 5+11; Austria 2+0.
		{"early elimination", boardElim(), [7]float64{2, 155, 104, 83, 16, 16, 196}},
	},
	"Maxonian": {
		// France 7 + (18-13); then 6 5 4 3 by centres; Austria and Russia equal in the 1909 record: (2+1)/2.
		{"solo", boardSolo(), [7]float64{1.5, 6, 12, 5, 4, 1.5, 3}},
		// England led Austria in 1907: England 7, Austria 6; Turkey ahead of Russia in 1905: 2 and 1.
		{"topping tie", boardDraw(), [7]float64{6, 7, 5, 4, 3, 1, 2}},
		// Italy and Russia equal in every record, ahead of Austria in 1904: (3+2)/2 each, Austria 1.
		{"early elimination", boardElim(), [7]float64{1, 6, 5, 4, 2.5, 2.5, 7}},
	},
	"7Eleven": {
		// France 7 + (18-11).
		{"solo", boardSolo(), [7]float64{1.5, 6, 14, 5, 4, 1.5, 3}},
		{"topping tie", boardDraw(), [7]float64{6, 7, 5, 4, 3, 1, 2}},
		// Turkey 7 + (12-11).
		{"early elimination", boardElim(), [7]float64{1, 6, 5, 4, 2.5, 2.5, 8}},
	},
	"Mischief": {
		{"solo", boardSolo(), [7]float64{0, 0, 34, 0, 0, 0, 0}},
		// Two tied toppers +1 each.
		{"topping tie", boardDraw(), [7]float64{10, 10, 7, 5, 3, 0, 0}},
		// Lone topper +5.
		{"early elimination", boardElim(), [7]float64{0, 10, 6, 5, 0, 0, 17}},
		// Three toppers: nothing.
		{"three toppers", boardTie3(), [7]float64{8, 8, 8, 4, 3, 2, 0}},
	},
	"OMG": {
		{"solo", boardSolo(), [7]float64{0, 0, 100, 0, 0, 0, 0}},
		// No lone topper, no tribute: toppers 13.5 + 9 + (4.5+3)/2, France 10.5+9+1.5, Germany 7.5+9,
		// Italy 4.5+9; the dead (5 survivors) no place points.
		{"topping tie", boardDraw(), [7]float64{26.25, 26.25, 21, 16.5, 13.5, 0, 0}},
		// Lead 2. Bases: Turkey 18+9+4.5 = 31.5, England 15+9+3 = 27, France 9+9+1.5 = 19.5, Germany 16.5,
		// the dead 0. Each survivor pays min(2, base/2) = 2: Turkey 37.5.
		{"early elimination", boardElim(), [7]float64{0, 25, 17.5, 14.5, 0, 0, 37.5}},
		// Lead 7. Bases: Turkey 24+9+4.5 = 37.5, England 13.5+9+3 = 25.5 pays 7, France 7.5+9+1.5 = 18 pays 7,
		// Germany 3+9 = 12 pays 6, Austria 1.5+9 = 10.5 pays 5.25: Turkey 37.5 + 25.25.
		{"big lead", boardLead(), [7]float64{5.25, 18.5, 11, 6, 0, 0, 62.75}},
		// Lead 1. Bases: Austria 25.5+9+4.5 = 39, England 24+9+3 = 36 pays 1, each of the five dead splits
		// 3rd place: 1.5/5 = 0.3 and pays 0.15: Austria 39 + 1 + 0.75.
		{"two survivors", boardTwo(), [7]float64{40.75, 35, 0.15, 0.15, 0.15, 0.15, 0.15}},
	},
	"Ranked Classic": {
		// Soloer 550; everyone else a point a year survived: 4, 9, 7.
		{"solo", boardSolo(), [7]float64{4, 9, 550, 9, 9, 7, 9}},
		// Two-way tie for 1st: 30 + 90 + 135; France 30+70+60, Germany 30+50+40, Italy 30+30+30; Russia 3,
		// Turkey 5.
		{"topping tie", boardDraw(), [7]float64{255, 255, 160, 120, 90, 3, 5}},
		{"early elimination", boardElim(), [7]float64{1, 220, 150, 120, 4, 4, 350}},
		// Three-way tie for 1st-3rd: the 3rd-place bonus 60: 30+80+60; Germany 30+40+40, Italy 30+30+30,
		// Russia 30+20+20; Turkey 5.
		{"three toppers", boardTie3(), [7]float64{170, 170, 170, 110, 90, 70, 5}},
	},
	"Ranked Classic v2": {
		{"solo", boardSolo(), [7]float64{4, 9, 550, 9, 9, 7, 9}},
		{"topping tie", boardDraw(), [7]float64{255, 255, 160, 120, 90, 3, 5}},
		{"early elimination", boardElim(), [7]float64{1, 220, 150, 120, 4, 4, 350}},
		// Three-way tie: the two-way bonus of 2nd place, 70: 30+80+70.
		{"three toppers", boardTie3(), [7]float64{180, 180, 180, 110, 90, 70, 5}},
	},
	"Solo or bust": {
		{"solo", boardSolo(), [7]float64{0, 0, 100, 0, 0, 0, 0}},
		{"topping tie", boardDraw(), [7]float64{0, 0, 0, 0, 0, 0, 0}},
		{"early elimination", boardElim(), [7]float64{0, 0, 0, 0, 0, 0, 0}},
		{"conceded", conceded(boardElim(), dip.Turkey), [7]float64{0, 0, 0, 0, 0, 0, 100}},
	},
	"Sum of Squares": {
		{"solo", boardSolo(), [7]float64{0, 0, 100, 0, 0, 0, 0}},
		// Squares 81 81 49 25 9, sum 245.
		{"topping tie", boardDraw(), [7]float64{8100.0 / 245, 8100.0 / 245, 20, 2500.0 / 245, 900.0 / 245, 0, 0}},
		// Squares 100 36 25 144, sum 305.
		{"early elimination", boardElim(), [7]float64{0, 10000.0 / 305, 3600.0 / 305, 2500.0 / 305, 0, 0,
			14400.0 / 305}},
	},
	"Southern Sun": {
		{"solo", boardSolo(), [7]float64{0, 0, 500, 0, 0, 0, 0}},
		// Toppers 30 + 90 + (130+80)/2; France 30+70+50, Germany 30+50+30, Italy 30+30+20; Russia 3*4,
		// Turkey 3*6.
		{"topping tie", boardDraw(), [7]float64{225, 225, 150, 110, 80, 12, 18}},
		{"early elimination", boardElim(), [7]float64{6, 210, 140, 110, 15, 15, 280}},
		// Four toppers: (130+80+50+30)/4 = 72.5 rounds to even 72: 30+70+72; Italy 30+30+20, Russia
		// 30+20+10; Turkey 3*8.
		{"four toppers", boardTie4(), [7]float64{172, 172, 172, 172, 80, 60, 24}},
	},
	"Sydney League": {
		// France (700+450)*1.5; England (600+200)/2, Germany (500+100)/2, Italy (400+50)/2, Turkey (300+25)/2;
		// Russia 6th (200+8)/2, Austria 7th (100+5)/2.
		{"solo", boardSolo(), [7]float64{52.5, 400, 1725, 300, 225, 104, 162.5}},
		// Toppers (700+600)/2 + 225; France 500+175, Germany 400+125, Italy 300+75; Turkey 200+6,
		// Russia 100+4.
		{"topping tie", boardDraw(), [7]float64{875, 875, 675, 525, 375, 104, 206}},
		// Italy and Russia (300+200)/2 + 5, Austria 100 + 2.
		{"early elimination", boardElim(), [7]float64{102, 850, 650, 525, 255, 255, 1000}},
	},
	"Tribute": {
		{"solo", boardSolo(), [7]float64{0, 0, 100, 0, 0, 0, 0}},
		// 66/5 = 13.2; tribute min(13.2, 9-6) = 3 from each of 3 payers, shared by 2 leaders: 9+13.2+4.5;
		// France 7+13.2-3, Germany 5+13.2-3, Italy 3+13.2-3.
		{"topping tie", boardDraw(), [7]float64{26.7, 26.7, 17.2, 15.2, 13.2, 0, 0}},
		// 66/4 = 16.5; tribute min(16.5, 6) = 6 from 3 payers: Turkey 12+16.5+18.
		{"early elimination", boardElim(), [7]float64{0, 20.5, 16.5, 15.5, 0, 0, 46.5}},
	},
	"OpenTribute": {
		{"solo", boardSolo(), [7]float64{0, 0, 340, 0, 0, 0, 0}},
		// Tribute 0+0+2+4+6+9+9 = 30, two leaders: floor(30/4) = 7: 34+27+7; France 34+21-2,
		// Germany 34+15-4, Italy 34+9-6.
		{"topping tie", boardDraw(), [7]float64{68, 68, 53, 45, 37, 0, 0}},
		// Tribute 12+2+6+7+12+12 = 51: Turkey 34+36+51; England 34+30-2, France 34+18-6, Germany 34+15-7.
		{"early elimination", boardElim(), [7]float64{0, 62, 46, 42, 0, 0, 121}},
	},
	"Vulcan": {
		// Soloer 130, surviving losers 5, the dead 0.
		{"solo", boardSolo(), [7]float64{0, 5, 130, 5, 5, 0, 5}},
		// Toppers 9+5+(2+4+6+9+9)+10/2; France 7+5+(2+4+7+7); Germany 5+5+(2+5+5); Italy 3+5+(3+3).
		{"topping tie", boardDraw(), [7]float64{49, 49, 32, 22, 14, 0, 0}},
		// Turkey 12+5+(2+6+7+12*3)+10; England 10+5+(4+5+30); France 6+5+(1+18); Germany 5+5+15.
		{"early elimination", boardElim(), [7]float64{0, 54, 30, 25, 0, 0, 78}},
	},
	"Whipping": {
		// Soloer 468; everyone else a point a game-year played.
		{"solo", boardSolo(), [7]float64{5, 10, 468, 10, 10, 8, 10}},
		// 60/5 = 12: toppers 90+12 (no lone topper), France 70+12, Germany 50+12, Italy 30+12.
		{"topping tie", boardDraw(), [7]float64{102, 102, 82, 62, 42, 4, 6}},
		// 60/4 = 15: Turkey 120+15+24.
		{"early elimination", boardElim(), [7]float64{2, 115, 75, 65, 5, 5, 159}},
	},
	"World Classic": {
		{"solo", boardSolo(), [7]float64{4, 9, 420, 9, 9, 7, 9}},
		// Toppers 30+90+24.
		{"topping tie", boardDraw(), [7]float64{144, 144, 100, 80, 60, 3, 5}},
		{"early elimination", boardElim(), [7]float64{1, 130, 90, 80, 4, 4, 198}},
		// Three toppers 30+80+16.
		{"three toppers", boardTie3(), [7]float64{126, 126, 126, 70, 60, 50, 5}},
	},
	"Summer Classic": {
		{"solo", boardSolo(), [7]float64{4, 9, 420, 9, 9, 7, 9}},
		{"topping tie", boardDraw(), [7]float64{144, 144, 100, 80, 60, 3, 5}},
		{"early elimination", boardElim(), [7]float64{1, 130, 90, 80, 4, 4, 198}},
		// Three toppers: nothing.
		{"three toppers", boardTie3(), [7]float64{110, 110, 110, 70, 60, 50, 5}},
	},
	"Your Draw Size (short games)": {
		{"solo", boardSolo(), [7]float64{0, 0, 300, 0, 0, 0, 0}},
		// 9 -> 42, 7 and 5 -> 30, 3 -> 21.
		{"topping tie", boardDraw(), [7]float64{42, 42, 30, 30, 21, 0, 0}},
		// 12 -> 70, 10 -> 42, 6 and 5 -> 30.
		{"early elimination", boardElim(), [7]float64{0, 42, 30, 30, 0, 0, 70}},
		// 16 -> 105, 9 -> 42, 5 -> 30, 2 and 1 -> 21.
		{"big lead", boardLead(), [7]float64{21, 42, 30, 21, 0, 0, 105}},
	},
	"Your Draw Size (unlimited games)": {
		{"solo", boardSolo(), [7]float64{0, 0, 320, 0, 0, 0, 0}},
		{"topping tie", boardDraw(), [7]float64{42, 42, 30, 30, 21, 0, 0}},
		{"early elimination", boardElim(), [7]float64{0, 42, 30, 30, 0, 0, 70}},
	},
	"Bangkok 2022": {
		// The soloer 4000, the others 0.
		{"solo", boardSolo(), [7]float64{0, 0, 4000, 0, 0, 0, 0}},
		// Toppers Austria and England (9): 420/2 + 420/2 (nobody on 8) + 420/3 (France on 7) = 560, plus
		// 945 + 210 + 35*6. France 735 + 420 + 140; Germany 525 + 420; Italy 315 + 420. Russia out in 1904:
		// 35*3; Turkey out in 1906: 35*5.
		{"topping tie", boardDraw(), [7]float64{1925, 1925, 1295, 945, 735, 105, 175}},
		// Turkey (12) alone in the first two pools, with England (10) in the third: 1260 + 420 + 420 + 420 +
		// 210; England 1050 + 420 + 210; Austria out in 1902: 35; Italy and Russia out in 1905: 140.
		{"early elimination", boardElim(), [7]float64{35, 1680, 1050, 945, 140, 140, 2730}},
	},
	"DixieCon": {
		// France 270 + 4*18; then by centres 70+32, 50+16, 34+8, 20+4; Russia (out 1908) 6th 10, Austria
		// (out 1905, the first) 7th 0.
		{"solo", boardSolo(), [7]float64{0, 102, 342, 66, 42, 10, 24}},
		// A five-way draw splits 270+70+50+34+20 = 444: 88.8 + 4 a centre; Russia out first 0, Turkey 10.
		{"five-way draw", boardDraw(), [7]float64{124.8, 124.8, 116.8, 108.8, 100.8, 0, 10}},
		// The rules' example: a two-way draw is 170 each, plus 4 a centre; the five out by elimination order,
		// the last out (Turkey, 1909) 3rd: 50.
		{"two-way draw", boardTwo(), [7]float64{238, 234, 0, 10, 20, 34, 50}},
		// No draw (a stalemate or the Sunday clock): places by centres, Turkey 270 + 48; Italy and Russia out
		// in the same year split 5th and 6th: 15; Austria 7th.
		{"no draw", with(boardElim()), [7]float64{0, 110, 74, 54, 15, 15, 318}},
	},
	"Italia 2010": {
		// The definition's example: 18 centres and four powers on 3 or more: (70+30+170+72+1) x 1.3 = 445.9;
		// the others 1.
		{"solo", func() Game {
			g := boardSolo()
			g.Centres = [7]int{0, 8, 18, 4, 3, 0, 1}
			g.History = []Year{{1909, [7]int{0, 9, 16, 5, 3, 0, 1}}}
			return g
		}(), [7]float64{1, 1, 445.9, 1, 1, 1, 1}},
		// The definition's tie-break example: Austria and England both on 9, England ahead in 1907: England
		// takes the 70, Austria 34 and the no-break 10. Five powers on 3+: x1.4. England (1+9+70) 112,
		// Austria (1+9+34+10) 75.6, France (1+7+16+10) 47.6, Germany (1+5+10) 22.4, Italy (1+3+10) 19.6;
		// Russia and Turkey out: 1.
		{"topping tie", boardDraw(), [7]float64{75.6, 112, 47.6, 22.4, 19.6, 1, 1}},
		// Turkey 12 is only 2 ahead of England: no break. Four on 3+: x1.3. Turkey (1+12+70) 107.9, England
		// (1+10+34+10) 71.5, France (1+6+16+10) 42.9, Germany (1+5+10) 20.8; the eliminated 1.
		{"early elimination", boardElim(), [7]float64{1, 71.5, 42.9, 20.8, 1, 1, 107.9}},
		// Turkey 16, 7 ahead: break +30. Three on 3+ (16, 9, 5): x1.2. Turkey (1+16+70+30) 140.4, England
		// (1+9+34) 52.8, France (1+5+16) 26.4, Germany (1+2) 3.6, Austria (1+1) 2.4.
		{"break", func() Game {
			g := boardLead()
			g.History = []Year{{1906, g.Centres}}
			return g
		}(), [7]float64{2.4, 52.8, 26.4, 3.6, 1, 1, 140.4}},
	},
}

func TestBuiltInSystems(t *testing.T) {
	for _, d := range BuiltIn() {
		cases := builtinCases[d.Name]
		if len(cases) < 3 {
			t.Errorf("%s: %d hand-worked games, want at least 3", d.Name, len(cases))
		}
		s, err := Compile(d)
		if err != nil {
			t.Errorf("%s: %v", d.Name, err)
			continue
		}
		for _, c := range cases {
			r, err := s.Score(c.game)
			if err != nil {
				t.Errorf("%s, %s: %v", d.Name, c.name, err)
				continue
			}
			for p := range dip.NumPowers {
				if math.Abs(r.Scores[p]-c.want[p]) > 1e-6 {
					t.Errorf("%s, %s: %s scores %g, want %g", d.Name, c.name, dip.Power(p), r.Scores[p], c.want[p])
				}
			}
		}
	}
	for name := range builtinCases {
		if _, ok := Lookup(name); !ok {
			t.Errorf("test cases for %q, which is not a built-in system", name)
		}
	}
}
