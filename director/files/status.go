package files

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// StatusReport is where a tournament stands, as `dtm status --json` prints
// it (docs/status.md): each heat's state and boards, the registered
// players not seated in a heat under way and the seated ones who dropped
// out, what dtm wrote that is stale,
// whether the standings are final, and the one thing to do next; each
// heat's boards by where their results stand. Every list is present, empty
// when there is nothing in it.
type StatusReport struct {
	Tournament string `json:"tournament"`
	Final      bool   `json:"final"`
	// Confirmation is the Two-party confirmation setting.
	Confirmation bool               `json:"confirmation"`
	Heats        []HeatStatusReport `json:"heats"`
	Unseated     []UnseatedReport   `json:"unseated"`
	DroppedOut   []UnseatedReport   `json:"dropped_out"`
	Stale        []StaleReport      `json:"stale"`
	Next         string             `json:"next"`
}

// HeatStatusReport is one heat's state ("not seeded", "called", "in play",
// "reported", "scored"), whether its board-calls tab exists, and its seated
// boards by status.
type HeatStatusReport struct {
	Heat      int    `json:"heat"`
	State     string `json:"state"`
	Calls     bool   `json:"calls"`
	Unstarted []int  `json:"unstarted"`
	InPlay    []int  `json:"in_play"`
	Finished  []int  `json:"finished"`
	BoardReports
	// Seeding is how the heat was seated, by its seeding record; null for a
	// heat with no board.
	Seeding *SeedingReport `json:"seeding"`
}

// SeedingReport is a seated heat's seeding record (docs/verify.md, "The
// seeding record"): whether it has one, its seed, the dtm that seated it
// and how ("seed", "pool (top 7)", "two boards"), and whether dtm verify
// can seat it again, or why not.
type SeedingReport struct {
	Recorded   bool   `json:"recorded"`
	Seed       int64  `json:"seed"`
	DTM        string `json:"dtm"`
	Mode       string `json:"mode"`
	Replayable bool   `json:"replayable"`
	WhyNot     string `json:"why_not"`
}

// BoardReports are a heat's seated boards by where their results stand
// (docs/import.md, "Two-party confirmation"): not reported, awaiting a
// second player, contested (with the two submissions that differ) or final
// (Finished on the heat sheet); and the minutes since the heat's start
// time, null when the Heats sheet gives none or the heat is not under way
// (called, in play or reported). Without two-party confirmation a board is
// not reported until it is final.
type BoardReports struct {
	Minutes     *int            `json:"minutes"`
	NotReported []int           `json:"not_reported"`
	Awaiting    []int           `json:"awaiting"`
	Contested   []int           `json:"contested"`
	Final       []int           `json:"final"`
	Contests    []ContestReport `json:"contests"`
}

// HeatReports are a heat's boards by where their results stand, for the
// projector's Board reports page.
type HeatReports struct {
	Heat int
	BoardReports
}

// ContestReport is a contested board and its two submissions that differ,
// each quoted with its file and line: `results.csv:4 (Ann Smith): "..."`.
type ContestReport struct {
	Board       int      `json:"board"`
	Submissions []string `json:"submissions"`
}

// UnseatedReport lists players of a heat by name: in unseated, those
// registered for a called or in-play heat who have no seat in it; in
// dropped_out, those seated on its unstarted boards who no longer play it.
type UnseatedReport struct {
	Heat    int      `json:"heat"`
	Players []string `json:"players"`
}

// StaleReport is something dtm wrote that no longer matches the workbook:
// where it is ("'Heat 2 calls'!B5"), what differs, and how to fix it.
type StaleReport struct {
	Where   string `json:"where"`
	Message string `json:"message"`
	Hint    string `json:"hint"`
}

// NumberRanges writes numbers in order with runs as ranges: "1-4, 6, 8-9".
func NumberRanges(ns []int) string {
	ns = slices.Sorted(slices.Values(ns))
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		switch {
		case j == i:
			parts = append(parts, strconv.Itoa(ns[i]))
		default:
			parts = append(parts, strconv.Itoa(ns[i])+"-"+strconv.Itoa(ns[j]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

// SinceStart says how long ago a heat started: "started 42 min ago", or
// "starts in 5 min" before its start.
func SinceStart(minutes int) string {
	if minutes < 0 {
		return fmt.Sprintf("starts in %d min", -minutes)
	}
	return fmt.Sprintf("started %d min ago", minutes)
}
