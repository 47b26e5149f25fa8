package director

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/armada-dtm/dtm/workbook"
)

// MaxHeats is the most heats a tournament may have.
const MaxHeats = workbook.MaxHeats

// DefaultSystem is the scoring system a new tournament gets unless told
// otherwise.
const DefaultSystem = workbook.DefaultSystem

// NewRequest describes a tournament workbook to create.
type NewRequest struct {
	Path   string
	Name   string // default: the file's name
	Heats  int    // 1 to MaxHeats; 0 for the earlier tournament's (From)
	System string // "" for the earlier tournament's (From), else DefaultSystem
	// From is an earlier tournament's workbook whose players, conflicts,
	// groups, scoring systems, Tournament settings (all but the name,
	// description, number of heats and random seed; the scoring system
	// unless System is given) and Clock come along; "" for none.
	From string
}

// NewResult is the workbook dtm new created.
type NewResult struct {
	Path   string
	Heats  int
	System string
	// Reset are the earlier tournament's settings and Clock rows that did
	// not fit the new tournament, each with what it has instead.
	Reset []string
}

// New creates a tournament workbook from the template, with a random seed
// for its seatings. It never overwrites a file; an earlier workbook to carry
// over must have no problems.
func New(req NewRequest) (*NewResult, error) {
	opts := workbook.NewOptions{Name: req.Name, Heats: req.Heats, System: req.System, Seed: randomSeed()}
	if opts.Name == "" {
		opts.Name = strings.TrimSuffix(filepath.Base(req.Path), filepath.Ext(req.Path))
	}
	if req.From != "" {
		earlier, err := open(req.From, usedSystems)
		if err != nil {
			return nil, err
		}
		defer earlier.Close()
		opts.From = earlier
		if opts.Heats == 0 {
			opts.Heats = earlier.Tournament.Settings.Heats
		}
	}
	created, err := workbook.Create(req.Path, opts)
	if err != nil {
		return nil, err
	}
	return &NewResult{Path: req.Path, Heats: opts.Heats, System: created.System, Reset: created.Reset}, nil
}

// WriteText says what was created and what to do next.
func (r *NewResult) WriteText(w io.Writer) {
	fmt.Fprintf(w, "created %s (%d heats, scoring system %q)\n", r.Path, r.Heats, r.System)
	for _, s := range r.Reset {
		fmt.Fprintf(w, "not carried: %s\n", s)
	}
	fmt.Fprintf(w, "next: fill in the Players sheet, then run: dtm check %s\n", r.Path)
}

// randomSeed picks a seed for a new tournament's seating.
func randomSeed() int64 {
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return 1
	}
	return int64(binary.BigEndian.Uint64(b[:]) >> 33) // a short number a director can retype
}
