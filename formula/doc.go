// Package formula reads, checks and evaluates the scoring formulae of a DTM scoring system: the small
// arithmetic language of the 2003 ARMADA Diplomacy Tournament Manager, with a few extensions, translated into
// a locked-down expr program that is compiled once and run for every power of every game.
//
// This comment is also the language reference for tournament directors.
//
// # Formulae
//
// A scoring system has nine formulae: the provisional score, "Elimination or survival", and seven more for
// "Solo victory" to "Seven-way draw" (or "Highest final SC count" to "Seventh-most SC's"). Each is evaluated
// once per power, with the words below standing for numbers about that power's game. A blank formula is 0.
//
// A formula is made of numbers, words, operators, parentheses and (as an extension) functions. Spaces are
// optional and ignored, line breaks included. Words and function names may be written in any case: SCS, Scs
// and scs are the same word.
//
// Numbers are written in decimal with an optional decimal point: 3, 0.5 and .5 are numbers. Not accepted:
// "5." (a point must be followed by a digit), "1,5" (the decimal separator is a point) and "1e5" (no
// exponents). A minus before a number is the sign operator: -2 * yrs is (-2) * yrs.
//
// # Operators and precedence
//
// From the loosest binding to the tightest:
//
//	=              equal-to: 1 if both sides are equal, 0 otherwise
//	<  >  ^        less-than, greater-than, greater-than-or-equal (^ is NOT a power): 1 or 0
//	+  -           addition, subtraction
//	*  /           multiplication, division (division by zero gives 0)
//	-  +           sign of the number, word or parenthesis that follows
//
// Operators of the same level are evaluated left to right. Parentheses group as usual. The manual's
// sentence that "all of the mathematical and other operations have the same precedence" is contradicted by
// the sentence after it and by its own examples; this is the order they require. Worked examples:
//
//	2 + 3 * 4               = 2 + 12 = 14
//	12 - 2 - 3              = (12 - 2) - 3 = 7
//	12 / 2 / 3              = (12 / 2) / 3 = 2
//	scs = ldr - 1           = scs = (ldr - 1): 1 for a power one centre behind the leader, else 0
//	1 < 2 < 1               = (1 < 2) < 1 = 1 < 1 = 0
//	prov / sump * 100       = (prov / sump) * 100: a share of 100 points
//	-2 * yrs                = (-2) * yrs: with yrs = 7, -14
//	(0 - 5)                 = -5, the same as -5
//	2 ^ 2                   = 1 (2 is greater than or equal to 2)
//	(scs > 17) * 73         = 73 for a power with 18 or more centres, else 0
//	10 / (big - big)        = 0 (division by zero)
//
// There is no less-or-equal and no not-equal operator: "a <= b" is written "b ^ a", and "a differs from b" is
// "(a = b) = 0".
//
// # Words
//
// Each word is a number about one power (the "player") in one game. These 26 are those of the 2003 DTM manual:
//
//   - aus eng fra ger ita rus tur: 1 if the player played that power, else 0.
//   - yrs: the player's final game-year minus 1900: the year of elimination for an eliminated power,
//     otherwise the game's last year (the solo year in a solo). A power out in 1901 has yrs = 1.
//   - scs: the player's final supply-centre count.
//   - num: in Win/Draw scoring, the size of the winning set (1 for a solo), the same for every power, losers
//     included. In Rank by SC count, the number of powers owning at least one centre (so it cannot signal a
//     solo: use ldr > 17). In Both, the size of the winning set the player belongs to, 0 if none.
//   - big: the number of powers with strictly more centres than the player (for an eliminated power, the
//     number of survivors).
//   - tie: the number of OTHER powers with the same number of centres; always 0 for an eliminated power.
//   - srv: in Win/Draw and Both, 34 minus the centres of the winning powers (neutral centres count as not
//     owned by them). In Rank, 34 minus ldr (one leader's count, even when the lead is shared).
//   - ldr: the largest final centre count on the board.
//   - prov: the value of the provisional formula for the player. Outside Both scoring it is never added to
//     the score by itself, so it serves as a free per-power helper (with prov = scs * scs, the formula
//     prov / sump * 100 is Sum of Squares). In Both scoring it is added to every power's score, eliminated
//     ones included.
//   - sump avgp mulp minp maxp: the sum, average (sump / 7), product, smallest and largest of prov over all
//     seven powers, eliminated ones included.
//   - ctrs: the sum of the player's centres at the end of each game-year from 1901 to its final year
//     (starting counts excluded). These words need the year-by-year centre chart.
//   - sumc avgc mulc minc maxc: the sum, average, product, smallest and largest of ctrs over the seven
//     powers.
//
// These 7 words are extensions beyond the 2003 DTM:
//
//   - elb: for an eliminated power, the number of eliminated powers eliminated in a later year; 0 for a
//     survivor. (An eliminated power's place in the order of elimination is big + elb + 1, shared with elt
//     others.)
//   - elt: for an eliminated power, the number of OTHER powers eliminated in the same year; 0 for a survivor.
//   - sec: the centres of the power second when all seven are sorted by centres (= ldr if the top is shared).
//   - low: the total centres of the powers with fewer centres than the player.
//   - hbg: like big, but ties on final centres are broken by the most recent earlier recorded year in which
//     the counts differed (years missing from the chart are skipped).
//   - hti: like tie, but counting only the powers equal to the player in every recorded year; not forced to
//     0 for an eliminated power.
//   - cnc: 1 if the single winner was conceded to (by a vote), 0 if the win was achieved on the board.
//
// # Functions
//
// Functions are extensions beyond the 2003 DTM. Arguments are formulae, separated by commas:
//
//	min(a, b, ...)   the smallest of two or more values: min(scs, 10) caps a centre count at 10
//	max(a, b, ...)   the largest of two or more values: max(0, 50 - 10 * big) never goes negative
//	floor(x)         x rounded down to a whole number: floor(2.7) = 2, floor(-2.5) = -3
//	round(x)         x rounded to the nearest whole number, halves away from zero: round(2.5) = 3,
//	                 round(-2.5) = -3, round(2.49) = 2. There is no round(x, digits).
//
// A comma written between two numbers without a space, as in min(scs, 1,5), is refused: it may be a
// decimal comma (write 1.5); write 1, 5 for two arguments.
//
// Every formula written for the 2003 DTM means the same here: the extensions only add names that were
// errors in 2003.
//
// # The provisional formula
//
// The provisional formula is evaluated for all seven powers before the others. It may use every word except
// prov, sump, avgp, mulp, minp and maxp, which are computed from its own values: using one is an error.
//
// # Arithmetic
//
// Arithmetic is on real numbers (64-bit binary floating point), not integers: 7 / 2 = 3.5. Comparisons give
// exactly 1 or 0, and = means exactly equal, so with fractions beware rounding: 0.1 + 0.2 = 0.3 is 0, as
// 0.1 and 0.2 have no exact binary form. Whole numbers are exact, and so is every word except the
// averages avgp and avgc. Division by zero gives 0.
// A formula whose value would exceed about 1.8e308 in size (say, mulc * mulc * mulc * mulc with big
// products) is reported as an error when it is evaluated, never turned into a wrong score; an overflow
// inside a comparison compares as infinitely large. A result of minus zero is reported as 0.
//
// # Errors
//
// A formula is checked when the scoring system is read. An error names the problem and the column (counted
// in characters from 1) in the director's own text, often with a hint, and can be shown with a caret:
//
//	unknown word "scss" at column 13; did you mean "scs"?
//	(scs>17)*73+scss
//	            ^
//
// The messages:
//
//   - unknown word "w": w is not one of the words; the hint suggests a word or function within one typing
//     mistake (two for names of four letters or more).
//   - unknown function "f": a name followed by "(" that is not min, max, floor or round.
//   - function "min" needs its arguments in parentheses: a function name used as a word.
//   - floor takes 1 argument, not 2 / min takes at least 2 arguments, not 1: wrong number of arguments.
//   - "prov" cannot be used in the provisional formula: see above.
//   - missing operator before "x": two operands in a row, as in "2 yrs" or "scs (1 + 2)"; write "*" to
//     multiply.
//   - missing operand before "*" / missing operand after "+": an operator with nothing on one side.
//   - empty parentheses: "()" with nothing inside.
//   - unclosed "(": a "(" whose ")" never comes (the caret shows the "(").
//   - unmatched ")": a ")" with no "(" before it.
//   - unexpected ",": a comma outside a function's arguments, often a decimal comma: write 0.5, not 0,5.
//   - ">=" is not an operator (also "<=", "==", "!=", "<>", "**"): the hint gives the DTM way to write it.
//   - unexpected character '#': a character that has no place in a formula.
//   - malformed number "5.": a decimal point not followed by a digit, or two points in a number.
//   - number ... is too large: a number beyond about 1.8e308.
//   - formula too long: more than 2000 characters.
//   - formula nested too deeply: more than 50 levels of parentheses, function calls and signs.
//
// When a formula is evaluated, the only possible errors are an overflow (see Arithmetic) and a word whose
// value is not a finite number.
//
// # Translation into expr
//
// Compile translates the formula into an expr (github.com/expr-lang/expr) program in which every conversion
// is visible, and Program.Expr returns it: numbers become float literals, words become fields of Env,
// comparisons become num(a > b) (num turns true and false into 1 and 0; ^ becomes >=, = becomes ==), and
// division becomes div(a, b), which is 0 when b is 0. The C-Diplo first-place formula
//
//	(scs>17) * 73 + (scs<18) * (1 + scs + (38 + (tie>0) * 14 + (tie>1) * 7)) / (tie + 1)
//
// becomes
//
//	num(Scs > 17.0) * 73.0 + div(num(Scs < 18.0) * (1.0 + Scs + (38.0 + num(Tie > 0.0) * 14.0 + num(Tie > 1.0) * 7.0)), Tie + 1.0)
//
// The program is compiled with no expr builtins, only the functions num, div, min, max, floor and round
// (floats only), a limit on its size, and a memory budget when it runs: a formula can compute a number and
// nothing else.
package formula
