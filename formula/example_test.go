package formula_test

import (
	"errors"
	"fmt"

	"github.com/armada-dtm/dtm/formula"
)

// The manual's C-Diplo first-place formula, evaluated for a lone leader with 10 centres, for two powers
// tied at the top with 10 (each gets (1 + 10 + 38 + 14) / 2) and for a solo.
func ExampleCompile() {
	p, err := formula.Compile("(scs>17) * 73 + (scs<18) * (1 + scs + (38 + (tie>0) * 14 + (tie>1) * 7)) / (tie + 1)", formula.Score)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, env := range []formula.Env{{Scs: 10}, {Scs: 10, Tie: 1}, {Scs: 18}} {
		v, err := p.Eval(&env)
		fmt.Println(env.Scs, env.Tie, v, err)
	}
	fmt.Println(p.Expr())
	// Output:
	// 10 0 49 <nil>
	// 10 1 31.5 <nil>
	// 18 0 73 <nil>
	// num(Scs > 17.0) * 73.0 + div(num(Scs < 18.0) * (1.0 + Scs + (38.0 + num(Tie > 0.0) * 14.0 + num(Tie > 1.0) * 7.0)), Tie + 1.0)
}

// Words can be set by name, as `dtm formula 'EXPR' word=value` does.
func ExampleEnv_Set() {
	p, err := formula.Compile("50 + scs + 5 * (ita + aus) + 3 * (ger + tur) - 2 * yrs", formula.Score)
	if err != nil {
		fmt.Println(err)
		return
	}
	var env formula.Env
	for word, v := range map[string]float64{"ita": 1, "SCS": 7, "yrs": 8} {
		if err := env.Set(word, v); err != nil {
			fmt.Println(err)
		}
	}
	fmt.Println(p.Eval(&env))
	fmt.Println(env.Set("scss", 3))
	// Output:
	// 46 <nil>
	// unknown word "scss"; did you mean "scs"?
}

// An error points into the director's own text.
func ExampleError() {
	_, err := formula.Compile("(scs>17)*73+scss", formula.Score)
	var fe *formula.Error
	if errors.As(err, &fe) {
		fmt.Println(fe)
		fmt.Println(fe.Caret())
	}
	// Output:
	// unknown word "scss" at column 13; did you mean "scs"?
	// (scs>17)*73+scss
	//             ^
}

// The provisional formula may not use its own values.
func ExampleCompile_provisional() {
	_, err := formula.Compile("scs * scs / sump", formula.Provisional)
	fmt.Println(err)
	// Output:
	// "sump" cannot be used in the provisional formula at column 13; prov, sump, avgp, mulp, minp and maxp are computed from the provisional formula itself
}

// Precedence: = is loosest, then < > ^, then + -, then * /; signs bind tightest. ^ is greater-or-equal.
func ExampleProgram_Eval() {
	env := formula.Env{Scs: 5, Ldr: 6, Prov: 2, Sump: 8, Yrs: 7}
	for _, src := range []string{"scs = ldr - 1", "prov / sump * 100", "-2 * yrs", "2 ^ 2", "scs / 0", "7 / 2", ""} {
		p, err := formula.Compile(src, formula.Score)
		if err != nil {
			fmt.Println(err)
			continue
		}
		v, err := p.Eval(&env)
		fmt.Printf("%q = %v %v\n", src, v, err)
	}
	// Output:
	// "scs = ldr - 1" = 1 <nil>
	// "prov / sump * 100" = 25 <nil>
	// "-2 * yrs" = -14 <nil>
	// "2 ^ 2" = 1 <nil>
	// "scs / 0" = 0 <nil>
	// "7 / 2" = 3.5 <nil>
	// "" = 0 <nil>
}
