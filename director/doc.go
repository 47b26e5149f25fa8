// Package director holds dtm's use cases, one per command (Check, New, Seed,
// Unseed, SeatLate, Refresh, Score, Import, Export, Publish, Series,
// Simulate, EvalFormula and ScoreGame, CheckGame, Send): each takes its own
// request, reads what it is given, asks the domain packages, writes back through
// workbook and files, and returns its own result, which renders itself.
package director
