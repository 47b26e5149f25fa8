package files

// StatusReport is where a tournament stands, as `dtm status --json` prints
// it (docs/status.md): each heat's state and boards, the registered
// players not seated in a heat under way and the seated ones who dropped
// out, what dtm wrote that is stale,
// whether the standings are final, and the one thing to do next. Every
// list is present, empty when there is nothing in it.
type StatusReport struct {
	Tournament string             `json:"tournament"`
	Final      bool               `json:"final"`
	Heats      []HeatStatusReport `json:"heats"`
	Unseated   []UnseatedReport   `json:"unseated"`
	DroppedOut []UnseatedReport   `json:"dropped_out"`
	Stale      []StaleReport      `json:"stale"`
	Next       string             `json:"next"`
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
