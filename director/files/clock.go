package files

import (
	"fmt"
	"strconv"

	"github.com/armada-dtm/dtm/workbook"
)

// clockPage is a heat's room clock: the deadlines of every phase, worked
// out from the Clock sheet and the heat's start time, and the same
// schedule for the page's script to count down.
type clockPage struct {
	File, Title string
	Heat        int
	Start       string // "19:00"; "" when the Heats sheet gives none
	Orders      string // the order-writing time, "minute" or "2 minutes"; "" for none
	Phases      []clockPhase
	Data        clockData
}

// clockPhase is one movement phase (or a break) of the schedule.
type clockPhase struct {
	Name     string // "Spring 1901", "Break"
	Break    bool
	Minutes  string
	Deadline string // the time of day it ends, or "+20 min" without a start time
	Note     string
}

// clockData is the schedule as the clock page's script reads it (JSON):
// minutes after the start.
type clockData struct {
	Heat   string       `json:"heat"`
	Start  int          `json:"start"` // minutes after midnight; -1 unknown
	Orders float64      `json:"orders"`
	Phases []clockEntry `json:"phases"`
}

// clockEntry is one phase for the script.
type clockEntry struct {
	Name  string  `json:"name"`
	Break bool    `json:"break"`
	From  float64 `json:"from"`
	To    float64 `json:"to"`
}

// clockLastYear is the last game-year of the schedule when the heat's
// scoring system has no final year.
const clockLastYear = 1914

// clocks makes a room clock for every heat when the workbook has a Clock
// table.
func (s *Site) clocks(t *workbook.Tournament) {
	if len(t.Clock) == 0 {
		return
	}
	for _, h := range t.Heats {
		last := clockLastYear
		name := h.System
		if name == "" {
			name = t.Settings.System
		}
		if sys, ok := t.SystemByName(name); ok && sys.FinalYear > 0 {
			last = sys.FinalYear
		}
		s.Clocks = append(s.Clocks, clockOf(t.Clock, h.Number, h.Start, last))
	}
}

// clockOf works out heat's schedule from 1901 to the last game-year.
func clockOf(rows []workbook.ClockRow, heat, start, last int) *clockPage {
	c := &clockPage{File: fmt.Sprintf("clock-heat-%d.html", heat), Title: workbook.HeatSheet(heat) + ": clock", Heat: heat,
		Data: clockData{Heat: workbook.HeatSheet(heat), Start: start}}
	if start >= 0 {
		c.Start = timeOfDay(float64(start))
	}
	// length is the minutes of a phase in a year: the row of that phase
	// with the latest From year not after it.
	length := func(phase, year int) float64 {
		from, m := 0, 0.0
		for _, r := range rows {
			if r.Phase == phase && r.FromYear <= year && r.FromYear >= from {
				from, m = r.FromYear, r.Minutes
			}
		}
		return m
	}
	for _, r := range rows {
		if r.Phase == workbook.ClockOrders {
			c.Data.Orders = r.Minutes
			switch {
			case r.Minutes == 1:
				c.Orders = "minute"
			case r.Minutes > 0:
				c.Orders = Number(r.Minutes) + " minutes"
			}
		}
	}
	at := 0.0
	add := func(name string, brk bool, minutes float64, note string) {
		e := clockEntry{Name: name, Break: brk, From: at, To: at + minutes}
		at = e.To
		c.Data.Phases = append(c.Data.Phases, e)
		p := clockPhase{Name: name, Break: brk, Minutes: Number(minutes), Note: note, Deadline: "+" + Number(at) + " min"}
		if start >= 0 {
			p.Deadline = timeOfDay(float64(start) + at)
		}
		c.Phases = append(c.Phases, p)
	}
	for y := workbook.FirstGameYear; y <= last; y++ {
		add("Spring "+strconv.Itoa(y), false, length(workbook.ClockSpring, y), "")
		for _, r := range rows {
			if r.Phase == workbook.ClockBreak && r.FromYear == y && (r.Heat == 0 || r.Heat == heat) {
				add("Break", true, r.Minutes, r.Note)
			}
		}
		add("Fall "+strconv.Itoa(y), false, length(workbook.ClockFall, y), "")
	}
	return c
}

// timeOfDay prints minutes after midnight as a 24-hour time, "19:20".
func timeOfDay(m float64) string {
	s := int(m*60+0.5) % (24 * 3600)
	if s%60 != 0 {
		return fmt.Sprintf("%02d:%02d:%02d", s/3600, s%3600/60, s%60)
	}
	return fmt.Sprintf("%02d:%02d", s/3600, s%3600/60)
}
