package files

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	utf16pkg "unicode/utf16"
	"unicode/utf8"
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
		_, _, ps := ReadResults("results.csv", strings.NewReader(data))
		if len(ps) == 0 || !strings.Contains(ps[0].String(), want) {
			t.Errorf("%q: %v, want %q", data, ps, want)
		}
	}
}

// utf16 encodes text as UTF-16 with a byte-order mark, little- or
// big-endian.
func utf16(text string, big bool) []byte {
	out := []byte{0xFF, 0xFE}
	if big {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16pkg.Encode([]rune(text)) {
		if big {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestReadResultsEncodings: a results file is read in UTF-8 with or without
// a byte-order mark, and in UTF-16 with one (Excel's "Unicode text" is
// UTF-16 little-endian with tabs); any other encoding is refused by name,
// its bytes never printed.
func TestReadResultsEncodings(t *testing.T) {
	t.Parallel()
	const csv = "Heat,Board,Status,Note\r\n1,2,Unstarted,Café\r\n"
	tabs := strings.ReplaceAll(csv, ",", "\t")
	for _, c := range []struct {
		name string
		data []byte
		want string // the problem; "" for the row read
	}{
		{"UTF-8", []byte(csv), ""},
		{"UTF-8 with a byte-order mark", []byte("\uFEFF" + csv), ""},
		{"UTF-8 with tabs", []byte(tabs), ""},
		{"UTF-16 little-endian with tabs (Excel's Unicode text)", utf16(tabs, false), ""},
		{"UTF-16 little-endian with commas", utf16(csv, false), ""},
		{"UTF-16 big-endian", utf16(csv, true), ""},
		{"UTF-16 without a byte-order mark", utf16(csv, false)[2:], "results.csv:1: the file is UTF-16 text without a byte-order mark"},
		{"UTF-32", append([]byte{0xFF, 0xFE, 0, 0}, 'H', 0, 0, 0), "results.csv:1: the file is UTF-32 text"},
		{"Windows-1252", []byte(strings.ReplaceAll(csv, "é", "\xe9")), "results.csv:2: the file is not UTF-8 text (field 4 holds the byte 0xE9): it was saved in another encoding, such as Windows-1252"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows, ignored, ps := ReadResults("results.csv", bytes.NewReader(c.data))
			if c.want == "" {
				if len(ps) > 0 || len(rows) != 1 || rows[0].Heat != 1 || rows[0].Board != 2 || !slices.Equal(ignored, []string{"Note"}) {
					t.Fatalf("rows %+v, ignored %q, problems %v", rows, ignored, ps)
				}
				return
			}
			if len(ps) != 1 || !strings.Contains(ps[0].String(), c.want) {
				t.Fatalf("problems %v, want one saying %q", ps, c.want)
			}
			if strings.Contains(ps[0].String(), `\x`) || !utf8.ValidString(ps[0].String()) {
				t.Errorf("the problem prints the file's bytes: %q", ps[0].String())
			}
		})
	}
}

// TestResultsLimits: each limit of a results file is refused at its line,
// or, for the file itself, before it is read: too big, a folder, a named
// pipe (reading one waits forever), a device (/dev/zero never ends).
func TestResultsLimits(t *testing.T) {
	t.Parallel()
	row := "1,2,Unstarted\n"
	for _, c := range []struct {
		name string
		data string
		want string
	}{
		{"lines", "Heat,Board,Status\n" + strings.Repeat(row, MaxResultsLines), "results.csv:200001: the file has more than 200000 lines"},
		{"fields", "Heat,Board,Status\n1,2,Unstarted" + strings.Repeat(",", MaxResultsFields-2) + "\n" + row, "results.csv:2: the line has 1001 fields, more than the 1000"},
		{"characters in a field", "Heat,Board,Status,Note\n1,2,Unstarted," + strings.Repeat("é", MaxResultsField+1) + "\n" + row, "results.csv:2: field 4 holds 32768 characters, more than the 32767"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rows, _, ps := ReadResults("results.csv", strings.NewReader(c.data))
			if len(ps) != 1 || !strings.Contains(ps[0].String(), c.want) {
				t.Fatalf("problems %v, want one saying %q", ps, c.want)
			}
			if c.name != "lines" && len(rows) != 1 {
				t.Errorf("the other lines are read: %d rows, want 1", len(rows))
			}
		})
	}
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		make func(path string) error
		want string
	}{
		{"size", func(p string) error {
			f, err := os.Create(p)
			if err != nil {
				return err
			}
			defer f.Close()
			return f.Truncate(MaxResultsBytes + 1)
		}, "is 33 MiB, more than the 32 MiB a results file may hold"},
		{"folder", func(p string) error { return os.Mkdir(p, 0o755) }, "is a folder, not a file"},
		{"fifo", mkfifo, "is a named pipe (FIFO), not a file"},
		{"device", func(p string) error { return os.Symlink("/dev/zero", p) }, "is a device, not a file"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.name+".csv")
			if err := c.make(path); err != nil {
				t.Skipf("cannot make a %s here: %v", c.name, err)
			}
			f, err := OpenInput(path, "results file", MaxResultsBytes) // a FIFO must not hang
			if err == nil {
				f.Close()
			}
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want %q", err, c.want)
			}
		})
	}
}
