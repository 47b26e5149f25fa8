// Package shared finds, for tests, the files kept beside the repository in
// ../shared (reference files, the LibreOffice tools, the seeding
// benchmark), and skips a test that needs them when they are absent.
package shared
