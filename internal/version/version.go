// Package version says which dtm is running: the release and commit a
// release build stamped in, or what the Go toolchain recorded otherwise.
package version

import (
	"runtime/debug"
	"strings"
)

// release and commit are stamped into release builds by internal/release
// (go build -ldflags "-X ...version.release=v1.2.0 -X ...version.commit=...").
var release, commit string

// String is dtm's version as one line: "v1.2.0 (commit 0123456789ab)" for a
// release build, the module's version for go install module@version, and
// "devel 0123456789ab" (with " (modified)" for uncommitted changes) for a
// build from a checkout.
func String() string {
	if release != "" {
		return release + " (commit " + short(commit) + ")"
	}
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return fromBuildInfo(info)
}

// fromBuildInfo describes a build that carries no release stamp.
func fromBuildInfo(info *debug.BuildInfo) string {
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	rev, modified := "", false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return "devel"
	}
	v := "devel " + short(rev)
	if modified {
		v += " (modified)"
	}
	return v
}

// short is a commit hash as git abbreviates it in dtm's messages: 12 digits.
func short(rev string) string {
	rev = strings.TrimSpace(rev)
	if len(rev) > 12 {
		return rev[:12]
	}
	if rev == "" {
		return "unknown"
	}
	return rev
}
