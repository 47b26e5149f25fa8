// Package seed holds the end-to-end tests of dtm seed: its guards, a
// second seed and refresh, sit-outs, two boards and the venue.
package seed
