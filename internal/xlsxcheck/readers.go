package xlsxcheck

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

// GnumericUnions is Gnumeric's message on a defined name of several
// ranges, which it does not read: a heat sheet's print titles (its Power
// and Player columns and its header row) and print area of two parts, as
// Excel itself writes them. Excel and LibreOffice print them
// (internal/e2e/conformance's TestPrintedLegible).
const GnumericUnions = "Multiple expressions are not supported in this context"

// LibreOfficeAuthored are the reader messages about what LibreOffice
// itself writes into a workbook it saves, which dtm keeps as it is (it
// never rewrites a director's validations or styles, nor the Standings
// chart but when it scores): list validations with a second formula, Excel's built-in
// accounting formats 41 to 44 used without being declared, a
// workbookProtection element, and the chart's data-label settings. All
// are valid; Gnumeric does not expect them.
var LibreOfficeAuthored = []string{
	"Ignoring invalid data validation because : Extra formula for validation",
	"Undefined number format id '4", // 41 to 44
	"Unexpected element 'workbookProtection' in state",
	"-> barChart -> ser -> dLbls", "'GogSeriesLabels' has no property named 'allow-wrap'",
}

// WriterAuthored are the reader messages about what the other writers put
// into a workbook, which dtm keeps as it is: openpyxl writes empty even
// and first page headers (valid; Gnumeric does not know them), and the
// Standings chart's drawing in the default namespace with an empty
// position (valid; Gnumeric drops the chart, ExcelJS, which reads only
// xdr: elements, refuses the workbook) until dtm score writes the chart
// anew; Gnumeric writes a workbook without a default cell style (valid;
// openpyxl warns). The print areas Gnumeric writes as #REF! or
// ERROR("...") where it could not read a sheet's, which ExcelJS refuses,
// dtm drops or writes anew when it saves (workbook.Book.Save).
var WriterAuthored = []string{
	"Unexpected element 'evenHeader'", "Unexpected element 'evenFooter'",
	"Unexpected element 'firstHeader'", "Unexpected element 'firstFooter'",
	"Unexpected element 'a:graphic' in state : wsDr -> twoCellAnchor -> graphicFrame", ": Dropping missing object", // the chart, at its cell
	"Cannot read properties of undefined (reading 'anchors')",
	"Workbook contains no default style",
}

// DirectorAuthored are the reader messages about what a director puts
// into a workbook beside dtm's, which dtm keeps as it is: notes on cells
// (their VML shapes, which Gnumeric does not read whole, LibreOffice's
// with text alignments), a chart of the director's own (3D, with
// data-label settings Gnumeric does not know), and a defined name the
// director broke (#REF!).
var DirectorAuthored = []string{
	"Unexpected element 'o:fill' in state : {catch all)} -> shape -> fill", "Unhandled object of type Note",
	"Unexpected element 'x:TextVAlign'", "Unexpected element 'x:TextHAlign'",
	"Unexpected element 'view3D' in state : chartSpace -> chart", "Notes : Invalid integer 'false' for attribute",
	"-> barChart -> ser -> dLbls", "has no property named 'allow-wrap'",
	"At A1: '#REF!",
}

// Authored is every message about what others than dtm put into a
// workbook (LibreOfficeAuthored, WriterAuthored, DirectorAuthored), and
// GnumericUnions: what a corpus of workbooks the tests made from such
// workbooks allows.
func Authored() []string {
	return slices.Concat(LibreOfficeAuthored, WriterAuthored, DirectorAuthored, []string{GnumericUnions})
}

// A Finding is what one reader says of a workbook it did not read as dtm
// wrote it: it refused it, warned, or read a value otherwise.
type Finding struct {
	File, Reader, Message string
}

// A stream is one reader at work in the background: it reads each
// workbook given to it as it comes, in one process (Gnumeric, a process
// a workbook, one at a time).
type stream struct {
	name     string
	whole    bool          // openpyxl reads each sheet whole, not only its cells
	in       chan string   // the workbooks to read; closed when no more come
	done     chan struct{} // closed when the reader has finished
	absent   string        // how to install the reader, when it is missing
	given    []string      // the workbooks it was given
	cpu      time.Duration // its processes' CPU time
	findings []Finding
	err      error
}

// readers are the independent readers: each reads the workbooks of a
// stream's in until it is closed, with dir for its programs and output,
// a message containing one of allow being no finding, and the values
// dtm reads from vals.
var readers = []struct {
	name string
	read func(s *stream, dir string, allow []string, vals *values)
}{
	{"openpyxl", readOpenpyxl},
	{"Gnumeric", readGnumeric},
	{"Java's ZipInputStream", readJavaZip},
	{"SheetJS and ExcelJS", readNode},
}

// valueReaders is how many of readers compare values with dtm's reading
// (openpyxl, and SheetJS and ExcelJS in one process).
const valueReaders = 2

// streams is every reader at work on the same workbooks.
type streams []*stream

// startReaders starts every reader in the background, each waiting for
// the workbooks feed gives it, at most max of them; whole has openpyxl
// read each sheet whole (its validations, print settings, drawings and
// charts), not only its cells.
func startReaders(dir string, max int, whole bool, allow []string) streams {
	vals := newValues(valueReaders)
	ss := make(streams, len(readers))
	for i, r := range readers {
		s := &stream{name: r.name, whole: whole, in: make(chan string, max), done: make(chan struct{})}
		ss[i] = s
		go func() {
			defer close(s.done)
			r.read(s, dir, allow, vals)
			for range s.in { // a missing reader reads nothing
			}
		}()
	}
	return ss
}

// feed gives every reader the workbook at path to read.
func (ss streams) feed(path string) {
	for _, s := range ss {
		s.in <- path
	}
}

// finish tells the readers that no more workbooks come and waits until
// they have read every one; it returns the first reader's error.
func (ss streams) finish() error {
	for _, s := range ss {
		close(s.in)
	}
	var errs []error
	for _, s := range ss {
		<-s.done
		if s.err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", s.name, s.err))
		}
	}
	return errors.Join(errs...)
}

// findings returns every reader's findings.
func (ss streams) findings() []Finding {
	var all []Finding
	for _, s := range ss {
		all = append(all, s.findings...)
	}
	return all
}

// absent names the missing readers and how to install them, "" when all
// are there.
func (ss streams) absent() string {
	var absent []string
	for _, s := range ss {
		if s.absent != "" {
			absent = append(absent, s.absent)
		}
	}
	return strings.Join(absent, "; ")
}

// Readers opens the workbook at path with openpyxl (Debian's
// python3-openpyxl), which must give no error or warning and read every
// value dtm wrote, equal, and with Gnumeric's ssconvert (gnumeric), which
// must give no error or warning, except lines containing one of allow;
// reads it as a stream with Java's ZipInputStream (Debian's
// default-jdk-headless), which must read every part whole; and reads it
// with SheetJS and ExcelJS (npm's xlsx and exceljs, in NodeModules), which
// must read every value dtm wrote, equal. It logs the readers that read
// it ("read by ..."). Without a reader the test is skipped once the others
// have read it, unless shared.Required (CI): .ci/run installs them.
func Readers(t testing.TB, path string, allow ...string) {
	t.Helper()
	ss := startReaders(t.TempDir(), 1, true, allow)
	ss.feed(path)
	if err := ss.finish(); err != nil {
		t.Fatal(err)
	}
	var read []string
	for _, s := range ss {
		if s.absent == "" && len(s.findings) == 0 {
			read = append(read, s.name)
		}
		for _, f := range s.findings {
			t.Errorf("%s on %s:\n%s", f.Reader, filepath.Base(path), f.Message)
		}
	}
	t.Logf("%s: read by %s", filepath.Base(path), strings.Join(read, ", "))
	if absent := ss.absent(); absent != "" {
		if shared.Required() {
			t.Fatalf("%s is not installed (.ci/run installs it)", absent)
		}
		t.Skipf("%s is not installed", absent)
	}
}

// readGnumeric converts each workbook with Gnumeric's ssconvert, a
// process a workbook, which must give no error or warning but those
// allow matches, and write something.
func readGnumeric(s *stream, dir string, allow []string, _ *values) {
	if _, err := exec.LookPath("ssconvert"); err != nil {
		s.absent = "ssconvert (apt-get install gnumeric)"
		return
	}
	for path := range s.in {
		s.given = append(s.given, path)
		dest := filepath.Join(dir, fmt.Sprintf("gnumeric-%d.gnumeric", len(s.given)))
		var out bytes.Buffer
		cmd := command(nil, &out, "ssconvert", path, dest)
		timer := stopAfter(cmd, 4*time.Minute)
		code := exitCode(cmd, cmd.Run())
		timer.Stop()
		s.cpu += cpuTime(cmd)
		if msgs := complaints(out.String(), allow); code != 0 || len(msgs) > 0 {
			s.findings = append(s.findings, Finding{path, "ssconvert", fmt.Sprintf("exit %d:\n%s", code, strings.Join(msgs, "\n"))})
		} else if info, err := os.Stat(dest); err != nil || info.Size() == 0 {
			s.findings = append(s.findings, Finding{path, "ssconvert", "wrote nothing"})
		}
		os.Remove(dest)
	}
}

// command is a reader's process, with env added to its environment and
// both its output streams to out.
func command(env []string, out io.Writer, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Env = append(append(os.Environ(), "NO_AT_BRIDGE=1"), env...)
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = time.Minute // a child left holding the output
	return cmd
}

// stopAfter kills cmd's process when it has not finished within d.
func stopAfter(cmd *exec.Cmd, d time.Duration) *time.Timer {
	return time.AfterFunc(d, func() {
		if cmd.Process != nil {
			cmd.Process.Kill()
		}
	})
}

// exitCode is the exit code of cmd, which finished with err: -1 when it
// could not start or was killed.
func exitCode(cmd *exec.Cmd, err error) int {
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return ee.ExitCode()
	} else if err != nil {
		fmt.Fprintf(cmd.Stderr, "%s: %v\n", cmd.Path, err)
		return -1
	}
	return 0
}

// cpuTime is the CPU time a finished process took.
func cpuTime(cmd *exec.Cmd) time.Duration {
	if cmd.ProcessState == nil {
		return 0
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// pipe runs a reader program that reads workbooks named one a line on
// its standard input, gives it the stream's workbooks as they come, and
// calls each with every line it prints on its standard output, as it
// prints them. It returns what the program printed on its standard error
// and its exit code, -1 when it could not start or was stopped: once it
// has the last workbook it has four minutes, and ten seconds more a
// workbook.
func pipe(s *stream, env []string, each func(line []byte) error, name string, args ...string) (string, int, error) {
	var errOut bytes.Buffer
	cmd := command(env, &errOut, name, args...)
	cmd.Stdout = nil
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return "", 0, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return "", 0, err
	}
	if err := cmd.Start(); err != nil {
		return "", 0, err
	}
	done := make(chan error, 1)
	go func() {
		br := bufio.NewReader(stdout)
		var err error
		for {
			line, rerr := br.ReadBytes('\n')
			if len(bytes.TrimSpace(line)) > 0 && err == nil {
				err = each(line)
			}
			if rerr != nil {
				break
			}
		}
		done <- err
	}()
	for path := range s.in {
		s.given = append(s.given, path)
		fmt.Fprintln(stdin, path) // a reader that stopped early says so by its exit code
	}
	stdin.Close()
	timer := stopAfter(cmd, 4*time.Minute+time.Duration(len(s.given))*10*time.Second)
	defer timer.Stop()
	err = <-done // all of the output read, as Wait wants
	code := exitCode(cmd, cmd.Wait())
	s.cpu += cpuTime(cmd)
	return errOut.String(), code, err
}

// complaints returns the non-empty lines of out that no allow matches.
func complaints(out string, allow []string) []string {
	var lines []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "\t") && len(lines) > 0 { // Gnumeric's "in state :" goes on
			lines[len(lines)-1] += " " + strings.TrimSpace(line)
		} else if line = strings.TrimSpace(line); line != "" {
			lines = append(lines, line)
		}
	}
	var msgs []string
	for _, line := range lines {
		allowed := false
		for _, a := range allow {
			allowed = allowed || strings.Contains(line, a)
		}
		if !allowed {
			msgs = append(msgs, line)
		}
	}
	return msgs
}

// values holds, for the readers that compare values, what dtm reads from
// each workbook (CellValues), read once for all of them and let go when
// each has compared.
type values struct {
	uses int // how many readers compare each workbook's values
	mu   sync.Mutex
	read map[string]*workbookValues
}

// workbookValues is what dtm reads from one workbook, and how many more
// readers are to compare it.
type workbookValues struct {
	once  sync.Once
	cells map[string]map[string]string
	err   error
	left  int
}

// newValues returns an empty values for uses readers.
func newValues(uses int) *values {
	return &values{uses: uses, read: map[string]*workbookValues{}}
}

// take returns the workbook's values, reading them the first time; with
// compare false it only tells that this reader will not compare them.
func (v *values) take(path string, compare bool) (map[string]map[string]string, error) {
	v.mu.Lock()
	w := v.read[path]
	if w == nil {
		w = &workbookValues{left: v.uses}
		v.read[path] = w
	}
	if w.left--; w.left == 0 {
		delete(v.read, path)
	}
	v.mu.Unlock()
	if !compare {
		return nil, nil
	}
	w.once.Do(func() { w.cells, w.err = cellValues(path) })
	return w.cells, w.err
}

// pass tells that a reader will not compare the values of the workbooks
// it was given but those of compared: it did not read them.
func (v *values) pass(given []string, compared map[string]bool) {
	for _, path := range given {
		if !compared[path] {
			v.take(path, false)
		}
	}
}
