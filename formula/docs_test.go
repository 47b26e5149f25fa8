package formula

import (
	"go/doc/comment"
	goparser "go/parser"
	gotoken "go/token"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/golden"
)

// headingIDs are the {#hdr-...} anchors go/doc/comment adds to headings,
// which GitHub's Markdown shows as text.
var headingIDs = regexp.MustCompile(` \{#hdr-[^}]*\}`)

// directors adapts the package documentation for directors: no Go-specific
// opening and no heading anchors.
func directors(md string) string {
	md = strings.Replace(md, "Package formula reads", "dtm reads", 1)
	md = strings.Replace(md, "This comment is also the language reference for tournament directors.\n\n", "", 1)
	return headingIDs.ReplaceAllString(md, "")
}

// TestDocsFormulas keeps docs/formulas.md, the directors' language
// reference, identical to this package's documentation in doc.go.
func TestDocsFormulas(t *testing.T) {
	f, err := goparser.ParseFile(gotoken.NewFileSet(), "doc.go", nil, goparser.ParseComments|goparser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	var p comment.Parser
	pr := comment.Printer{HeadingLevel: 2}
	got := "# The formula language\n\n" +
		"<!-- Generated from formula/doc.go by go test ./formula -update; edit that file, not this one. -->\n\n" +
		"How to write the nine formulas of a scoring system. [scoring.md](scoring.md) shows how to add a system " +
		"to the workbook and try it; [systems.md](systems.md) lists the built-in systems.\n\n" +
		directors(string(pr.Markdown(p.Parse(f.Doc.Text()))))
	golden.Check(t, "../docs/formulas.md", got)
}
