package workbook

import (
	"encoding/hex"
	"regexp"

	"github.com/armada-dtm/dtm/internal/version"
	"github.com/armada-dtm/dtm/workbook/xlsx"
	"github.com/xuri/excelize/v2"
)

// Book is a tournament workbook opened from disk: the file itself, and
// everything read from it.
type Book struct {
	Path       string
	Tournament *Tournament
	// Problems is every problem found while reading, top to bottom.
	Problems Problems
	// Ignored lists the columns and settings dtm read past (dtm check -v).
	Ignored Problems

	x *xlsx.File
	f *excelize.File // x's excelize reading, for the cells written through it
	// hurst holds, under the Hurst Tournament Mean, the figure dtm score
	// writes for each player's game (SetHurstFigures); nil until known.
	hurst map[hurstKey]float64
}

// sheets tells the engine what dtm does with each of the tournament's
// sheets.
var sheets = xlsx.Sheets{Read: readsSheet, Replaced: outputSheet, Input: inputSheet, Output: rewrittenTab}

// readsSheet reports whether dtm reads a sheet's cells (and so holds it to
// the row and column limits); a director's own sheets are only checked
// whole.
func readsSheet(name string) bool {
	switch name {
	case SheetTournament, SheetPlayers, SheetConflicts, SheetGroups, SheetTeams, SheetHeats, SheetSystems,
		SheetStandings, SheetTeamStandings, SheetAwards, SheetSent, SheetSubmissions:
		return true
	}
	_, heat := heatSheetNumber(name)
	return heat || callsSheet(name)
}

// outputSheet reports one of the tabs dtm rewrites whole: a cell too long
// there (written by an older dtm) is replaced, not refused.
func outputSheet(name string) bool {
	return name == SheetStandings || name == SheetTeamStandings || name == SheetAwards
}

// inputSheet reports whether dtm reads a sheet's values: the Tournament,
// Players, Conflicts, Groups, Teams, Heats, Systems and Clock sheets and
// the heat sheets.
func inputSheet(name string) bool {
	switch name {
	case SheetTournament, SheetPlayers, SheetConflicts, SheetGroups, SheetTeams, SheetHeats, SheetSystems, SheetClock:
		return true
	}
	_, heat := heatSheetNumber(name)
	return heat
}

// rewrittenName matches the name of a tab dtm rewrites on every run, as a
// formula may write it (in any case): Standings, Team Standings, Awards or
// a heat's calls tab, dtm send's record or dtm import's submissions.
var rewrittenName = regexp.MustCompile(`(?i)^(standings|awards|team standings|heat [0-9]+ calls|sent|submissions)$`)

// rewrittenTab reports a tab dtm rewrites on every run, whose values
// change when dtm runs: a formula referring to one is recalculated even on
// a sheet dtm reads.
func rewrittenTab(name string) bool { return rewrittenName.MatchString(name) }

// ErrNotWorkbook reports a file that is not an .xlsx workbook.
var ErrNotWorkbook = xlsx.ErrNotWorkbook

// Open reads a workbook. The error is for a file that cannot be read at all;
// problems with what the director typed are in Book.Problems.
func Open(path string) (*Book, error) {
	x, err := xlsx.Open(path, sheets)
	if err != nil {
		return nil, err
	}
	return readBook(x), nil
}

// openBytes reads a workbook from its bytes, as Open does from its file.
func openBytes(path string, data []byte) (*Book, error) {
	x, err := xlsx.OpenBytes(path, data, sheets)
	if err != nil {
		return nil, err
	}
	return readBook(x), nil
}

// readBook reads the tournament from an opened workbook.
func readBook(x *xlsx.File) *Book {
	b := &Book{Path: x.Path, x: x, f: x.Excelize()}
	b.Tournament, b.Problems, b.Ignored = read(b.f, b.Path)
	return b
}

// ProblemsInRow returns the problems found in one row of a sheet.
func (b *Book) ProblemsInRow(sheet string, row int) Problems {
	var out Problems
	for _, p := range b.Problems {
		if r, _ := xlsx.CellOrder(p.Cell); p.Sheet == sheet && r == row {
			out = append(out, p)
		}
	}
	return out
}

// AddProblems adds problems found by checks beyond the reading of sheets
// (scoring each game, compiling the systems), keeping the list top to
// bottom, sheet by sheet.
func (b *Book) AddProblems(ps Problems) {
	b.Problems = xlsx.Sorted(append(b.Problems, ps...), b.x.SheetList())
}

// Close releases the workbook.
func (b *Book) Close() error {
	if b.x == nil { // released
		return nil
	}
	return b.x.Close()
}

// Release closes the workbook's file and lets go of all it holds of it
// (its bytes, its parts as read), keeping the Tournament read from it: for
// a command that has read all it needs from the file, so that its later
// work (dtm publish's pages) does not hold the file too. Nothing but the
// Tournament may be used after it; Close then does nothing.
func (b *Book) Release() error {
	err := b.Close()
	b.x, b.f = nil, nil
	return err
}

// Digest is the hex SHA-256 of the workbook's file as read (or last
// saved), "" once the book is released: what a published site records to
// tell whether it was made from the file as it is.
func (b *Book) Digest() string {
	if b.x == nil {
		return ""
	}
	d := b.x.Digest()
	return hex.EncodeToString(d[:])
}

// Options controls a Save.
type Options = xlsx.Options

// The reasons Save refuses to replace a workbook.
var (
	ErrOpenElsewhere = xlsx.ErrOpenElsewhere
	ErrChanged       = xlsx.ErrChanged
	ErrReadOnly      = xlsx.ErrReadOnly
	ErrHardLinked    = xlsx.ErrHardLinked
)

// LockFile returns the lock file Excel or LibreOffice keeps beside a
// workbook it has open, or "" when there is none.
func LockFile(path string) string { return xlsx.LockFile(path) }

// BackupDir is the directory, beside the workbook, that keeps the versions
// dtm replaced.
const BackupDir = xlsx.BackupDir

// application names dtm and its version as the program that saved a
// workbook, in its document properties.
func application() string { return "dtm " + version.String() }

// Save writes the workbook back to its file safely (see xlsx.File.Save),
// with the tournament's name as the document's title and dtm as the
// program that saved it, and without the names of its own tabs that refer
// to nothing (dropBrokenNames). It reports whether it wrote the file: a
// workbook that holds all this already is left as it is, without a backup.
func (b *Book) Save(opts Options) (wrote bool, err error) {
	props := xlsx.Properties{Application: application()}
	if b.Tournament != nil {
		props.Title = b.Tournament.Settings.Name
	}
	b.x.SetProperties(props)
	if err := b.dropBrokenNames(); err != nil {
		return false, err
	}
	return b.x.Save(opts)
}

// WriteFile writes a file dtm produces beside a workbook (an export)
// safely: through a temporary file in the same folder, synced and renamed
// into place when complete.
func WriteFile(path string, data []byte) error { return xlsx.WriteFile(path, data) }

// CutName shortens a file name dtm derives to room bytes, keeping it apart
// from others that start alike (see xlsx.CutName).
func CutName(name string, room int) string { return xlsx.CutName(name, room) }

// StaleTemp reports whether one of dtm's temporary files or folders
// (".dtm-PID-....tmp") was left by a process that is no longer running.
func StaleTemp(name string) bool { return xlsx.StaleTemp(name) }

// MaxPlayers is the most players the Players sheet may list: the largest
// online events seat a few thousand players; a 20,000-player workbook of 30
// heats is far inside each of the engine's limits (docs/workbook.md,
// "Limits").
const MaxPlayers = 20_000
