// Package publish holds the end-to-end tests of what dtm puts on paper and
// on the web: the printed heat sheets, the published site in a real
// Chromium, and a series of events.
package publish
