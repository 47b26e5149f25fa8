package scoring

import "testing"

func TestNeutralise(t *testing.T) {
	for in, want := range map[string]string{
		"=SUM(A1)": "'=SUM(A1)", "+1": "'+1", "-cmd": "'-cmd", "@x": "'@x", "\tx": "'\tx",
		"Ann Smith": "Ann Smith", "": "", "O'Neil": "O'Neil", "a=b": "a=b",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}
