package lotest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunTimeout checks that a tool gets the tests' long watchdog unless
// $LO_TOOLS_TIMEOUT names another, so a busy machine does not fail a test.
func TestRunTimeout(t *testing.T) {
	dir := t.TempDir()
	tool := filepath.Join(dir, "lo-echo")
	if err := os.WriteFile(tool, []byte("#!/bin/sh\necho \"$LO_TOOLS_TIMEOUT\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("LO_TOOLS_DIR", dir)
	for _, tc := range []struct{ env, want string }{
		{"", "600"},
		{"45", "45"},
	} {
		t.Setenv("LO_TOOLS_TIMEOUT", tc.env)
		if tc.env == "" {
			os.Unsetenv("LO_TOOLS_TIMEOUT")
		}
		if got := strings.TrimSpace(string(Run(t, "lo-echo"))); got != tc.want {
			t.Errorf("LO_TOOLS_TIMEOUT=%q: the tool saw %q, want %q", tc.env, got, tc.want)
		}
	}
}
