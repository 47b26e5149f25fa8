// Reads workbooks, named one a line on the standard input, with SheetJS
// (npm xlsx) and ExcelJS and prints, for each workbook as soon as it is
// read, a line of JSON: its path ("file") and each reader's non-empty cell
// values by sheet and cell ("A1"). Dates come back as Excel's serial
// numbers, formulas as their cached values.
const readline = require("readline");
const XLSX = require("xlsx");
const ExcelJS = require("exceljs");

const epoch = Date.UTC(1899, 11, 30);

// errors are the texts of SheetJS's error codes: it is asked for no
// cell's formatted text (half its time), an error's among them.
const errors = { 0x00: "#NULL!", 0x07: "#DIV/0!", 0x0f: "#VALUE!", 0x17: "#REF!", 0x1d: "#NAME?", 0x24: "#NUM!", 0x2a: "#N/A", 0x2b: "#GETTING_DATA" };

// Each reader's failure is reported apart ("error" in its place), so
// that one refusing the workbook does not hide what the other reads.
function sheetjs(path) {
  const out = {};
  const wb = XLSX.readFile(path, { cellText: false, cellHTML: false });
  for (const name of wb.SheetNames) {
    const ws = wb.Sheets[name];
    const cells = {};
    for (const ref of Object.keys(ws)) {
      const c = ref[0] === "!" ? {} : ws[ref];
      const v = c.t === "e" ? errors[c.v] || "#ERROR " + c.v : c.v; // an error's text, not its code
      if (v !== undefined && v !== null && v !== "") cells[ref] = v;
    }
    out[name] = cells;
  }
  return out;
}

async function exceljs(path) {
  const out = {};
  const ej = new ExcelJS.Workbook();
  await ej.xlsx.readFile(path);
  ej.eachSheet((ws) => {
    const cells = {};
    ws.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        let v = cell.value;
        if (v instanceof Date) v = (v.getTime() - epoch) / 86400000;
        else if (v && typeof v === "object") {
          if ("result" in v) v = v.result instanceof Date ? (v.result.getTime() - epoch) / 86400000 : v.result;
          else if ("richText" in v) v = v.richText.map((r) => r.text).join("");
          else if ("text" in v) v = v.text;
          else if ("error" in v) v = v.error;
          else v = undefined;
        }
        if (v !== undefined && v !== null && v !== "") cells[cell.address] = v;
      })
    );
    out[ws.name] = cells;
  });
  return out;
}

// write prints a line and waits until it is written, so that a long run
// holds one workbook's values at a time.
function write(line) {
  return new Promise((resolve) => (process.stdout.write(line + "\n") ? resolve() : process.stdout.once("drain", resolve)));
}

async function main() {
  for await (const path of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const out = { file: path };
    for (const [name, read] of [["sheetjs", sheetjs], ["exceljs", exceljs]]) {
      try {
        out[name] = { sheets: await read(path) };
      } catch (e) {
        out[name] = { error: String((e && e.stack) || e).split("\n").slice(0, 3).join("\n") };
      }
    }
    await write(JSON.stringify(out));
  }
}

main().catch((e) => {
  console.error(String((e && e.stack) || e));
  process.exit(1);
});
