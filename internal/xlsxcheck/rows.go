package xlsxcheck

import (
	"fmt"
	"io"
	"reflect"
	"sync"
)

// Rows gathers, for a test binary, both readings of every sheet the fast
// reader read (set Compare as xlsx.CompareRows in TestMain), and reports
// the sheets where the two differ.
type Rows struct {
	mu         sync.Mutex
	read       int
	mismatches []string
}

// Compare records one sheet's two readings: the fast reader's and
// excelize's GetRows.
func (r *Rows) Compare(sheet string, quick, rows [][]string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.read++
	if !reflect.DeepEqual(quick, rows) && !(len(quick) == 0 && len(rows) == 0) {
		r.mismatches = append(r.mismatches, fmt.Sprintf("%s: quickRows %q\nGetRows %q", sheet, quick, rows))
	}
}

// Read is how many sheets were read both ways.
func (r *Rows) Read() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.read
}

// Exit returns the test binary's exit code: code, or 1 when a sheet read
// differently, after writing the first few differences to w.
func (r *Rows) Exit(code int, w io.Writer) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.mismatches) == 0 {
		return code
	}
	fmt.Fprintf(w, "quickRows differs from GetRows on %d sheets:\n", len(r.mismatches))
	for _, m := range r.mismatches[:min(5, len(r.mismatches))] {
		fmt.Fprintln(w, m)
	}
	return 1
}
