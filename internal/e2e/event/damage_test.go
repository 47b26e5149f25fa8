package event

import (
	"archive/zip"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/fixture"
)

// editPart rewrites one part of a workbook's package with edit.
func editPart(t *testing.T, path, name string, edit func(string) string) {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range zr.File {
		body := clitest.Part(t, path, f.Name)
		if f.Name == name {
			body = edit(body)
		}
		w, err := zw.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(body))
	}
	zr.Close()
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestDamageInsideTheXML damages a scored workbook (which has a backup)
// inside XML that stays well-formed, and cuts it short: dtm check reports
// each at its place, once, naming the newest backup to restore, and
// changes nothing.
func TestDamageInsideTheXML(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		damage func(t *testing.T, path string)
		want   string // the problem's start; the newest backup's name follows
	}{
		{"a shared text past the table", func(t *testing.T, path string) {
			// Players!A2, the first player's first name, as a shared text.
			editPart(t, path, "xl/worksheets/sheet3.xml", func(s string) string {
				return regexp.MustCompile(`(<c r="A2"[^>]*t="s"[^>]*><v>)\d+`).ReplaceAllString(s, "${1}99999")
			})
		}, "Players!A2: the workbook is damaged: the cell refers to shared text 99999, and the workbook's table of shared texts has "},
		{"a row written twice", func(t *testing.T, path string) {
			editPart(t, path, "xl/worksheets/sheet3.xml", func(s string) string {
				row := regexp.MustCompile(`<row r="3"[^>]*>.*?</row>`).FindString(s)
				return strings.Replace(s, row, row+strings.ReplaceAll(row, `r="A3"`, `r="Y3"`), 1)
			})
		}, "Players!A3: the workbook is damaged: row 3 is written again after row 3"},
		{"a file cut short", func(t *testing.T, path string) {
			data, _ := os.ReadFile(path)
			if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
				t.Fatal(err)
			}
		}, "the file ends before the zip's directory: it was cut short"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path := fixture.Copy(t, clitest.SamplePath)
			clitest.RunOK(t, "score", path) // keeps a backup
			backups, _ := filepath.Glob(filepath.Join(filepath.Dir(path), "dtm-backups", "*.xlsx"))
			if len(backups) != 1 {
				t.Fatalf("%d backups, want 1", len(backups))
			}
			tc.damage(t, path)
			before, _ := os.ReadFile(path)
			code, out, errOut := clitest.Dtm(t, "check", path)
			all := out + errOut
			hint := "restore from dtm-backups/" + filepath.Base(backups[0]) + " (its newest backup): dtm undo puts it back"
			if code != 1 || !strings.Contains(all, tc.want) || !strings.Contains(all, hint) {
				t.Errorf("dtm check: exit %d, want 1 with %q and %q\n%s", code, tc.want, hint, all)
			}
			if strings.Contains(all, "unknown player") || strings.Count(all, "damaged") > 2 {
				t.Errorf("follow-on errors:\n%s", all)
			}
			if after, _ := os.ReadFile(path); !bytes.Equal(after, before) {
				t.Error("the damaged workbook was changed")
			}
		})
	}
}
