package seeding

import "math/bits"

// pairInfo is what a pair of players brings to every board they share: their
// static cost (conflicts, groups, team) and how often they met before this
// round (history and the heat's locked boards).
type pairInfo struct {
	static int32
	hist   int32
}

// pairTable maps the pairs of local players that have a static cost or met
// before to their pairInfo: an open-addressing hash table, so that memory
// grows with the pairs that matter (a few per player), not with the square
// of the players. Absent pairs are zero. Up to denseMax players it is also
// laid out flat (n*n entries, at most 8 MiB), which is several times
// faster to read than the hash table.
type pairTable struct {
	dense []pairInfo
	n     int
	keys  []uint64 // pairCode, 0 for an empty slot
	vals  []pairInfo
	shift uint
	// adj lists, per player, the others it has an entry with.
	adj [][]int32
}

// pairCode packs a pair (a < b, so never 0).
func pairCode(a, b int) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(a)<<32 | uint64(b)
}

// newPairTable builds the table from entries keyed by pairCode.
func newPairTable(n int, m map[uint64]pairInfo) *pairTable {
	size := 8
	for size < 2*len(m) {
		size *= 2
	}
	t := &pairTable{n: n, keys: make([]uint64, size), vals: make([]pairInfo, size),
		shift: uint(64 - bits.TrailingZeros(uint(size))), adj: make([][]int32, n)}
	for k, v := range m {
		if v == (pairInfo{}) {
			continue
		}
		i := t.slot(k)
		t.keys[i], t.vals[i] = k, v
		a, b := int32(k>>32), int32(k&0xffffffff)
		t.adj[a] = append(t.adj[a], b)
		t.adj[b] = append(t.adj[b], a)
	}
	if n <= denseMax {
		t.dense = make([]pairInfo, n*n)
		for k, v := range m {
			a, b := int(k>>32), int(k&0xffffffff)
			t.dense[a*n+b], t.dense[b*n+a] = v, v
		}
	}
	return t
}

// denseMax is the most players for which pairTable keeps a flat copy.
const denseMax = 1024

// slot is the index holding key k, or the empty slot where it would go.
func (t *pairTable) slot(k uint64) int {
	mask := len(t.keys) - 1
	i := int((k * 0x9e3779b97f4a7c15) >> t.shift)
	for t.keys[i] != 0 && t.keys[i] != k {
		i = (i + 1) & mask
	}
	return i
}

// get returns the pair's info (zero when absent).
func (t *pairTable) get(a, b int) pairInfo {
	if t.dense != nil {
		return t.dense[a*t.n+b]
	}
	k := pairCode(a, b)
	mask := len(t.keys) - 1
	i := int((k * 0x9e3779b97f4a7c15) >> t.shift)
	for {
		switch t.keys[i] {
		case k:
			return t.vals[i]
		case 0:
			return pairInfo{}
		}
		i = (i + 1) & mask
	}
}
