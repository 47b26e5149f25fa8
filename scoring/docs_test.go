package scoring

import (
	"fmt"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/golden"
)

// TestDocsSystems keeps docs/systems.md, the directors' catalogue of the
// built-in scoring systems, identical to BuiltIn.
func TestDocsSystems(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Built-in scoring systems\n\n")
	b.WriteString("<!-- Generated from scoring/builtin.go by go test ./scoring -update; edit that file, not this one. -->\n\n")
	b.WriteString("Every new workbook's Systems sheet holds these systems. Each is written in the formula language of " +
		"[formulas.md](formulas.md) and tested on hand-worked games; copy a row of the Systems sheet to make your own " +
		"variant ([scoring.md](scoring.md)).\n\n")
	b.WriteString("Before an event, `dtm formula --table NAME` prints what a system gives for common results (solos by " +
		"year, 2- to 7-way draws, typical centre splits), and `dtm formula --audit NAME` checks it over random legal " +
		"games ([scoring.md](scoring.md#checking-a-system-before-the-event)); both take `--workbook W.xlsx` for a " +
		"system of your own.\n\n")
	for _, d := range BuiltIn() {
		fmt.Fprintf(&b, "- [%s](#%s)\n", d.Name, anchor(d.Name))
	}
	for _, d := range BuiltIn() {
		fmt.Fprintf(&b, "\n## %s\n\n%s.\n\n", d.Name, d.Description)
		opts := []string{"End-game criterion: " + d.Criterion.String()}
		if d.AllSurvivors {
			opts = append(opts, "draws include all survivors")
		}
		if d.AverageTies {
			opts = append(opts, "scores for SC ties averaged")
		}
		if d.FinalYear != 0 {
			opts = append(opts, fmt.Sprintf("final game-year %d", d.FinalYear))
		}
		if d.Total != 0 {
			opts = append(opts, fmt.Sprintf("a board without a solo adds up to %g", d.Total))
		}
		fmt.Fprintf(&b, "%s.\n\n", strings.Join(opts, "; "))
		if d.Notes != "" {
			fmt.Fprintf(&b, "%s\n\n", d.Notes)
		}
		b.WriteString("| formula | |\n|---|---|\n")
		for s, f := range d.Formulas {
			if f == "" {
				f = "0"
			}
			fmt.Fprintf(&b, "| %s | `%s` |\n", Slot(s), strings.ReplaceAll(f, "|", `\|`))
		}
	}
	got := b.String()
	golden.Check(t, "../docs/systems.md", got)
}

// anchor is GitHub's heading anchor for a heading text.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9'):
			b.WriteRune(r)
		}
	}
	return b.String()
}
