package seeding

import "github.com/armada-dtm/dtm/internal/dip"

// assign solves the 7x7 assignment problem: perm[x] is the column given to
// row x, minimising the summed cost, returned as total.
func assign(cost *[dip.BoardSize][dip.BoardSize]int) (perm [dip.BoardSize]int, total int) {
	const n = dip.BoardSize
	const inf = int(^uint(0) >> 2)
	// Potentials u (rows), v (columns); match[j] is the row of column j,
	// with a virtual column 0 (the Kuhn-Munkres algorithm, 1-based).
	var u, v [n + 1]int
	var match, way [n + 1]int
	for i := 1; i <= n; i++ {
		match[0] = i
		j0 := 0
		var minv [n + 1]int
		var used [n + 1]bool
		for j := range minv {
			minv[j] = inf
		}
		for {
			used[j0] = true
			i0, delta, j1 := match[j0], inf, 0
			for j := 1; j <= n; j++ {
				if used[j] {
					continue
				}
				cur := cost[i0-1][j-1] - u[i0] - v[j]
				if cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= n; j++ {
				if used[j] {
					u[match[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
			if match[j0] == 0 {
				break
			}
		}
		for j0 != 0 {
			j1 := way[j0]
			match[j0] = match[j1]
			j0 = j1
		}
	}
	for j := 1; j <= n; j++ {
		perm[match[j]-1] = j - 1
		total += cost[match[j]-1][j-1]
	}
	return perm, total
}
