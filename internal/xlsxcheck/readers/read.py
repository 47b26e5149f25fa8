# Loads workbooks, named one a line on the standard input, with openpyxl
# and prints, for each as soon as it is read, a line of JSON: its
# path ("file"), every warning openpyxl gives on it, the error that stopped
# it, and its non-empty cell values by sheet and cell ("A1"), formulas as
# their cached values, dates as Excel's serial numbers. With --read-only
# it reads only the workbook's part and each sheet's cells, in openpyxl's
# read-only mode (less than half the time), not each sheet whole with its
# validations, print settings, drawings and charts, and trusting each
# sheet's declared range (its dimension) as streaming readers do: a cell
# past it is not read, and differs from dtm's reading. Exits 3 when
# openpyxl is missing.
import datetime, json, sys, warnings

try:
    import openpyxl
    from openpyxl.utils.datetime import to_excel
except ImportError:
    sys.exit(3)

warnings.simplefilter("always")
read_only = sys.argv[1:] == ["--read-only"]


def value(v):
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time, datetime.timedelta)):
        return to_excel(v)
    if isinstance(v, (str, int, float, bool)):
        return v
    return str(v)


for line in sys.stdin:
    path = line.rstrip("\n")
    out = {"file": path, "sheets": {}}
    with warnings.catch_warnings(record=True) as caught:
        try:
            wb = openpyxl.load_workbook(path, data_only=True, read_only=read_only)
            for ws in wb.worksheets:
                cells = {}
                for row in ws.iter_rows():
                    for cell in row:
                        if cell.value is not None and cell.value != "":
                            cells[cell.coordinate] = value(cell.value)
                if not read_only:
                    ws.data_validations, ws.print_area, ws.oddHeader
                out["sheets"][ws.title] = cells
            for dn in wb.defined_names.definedName:
                dn.destinations
            if read_only:
                wb.close()
        except Exception as e:
            out["error"] = "%s: %s" % (type(e).__name__, e)
    out["warnings"] = ["%s: %s" % (w.category.__name__, w.message) for w in caught]
    print(json.dumps(out), flush=True)
