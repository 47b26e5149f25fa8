// Package chrometest drives one headless Chromium per test through the
// DevTools protocol (chromedp), for the tests that look at dtm's pages in a
// real browser: many pages, window sizes and screenshots in one browser
// instead of a Chromium started for each.
package chrometest
