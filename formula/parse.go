package formula

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// Limits on a formula, so that no formula can make compiling or running it expensive.
const (
	maxLen   = 2000 // runes in a formula
	maxDepth = 50   // nested parentheses, function calls and unary signs
)

// tokKind is the kind of a token.
type tokKind int

const (
	tEOF tokKind = iota
	tNum
	tWord
	tOp // + - * / = < > ^
	tLParen
	tRParen
	tComma
)

// token is one lexical element of a formula.
type token struct {
	kind tokKind
	text string  // as typed
	col  int     // 1-based column in runes
	num  float64 // value of a tNum
}

// node is a node of the syntax tree.
type node interface{ isNode() }

type (
	numNode  struct{ v float64 }
	wordNode struct{ w int } // index into words
	// unaryNode is a sign: op is '-' or '+'.
	unaryNode struct {
		op byte
		x  node
	}
	// binaryNode is an operator: op is one of + - * / = < > ^.
	binaryNode struct {
		op   byte
		x, y node
	}
	callNode struct {
		f    int // index into functions
		args []node
	}
)

func (numNode) isNode()    {}
func (wordNode) isNode()   {}
func (unaryNode) isNode()  {}
func (binaryNode) isNode() {}
func (callNode) isNode()   {}

// bailout carries a parse error up the parser's call stack to parse.
type bailout struct{ err *Error }

// parser is a recursive-descent parser over the tokens of one formula.
type parser struct {
	src   string
	kind  Kind
	toks  []token
	pos   int
	depth int
}

// parse parses src into a syntax tree; a blank formula is the number 0.
func parse(src string, kind Kind) (tree node, err error) {
	p := &parser{src: src, kind: kind}
	defer func() {
		if r := recover(); r != nil {
			b, ok := r.(bailout)
			if !ok {
				panic(r)
			}
			tree, err = nil, b.err
		}
	}()
	if n := len([]rune(src)); n > maxLen {
		p.fail(maxLen+1, fmt.Sprintf("formula too long (%d characters; at most %d)", n, maxLen), "")
	}
	p.lex()
	if p.peek().kind == tEOF {
		return numNode{0}, nil
	}
	tree = p.expr()
	if t := p.peek(); t.kind != tEOF {
		p.unexpected(t)
	}
	return tree, nil
}

// fail stops parsing with an error at column col.
func (p *parser) fail(col int, msg, hint string) {
	panic(bailout{&Error{Src: p.src, Col: col, Msg: msg, Hint: hint}})
}

// lex splits the source into tokens, ending with tEOF.
func (p *parser) lex() {
	rs := []rune(p.src)
	i := 0
	for i < len(rs) {
		r, col := rs[i], i+1
		switch {
		case unicode.IsSpace(r):
			i++
		case isDigit(r) || r == '.':
			i = p.lexNumber(rs, i)
		case unicode.IsLetter(r):
			j := i
			for j < len(rs) && (unicode.IsLetter(rs[j]) || isDigit(rs[j]) || rs[j] == '_') {
				j++
			}
			p.toks = append(p.toks, token{kind: tWord, text: string(rs[i:j]), col: col})
			i = j
		case strings.ContainsRune("+-*/=<>^", r):
			if i+1 < len(rs) {
				p.checkPair(string(rs[i:i+2]), col)
			}
			p.toks = append(p.toks, token{kind: tOp, text: string(r), col: col})
			i++
		case r == '(':
			p.toks = append(p.toks, token{kind: tLParen, text: "(", col: col})
			i++
		case r == ')':
			p.toks = append(p.toks, token{kind: tRParen, text: ")", col: col})
			i++
		case r == ',':
			p.toks = append(p.toks, token{kind: tComma, text: ",", col: col})
			i++
		case r == '!' && i+1 < len(rs) && rs[i+1] == '=':
			p.checkPair("!=", col)
		default:
			p.fail(col, fmt.Sprintf("unexpected character %q", r), "")
		}
	}
	p.toks = append(p.toks, token{kind: tEOF, col: len(rs) + 1})
}

// pairHints says what DTM writes instead of two-character operators from other languages.
var pairHints = map[string]string{
	">=": `write "^" for greater-than-or-equal`,
	"<=": `write "b ^ a" for "a <= b"`,
	"==": `write a single "=" for equal-to`,
	"!=": `write "(a = b) = 0" for not-equal`,
	"<>": `write "(a = b) = 0" for not-equal`,
	"**": `there is no power operator; multiply, e.g. "scs * scs"`,
}

// checkPair rejects a two-character operator from another language.
func (p *parser) checkPair(pair string, col int) {
	if h, ok := pairHints[pair]; ok {
		p.fail(col, fmt.Sprintf("%q is not an operator", pair), h)
	}
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// lexNumber lexes the number starting at rs[i] (a digit or '.') and returns the index after it.
// A number is digits with an optional decimal part: "12", "0.5" and ".5" are numbers, "5." is not.
func (p *parser) lexNumber(rs []rune, i int) int {
	start := i
	for i < len(rs) && isDigit(rs[i]) {
		i++
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		frac := i
		for i < len(rs) && isDigit(rs[i]) {
			i++
		}
		if i == frac {
			if frac-1 == start {
				p.fail(start+1, `unexpected character '.'`, "")
			}
			p.fail(start+1, fmt.Sprintf("malformed number %q", string(rs[start:i])),
				"a decimal point must be followed by a digit, as in 5.0")
		}
	}
	if i < len(rs) && rs[i] == '.' {
		for i < len(rs) && (isDigit(rs[i]) || rs[i] == '.') {
			i++
		}
		p.fail(start+1, fmt.Sprintf("malformed number %q", string(rs[start:i])), "a number has at most one decimal point")
	}
	text := string(rs[start:i])
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		p.fail(start+1, fmt.Sprintf("number %s is too large", text), "")
	}
	p.toks = append(p.toks, token{kind: tNum, text: text, col: start + 1, num: v})
	return i
}

func (p *parser) peek() token { return p.toks[p.pos] }

func (p *parser) next() token {
	t := p.toks[p.pos]
	if t.kind != tEOF {
		p.pos++
	}
	return t
}

// levels lists the binary operators by precedence, lowest first. All are left-associative.
var levels = []string{"=", "<>^", "+-", "*/"}

// expr parses a whole expression.
func (p *parser) expr() node { return p.binary(0) }

// binary parses a left-associative chain of the operators of the given level.
func (p *parser) binary(level int) node {
	if level == len(levels) {
		return p.unary()
	}
	x := p.binary(level + 1)
	for {
		t := p.peek()
		if t.kind != tOp || !strings.Contains(levels[level], t.text) {
			return x
		}
		p.next()
		x = binaryNode{op: t.text[0], x: x, y: p.binary(level + 1)}
	}
}

// enter counts one level of nesting at token t and fails beyond maxDepth; leave undoes it.
func (p *parser) enter(t token) {
	p.depth++
	if p.depth > maxDepth {
		p.fail(t.col, fmt.Sprintf("formula nested too deeply (more than %d levels)", maxDepth), "")
	}
}

func (p *parser) leave() { p.depth-- }

// unary parses signs (binding tighter than * and /) and a primary.
func (p *parser) unary() node {
	t := p.peek()
	if t.kind == tOp && (t.text == "-" || t.text == "+") {
		p.next()
		p.enter(t)
		defer p.leave()
		return unaryNode{op: t.text[0], x: p.unary()}
	}
	return p.primary()
}

// primary parses a number, a word, a function call or a parenthesised expression.
func (p *parser) primary() node {
	t := p.peek()
	switch t.kind {
	case tNum:
		p.next()
		return numNode{t.num}
	case tWord:
		p.next()
		if p.peek().kind == tLParen {
			if f, ok := funcIndex[strings.ToLower(t.text)]; ok {
				return p.call(t, f)
			}
			if _, ok := wordIndex[strings.ToLower(t.text)]; !ok {
				p.unknownFunction(t)
			}
		}
		return p.word(t)
	case tLParen:
		p.next()
		p.enter(t)
		defer p.leave()
		if p.peek().kind == tRParen {
			p.fail(p.peek().col, "empty parentheses", "")
		}
		x := p.expr()
		p.closeParen(t)
		return x
	}
	p.missingOperand(t)
	return nil
}

// closeParen consumes the ")" matching the "(" at open.
func (p *parser) closeParen(open token) {
	switch t := p.peek(); t.kind {
	case tRParen:
		p.next()
	case tEOF:
		p.fail(open.col, `unclosed "("`, `add ")" to close it`)
	default:
		p.unexpected(t)
	}
}

// word resolves a word token.
func (p *parser) word(t token) node {
	name := strings.ToLower(t.text)
	if w, ok := wordIndex[name]; ok {
		if p.kind == Provisional && circular[name] {
			p.fail(t.col, fmt.Sprintf("%q cannot be used in the provisional formula", t.text),
				"prov, sump, avgp, mulp, minp and maxp are computed from the provisional formula itself")
		}
		return wordNode{w}
	}
	if f, ok := funcIndex[name]; ok {
		example := name + "(x)"
		if functions[f].minArgs > 1 {
			example = name + "(a, b)"
		}
		p.fail(t.col, fmt.Sprintf("function %q needs its arguments in parentheses", t.text),
			fmt.Sprintf("write it like %s", example))
	}
	hint := ""
	if s := suggest(name, append(wordNames(p.kind), funcNames()...)); s != "" {
		hint = fmt.Sprintf("did you mean %q?", s)
	}
	p.fail(t.col, fmt.Sprintf("unknown word %q", t.text), hint)
	return nil
}

// unknownFunction reports an unknown name followed by "(".
func (p *parser) unknownFunction(t token) {
	name := strings.ToLower(t.text)
	hint := "the functions are min, max, floor and round"
	if s := suggest(name, funcNames()); s != "" {
		hint = fmt.Sprintf("did you mean %q?", s)
	}
	p.fail(t.col, fmt.Sprintf("unknown function %q", t.text), hint)
}

// call parses the arguments of function f named by token name; the next token is "(".
func (p *parser) call(name token, f int) node {
	open := p.next()
	p.enter(open)
	defer p.leave()
	var args []node
	if p.peek().kind == tRParen {
		p.next()
	} else {
		for {
			args = append(args, p.expr())
			if p.peek().kind == tComma {
				p.decimalComma(p.next())
				continue
			}
			p.closeParen(open)
			break
		}
	}
	fn := functions[f]
	switch {
	case fn.maxArgs == fn.minArgs && len(args) != fn.minArgs:
		p.fail(name.col, fmt.Sprintf("%s takes %d argument, not %d", fn.name, fn.minArgs, len(args)), "")
	case len(args) < fn.minArgs:
		p.fail(name.col, fmt.Sprintf("%s takes at least %d arguments, not %d", fn.name, fn.minArgs, len(args)), "")
	}
	return callNode{f: f, args: args}
}

// decimalComma refuses a comma written between two numbers without a
// space, as in min(scs, 1,5): a European decimal comma would otherwise be
// read as two arguments without a word.
func (p *parser) decimalComma(comma token) {
	prev, next := p.toks[p.pos-2], p.peek()
	if prev.kind == tNum && next.kind == tNum && prev.col+len([]rune(prev.text)) == comma.col && comma.col+1 == next.col {
		p.fail(prev.col, fmt.Sprintf("%q: a decimal comma?", prev.text+","+next.text),
			fmt.Sprintf("write %s.%s for a decimal, or %s, %s (with a space) for two arguments", prev.text, next.text, prev.text, next.text))
	}
}

// missingOperand reports token t found where a number, word or "(" should start.
func (p *parser) missingOperand(t token) {
	prev := token{}
	if p.pos > 0 {
		prev = p.toks[p.pos-1]
	}
	switch {
	case t.kind == tEOF:
		p.fail(t.col, fmt.Sprintf("missing operand after %q", prev.text), "")
	case t.kind == tComma || t.kind == tRParen && prev.kind == tComma:
		p.fail(t.col, fmt.Sprintf("missing operand before %q", t.text), "each argument of a function must be a formula")
	}
	p.fail(t.col, fmt.Sprintf("missing operand before %q", t.text), "")
}

// unexpected reports token t found after a complete operand, where an operator, ")" or the end should be.
func (p *parser) unexpected(t token) {
	switch t.kind {
	case tRParen:
		p.fail(t.col, `unmatched ")"`, `remove it or add a "(" before it`)
	case tComma:
		p.fail(t.col, `unexpected ","`, "commas only separate the arguments of min and max; decimals are written with a point, as in 0.5")
	}
	hint := `write "*" to multiply`
	prev, w := p.toks[p.pos-1], strings.ToLower(t.text)
	if prev.kind == tNum && t.kind == tWord && prev.col+len(prev.text) == t.col &&
		len(w) > 1 && w[0] == 'e' && strings.Trim(w[1:], "0123456789") == "" { // 1e5
		hint = "numbers are written without exponents, as in 100000"
	}
	p.fail(t.col, fmt.Sprintf("missing operator before %q", t.text), hint)
}
