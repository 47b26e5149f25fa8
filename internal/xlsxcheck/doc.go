// Package xlsxcheck checks, for tests, that a workbook dtm wrote opens in
// Excel without a repair dialog: the rules Excel enforces that lenient
// readers do not (Check), and what independent readers say of it (Readers:
// openpyxl, Gnumeric's ssconvert, Java's ZipInputStream, SheetJS and
// ExcelJS), and that the fast sheet reader reads every sheet as excelize
// does (Rows); and saves the workbooks tests make with excelize as a
// spreadsheet program would (Save).
package xlsxcheck
