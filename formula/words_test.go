package formula

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestWords(t *testing.T) {
	// The 26 words of the manual (it lists 26, not 27), section 9, in its order, then the 7 extensions of formulas.md.
	want := strings.Fields("aus eng fra ger ita rus tur yrs scs num big tie srv ldr prov sump avgp mulp minp maxp " +
		"ctrs sumc avgc mulc minc maxc elb elt sec low hbg hti cnc")
	if got := Words(); !slices.Equal(got, want) {
		t.Fatalf("Words() = %v, want %v", got, want)
	}
	for i, w := range want {
		if got := IsExtension(w); got != (i >= 26) {
			t.Errorf("IsExtension(%q) = %v", w, got)
		}
	}
	for name, ext := range map[string]bool{"min": true, "MAX": true, "floor": true, "round": true, "Elb": true,
		"SCS": false, "num": false, "div": false, "xyz": false, "": false} {
		if got := IsExtension(name); got != ext {
			t.Errorf("IsExtension(%q) = %v, want %v", name, got, ext)
		}
	}
}

// TestSet sets every word to a distinct value through Set and reads it back through a compiled formula,
// which ties each word's name to its Env field.
func TestSet(t *testing.T) {
	var env Env
	for i, w := range Words() {
		if err := env.Set(strings.ToUpper(w[:1])+w[1:], float64(i+1)); err != nil {
			t.Fatalf("Set(%q): %v", w, err)
		}
	}
	for i, w := range Words() {
		p, err := Compile(w, Score)
		if err != nil {
			t.Fatal(err)
		}
		if v, err := p.Eval(&env); err != nil || v != float64(i+1) {
			t.Errorf("word %s = %v, %v; want %d", w, v, err, i+1)
		}
		if v, ok := env.Get(strings.ToUpper(w)); !ok || v != float64(i+1) {
			t.Errorf("Get(%q) = %v, %v; want %d", w, v, ok, i+1)
		}
	}
	if _, ok := env.Get("scss"); ok {
		t.Error(`Get("scss") found an unknown word`)
	}
	errCases := []struct {
		word string
		v    float64
		want string
	}{
		{"scss", 1, `unknown word "scss"; did you mean "scs"?`},
		{"xyzzy", 1, `unknown word "xyzzy"`},
		{"min", 1, `unknown word "min"; did you mean "minp"?`}, // a function is not a word
		{"scs", math.NaN(), "value of scs is not a finite number: NaN"},
		{"yrs", math.Inf(-1), "value of yrs is not a finite number: -Inf"},
	}
	for _, c := range errCases {
		if err := env.Set(c.word, c.v); err == nil || err.Error() != c.want {
			t.Errorf("Set(%q, %v) = %v, want %q", c.word, c.v, err, c.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"scs", "scs", 0},
		{"scss", "scs", 1}, // deletion
		{"sc", "scs", 1},   // insertion
		{"scz", "scs", 1},  // substitution
		{"ysr", "yrs", 1},  // transposition
		{"", "tie", 3},
		{"sqrt", "srv", 2},
		{"kitten", "sitting", 3},
	}
	for _, c := range cases {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
