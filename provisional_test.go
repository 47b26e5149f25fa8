package main

import (
	"strings"
	"testing"
)

// TestBoardSetBackFromFinishedWarns replays issue 23's defect 2 on the
// bundled tournament: the director scores it, then in LibreOffice sets heat
// 2 board 2 (Maya Moreau's 110-point Turkish solo) back to Started with its
// results still typed. check, score and export each warn at the board's
// Status cell, naming the points that no longer count; score goes on
// warning after it has emptied the board's Score cells, while the Result
// column still holds the game's results.
func TestBoardSetBackFromFinishedWarns(t *testing.T) {
	t.Parallel()
	path := copySample(t, samplePath)
	runOK(t, "score", path)
	started := make([][]any, 7)
	for i := range started {
		started[i] = []any{"Started"}
	}
	loEdits(t, path, []edit{{"op": "set_rows", "sheet": "Heat 2", "cell": "B9", "rows": started}})

	const at = "'Heat 2'!B9: "
	const msg = "board 2 is Started but holds a finished game's results (Result, Score): they do not count in the standings (Maya Moreau's 110 points among them)"
	if out := runOK(t, "check", path); !strings.Contains(out, at+"warning: "+msg) {
		t.Errorf("check does not warn:\n%s", out)
	}
	if out := runOK(t, "score", path); !strings.Contains(out, "warning: "+at+msg) {
		t.Errorf("score does not warn:\n%s", out)
	}
	// The first score emptied the Score cells of the board it no longer
	// scores; the typed results still say what happened.
	again := "warning: " + at + "board 2 is Started but holds a finished game's results (Result): they do not count in the standings"
	if out := runOK(t, "score", path); !strings.Contains(out, again) {
		t.Errorf("a second score does not warn:\n%s", out)
	}
	if out := runOK(t, "export", "--ratings", "--out", t.TempDir(), path); !strings.Contains(out, again) {
		t.Errorf("export does not warn:\n%s", out)
	}
}
