package formula

import (
	"errors"
	"strings"
	"testing"
)

// errorCases are bad formulae with the message, column and hint a director must see. Columns are counted by
// hand in runes from 1.
var errorCases = []struct {
	src  string
	kind Kind
	col  int
	msg  string
	hint string
}{
	{"(scs>17)*73+scss", Score, 13, `unknown word "scss"`, `did you mean "scs"?`},
	{"SCSS", Score, 1, `unknown word "SCSS"`, `did you mean "scs"?`},
	{"ysr * 2", Score, 1, `unknown word "ysr"`, `did you mean "yrs"?`}, // transposition is one edit
	{"porv", Score, 1, `unknown word "porv"`, `did you mean "prov"?`},
	{"sumcc", Score, 1, `unknown word "sumcc"`, `did you mean "sumc"?`},
	{"scs + xyzzy", Score, 7, `unknown word "xyzzy"`, ""},
	{"flor", Score, 1, `unknown word "flor"`, `did you mean "floor"?`},
	{"provv", Provisional, 1, `unknown word "provv"`, ""}, // prov is not offered where it is forbidden
	{"a < b", Score, 1, `unknown word "a"`, ""},
	{"sçs", Score, 1, `unknown word "sçs"`, `did you mean "scs"?`},
	{"mx(1, 2)", Score, 1, `unknown function "mx"`, `did you mean "max"?`},
	{"2 * sqrt(scs)", Score, 5, `unknown function "sqrt"`, "the functions are min, max, floor and round"},
	{"scss(2)", Score, 1, `unknown function "scss"`, "the functions are min, max, floor and round"},
	{"min + 1", Score, 1, `function "min" needs its arguments in parentheses`, "write it like min(a, b)"},
	{"1 + Round", Score, 5, `function "Round" needs its arguments in parentheses`, "write it like round(x)"},
	{"floor(1, 2)", Score, 1, "floor takes 1 argument, not 2", ""},
	{"1 + round()", Score, 5, "round takes 1 argument, not 0", ""},
	{"min(scs)", Score, 1, "min takes at least 2 arguments, not 1", ""},
	{"max()", Score, 1, "max takes at least 2 arguments, not 0", ""},
	{"min(1,,2)", Score, 7, `missing operand before ","`, "each argument of a function must be a formula"},
	{"min(1, 2,)", Score, 10, `missing operand before ")"`, "each argument of a function must be a formula"},
	{"min(1 2)", Score, 7, `missing operator before "2"`, `write "*" to multiply`},
	{"min(1, 2", Score, 4, `unclosed "("`, `add ")" to close it`},
	{"prov * 2", Provisional, 1, `"prov" cannot be used in the provisional formula`,
		"prov, sump, avgp, mulp, minp and maxp are computed from the provisional formula itself"},
	{"scs / SUMP", Provisional, 7, `"SUMP" cannot be used in the provisional formula`,
		"prov, sump, avgp, mulp, minp and maxp are computed from the provisional formula itself"},
	{"(scs + 1", Score, 1, `unclosed "("`, `add ")" to close it`},
	{"((scs) + (1)", Score, 1, `unclosed "("`, `add ")" to close it`}, // the outer one is unclosed
	{"scs + 1)", Score, 8, `unmatched ")"`, `remove it or add a "(" before it`},
	{")", Score, 1, `missing operand before ")"`, ""},
	{"scs ()", Score, 5, `missing operator before "("`, `write "*" to multiply`},
	{"()", Score, 2, "empty parentheses", ""},
	{"2 * ( )", Score, 7, "empty parentheses", ""},
	{"scs yrs", Score, 5, `missing operator before "yrs"`, `write "*" to multiply`},
	{"2yrs", Score, 2, `missing operator before "yrs"`, `write "*" to multiply`},
	{"2 (scs)", Score, 3, `missing operator before "("`, `write "*" to multiply`},
	{"scs(2)", Score, 4, `missing operator before "("`, `write "*" to multiply`},
	{"(scs)(yrs)", Score, 6, `missing operator before "("`, `write "*" to multiply`},
	{"1e5", Score, 2, `missing operator before "e5"`, "numbers are written without exponents, as in 100000"},
	{"scs +", Score, 6, `missing operand after "+"`, ""},
	{"scs + (", Score, 8, `missing operand after "("`, ""},
	{"* 2", Score, 1, `missing operand before "*"`, ""},
	{"scs + * 2", Score, 7, `missing operand before "*"`, ""},
	{"scs = = 1", Score, 7, `missing operand before "="`, ""},
	{"scs >= 5", Score, 5, `">=" is not an operator`, `write "^" for greater-than-or-equal`},
	{"scs <= 5", Score, 5, `"<=" is not an operator`, `write "b ^ a" for "a <= b"`},
	{"scs == 5", Score, 5, `"==" is not an operator`, `write a single "=" for equal-to`},
	{"scs != 5", Score, 5, `"!=" is not an operator`, `write "(a = b) = 0" for not-equal`},
	{"scs <> 5", Score, 5, `"<>" is not an operator`, `write "(a = b) = 0" for not-equal`},
	{"scs ** 2", Score, 5, `"**" is not an operator`, `there is no power operator; multiply, e.g. "scs * scs"`},
	{"0,5 * scs", Score, 2, `unexpected ","`,
		"commas only separate the arguments of min and max; decimals are written with a point, as in 0.5"},
	{"min(scs, 1,5)", Score, 10, `"1,5": a decimal comma?`, "write 1.5 for a decimal, or 1, 5 (with a space) for two arguments"},
	{"max(2,5, yrs)", Score, 5, `"2,5": a decimal comma?`, "write 2.5 for a decimal, or 2, 5 (with a space) for two arguments"},
	{"scs # 2", Score, 5, `unexpected character '#'`, ""},
	{"scs % 2", Score, 5, `unexpected character '%'`, ""},
	{"!scs", Score, 1, `unexpected character '!'`, ""},
	{"scs\t+ $", Score, 7, `unexpected character '$'`, ""},
	{"é + scs × 2", Score, 9, `unexpected character '×'`, ""}, // columns count runes, not bytes
	{"5.", Score, 1, `malformed number "5."`, "a decimal point must be followed by a digit, as in 5.0"},
	{"1 + 5.x", Score, 5, `malformed number "5."`, "a decimal point must be followed by a digit, as in 5.0"},
	{"1.2.3", Score, 1, `malformed number "1.2.3"`, "a number has at most one decimal point"},
	{"scs + .", Score, 7, `unexpected character '.'`, ""},
	{"1" + strings.Repeat("0", 309), Score, 1, "number 1" + strings.Repeat("0", 309) + " is too large", ""},
}

func TestErrors(t *testing.T) {
	for _, c := range errorCases {
		_, err := Compile(c.src, c.kind)
		var fe *Error
		if !errors.As(err, &fe) {
			t.Errorf("Compile(%q) = %v, want *Error", c.src, err)
			continue
		}
		if fe.Col != c.col || fe.Msg != c.msg || fe.Hint != c.hint || fe.Src != c.src {
			t.Errorf("Compile(%q):\n got col %d msg %q hint %q src %q\nwant col %d msg %q hint %q",
				c.src, fe.Col, fe.Msg, fe.Hint, fe.Src, c.col, c.msg, c.hint)
		}
	}
}

func TestErrorText(t *testing.T) {
	_, err := Compile("(scs>17)*73+scss", Score)
	if err == nil {
		t.Fatal("no error")
	}
	if got, want := err.Error(), `unknown word "scss" at column 13; did you mean "scs"?`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	fe := err.(*Error)
	if got, want := fe.Caret(), "(scs>17)*73+scss\n            ^"; got != want {
		t.Errorf("Caret() =\n%s\nwant\n%s", got, want)
	}
	// No hint: no "; ". Control characters are shown as spaces so the caret stays under the token.
	e := &Error{Src: "scs\t+\n#", Col: 7, Msg: `unexpected character '#'`}
	if got, want := e.Error(), `unexpected character '#' at column 7`; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := e.Caret(), "scs + #\n      ^"; got != want {
		t.Errorf("Caret() = %q, want %q", got, want)
	}
	// A caret at the end of the formula goes just past the last character.
	_, err = Compile("scs +", Score)
	if got, want := err.(*Error).Caret(), "scs +\n     ^"; got != want {
		t.Errorf("Caret() = %q, want %q", got, want)
	}
}
