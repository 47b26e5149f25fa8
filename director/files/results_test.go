package files

import (
	"strings"
	"testing"
)

// TestReadResultsHeaderProblems: a file whose header line cannot name the
// boards is refused at line 1, and nothing else is read.
func TestReadResultsHeaderProblems(t *testing.T) {
	t.Parallel()
	for data, want := range map[string]string{
		"":                                 "results.csv:1: the file has no header line",
		"result,year,aus\nFrance,1909,0\n": `results.csv:1: no column names the board (the header line is "result,year,aus")`,
		"code,aus,Austria centres\nH1-B2-R,0,0\n": `results.csv:1: columns "aus" and "Austria centres" say the same`,
		"heat,result\n1,France\n":                 "results.csv:1: no column names the board",
		"code,result\n\"H1-B2-R,France\n":         "results.csv:2: the file cannot be read as CSV",
	} {
		_, _, ps := ReadResults("results.csv", []byte(data))
		if len(ps) == 0 || !strings.Contains(ps[0].String(), want) {
			t.Errorf("%q: %v, want %q", data, ps, want)
		}
	}
}
