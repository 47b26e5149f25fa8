package files

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The charts are inline SVG drawn here and laid out by the page templates:
// only numbers and the players' names (escaped by html/template) go in.

// barChart is a horizontal bar chart of the leaders' totals.
type barChart struct {
	Width, Height int
	Zero          float64 // x of the zero line
	Bars          []bar
}

// bar is one leader's total.
type bar struct {
	X, Y, W, H    float64 // the bar
	LabelX, TextY float64 // the name ends at LabelX; both texts' baseline
	TextX         float64 // the value's start
	Label, Text   string
	Rank          int
}

// Layout of the bar chart, in SVG units.
const (
	barLeaders = 10
	barWidth   = 640
	barRow     = 30
	barLabel   = 190 // room for the names
	barPad     = 70  // room for the value
	barName    = 17  // a longer name is cut short, with an ellipsis, to fit barLabel
)

// clip cuts a name longer than n characters to its first n-1 and "…".
func clip(name string, n int) string {
	r := []rune(name)
	if len(r) <= n {
		return name
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

// leadersChart draws the totals of the first lines of the standings.
func leadersChart(lines []standingsLine) barChart {
	lines = lines[:min(barLeaders, len(lines))]
	c := barChart{Width: barWidth, Height: barRow*len(lines) + 10}
	lo, hi := 0.0, 0.0
	totals := make([]float64, len(lines))
	for i, l := range lines {
		v := l.Value
		totals[i] = v
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	span := hi - lo
	if span == 0 {
		span = 1
	}
	plot := float64(barWidth - barLabel - barPad)
	scale := plot / span
	c.Zero = barLabel + (-lo)*scale
	for i, l := range lines {
		v := totals[i]
		top := float64(5 + i*barRow)
		b := bar{Y: top + 4, H: barRow - 10, LabelX: barLabel - 8, TextY: top + 19, Label: fmt.Sprintf("%d. %s", l.Rank, clip(l.Player.Name, barName)), Text: l.Total, Rank: l.Rank}
		b.X, b.W = c.Zero, v*scale
		if v < 0 {
			b.X, b.W = c.Zero+v*scale, -v*scale
		}
		b.TextX = b.X + b.W + 6
		c.Bars = append(c.Bars, b)
	}
	return c
}

// rankPoint is a player's rank after a heat.
type rankPoint struct{ Heat, Rank int }

// rankChart is a player's rank heat by heat: a line falling as the player
// climbs, rank 1 at the top.
type rankChart struct {
	Width, Height int
	Points        string // the polyline
	Dots          []dot
	Ticks         []tick  // the heats, along the bottom
	Top, Bottom   float64 // the y of rank 1 and of the last rank
	TopText       float64 // baselines of their labels
	BottomText    float64
	TickY         float64 // baseline of the heats' labels
	Players       int
}

// dot is one heat's rank.
type dot struct {
	X, Y, TextY float64
	Label       string
}

// tick labels a heat on the chart's axis.
type tick struct {
	X     float64
	Label string
}

// Layout of the rank chart, in SVG units.
const (
	rankWidth  = 360
	rankHeight = 180
	rankLeft   = 40
	rankRight  = 20
	rankTop    = 20
	rankBottom = 30
)

// rankChartOf draws a player's ranks after heats 1..heats among players.
func rankChartOf(points []rankPoint, players, heats int) rankChart {
	c := rankChart{Width: rankWidth, Height: rankHeight, Top: rankTop, Bottom: rankHeight - rankBottom, Players: players,
		TopText: rankTop + 4, BottomText: rankHeight - rankBottom + 4, TickY: rankHeight - 8}
	if len(points) == 0 {
		return c
	}
	x := func(h int) float64 {
		if heats <= 1 {
			return float64(rankLeft+rankWidth-rankRight) / 2
		}
		return rankLeft + float64(h-1)*float64(rankWidth-rankLeft-rankRight)/float64(heats-1)
	}
	y := func(r int) float64 {
		if players <= 1 {
			return rankTop
		}
		return rankTop + float64(r-1)*float64(rankHeight-rankTop-rankBottom)/float64(players-1)
	}
	c.Ticks = make([]tick, 0, max(heats, 0))
	for h := 1; h <= heats; h++ {
		c.Ticks = append(c.Ticks, tick{X: x(h), Label: "heat " + strconv.Itoa(h)})
	}
	c.Dots = make([]dot, 0, len(points))
	var line []byte // "x,y x,y", one decimal each (fmt's %.1f)
	for i, p := range points {
		if i > 0 {
			line = append(line, ' ')
		}
		line = append(strconv.AppendFloat(line, x(p.Heat), 'f', 1, 64), ',')
		line = strconv.AppendFloat(line, y(p.Rank), 'f', 1, 64)
		c.Dots = append(c.Dots, dot{X: x(p.Heat), Y: y(p.Rank), TextY: y(p.Rank) - 9, Label: strconv.Itoa(p.Rank)})
	}
	c.Points = string(line)
	return c
}
