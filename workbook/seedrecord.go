package workbook

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// SeedingRecord is what dtm seed records when it seats a heat, so that dtm
// verify can seat it again and compare: the seed, the dtm that seated it,
// how, and digests of what the seeder was given. It is kept in a custom
// document property, "dtm seeding Heat N" (File > Properties > Custom
// Properties in Excel and LibreOffice; a record longer than PropertyChars
// goes on in "dtm seeding Heat N (2)" and so on), one line a director can
// read:
//
//	seed 8123; dtm devel 0123456789ab; mode seed; kept none; search complete; inputs players=… conflicts=… history=… settings=… heat=… later=…; later 7f3e…,7f7f…
type SeedingRecord struct {
	Heat    int
	Seed    int64  // the heat's own seed, as the seeder took it
	Version string // the dtm that seated it (dtm --version)
	// Mode is how dtm seed seated it: "seed" (the seeder alone, with or
	// without --sit-out auto choosing who sits out first), "pool" or
	// "two boards".
	Mode string
	Kept []int // the boards kept as they were (started), by number
	// Capped is set when the seeder's time cap, not its planned work,
	// ended the search: another machine may seat it otherwise.
	Capped bool
	// Effort and Restarts are the seeder's work when it was not its default
	// (seeding.Options; dtm simulate --workbook lightens it); 0 for the
	// default.
	Effort   float64
	Restarts int
	// Inputs are the digests of the seeder's inputs by part, in order
	// ("players", "conflicts", "history", "settings", "heat").
	Inputs [][2]string
	// Later is who the seeder was told would play each later heat
	// (seeding.Options.Later), a prediction from the registrations of the
	// day, which later heats' sit-outs change: kept whole, by player index,
	// so that the heat can be seated again as it was. Nil when the record
	// has none.
	Later [][]int
	// Pool is the pool dtm seed --pool seated on the top boards, by player
	// index, and PoolBy how it was chosen ("top 7", "contention");
	// Standings digests what the choice was made from (the ranking before
	// the heat and who declines a pool seat). Nil for another mode, and in
	// a record made before dtm kept the pool.
	Pool      []int
	PoolBy    string
	Standings string
	// Doublers are the players dtm seed --two-boards auto seated on two
	// boards, Benched the standbys it had sit the heat out, by player
	// index. Doublers is nil for another mode, and in a record made before
	// dtm kept them.
	Doublers, Benched []int
	// Changed names the command that changed the heat's seats since
	// ("dtm seed --late"); "" when none did.
	Changed string
}

// seedingProp names the document property holding heat n's record.
func seedingProp(n int) string { return "dtm seeding " + HeatSheet(n) }

// String is the record as the document property holds it.
func (r SeedingRecord) String() string {
	kept := "none"
	if len(r.Kept) > 0 {
		var ks []string
		for _, k := range r.Kept {
			ks = append(ks, strconv.Itoa(k))
		}
		kept = strings.Join(ks, ",")
	}
	search := "search complete"
	if r.Capped {
		search = "search cut by the time cap"
	}
	var inputs []string
	for _, p := range r.Inputs {
		inputs = append(inputs, p[0]+"="+p[1])
	}
	s := fmt.Sprintf("seed %d; dtm %s; mode %s; kept %s; %s; inputs %s", r.Seed, r.Version, r.Mode, kept, search, strings.Join(inputs, " "))
	if r.Effort != 0 || r.Restarts != 0 {
		s += fmt.Sprintf("; work effort=%g restarts=%d", r.Effort, r.Restarts)
	}
	if r.Later != nil {
		var sets []string
		for _, players := range r.Later {
			sets = append(sets, bitset(players))
		}
		s += "; later " + strings.Join(sets, ",")
	}
	if r.Pool != nil {
		s += fmt.Sprintf("; pool %s %s; standings %s", r.PoolBy, bitset(r.Pool), r.Standings)
	}
	if r.Doublers != nil {
		s += "; doublers " + bitset(r.Doublers)
	}
	if r.Benched != nil {
		s += "; benched " + bitset(r.Benched)
	}
	if r.Changed != "" {
		s += "; changed by " + r.Changed
	}
	return s
}

// bitset writes a set of player indices as hex digits: bit i of byte i/8
// (from the low bit) for player i.
func bitset(players []int) string {
	var b []byte
	for _, p := range players {
		for len(b) <= p/8 {
			b = append(b, 0)
		}
		b[p/8] |= 1 << (p % 8)
	}
	if len(b) == 0 {
		return "00" // nobody: never an empty field
	}
	return hex.EncodeToString(b)
}

// fromBitset reads a set written by bitset, in ascending order (nil when
// empty).
func fromBitset(s string) ([]int, error) {
	b, err := hex.DecodeString(s)
	var out []int
	for i, v := range b {
		for bit := range 8 {
			if v&(1<<bit) != 0 {
				out = append(out, 8*i+bit)
			}
		}
	}
	return out, err
}

// parseSeedingRecord reads a record as String writes it; false when it is
// not one.
func parseSeedingRecord(n int, s string) (SeedingRecord, bool) {
	r := SeedingRecord{Heat: n}
	var err error
	for _, field := range strings.Split(s, "; ") {
		key, v, _ := strings.Cut(field, " ")
		switch key {
		case "seed":
			r.Seed, err = strconv.ParseInt(v, 10, 64)
		case "dtm":
			r.Version = v
		case "mode":
			r.Mode = v
		case "kept":
			for _, k := range strings.Split(v, ",") {
				if k == "none" {
					break
				}
				var board int
				board, err = strconv.Atoi(k)
				r.Kept = append(r.Kept, board)
			}
		case "search":
			r.Capped = v != "complete"
		case "inputs":
			for _, p := range strings.Fields(v) {
				k, d, _ := strings.Cut(p, "=")
				r.Inputs = append(r.Inputs, [2]string{k, d})
			}
		case "later":
			r.Later = [][]int{}
			for _, set := range strings.Split(v, ",") {
				var players []int
				if players, err = fromBitset(set); err != nil {
					break
				}
				if v != "" {
					r.Later = append(r.Later, players)
				}
			}
		case "pool":
			i := strings.LastIndexByte(v, ' ') // "top 7 7f": the choice has spaces, the set none
			r.PoolBy = v[:max(i, 0)]
			r.Pool, err = fromBitset(v[i+1:])
		case "standings":
			r.Standings = v
		case "doublers":
			r.Doublers, err = fromBitset(v)
		case "benched":
			r.Benched, err = fromBitset(v)
		case "changed":
			r.Changed = strings.TrimPrefix(v, "by ")
		case "work":
			_, err = fmt.Sscanf(v, "effort=%g restarts=%d", &r.Effort, &r.Restarts)
		}
		if err != nil {
			return r, false
		}
	}
	return r, r.Version != "" && r.Mode != "" && len(r.Inputs) > 0
}

// PropertyChars is the most characters dtm writes in one custom document
// property: Office keeps at most 255 characters of a text property when it
// saves a file, so a longer seeding record is kept in parts, "dtm seeding
// Heat N", then "dtm seeding Heat N (2)", "(3)" and so on, read back in
// that order.
const PropertyChars = 255

// MaxRecordParts is the most properties one heat's record takes (16,320
// characters). A record that would take more, at events of thousands of
// players, leaves out the later heats' prediction: dtm verify then makes it
// again from the registrations, as for a record without one.
const MaxRecordParts = 64

// seedingPart names part k (from 1) of heat n's record.
func seedingPart(n, k int) string {
	if k == 1 {
		return seedingProp(n)
	}
	return fmt.Sprintf("%s (%d)", seedingProp(n), k)
}

// seedingParts returns the text of heat n's record, its parts joined, and
// how many parts the workbook holds (0: no record, or a first part that is
// not text).
func (b *Book) seedingParts(n int) (string, int, error) {
	props, err := xlsx.GetCustomProps(b.f)
	if err != nil {
		return "", 0, err
	}
	byName := make(map[string]any, len(props))
	for _, p := range props {
		byName[p.Name] = p.Value
	}
	var s strings.Builder
	k := 0
	for ; ; k++ {
		v, ok := byName[seedingPart(n, k+1)].(string)
		if !ok {
			break
		}
		s.WriteString(v)
	}
	return s.String(), k, nil
}

// SeedingRecord returns heat n's record, and whether the workbook holds
// one (a heat seated by hand, or by a dtm older than the record, has
// none; nor has one whose property was edited out of shape).
func (b *Book) SeedingRecord(n int) (SeedingRecord, bool, error) {
	s, parts, err := b.seedingParts(n)
	if err != nil || parts == 0 {
		return SeedingRecord{}, false, err
	}
	r, ok := parseSeedingRecord(n, s)
	return r, ok, nil
}

// SetSeedingRecord records how heat r.Heat was seated, in parts of at
// most PropertyChars characters (at most MaxRecordParts of them), and removes the parts an earlier, longer
// record left. The change is made in memory; Save writes it.
func (b *Book) SetSeedingRecord(r SeedingRecord) error {
	s := r.String()
	if len(s) > MaxRecordParts*PropertyChars {
		r.Later = nil
		s = r.String()
	}
	k := 1
	for ; s != ""; k++ {
		cut := min(len(s), PropertyChars)
		for cut < len(s) && !utf8.RuneStart(s[cut]) {
			cut-- // a record is ASCII, but a part never splits a character
		}
		if err := xlsx.SetCustomProps(b.f, excelize.CustomProperty{Name: seedingPart(r.Heat, k), Value: s[:cut]}); err != nil {
			return err
		}
		s = s[cut:]
	}
	return b.dropSeedingParts(r.Heat, k)
}

// MarkSeatsChanged notes on heat n's record, when it has one, that a
// command changed its seats after seeding (dtm seed --late, dtm withdraw,
// dtm seed --refresh after a director's swaps), so that dtm verify says
// so rather than report the seats that moved.
func (b *Book) MarkSeatsChanged(n int, by string) error {
	r, ok, err := b.SeedingRecord(n)
	if err != nil || !ok || r.Changed != "" {
		return err
	}
	r.Changed = by
	return b.SetSeedingRecord(r)
}

// DropSeedingRecord removes heat n's record (dtm seed --unseed).
func (b *Book) DropSeedingRecord(n int) error { return b.dropSeedingParts(n, 1) }

// dropSeedingParts removes heat n's record's parts from part k on.
func (b *Book) dropSeedingParts(n, k int) error {
	_, parts, err := b.seedingParts(n)
	if err != nil {
		return err
	}
	for ; k <= parts; k++ {
		if err := xlsx.SetCustomProps(b.f, excelize.CustomProperty{Name: seedingPart(n, k), Value: nil}); err != nil {
			return err
		}
	}
	return nil
}

// PlayerCell names the Player cell of a heat sheet row ("E9"); "" when the
// sheet has no Player column.
func (h *Heat) PlayerCell(row int) string { return h.cell(row, HeaderSeatPlayer) }
