package clitest

import (
	"html"
	"regexp"
	"strings"
)

// Head returns the first n elements of s, or all of them when it has fewer.
func Head[T any](s []T, n int) []T { return s[:min(n, len(s))] }

// hidden, tag and spaces are what Seen takes out of a DOM.
var (
	hidden = regexp.MustCompile(`(?s)<head>.*?</head>|<script.*?</script>`)
	tag    = regexp.MustCompile(`<[^>]*>`)
	spaces = regexp.MustCompile(`\s+`)
)

// Seen is the text a person sees in a DOM: no markup, spaces collapsed.
func Seen(dom string) string {
	text := tag.ReplaceAllString(hidden.ReplaceAllString(dom, " "), " ")
	return strings.TrimSpace(spaces.ReplaceAllString(html.UnescapeString(text), " "))
}
