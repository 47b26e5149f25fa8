package director

import (
	"os"
	"testing"
	"time"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// corpus holds every different workbook the package's tests have dtm
// write (xlsx.Wrote sees each save); the independent readers read each in
// the background as it comes, what others than dtm are known to put in
// them aside.
var corpus = xlsxcheck.NewCorpus(xlsxcheck.Authored()...)

// uncapped is the seeder's time cap in tests that seed: far past what any
// test heat needs, so that however busy the machine, the seeder's counted
// work and not its clock ends the search and the seating is the same.
const uncapped = time.Hour

func TestMain(m *testing.M) {
	xlsx.Wrote = corpus.Wrote
	os.Exit(corpus.Read(m.Run(), os.Stderr))
}
