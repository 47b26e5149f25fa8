package files

import (
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"reflect"
	"strings"
	"testing"
)

func TestDecodeGame(t *testing.T) {
	t.Parallel()
	const good = `{
	  "final_year": 1907,
	  "centres": {"aus": 0, "eng": 10, "fra": 6, "ger": 5, "ita": 0, "rus": 0, "tur": 12},
	  "eliminated": {"aus": 1902, "Italy": 1905, "RUS": 1905},
	  "winners": ["eng", "fra", "ger", "tur"],
	  "conceded": false,
	  "history": {"1906": {"aus": 0, "eng": 10, "fra": 6, "ger": 5, "ita": 0, "rus": 0, "tur": 11},
	              "1904": {"aus": 0, "eng": 7, "fra": 6, "ger": 6, "ita": 3, "rus": 3, "tur": 7}}
	}`
	g, err := DecodeGame(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	// History sorted by year.
	want := scoring.Game{
		FinalYear:  1907,
		Centres:    [7]int{0, 10, 6, 5, 0, 0, 12},
		Eliminated: [7]int{1902, 0, 0, 0, 1905, 1905, 0},
		Winners:    []dip.Power{dip.England, dip.France, dip.Germany, dip.Turkey},
		History: []scoring.Year{
			{Year: 1904, Centres: [7]int{0, 7, 6, 6, 3, 3, 7}},
			{Year: 1906, Centres: [7]int{0, 10, 6, 5, 0, 0, 11}},
		},
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("got %+v\nwant %+v", g, want)
	}

	minimal := `{"final_year": 1901, "centres": {"aus": 5, "eng": 5, "fra": 5, "ger": 5, "ita": 5, "rus": 5, "tur": 4}}`
	g, err = DecodeGame(strings.NewReader(minimal))
	if err != nil {
		t.Fatal(err)
	}
	if want := (scoring.Game{FinalYear: 1901, Centres: [7]int{5, 5, 5, 5, 5, 5, 4}}); !reflect.DeepEqual(g, want) {
		t.Errorf("minimal: got %+v, want %+v", g, want)
	}

	const all = `"aus": 1, "eng": 1, "fra": 1, "ger": 1, "ita": 1, "rus": 1, "tur": 1`
	bad := []struct {
		name, in, want string
	}{
		{"empty", ``, "game: unexpected end of input"},
		{"not an object", `[1]`, "game: want a JSON object"},
		{"unknown key", `{"final_year": 1901, "centers": {}}`, `game: unknown key "centers"`},
		{"repeated key", `{"final_year": 1901, "final_year": 1902}`, `game: key "final_year" appears twice`},
		{"missing centres", `{"final_year": 1901}`, `game: missing "centres"`},
		{"missing final year", `{"centres": {` + all + `}}`, `game: missing "final_year"`},
		{"year not a number", `{"final_year": "1901"}`, `game: "final_year": want a whole number, got "1901"`},
		{"year not whole", `{"final_year": 1901.5}`, `game: "final_year": want a whole number, got 1901.5`},
		{"unknown power", `{"final_year": 1901, "centres": {"aus": 1, "xyz": 2}}`,
			`game: "centres": unknown power "xyz"`},
		{"missing power", `{"final_year": 1901, "centres": {"aus": 1, "eng": 1, "fra": 1, "ger": 1, "ita": 1, "rus": 1}}`,
			`game: "centres": missing tur (give all seven powers)`},
		{"power twice", `{"final_year": 1901, "centres": {"aus": 1, "Austria": 2}}`,
			`game: "centres": aus is given twice`},
		{"centres not whole", `{"final_year": 1901, "centres": {"aus": 1.5}}`,
			`game: "centres.aus": want a whole number, got 1.5`},
		{"eliminated unknown power", `{"final_year": 1901, "eliminated": {"prussia": 1901}}`,
			`game: "eliminated": unknown power "prussia"`},
		{"eliminated year", `{"final_year": 1901, "eliminated": {"aus": true}}`,
			`game: "eliminated.aus": want a whole number, got true`},
		{"winners not a list", `{"final_year": 1901, "winners": "fra"}`,
			`game: "winners": want a list of powers such as ["fra"], got "fra"`},
		{"winners unknown power", `{"final_year": 1901, "winners": ["fra", "spa"]}`,
			`game: "winners": unknown power "spa"`},
		{"conceded not a boolean", `{"final_year": 1901, "conceded": "yes"}`,
			`game: "conceded": want true or false, got "yes"`},
		{"history bad year", `{"final_year": 1901, "history": {"190x": {}}}`,
			`game: "history": key "190x" is not a year such as "1901"`},
		{"history missing power", `{"final_year": 1901, "history": {"1901": {"aus": 1}}}`,
			`game: "history.1901": missing eng (give all seven powers)`},
		{"history not an object", `{"final_year": 1901, "history": [1]}`, `game: "history": want a JSON object`},
		{"trailing data", `{"final_year": 1901, "centres": {` + all + `}} {}`,
			"game: unexpected data after the JSON object"},
		{"truncated", `{"final_year": 1901, "centres": {"aus": 1`, "unexpected end of input"},
		{"syntax", `{"final_year": 19 01}`, "game:"},
	}
	for _, tt := range bad {
		_, err := DecodeGame(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
}

// FuzzDecodeGame checks that any input either decodes or fails with a "game:" error, never panics, and that a
// decoded game validates and scores without panicking.
func FuzzDecodeGame(f *testing.F) {
	f.Add(`{"final_year": 1907, "centres": {"aus": 0, "eng": 10, "fra": 6, "ger": 5, "ita": 0, "rus": 0, ` +
		`"tur": 12}, "eliminated": {"aus": 1902}, "winners": ["eng", "tur"], "conceded": false, ` +
		`"history": {"1904": {"aus": 0, "eng": 7, "fra": 6, "ger": 6, "ita": 3, "rus": 3, "tur": 7}}}`)
	f.Add(`{"final_year": 1901, "centres": {"aus": 5}}`)
	f.Add(`{"winners": ["fra", "fra"], "conceded": true}`)
	d, _ := scoring.Lookup("Maxonian")
	s, err := scoring.Compile(d)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, in string) {
		g, err := DecodeGame(strings.NewReader(in))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "game: ") {
				t.Errorf("error %q does not start with \"game: \"", err)
			}
			return
		}
		if _, err := s.Score(g); err == nil && s.Validate(g) != nil {
			t.Error("Score accepted a game that Validate rejects")
		}
	})
}
