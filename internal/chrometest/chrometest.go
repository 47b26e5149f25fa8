package chrometest

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/chromedp/chromedp"
)

// Path returns Debian's chromium (or another Chrome). Without one the test
// is skipped, unless shared.Required (CI): then it fails, so CI cannot pass
// without having run the browser tests.
func Path(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if shared.Required() {
		t.Fatal("chromium is not installed (apt-get install chromium); CI requires the browser tests")
	}
	t.Skip("chromium is not installed (apt-get install chromium): the browser tests skip")
	return ""
}

// Tab is one tab of a headless Chromium that a test drives: one browser
// for many pages and window sizes. Its methods fail the test on an error.
type Tab struct {
	t   testing.TB
	ctx context.Context
}

// timeout bounds each action, generous enough for a busy machine.
const timeout = 2 * time.Minute

// New starts browser (Path's) with a profile in a temporary folder and
// opens a tab; the test's cleanup closes it.
func New(t testing.TB, browser string) *Tab {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.NoSandbox,
		chromedp.Flag("disable-gpu", true), chromedp.Flag("hide-scrollbars", true), chromedp.UserDataDir(t.TempDir()))
	actx, stop := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	t.Cleanup(func() { cancel(); stop() })
	// The first action starts the browser, which lives as long as the
	// context of that action: the tab's, not one with a timeout.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("chromium: %v", err)
	}
	return &Tab{t, ctx}
}

// Do runs actions; what names them in a failure.
func (tb *Tab) Do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, timeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("chromium, %s: %v", what, err)
	}
}

// Value runs one action in tb and returns its value; what names it in a
// failure.
func Value[T any](tb *Tab, what string, a chromedp.Action[T]) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, timeout)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		tb.t.Fatalf("chromium, %s: %v", what, err)
	}
	return v
}

// Open shows a file in a window of width by height CSS pixels.
func (tb *Tab) Open(path string, width, height int) {
	tb.t.Helper()
	u := fileURL(tb.t, path)
	tb.Do("open "+path, chromedp.EmulateViewport(int64(width), int64(height)), chromedp.Navigate(u))
}

// OpenFragment loads a file afresh with a URL fragment, already encoded
// (url.Values.Encode), its scripts run as when a link to it is followed,
// in a window of width by height CSS pixels.
func (tb *Tab) OpenFragment(path, fragment string, width, height int) {
	tb.t.Helper()
	u := fileURL(tb.t, path) + "#" + fragment
	// Another fragment of the page open would only scroll it: the tab
	// leaves the page first, so that it loads again.
	tb.Do("open "+path+"#"+fragment, chromedp.EmulateViewport(int64(width), int64(height)),
		chromedp.Navigate("about:blank"), chromedp.Navigate(u))
}

// fileURL is the file: URL of path.
func fileURL(t testing.TB, path string) string {
	t.Helper()
	abs, err := filepath.Abs(path)
	if err != nil {
		t.Fatal(err)
	}
	return (&url.URL{Scheme: "file", Path: abs}).String()
}

// Shot saves a screenshot as a PNG: of the window, or of the whole page
// (beyond the window when it is longer) when full.
func (tb *Tab) Shot(path string, full bool) {
	tb.t.Helper()
	a := chromedp.CaptureScreenshot()
	if full {
		a = chromedp.FullScreenshot(100)
	}
	data := Value(tb, "screenshot", a)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		tb.t.Fatal(err)
	}
}

// Eval runs a script in the page and decodes its JSON result into out.
func (tb *Tab) Eval(script string, out any) {
	tb.t.Helper()
	js := Value(tb, "script", chromedp.Evaluate[string]("JSON.stringify("+script+")"))
	if err := json.Unmarshal([]byte(js), out); err != nil {
		tb.t.Fatalf("script result %s: %v", js, err)
	}
}

// DOM returns the page's document as HTML, as it is after its scripts
// ran (what chromium --dump-dom prints).
func (tb *Tab) DOM() string {
	tb.t.Helper()
	var dom string
	tb.Eval("document.documentElement.outerHTML", &dom)
	return dom
}
