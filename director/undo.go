package director

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/armada-dtm/dtm/workbook"
)

// UndoRequest says which workbook to put back as it was before the last
// command that wrote it.
type UndoRequest struct {
	Path string
	// DryRun shows what restoring would change, and writes nothing.
	DryRun bool
	// Again allows restoring when the last change was itself an undo (or
	// an undo --again): the restore then puts back what it took away.
	Again bool
	// Force writes even when a lock file says the workbook is open.
	Force bool
}

// UndoResult is what restoring the latest backup changed, or would.
type UndoResult struct {
	Path string
	// Backup is the backup restored (or to be restored).
	Backup string
	// Changes are what restoring it changes, sheet by sheet; nil when the
	// workbook could not be read (Unreadable).
	Changes []workbook.SheetChange
	// Unreadable says why the workbook could not be read to compare: the
	// backup replaces it whole.
	Unreadable error
	// Skipped counts the newer backups that hold what the workbook holds.
	Skipped int
	// SavedAfter is when the workbook was saved, when that was after dtm
	// last wrote it (by a spreadsheet program): restoring takes away what
	// was typed since too. Zero otherwise.
	SavedAfter, LastWrite time.Time
	// UndoesUndo is set when the last change was an undo, which restoring
	// Backup takes back.
	UndoesUndo bool
	// Kept is the backup of the version replaced; "" when nothing was
	// written (DryRun).
	Kept   string
	DryRun bool
	// Site is set when the published site was refreshed (or failed to be).
	Site *SiteRefresh
}

// ErrNoBackup reports a workbook without a backup to restore.
var ErrNoBackup = errors.New("no backup to restore")

// ErrUndoAgain reports a dtm undo run right after another without --again.
var ErrUndoAgain = errors.New("the last change was dtm undo")

// Undo restores the workbook's latest backup that differs from it (the
// version before the last command that wrote it), keeping the version it
// replaces as a backup, so that an undo can itself be undone. It refuses
// when the last change was an undo unless req.Again: running it twice puts
// back what the first run took away, so the second run says what it would
// change and asks for --again. The result says what changes, sheet by sheet.
//
// When the workbook's site was published (dtm publish), it is refreshed
// after the workbook is saved.
func Undo(req UndoRequest) (*UndoResult, error) {
	res, err := undo(req)
	if err != nil || req.DryRun {
		return res, err
	}
	res.Site = refreshSite(req.Path, true)
	return res, nil
}

// undo is Undo without refreshing the site.
func undo(req UndoRequest) (*UndoResult, error) {
	current, unreadable := workbook.ReadVersion(req.Path)
	if current == nil {
		return nil, unreadable
	}
	defer current.Close()
	backups, err := workbook.Backups(req.Path)
	if err != nil {
		return nil, err
	}
	if len(backups) == 0 {
		return nil, fmt.Errorf("%s: %w: dtm keeps the version it replaces in the %s folder beside the workbook each time a command writes it, and there is none of this workbook; nothing was changed",
			req.Path, ErrNoBackup, workbook.BackupDir)
	}
	res := &UndoResult{Path: req.Path, Unreadable: unreadable, DryRun: req.DryRun}
	if last, ok := workbook.BackupTime(backups[0]); ok {
		if info, err := os.Stat(req.Path); err == nil && info.ModTime().After(last.Add(savedAfterSlack)) {
			res.SavedAfter, res.LastWrite = info.ModTime(), last
		}
	}
	var restore *workbook.Version
	defer func() { restore.Close() }()
	for i, name := range backups {
		v, err := openBackup(name)
		if err != nil {
			return nil, err
		}
		if res.Unreadable != nil {
			res.Backup, restore = name, v
			break
		}
		changes, err := current.Changes(v)
		if err != nil {
			v.Close()
			return nil, err
		}
		if len(changes) == 0 {
			v.Close()
			res.Skipped++
			continue
		}
		res.Backup, res.Changes, restore = name, changes, v
		if res.UndoesUndo, err = undone(current, backups[i+1:]); err != nil {
			return nil, err
		}
		break
	}
	switch {
	case restore == nil:
		return nil, fmt.Errorf("%s: %w: its %d backup(s) in %s hold the same cells as the workbook; nothing was changed",
			req.Path, ErrNoBackup, len(backups), workbook.BackupDir)
	case req.Again && !res.UndoesUndo:
		return nil, fmt.Errorf("%s: the last change was not dtm undo: --again is for running it right after an undo; nothing was changed (dtm undo without --again restores the latest backup)", req.Path)
	case req.DryRun:
		return res, nil
	case res.UndoesUndo && !req.Again:
		return res, fmt.Errorf("%s: %w, and running it again would put back what it took away (above); nothing was changed: "+
			"run dtm undo --again to do that, or copy an older version from the %s folder over the workbook by hand",
			req.Path, ErrUndoAgain, workbook.BackupDir)
	}
	if res.Kept, err = workbook.Replace(current, restore, workbook.Options{Force: req.Force}); err != nil {
		return nil, err
	}
	return res, nil
}

// savedAfterSlack is how long after dtm's last write (the time in its
// backup's name, taken just after the new version was written) a
// workbook saved later is taken to have been saved by someone else.
const savedAfterSlack = 2 * time.Second

// openBackup reads a backup whole; one dtm cannot open is not restored.
func openBackup(name string) (*workbook.Version, error) {
	v, err := workbook.ReadVersion(name)
	if err != nil {
		v.Close()
		return nil, fmt.Errorf("the backup %s cannot be read, so it is not restored (nothing was changed): %w; copy an older version from %s over the workbook by hand",
			name, err, filepath.Dir(name))
	}
	return v, nil
}

// undone reports whether the workbook's last change was an undo: the
// backup just older than the one to restore (older, newest first) holds
// what the workbook holds, as the version an undo restored does.
func undone(current *workbook.Version, older []string) (bool, error) {
	if len(older) == 0 {
		return false, nil
	}
	v, err := workbook.ReadVersion(older[0])
	if err != nil {
		v.Close()
		return false, nil // a backup dtm cannot read was not restored by dtm undo
	}
	defer v.Close()
	changes, err := current.Changes(v)
	return err == nil && len(changes) == 0, err
}

// WriteText says which backup is restored and what it changes, sheet by
// sheet, then what was written.
func (r *UndoResult) WriteText(w io.Writer) {
	when := ""
	if t, ok := workbook.BackupTime(r.Backup); ok {
		when = fmt.Sprintf(" (kept %s)", t.Format("2006-01-02 15:04:05"))
	}
	backup := filepath.Join(workbook.BackupDir, filepath.Base(r.Backup))
	if r.UndoesUndo {
		fmt.Fprintf(w, "%s: the last change was dtm undo; %s, the version it replaced, puts back what it took away\n", r.Path, backup)
	}
	if !r.SavedAfter.IsZero() {
		fmt.Fprintf(w, "warning: %s was saved at %s, after dtm last wrote it (%s): restoring also takes away what was typed since (it is among the changes below, and stays in the version kept)\n",
			r.Path, r.SavedAfter.Format("15:04:05"), r.LastWrite.Format("15:04:05"))
	}
	if r.Skipped > 0 {
		fmt.Fprintf(w, "%s: %d newer backup(s) hold the same cells as the workbook: skipped\n", r.Path, r.Skipped)
	}
	if r.Unreadable != nil {
		fmt.Fprintf(w, "%s cannot be read (%v): the backup %s%s replaces it whole\n", r.Path, r.Unreadable, backup, when)
	} else {
		fmt.Fprintf(w, "%s: restoring %s%s changes:\n", r.Path, backup, when)
		for _, c := range r.Changes {
			switch {
			case c.Added:
				fmt.Fprintf(w, "  %s: sheet added back (%s)\n", c.Sheet, cellCount(c.Cells))
			case c.Removed:
				fmt.Fprintf(w, "  %s: sheet removed (the backup has no such sheet; %s)\n", c.Sheet, cellCount(c.Cells))
			default:
				fmt.Fprintf(w, "  %s: %s changed\n", c.Sheet, cellCount(c.Cells))
			}
		}
	}
	switch {
	case r.DryRun:
		fmt.Fprintf(w, "nothing was written (--dry-run)\n")
	case r.Kept != "":
		fmt.Fprintf(w, "restored %s from %s; the version it replaced is kept as %s (dtm undo --again puts it back)\n",
			r.Path, backup, filepath.Join(workbook.BackupDir, filepath.Base(r.Kept)))
	}
	r.Site.WriteText(w)
}

// cellCount is "1 cell" or "n cells".
func cellCount(n int) string {
	if n == 1 {
		return "1 cell"
	}
	return fmt.Sprintf("%d cells", n)
}
