package files

import (
	"encoding/json"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"testing"
)

func TestNeutralise(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"=SUM(A1)": "'=SUM(A1)", "+1": "'+1", "-cmd": "'-cmd", "@x": "'@x", "\tx": "'\tx",
		"Ann Smith": "Ann Smith", "": "", "O'Neil": "O'Neil", "a=b": "a=b",
	} {
		if got := Neutralise(in); got != want {
			t.Errorf("Neutralise(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOutcomeReportJSON(t *testing.T) {
	t.Parallel()
	none, _ := json.Marshal(NewOutcomeReport(scoring.Outcome{}))
	if string(none) != `{"victory":null,"draw_vote_years":[]}` {
		t.Errorf("no victory: %s", none)
	}
	won, _ := json.Marshal(NewOutcomeReport(scoring.Outcome{Victory: &scoring.Victory{Year: 1908, Power: dip.Germany, Centres: 12}, DrawVoteYears: []int{1907}}))
	if string(won) != `{"victory":{"year":1908,"power":"ger","centres":12},"draw_vote_years":[1907]}` {
		t.Errorf("victory: %s", won)
	}
}

func TestGameReport(t *testing.T) {
	t.Parallel()
	var res scoring.Result
	res.Scores[dip.France] = 26
	res.Words[dip.France].Scs = 9
	r := NewGameReport(res)
	if r.Scores["fra"] != 26 || r.Words["fra"]["scs"] != 9 || len(r.Words) != 7 || len(r.Words["aus"]) != 33 {
		t.Errorf("report %+v", r)
	}
}
