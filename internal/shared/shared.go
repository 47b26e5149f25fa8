package shared

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Required reports whether tests that need ../shared or LibreOffice must
// run rather than skip: when the CI or DTM_REQUIRE_LIBREOFFICE environment
// variable is set, so CI can never pass without having run them.
func Required() bool {
	return os.Getenv("CI") != "" || os.Getenv("DTM_REQUIRE_LIBREOFFICE") != ""
}

// Path returns the file or directory elem of ../shared beside the module
// root. When it does not exist the test is skipped, or fails if Required.
func Path(t testing.TB, elem ...string) string {
	t.Helper()
	gomod, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		t.Fatalf("go env GOMOD: %v", err)
	}
	path := filepath.Join(append([]string{filepath.Dir(strings.TrimSpace(string(gomod))), "..", "shared"}, elem...)...)
	if _, err := os.Stat(path); err != nil {
		if Required() {
			t.Fatalf("%v (CI needs ../shared beside the repository)", err)
		}
		t.Skipf("%v: ../shared is not beside the repository", err)
	}
	return path
}
