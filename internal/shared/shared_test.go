package shared

import "testing"

// TestPath checks that a file missing from ../shared skips the test,
// outside CI.
func TestPath(t *testing.T) {
	t.Setenv("CI", "")
	t.Setenv("DTM_REQUIRE_LIBREOFFICE", "")
	var skipped bool
	t.Run("missing", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		Path(t, "no such file")
	})
	if !skipped {
		t.Error("a file missing from ../shared did not skip the test")
	}
}
