package xlsxcheck

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

// The corpus's bounds. The tests of the root package write about 300
// different workbooks; openpyxl, SheetJS and ExcelJS take about 0.8
// CPU-seconds for each of 130 KiB, so the readers read ReadFiles of them,
// spread over the tests that wrote them, and Gnumeric, a process a
// workbook, GnumericSample. The corpus keeps at most MaxCorpusFiles
// workbooks of at most MaxCorpusBytes each: the sample tournaments are
// below 150 KiB, and the workbooks of thousands of players the limit and
// speed tests write would add nothing but time.
const (
	ReadFiles      = 100
	GnumericSample = 10
	MaxCorpusFiles = 1000
	MaxCorpusBytes = 1 << 20
)

// Corpus gathers, for a test binary, a copy of every different workbook
// its tests have dtm write, and has the independent readers read them all
// at the end: make it in TestMain, watch each command (Watch), and read
// the corpus after m.Run (Read).
type Corpus struct {
	dir     string // made with the first workbook
	mu      sync.Mutex
	seen    map[[sha256.Size]byte]bool
	entries []corpusEntry
	bytes   int64
	left    int   // workbooks left out, over the bounds
	failed  error // the corpus could not be kept
}

// corpusEntry is one workbook of a corpus: its copy, and the test and
// command that wrote it.
type corpusEntry struct {
	path, who string
}

// NewCorpus returns an empty corpus, which keeps its workbooks in a
// temporary folder of its own.
func NewCorpus() *Corpus {
	return &Corpus{seen: map[[sha256.Size]byte]bool{}}
}

// Watch notes the workbooks among a command's args (each argument, or
// flag's value, ending in .xlsx) as they are before the command runs. The
// function it returns, called after the command with the test's name,
// copies into the corpus each of them the command wrote (made or changed)
// that it does not hold yet.
func (c *Corpus) Watch(args []string) func(test string) {
	before := map[string]os.FileInfo{}
	for _, arg := range args {
		if _, value, ok := strings.Cut(arg, "="); ok && strings.HasPrefix(arg, "-") {
			arg = value
		}
		if strings.EqualFold(filepath.Ext(arg), ".xlsx") {
			before[arg], _ = os.Stat(arg) // nil when the command is to make it
		}
	}
	return func(test string) {
		for path, was := range before {
			is, err := os.Stat(path)
			if err != nil || !is.Mode().IsRegular() || was != nil && os.SameFile(was, is) && was.ModTime().Equal(is.ModTime()) && was.Size() == is.Size() {
				continue
			}
			c.add(path, is.Size(), fmt.Sprintf("%s: dtm %s", test, shorten(args)))
		}
	}
}

// shorten is a command's arguments with each path cut to its file name.
func shorten(args []string) string {
	short := make([]string, len(args))
	for i, arg := range args {
		if flag, value, ok := strings.Cut(arg, "="); ok && strings.HasPrefix(arg, "-") && strings.ContainsRune(value, os.PathSeparator) {
			arg = flag + "=" + filepath.Base(value)
		} else if strings.ContainsRune(arg, os.PathSeparator) {
			arg = filepath.Base(arg)
		}
		if strings.ContainsAny(arg, " \t") {
			arg = fmt.Sprintf("%q", arg)
		}
		short[i] = arg
	}
	return strings.Join(short, " ")
}

// add copies the workbook at path into the corpus, unless it holds the
// same bytes already or the workbook is over the bounds.
func (c *Corpus) add(path string, size int64, who string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > MaxCorpusBytes || len(c.entries) >= MaxCorpusFiles {
		c.left++
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return // the test removed it already: nothing to read
	}
	sum := sha256.Sum256(data)
	if c.seen[sum] {
		return
	}
	c.seen[sum] = true
	if c.dir == "" {
		if c.dir, err = os.MkdirTemp("", "dtm-corpus-"); err != nil {
			c.failed = fmt.Errorf("the readers' corpus: %w", err)
			return
		}
	}
	copyPath := filepath.Join(c.dir, fmt.Sprintf("%04d.xlsx", len(c.entries)+1))
	if err := os.WriteFile(copyPath, data, 0o644); err != nil {
		c.failed = fmt.Errorf("the readers' corpus: %w", err)
		return
	}
	c.entries = append(c.entries, corpusEntry{copyPath, who})
	c.bytes += int64(len(data))
}

// Read has every reader read the corpus once (Readers says what each
// checks; Gnumeric reads GnumericSample workbooks of different tests),
// messages containing one of allow aside, and writes to w what it read
// and each finding, naming the workbook's copy and the test and command
// that wrote it. It returns code, or 1 when a reader found something (the
// corpus is then kept for a look) or, under shared.Required (CI), a
// reader is missing. Under go test -short the readers do not run.
func (c *Corpus) Read(code int, w io.Writer, allow ...string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failed != nil {
		fmt.Fprintln(w, c.failed)
		return 1
	}
	if len(c.entries) == 0 || testing.Short() {
		os.RemoveAll(c.dir)
		return code
	}
	who := map[string]string{}
	for _, e := range c.entries {
		who[e.path] = e.who
	}
	files := c.spread(ReadFiles)
	runs, err := readAll(c.dir, files, c.spread(GnumericSample), allow)
	if err != nil {
		fmt.Fprintf(w, "the readers' corpus in %s: %v\n", c.dir, err)
		return 1
	}
	fmt.Fprintf(w, "readers' corpus: %d different workbooks the tests wrote, %.1f MiB (%d more over %d KiB or past %d), %d of them read\n",
		len(c.entries), float64(c.bytes)/(1<<20), c.left, MaxCorpusBytes>>10, MaxCorpusFiles, len(files))
	for _, r := range runs {
		if r.absent == "" {
			fmt.Fprintf(w, "  %s read %d in %s\n", r.name, r.files, r.took.Round(100*time.Millisecond))
		}
	}
	found := runs.findings()
	for _, f := range found {
		fmt.Fprintf(w, "%s on %s (written by %s):\n%s\n", f.Reader, f.File, who[f.File], f.Message)
	}
	if absent := runs.absent(); absent != "" {
		fmt.Fprintf(w, "  not read by %s: not installed (.ci/run installs it)\n", absent)
		if shared.Required() {
			code = 1
		}
	}
	if len(found) > 0 {
		fmt.Fprintf(w, "%d finding(s); the corpus is kept in %s\n", len(found), c.dir)
		return 1
	}
	os.RemoveAll(c.dir)
	return code
}

// spread returns n workbooks of the corpus (all, when it holds no more),
// spread over the tests and commands that wrote them.
func (c *Corpus) spread(n int) []string {
	sorted := append([]corpusEntry(nil), c.entries...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].who < sorted[j].who })
	n = min(n, len(sorted))
	files := make([]string, n)
	for i := range files {
		files[i] = sorted[i*len(sorted)/n].path
	}
	return files
}
