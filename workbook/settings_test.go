package workbook

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/golden"
)

// TestDocsSettings keeps the Tournament table of docs/workbook.md in step
// with tournamentSettings: the same rows in the same order, each closed
// choice named in its Value column, and the bounds of a whole number that
// does not depend on other settings.
func TestDocsSettings(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "workbook.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := docSettings(t, string(data))
	var want, got []string
	for _, d := range tournamentSettings {
		want = append(want, d.label)
	}
	for _, r := range rows {
		got = append(got, r[0])
	}
	if w, g := strings.Join(want, "\n"), strings.Join(got, "\n"); w != g {
		t.Fatalf("docs/workbook.md, ## Tournament: the table's settings are not tournamentSettings' rows in order (settings.go):\n%s", golden.Diff(w, g))
	}
	for i, d := range tournamentSettings {
		value := rows[i][1]
		if d.choose != nil {
			for _, c := range d.choices {
				if !strings.Contains(value, "`"+c+"`") {
					t.Errorf("docs/workbook.md, %s: the Value column does not name the choice `%s`: %q", d.label, c, value)
				}
			}
		}
		if d.whole != nil {
			lo, hi := d.lo(&Settings{}), d.hi(&Settings{})
			if lo != d.lo(&Settings{Heats: MaxHeats}) || hi != d.hi(&Settings{Heats: MaxHeats}) {
				continue // bounds that follow the number of heats
			}
			bounds := fmt.Sprintf("%d to %d", lo, hi)
			if hi == unbounded {
				bounds = fmt.Sprintf("%d or more", lo)
			}
			if !strings.Contains(value, bounds) {
				t.Errorf("docs/workbook.md, %s: the Value column does not say %q: %q", d.label, bounds, value)
			}
		}
	}
}

// docSettings returns the Setting and Value columns of the table under
// "## Tournament".
func docSettings(t *testing.T, doc string) [][2]string {
	_, section, ok := strings.Cut(doc, "\n## Tournament\n")
	if !ok {
		t.Fatal("docs/workbook.md has no ## Tournament section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var rows [][2]string
	for _, line := range strings.Split(section, "\n") {
		cells := strings.Split(line, "|")
		if !strings.HasPrefix(line, "|") || len(cells) < 4 {
			continue
		}
		label, value := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2])
		if label == "Setting" || strings.HasPrefix(label, "---") {
			continue
		}
		rows = append(rows, [2]string{label, value})
	}
	return rows
}
