package scoring

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/dip"
)

// TestTieBreakTable walks the table of rules: every rule parses from its name and each alias, round-trips
// through String, has a label of its own, is in the help and in docs/score.md, and can be applied.
func TestTieBreakTable(t *testing.T) {
	docs, err := os.ReadFile("../docs/score.md")
	if err != nil {
		t.Fatal(err)
	}
	help := TieBreakHelp()
	labels := map[string]TieBreakKind{}
	for i, r := range tieBreakRules {
		spelled := append([]string{r.name}, r.aliases...)
		want := TieBreak{Kind: r.kind}
		if r.numbered {
			// "best-3", "3rd-best", "3rd best" all read as N = 3; N is 1 to maxBestN.
			spelled = []string{r.name + "-3", "3rd-" + r.name, "3rd " + strings.ToUpper(r.name)}
			want.N = 3
			for _, bad := range []string{r.name, r.name + "-0", r.name + "-31", "3xx-" + r.name, "3-" + r.name, "rd-" + r.name, r.name + "-3a"} {
				if got, err := ParseTieBreaks(bad); err == nil {
					t.Errorf("ParseTieBreaks(%q) = %v, want an error", bad, got)
				}
			}
			if got, err := ParseTieBreaks(r.name + "-30"); err != nil || got[0].N != 30 {
				t.Errorf("ParseTieBreaks(%q) = %v, %v", r.name+"-30", got, err)
			}
		}
		for _, s := range spelled {
			if got, err := ParseTieBreaks(s); err != nil || !slices.Equal(got, []TieBreak{want}) {
				t.Errorf("ParseTieBreaks(%q) = %v, %v; want %v", s, got, err, want)
			}
		}
		if back, err := ParseTieBreaks(want.String()); err != nil || !slices.Equal(back, []TieBreak{want}) {
			t.Errorf("%s: String %q reads back as %v, %v", r.name, want.String(), back, err)
		}
		name := TieBreakNames()[i]
		if want.String() != strings.Replace(name, "-N", "-3", 1) {
			t.Errorf("String %q, TieBreakNames %q", want.String(), name)
		}
		if l := want.label(); l == "" || strings.HasPrefix(l, "TieBreak(") {
			t.Errorf("%s: no label (%q)", r.name, l)
		} else if k, dup := labels[l]; dup {
			t.Errorf("%s: label %q is also rule %d's", r.name, l, k)
		} else {
			labels[l] = r.kind
		}
		if err := want.check(3); err != nil {
			t.Errorf("%s: check: %v", r.name, err)
		}
		if r.keys == nil {
			t.Errorf("%s: no keys", r.name)
		}
		if !strings.Contains(help, name) {
			t.Errorf("TieBreakHelp lacks %q: %s", name, help)
		}
		if !strings.Contains(string(docs), "| `"+name+"`") {
			t.Errorf("docs/score.md's table of rules lacks `%s`", name)
		}
	}
	for _, p := range TieBreakPresets() {
		if got, err := ParseTieBreaks(p); err != nil || len(got) == 0 {
			t.Errorf("preset %q: %v, %v", p, got, err)
		}
		if !strings.Contains(string(docs), "`"+p+"`") {
			t.Errorf("docs/score.md lacks the preset `%s`", p)
		}
	}
}

// TestTieBreakKindsInTable finds every TieBreakKind constant in tiebreak.go and checks that each has its row
// of the table, so that a rule cannot be added without one; and that a kind outside the table is no rule at
// all, not silently another one.
func TestTieBreakKindsInTable(t *testing.T) {
	file, err := parser.ParseFile(token.NewFileSet(), "tiebreak.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	for _, d := range file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		typ := ""
		for _, spec := range g.Specs {
			v := spec.(*ast.ValueSpec)
			switch id, _ := v.Type.(*ast.Ident); {
			case id != nil:
				typ = id.Name
			case v.Type != nil || len(v.Values) > 0: // another type, or untyped
				typ = ""
			} // else the spec repeats the one before, type and all
			if typ == "TieBreakKind" {
				for _, n := range v.Names {
					kinds = append(kinds, n.Name)
				}
			}
		}
	}
	if len(kinds) != len(tieBreakRules)+1 {
		t.Errorf("found the constants %v; the table has %d rules, and hurstDecimals", kinds, len(tieBreakRules))
	}
	values := map[string]TieBreakKind{"HeadToHead": HeadToHead, "Dropped": Dropped, "AllHeats": AllHeats,
		"BestSingle": BestSingle, "BestScores": BestScores, "OpponentsAverage": OpponentsAverage,
		"Distance": Distance, "NormanBest": NormanBest, "hurstDecimals": hurstDecimals}
	for _, k := range kinds {
		v, ok := values[k]
		if !ok {
			t.Errorf("TieBreakKind %s: add it to this test's list and give it a row of tieBreakRules", k)
			continue
		}
		if _, ok := (TieBreak{Kind: v}).rule(); !ok {
			t.Errorf("TieBreakKind %s has no row in tieBreakRules", k)
		}
	}
	stray := TieBreak{Kind: 99}
	if s, l := stray.String(), stray.label(); s != "TieBreak(99)" || l != s {
		t.Errorf("a kind outside the table: String %q, label %q; want TieBreak(99) for both", s, l)
	}
	if err := stray.check(3); err == nil {
		t.Error("check accepts a kind outside the table")
	}
	if _, err := Standings(Event{Players: sevenNames(), Heats: 1, Rules: Rules{TieBreaks: []TieBreak{stray}}}); err == nil {
		t.Error("Standings accepts a kind outside the table")
	}
}

// TestTieBreakOneRow adds a rule to the table and nothing else: parsing, String, the help, the check and the
// Standings note all follow.
func TestTieBreakOneRow(t *testing.T) {
	saved := tieBreakRules
	defer func() { tieBreakRules = saved }()
	const coin TieBreakKind = 99
	tieBreakRules = append(slices.Clone(saved), tieBreakRule{kind: coin, name: "coin-toss", aliases: []string{"coin"},
		label: "coin toss", about: "the lower player number",
		keys: perPlayer(func(_ *standings, _ TieBreak, p int, _ []int) ([]float64, bool) { return []float64{float64(-p)}, true })})
	chain, err := ParseTieBreaks("Coin")
	if err != nil || !slices.Equal(chain, []TieBreak{{Kind: coin}}) || chain[0].String() != "coin-toss" {
		t.Fatalf("ParseTieBreaks(Coin) = %v, %v", chain, err)
	}
	if !strings.Contains(TieBreakHelp(), "coin-toss (the lower player number)") {
		t.Errorf("help: %s", TieBreakHelp())
	}
	// A and B both score 10 on two boards (as in TestTieBreakRules): the coin puts A (player 0) first.
	fourteen := named("A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L", "M", "N")
	e := Event{Players: fourteen, Heats: 1, Rules: Rules{TieBreaks: chain},
		Games: twoBoards(1, [dip.NumPowers]float64{10, 1, 2, 3, 4, 5, 6}, [dip.NumPowers]float64{10, 7, 8, 9, 11, 12, 13})}
	tab, err := Standings(e)
	if err != nil {
		t.Fatal(err)
	}
	if a := byName(t, e, tab, "A"); a.TieBreak != "coin toss: 0 to -1 against B" {
		t.Errorf("A's note %q", a.TieBreak)
	}
}
