package files

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/armada-dtm/dtm/workbook"
)

// SiteMarker is the file in a site's folder that marks it as dtm's: it
// lists the files dtm wrote there, so that publishing again replaces them
// and removes those no longer published, and nothing else.
const SiteMarker = "dtm-site.txt"

// sitePointerExt names the file beside a workbook that remembers where its
// site was published ("regatta.dtm-site" for regatta.xlsx): dtm score and
// dtm seed refresh that site.
const sitePointerExt = ".dtm-site"

// DefaultSiteDir is the folder a workbook's site goes to without --out:
// "NAME site" beside it.
func DefaultSiteDir(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + " site"
}

// SitePointer is the file beside a workbook that remembers its site.
func SitePointer(path string) string {
	return strings.TrimSuffix(path, filepath.Ext(path)) + sitePointerExt
}

// SiteMarkerText is the marker's contents for a site published from book,
// whose file's hex SHA-256 is digest: a comment, the digest as another
// (none when digest is ""), then the files written, one a line.
func SiteMarkerText(book, digest string, names []string) []byte {
	var marker bytes.Buffer
	fmt.Fprintf(&marker, "# dtm publish wrote this folder from %s; publishing again replaces these files (and nothing else).\n", filepath.Base(book))
	if digest != "" {
		fmt.Fprintf(&marker, "%s%s\n", digestLine, digest)
	}
	for _, name := range names {
		fmt.Fprintln(&marker, name)
	}
	return marker.Bytes()
}

// SitePointerText is the pointer file's contents: the site's folder, relative
// to the workbook's when it is inside it, so the two can move together.
func SitePointerText(book, dir string) string {
	if rel, err := filepath.Rel(filepath.Dir(book), dir); err == nil && !strings.HasPrefix(rel, "..") {
		dir = rel
	}
	return dir + "\n"
}

// siteFiles reads the files an earlier publish wrote into dir. A folder
// that exists, holds anything, and has no marker is not dtm's: publishing
// refuses to write into it.
func siteFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	data, err := readSmall(filepath.Join(dir, SiteMarker), "list of the site's files", maxSiteList)
	if errors.Is(err, fs.ErrNotExist) {
		if len(entries) == 0 {
			return nil, nil
		}
		if pages, ok := interruptedSite(dir, entries); ok {
			return pages, nil
		}
		return nil, fmt.Errorf("publish: %s holds files that dtm did not write (no %s): choose another folder with --out, or empty it", dir, SiteMarker)
	}
	if err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	names, _ := parseMarker(data)
	return names, nil
}

// parseMarker reads a site's marker (SiteMarkerText): the files it names,
// and the SHA-256 of the workbook's file it records ("" for a marker of an
// older dtm).
func parseMarker(data []byte) (names []string, digest string) {
	for line := range strings.Lines(string(data)) {
		name := strings.TrimSpace(line)
		if d, ok := strings.CutPrefix(name, digestLine); ok {
			digest = d
			continue
		}
		// Only a plain file name dtm writes: never a path elsewhere.
		if name == "" || strings.HasPrefix(name, "#") || name != filepath.Base(name) || strings.ContainsAny(name, `/\`) ||
			!(strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".css")) {
			continue
		}
		names = append(names, name)
	}
	return names, digest
}

// interruptedSite recognises the folder of a first publish that an older
// dtm (which wrote the pages one by one into the folder, the marker last)
// was killed in: every entry is a file named as dtm names its pages,
// style.css is dtm's, and every page begins with dtm's head. It returns
// the pages, which publishing replaces; ok is false for anything else.
func interruptedSite(dir string, entries []fs.DirEntry) (pages []string, ok bool) {
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !sitePageName.MatchString(name) {
			return nil, false
		}
		f, err := OpenInput(filepath.Join(dir, name), "page", maxSiteList)
		if err != nil {
			return nil, false
		}
		head := make([]byte, 8<<10) // the head, with a long title
		n, _ := io.ReadFull(f, head)
		f.Close()
		head = head[:n]
		if name == "style.css" {
			ok = bytes.HasPrefix(head, []byte(siteStyleStart))
			if !ok {
				return nil, false
			}
		} else if !bytes.HasPrefix(head, []byte(sitePageStart)) || !bytes.Contains(head, []byte(sitePageStyle)) {
			return nil, false
		}
		pages = append(pages, name)
	}
	return pages, ok // style.css is written first
}

// sitePageName matches the names dtm gives the files of a site.
var sitePageName = regexp.MustCompile(`^(style\.css|(index|standings|players|powers|awards|teams|wall|certificates|projector)\.html|(standings-heat|heat|calls-heat|player|clock-heat|projector)-[0-9]+\.html)$`)

// The beginnings of the files of a site every version of dtm writes: the
// style sheet's first line, and each page's head up to its title, then
// the link to the style sheet.
const (
	siteStyleStart = "/* dtm publish: the tournament's site."
	sitePageStart  = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	sitePageStyle  = "</title>\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body"
)

// maxSiteList is the most the marker may hold: a line a page, and 20,000
// players have about 21,500 pages.
const maxSiteList = 16 << 20

// readSmall reads a small file of dtm's own beside the workbook or in the
// site's folder, refusing a pipe or a device (which could hang every
// command) and more than limit bytes.
func readSmall(path, what string, limit int64) ([]byte, error) {
	f, err := OpenInput(path, what, limit)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, limit))
}

// PublishedSite returns the folder a workbook's site was published to, or
// "" when it has not been published (or its folder is gone). It first
// tidies what a dtm killed while publishing there left (TidySite).
func PublishedSite(path string) string {
	data, err := readSmall(SitePointer(path), "site's place", 64<<10)
	if err != nil {
		return ""
	}
	dir := strings.TrimSpace(string(data))
	if dir == "" {
		return ""
	}
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(path), dir)
	}
	TidySite(dir)
	if _, err := os.Stat(filepath.Join(dir, SiteMarker)); err != nil {
		return ""
	}
	return dir
}

// digestLine starts the marker's line that holds the SHA-256 of the
// workbook's file the site was published from.
const digestLine = "# workbook SHA-256: "

// SiteCurrent reports whether the site in dir was published from the
// workbook at book as its file is now: the SHA-256 its marker records is
// the file's. A marker of an older dtm, without it, is current when it is
// newer than the workbook's file (of the same time, as a coarse clock may
// date both, it is not), which misses a workbook put back with its older
// date kept.
func SiteCurrent(dir, book string) bool {
	marker := filepath.Join(dir, SiteMarker)
	data, err := readSmall(marker, "list of the site's files", maxSiteList)
	if err != nil {
		return false
	}
	if _, digest := parseMarker(data); digest != "" {
		f, err := os.ReadFile(book)
		if err != nil {
			return false
		}
		sum := sha256.Sum256(f)
		return digest == hex.EncodeToString(sum[:])
	}
	site, err := os.Stat(marker)
	if err != nil {
		return false
	}
	info, err := os.Stat(book)
	return err == nil && site.ModTime().After(info.ModTime())
}

// A SiteWriter writes a new version of a site into a folder beside the
// site's own, then swaps it in whole: a reader of the folder (a web server)
// and a crash only ever see the old version or the new one. The files of
// the folder that dtm did not write are carried over.
type SiteWriter struct {
	dir     string   // the site's folder, symbolic links followed
	tmp     string   // the new version's folder, beside dir
	out     *folder  // tmp, open for writing
	earlier []string // the files of the version it replaces
	// old holds earlier's names, so that sorting thousands of files into
	// dtm's and the director's own costs a look-up each, not a walk.
	old   map[string]bool
	names []string // the files written
}

// errNoExchange says the system cannot swap two folders in one step.
var errNoExchange = errors.New("the folders cannot be exchanged in one step")

// NewSiteWriter starts a new version of the site in dir, after tidying
// what a killed dtm left there (TidySite). It refuses a folder that holds
// files and no marker: not dtm's.
func NewSiteWriter(dir string) (*SiteWriter, error) {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real // swap the folder a link leads to, not the link
	}
	TidySite(dir)
	earlier, err := siteFiles(dir)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	w := &SiteWriter{dir: dir, earlier: earlier, old: make(map[string]bool, len(earlier))}
	for _, name := range earlier {
		w.old[name] = true
	}
	for w.tmp == "" {
		name := siteTemp(dir, "new")
		err := os.Mkdir(name, 0o755)
		if err == nil {
			w.tmp = name
		} else if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("publish: %w", err)
		}
	}
	if w.out, err = openFolder(w.tmp); err != nil {
		w.Abort()
		return nil, fmt.Errorf("publish: %w", err)
	}
	return w, nil
}

// Write writes one file of the new version (a plain file name), or a part
// of it: the first part makes the file, each next one is added to its end.
func (w *SiteWriter) Write(name string, part []byte, first bool) error {
	if err := w.out.write(name, part, !first); err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	if first {
		w.names = append(w.names, name)
	}
	return nil
}

// Files lists the files written, by name.
func (w *SiteWriter) Files() []string {
	slices.Sort(w.names)
	return w.names
}

// Commit finishes the new version and swaps it in: it carries over the
// files of the folder dtm did not write, writes the marker naming the
// files written for book and digest, the hex SHA-256 of its file as read
// (SiteCurrent), makes it all durable with one sync, and puts it
// in the site's place. It returns the files of the old version no longer
// published.
func (w *SiteWriter) Commit(book, digest string) (removed []string, err error) {
	for _, name := range w.foreign(w.dir) {
		if _, err := os.Lstat(filepath.Join(w.tmp, name)); errors.Is(err, fs.ErrNotExist) {
			if err := carry(filepath.Join(w.dir, name), filepath.Join(w.tmp, name)); err != nil {
				return nil, fmt.Errorf("publish: keep %s: %w", name, err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(w.tmp, SiteMarker), SiteMarkerText(book, digest, w.Files()), 0o644); err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	w.closeOut()
	if err := syncFolder(w.tmp, append(slices.Clone(w.names), SiteMarker)); err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	if err := w.swap(); err != nil {
		return nil, fmt.Errorf("publish: put the new site in place of %s: %w", w.dir, err)
	}
	written := make(map[string]bool, len(w.names))
	for _, name := range w.names {
		written[name] = true
	}
	for _, name := range w.earlier {
		if !written[name] {
			removed = append(removed, name)
		}
	}
	return removed, nil
}

// Abort removes the new version when it was not swapped in.
func (w *SiteWriter) Abort() {
	w.closeOut()
	if w.tmp != "" {
		os.RemoveAll(w.tmp)
		w.tmp = ""
	}
}

// closeOut closes the new version's folder, open for writing.
func (w *SiteWriter) closeOut() {
	if w.out != nil {
		w.out.close()
		w.out = nil
	}
}

// swap puts the new version in the site's place. Where the system can
// exchange two folders in one step (Linux), a reader sees the old folder
// or the new one at every moment. Elsewhere the old folder is renamed
// away and the new one renamed in: for that moment the folder is missing,
// and a crash then leaves the next command to put the new one in place
// (TidySite).
func (w *SiteWriter) swap() error {
	info, err := os.Stat(w.dir)
	if errors.Is(err, fs.ErrNotExist) {
		if err := os.Rename(w.tmp, w.dir); err != nil {
			return err
		}
		w.tmp = ""
		return nil
	}
	if err != nil {
		return err
	}
	os.Chmod(w.tmp, info.Mode().Perm())
	old := w.tmp
	if err := exchange(w.tmp, w.dir); errors.Is(err, errNoExchange) {
		old = siteTemp(w.dir, "old")
		if err := os.Rename(w.dir, old); err != nil {
			return err
		}
		if err := os.Rename(w.tmp, w.dir); err != nil {
			os.Rename(old, w.dir)
			return err
		}
	} else if err != nil {
		return err
	}
	w.tmp = ""
	// What was put in the folder while the new version was written moves
	// to it, then the old version goes.
	for _, name := range w.foreign(old) {
		if _, err := os.Lstat(filepath.Join(w.dir, name)); errors.Is(err, fs.ErrNotExist) {
			os.Rename(filepath.Join(old, name), filepath.Join(w.dir, name))
		}
	}
	os.RemoveAll(old)
	return nil
}

// foreign lists the files and folders in dir that dtm did not write: not
// the marker, not a file of the old version, not a temporary file.
func (w *SiteWriter) foreign(dir string) []string {
	entries, _ := os.ReadDir(dir)
	var out []string
	for _, e := range entries {
		name := e.Name()
		if name != SiteMarker && !w.old[name] && !isTemp(name) {
			out = append(out, name)
		}
	}
	return out
}

// carry copies a file or folder dtm did not write into the new version:
// as hard links where the file system has them, else as copies.
func carry(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.Mkdir(target, info.Mode().Perm())
		case d.Type()&fs.ModeSymlink != 0:
			link, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		case d.Type().IsRegular():
			if os.Link(p, target) == nil {
				return nil
			}
			return copyFile(p, target, info.Mode().Perm())
		}
		return nil // a pipe or a device is no part of a site
	})
}

// copyFile copies a regular file.
func copyFile(from, to string, perm fs.FileMode) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	return dst.Close()
}

// siteTemp names a folder beside the site's folder dir for a version of
// it: ".dtm-PID-RANDOM-new-NAME.tmp" for the version being written (role
// "new"), "-old-" for the one being replaced, NAME being dir's own name
// (cut, with a hash of it, when long: tempSite).
// The process id tells a later run whether its writer is still alive.
func siteTemp(dir, role string) string {
	return filepath.Join(filepath.Dir(dir), fmt.Sprintf(".dtm-%d-%d-%s-%s.tmp", os.Getpid(), rand.Uint32(), role, tempSite(dir)))
}

// tempSite is the site folder's name as siteTemp writes it: cut to leave
// room for the rest within 255 bytes (a process id of up to 7 digits, a
// random number of up to 10).
func tempSite(dir string) string {
	return workbook.CutName(filepath.Base(dir), 255-len(".dtm-1234567-1234567890-new-.tmp"))
}

// isTemp reports whether a name is one of dtm's temporary files or folders.
func isTemp(name string) bool {
	return strings.HasPrefix(name, ".dtm-") && strings.HasSuffix(name, ".tmp")
}

// parseSiteTemp reads a siteTemp name: its role and the site folder's name.
func parseSiteTemp(name string) (role, site string, ok bool) {
	if !isTemp(name) {
		return "", "", false
	}
	parts := strings.SplitN(strings.TrimSuffix(strings.TrimPrefix(name, ".dtm-"), ".tmp"), "-", 4)
	if len(parts) != 4 || (parts[2] != "new" && parts[2] != "old") {
		return "", "", false
	}
	for _, n := range parts[:2] {
		if _, err := strconv.ParseUint(n, 10, 32); err != nil {
			return "", "", false
		}
	}
	return parts[2], parts[3], true
}

// TidySite cleans what a dtm killed while publishing into dir left: the
// folders beside it of a version being written or replaced, and temporary
// files inside it (older versions of dtm wrote them there). When it was
// killed in the moment the folder was missing (where two folders cannot be
// exchanged in one step), it puts the complete new version in place, else
// the old one. The folders of a dtm still running are left alone.
func TidySite(dir string) {
	parent, base := filepath.Dir(dir), tempSite(dir)
	entries, _ := os.ReadDir(parent)
	var left []string
	for _, e := range entries {
		role, site, ok := parseSiteTemp(e.Name())
		if ok && site == base && e.IsDir() && workbook.StaleTemp(filepath.Join(parent, e.Name())) {
			if role == "new" {
				left = append([]string{e.Name()}, left...) // the new versions first
			} else {
				left = append(left, e.Name())
			}
		}
	}
	_, err := os.Lstat(dir)
	missing := errors.Is(err, fs.ErrNotExist)
	for _, name := range left {
		m := filepath.Join(parent, name)
		if _, err := os.Stat(filepath.Join(m, SiteMarker)); missing && err == nil && os.Rename(m, dir) == nil {
			missing = false
			continue
		}
		os.RemoveAll(m)
	}
	inside, _ := os.ReadDir(dir)
	for _, e := range inside {
		if isTemp(e.Name()) && workbook.StaleTemp(filepath.Join(dir, e.Name())) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}
