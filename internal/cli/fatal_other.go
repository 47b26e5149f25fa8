//go:build !unix

package cli

// noCoreFile does nothing where crashes write no core files.
func noCoreFile() {}
