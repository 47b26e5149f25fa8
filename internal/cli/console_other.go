//go:build !windows

package cli

// ownConsole reports false: outside Windows dtm is run from a terminal,
// which stays open after it ends.
func ownConsole() bool { return false }
