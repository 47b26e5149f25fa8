package workbook

import (
	"archive/zip"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// TestChartRebuiltBesideDirectorsChart redraws the leaders chart three
// times in a workbook where the director has a chart of their own, saved
// after dtm's first one (so named chart2): theirs survives every run, and
// exactly one leaders chart is left.
func TestChartRebuiltBesideDirectorsChart(t *testing.T) {
	b := saved(t)
	standings := Output{Sheet: SheetStandings, Header: []string{"Rank", "Player", "Total"},
		Rows: [][]any{{1, "Ann Smith", 120.5}, {2, "Bob Jones", 99}}, Below: chartGap + chartRows}
	for run := 0; run < 3; run++ {
		if run > 0 {
			var err error
			if b, err = Open(b.Path); err != nil {
				t.Fatal(err)
			}
			if err := xlsx.DeleteCharts(b.f, SheetStandings); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.writeOutput(standings, func() error { return b.leadersChart(len(standings.Rows)) }); err != nil {
			t.Fatal(err)
		}
		if run == 0 {
			directorSheet(t, b.f)
			if err := b.f.AddChart("Notes", "E5", &excelize.Chart{Type: excelize.Col,
				Series: []excelize.ChartSeries{{Name: "Notes!$A$1", Values: "Notes!$B$1:$B$2"}}}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := b.Save(Options{}); err != nil {
			t.Fatal(err)
		}
		b.Close()
	}
	data, err := os.ReadFile(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	if problems := xlsxcheck.Check(data); len(problems) > 0 {
		t.Errorf("after three runs: %s", strings.Join(problems, "\n"))
	}
	zr, err := zip.OpenReader(b.Path)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var leaders, director int
	for _, f := range zr.File {
		if !strings.HasPrefix(f.Name, "xl/charts/chart") {
			continue
		}
		rc, _ := f.Open()
		body, _ := io.ReadAll(rc)
		rc.Close()
		switch {
		case strings.Contains(string(body), "Notes!$B$1:$B$2"):
			director++
		case strings.Contains(string(body), "Standings!$C$2:$C$3"):
			leaders++
		default:
			t.Errorf("%s: whose chart?", f.Name)
		}
	}
	if leaders != 1 || director != 1 {
		t.Errorf("%d leaders charts and %d of the director's, want 1 and 1", leaders, director)
	}
}
