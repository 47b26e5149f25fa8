// Command release builds dtm's downloads: one archive per platform (the
// binary, the director's start page, the licence and the samples) and a
// SHA256SUMS file, byte for byte the same each time it is run on the same
// commit with the same Go.
//
// Usage, from the repository's top folder:
//
//	go run ./internal/release [-out dist] [-version v1.2.0] [-targets linux/amd64,...] [-dirty]
//	go run ./internal/release -check dist
//
// docs/install.md says what a director downloads; its "Building the
// downloads" section says how a maintainer makes them.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the command line and returns the exit status: 0 done, 1 failed,
// 2 a mistake in the command line.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("release", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("out", "dist", "the `folder` the archives and SHA256SUMS are written to (replaced)")
	ver := fs.String("version", "", "the release `version` (default: the commit's v* tag, else a pseudo-version from the commit)")
	targets := fs.String("targets", strings.Join(Targets, ","), "the `platforms` to build, comma-separated GOOS/GOARCH")
	dirty := fs.Bool("dirty", false, "build even when the checkout has uncommitted changes (the version then ends in +dirty and cannot be rebuilt)")
	check := fs.String("check", "", "check the archives and SHA256SUMS in `folder` instead of building")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "release: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	if *check != "" {
		names, err := Check(*check)
		if err != nil {
			fmt.Fprintf(stderr, "release: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s: %d archives and SHA256SUMS check out\n", *check, len(names))
		return 0
	}
	plats, err := parseTargets(*targets)
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 2
	}
	src, err := Describe(".", *ver, *dirty)
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	names, err := Build(src, plats, *out, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "release: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "dtm %s (commit %s): %d archives and SHA256SUMS in %s\n", src.Version, src.Commit, len(names), *out)
	for _, n := range names {
		fmt.Fprintf(stdout, "  %s\n", n)
	}
	return 0
}
