package director

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/armada-dtm/dtm/director/files"
)

// MaxValidateSize is the largest file dtm validate reads: far above a WDR
// document or WDD file of the largest event (10,000 players: about 15 MB).
const MaxValidateSize = 64 << 20

// ValidateRequest names federation files to check: WDR JSON (.json) and
// WDD CSV (.csv), written by dtm or any other tool.
type ValidateRequest struct {
	Paths []string
}

// ValidatedFile is one file's kind and findings.
type ValidatedFile struct {
	Path     string
	Kind     string // "WDR JSON" or "WDD CSV"
	Findings []files.Finding
}

// ValidateResult is what dtm validate found in each file.
type ValidateResult struct {
	Files []ValidatedFile
}

// Validate checks each file against its format: the WDR JSON against
// docs/wdr.schema.json and the checks a schema cannot make, a WDD file
// against its columns, ranks, powers and centres, or awards; given one
// classification and one awards file, both valid, it checks that they
// number the awards alike. A file it cannot read is an error; what is
// wrong inside a file is a finding.
func Validate(req ValidateRequest) (*ValidateResult, error) {
	data := make([][]byte, len(req.Paths))
	for i, path := range req.Paths {
		var err error
		if data[i], err = readValidated(path); err != nil {
			return nil, err
		}
	}
	return validateFiles(req.Paths, data)
}

// validateFiles checks files already read (data[i] is paths[i]'s content)
// as Validate describes.
func validateFiles(paths []string, data [][]byte) (*ValidateResult, error) {
	res := &ValidateResult{}
	wdd := map[string][]int{} // a classification's and an awards file's places in res.Files
	for i, path := range paths {
		vf := ValidatedFile{Path: path}
		switch kind := strings.ToLower(filepath.Ext(path)); {
		case kind == ".json" || kind != ".csv" && bytes.HasPrefix(bytes.TrimSpace(data[i]), []byte("{")):
			vf.Kind = "WDR JSON"
			var err error
			if vf.Findings, err = files.ValidateWDR(data[i]); err != nil {
				return nil, fmt.Errorf("%s: %w", path, err)
			}
		default:
			vf.Kind = "WDD CSV"
			vf.Findings = files.ValidateWDD(data[i])
			if k := files.WDDKind(data[i]); len(vf.Findings) == 0 && (k == "classification" || k == "awards") {
				wdd[k] = append(wdd[k], i)
			}
		}
		res.Files = append(res.Files, vf)
	}
	// One valid classification and one valid awards file: they number the
	// awards alike.
	if c, a := wdd["classification"], wdd["awards"]; len(c) == 1 && len(a) == 1 {
		res.Files[a[0]].Findings = files.CheckWDDAwardNumbers(data[c[0]], data[a[0]])
	}
	return res, nil
}

// readValidated reads one file dtm validate checks, through the guard every
// input dtm reads passes (files.OpenInput).
func readValidated(path string) ([]byte, error) {
	f, err := files.OpenInput(path, "file to validate", MaxValidateSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxValidateSize))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return data, nil
}

// WriteText prints each file's findings, one a line after the file's name
// ("WDR.json:12:5: WDR011 /rounds/1/games/2/players: ..."), or that it is
// valid.
func (r *ValidateResult) WriteText(w io.Writer) {
	for _, f := range r.Files {
		if len(f.Findings) == 0 {
			fmt.Fprintf(w, "%s: valid %s\n", f.Path, f.Kind)
			continue
		}
		for _, fd := range f.Findings {
			fmt.Fprintf(w, "%s:%s\n", f.Path, fd)
		}
	}
}

// Err is nil when every file is valid, else an error saying how many
// problems were found (dtm validate then exits with status 1).
func (r *ValidateResult) Err() error {
	n, bad := 0, 0
	for _, f := range r.Files {
		n += len(f.Findings)
		if len(f.Findings) > 0 {
			bad++
		}
	}
	if n == 0 {
		return nil
	}
	s := func(n int) string {
		if n == 1 {
			return ""
		}
		return "s"
	}
	return fmt.Errorf("%d problem%s in %d file%s; docs/exports.md explains each code", n, s(n), bad, s(bad))
}
