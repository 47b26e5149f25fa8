package files

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// SiteMarkerText is the marker's contents for a site published from book:
// a comment, then the files written, one a line.
func SiteMarkerText(book string, names []string) []byte {
	var marker bytes.Buffer
	fmt.Fprintf(&marker, "# dtm publish wrote this folder from %s; publishing again replaces these files (and nothing else).\n", filepath.Base(book))
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

// SiteFiles reads the files an earlier publish wrote into dir. A folder
// that exists, holds anything, and has no marker is not dtm's: Publish
// refuses to write into it.
func SiteFiles(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	data, err := os.ReadFile(filepath.Join(dir, SiteMarker))
	if errors.Is(err, fs.ErrNotExist) {
		if len(entries) == 0 {
			return nil, nil
		}
		return nil, fmt.Errorf("publish: %s holds files that dtm did not write (no %s): choose another folder with --out, or empty it", dir, SiteMarker)
	}
	if err != nil {
		return nil, fmt.Errorf("publish: %w", err)
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		name := strings.TrimSpace(sc.Text())
		// Only a plain file name dtm writes: never a path elsewhere.
		if name == "" || strings.HasPrefix(name, "#") || name != filepath.Base(name) || strings.ContainsAny(name, `/\`) ||
			!(strings.HasSuffix(name, ".html") || strings.HasSuffix(name, ".css")) {
			continue
		}
		out = append(out, name)
	}
	return out, nil
}

// PublishedSite returns the folder a workbook's site was published to, or
// "" when it has not been published (or its folder is gone).
func PublishedSite(path string) string {
	data, err := os.ReadFile(SitePointer(path))
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
	if _, err := os.Stat(filepath.Join(dir, SiteMarker)); err != nil {
		return ""
	}
	return dir
}
