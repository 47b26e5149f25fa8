package files

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/armada-dtm/dtm/workbook"
)

// entryHTML is the results-entry page; its script reads the tournament's
// boards and victory rule from the JSON that replaces entryData.
//
//go:embed entry.html
var entryHTML string

// entryData marks where the page's data goes.
const entryData = "/*DATA*/null"

// entryBoard is a board as the entry page knows it.
type entryBoard struct {
	Code    string   `json:"code"`
	Heat    int      `json:"heat"`
	Board   int      `json:"board"`
	Top     bool     `json:"top"`     // a top board, labelled as such
	Players []string `json:"players"` // by power, "" when not known
}

// EntryPagePath is where dtm seed writes a workbook's results-entry page:
// beside it, "regatta-2026-entry.html" for "regatta-2026.xlsx".
func EntryPagePath(book string) string {
	return strings.TrimSuffix(book, filepath.Ext(book)) + "-entry.html"
}

// EntryPage renders the offline results-entry page for a tournament's
// boards (by heat): a helper at the desk types a board's result and chart,
// the page checks the counts as they are typed (34 centres, eliminations,
// the draw and the survivors, the victory rule) and gives the CSV line
// dtm import takes (docs/import.md).
func EntryPage(t *workbook.Tournament, boards map[int][]workbook.CallBoard) ([]byte, error) {
	data := struct {
		Name    string       `json:"name"`
		Victory any          `json:"victory"`
		Boards  []entryBoard `json:"boards"`
	}{Name: t.Settings.Name, Boards: []entryBoard{}}
	v := t.Settings.Victory
	targets := v.Targets
	if targets == nil {
		targets = []int{}
	}
	data.Victory = struct {
		Name    string `json:"name"`
		Targets []int  `json:"targets"`
		Lead    int    `json:"lead"`
		Grow    bool   `json:"grow"`
	}{v.Name, targets, v.Lead, v.MustGrow}
	for h := 1; h <= workbook.MaxHeats; h++ {
		for _, cb := range boards[h] {
			eb := entryBoard{Code: workbook.BoardCode(h, cb.Board), Heat: h, Board: cb.Board, Top: cb.Top, Players: make([]string, len(workbook.ChoicesPower))}
			for k, s := range cb.Seats {
				p := k
				if s.Power != "" {
					p = PowerIndex(s.Power)
				}
				if p >= 0 && p < len(eb.Players) {
					eb.Players[p] = s.Player
				}
			}
			data.Boards = append(data.Boards, eb)
		}
	}
	js, err := json.Marshal(data) // escapes <, > and &: safe inside a script
	if err != nil {
		return nil, fmt.Errorf("entry page: %w", err)
	}
	if !strings.Contains(entryHTML, entryData) {
		return nil, fmt.Errorf("entry page: the template has no %s", entryData)
	}
	return []byte(strings.Replace(entryHTML, entryData, string(js), 1)), nil
}
