package main

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/shared"
)

var commitTime = time.Date(2026, 11, 27, 10, 35, 0, 0, time.UTC)

func someFiles(bin []byte) []file {
	return []file{
		{name: "dtm-v1.2.0-linux-amd64/samples/b.xlsx", mode: 0o644, data: []byte("sample b")},
		{name: "dtm-v1.2.0-linux-amd64/dtm", mode: 0o755, data: bin},
		{name: "dtm-v1.2.0-linux-amd64/LICENSE", mode: 0o644, data: []byte("MIT")},
		{name: "dtm-v1.2.0-linux-amd64/START-HERE.txt", mode: 0o644, data: []byte("start here")},
		{name: "dtm-v1.2.0-linux-amd64/samples/a.xlsx", mode: 0o644, data: bytes.Repeat([]byte("sample a "), 1000)},
	}
}

// TestPackIsReproducible: the same files give the same bytes, whatever
// their order; they read back with their modes; a zip's local headers
// carry each entry's CRC and sizes.
func TestPackIsReproducible(t *testing.T) {
	for _, osName := range []string{"linux", "windows"} {
		t.Run(osName, func(t *testing.T) {
			p := Platform{OS: osName, Arch: "amd64"}
			files := someFiles([]byte("binary"))
			a, err := pack(p, files, commitTime)
			if err != nil {
				t.Fatal(err)
			}
			reversed := make([]file, len(files))
			for i, f := range files {
				reversed[len(files)-1-i] = f
			}
			b, err := pack(p, reversed, commitTime)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Fatal("packing the same files twice gave different bytes")
			}
			got, err := unpack(a, osName != "linux")
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(files) {
				t.Errorf("read back %d files, want %d", len(got), len(files))
			}
			for _, f := range files {
				g, ok := got[f.name]
				if !ok || !bytes.Equal(g.data, f.data) || g.mode.Perm() != f.mode {
					t.Errorf("%s read back as %v %q, want %v", f.name, g.mode, g.data, f.mode)
				}
			}
			if osName == "windows" {
				checkLocalHeaders(t, a)
				zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range zr.File {
					if !f.Modified.Equal(commitTime) {
						t.Errorf("%s dated %v, want the commit's time %v", f.Name, f.Modified, commitTime)
					}
				}
			}
		})
	}
}

// checkLocalHeaders walks a zip from its first byte, as a streaming reader
// does, and checks that each local header says its entry's sizes.
func checkLocalHeaders(t *testing.T, data []byte) {
	t.Helper()
	entries := 0
	for off := 0; off+30 <= len(data) && binary.LittleEndian.Uint32(data[off:]) == 0x04034b50; entries++ {
		flags := binary.LittleEndian.Uint16(data[off+6:])
		size := int(binary.LittleEndian.Uint32(data[off+18:]))
		nameLen := int(binary.LittleEndian.Uint16(data[off+26:]))
		extraLen := int(binary.LittleEndian.Uint16(data[off+28:]))
		name := string(data[off+30 : off+30+nameLen])
		if flags&0x8 != 0 {
			t.Errorf("%s: its local header defers its sizes to a data descriptor", name)
			return
		}
		off += 30 + nameLen + extraLen + size
	}
	if entries < 5 {
		t.Errorf("walked %d local headers, want every entry's", entries)
	}
}

// TestDescribe: the version comes from -version, the commit's tag, or the
// commit itself; a checkout with changes is refused unless -dirty.
func TestDescribe(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	gitIn := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE=2026-11-27T10:35:00Z", "GIT_COMMITTER_DATE=2026-11-27T10:35:00Z",
			"GIT_AUTHOR_NAME=td", "GIT_AUTHOR_EMAIL=td@example.org", "GIT_COMMITTER_NAME=td", "GIT_COMMITTER_EMAIL=td@example.org")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	gitIn("init", "-q")
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn("add", "a.txt")
	gitIn("commit", "-q", "-m", "first")
	commit, err := git(dir, "rev-parse", "HEAD")
	if err != nil {
		t.Fatal(err)
	}
	describe := func(version string, dirty bool) string {
		t.Helper()
		src, err := Describe(dir, version, dirty)
		if err != nil {
			return "error: " + err.Error()
		}
		if src.Commit != commit || !src.Time.Equal(commitTime) {
			t.Errorf("commit %s at %v, want %s at %v", src.Commit, src.Time, commit, commitTime)
		}
		return src.Version
	}
	if got, want := describe("", false), "v0.0.0-20261127103500-"+commit[:12]; got != want {
		t.Errorf("untagged commit: version %q, want %q", got, want)
	}
	if got := describe("1.2", false); !strings.Contains(got, `version "1.2" is not of the form v1.2.0`) {
		t.Errorf("a malformed version gave %q", got)
	}
	gitIn("tag", "v1.2.0")
	if got := describe("", false); got != "v1.2.0" {
		t.Errorf("tagged commit: version %q, want v1.2.0", got)
	}
	if got := describe("v1.3.0-rc.1", false); got != "v1.3.0-rc.1" {
		t.Errorf("given version: %q, want v1.3.0-rc.1", got)
	}
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("changed"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := describe("", false); !strings.Contains(got, "uncommitted changes (M a.txt ...)") {
		t.Errorf("a checkout with changes gave %q, want it refused", got)
	}
	if got := describe("", true); got != "v1.2.0+dirty" {
		t.Errorf("-dirty: version %q, want v1.2.0+dirty", got)
	}
}

// TestCheckFindsEachProblem: a folder of downloads with one thing wrong is
// refused, naming it.
func TestCheckFindsEachProblem(t *testing.T) {
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("uses this test's own binary as a linux/amd64 dtm")
	}
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	const good = "dtm-v1.2.0-linux-amd64.tar.gz"
	for _, tc := range []struct {
		name string
		edit func(dir string, files []file) (string, []file) // the archive's name and files
		sums func(dir string)                                // then SHA256SUMS
		want string
	}{
		{name: "good", want: ""},
		{name: "no licence", edit: func(_ string, fs []file) (string, []file) { return good, without(fs, "LICENSE") }, want: "no dtm-v1.2.0-linux-amd64/LICENSE"},
		{name: "no samples", edit: func(_ string, fs []file) (string, []file) {
			return good, without(without(fs, "samples/a.xlsx"), "samples/b.xlsx")
		}, want: "no samples in dtm-v1.2.0-linux-amd64/samples"},
		{name: "binary not executable", edit: func(_ string, fs []file) (string, []file) {
			fs[1].mode = 0o644
			return good, fs
		}, want: "dtm is not executable"},
		{name: "not a binary", edit: func(_ string, fs []file) (string, []file) {
			fs[1].data = []byte("#!/bin/sh\n")
			return good, fs
		}, want: "not a Linux (ELF) executable"},
		{name: "wrong chip", edit: func(_ string, fs []file) (string, []file) {
			for i := range fs {
				fs[i].name = strings.Replace(fs[i].name, "amd64", "arm64", 1)
			}
			return "dtm-v1.2.0-linux-arm64.tar.gz", fs
		}, want: `dtm: built for "amd64", not arm64`},
		{name: "checksum", sums: func(dir string) { appendTo(t, filepath.Join(dir, good), "tampered") }, want: "dtm-v1.2.0-linux-amd64.tar.gz: checksum"},
		{name: "unlisted", sums: func(dir string) { writeFile(t, filepath.Join(dir, "extra.zip"), "x") }, want: "extra.zip: not listed in SHA256SUMS"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			name, files := good, someFiles(self)
			if tc.edit != nil {
				name, files = tc.edit(dir, files)
			}
			data, err := pack(Platform{OS: "linux", Arch: "amd64"}, files, commitTime)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(dir, name), string(data))
			writeFile(t, filepath.Join(dir, "SHA256SUMS"), fmt.Sprintf("%x  %s\n", sha256.Sum256(data), name))
			if tc.sums != nil {
				tc.sums(dir)
			}
			_, err = Check(dir)
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Check: %v, want no problem", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Errorf("Check: %v, want %q", err, tc.want)
			}
		})
	}
}

func without(files []file, suffix string) []file {
	var out []file
	for _, f := range files {
		if !strings.HasSuffix(f.name, "/"+suffix) {
			out = append(out, f)
		}
	}
	return out
}

func writeFile(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func appendTo(t *testing.T, name, data string) {
	t.Helper()
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := io.WriteString(f, data); err != nil {
		t.Fatal(err)
	}
}

// TestReleaseLinux builds this checkout's Linux download twice, as a
// maintainer would, checks it, and runs its dtm on a sample from the
// archive: --version, check and score. (CI builds every platform with
// .ci/run.)
func TestReleaseLinux(t *testing.T) {
	if testing.Short() {
		t.Skip("builds dtm: not with -short")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("runs the linux/amd64 download")
	}
	if _, err := exec.LookPath("git"); err != nil {
		if shared.Required() {
			t.Fatal("git is not installed; CI requires the release test")
		}
		t.Skip("git is not installed")
	}
	src, err := Describe("../..", "", true)
	if err != nil {
		if shared.Required() {
			t.Fatal(err)
		}
		t.Skipf("not a git checkout: %v", err)
	}
	plats := []Platform{{OS: "linux", Arch: "amd64"}}
	out := filepath.Join(t.TempDir(), "dist")
	var sums [2][]byte
	for i := range sums {
		if _, err := Build(src, plats, out, io.Discard); err != nil {
			t.Fatal(err)
		}
		if sums[i], err = os.ReadFile(filepath.Join(out, "SHA256SUMS")); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(sums[0], sums[1]) {
		t.Errorf("two builds differ:\n%s\n%s", sums[0], sums[1])
	}
	if _, err := Check(out); err != nil {
		t.Fatal(err)
	}
	name := plats[0].archive(src.Version)
	data, err := os.ReadFile(filepath.Join(out, name))
	if err != nil {
		t.Fatal(err)
	}
	files, err := unpack(data, false)
	if err != nil {
		t.Fatal(err)
	}
	top := strings.TrimSuffix(name, ".tar.gz")
	run := t.TempDir()
	for n, f := range files {
		if n == top+"/dtm" || n == top+"/samples/armada-open.xlsx" {
			writeFile(t, filepath.Join(run, filepath.Base(n)), string(f.data))
		}
	}
	if err := os.Chmod(filepath.Join(run, "dtm"), 0o755); err != nil {
		t.Fatal(err)
	}
	dtm := func(want int, args ...string) string {
		t.Helper()
		cmd := exec.Command("./dtm", args...)
		cmd.Dir = run
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != want {
			t.Fatalf("dtm %s: exit %d (%v), want %d\n%s", strings.Join(args, " "), code, err, want, out)
		}
		return string(out)
	}
	version := regexp.MustCompile(`^dtm version (v0\.0\.0-\d{14}-[0-9a-f]{12}|v\d+\.\d+\.\d+\S*)(\+dirty)? \(commit ([0-9a-f]{12})\)\n$`)
	got := dtm(0, "--version")
	if m := version.FindStringSubmatch(got); m == nil || m[3] != src.Commit[:12] {
		t.Errorf("dtm --version said %q, want the release's version and commit %s", got, src.Commit[:12])
	}
	dtm(0, "check", "armada-open.xlsx")
	if out := dtm(0, "score", "armada-open.xlsx"); !strings.Contains(out, "Standings") {
		t.Errorf("dtm score printed no standings:\n%s", out)
	}
}
