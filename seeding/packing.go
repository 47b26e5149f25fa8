package seeding

import "github.com/armada-dtm/dtm/internal/dip"

// packedGeometry returns the packing of packings (packings.go) for seated
// players as a geometry, or nil when there is none: classes of boards of
// seven in which no two points share a board twice, for the counts 7q
// that no algebraic design seats (q = 10, 12, 14, 15, 18, 20: 70 to 140
// players). They were found by annealing (packing_test.go), which finds
// none for fewer than 49 players: with fewer than seven boards a board of
// a second class holds two players of one board of the first.
func packedGeometry(seated int) *geometry {
	classes, ok := packings[seated]
	if !ok {
		return nil
	}
	q := seated / dip.BoardSize
	g := &geometry{points: seated, classes: len(classes), blocks: q, packed: true,
		blockAt: make([][]int32, len(classes)), blockPts: make([][][dip.BoardSize]int32, len(classes))}
	for c, boards := range classes {
		g.blockAt[c] = make([]int32, seated)
		g.blockPts[c] = make([][dip.BoardSize]int32, q)
		var filled [fillerMax / dip.BoardSize]int
		for pt := range seated {
			b := int(boards[pt] - 'a')
			g.blockAt[c][pt] = int32(b)
			g.blockPts[c][b][filled[b]] = int32(pt)
			filled[b]++
		}
	}
	return g
}
