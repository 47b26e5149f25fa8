package formula

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"
)

// Kind says which of a scoring system's formulae is being compiled.
type Kind int

const (
	Score       Kind = iota // solo/draw/place/elimination formulae: every word allowed
	Provisional             // the provisional formula: prov, sump, avgp, mulp, minp, maxp are rejected (circular)
)

// ErrNotFinite is wrapped by Eval's error when a formula's value overflows the range of numbers (about
// ±1.8e308) or a word it uses is not a finite number.
var ErrNotFinite = errors.New("not a finite number")

// Budgets handed to expr. A formula of maxLen runes translates into at most about 2 expr nodes per rune, and
// a translated program allocates nothing but a function's argument list, so neither limit is ever reached
// by a formula our parser accepts: they are a second wall behind the parser's own limits.
const (
	maxNodes     = 4 * maxLen
	memoryBudget = 1 << 16
)

// options are the expr options every formula is compiled with: the Env's fields, a float64 result, a node
// limit, no builtins, and only the helper functions that translate emits.
var options = []expr.Option{
	expr.Env(Env{}),
	expr.AsFloat64(),
	expr.MaxNodes(maxNodes),
	expr.DisableAllBuiltins(),
	expr.Function("num", func(a ...any) (any, error) {
		if a[0].(bool) {
			return 1.0, nil
		}
		return 0.0, nil
	}, new(func(bool) float64)),
	expr.Function("div", func(a ...any) (any, error) {
		x, y := a[0].(float64), a[1].(float64)
		if y == 0 {
			return 0.0, nil
		}
		return x / y, nil
	}, new(func(float64, float64) float64)),
	expr.Function("min", func(a ...any) (any, error) {
		m := a[0].(float64)
		for _, v := range a[1:] {
			m = min(m, v.(float64))
		}
		return m, nil
	}, new(func(float64, float64, ...float64) float64)),
	expr.Function("max", func(a ...any) (any, error) {
		m := a[0].(float64)
		for _, v := range a[1:] {
			m = max(m, v.(float64))
		}
		return m, nil
	}, new(func(float64, float64, ...float64) float64)),
	expr.Function("floor", func(a ...any) (any, error) {
		return math.Floor(a[0].(float64)), nil
	}, new(func(float64) float64)),
	expr.Function("round", func(a ...any) (any, error) {
		return math.Round(a[0].(float64)), nil
	}, new(func(float64) float64)),
}

// Program is a compiled formula. Eval is not safe for concurrent use; Clone gives each goroutine its own.
type Program struct {
	src  string
	text string      // the translated expr program
	code *vm.Program // shared by clones
	used []int       // indexes into words of the words the formula mentions
	fns  []int       // indexes into functions of the functions it calls
	vm   vm.VM
}

// Compile parses a formula written in the DTM language, translates it into an expr program and compiles it.
// A blank formula is 0. Errors are *Error.
func Compile(src string, kind Kind) (*Program, error) {
	tree, err := parse(src, kind)
	if err != nil {
		return nil, err
	}
	p := &Program{src: src}
	var t translator
	p.text, _ = t.emit(tree)
	for i := range words {
		if t.words[i] {
			p.used = append(p.used, i)
		}
	}
	for i := range functions {
		if t.fns[i] {
			p.fns = append(p.fns, i)
		}
	}
	p.code, err = expr.Compile(p.text, options...)
	if err != nil {
		// Unreachable for a formula the parser accepts (the fuzz test checks it); reported, not hidden.
		return nil, &Error{Src: src, Col: 1, Msg: fmt.Sprintf("internal error: cannot compile %q: %v", p.text, err)}
	}
	p.vm.MemoryBudget = memoryBudget
	return p, nil
}

// Eval evaluates the formula with the words' values in env. The result is always a finite number when err
// is nil; an error wraps ErrNotFinite when the value overflows or a word used is NaN or infinite.
func (p *Program) Eval(env *Env) (float64, error) {
	for _, i := range p.used {
		if v := *words[i].ptr(env); math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("formula %q: word %s is %v: %w", p.src, words[i].name, v, ErrNotFinite)
		}
	}
	out, err := p.vm.Run(p.code, env)
	if err != nil {
		return 0, fmt.Errorf("formula %q: %w", p.src, err)
	}
	v := out.(float64)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("formula %q: value overflows (%v): %w", p.src, v, ErrNotFinite)
	}
	return v + 0, nil // + 0 turns -0 into 0
}

// Clone returns a Program that shares the compiled code but has its own VM, for use in another goroutine.
func (p *Program) Clone() *Program {
	c := &Program{src: p.src, text: p.text, code: p.code, used: p.used, fns: p.fns}
	c.vm.MemoryBudget = memoryBudget
	return c
}

// Uses reports whether the formula mentions the word or function (case-insensitive).
func (p *Program) Uses(name string) bool {
	name = strings.ToLower(name)
	for _, i := range p.used {
		if words[i].name == name {
			return true
		}
	}
	for _, i := range p.fns {
		if functions[i].name == name {
			return true
		}
	}
	return false
}

// Source returns the director's text.
func (p *Program) Source() string { return p.src }

// Expr returns the translated expr program text (for `dtm formula -v`).
func (p *Program) Expr() string { return p.text }

// Precedences of the expr text emitted by translator: an operand is parenthesised when its precedence is
// lower than its operator's (or equal, on the right of a left-associative operator).
const (
	precAdd   = 30 // + -
	precMul   = 60 // *
	precUnary = 90 // - sign
	precAtom  = 100
)

// translator turns a syntax tree into expr text with every coercion explicit: literals are floats,
// comparisons are num(a > b), division is div(a, b), words are Env fields. It notes the words and
// functions used.
type translator struct {
	words [len(words)]bool
	fns   [len(functions)]bool
}

// emit returns the expr text of n and its precedence.
func (t *translator) emit(n node) (string, int) {
	switch n := n.(type) {
	case numNode:
		s := strconv.FormatFloat(n.v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s, precAtom
	case wordNode:
		t.words[n.w] = true
		return words[n.w].field, precAtom
	case unaryNode:
		x, prec := t.emit(n.x)
		if n.op == '+' {
			return x, prec
		}
		if prec <= precUnary {
			x = "(" + x + ")"
		}
		return "-" + x, precUnary
	case callNode:
		t.fns[n.f] = true
		args := make([]string, len(n.args))
		for i, a := range n.args {
			args[i], _ = t.emit(a)
		}
		return functions[n.f].name + "(" + strings.Join(args, ", ") + ")", precAtom
	case binaryNode:
		x, px := t.emit(n.x)
		y, py := t.emit(n.y)
		switch n.op {
		case '/':
			return "div(" + x + ", " + y + ")", precAtom
		case '=', '<', '>', '^':
			op := map[byte]string{'=': "==", '<': "<", '>': ">", '^': ">="}[n.op]
			return "num(" + x + " " + op + " " + y + ")", precAtom
		}
		prec := precAdd
		if n.op == '*' {
			prec = precMul
		}
		if px < prec {
			x = "(" + x + ")"
		}
		if py <= prec {
			y = "(" + y + ")"
		}
		return x + " " + string(n.op) + " " + y, prec
	}
	panic(fmt.Sprintf("formula: unknown node %T", n))
}
