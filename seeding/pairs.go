package seeding

// denseMax is the most players whose pair table is a full n×n array (at
// most 2048² values: 16 MiB of int32), the fastest to read; above it a
// table keeps only the pairs that hold a value, so that memory grows with
// the pairs that met or conflict, not with the square of the players. A
// variable so that tests can compare the two.
var denseMax = 2048

// pairTable holds a value for each ordered pair of local players (i, j):
// a static pair cost, or a count of meetings. Its users keep it symmetric.
type pairTable[T int16 | int32] struct {
	n     int
	dense []T           // n*n, when n <= denseMax
	rows  []map[int32]T // per player, the pairs that hold a value, otherwise
}

func newPairTable[T int16 | int32](n int) pairTable[T] {
	if n <= denseMax {
		return pairTable[T]{n: n, dense: make([]T, n*n)}
	}
	return pairTable[T]{n: n, rows: make([]map[int32]T, n)}
}

// at returns the value of pair (i, j), 0 when it holds none.
func (p *pairTable[T]) at(i, j int) T {
	if p.dense != nil {
		return p.dense[i*p.n+j]
	}
	return p.rows[i][int32(j)]
}

// add adds d to pair (i, j).
func (p *pairTable[T]) add(i, j int, d T) {
	if p.dense != nil {
		p.dense[i*p.n+j] += d
		return
	}
	row := p.rows[i]
	if row == nil {
		row = map[int32]T{}
		p.rows[i] = row
	}
	if v := row[int32(j)] + d; v != 0 {
		row[int32(j)] = v
	} else {
		delete(row, int32(j))
	}
}

// each calls fn for every j whose pair (i, j) holds a value other than 0,
// in increasing j for a dense table (in no fixed order otherwise: callers
// only sum).
func (p *pairTable[T]) each(i int, fn func(j int, v T)) {
	if p.dense != nil {
		for j, v := range p.dense[i*p.n : (i+1)*p.n] {
			if v != 0 {
				fn(j, v)
			}
		}
		return
	}
	for j, v := range p.rows[i] {
		fn(int(j), v)
	}
}

// clone returns an independent copy.
func (p *pairTable[T]) clone() pairTable[T] {
	c := pairTable[T]{n: p.n}
	if p.dense != nil {
		c.dense = append([]T(nil), p.dense...)
		return c
	}
	c.rows = make([]map[int32]T, p.n)
	for i, row := range p.rows {
		if row != nil {
			c.rows[i] = make(map[int32]T, len(row))
			for j, v := range row {
				c.rows[i][j] = v
			}
		}
	}
	return c
}
