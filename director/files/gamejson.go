package files

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/armada-dtm/dtm/internal/dip"
	"github.com/armada-dtm/dtm/scoring"
	"io"
	"math"
	"slices"
	"strconv"
)

// MaxGameBytes is the most a GAME.json file may hold: a game is a few
// hundred bytes, its chart to 1999 a few kilobytes.
const MaxGameBytes = 1 << 20

// DecodeGame reads one game in the GAME.json format (the input of `dtm formula --game`):
//
//	{
//	  "final_year": 1907,
//	  "centres":    {"aus": 0, "eng": 5, "fra": 9, "ger": 6, "ita": 4, "rus": 0, "tur": 10},
//	  "eliminated": {"aus": 1905, "rus": 1906},
//	  "winners":    ["eng", "fra", "ger", "ita", "tur"],
//	  "conceded":   false,
//	  "history":    {"1901": {"aus": 4, "eng": 4, "fra": 5, "ger": 5, "ita": 4, "rus": 6, "tur": 4}}
//	}
//
// "final_year" (required) is the game's last year, 1901 or later. "centres" (required) gives the final centre
// count of all seven powers. "eliminated" (optional) gives the year each eliminated power went out; powers
// not listed survived. "winners" (optional) is the winning set: one power for a solo, several for a draw,
// empty or absent when the game ended without one. "conceded" (optional, default false) says the single win
// was conceded by a vote rather than reached on the board. "history" (optional) gives the centres of all seven
// powers at the end of game-years, keyed by the year; years may be skipped. Powers are written as their codes
// aus eng fra ger ita rus tur (or full names, any case); counts and years are whole numbers.
//
// Decoding is strict: unknown or repeated keys, unknown powers, a power missing from "centres" or from a
// history year, and numbers that are not whole give an error naming the key. DecodeGame checks the format
// only; System.Validate checks the game itself.
func DecodeGame(r io.Reader) (scoring.Game, error) {
	var g scoring.Game
	dec := json.NewDecoder(r)
	dec.UseNumber()
	top, err := object(dec, "game")
	if err != nil {
		return g, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return g, errors.New("game: unexpected data after the JSON object")
	}
	seen := map[string]bool{}
	for _, kv := range top {
		switch kv.key {
		case "final_year":
			g.FinalYear, err = whole(kv.val, "final_year")
		case "centres":
			err = decodeCounts(kv.val, "centres", &g.Centres)
		case "eliminated":
			err = decodeEliminated(kv.val, &g.Eliminated)
		case "winners":
			g.Winners, err = decodeWinners(kv.val)
		case "conceded":
			if err = json.Unmarshal(kv.val, &g.Conceded); err != nil {
				err = fmt.Errorf(`"conceded": want true or false, got %s`, kv.val)
			}
		case "history":
			g.History, err = decodeHistory(kv.val)
		default:
			err = fmt.Errorf("unknown key %q (want final_year, centres, eliminated, winners, conceded, history)",
				kv.key)
		}
		if err != nil {
			return g, fmt.Errorf("game: %w", err)
		}
		seen[kv.key] = true
	}
	for _, k := range []string{"final_year", "centres"} {
		if !seen[k] {
			return g, fmt.Errorf("game: missing %q", k)
		}
	}
	return g, nil
}

// member is one key of a JSON object with its raw value.
type member struct {
	key string
	val json.RawMessage
}

// object reads one JSON object from dec, in key order, rejecting repeated keys.
func object(dec *json.Decoder, what string) ([]member, error) {
	t, err := dec.Token()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, syntaxMsg(err))
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("%s: want a JSON object, got %v", what, t)
	}
	var ms []member
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, syntaxMsg(err))
		}
		key := t.(string) // object keys are always strings
		if slices.ContainsFunc(ms, func(m member) bool { return m.key == key }) {
			return nil, fmt.Errorf("%s: key %q appears twice", what, key)
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s: %q: %w", what, key, syntaxMsg(err))
		}
		ms = append(ms, member{key, v})
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, syntaxMsg(err))
	}
	return ms, nil
}

// syntaxMsg turns an io.EOF in the middle of a value into a readable error.
func syntaxMsg(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("unexpected end of input")
	}
	return err
}

// subObject decodes a raw JSON object value.
func subObject(raw json.RawMessage, what string) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	return object(dec, what)
}

// whole reads a whole number.
func whole(raw json.RawMessage, what string) (int, error) {
	var n json.Number
	if len(raw) == 0 || raw[0] == '"' || json.Unmarshal(raw, &n) != nil {
		return 0, fmt.Errorf("%q: want a whole number, got %s", what, raw)
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e9 {
		return 0, fmt.Errorf("%q: want a whole number, got %s", what, n)
	}
	return int(f), nil
}

// decodeCounts reads a centre count for each of the seven powers.
func decodeCounts(raw json.RawMessage, what string, out *[dip.NumPowers]int) error {
	ms, err := subObject(raw, fmt.Sprintf("%q", what))
	if err != nil {
		return err
	}
	var got [dip.NumPowers]bool
	for _, m := range ms {
		p, err := dip.ParsePower(m.key)
		if err != nil {
			return fmt.Errorf("%q: %w", what, err)
		}
		if got[p] {
			return fmt.Errorf("%q: %s is given twice", what, p.Code())
		}
		got[p] = true
		if out[p], err = whole(m.val, what+"."+m.key); err != nil {
			return err
		}
	}
	for p := range dip.NumPowers {
		if !got[p] {
			return fmt.Errorf("%q: missing %s (give all seven powers)", what, dip.Power(p).Code())
		}
	}
	return nil
}

// decodeEliminated reads the elimination year of some powers.
func decodeEliminated(raw json.RawMessage, out *[dip.NumPowers]int) error {
	ms, err := subObject(raw, `"eliminated"`)
	if err != nil {
		return err
	}
	for _, m := range ms {
		p, err := dip.ParsePower(m.key)
		if err != nil {
			return fmt.Errorf(`"eliminated": %w`, err)
		}
		if out[p] != 0 {
			return fmt.Errorf(`"eliminated": %s is given twice`, p.Code())
		}
		if out[p], err = whole(m.val, "eliminated."+m.key); err != nil {
			return err
		}
	}
	return nil
}

// decodeWinners reads the winning set.
func decodeWinners(raw json.RawMessage) ([]dip.Power, error) {
	var names []string
	if err := json.Unmarshal(raw, &names); err != nil {
		return nil, fmt.Errorf(`"winners": want a list of powers such as ["fra"], got %s`, raw)
	}
	ws := make([]dip.Power, 0, len(names))
	for _, n := range names {
		p, err := dip.ParsePower(n)
		if err != nil {
			return nil, fmt.Errorf(`"winners": %w`, err)
		}
		ws = append(ws, p)
	}
	return ws, nil
}

// decodeHistory reads the year-by-year chart and sorts it by year.
func decodeHistory(raw json.RawMessage) ([]scoring.Year, error) {
	ms, err := subObject(raw, `"history"`)
	if err != nil {
		return nil, err
	}
	hs := make([]scoring.Year, 0, len(ms))
	for _, m := range ms {
		y, err := strconv.Atoi(m.key)
		if err != nil {
			return nil, fmt.Errorf(`"history": key %q is not a year such as "1901"`, m.key)
		}
		h := scoring.Year{Year: y}
		if err := decodeCounts(m.val, "history."+m.key, &h.Centres); err != nil {
			return nil, err
		}
		hs = append(hs, h)
	}
	slices.SortFunc(hs, func(a, b scoring.Year) int { return a.Year - b.Year })
	return hs, nil
}
