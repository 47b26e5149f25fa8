package scoring

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// yearRow is one chart row: the centres of aus eng fra ger ita rus tur at the end of year y.
func yearRow(y int, aus, eng, fra, ger, ita, rus, tur int) Year {
	return Year{Year: y, Centres: [dip.NumPowers]int{aus, eng, fra, ger, ita, rus, tur}}
}

// mustRule parses a rule or stops the test.
func mustRule(t *testing.T, s string) VictoryRule {
	t.Helper()
	r, err := ParseVictoryRule(s)
	if err != nil {
		t.Fatalf("ParseVictoryRule(%q): %v", s, err)
	}
	return r
}

// TestVictoryTarget checks the targets of each table at its boundary years, read off the tables in
// regatta-2002-rules.txt and regatta-2003-wdc-rules.txt ("1901-1905 | 1906 | ... | 1913+" over "18 | 17 | 16 |
// 15 | 14 | 12 | 10 | 8 | 6") and norman-variable-length.html ("1904 ... 1913+" over "18 17 15 14 12 11 9 8 6 5";
// shortened by three years: "1903 ... 1910+" over "15 14 12 11 9 8 6 5").
func TestVictoryTarget(t *testing.T) {
	tests := []struct {
		rule  string
		years map[int]int // year: target
	}{
		{"classic", map[int]int{1901: 18, 1913: 18, 1950: 18}},
		{"regatta-2002", map[int]int{1900: 18, 1901: 18, 1905: 18, 1906: 17, 1907: 16, 1908: 15, 1909: 14,
			1910: 12, 1911: 10, 1912: 8, 1913: 6, 1920: 6}},
		{"regatta-2003", map[int]int{1905: 18, 1906: 17, 1912: 8, 1913: 6, 1999: 6}},
		{"norman", map[int]int{1901: 18, 1904: 18, 1905: 17, 1906: 15, 1907: 14, 1908: 12, 1909: 11, 1910: 9,
			1911: 8, 1912: 6, 1913: 5, 1930: 5}},
		// The article's shortened table, plus 1901 and 1902, which keep the one 18 and the 17 that shifting
		// three of the four leading 18s away leaves before 1903.
		{"norman-short-3", map[int]int{1901: 18, 1902: 17, 1903: 15, 1904: 14, 1905: 12, 1906: 11, 1907: 9,
			1908: 8, 1909: 6, 1910: 5, 1911: 5}},
		// One year earlier than norman: 18 to 1903, 17 in 1904, 5 from 1912.
		{"norman-short-1", map[int]int{1903: 18, 1904: 17, 1911: 6, 1912: 5}},
		// All four 18s gone: 17 in 1901, 15 in 1902, 5 from 1909.
		{"norman-short-4", map[int]int{1901: 17, 1902: 15, 1908: 6, 1909: 5}},
		// Every entry from 1901; the last holds for later years.
		{"18,18,17,16", map[int]int{1901: 18, 1902: 18, 1903: 17, 1904: 16, 1905: 16, 1950: 16}},
		// 18 holds before and from 1903 up to 1904, 16 in 1905 and 1906, 12 from 1907.
		{"1903:18, 1905:16, 1907+:12", map[int]int{1901: 18, 1903: 18, 1904: 18, 1905: 16, 1906: 16, 1907: 12,
			1910: 12}},
	}
	for _, tt := range tests {
		r := mustRule(t, tt.rule)
		for y, want := range tt.years {
			if got := r.Target(y); got != want {
				t.Errorf("%s: Target(%d) = %d, want %d", tt.rule, y, got, want)
			}
		}
	}
	if got := (VictoryRule{}).Target(1910); got != 18 {
		t.Errorf("zero rule: Target(1910) = %d, want 18", got)
	}
}

// TestParseVictoryRule checks the conditions of each rule: Lead and MustGrow from the rules' wording (2002: "at
// least two more centers than each other individual player", "increased his supply center count in the
// most-recently completed game-year"; 2003: "more supply centers than any other power", "increased its supply
// center count in the just-completed game-year", rule II.A's two-way draw vote; Norman: "more centres than
// anybody else", "more centres than you had the previous game-year").
func TestParseVictoryRule(t *testing.T) {
	tests := []struct {
		in   string
		want VictoryRule
	}{
		{"classic", VictoryRule{Name: "classic", Targets: []int{18}}},
		{" Regatta-2002 ", VictoryRule{Name: "regatta-2002", Targets: regattaTargets, Lead: 2, MustGrow: true}},
		{"REGATTA-2003", VictoryRule{Name: "regatta-2003", Targets: regattaTargets, Lead: 1, MustGrow: true,
			DrawVote: true}},
		{"norman", VictoryRule{Name: "norman", Targets: normanTargets, Lead: 1, MustGrow: true}},
		{"Norman-Short-2", VictoryRule{Name: "norman-short-2", Targets: []int{18, 18, 17, 15, 14, 12, 11, 9, 8, 6,
			5}, Lead: 1, MustGrow: true}},
		// A custom table gets Norman's conditions.
		{"15,14, 12", VictoryRule{Name: "15,14, 12", Targets: []int{15, 14, 12}, Lead: 1, MustGrow: true}},
		// 1904:16 holds for 1901-1905 (the first also before its year), 1906:14 from 1906.
		{"1904:16,1906:14", VictoryRule{Name: "1904:16,1906:14", Targets: []int{16, 16, 16, 16, 16, 14}, Lead: 1,
			MustGrow: true}},
		{"15,14 ; lead=2; no-grow; draw-vote", VictoryRule{Name: "15,14 ; lead=2; no-grow; draw-vote",
			Targets: []int{15, 14}, Lead: 2, DrawVote: true}},
		{"regatta-2003; no-draw-vote", VictoryRule{Name: "regatta-2003; no-draw-vote", Targets: regattaTargets,
			Lead: 1, MustGrow: true}},
		{"classic; grow; lead=1", VictoryRule{Name: "classic; grow; lead=1", Targets: []int{18}, Lead: 1,
			MustGrow: true}},
		{"Norman-Short-4;", VictoryRule{Name: "Norman-Short-4;", Targets: normanTargets[4:], Lead: 1,
			MustGrow: true}},
		{"12; lead=0", VictoryRule{Name: "12; lead=0", Targets: []int{12}, MustGrow: true}},
	}
	for _, tt := range tests {
		got, err := ParseVictoryRule(tt.in)
		if err != nil {
			t.Errorf("ParseVictoryRule(%q): %v", tt.in, err)
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ParseVictoryRule(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
	}
}

// TestBuiltInRulesShared checks that changing a parsed rule's table leaves the built-in table alone.
func TestBuiltInRulesShared(t *testing.T) {
	for _, name := range []string{"regatta-2003", "norman", "norman-short-2"} {
		r := mustRule(t, name)
		r.Targets[0] = 1
		if got := mustRule(t, name).Target(1901); got != 18 {
			t.Errorf("%s: Target(1901) = %d after changing an earlier copy, want 18", name, got)
		}
	}
}

// TestParseVictoryRuleErrors checks that each mistake is located in the director's text.
func TestParseVictoryRuleErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{" ", `victory rule " ": empty (want classic, regatta-2002, regatta-2003, norman, norman-short-N or a ` +
			`table of centres)`},
		{"regatta", `victory rule "regatta": unknown (want classic, regatta-2002, regatta-2003, norman, ` +
			`norman-short-N, or a table such as 18,18,18,18,17,15 or 1905:18,1906:17)`},
		{"Norman-Short-5", `victory rule "Norman-Short-5": the Norman table can be shortened by 1 to 4 years (its ` +
			`leading 18s), so write norman-short-1 to norman-short-4`},
		{"norman-short-0", `victory rule "norman-short-0": the Norman table can be shortened by 1 to 4 years (its ` +
			`leading 18s), so write norman-short-1 to norman-short-4`},
		{"18,x", `victory rule "18,x": entry 2 "x": the target must be a whole number of centres from 1 to 34`},
		{"18,0", `victory rule "18,0": entry 2 "0": the target must be a whole number of centres from 1 to 34`},
		{"18,35", `victory rule "18,35": entry 2 "35": the target must be a whole number of centres from 1 to 34`},
		{"18,,17", `victory rule "18,,17": entry 2 "": the target must be a whole number of centres from 1 to 34`},
		{"18,1905:17", `victory rule "18,1905:17": entry 1 "18": write every entry as YEAR:CENTRES, or none of ` +
			`them`},
		{"1905:18,1904:17", `victory rule "1905:18,1904:17": entry 2 "1904:17": the years must increase (1904 ` +
			`comes after 1905)`},
		{"1905:18,1905:17", `victory rule "1905:18,1905:17": entry 2 "1905:17": the years must increase (1905 ` +
			`comes after 1905)`},
		{"1905+:18,1906:17", `victory rule "1905+:18,1906:17": entry 1 "1905+:18": only the last year can be ` +
			`written with a "+"`},
		{"1900:18", `victory rule "1900:18": entry 1 "1900:18": the year must be a game-year from 1901 to 2000`},
		{"19055:18", `victory rule "19055:18": entry 1 "19055:18": the year must be a game-year from 1901 to 2000`},
		{"18; lead=x", `victory rule "18; lead=x": option "lead=x": the lead must be a whole number from 0 to 34`},
		{"norman; fast", `victory rule "norman; fast": option "fast": unknown (want lead=N, grow, no-grow, ` +
			`draw-vote or no-draw-vote)`},
	}
	for _, tt := range tests {
		_, err := ParseVictoryRule(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseVictoryRule(%q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
}

// TestCheck runs hand-worked charts through each rule. The chart rows are aus eng fra ger ita rus tur.
func TestCheck(t *testing.T) {
	tests := []struct {
		name    string
		rule    string
		history []Year
		want    Outcome
	}{
		// --- regatta-2002: target, lead of two, growth.
		// 1905: Germany 17, grew from 16, leads by 7, but the 1905 target is 18. 1906: 17 meets the new target
		// but Germany did not grow. 1907: 18 >= 16, grew, leads by 8: victory.
		{"2002 boundary 1905/1906, no growth", "regatta-2002", []Year{
			yearRow(1904, 4, 4, 3, 16, 3, 2, 2),
			yearRow(1905, 4, 3, 3, 17, 3, 2, 2),
			yearRow(1906, 4, 3, 3, 17, 3, 2, 2),
			yearRow(1907, 4, 2, 3, 18, 3, 2, 2),
		}, Outcome{Victory: &Victory{1907, dip.Germany, 18}}},
		// 1906: Germany 17 (grew from 16) meets 1906's 17 and leads by 7.
		{"2002 wins with 17 in 1906", "regatta-2002", []Year{
			yearRow(1905, 4, 4, 3, 16, 3, 2, 2),
			yearRow(1906, 4, 3, 3, 17, 3, 2, 2),
		}, Outcome{Victory: &Victory{1906, dip.Germany, 17}}},
		// 1912: Germany 6 (grew from 5) misses 1912's 8. 1913: 7 (grew) meets 1913's 6 and leads France's 5
		// by 2.
		{"2002 boundary 1912/1913", "regatta-2002", []Year{
			yearRow(1911, 5, 5, 5, 5, 5, 5, 4),
			yearRow(1912, 5, 5, 5, 6, 5, 5, 3),
			yearRow(1913, 5, 5, 5, 7, 5, 5, 2),
		}, Outcome{Victory: &Victory{1913, dip.Germany, 7}}},
		// 1910: Germany 12 >= 12, grew from 11, but France has 11: a lead of 1, and 2002 wants 2. 1911: Germany
		// 13, France 11: lead 2, grew, 13 >= 10.
		{"2002 lead of one is not enough", "regatta-2002", []Year{
			yearRow(1909, 3, 3, 10, 11, 3, 2, 2),
			yearRow(1910, 3, 3, 11, 12, 3, 1, 1),
			yearRow(1911, 3, 3, 11, 13, 3, 1, 0),
		}, Outcome{Victory: &Victory{1911, dip.Germany, 13}}},

		// --- regatta-2003: the same chart wins in 1910 with a lead of one.
		{"2003 lead of one", "regatta-2003", []Year{
			yearRow(1909, 3, 3, 10, 11, 3, 2, 2),
			yearRow(1910, 3, 3, 11, 12, 3, 1, 1),
			yearRow(1911, 3, 3, 11, 13, 3, 1, 0),
		}, Outcome{Victory: &Victory{1910, dip.Germany, 12}, ContinuedTo: 1911}},
		// 1909: Germany 14 leads, meets 14, grew. Victory at once; the chart continues to 1911.
		// Growth from 1908 (10) is known.
		{"2003 continued past the victory", "regatta-2003", []Year{
			yearRow(1908, 3, 3, 8, 10, 3, 4, 3),
			yearRow(1909, 3, 3, 8, 14, 3, 2, 1),
			yearRow(1910, 3, 3, 8, 15, 3, 2, 0),
			yearRow(1911, 3, 3, 8, 16, 3, 1, 0),
		}, Outcome{Victory: &Victory{1909, dip.Germany, 14}, ContinuedTo: 1911}},
		// 1909: Germany 14, France 10, target 14, but Germany had 14 in 1908: no growth. 1910: 14 again,
		// target 12, no growth. 1911: 13, shrank. 1912: 14, grew from 13, >= 8, leads: victory.
		{"2003 leader who did not grow", "regatta-2003", []Year{
			yearRow(1908, 3, 3, 10, 14, 2, 1, 1),
			yearRow(1909, 3, 3, 10, 14, 2, 1, 1),
			yearRow(1910, 3, 3, 10, 14, 2, 1, 1),
			yearRow(1911, 3, 3, 11, 13, 2, 1, 1),
			yearRow(1912, 3, 3, 10, 14, 2, 1, 1),
		}, Outcome{Victory: &Victory{1912, dip.Germany, 14}}},
		// 1908: France and Germany 15 each: no single largest power, no victory. Neither grew to 15 in a
		// draw-vote sense twice (1907 is missing, so growth in 1908 is unknown): nothing reported.
		{"2003 tie for the lead", "regatta-2003", []Year{
			yearRow(1908, 1, 1, 15, 15, 1, 1, 0),
		}, Outcome{}},
		// 1908: France and Germany 13 each (target 15: no pair). 1909: 14 each, both grew, 14 >= 14, above
		// Russia's 4: first year of the pair. 1910: 15 each, grew, >= 12: second consecutive year, a two-way
		// draw vote may be called in 1910. 1911: 16 each, again: 1911 as well.
		{"2003 draw vote", "regatta-2003", []Year{
			yearRow(1908, 1, 1, 13, 13, 1, 4, 1),
			yearRow(1909, 1, 1, 14, 14, 0, 4, 0),
			yearRow(1910, 0, 0, 15, 15, 0, 4, 0),
			yearRow(1911, 0, 0, 16, 16, 0, 2, 0),
		}, Outcome{DrawVoteYears: []int{1910, 1911}, DrawVoters: [][2]dip.Power{{dip.France, dip.Germany}, {dip.France, dip.Germany}}}},
		// 1909: pair France/Germany (14 each, grew). 1910: 14 each again, no growth: no pair. 1911: 15 each,
		// grew: a pair, but 1910 was not one. 1912: 16 each, grew: the vote in 1912 only.
		{"2003 draw vote needs growth both years", "regatta-2003", []Year{
			yearRow(1908, 1, 1, 13, 13, 1, 4, 1),
			yearRow(1909, 1, 1, 14, 14, 0, 4, 0),
			yearRow(1910, 1, 1, 14, 14, 0, 4, 0),
			yearRow(1911, 0, 0, 15, 15, 0, 4, 0),
			yearRow(1912, 0, 0, 16, 16, 0, 2, 0),
		}, Outcome{DrawVoteYears: []int{1912}, DrawVoters: [][2]dip.Power{{dip.France, dip.Germany}}}},
		// 1909: pair France/Germany. 1910: Germany and Russia 15 each, both grew (14->15, 12->15), France 3:
		// a different pair, so no vote.
		{"2003 draw vote needs the same two powers", "regatta-2003", []Year{
			yearRow(1908, 1, 1, 13, 13, 1, 4, 1),
			yearRow(1909, 0, 1, 14, 14, 0, 5, 0),
			yearRow(1910, 0, 1, 3, 15, 0, 15, 0),
		}, Outcome{}},
		// 1909 and 1911 are pair years, but 1910 is missing: 1911's growth cannot be established, and the
		// years are not consecutive anyway.
		{"2003 draw vote across a missing year", "regatta-2003", []Year{
			yearRow(1908, 1, 1, 13, 13, 1, 4, 1),
			yearRow(1909, 1, 1, 14, 14, 0, 4, 0),
			yearRow(1911, 0, 0, 16, 16, 0, 2, 0),
		}, Outcome{}},
		// Without the growth condition, France and Germany standing still at 14 in 1909 and 1910 (target 14,
		// above Russia's 4) give the vote in 1910.
		{"draw vote without growth", "regatta-2003; no-grow", []Year{
			yearRow(1909, 1, 1, 14, 14, 0, 4, 0),
			yearRow(1910, 1, 1, 14, 14, 0, 4, 0),
		}, Outcome{DrawVoteYears: []int{1910}, DrawVoters: [][2]dip.Power{{dip.France, dip.Germany}}}},
		// The same without 1910: 1909 and 1911 are not consecutive years.
		{"draw vote without growth, missing year", "regatta-2003; no-grow", []Year{
			yearRow(1909, 1, 1, 14, 14, 0, 4, 0),
			yearRow(1911, 1, 1, 14, 14, 0, 4, 0),
		}, Outcome{}},
		// A third power tied at the top: no pair (the vote is for exactly two).
		{"2003 three tied", "regatta-2003", []Year{
			yearRow(1909, 0, 1, 10, 10, 0, 10, 0),
			yearRow(1910, 0, 1, 11, 11, 0, 11, 0),
			yearRow(1911, 0, 1, 11, 11, 0, 11, 0),
		}, Outcome{}},
		// 1908 missing: in 1909 Germany (14, leads, >= 14) met every condition but growth, which cannot be
		// established: unconfirmed. 1910: 15, grew from 14: victory.
		{"2003 missing year", "regatta-2003", []Year{
			yearRow(1907, 3, 3, 8, 12, 3, 4, 1),
			yearRow(1909, 3, 3, 8, 14, 3, 2, 1),
			yearRow(1910, 3, 3, 8, 15, 3, 2, 0),
		}, Outcome{Victory: &Victory{1910, dip.Germany, 15}, Unconfirmed: []Victory{{1909, dip.Germany, 14}}}},
		// The same rise under regatta-2003: 17 in 1905 misses 1905's 18 (Norman's 17 comes a year earlier).
		{"2003 17 in 1905", "regatta-2003", []Year{
			yearRow(1904, 3, 3, 5, 16, 3, 2, 2),
			yearRow(1905, 3, 3, 5, 17, 3, 2, 1),
		}, Outcome{}},

		// --- norman: 18 to 1904, 17 in 1905 ... 6 in 1912, 5 from 1913.
		// 1904: 16 misses 18. 1905: 17 >= 17, grew, leads: victory.
		{"norman boundary 1904/1905", "norman", []Year{
			yearRow(1904, 3, 3, 5, 16, 3, 2, 2),
			yearRow(1905, 3, 3, 5, 17, 3, 2, 1),
		}, Outcome{Victory: &Victory{1905, dip.Germany, 17}}},
		// 1912: Germany 4 (grew from 3) leads nobody and misses 6. 1913: 5 >= 5, grew, more than anyone (4).
		{"norman boundary 1912/1913", "norman", []Year{
			yearRow(1911, 4, 4, 4, 3, 4, 4, 4),
			yearRow(1912, 4, 4, 4, 4, 4, 4, 4),
			yearRow(1913, 4, 4, 4, 5, 4, 4, 4),
		}, Outcome{Victory: &Victory{1913, dip.Germany, 5}}},
		// 1903: Germany 15 (grew from 10) misses norman's 18 in 1903.
		{"norman 15 in 1903", "norman", []Year{
			yearRow(1902, 4, 4, 5, 10, 4, 4, 3),
			yearRow(1903, 4, 4, 3, 15, 3, 3, 2),
		}, Outcome{}},
		// The article's table shortened by three years: 15 wins in 1903.
		{"norman-short-3 15 in 1903", "norman-short-3", []Year{
			yearRow(1902, 4, 4, 5, 10, 4, 4, 3),
			yearRow(1903, 4, 4, 3, 15, 3, 3, 2),
		}, Outcome{Victory: &Victory{1903, dip.Germany, 15}}},

		// --- classic: 18, nothing else.
		// 1907: 17. 1910 (1908 and 1909 missing): 18 wins, growth is no condition.
		{"classic", "classic", []Year{
			yearRow(1907, 3, 3, 4, 17, 3, 2, 2),
			yearRow(1910, 3, 3, 4, 18, 3, 2, 1),
		}, Outcome{Victory: &Victory{1910, dip.Germany, 18}}},
		// 17 and 17: nobody has 18.
		{"classic 17-17", "classic", []Year{yearRow(1910, 0, 0, 17, 17, 0, 0, 0)}, Outcome{}},

		// --- custom tables.
		// 1901 compares with the home centres: Austria 5 > 3 grew, leads, >= 5.
		{"1901 grows from home centres", "5", []Year{yearRow(1901, 5, 4, 4, 4, 4, 4, 4)}, Outcome{
			Victory: &Victory{1901, dip.Austria, 5}}},
		// Russia starts with 4: 4 in 1901 is no growth.
		{"Russia starts with four", "4", []Year{yearRow(1901, 3, 3, 3, 3, 3, 4, 3)}, Outcome{}},
		// No lead condition. 1904's target is 20: nobody. 1905: Germany (12, no growth) is out; France, 11 >= 10
		// and grew, wins without leading.
		{"lead 0", "1904:20,1905:10; lead=0", []Year{
			yearRow(1904, 3, 3, 10, 12, 3, 2, 1),
			yearRow(1905, 3, 3, 11, 12, 3, 1, 1),
		}, Outcome{Victory: &Victory{1905, dip.France, 11}}},
		// No lead condition, no growth: two powers tied at 12 >= 10: no single winner in 1905; in 1906 Germany
		// has 13 to France's 12.
		{"lead 0 tie", "10; lead=0; no-grow", []Year{
			yearRow(1905, 3, 3, 12, 12, 3, 1, 0),
			yearRow(1906, 3, 3, 12, 13, 3, 0, 0),
		}, Outcome{Victory: &Victory{1906, dip.Germany, 13}}},
	}
	for _, tt := range tests {
		got := mustRule(t, tt.rule).Check(tt.history)
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Check = %s, want %s", tt.name, fmtOutcome(got), fmtOutcome(tt.want))
		}
	}
}

// fmtOutcome shows an outcome in a failure message.
func fmtOutcome(o Outcome) string {
	v := "none"
	if o.Victory != nil {
		v = fmt.Sprintf("%+v", *o.Victory)
	}
	return fmt.Sprintf("{Victory:%s ContinuedTo:%d DrawVoteYears:%v DrawVoters:%v Unconfirmed:%+v}", v,
		o.ContinuedTo, o.DrawVoteYears, o.DrawVoters, o.Unconfirmed)
}

// TestCheckResult checks every disagreement CheckResult reports, and results it accepts.
func TestCheckResult(t *testing.T) {
	// Under regatta-2003, Germany wins at the end of 1910: 12 >= 12, grew from 11, France has 10.
	won := []Year{
		yearRow(1909, 3, 3, 10, 11, 3, 2, 2),
		yearRow(1910, 3, 3, 10, 12, 3, 2, 1),
	}
	final := [dip.NumPowers]int{3, 3, 10, 12, 3, 2, 1}
	// The same game going on to 1911, Germany 13.
	longer := append(slices.Clone(won), yearRow(1911, 3, 3, 10, 13, 3, 2, 0))
	final1911 := [dip.NumPowers]int{3, 3, 10, 13, 3, 2, 0}
	// No victory: 1910 France 10, Germany 11: Germany grew and leads but 11 < 12.
	none := []Year{
		yearRow(1909, 3, 3, 10, 10, 3, 3, 2),
		yearRow(1910, 3, 3, 10, 11, 3, 2, 2),
	}
	noneFinal := [dip.NumPowers]int{3, 3, 10, 11, 3, 2, 2}
	// TestCheck's draw-vote chart: a two-way draw vote may be called in 1910 and 1911.
	vote := []Year{
		yearRow(1908, 1, 1, 13, 13, 1, 4, 1),
		yearRow(1909, 1, 1, 14, 14, 0, 4, 0),
		yearRow(1910, 0, 0, 15, 15, 0, 4, 0),
		yearRow(1911, 0, 0, 16, 16, 0, 2, 0),
	}
	survivors := []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy, dip.Russia, dip.Turkey}
	wonBy := "Germany won in 1910 with 12 centres under regatta-2003"

	tests := []struct {
		name string
		rule string
		game Game
		want []GameError
	}{
		{"win agrees", "regatta-2003", Game{FinalYear: 1910, Centres: final, History: won,
			Winners: []dip.Power{dip.Germany}}, nil},
		{"win where none was reached", "regatta-2003", Game{FinalYear: 1910, Centres: noneFinal, History: none,
			Winners: []dip.Power{dip.Germany}}, []GameError{{dip.Germany, "winners",
			"Germany is recorded as the winner, but no power reached victory under regatta-2003", 1910}}},
		// A conceded win needs no victory on the board.
		{"conceded win", "regatta-2003", Game{FinalYear: 1910, Centres: noneFinal, History: none,
			Winners: []dip.Power{dip.Germany}, Conceded: true}, nil},
		// A director-called end of play: a draw of all survivors, no victory reached.
		{"director-called draw", "regatta-2003", Game{FinalYear: 1910, Centres: noneFinal, History: none,
			Winners: survivors}, nil},
		{"continued past the victory", "regatta-2003", Game{FinalYear: 1911, Centres: final1911, History: longer,
			Winners: []dip.Power{dip.Germany}}, []GameError{{dip.Germany, "history",
			wonBy + ", so the game ended then, but the chart goes on to 1911", 1910}}},
		{"draw after a victory", "regatta-2003", Game{FinalYear: 1910, Centres: final, History: won,
			Winners: []dip.Power{dip.France, dip.Germany}}, []GameError{{dip.Board, "winners",
			"a 2-way draw is recorded, but " + wonBy, 1910}}},
		// Both problems of a draw recorded at the end of a longer game.
		{"draw after a victory, later", "regatta-2003", Game{FinalYear: 1911, Centres: final1911, History: longer,
			Winners: survivors[:6]}, []GameError{
			{dip.Board, "winners", "a 6-way draw is recorded, but " + wonBy, 1910},
			{dip.Germany, "history", wonBy + ", so the game ended then, but the chart goes on to 1911", 1910}}},
		{"another winner", "regatta-2003", Game{FinalYear: 1910, Centres: final, History: won,
			Winners: []dip.Power{dip.France}}, []GameError{{dip.France, "winners",
			"France is recorded as the winner, but " + wonBy, 1910}}},
		{"no winner recorded", "regatta-2003", Game{FinalYear: 1910, Centres: final, History: won},
			[]GameError{{dip.Germany, "winners", wonBy + ", but no winner is recorded", 1910}}},
		{"conceded but reached", "regatta-2003", Game{FinalYear: 1910, Centres: final, History: won,
			Winners: []dip.Power{dip.Germany}, Conceded: true}, []GameError{{dip.Germany, "conceded",
			"the win is recorded as conceded, but " + wonBy + " on the board", 1910}}},
		// Only the final centres: 1909 is unknown, so Germany's growth in 1910 cannot be established.
		{"final row only", "regatta-2003", Game{FinalYear: 1910, Centres: final, Winners: []dip.Power{dip.Germany}},
			[]GameError{{dip.Germany, "winners", "the win cannot be confirmed: Germany met the other conditions of " +
				"regatta-2003 in 1910 with 12 centres, but the chart lacks 1909, so its growth cannot be established",
				1910}}},
		// Classic needs no growth: 18 in the final centres confirms the win without a chart.
		{"classic final row only", "classic", Game{FinalYear: 1907, Centres: [dip.NumPowers]int{3, 3, 4, 18, 3, 2, 1},
			Winners: []dip.Power{dip.Germany}}, nil},
		// The zero rule is classic, and says so.
		{"zero rule", "", Game{FinalYear: 1907, Centres: [dip.NumPowers]int{3, 3, 4, 18, 3, 2, 1},
			Winners: []dip.Power{dip.France, dip.Germany, dip.Italy}}, []GameError{{dip.Board, "winners",
			"a 3-way draw is recorded, but Germany won in 1907 with 18 centres under classic", 1907}}},
		// The chart stops at 1909 (Germany 11, France 10); the final centres give 1910: Germany 12, grew.
		{"final row added to the chart", "regatta-2003", Game{FinalYear: 1910, Centres: final, History: won[:1],
			Winners: []dip.Power{dip.Germany}}, nil},
		// The draw-vote chart of TestCheck: France and Germany tied and growing above the rest in 1909 and 1910.
		{"two-way draw vote", "regatta-2003", Game{FinalYear: 1910, Centres: [dip.NumPowers]int{0, 0, 15, 15, 0, 4, 0},
			History: vote, Winners: []dip.Power{dip.Germany, dip.France}}, nil},
		// The same draw a year earlier: 1909 is only the first year of the pair; Austria, England and Russia
		// survive.
		{"two-way draw too early", "regatta-2003", Game{FinalYear: 1909, Centres: vote[1].Centres,
			History: vote[:2], Winners: []dip.Power{dip.France, dip.Germany}}, []GameError{{dip.Board, "winners",
			"a two-way draw of France and Germany leaves out survivors (Austria, England, Russia): under " +
				"regatta-2003 that is the two-way draw vote, which the chart does not allow in 1909 (the two " +
				"must be tied above every other power, reach the target and grow, in 1908 and 1909)", 1909}}},
		// A three-way draw of every survivor at the end of 1910 is fine; in 1909 it leaves out two.
		{"draw of all survivors", "regatta-2003", Game{FinalYear: 1910, Centres: vote[2].Centres,
			History: vote[:3], Winners: []dip.Power{dip.France, dip.Germany, dip.Russia}}, nil},
		{"draw leaving out survivors", "regatta-2003", Game{FinalYear: 1909, Centres: vote[1].Centres,
			History: vote[:2], Winners: []dip.Power{dip.France, dip.Germany, dip.Russia}}, []GameError{{dip.Board, "winners",
			"a 3-way draw leaves out survivors (Austria, England): under regatta-2003 a draw includes every " +
				"survivor, except the two-way draw vote", 1909}}},
		// Without DrawVote, who may be left out of a draw is the scoring system's business.
		{"partial draw under 2002", "regatta-2002", Game{FinalYear: 1909, Centres: vote[1].Centres,
			History: vote[:2], Winners: []dip.Power{dip.France, dip.Germany}}, nil},
		{"nothing to check", "regatta-2003", Game{Winners: []dip.Power{dip.Germany}}, nil},
	}
	for _, tt := range tests {
		var r VictoryRule
		if tt.rule != "" {
			r = mustRule(t, tt.rule)
		}
		var got []GameError
		for _, err := range r.CheckResult(tt.game) {
			ge, ok := err.(*GameError)
			if !ok {
				t.Fatalf("%s: %T is not a *GameError: %v", tt.name, err, err)
			}
			got = append(got, *ge)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: CheckResult =\n %+v\nwant\n %+v", tt.name, got, tt.want)
		}
	}
}
