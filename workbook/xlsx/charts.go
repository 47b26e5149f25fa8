package xlsx

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// AddChart adds a chart to a sheet through excelize, anchored at cell, and
// trims the chart part excelize wrote (see plainChart).
func AddChart(x *excelize.File, sheet, cell string, chart *excelize.Chart) error {
	before := chartParts(x)
	if err := x.AddChart(sheet, cell, chart); err != nil {
		return fmt.Errorf("add a chart to %s: %w", sheet, err)
	}
	for name := range chartParts(x) {
		if !before[name] {
			if raw, ok := heldPart(x, name); ok {
				x.Pkg.Store(name, plainChart(raw))
			}
		}
	}
	return nil
}

// chartParts returns the names of the chart parts in the package.
func chartParts(f *excelize.File) map[string]bool {
	parts := map[string]bool{}
	f.Pkg.Range(func(k, _ any) bool {
		if name, ok := k.(string); ok && chartPartRe.MatchString(name) {
			parts[name] = true
		}
		return true
	})
	return parts
}

// plainChart trims the chart excelize writes to what a 2-D bar chart needs,
// so that readers with a partial chart model (Gnumeric) read it without
// complaint; Excel and LibreOffice show it the same. It drops the 3-D
// view, floor and walls, the series' own data labels (all hidden, as the
// chart's are), empty end-of-paragraph properties, the default text wrap,
// and writes booleans as
// 0 and 1, the form Excel writes.
func plainChart(xml []byte) []byte {
	for _, c := range chartClutter {
		xml = c.re.ReplaceAll(xml, []byte(c.keep))
	}
	return chartBool.ReplaceAllFunc(xml, func(m []byte) []byte {
		m = bytes.Replace(m, []byte(`"true"`), []byte(`"1"`), 1)
		return bytes.Replace(m, []byte(`"false"`), []byte(`"0"`), 1)
	})
}

var (
	chartClutter = []struct {
		re   *regexp.Regexp
		keep string // what replaces a match
	}{
		{regexp.MustCompile(`<(?:view3D|floor|sideWall|backWall)>.*?</(?:view3D|floor|sideWall|backWall)>`), ""},
		{regexp.MustCompile(`(</tx>(?:<spPr>.*?</spPr>)?<invertIfNegative [^>]*></invertIfNegative>)<dLbls>.*?</dLbls>(<cat>)`), "$1$2"},
		{regexp.MustCompile(`<a:endParaRPr[^>]*?(?:/>|></a:endParaRPr>)`), ""},
		{regexp.MustCompile(` wrap="square"`), ""}, // the default; Gnumeric warns on it
	}
	chartBool = regexp.MustCompile(`\s[a-zA-Z]+="(true|false)"`)
)

// DeleteCharts deletes every chart on a sheet. excelize can only delete a
// chart by the cell it is anchored at and cannot list them, so the cells
// tried are those where any drawing of the workbook anchors something;
// the parts the deleted charts leave behind are swept out on save (see
// tidy).
func DeleteCharts(x *excelize.File, sheet string) error {
	for _, cell := range anchorCells(x) {
		if err := x.DeleteChart(sheet, cell); err != nil {
			return fmt.Errorf("delete the chart at %s!%s: %w", sheet, cell, err)
		}
	}
	return nil
}

// anchorCells returns the cells where the drawings of the workbook anchor
// their charts, pictures and shapes, as read from the package.
func anchorCells(f *excelize.File) []string {
	seen := map[string]bool{}
	var cells []string
	f.Pkg.Range(func(k, v any) bool {
		name, _ := k.(string)
		raw, ok := v.([]byte)
		if !ok || !drawingPartRe.MatchString(name) {
			return true
		}
		for _, from := range anchorFromRe.FindAllSubmatch(raw, -1) {
			col, row := anchorColRe.FindSubmatch(from[1]), anchorRowRe.FindSubmatch(from[1])
			if col == nil || row == nil {
				continue
			}
			c, _ := strconv.Atoi(string(col[1]))
			r, _ := strconv.Atoi(string(row[1]))
			if cell := CellName(c+1, r+1); !seen[cell] {
				seen[cell] = true
				cells = append(cells, cell)
			}
		}
		return true
	})
	sort.Strings(cells)
	return cells
}

var (
	drawingPartRe = regexp.MustCompile(`^xl/drawings/[^/]*\.xml$`)
	anchorFromRe  = regexp.MustCompile(`(?s)<(?:\w+:)?from>(.*?)</(?:\w+:)?from>`)
	anchorColRe   = regexp.MustCompile(`<(?:\w+:)?col>(\d+)</`)
	anchorRowRe   = regexp.MustCompile(`<(?:\w+:)?row>(\d+)</`)
)
