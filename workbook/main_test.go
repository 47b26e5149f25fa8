package workbook

import (
	"os"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// Every sheet any test of this package reads is read both ways, by the fast
// reader and by excelize, and the two readings must be the same: the
// package's tests build workbooks of many shapes, LibreOffice-saved ones
// among them.
var quickRows xlsxcheck.Rows

// corpus holds every different workbook the package's tests have it
// write (xlsx.Wrote sees each save); the independent readers read each in
// the background as it comes, what others than dtm are known to put in
// them aside.
var corpus = xlsxcheck.NewCorpus(xlsxcheck.Authored()...)

func TestMain(m *testing.M) {
	xlsx.CompareRows = quickRows.Compare
	xlsx.Wrote = corpus.Wrote
	os.Exit(corpus.Read(quickRows.Exit(m.Run(), os.Stderr), os.Stderr))
}

// TestQuickRowsRead checks that the package's tests read sheets through the
// fast reader at all.
func TestQuickRowsRead(t *testing.T) {
	b, err := Open("../samples/armada-open.xlsx")
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	if quickRows.Read() == 0 {
		t.Error("no sheet of the sample was read by the fast reader")
	}
}
