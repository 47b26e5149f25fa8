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

// TestSettingsTable checks each row of tournamentSettings: it sets one
// field, a whole number has bounds, a closed choice lists its choices, an
// optional row's value reads clean, and no label is used twice.
func TestSettingsTable(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range tournamentSettings {
		n := 0
		for _, set := range []bool{d.text != nil, d.whole != nil, d.number != nil, d.choose != nil, d.parse != nil} {
			if set {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: sets %d fields, want 1", d.label, n)
		}
		if d.whole != nil && (d.lo == nil || d.hi == nil) {
			t.Errorf("%s: a whole number without bounds", d.label)
		}
		if d.choose != nil && (len(d.choices) == 0 || d.open) {
			t.Errorf("%s: a closed choice needs its choices, not suggestions", d.label)
		}
		if seen[normalHeader(d.label)] {
			t.Errorf("%s: two rows", d.label)
		}
		seen[normalHeader(d.label)] = true
		if d.optional {
			r := &reader{t: &Tournament{Settings: Settings{Heats: 1}}}
			c := &settingsReader{reader: r, s: &r.t.Settings, rows: map[string]setting{}}
			c.read(&d, setting{value: fmt.Sprint(d.value)})
			if len(r.p.list) > 0 {
				t.Errorf("%s: the value of a workbook without the row, %v, does not read: %v", d.label, d.value, r.p.list)
			}
		}
	}
}
