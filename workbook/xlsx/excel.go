package xlsx

import (
	"fmt"

	"github.com/xuri/excelize/v2"
)

// The functions below make excelize's calls for a caller that writes a
// workbook cell by cell, each wrapping excelize's error once, with the
// sheet and the operation.

// NewStyle adds a cell style to the workbook and returns its id.
func NewStyle(x *excelize.File, style *excelize.Style) (int, error) {
	id, err := x.NewStyle(style)
	if err != nil {
		return 0, fmt.Errorf("add a cell style: %w", err)
	}
	return id, nil
}

// SetCellValue sets a cell's value.
func SetCellValue(x *excelize.File, sheet, cell string, v any) error {
	if err := x.SetCellValue(sheet, cell, v); err != nil {
		return fmt.Errorf("set %s!%s: %w", sheet, cell, err)
	}
	return nil
}

// SetCellStr sets a cell's value to a text.
func SetCellStr(x *excelize.File, sheet, cell, text string) error {
	if err := x.SetCellStr(sheet, cell, text); err != nil {
		return fmt.Errorf("set %s!%s: %w", sheet, cell, err)
	}
	return nil
}

// GetCellValue reads a cell's value.
func GetCellValue(x *excelize.File, sheet, cell string, opts ...excelize.Options) (string, error) {
	v, err := x.GetCellValue(sheet, cell, opts...)
	if err != nil {
		return "", fmt.Errorf("read %s!%s: %w", sheet, cell, err)
	}
	return v, nil
}

// SetCellStyle sets the style of the cells from one corner to the other.
func SetCellStyle(x *excelize.File, sheet, from, to string, style int) error {
	if err := x.SetCellStyle(sheet, from, to, style); err != nil {
		return fmt.Errorf("style %s!%s:%s: %w", sheet, from, to, err)
	}
	return nil
}

// GetCellStyle reads the style id of a cell.
func GetCellStyle(x *excelize.File, sheet, cell string) (int, error) {
	id, err := x.GetCellStyle(sheet, cell)
	if err != nil {
		return 0, fmt.Errorf("read the style of %s!%s: %w", sheet, cell, err)
	}
	return id, nil
}

// SetColWidth sets the width of the columns from one to the other.
func SetColWidth(x *excelize.File, sheet, from, to string, width float64) error {
	if err := x.SetColWidth(sheet, from, to, width); err != nil {
		return fmt.Errorf("set %s's width of columns %s:%s: %w", sheet, from, to, err)
	}
	return nil
}

// GetRows reads a sheet's rows, as excelize reads them, but reports the
// damage that excelize reads past (heldSheetDamage) at its cell.
func GetRows(x *excelize.File, sheet string, opts ...excelize.Options) ([][]string, error) {
	if damage := heldSheetDamage(x, sheet); damage != nil {
		return nil, damage
	}
	rows, err := x.GetRows(sheet, opts...)
	if err != nil {
		return nil, fmt.Errorf("read %s's rows: %w", sheet, err)
	}
	return rows, nil
}

// NewSheet adds a sheet at the end of the workbook and returns its index.
func NewSheet(x *excelize.File, sheet string) (int, error) {
	idx, err := x.NewSheet(sheet)
	if err != nil {
		return 0, fmt.Errorf("add the sheet %s: %w", sheet, err)
	}
	return idx, nil
}

// SetSheetName renames a sheet.
func SetSheetName(x *excelize.File, from, to string) error {
	if err := x.SetSheetName(from, to); err != nil {
		return fmt.Errorf("rename the sheet %s to %s: %w", from, to, err)
	}
	return nil
}

// GetSheetIndex returns a sheet's index, -1 when there is no such sheet.
func GetSheetIndex(x *excelize.File, sheet string) (int, error) {
	idx, err := x.GetSheetIndex(sheet)
	if err != nil {
		return idx, fmt.Errorf("find the sheet %s: %w", sheet, err)
	}
	return idx, nil
}

// SetSheetProps sets a sheet's properties.
func SetSheetProps(x *excelize.File, sheet string, opts *excelize.SheetPropsOptions) error {
	if err := x.SetSheetProps(sheet, opts); err != nil {
		return fmt.Errorf("set %s's properties: %w", sheet, err)
	}
	return nil
}

// SetPanes freezes or splits a sheet's panes.
func SetPanes(x *excelize.File, sheet string, panes *excelize.Panes) error {
	if err := x.SetPanes(sheet, panes); err != nil {
		return fmt.Errorf("set %s's panes: %w", sheet, err)
	}
	return nil
}

// AddDataValidation adds a data validation (a dropdown) to a sheet
// through excelize (see File.AddDataValidation for a workbook opened from
// disk).
func AddDataValidation(x *excelize.File, sheet string, dv *excelize.DataValidation) error {
	if err := x.AddDataValidation(sheet, dv); err != nil {
		return fmt.Errorf("add a data validation to %s: %w", sheet, err)
	}
	return nil
}

// DeleteDataValidations removes every data validation of a sheet.
func DeleteDataValidations(x *excelize.File, sheet string) error {
	if err := x.DeleteDataValidation(sheet); err != nil {
		return fmt.Errorf("delete %s's data validations: %w", sheet, err)
	}
	return nil
}

// SetDocProps sets the workbook's document properties.
func SetDocProps(x *excelize.File, props *excelize.DocProperties) error {
	if err := x.SetDocProps(props); err != nil {
		return fmt.Errorf("set the document properties: %w", err)
	}
	return nil
}

// GetWorkbookProps reads the workbook's properties.
func GetWorkbookProps(x *excelize.File) (excelize.WorkbookPropsOptions, error) {
	props, err := x.GetWorkbookProps()
	if err != nil {
		return props, fmt.Errorf("read the workbook properties: %w", err)
	}
	return props, nil
}

// GetSheetDimension reads the range a sheet declares it uses.
func GetSheetDimension(x *excelize.File, sheet string) (string, error) {
	ref, err := x.GetSheetDimension(sheet)
	if err != nil {
		return "", fmt.Errorf("read %s's dimension: %w", sheet, err)
	}
	return ref, nil
}

// InsertPageBreak puts a page break above and left of a cell.
func InsertPageBreak(x *excelize.File, sheet, cell string) error {
	if err := x.InsertPageBreak(sheet, cell); err != nil {
		return fmt.Errorf("insert a page break at %s!%s: %w", sheet, cell, err)
	}
	return nil
}

// RemovePageBreak removes the page break above and left of a cell.
func RemovePageBreak(x *excelize.File, sheet, cell string) error {
	if err := x.RemovePageBreak(sheet, cell); err != nil {
		return fmt.Errorf("remove the page break at %s!%s: %w", sheet, cell, err)
	}
	return nil
}

// GetPictureCells lists the cells a sheet's pictures are anchored at.
func GetPictureCells(x *excelize.File, sheet string) ([]string, error) {
	cells, err := x.GetPictureCells(sheet)
	if err != nil {
		return nil, fmt.Errorf("read %s's pictures: %w", sheet, err)
	}
	return cells, nil
}

// DeletePicture removes the pictures anchored at a cell.
func DeletePicture(x *excelize.File, sheet, cell string) error {
	if err := x.DeletePicture(sheet, cell); err != nil {
		return fmt.Errorf("delete the picture at %s!%s: %w", sheet, cell, err)
	}
	return nil
}

// AddPictureFromBytes anchors a picture at a cell.
func AddPictureFromBytes(x *excelize.File, sheet, cell string, pic *excelize.Picture) error {
	if err := x.AddPictureFromBytes(sheet, cell, pic); err != nil {
		return fmt.Errorf("add a picture at %s!%s: %w", sheet, cell, err)
	}
	return nil
}

// SetSheetView sets a sheet's view at index (0 for the first).
func SetSheetView(x *excelize.File, sheet string, index int, opts *excelize.ViewOptions) error {
	if err := x.SetSheetView(sheet, index, opts); err != nil {
		return fmt.Errorf("set %s's view: %w", sheet, err)
	}
	return nil
}

// SetColStyle calls excelize's SetColStyle, wrapping its error with the
// sheet and columns.
func SetColStyle(x *excelize.File, sheet, columns string, style int) error {
	if err := x.SetColStyle(sheet, columns, style); err != nil {
		return fmt.Errorf("style %s's columns %s: %w", sheet, columns, err)
	}
	return nil
}

// SetRowHeight calls excelize's SetRowHeight, wrapping its error with the
// sheet and row.
func SetRowHeight(x *excelize.File, sheet string, row int, height float64) error {
	if err := x.SetRowHeight(sheet, row, height); err != nil {
		return fmt.Errorf("set %s's row %d height: %w", sheet, row, err)
	}
	return nil
}

// SetPageLayout sets how a sheet prints: paper size, orientation, fitting.
func SetPageLayout(x *excelize.File, sheet string, opts *excelize.PageLayoutOptions) error {
	if err := x.SetPageLayout(sheet, opts); err != nil {
		return fmt.Errorf("set %s's page layout: %w", sheet, err)
	}
	return nil
}

// SetPageMargins sets a sheet's printed margins.
func SetPageMargins(x *excelize.File, sheet string, opts *excelize.PageLayoutMarginsOptions) error {
	if err := x.SetPageMargins(sheet, opts); err != nil {
		return fmt.Errorf("set %s's page margins: %w", sheet, err)
	}
	return nil
}

// SetHeaderFooter sets a sheet's printed page header and footer.
func SetHeaderFooter(x *excelize.File, sheet string, opts *excelize.HeaderFooterOptions) error {
	if err := x.SetHeaderFooter(sheet, opts); err != nil {
		return fmt.Errorf("set %s's page header: %w", sheet, err)
	}
	return nil
}

// NewStreamWriter starts rewriting a sheet row by row.
func NewStreamWriter(x *excelize.File, sheet string) (*excelize.StreamWriter, error) {
	sw, err := x.NewStreamWriter(sheet)
	if err != nil {
		return nil, fmt.Errorf("start writing %s: %w", sheet, err)
	}
	return sw, nil
}

// GetSheetVisible reports whether a sheet is visible.
func GetSheetVisible(x *excelize.File, sheet string) (bool, error) {
	visible, err := x.GetSheetVisible(sheet)
	if err != nil {
		return visible, fmt.Errorf("read whether %s is visible: %w", sheet, err)
	}
	return visible, nil
}

// SetCustomProps sets a custom document property (File > Properties >
// Custom Properties), which Excel and LibreOffice keep.
func SetCustomProps(x *excelize.File, prop excelize.CustomProperty) error {
	if err := x.SetCustomProps(prop); err != nil {
		return fmt.Errorf("set the document property %q: %w", prop.Name, err)
	}
	return nil
}

// GetCustomProps reads the custom document properties.
func GetCustomProps(x *excelize.File) ([]excelize.CustomProperty, error) {
	props, err := x.GetCustomProps()
	if err != nil {
		return nil, fmt.Errorf("read the custom document properties: %w", err)
	}
	return props, nil
}
