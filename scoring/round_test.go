package scoring

import (
	"math"
	"strconv"
	"testing"
)

// TestRoundTo checks the one rounding rule on the figures that reached
// federations with binary noise, and on the halves a person rounds up.
func TestRoundTo(t *testing.T) {
	tests := []struct {
		v    float64
		d    int
		want string
	}{
		{58.333332999999996, 6, "58.333333"},
		{54.666667000000004, 6, "54.666667"},
		{91.80000000000001, 6, "91.8"},
		{1.7000000000000002, 4, "1.7"},
		{129.07999999999998, 6, "129.08"},
		{58.33 + 54.67, 6, "113"},
		{175.0 / 3, 2, "58.33"},
		{2.675, 2, "2.68"},   // the float is 2.67499999...: rounded as typed
		{-2.675, 2, "-2.68"}, // halves away from zero
		{0.5, 0, "1"},
		{-0.5, 0, "-1"},
		{9.995, 2, "10"},
		{99.5, 0, "100"},
		{-0.001, 2, "0"}, // no -0
		{12, 2, "12"},
		{-12, 4, "-12"},
		{math.Copysign(0, -1), 4, "0"}, // whole numbers too: no -0
		{1 << 53, 0, "9007199254740992"},
		{-(1 << 53) - 2, 4, "-9007199254740994"},
		{1e21, 2, "1e+21"},
	}
	for _, tc := range tests {
		got := strconv.FormatFloat(RoundTo(tc.v, tc.d), 'f', -1, 64)
		if tc.v == 1e21 {
			got = strconv.FormatFloat(RoundTo(tc.v, tc.d), 'g', -1, 64)
		}
		if got != tc.want {
			t.Errorf("RoundTo(%v, %d) = %s, want %s", tc.v, tc.d, got, tc.want)
		}
	}
}
