// Package scale holds the end-to-end tests of dtm under kills, at its
// limits and against its speed floor, and the benchmarks.
package scale
