package xlsxcheck

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

// The corpus's bounds. A full run of the end-to-end packages' tests
// (internal/e2e) writes about 230 different workbooks in all (30 MiB),
// each package into its own corpus, the director package's 124 (12 MiB),
// director/simulated's 182 (25 MiB), the workbook package's 37; every
// reader reads each in the background while the tests run, 0.7 to 1.1
// CPU-seconds a workbook of 130 KiB in all (openpyxl 0.26, Gnumeric 0.30,
// SheetJS and ExcelJS 0.55, Java's JVM 2.4 once). MaxCorpusFiles is five
// times the most, against a runaway test. MaxCorpusBytes leaves out only
// the workbooks of thousands of players the limit and speed tests write
// (7,007 to 20,000 players; 18.8 MiB at 10,003): openpyxl alone took more
// than 100 CPU-seconds and 900 MiB on the one of 10,003 players without
// finishing, and they are built of the same parts as the small ones, which
// the readers read.
const (
	MaxCorpusFiles = 1000
	MaxCorpusBytes = 1 << 20
)

// Corpus gathers, for a test binary, a copy of every different workbook
// its tests have dtm write, and has Check check each and the independent
// readers read each in the background as it comes, while the tests go on
// (openpyxl in its read-only mode, trusting each sheet's declared range,
// the cells only: Readers reads a workbook whole): make it in TestMain
// (NewCorpus), give it each workbook dtm wrote (Watch, or Wrote as
// xlsx.Wrote), and report after m.Run (Read).
type Corpus struct {
	allow   []string
	readers func(dir string) streams // starts the readers; nil reads nothing
	dir     string                   // made with the first workbook
	mu      sync.Mutex
	seen    map[[sha256.Size]byte]bool
	entries []corpusEntry
	bytes   int64
	left    int     // workbooks left out, over the bounds
	failed  error   // the corpus could not be kept
	streams streams // the readers, started with the first workbook
	// Every different workbook, over the bounds too, is checked by Check
	// in the background, one at a time (checking).
	checks   sync.WaitGroup
	checking chan struct{}
	checked  int           // workbooks checked
	checkMiB float64       // their size
	checkFor time.Duration // the time the checks took, one after the other
	broken   []string      // what Check found, each naming the workbook's writer
}

// corpusEntry is one workbook of a corpus: its copy, and the test and
// command that wrote it.
type corpusEntry struct {
	path, who string
}

// NewCorpus returns an empty corpus, which keeps its workbooks in a
// temporary folder of its own; a reader's message containing one of allow
// is no finding.
func NewCorpus(allow ...string) *Corpus {
	c := &Corpus{allow: allow, seen: map[[sha256.Size]byte]bool{}, checking: make(chan struct{}, 1)}
	c.readers = func(dir string) streams { return startReaders(dir, MaxCorpusFiles, false, c.allow) }
	return c
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
			c.add(path, fmt.Sprintf("%s: dtm %s", test, shorten(args)))
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

// Wrote copies into the corpus the workbook dtm wrote at path, data,
// naming the test that wrote it by the test's temporary folder (t.TempDir)
// the path is in: set it as xlsx.Wrote in TestMain.
func (c *Corpus) Wrote(path string, data []byte) {
	if strings.EqualFold(filepath.Ext(path), ".xlsx") {
		c.keep(path, data, testOf(path))
	}
}

// testOf is the name of the test whose temporary folder holds path, or
// the path when it is in none.
func testOf(path string) string {
	rel, err := filepath.Rel(os.TempDir(), path)
	if err != nil || strings.HasPrefix(rel, "..") {
		return path
	}
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return strings.TrimRight(first, "0123456789") + ": " + filepath.Base(path)
}

// add copies the workbook at path into the corpus (see keep).
func (c *Corpus) add(path string, who string) {
	data, err := os.ReadFile(path)
	if err != nil {
		return // the test removed it already: nothing to read
	}
	c.keep(path, data, who)
}

// keep has Check check a workbook, unless the corpus has seen the same
// bytes already, and copies it into the corpus and gives it to the
// readers, unless it is over the bounds.
func (c *Corpus) keep(path string, data []byte, who string) {
	sum := sha256.Sum256(data)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.seen[sum] || c.failed != nil {
		return
	}
	c.seen[sum] = true
	c.check(data, who)
	if len(data) > MaxCorpusBytes || len(c.entries) >= MaxCorpusFiles {
		c.left++
		return
	}
	if c.dir == "" {
		var err error
		if c.dir, err = os.MkdirTemp("", "dtm-corpus-"); err != nil {
			c.failed = fmt.Errorf("the readers' corpus: %w", err)
			return
		}
		if c.readers != nil && !testing.Short() {
			c.streams = c.readers(c.dir)
		}
	}
	copyPath := filepath.Join(c.dir, fmt.Sprintf("%04d.xlsx", len(c.entries)+1))
	if err := os.WriteFile(copyPath, data, 0o644); err != nil {
		c.failed = fmt.Errorf("the readers' corpus: %w", err)
		return
	}
	c.entries = append(c.entries, corpusEntry{copyPath, who})
	c.bytes += int64(len(data))
	if c.streams != nil {
		c.streams.feed(copyPath)
	}
}

// check has Check check a workbook in the background, noting what it
// finds.
func (c *Corpus) check(data []byte, who string) {
	c.checks.Add(1)
	go func() {
		defer c.checks.Done()
		c.checking <- struct{}{}
		start := time.Now()
		problems := Check(data)
		took := time.Since(start)
		<-c.checking
		c.mu.Lock()
		defer c.mu.Unlock()
		c.checked++
		c.checkMiB += float64(len(data)) / (1 << 20)
		c.checkFor += took
		if len(problems) > 0 {
			c.broken = append(c.broken, fmt.Sprintf("Check on a workbook written by %s:\n  %s", who, strings.Join(problems, "\n  ")))
		}
	}()
}

// checkFindings writes to w how many workbooks Check checked and what it
// found; false when it found something.
func (c *Corpus) checkFindings(w io.Writer) bool {
	if c.checked > 0 {
		fmt.Fprintf(w, "Check checked %d different workbooks the tests wrote, %.1f MiB, those of any size, in %s\n", c.checked, c.checkMiB, c.checkFor.Round(100*time.Millisecond))
	}
	for _, b := range c.broken {
		fmt.Fprintln(w, b)
	}
	return len(c.broken) == 0
}

// Read waits until every reader has read every workbook of the corpus
// (Readers says what each checks), and writes to w what they read, in
// how much CPU time, and each finding, naming the workbook's copy and
// the test and command that wrote it; and first what Check found on
// every workbook, those over the bounds too. It returns code, or 1 when
// Check or a reader found something (the corpus is then kept for a look)
// or, under shared.Required (CI), a reader is missing. Under go test
// -short the readers do not run; Check does.
func (c *Corpus) Read(code int, w io.Writer) int {
	c.checks.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.checkFindings(w) {
		code = 1
	}
	if c.failed != nil {
		fmt.Fprintln(w, c.failed)
		if c.streams != nil {
			c.streams.finish()
		}
		return 1
	}
	if c.streams == nil {
		os.RemoveAll(c.dir)
		return code
	}
	start := time.Now()
	if err := c.streams.finish(); err != nil {
		fmt.Fprintf(w, "the readers' corpus in %s: %v\n", c.dir, err)
		return 1
	}
	fmt.Fprintf(w, "readers' corpus: %d different workbooks the tests wrote, %.1f MiB (%d more over %d KiB or past %d), read in the background; the readers finished %s after the tests\n",
		len(c.entries), float64(c.bytes)/(1<<20), c.left, MaxCorpusBytes>>10, MaxCorpusFiles, time.Since(start).Round(100*time.Millisecond))
	for _, s := range c.streams {
		if s.absent == "" {
			fmt.Fprintf(w, "  %s read %d in %s of CPU\n", s.name, len(s.given), s.cpu.Round(100*time.Millisecond))
		}
	}
	who := map[string]string{}
	for _, e := range c.entries {
		who[e.path] = e.who
	}
	found := c.streams.findings()
	for _, f := range found {
		fmt.Fprintf(w, "%s on %s (written by %s):\n%s\n", f.Reader, f.File, who[f.File], f.Message)
	}
	if absent := c.streams.absent(); absent != "" {
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
