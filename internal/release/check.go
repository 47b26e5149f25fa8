package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// archiveName is the shape of an archive's name: dtm-VERSION-OS-ARCH.EXT.
var archiveName = regexp.MustCompile(`^dtm-(v[^/]+)-([a-z]+)-([a-z0-9]+)\.(zip|tar\.gz)$`)

// Check checks a folder of downloads: every archive is listed in SHA256SUMS
// with its right checksum, and holds, under one top folder, the binary for
// its platform (executable), START-HERE.txt, LICENSE and at least one
// sample. It returns the archives' names, or every problem found.
func Check(dir string) ([]string, error) {
	sums, err := readSums(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var problems []error
	var names []string
	for _, e := range entries {
		if e.Name() == "SHA256SUMS" {
			continue
		}
		if _, ok := sums[e.Name()]; !ok {
			problems = append(problems, fmt.Errorf("%s: not listed in SHA256SUMS", e.Name()))
		}
	}
	for name, want := range sums {
		names = append(names, name)
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			problems = append(problems, fmt.Errorf("SHA256SUMS lists %s: %w", name, err))
			continue
		}
		if got := sha256.Sum256(data); hex.EncodeToString(got[:]) != want {
			problems = append(problems, fmt.Errorf("%s: checksum %x, SHA256SUMS says %s", name, got, want))
		}
		if err := checkArchive(name, data); err != nil {
			problems = append(problems, fmt.Errorf("%s: %w", name, err))
		}
	}
	return names, errors.Join(problems...)
}

// readSums reads a SHA256SUMS file: "HEX  NAME" a line.
func readSums(name string) (map[string]string, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	sums := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for line := 1; sc.Scan(); line++ {
		sum, file, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(sum) != 2*sha256.Size || file == "" {
			return nil, fmt.Errorf("%s:%d: not \"CHECKSUM  NAME\": %q", name, line, sc.Text())
		}
		sums[file] = sum
	}
	if len(sums) == 0 {
		return nil, fmt.Errorf("%s lists no archives", name)
	}
	return sums, sc.Err()
}

// checkArchive checks one archive's contents against its name.
func checkArchive(name string, data []byte) error {
	m := archiveName.FindStringSubmatch(name)
	if m == nil {
		return fmt.Errorf("not named dtm-VERSION-OS-ARCH.zip or .tar.gz")
	}
	p := Platform{OS: m[2], Arch: m[3]}
	if !slices.Contains(Targets, p.String()) {
		return fmt.Errorf("unknown platform %s", p)
	}
	files, err := unpack(data, strings.HasSuffix(name, ".zip"))
	if err != nil {
		return err
	}
	top := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
	var problems []error
	bin, ok := files[path.Join(top, p.exe())]
	switch {
	case !ok:
		problems = append(problems, fmt.Errorf("no %s", path.Join(top, p.exe())))
	case bin.mode&0o111 == 0:
		problems = append(problems, fmt.Errorf("%s is not executable (mode %v)", p.exe(), bin.mode))
	default:
		if err := checkBinary(bin.data, p); err != nil {
			problems = append(problems, fmt.Errorf("%s: %w", p.exe(), err))
		}
	}
	for _, want := range []string{"START-HERE.txt", "LICENSE"} {
		if f, ok := files[path.Join(top, want)]; !ok || len(f.data) == 0 {
			problems = append(problems, fmt.Errorf("no %s", path.Join(top, want)))
		}
	}
	samples := 0
	for n := range files {
		if !strings.HasPrefix(n, top+"/") {
			problems = append(problems, fmt.Errorf("%s is outside the top folder %s", n, top))
		}
		if strings.HasPrefix(n, top+"/samples/") && strings.HasSuffix(n, ".xlsx") {
			samples++
		}
	}
	if samples == 0 {
		problems = append(problems, fmt.Errorf("no samples in %s/samples", top))
	}
	return errors.Join(problems...)
}

// unpack reads an archive's regular files. A zip entry that leaves its CRC
// and sizes to a data descriptor is a problem: readers that walk the local
// headers cannot read it.
func unpack(data []byte, isZip bool) (map[string]file, error) {
	files := map[string]file{}
	if isZip {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			return nil, err
		}
		for _, f := range zr.File {
			if f.Flags&0x8 != 0 {
				return nil, fmt.Errorf("%s has a data descriptor: its local header lacks its sizes", f.Name)
			}
			if f.Mode().IsDir() {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f.Name, err)
			}
			files[f.Name] = file{name: f.Name, mode: f.Mode(), data: b}
		}
		return files, nil
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return files, nil
		}
		if err != nil {
			return nil, err
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", h.Name, err)
		}
		files[h.Name] = file{name: h.Name, mode: fs.FileMode(h.Mode).Perm(), data: b}
	}
}

// checkBinary checks that a binary is an executable for the platform.
func checkBinary(data []byte, p Platform) error {
	r := bytes.NewReader(data)
	var got string
	switch p.OS {
	case "linux":
		f, err := elf.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a Linux (ELF) executable: %w", err)
		}
		got = map[elf.Machine]string{elf.EM_X86_64: "amd64", elf.EM_AARCH64: "arm64"}[f.Machine]
	case "windows":
		f, err := pe.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a Windows (PE) executable: %w", err)
		}
		got = map[uint16]string{pe.IMAGE_FILE_MACHINE_AMD64: "amd64", pe.IMAGE_FILE_MACHINE_ARM64: "arm64"}[f.Machine]
	case "darwin":
		f, err := macho.NewFile(r)
		if err != nil {
			return fmt.Errorf("not a macOS (Mach-O) executable: %w", err)
		}
		got = map[macho.Cpu]string{macho.CpuAmd64: "amd64", macho.CpuArm64: "arm64"}[f.Cpu]
	}
	if got != p.Arch {
		return fmt.Errorf("built for %q, not %s", got, p.Arch)
	}
	return nil
}
