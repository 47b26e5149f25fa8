package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
)

// Targets are the platforms a release is built for.
var Targets = []string{"windows/amd64", "windows/arm64", "darwin/arm64", "darwin/amd64", "linux/amd64", "linux/arm64"}

// Platform is one GOOS/GOARCH pair.
type Platform struct{ OS, Arch string }

func (p Platform) String() string { return p.OS + "/" + p.Arch }

// exe is the binary's name on the platform.
func (p Platform) exe() string {
	if p.OS == "windows" {
		return "dtm.exe"
	}
	return "dtm"
}

// archive is the archive's name: a zip where people double-click one
// (Windows, macOS), a tar.gz on Linux.
func (p Platform) archive(version string) string {
	ext := ".zip"
	if p.OS == "linux" {
		ext = ".tar.gz"
	}
	return fmt.Sprintf("dtm-%s-%s-%s%s", version, p.OS, p.Arch, ext)
}

// parseTargets reads a comma-separated list of GOOS/GOARCH pairs, each one
// of Targets.
func parseTargets(s string) ([]Platform, error) {
	var plats []Platform
	for _, t := range strings.Split(s, ",") {
		t = strings.TrimSpace(t)
		if !slices.Contains(Targets, t) {
			return nil, fmt.Errorf("unknown platform %q: the platforms are %s", t, strings.Join(Targets, ", "))
		}
		os, arch, _ := strings.Cut(t, "/")
		plats = append(plats, Platform{OS: os, Arch: arch})
	}
	return plats, nil
}

// Build builds dtm for each platform from src and writes the archives and
// SHA256SUMS into out, which it replaces whole once everything is built (a
// failed build leaves out as it was). It returns the archives' names.
func Build(src Source, plats []Platform, out string, log io.Writer) ([]string, error) {
	extra, err := bundled(src.Dir)
	if err != nil {
		return nil, err
	}
	parent := filepath.Dir(filepath.Clean(out))
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	work, err := os.MkdirTemp(parent, ".release-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	dist := filepath.Join(work, "dist")
	if err := os.Mkdir(dist, 0o755); err != nil {
		return nil, err
	}
	sums := map[string][sha256.Size]byte{}
	for _, p := range plats {
		fmt.Fprintf(log, "building %s\n", p)
		bin, err := compile(src, p, work)
		if err != nil {
			return nil, err
		}
		top := strings.TrimSuffix(strings.TrimSuffix(p.archive(src.Version), ".zip"), ".tar.gz")
		files := append([]file{{name: path.Join(top, p.exe()), mode: 0o755, data: bin}}, prefixed(top, extra)...)
		data, err := pack(p, files, src.Time)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, err)
		}
		name := p.archive(src.Version)
		if err := os.WriteFile(filepath.Join(dist, name), data, 0o644); err != nil {
			return nil, err
		}
		sums[name] = sha256.Sum256(data)
	}
	names := make([]string, 0, len(sums))
	for n := range sums {
		names = append(names, n)
	}
	sort.Strings(names)
	var list strings.Builder
	for _, n := range names {
		fmt.Fprintf(&list, "%x  %s\n", sums[n], n)
	}
	if err := os.WriteFile(filepath.Join(dist, "SHA256SUMS"), []byte(list.String()), 0o644); err != nil {
		return nil, err
	}
	if err := os.RemoveAll(out); err != nil {
		return nil, err
	}
	if err := os.Rename(dist, out); err != nil {
		return nil, err
	}
	return names, nil
}

// compile builds the dtm binary for a platform: without cgo, without the
// builder's paths or a build id, with the version and commit stamped in, so
// the same commit and Go give the same bytes.
func compile(src Source, p Platform, work string) ([]byte, error) {
	bin := filepath.Join(work, p.OS+"-"+p.Arch+"-"+p.exe())
	const pkg = "github.com/armada-dtm/dtm/internal/version"
	ldflags := fmt.Sprintf("-s -w -buildid= -X %s.release=%s -X %s.commit=%s", pkg, src.Version, pkg, src.Commit)
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", bin, ".")
	cmd.Dir = src.Dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+p.OS, "GOARCH="+p.Arch, "GOFLAGS=-mod=readonly",
		"GOAMD64=v1", "GOARM64=v8.0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("build for %s: %w\n%s", p, err, out)
	}
	return os.ReadFile(bin)
}

// bundled reads the files every archive carries beside the binary: the
// director's start page, the licence and the samples.
func bundled(dir string) ([]file, error) {
	files := []file{{name: "START-HERE.txt", from: "docs/install.md"}, {name: "LICENSE", from: "LICENSE"}}
	samples, err := filepath.Glob(filepath.Join(dir, "samples", "*.xlsx"))
	if err != nil {
		return nil, err
	}
	if len(samples) == 0 {
		return nil, fmt.Errorf("no samples in %s", filepath.Join(dir, "samples"))
	}
	sort.Strings(samples)
	for _, s := range samples {
		files = append(files, file{name: "samples/" + filepath.Base(s), from: filepath.Join("samples", filepath.Base(s))})
	}
	for i := range files {
		data, err := os.ReadFile(filepath.Join(dir, files[i].from))
		if err != nil {
			return nil, fmt.Errorf("read what the archives carry: %w", err)
		}
		files[i].data, files[i].mode = data, 0o644
	}
	return files, nil
}

// prefixed puts files under the archive's top folder.
func prefixed(top string, files []file) []file {
	out := make([]file, len(files))
	for i, f := range files {
		f.name = path.Join(top, f.name)
		out[i] = f
	}
	return out
}
