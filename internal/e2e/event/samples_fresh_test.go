package event

import (
	"archive/zip"
	"bytes"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"testing"

	"github.com/armada-dtm/dtm/internal/clitest"
	"github.com/armada-dtm/dtm/internal/golden"
)

// TestSamplesFresh rebuilds each bundled sample in a folder of its own and
// compares it with the committed one, part by part: a change to the
// template, to what dtm writes or to a sample's builder that was not
// followed by -update would ship samples that are not what dtm makes (the
// samples once lacked three settings rows the template had gained). The
// times of the build (the document's created and modified dates) are left
// out; every other byte of every part counts.
func TestSamplesFresh(t *testing.T) {
	t.Parallel()
	if golden.Update() {
		t.Skip("-update rebuilds the samples (TestSample, TestHurstExample, TestDipconStandings)")
	}
	builds := []struct {
		path  string
		build func(t testing.TB, path string)
	}{
		{clitest.SamplePath, buildSample},
		{hurstPath, func(t testing.TB, p string) { buildHurst(t, p, 2) }},
		{dipconPath, buildDipcon},
	}
	for _, b := range builds {
		t.Run(filepath.Base(b.path), func(t *testing.T) {
			t.Parallel()
			fresh := filepath.Join(t.TempDir(), filepath.Base(b.path))
			b.build(t, fresh)
			committed, rebuilt := packageParts(t, b.path), packageParts(t, fresh)
			names := func(m map[string][]byte) []string {
				var out []string
				for n := range m {
					out = append(out, n)
				}
				slices.Sort(out)
				return out
			}
			if got, want := names(rebuilt), names(committed); !slices.Equal(got, want) {
				t.Fatalf("%s holds parts %q; rebuilt, %q (go test ./internal/e2e/event -run 'TestSample|Hurst|Dipcon' -update rebuilds the samples)", b.path, want, got)
			}
			for _, n := range names(committed) {
				if !bytes.Equal(rebuilt[n], committed[n]) {
					t.Errorf("%s: part %s is not what dtm writes today (go test ./internal/e2e/event -run 'TestSample|Hurst|Dipcon' -update rebuilds the samples)", b.path, n)
				}
			}
		})
	}
}

// buildTimes matches the document's created and modified times.
var buildTimes = regexp.MustCompile(`(<dcterms:(?:created|modified)[^>]*>)[^<]*`)

// packageParts reads every part of the workbook at path, the document's
// times blanked.
func packageParts(t *testing.T, path string) map[string][]byte {
	t.Helper()
	zr, err := zip.OpenReader(path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	parts := make(map[string][]byte, len(zr.File))
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatalf("%s: %s: %v", path, f.Name, err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("%s: %s: %v", path, f.Name, err)
		}
		if f.Name == "docProps/core.xml" {
			data = buildTimes.ReplaceAll(data, []byte("$1"))
		}
		parts[f.Name] = data
	}
	return parts
}
