// Command dtm runs a Diplomacy tournament from one .xlsx workbook: it checks
// what the tournament director typed, seeds each heat's boards, scores the
// games and writes the standings and awards back into the workbook.
//
// Usage:
//
//	dtm new WORKBOOK.xlsx [--name NAME] [--heats N] [--system NAME] [--from EARLIER.xlsx]
//	dtm check [-v] WORKBOOK.xlsx
//	dtm status [--json] WORKBOOK.xlsx (or dtm WORKBOOK.xlsx)
//	dtm seed [--heat N] [--time D] [--seed S] [--sit-out auto|--two-boards auto] [--pool "top 7"|contention] [--reseed] [--late] [--unseed] [--refresh] [--force] WORKBOOK.xlsx
//	dtm score [--dry-run] [--json] [--force] WORKBOOK.xlsx
//	dtm export [--csv] [--wdd] [--wdr] [--ratings] [--out DIR] WORKBOOK.xlsx
//	dtm publish [--out DIR] WORKBOOK.xlsx
//	dtm series [--rule RULE] [--circuit RULE] [--json] A.xlsx B.xlsx ...
//	dtm simulate (--players N --rounds R [...] | --instance FILE.json) [--out SEATING.json]
//	dtm simulate --players N --rounds R [...] --workbook OUT.xlsx [--system NAME]
//	dtm formula [-v] 'EXPR' [word=value ...]
//	dtm formula --system NAME [--workbook W.xlsx] --game GAME.json [--json] [-v]
//	dtm game [--victory RULE] [--json] GAME.json
//	dtm validate FILE.json|FILE.csv ...
//	dtm verify [--files DIR] [--certificate CERT.txt] WORKBOOK.xlsx
//	dtm withdraw [--from-heat N] [--force] WORKBOOK.xlsx NAME
//	dtm rename [--force] WORKBOOK.xlsx OLD NEW
//	dtm undo [--dry-run] [--again] [--force] WORKBOOK.xlsx
//	dtm send calls|results [--heat N] [--dry-run] [--out DIR] [--force] WORKBOOK.xlsx
//
// Exit status: 0 success, 1 problems found or a command failed, 2 usage
// error. See README.md and docs/ for a director's walk-through.
package main

import (
	"os"

	"github.com/armada-dtm/dtm/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args, os.Stdin, os.Stdout, os.Stderr))
}
