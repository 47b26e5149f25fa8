package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Source is the commit a release is built from.
type Source struct {
	Dir     string    // the repository's top folder
	Version string    // the release's version, such as v1.2.0
	Commit  string    // the commit's full hash
	Time    time.Time // the commit's time: every file in the archives carries it
}

// semver is the shape of a release version: v1.2.0, v1.2.0-rc.1, or a Go
// pseudo-version.
var semver = regexp.MustCompile(`^v\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$`)

// Describe reads the checkout at dir: its commit, the commit's time, and the
// version to stamp (given, else the commit's v* tag, else a pseudo-version
// such as v0.0.0-20261127103500-96d90bf1a2b3, as Go names an untagged
// commit). A checkout with uncommitted changes is refused unless dirty is
// set, since its release could not be built again.
func Describe(dir, version string, dirty bool) (Source, error) {
	src := Source{Dir: dir}
	commit, err := git(dir, "rev-parse", "HEAD")
	if err != nil {
		return src, fmt.Errorf("read the commit: %w (build the downloads from a git checkout)", err)
	}
	src.Commit = commit
	secs, err := git(dir, "show", "-s", "--format=%ct", "HEAD")
	if err != nil {
		return src, fmt.Errorf("read the commit's time: %w", err)
	}
	n, err := strconv.ParseInt(secs, 10, 64)
	if err != nil {
		return src, fmt.Errorf("read the commit's time %q: %w", secs, err)
	}
	src.Time = time.Unix(n, 0).UTC()
	changes, err := git(dir, "status", "--porcelain")
	if err != nil {
		return src, fmt.Errorf("read the checkout's state: %w", err)
	}
	if version == "" {
		tag, _ := git(dir, "describe", "--tags", "--exact-match", "--match", "v[0-9]*", "HEAD")
		version = tag
	}
	if version == "" {
		version = "v0.0.0-" + src.Time.Format("20060102150405") + "-" + commit[:12]
	}
	if !semver.MatchString(version) {
		return src, fmt.Errorf("version %q is not of the form v1.2.0", version)
	}
	if changes != "" {
		if !dirty {
			first, _, _ := strings.Cut(changes, "\n")
			return src, fmt.Errorf("the checkout has uncommitted changes (%s ...): commit them, or run again with -dirty for a build that cannot be made again", strings.TrimSpace(first))
		}
		version += "+dirty"
	}
	src.Version = version
	return src, nil
}

// git runs a git command in dir and returns its output, trimmed.
func git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(string(out)), nil
}
