package version

import (
	"runtime/debug"
	"testing"
)

func TestString(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	for _, tc := range []struct {
		name            string
		release, commit string
		main            string
		settings        []debug.BuildSetting
		want            string
	}{
		{name: "release build", release: "v1.2.0", commit: "96d90bf1a2b3c4d5e6f7", want: "v1.2.0 (commit 96d90bf1a2b3)"},
		{name: "go install module@version", main: "v1.1.0", want: "v1.1.0"},
		{name: "checkout", main: "(devel)", settings: vcs("96d90bf1a2b3c4d5e6f7", "false"), want: "devel 96d90bf1a2b3"},
		{name: "checkout with changes", main: "(devel)", settings: vcs("96d90bf1a2b3c4d5e6f7", "true"), want: "devel 96d90bf1a2b3 (modified)"},
		{name: "no version control", main: "(devel)", want: "devel"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.release != "" {
				release, commit = tc.release, tc.commit
				defer func() { release, commit = "", "" }()
				if got := String(); got != tc.want {
					t.Errorf("String() = %q, want %q", got, tc.want)
				}
				return
			}
			info := &debug.BuildInfo{Main: debug.Module{Version: tc.main}, Settings: tc.settings}
			if got := fromBuildInfo(info); got != tc.want {
				t.Errorf("fromBuildInfo = %q, want %q", got, tc.want)
			}
		})
	}
}
