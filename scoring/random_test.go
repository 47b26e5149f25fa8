package scoring

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestLegalGame draws games under every built-in system and several victory rules and checks each on its own:
// the system accepts it, its result agrees with the victory rule and its chart, the chart (when drawn) runs
// from 1901 to the final year with at most 34 centres a year and the final centres in its last year, and a power
// is out only from its elimination year. Solos, draws and games ended early by a victory all occur, and the same
// seed draws the same game.
func TestLegalGame(t *testing.T) {
	rules := []string{"classic", "regatta-2002", "regatta-2003", "norman", "norman-short-3"}
	var solos, draws, short int
	for _, d := range BuiltIn() {
		s, err := Compile(d)
		if err != nil {
			t.Fatalf("%s: %v", d.Name, err)
		}
		for _, name := range rules {
			v, err := ParseVictoryRule(name)
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(7, 0))
			for i := range 40 {
				chart := i%2 == 0
				g, err := s.LegalGame(rng, v, DrawRule{}, chart)
				if err != nil {
					t.Fatalf("%s, %s: %v", d.Name, name, err)
				}
				if err := s.Validate(g); err != nil {
					t.Errorf("%s, %s: %+v: %v", d.Name, name, g, err)
				}
				if errs := v.CheckResult(g); len(errs) > 0 {
					t.Errorf("%s, %s: %+v: %v", d.Name, name, g, errs)
				}
				wantChart := chart || s.NeedsHistory() || name != "classic"
				if (len(g.History) > 0) != wantChart {
					t.Errorf("%s, %s: chart %v, want %v", d.Name, name, len(g.History) > 0, wantChart)
				}
				checkChart(t, g)
				switch {
				case len(g.Winners) == 1:
					solos++
					if g.Centres[g.Winners[0]] < 18 {
						short++
					}
				case len(g.Winners) > 1:
					draws++
				}
			}
		}
	}
	if solos == 0 || draws == 0 || short == 0 {
		t.Errorf("%d solos (%d with fewer than 18 centres, under a shrinking target), %d draws: want some of each", solos, short, draws)
	}
	s, _ := Compile(BuiltIn()[0])
	a, _ := s.LegalGame(rand.New(rand.NewPCG(3, 0)), VictoryRule{}, DrawRule{}, true)
	b, _ := s.LegalGame(rand.New(rand.NewPCG(3, 0)), VictoryRule{}, DrawRule{}, true)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("the same seed drew two games:\n%+v\n%+v", a, b)
	}
}

// checkChart checks a game's chart year by year.
func checkChart(t *testing.T, g Game) {
	t.Helper()
	if len(g.History) == 0 {
		return
	}
	for i, h := range g.History {
		if h.Year != 1901+i {
			t.Fatalf("chart year %d at %d: %+v", h.Year, i, g)
		}
		total := 0
		for p, c := range h.Centres {
			total += c
			if e := g.Eliminated[p]; (e != 0 && h.Year >= e) != (c == 0) {
				t.Errorf("%d: power %d owns %d, eliminated in %d: %+v", h.Year, p, c, e, g)
			}
		}
		if total > 34 {
			t.Errorf("%d: %d centres: %+v", h.Year, total, g)
		}
	}
	if last := g.History[len(g.History)-1]; last.Year != g.FinalYear || last.Centres != g.Centres {
		t.Errorf("the chart ends %+v, the game in %d with %v", last, g.FinalYear, g.Centres)
	}
}
