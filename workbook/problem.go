package workbook

import (
	"fmt"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// Problem is one thing wrong in a workbook, located at a sheet and cell:
// the engine's located diagnostic, named here for the tournament's readers
// and their callers.
type Problem = xlsx.Problem

// Problems is every problem found in one read of a workbook.
type Problems = xlsx.Problems

// problems collects problems while a workbook is read.
type problems struct {
	list    Problems
	ignored Problems // columns and sheets read past, for dtm check -v
}

func (c *problems) add(sheet, cell, hint, format string, args ...any) {
	c.list = append(c.list, Problem{Sheet: sheet, Cell: cell, Msg: fmt.Sprintf(format, args...), Hint: hint})
}

func (c *problems) ignore(sheet, cell, format string, args ...any) {
	c.ignored = append(c.ignored, Problem{Sheet: sheet, Cell: cell, Msg: fmt.Sprintf(format, args...)})
}
