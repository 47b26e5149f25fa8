package xlsx

import "testing"

func TestProblemString(t *testing.T) {
	for _, tc := range []struct {
		p    Problem
		want string
	}{
		{Problem{Sheet: "Heat 1", Cell: "B7", Msg: "no such player", Hint: "check the name"}, "'Heat 1'!B7: no such player; check the name"},
		{Problem{Sheet: "Players", Msg: "the sheet is missing"}, "Players: the sheet is missing"},
		{Problem{File: "results.csv", Line: 3, Msg: "no board", Detail: "a\nb"}, "results.csv:3: no board\n    a\n    b"},
		{Problem{File: "results.csv", Msg: "empty"}, "results.csv: empty"},
		{Problem{Msg: "the file as a whole"}, "the file as a whole"},
	} {
		if got := tc.p.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.p, got, tc.want)
		}
	}
}
