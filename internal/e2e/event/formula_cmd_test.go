package event

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/golden"
)

func TestFormulaCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		code int
		last string // the last line of standard output, or a part of standard error
	}{
		{[]string{"formula", "121 - yrs", "yrs=7"}, 0, "114"},
		{[]string{"formula", "121-YRS", "Yrs=7"}, 0, "114"},
		{[]string{"formula", "prov / sump * 100", "prov=20", "sump=80"}, 0, "25"},
		{[]string{"formula", "10 / (big - big)"}, 0, "0"},
		{[]string{"formula", "2 ^ 2"}, 0, "1"},
		// The manual's C-Diplo first place with two powers tied on 10 centres: (1 + 10 + 38 + 14) / 2.
		{[]string{"formula", "(scs>17) * 73 + (scs<18) * (1 + scs + (38 + (tie>0) * 14 + (tie>1) * 7)) / (tie + 1)", "scs=10", "tie=1"}, 0, "31.5"},
		{[]string{"formula", "-v", "scs * 2", "scs=3"}, 0, "6"},
		{[]string{"formula", "100 - scss"}, 1, `unknown word "scss" at column 7; did you mean "scs"?`},
		{[]string{"formula", "(scs + 1"}, 1, "column"},
		{[]string{"formula", "scs", "scss=3"}, 2, `unknown word "scss"`},
		{[]string{"formula", "scs", "scs"}, 2, "give words as word=number"},
		{[]string{"formula"}, 2, "needs a formula"},
		{[]string{"formula", "--system", "DipCon XXXIV (2001)"}, 2, "both --system NAME and --game"},
	}
	for _, tc := range tests {
		code, out, errOut := clitest.Dtm(t, tc.args...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		got := lines[len(lines)-1]
		if code != tc.code || (code == 0 && got != tc.last) || (code != 0 && !strings.Contains(errOut, tc.last)) {
			t.Errorf("dtm %q: exit %d, out %q, err %q; want exit %d and %q", tc.args, code, out, errOut, tc.code, tc.last)
		}
	}
	if _, out, _ := clitest.Dtm(t, "formula", "-v", "scs * 2", "scs=3"); !strings.Contains(out, "expr: Scs * 2.0") {
		t.Errorf("-v does not show the translated program: %q", out)
	}
	if _, _, errOut := clitest.Dtm(t, "formula", "100 - scss"); !strings.Contains(errOut, "    100 - scss\n          ^") {
		t.Errorf("no caret under the fault: %q", errOut)
	}
}

// writeGame writes a GAME.json file.
func writeGame(t *testing.T, js string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "game.json")
	if err := os.WriteFile(path, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFormulaCommandScoresAGame(t *testing.T) {
	t.Parallel()
	// A five-way draw in 1907, Austria out in 1905 and Russia in 1906. DipCon XXXIV: a five-way draw scores
	// 33 - yrs = 33 - 7 = 26; elimination scores yrs - 11: Austria 5 - 11 = -6, Russia 6 - 11 = -5.
	game := writeGame(t, `{"final_year": 1907, "centres": {"aus": 0, "eng": 5, "fra": 9, "ger": 6, "ita": 4, "rus": 0, "tur": 10},
		"eliminated": {"aus": 1905, "rus": 1906}, "winners": ["eng", "fra", "ger", "ita", "tur"]}`)
	code, out, errOut := clitest.Dtm(t, "formula", "--system", "DipCon XXXIV (2001)", "--game", game, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Scores map[string]float64
		Words  map[string]map[string]float64
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("not one JSON object: %v\n%s", err, out)
	}
	want := map[string]float64{"aus": -6, "eng": 26, "fra": 26, "ger": 26, "ita": 26, "rus": -5, "tur": 26}
	for p, v := range want {
		if got.Scores[p] != v {
			t.Errorf("score of %s = %v, want %v", p, got.Scores[p], v)
		}
	}
	if w := got.Words["fra"]; w["scs"] != 9 || w["yrs"] != 7 || w["num"] != 5 || w["big"] != 1 || w["fra"] != 1 || len(w) != 33 {
		t.Errorf("France's words = %v", w)
	}
	code, out, _ = clitest.Dtm(t, "formula", "--system", "dipcon xxxiv (2001)", "--game", game)
	if code != 0 || !strings.Contains(out, "Austria  Elimination or survival") || !strings.Contains(out, "-6") {
		t.Errorf("table output: exit %d\n%s", code, out)
	}
}

func TestFormulaCommandBadInput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, game, system, want string
	}{
		{"unknown system", `{}`, "Nope", `no built-in scoring system "Nope"`},
		{"not JSON", `{"final_year": 1907,`, "DipCon XXXIV (2001)", "game.json"},
		{"unknown power", `{"final_year": 1907, "centres": {"aus": 0, "eng": 5, "fra": 9, "ger": 6, "ita": 4, "rus": 0, "prussia": 10}}`, "DipCon XXXIV (2001)", "prussia"},
		{"no winner in a Win/Draw game", `{"final_year": 1907, "centres": {"aus": 0, "eng": 5, "fra": 9, "ger": 6, "ita": 4, "rus": 0, "tur": 10}, "eliminated": {"aus": 1905, "rus": 1906}}`, "DipCon XXXIV (2001)", "winner"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := clitest.Dtm(t, "formula", "--system", tc.system, "--game", writeGame(t, tc.game))
			if code != 1 || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, errOut, tc.want)
			}
		})
	}
}

func TestFormulaCommandWorkbookSystem(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "t.xlsx")
	if code, _, _ := clitest.Dtm(t, "new", path); code != 0 {
		t.Fatal("dtm new failed")
	}
	f := clitest.OpenXLSX(t, path)
	row := []any{"Flat", "Win/Draw", "No", "No", "None", "100", "50", "30", "20", "10", "5", "2", "scs"}
	if err := f.SetSheetRow("Systems", "A60", &row); err != nil {
		t.Fatal(err)
	}
	bad := []any{"Broken", "Win/Draw", "No", "No", "None", "100 +"}
	if err := f.SetSheetRow("Systems", "A61", &bad); err != nil {
		t.Fatal(err)
	}
	clitest.SaveXLSX(t, f)
	game := writeGame(t, `{"final_year": 1910, "centres": {"aus": 0, "eng": 16, "fra": 0, "ger": 2, "ita": 0, "rus": 0, "tur": 16},
		"eliminated": {"aus": 1904, "fra": 1908, "ita": 1906, "rus": 1909}, "winners": ["eng", "tur"]}`)
	code, out, errOut := clitest.Dtm(t, "formula", "--workbook", path, "--system", "Flat", "--game", game, "--json")
	// Two-way draw: 50 each; Germany survives without a share: scs = 2; eliminated powers: scs = 0.
	if code != 0 || !strings.Contains(out, `"eng": 50`) || !strings.Contains(out, `"ger": 2`) || !strings.Contains(out, `"aus": 0`) {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	code, out, _ = clitest.Dtm(t, "formula", "--workbook", path, "--system", "Broken", "--game", game)
	if code != 1 || !strings.Contains(out, "Systems!F61: Solo / 1st formula") {
		t.Errorf("a broken system: exit %d, %q", code, out)
	}
}

// TestDocsScoringExample runs the GAME.json example of docs/scoring.md and
// checks the scores the page states.
func TestDocsScoringExample(t *testing.T) {
	t.Parallel()
	doc, err := os.ReadFile("docs/scoring.md")
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "```json\n")
	js, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("docs/scoring.md has no ```json example")
	}
	code, out, errOut := clitest.Dtm(t, "formula", "--system", "DipCon XXXIV (2001)", "--game", writeGame(t, js), "--json")
	if code != 0 {
		t.Fatalf("the documented example fails: %s", errOut)
	}
	for _, want := range []string{`"aus": -6`, `"eng": 26`, `"rus": -5`, `"tur": 26`} {
		if !strings.Contains(out, want) {
			t.Errorf("the documented example does not give %s:\n%s", want, out)
		}
	}
	_, out, _ = clitest.Dtm(t, "formula", "(scs>17) * 73 + (scs<18) * (1 + scs + (38 + (tie>0) * 14 + (tie>1) * 7)) / (tie + 1)", "scs=10", "tie=1")
	if strings.TrimSpace(out) != "31.5" || !strings.Contains(string(doc), "scs=10 tie=1\n31.5") {
		t.Errorf("the documented C-Diplo example prints %q", out)
	}
}

// TestFormulaTableAndAudit runs dtm formula --table and --audit: a golden table for each 2025-26 system, the
// audit's exit status, JSON and refusals.
func TestFormulaTableAndAudit(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"Bangkok 2022", "DixieCon", "Italia 2010"} {
		code, out, errOut := clitest.Dtm(t, "formula", "--table", name)
		if code != 0 {
			t.Fatalf("--table %s: exit %d: %s", name, code, errOut)
		}
		golden.Check(t, filepath.Join("testdata", "table", strings.ReplaceAll(name, " ", "-")+".txt"), out)
	}
	code, out, errOut := clitest.Dtm(t, "formula", "--audit", "Tribute", "--games", "500")
	if code != 1 || !strings.Contains(out, "FAIL a power never scores less for taking a centre") ||
		!strings.Contains(errOut, "Tribute: 1 of 4 properties failed") {
		t.Errorf("--audit Tribute: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut = clitest.Dtm(t, "formula", "--audit", "DixieCon", "--games", "500", "--seed", "9", "--json")
	var audit struct {
		System     string
		Seed       uint64
		Properties []struct {
			Property        string
			Checked, Failed int
		}
		Total struct{ Min, Max, Claim float64 }
	}
	if err := json.Unmarshal([]byte(out), &audit); code != 0 || err != nil || audit.Seed != 9 || len(audit.Properties) != 4 ||
		math.Abs(audit.Total.Min-590) > 1e-6 || math.Abs(audit.Total.Max-590) > 1e-6 || audit.Total.Claim != 590 {
		t.Errorf("--audit DixieCon --json: exit %d, %v, %+v\n%s", code, err, audit, errOut)
	}
	for _, p := range audit.Properties {
		if p.Checked == 0 || p.Failed != 0 {
			t.Errorf("DixieCon: %+v", p)
		}
	}
	var table struct {
		Rows []struct {
			Result string
			Powers []struct {
				Centres int
				Score   float64
				Winner  bool
			}
		}
	}
	_, out, _ = clitest.Dtm(t, "formula", "--table", "DixieCon", "--json")
	if err := json.Unmarshal([]byte(out), &table); err != nil || len(table.Rows) != 17 || table.Rows[5].Result != "2-way draw" ||
		table.Rows[5].Powers[0].Score != 238 || !table.Rows[5].Powers[1].Winner {
		t.Errorf("--table --json: %v, %+v", err, table)
	}
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"formula", "--table", "Bogus"}, 1, `no built-in scoring system "Bogus"`},
		{[]string{"formula", "--audit", "OMG", "--games", "0"}, 2, "--games 0: give 1 to 1000000 random games"},
		{[]string{"formula", "--table", "OMG", "--audit", "OMG"}, 2, "give --table NAME or --audit NAME"},
		{[]string{"formula", "--table", "OMG", "--system", "OMG"}, 2, "give --table NAME or --audit NAME"},
		{[]string{"formula", "--table", "OMG", "scs"}, 2, "give --table NAME or --audit NAME"},
	} {
		if code, _, errOut := clitest.Dtm(t, tc.args...); code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("dtm %q: exit %d, %q; want %d and %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}
}
