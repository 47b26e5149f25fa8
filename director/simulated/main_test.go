package simulated_test

import (
	"os"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// TestMain has every different workbook the tests have dtm write read by
// the independent readers, as the director package's TestMain does.
func TestMain(m *testing.M) {
	corpus := xlsxcheck.NewCorpus(xlsxcheck.Authored()...)
	xlsx.Wrote = corpus.Wrote
	os.Exit(corpus.Read(m.Run(), os.Stderr))
}
