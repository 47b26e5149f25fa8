// Package golden compares a test's output with a golden file, and rewrites
// the file instead when the tests run with -update.
package golden
