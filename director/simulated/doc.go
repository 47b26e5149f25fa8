// Package simulated has no code: its tests generate whole events with the
// director's SimulateEvent (dtm simulate --workbook) and put each through
// dtm's other use cases, in a test binary of their own, so that neither
// it nor the director package's nears go test's ten minutes on two cores.
package simulated
