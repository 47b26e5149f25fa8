package formula

import (
	"errors"
	"math"
	"strings"
	"sync"
	"testing"
)

// Formulae from the manual (dtm-manual.txt, section 9), used by several tests.
const (
	manual1     = "50 + scs + 5 * (ita + aus) + 3 * (ger + tur) - 2 * yrs"
	manual2     = "yrs + num * 2 + (scs > 5) * 5"
	manual3     = "-2 * yrs - 10 * big + scs * (tie = 0)"
	manual4     = "(130 - srv) / num - yrs + 2 * scs * (scs < 6)"
	cDiploFirst = "(scs>17) * 73 + (scs<18) * (1 + scs + (38 + (tie>0) * 14 + (tie>1) * 7)) / (tie + 1)"
	ilDiploProv = "(scs > 17) * 60 +\n(scs < 18) * ((ldr > 17) * (0 - 5) +\n" +
		"(ldr < 18) * (scs + (yrs = 5) + (yrs = 6) * 3 + (yrs = 7) * 6 + (yrs = 8) * 10 +\n" +
		"16 * (num = 2) + 8 * (num = 3) + 4 * (num = 4) + 2 * (num = 5)))"
	ilDiploSecond = "(ldr < 18) * 10"
	manorConProv  = "(scs + 4) * scs + 16"
	manorConDraw  = "prov / sump * 100"
)

// evalCases are formulae with hand-chosen word values; each want is worked out by hand in the comment,
// following the precedence and semantics of formulas.md.
var evalCases = []struct {
	name string
	src  string
	kind Kind
	env  Env
	want float64
}{
	// Precedence and associativity.
	{"eq lowest", "scs = ldr - 1", Score, Env{Scs: 5, Ldr: 6}, 1},                     // 5 = (6-1); (5=6)-1 would be -1
	{"eq lowest false", "scs = ldr - 1", Score, Env{Scs: 6, Ldr: 6}, 0},               // 6 = 5
	{"cmp left assoc", "scs < ldr < tie", Score, Env{Scs: 3, Ldr: 5, Tie: 2}, 1},      // (3<5)=1 < 2; 3<(5<2) would be 0
	{"div then mul", "prov / sump * 100", Score, Env{Prov: 2, Sump: 8}, 25},           // (2/8)*100; 2/(8*100) would be 0.0025
	{"unary minus", "-2 * yrs", Score, Env{Yrs: 7}, -14},                              // (-2)*7
	{"zero minus", "(0 - 5)", Score, Env{}, -5},                                       // 0-5
	{"ge equal", "2 ^ 2", Score, Env{}, 1},                                            // 2>=2; not 2 squared
	{"ge less", "2 ^ 3", Score, Env{}, 0},                                             // 2>=3 false
	{"ge greater", "3 ^ 2", Score, Env{}, 1},                                          // 3>=2
	{"mul before add", "2 + 3 * 4", Score, Env{}, 14},                                 // 2+12
	{"sub left assoc", "12 - 2 - 3", Score, Env{}, 7},                                 // (12-2)-3; 12-(2-3) would be 13
	{"div left assoc", "12 / 2 / 3", Score, Env{}, 2},                                 // (12/2)/3; 12/(2/3) would be 18
	{"add before cmp", "3 < 2 + 2", Score, Env{}, 1},                                  // 3<4; (3<2)+2 would be 2
	{"cmp before eq", "0 = 1 > 2", Score, Env{}, 1},                                   // 0=(1>2)=0=0; (0=1)>2 would be 0
	{"eq left assoc", "1 = 2 = 0", Score, Env{}, 1},                                   // (1=2)=0 -> 0=0; 1=(2=0) would be 0
	{"unary binds tight", "-3 * -2", Score, Env{}, 6},                                 // (-3)*(-2)
	{"unary of parens", "-(2 + 3) * 2", Score, Env{}, -10},                            // (-5)*2
	{"double minus", "- -3", Score, Env{}, 3},                                         // -(-3)
	{"unary plus", "+3 - +1", Score, Env{}, 2},                                        // 3-1
	{"minus after op", "2 * -3 + 1", Score, Env{}, -5},                                // (2*(-3))+1
	{"parens override", "(2 + 3) * 4", Score, Env{}, 20},                              // 5*4
	{"right parens", "scs - (ldr - tie)", Score, Env{Scs: 10, Ldr: 6, Tie: 2}, 6},     // 10-(6-2)
	{"right parens div", "scs / (ldr * tie)", Score, Env{Scs: 12, Ldr: 3, Tie: 2}, 2}, // 12/(3*2)
	// Numbers and arithmetic.
	{"decimal", "0.5 * 3", Score, Env{}, 1.5},
	{"leading point", ".5 + .25", Score, Env{}, 0.75},
	{"real division", "7 / 2", Score, Env{}, 3.5},
	{"exact equality", "0.1 + 0.2 = 0.3", Score, Env{}, 0}, // binary 0.1 + 0.2 is 0.30000000000000004 (doc.go)
	{"div by zero word", "scs / big", Score, Env{Scs: 9, Big: 0}, 0},
	{"div by zero", "5 / 0", Score, Env{}, 0},
	{"zero by zero", "0 / 0", Score, Env{}, 0},
	{"div by zero in sum", "1 + 10 / (big - big)", Score, Env{Big: 3}, 1}, // 1 + 0
	{"blank", "", Score, Env{Scs: 5}, 0},
	{"whitespace", " \t\n ", Score, Env{Scs: 5}, 0},
	{"minus zero", "-0", Score, Env{}, 0},
	{"case", "SCS + Yrs - sCs", Score, Env{Scs: 5, Yrs: 3}, 3}, // 5+3-5
	{"line breaks", "scs\n+\r\n1", Score, Env{Scs: 5}, 6},
	// Functions (extensions).
	{"min", "min(3, 1, 2)", Score, Env{}, 1},
	{"max word", "max(scs, 10)", Score, Env{Scs: 12}, 12},
	{"max floor at 0", "max(0, 50 - 10 * big)", Score, Env{Big: 6}, 0}, // max(0, -10)
	{"min case", "MIN(1, 2) + Max(1, 2)", Score, Env{}, 3},
	{"floor negative", "floor(-2.5)", Score, Env{}, -3},
	{"floor positive", "floor(2.7)", Score, Env{}, 2},
	{"round half up", "round(2.5)", Score, Env{}, 3},
	{"round half away", "round(-2.5)", Score, Env{}, -3},
	{"round down", "round(2.49)", Score, Env{}, 2},
	{"nested calls", "min(max(scs, 3), 10) * 2", Score, Env{Scs: 1}, 6}, // min(3,10)*2
	{"call args are formulae", "max(1 = 1, 2 ^ 3)", Score, Env{}, 1},    // max(1, 0)
	// The manual's four examples, section 9.
	{"manual 1 italy", manual1, Score, Env{Ita: 1, Scs: 7, Yrs: 8}, 46},   // 50+7+5*1+3*0-16
	{"manual 1 turkey", manual1, Score, Env{Tur: 1, Scs: 10, Yrs: 6}, 51}, // 50+10+0+3*1-12
	{"manual 2 big", manual2, Score, Env{Yrs: 9, Num: 3, Scs: 6}, 20},     // 9+6+5
	{"manual 2 small", manual2, Score, Env{Yrs: 9, Num: 3, Scs: 5}, 15},   // 9+6+0
	{"manual 3 no tie", manual3, Score, Env{Yrs: 8, Big: 2, Scs: 6}, -30}, // -16-20+6*1
	{"manual 3 tie", manual3, Score, Env{Yrs: 8, Big: 2, Scs: 6, Tie: 1}, -36},
	{"manual 4 small", manual4, Score, Env{Srv: 4, Num: 3, Yrs: 10, Scs: 5}, 42}, // 126/3-10+10*1
	{"manual 4 large", manual4, Score, Env{Srv: 4, Num: 3, Yrs: 10, Scs: 12}, 32},
	// C-Diplo first place.
	{"c-diplo solo", cDiploFirst, Score, Env{Scs: 18}, 73},               // 73 + 0
	{"c-diplo alone", cDiploFirst, Score, Env{Scs: 10}, 49},              // (1+10+38)/1
	{"c-diplo two tied", cDiploFirst, Score, Env{Scs: 10, Tie: 1}, 31.5}, // (1+10+38+14)/2
	{"c-diplo three tied", cDiploFirst, Score, Env{Scs: 9, Tie: 2}, 23},  // (1+9+38+14+7)/3
	// IL-Diplo provisional and second place; ManorCon.
	{"il-diplo soloist", ilDiploProv, Provisional, Env{Scs: 18, Ldr: 18, Yrs: 9, Num: 1}, 60},
	{"il-diplo solo loser", ilDiploProv, Provisional, Env{Scs: 5, Ldr: 18, Yrs: 9}, -5},
	{"il-diplo three-way", ilDiploProv, Provisional, Env{Scs: 8, Ldr: 12, Yrs: 7, Num: 3}, 22}, // 8+6+8
	{"il-diplo out in 1908", ilDiploProv, Provisional, Env{Scs: 0, Ldr: 12, Yrs: 8}, 10},       // 0+10
	{"il-diplo second", ilDiploSecond, Score, Env{Ldr: 12}, 10},
	{"il-diplo second solo", ilDiploSecond, Score, Env{Ldr: 18}, 0},
	{"manorcon prov", manorConProv, Provisional, Env{Scs: 5}, 61},        // 9*5+16
	{"manorcon draw", manorConDraw, Score, Env{Prov: 61, Sump: 244}, 25}, // 61/244*100
	{"extension words", "elb + elt * 10 + sec * 100 + low * 1000 + hbg - hti + cnc", Score,
		Env{Elb: 1, Elt: 2, Sec: 3, Low: 4, Hbg: 5, Hti: 6, Cnc: 7}, 4327}, // 1+20+300+4000+5-6+7
}

func TestEval(t *testing.T) {
	for _, c := range evalCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := Compile(c.src, c.kind)
			if err != nil {
				t.Fatalf("Compile(%q): %v", c.src, err)
			}
			env := c.env
			got, err := p.Eval(&env)
			if err != nil {
				t.Fatalf("Eval(%q): %v", c.src, err)
			}
			if got != c.want || math.Signbit(got) != math.Signbit(c.want) {
				t.Errorf("%q = %v, want %v (expr %s)", c.src, got, c.want, p.Expr())
			}
		})
	}
}

// TestExpr checks the translated text: float literals, num() for comparisons, div() for division, Env
// fields for words, and parentheses exactly where the structure needs them.
func TestExpr(t *testing.T) {
	cases := []struct{ src, want string }{
		{"", "0.0"},
		{"scs = ldr - 1", "num(Scs == Ldr - 1.0)"},
		{"prov / sump * 100", "div(Prov, Sump) * 100.0"},
		{"-2 * yrs", "-2.0 * Yrs"},
		{"2 ^ 2", "num(2.0 >= 2.0)"},
		{"scs < ldr < tie", "num(num(Scs < Ldr) < Tie)"},
		{"scs > 1 = 0", "num(num(Scs > 1.0) == 0.0)"},
		{"scs - (ldr - tie)", "Scs - (Ldr - Tie)"},
		{"(scs - ldr) - tie", "Scs - Ldr - Tie"},
		{"scs * (ldr + 1)", "Scs * (Ldr + 1.0)"},
		{"(scs * ldr) + 1", "Scs * Ldr + 1.0"},
		{"scs * (ldr * tie)", "Scs * (Ldr * Tie)"},
		{"-(scs + 1)", "-(Scs + 1.0)"},
		{"- -scs", "-(-Scs)"},
		{"+scs", "Scs"},
		{"+(scs + 1) * 2", "(Scs + 1.0) * 2.0"},
		{"1 - -scs", "1.0 - -Scs"},
		{".5", "0.5"},
		{"007", "7.0"},
		{"min(1, SCS, 2 / big)", "min(1.0, Scs, div(2.0, Big))"},
		{"FLOOR(yrs) + round(yrs)", "floor(Yrs) + round(Yrs)"},
		{cDiploFirst, "num(Scs > 17.0) * 73.0 + div(num(Scs < 18.0) * (1.0 + Scs + (38.0 + num(Tie > 0.0) * 14.0 + num(Tie > 1.0) * 7.0)), Tie + 1.0)"},
	}
	for _, c := range cases {
		p, err := Compile(c.src, Score)
		if err != nil {
			t.Errorf("Compile(%q): %v", c.src, err)
			continue
		}
		if got := p.Expr(); got != c.want {
			t.Errorf("Compile(%q).Expr() = %q, want %q", c.src, got, c.want)
		}
		if p.Source() != c.src {
			t.Errorf("Source() = %q, want %q", p.Source(), c.src)
		}
	}
}

func TestProvisionalKind(t *testing.T) {
	// Every word is allowed in a score formula; the six circular ones are rejected in the provisional one.
	for _, w := range Words() {
		if _, err := Compile(w, Score); err != nil {
			t.Errorf("Compile(%q, Score): %v", w, err)
		}
		_, err := Compile("1 + "+strings.ToUpper(w), Provisional)
		if circular[w] {
			var fe *Error
			if !errors.As(err, &fe) || fe.Col != 5 || !strings.Contains(fe.Msg, "provisional formula") {
				t.Errorf("Compile(%q, Provisional) = %v, want a circularity error at column 5", "1 + "+w, err)
			}
		} else if err != nil {
			t.Errorf("Compile(%q, Provisional): %v", w, err)
		}
	}
}

func TestUses(t *testing.T) {
	p, err := Compile("scs + PROV * min(1, Ctrs)", Score)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{
		"scs": true, "prov": true, "ctrs": true, "min": true, "MIN": true, "Scs": true,
		"yrs": false, "sump": false, "max": false, "nonsense": false,
	} {
		if got := p.Uses(name); got != want {
			t.Errorf("Uses(%q) = %v, want %v", name, got, want)
		}
	}
}

func TestCloneConcurrent(t *testing.T) {
	p, err := Compile(cDiploFirst, Score)
	if err != nil {
		t.Fatal(err)
	}
	// Hand-computed as in evalCases: scs 10 alone 49, scs 10 tied with one 31.5, scs 18 73.
	envs := []Env{{Scs: 10}, {Scs: 10, Tie: 1}, {Scs: 18}}
	wants := []float64{49, 31.5, 73}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for g := 0; g < 4; g++ {
		c := p.Clone()
		if c.Expr() != p.Expr() || c.Source() != p.Source() || !c.Uses("tie") {
			t.Fatalf("clone differs from original")
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 300; i++ {
				k := (i + g) % len(envs)
				env := envs[k]
				if v, err := c.Eval(&env); err != nil || v != wants[k] {
					errs <- "concurrent clone evaluated wrongly"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}

func TestEvalNotFinite(t *testing.T) {
	cases := []struct {
		src  string
		env  Env
		want string // substring of the error; "" for no error
		val  float64
	}{
		{"mulc * mulc", Env{Mulc: 1e200}, "overflows", 0},                 // 1e400 is beyond float64
		{"mulc * mulc - mulc * mulc", Env{Mulc: 1e200}, "overflows", 0},   // inf - inf
		{"-mulc * mulc", Env{Mulc: 1e200}, "overflows", 0},                // -inf
		{"scs + 1", Env{Scs: math.NaN()}, "word scs is NaN", 0},           // input not finite
		{"scs + 1", Env{Scs: math.Inf(1)}, "word scs is +Inf", 0},         // input not finite
		{"yrs + 1", Env{Scs: math.NaN(), Yrs: 2}, "", 3},                  // unused word is not checked
		{"(mulc * mulc) > 0", Env{Mulc: 1e200}, "", 1},                    // documented: compares as infinite
		{"1 / (mulc * mulc)", Env{Mulc: 1e200}, "", 0},                    // 1/inf
		{"mulc * mulc / 0", Env{Mulc: 1e200}, "", 0},                      // division by zero is 0
		{"1" + strings.Repeat("0", 308) + " * 10", Env{}, "overflows", 0}, // 1e309
	}
	for _, c := range cases {
		p, err := Compile(c.src, Score)
		if err != nil {
			t.Fatalf("Compile(%q): %v", c.src, err)
		}
		env := c.env
		v, err := p.Eval(&env)
		switch {
		case c.want == "" && (err != nil || v != c.val):
			t.Errorf("Eval(%q) = %v, %v; want %v", c.src, v, err, c.val)
		case c.want != "" && (err == nil || !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), c.want) ||
			!strings.Contains(err.Error(), c.src)):
			t.Errorf("Eval(%q) = %v, %v; want an ErrNotFinite error naming the formula and %q", c.src, v, err, c.want)
		}
	}
}

// TestLimits checks formulae at and just beyond the length and nesting limits, including the shapes that
// produce the most expr nodes and the deepest expr nesting per character.
func TestLimits(t *testing.T) {
	long := func(unit string, n int) string { return "1" + strings.Repeat(unit, n) }
	cases := []struct {
		name string
		src  string
		col  int // 0: compiles
		want float64
	}{
		{"eq chain", long("=1", (maxLen-1)/2), 0, 1},     // (1=1)=1 ... always 1
		{"cmp chain", long("<1", (maxLen-1)/2), 0, 0},    // (1<1)=0, then 0<1=1, 1<1=0, ...; odd count ends 0
		{"div chain", long("/1", (maxLen-1)/2), 0, 1},    // 1/1/1...
		{"sum chain", long("+1", (maxLen-1)/2), 0, 1000}, // 1 + 999 ones
		{"too long", long("+1", maxLen/2), maxLen + 1, 0},
		{"deep parens", strings.Repeat("(", maxDepth) + "1" + strings.Repeat(")", maxDepth), 0, 1},
		{"too deep parens", strings.Repeat("(", maxDepth+1) + "1" + strings.Repeat(")", maxDepth+1), maxDepth + 1, 0},
		{"deep signs", strings.Repeat("-", maxDepth) + "1", 0, 1}, // an even number of minus signs
		{"too deep signs", strings.Repeat("-", maxDepth+1) + "1", maxDepth + 1, 0},
		{"too deep calls", strings.Repeat("floor(", maxDepth+1) + "1" + strings.Repeat(")", maxDepth+1), 6*maxDepth + 6, 0},
	}
	for _, c := range cases {
		p, err := Compile(c.src, Score)
		if c.col != 0 {
			var fe *Error
			if !errors.As(err, &fe) || fe.Col != c.col {
				t.Errorf("%s: Compile = %v, want an error at column %d", c.name, err, c.col)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Compile: %v", c.name, err)
			continue
		}
		if v, err := p.Eval(&Env{}); err != nil || v != c.want {
			t.Errorf("%s: Eval = %v, %v; want %v", c.name, v, err, c.want)
		}
	}
}
