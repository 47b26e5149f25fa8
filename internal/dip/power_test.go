package dip

import "testing"

func TestParsePower(t *testing.T) {
	tests := []struct {
		in   string
		want Power
		ok   bool
	}{
		{"aus", Austria, true}, {" Austria ", Austria, true}, {"ENGLAND", England, true}, {"Fra", France, true},
		{"ger", Germany, true}, {"italy", Italy, true}, {"RUS", Russia, true}, {"turkey", Turkey, true},
		{"A", 0, false}, {"", 0, false}, {"prussia", 0, false},
	}
	for _, tt := range tests {
		got, err := ParsePower(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParsePower(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
	for p := Austria; p < NumPowers; p++ {
		if q, err := ParsePower(p.Code()); err != nil || q != p {
			t.Errorf("code %q does not parse back to %s", p.Code(), p)
		}
		if q, err := ParsePower(p.String()); err != nil || q != p {
			t.Errorf("name %q does not parse back to %s", p.String(), p)
		}
	}
	if Turkey.String() != "Turkey" || Turkey.Code() != "tur" || Board.String() != "board" {
		t.Errorf("names: %q %q %q", Turkey, Turkey.Code(), Board)
	}
}
