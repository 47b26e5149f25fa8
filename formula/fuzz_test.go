package formula

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzCompile checks that every input either compiles or returns an *Error located inside the text (or just
// past its end), never panics; and that whatever compiles evaluates, for random word values, to exactly what
// a direct evaluation of the syntax tree gives (so the translation into expr keeps the meaning), which is a
// finite number or an ErrNotFinite error.
func FuzzCompile(f *testing.F) {
	for _, c := range evalCases {
		f.Add(c.src, int64(len(c.src)))
	}
	for _, c := range errorCases {
		f.Add(c.src, int64(c.col))
	}
	f.Add("min(scs, max(yrs, 2.5), floor(-tie / 3)) - round(ldr * .5) = big", int64(7))
	f.Add(strings.Repeat("(", maxDepth)+"1"+strings.Repeat(")", maxDepth), int64(1))
	f.Fuzz(func(t *testing.T, src string, seed int64) {
		p, err := Compile(src, Score)
		if err != nil {
			checkError(t, src, err)
			if _, err := Compile(src, Provisional); err == nil {
				t.Fatalf("%q compiles as provisional but not as score", src)
			}
			return
		}
		if pp, err := Compile(src, Provisional); err != nil {
			checkError(t, src, err)
			if !strings.Contains(err.(*Error).Msg, "provisional formula") {
				t.Fatalf("%q: provisional error %v is not about circularity", src, err)
			}
		} else if pp.Expr() != p.Expr() {
			t.Fatalf("%q: expr differs by kind: %q, %q", src, pp.Expr(), p.Expr())
		}
		tree, err := parse(src, Score)
		if err != nil {
			t.Fatalf("%q: parse fails after Compile succeeded: %v", src, err)
		}
		r := rand.New(rand.NewPCG(uint64(seed), 1))
		for range 3 {
			env := randomEnv(r)
			got, err := p.Eval(&env)
			want := refEval(tree, &env)
			switch {
			case math.IsNaN(want) || math.IsInf(want, 0):
				if !errors.Is(err, ErrNotFinite) {
					t.Fatalf("%q (expr %s) with %+v = %v, %v; want ErrNotFinite (direct value %v)", src, p.Expr(), env, got, err, want)
				}
			case err != nil || got != want || got == 0 && math.Signbit(got):
				t.Fatalf("%q (expr %s) with %+v = %v, %v; want %v", src, p.Expr(), env, got, err, want)
			}
		}
	})
}

// checkError checks that err is an *Error for src with a column inside src or just past its end.
func checkError(t *testing.T, src string, err error) {
	t.Helper()
	fe, ok := err.(*Error)
	if !ok {
		t.Fatalf("%q: error %T %v is not *Error", src, err, err)
	}
	if n := utf8.RuneCountInString(src); fe.Col < 1 || fe.Col > n+1 {
		t.Fatalf("%q: error column %d outside 1..%d: %v", src, fe.Col, n+1, err)
	}
	if fe.Src != src || fe.Msg == "" || !strings.Contains(fe.Error(), "at column") || strings.Count(fe.Caret(), "\n") != 1 {
		t.Fatalf("%q: malformed error %#v", src, fe)
	}
}

// randomEnv gives every word a random value: mostly small whole numbers as in a game, sometimes a fraction,
// a negative or a large number.
func randomEnv(r *rand.Rand) Env {
	var env Env
	for _, w := range words {
		var v float64
		switch r.IntN(4) {
		case 0:
			v = 0
		case 1:
			v = float64(r.IntN(35))
		case 2:
			v = float64(r.IntN(200)) - 100 + float64(r.IntN(4))/4
		default:
			v = r.NormFloat64() * 1e6
		}
		*w.ptr(&env) = v
	}
	return env
}

// refEval evaluates a syntax tree directly by the rules of doc.go, independently of the expr translation.
func refEval(n node, env *Env) float64 {
	b := func(c bool) float64 {
		if c {
			return 1
		}
		return 0
	}
	switch n := n.(type) {
	case numNode:
		return n.v
	case wordNode:
		return *words[n.w].ptr(env)
	case unaryNode:
		if n.op == '-' {
			return -refEval(n.x, env)
		}
		return refEval(n.x, env)
	case callNode:
		args := make([]float64, len(n.args))
		for i, a := range n.args {
			args[i] = refEval(a, env)
		}
		switch functions[n.f].name {
		case "min":
			return slicesMin(args)
		case "max":
			return -slicesMin(negate(args))
		case "floor":
			return math.Floor(args[0])
		case "round":
			return math.Round(args[0])
		}
	case binaryNode:
		x, y := refEval(n.x, env), refEval(n.y, env)
		switch n.op {
		case '+':
			return x + y
		case '-':
			return x - y
		case '*':
			return x * y
		case '/':
			if y == 0 {
				return 0
			}
			return x / y
		case '=':
			return b(x == y)
		case '<':
			return b(x < y)
		case '>':
			return b(x > y)
		case '^':
			return b(x >= y)
		}
	}
	panic("refEval: unknown node")
}

func slicesMin(xs []float64) float64 {
	m := xs[0]
	for _, x := range xs[1:] {
		m = min(m, x)
	}
	return m
}

func negate(xs []float64) []float64 {
	out := make([]float64, len(xs))
	for i, x := range xs {
		out[i] = -x
	}
	return out
}
