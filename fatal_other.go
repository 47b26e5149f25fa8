//go:build !unix

package main

// noCoreFile does nothing where crashes write no core files.
func noCoreFile() {}
