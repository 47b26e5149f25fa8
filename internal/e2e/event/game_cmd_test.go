package event

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
)

// frenchSolo is heat 1 board 1 of the sample: France grows to 18 centres in
// 1909 and is recorded as the winner then.
const frenchSolo = `{"final_year": 1909, "centres": {"aus": 0, "eng": 6, "fra": 18, "ger": 5, "ita": 3, "rus": 0, "tur": 2},
 "eliminated": {"aus": 1906, "rus": 1907}, "winners": ["fra"],
 "history": {"1901": {"aus": 4, "eng": 4, "fra": 5, "ger": 5, "ita": 4, "rus": 6, "tur": 4},
  "1902": {"aus": 3, "eng": 5, "fra": 6, "ger": 6, "ita": 4, "rus": 6, "tur": 4},
  "1903": {"aus": 2, "eng": 5, "fra": 8, "ger": 6, "ita": 4, "rus": 5, "tur": 4},
  "1904": {"aus": 2, "eng": 6, "fra": 10, "ger": 6, "ita": 3, "rus": 4, "tur": 3},
  "1905": {"aus": 1, "eng": 6, "fra": 12, "ger": 6, "ita": 3, "rus": 3, "tur": 3},
  "1906": {"aus": 0, "eng": 6, "fra": 14, "ger": 6, "ita": 3, "rus": 2, "tur": 3},
  "1907": {"aus": 0, "eng": 6, "fra": 15, "ger": 6, "ita": 3, "rus": 0, "tur": 4},
  "1908": {"aus": 0, "eng": 6, "fra": 17, "ger": 5, "ita": 3, "rus": 0, "tur": 3},
  "1909": {"aus": 0, "eng": 6, "fra": 18, "ger": 5, "ita": 3, "rus": 0, "tur": 2}}}`

// tiedLeaders: England and Turkey tie for the lead, both growing: 10 each in
// 1910 (target 12: short), 11 in 1911 (target 10: met), 12 in 1912 (target
// 8: met). Under regatta-2003 they met the target and grew for two
// consecutive years, 1911 and 1912: a two-way draw vote may be called in
// 1912. Nobody ever leads alone, so there is no victory.
const tiedLeaders = `{"final_year": 1912, "centres": {"aus": 0, "eng": 12, "fra": 5, "ger": 5, "ita": 0, "rus": 0, "tur": 12},
 "eliminated": {"aus": 1905, "ita": 1906, "rus": 1907}, "winners": ["eng", "tur"],
 "history": {"1910": {"aus": 0, "eng": 10, "fra": 7, "ger": 7, "ita": 0, "rus": 0, "tur": 10},
  "1911": {"aus": 0, "eng": 11, "fra": 6, "ger": 6, "ita": 0, "rus": 0, "tur": 11},
  "1912": {"aus": 0, "eng": 12, "fra": 5, "ger": 5, "ita": 0, "rus": 0, "tur": 12}}}`

func TestGameCommandJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		game, rule string
		victory    *struct{ year, centres int }
		power      string
		votes      []int
	}{
		{frenchSolo, "classic", &struct{ year, centres int }{1909, 18}, "fra", nil},
		// 1908: 17 centres >= 15, two more than anyone (England 6), grown from 15.
		{frenchSolo, "regatta-2002", &struct{ year, centres int }{1908, 17}, "fra", nil},
		{frenchSolo, "regatta-2003", &struct{ year, centres int }{1908, 17}, "fra", nil},
		// Norman: 1906 needs 15 (France 14); 1907 needs 14 (France 15, grown from 14).
		{frenchSolo, "norman", &struct{ year, centres int }{1907, 15}, "fra", nil},
		// norman-short-1 moves every target a year earlier: 1906 needs 14, France has 14 and grew.
		{frenchSolo, "norman-short-1", &struct{ year, centres int }{1906, 14}, "fra", nil},
		{tiedLeaders, "regatta-2003", nil, "", []int{1912}},
		{tiedLeaders, "regatta-2002", nil, "", nil},
	}
	for _, tc := range tests {
		code, out, errOut := clitest.Dtm(t, "game", "--json", "--victory", tc.rule, writeGame(t, tc.game))
		if code > 1 { // 1: the record disagrees (TestGameCommandDisagreementExits)
			t.Fatalf("%s: exit %d: %s", tc.rule, code, errOut)
		}
		var got struct {
			Victory *struct {
				Year    int
				Power   string
				Centres int
			}
			DrawVoteYears []int `json:"draw_vote_years"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || got.DrawVoteYears == nil {
			t.Fatalf("%s: not the documented JSON (%v): %s", tc.rule, err, out)
		}
		switch {
		case tc.victory == nil && got.Victory != nil:
			t.Errorf("%s: victory %+v, want none", tc.rule, got.Victory)
		case tc.victory != nil && (got.Victory == nil || got.Victory.Year != tc.victory.year || got.Victory.Centres != tc.victory.centres || got.Victory.Power != tc.power):
			t.Errorf("%s: victory %+v, want %s in %d with %d", tc.rule, got.Victory, tc.power, tc.victory.year, tc.victory.centres)
		}
		if len(got.DrawVoteYears) != len(tc.votes) || (len(tc.votes) > 0 && got.DrawVoteYears[0] != tc.votes[0]) {
			t.Errorf("%s: draw vote years %v, want %v", tc.rule, got.DrawVoteYears, tc.votes)
		}
	}
}

func TestGameCommandText(t *testing.T) {
	t.Parallel()
	_, out, _ := clitest.Dtm(t, "game", "--victory", "regatta-2002", writeGame(t, frenchSolo))
	for _, want := range []string{
		"Victory: France in 1908 with 17 centres (regatta-2002 needs 15 that year).",
		"the game should have ended in 1908",
		"The recorded result disagrees:",
		"Norman's ranking: Austria 7, England 2, France 1, Germany 3, Italy 4, Russia 6, Turkey 5",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	_, out, _ = clitest.Dtm(t, "game", writeGame(t, frenchSolo))
	if !strings.Contains(out, "The recorded result agrees with the rule.") {
		t.Errorf("classic: %s", out)
	}
	_, out, _ = clitest.Dtm(t, "game", "--victory", "regatta-2003", writeGame(t, tiedLeaders))
	if !strings.Contains(out, "A two-way draw vote may be called in 1912 (England and Turkey).") || !strings.Contains(out, "No victory under regatta-2003.") {
		t.Errorf("draw vote: %s", out)
	}
	if code, _, errOut := clitest.Dtm(t, "game", "--victory", "18,x", writeGame(t, frenchSolo)); code != 2 || !strings.Contains(errOut, `entry 2 "x"`) {
		t.Errorf("a bad rule: exit %d, %s", code, errOut)
	}
	if code, _, _ := clitest.Dtm(t, "game"); code != 2 {
		t.Errorf("no game: exit %d, want 2", code)
	}
}

// TestGameCommandDisagreementExits replays a director checking a game
// whose record disagrees with the victory rule (issue 23): France reached
// regatta-2002's target in 1908 but the chart goes on to 1909. dtm game
// says so and exits 1, naming the file and the disagreement, in text and
// in JSON; the record that agrees exits 0.
func TestGameCommandDisagreementExits(t *testing.T) {
	t.Parallel()
	game := writeGame(t, frenchSolo)
	for _, args := range [][]string{{"game", "--victory", "regatta-2002", game}, {"game", "--json", "--victory", "regatta-2002", game}} {
		code, out, errOut := clitest.Dtm(t, args...)
		want := game + ": France: history: France won in 1908 with 17 centres under regatta-2002, so the game ended then, but the chart goes on to 1909"
		if code != 1 || !strings.Contains(errOut, want) || !strings.Contains(errOut, "disagrees with the victory rule regatta-2002") {
			t.Errorf("%v: exit %d, stderr %q; want 1 and %q", args, code, errOut, want)
		}
		if out == "" {
			t.Errorf("%v: the outcome is no longer printed", args)
		}
	}
	if code, _, errOut := clitest.Dtm(t, "game", game); code != 0 || errOut != "" {
		t.Errorf("classic, agreeing: exit %d, %s", code, errOut)
	}
}
