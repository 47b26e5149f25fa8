package scoring

import (
	"math"
	"strconv"
	"strings"
)

// TotalDecimals is the precision of totals: sums of game scores of at most
// this many decimals are exact at it, so rounding to it removes the binary
// noise of adding (58.33 + 54.67 is 113, not 113.00000000000001).
const TotalDecimals = 6

// RoundTo rounds v to d decimals (d >= 0), halves away from zero, as a
// person rounds the number's shortest decimal form: 2.675 to 2 decimals is
// 2.68, although the float nearest 2.675 is slightly below it. The result
// is the float nearest the rounded decimal, so it prints without binary
// noise (91.8, not 91.80000000000001); -0 becomes 0. NaN and infinities
// are returned as they are.
func RoundTo(v float64, d int) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return v
	}
	if d >= 0 && v == math.Trunc(v) && math.Abs(v) < 1<<53 {
		return v + 0 // a whole number prints without decimals: most scores, at no formatting
	}
	s := strconv.FormatFloat(math.Abs(v), 'f', -1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) <= d {
		return v + 0 // already at most d decimals; + 0 turns -0 into 0
	}
	digits := []byte(whole + frac[:d])
	if frac[d] >= '5' { // half away from zero: carry one into the kept digits
		i := len(digits) - 1
		for ; i >= 0 && digits[i] == '9'; i-- {
			digits[i] = '0'
		}
		if i < 0 {
			digits = append([]byte{'1'}, digits...)
		} else {
			digits[i]++
		}
	}
	n := len(digits) - d
	r, err := strconv.ParseFloat(string(digits[:n])+"."+string(digits[n:]), 64)
	if err != nil || r == 0 {
		return 0 // digits are always a number; only 0 lands here
	}
	if v < 0 {
		return -r
	}
	return r
}

// roundTotal rounds a sum of scores to TotalDecimals.
func roundTotal(v float64) float64 { return RoundTo(v, TotalDecimals) }
