package seeding

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/internal/dip"
)

// Qualification is how the players are ranked for a pool (dtm seed
// --pool): by the tournament's standings so far, or by the sum of each
// player's Best game scores in heats From to To.
type Qualification struct {
	// Best is 0 for the standings; else how many game scores count.
	Best     int
	From, To int
}

// String renders the qualification as the Tournament sheet writes it.
func (q Qualification) String() string {
	if q.Best == 0 {
		return "standings"
	}
	return fmt.Sprintf("best %d of heats %d-%d", q.Best, q.From, q.To)
}

var bestOf = regexp.MustCompile(`^best (\d+) of heats (\d+) *(?:-|–|to) *(\d+)$`)

// ParseQualification reads "standings" (or an empty text) or "best K of
// heats A-B" (K from 1 to the heats counted, 1 <= A <= B <= heats), in any
// case and spacing.
func ParseQualification(s string, heats int) (Qualification, error) {
	t := strings.ToLower(strings.Join(strings.Fields(s), " "))
	if t == "" || t == "standings" {
		return Qualification{}, nil
	}
	m := bestOf.FindStringSubmatch(t)
	if m == nil {
		return Qualification{}, fmt.Errorf("%q is neither standings nor like \"best 2 of heats 1-3\"", s)
	}
	k, _ := strconv.Atoi(m[1])
	a, _ := strconv.Atoi(m[2])
	b, _ := strconv.Atoi(m[3])
	switch {
	case a < 1 || b < a || b > heats:
		return Qualification{}, fmt.Errorf("heats %d-%d: want heats from 1 to %d, the first not after the last", a, b, heats)
	case k < 1 || k > b-a+1:
		return Qualification{}, fmt.Errorf("best %d of %d heats: want 1 to %d", k, b-a+1, b-a+1)
	}
	return Qualification{Best: k, From: a, To: b}, nil
}

// ParsePool reads a pool's size, "top N" with N a multiple of seven (7, 14,
// 21 ...), and returns N.
func ParsePool(s string) (int, error) {
	f := strings.Fields(strings.ToLower(s))
	if len(f) != 2 || f[0] != "top" {
		return 0, fmt.Errorf("%q: write \"top 7\" (or 14, 21 ...)", s)
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < dip.BoardSize || n%dip.BoardSize != 0 {
		//lint:ignore ST1005 the list of sizes ends in an ellipsis, which the command line continues
		return 0, fmt.Errorf("%q: the pool fills whole boards: top 7, 14, 21 ...", s)
	}
	return n, nil
}

// PoolChoice is who a pool takes: the first Size eligible players of the
// qualification ranking, and those passed over ahead of the last of them.
type PoolChoice struct {
	Pool []int
	// Declined are players ranked above the pool's last who declined it;
	// Absent those ranked above it who do not play the heat.
	Declined, Absent []int
}

// ChoosePool walks the ranking (players, best first) and takes the first
// size players who play the heat and do not decline the pool: a declined
// or absent seat goes to the next in line. It fails when fewer than size
// players qualify.
func ChoosePool(ranking []int, size int, plays, declines func(int) bool) (PoolChoice, error) {
	var c PoolChoice
	for _, p := range ranking {
		if len(c.Pool) == size {
			break
		}
		switch {
		case !plays(p):
			c.Absent = append(c.Absent, p)
		case declines(p):
			c.Declined = append(c.Declined, p)
		default:
			c.Pool = append(c.Pool, p)
		}
	}
	if len(c.Pool) < size {
		return c, fmt.Errorf("a pool of %d: only %d players play the heat and accept it", size, len(c.Pool))
	}
	return c, nil
}
