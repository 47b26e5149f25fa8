package scoring

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/armada-dtm/dtm/formula"
	"github.com/armada-dtm/dtm/internal/dip"
)

// ladder is a system whose k-th formula is k (1..7), elimination 100 and provisional prov.
func ladder(c Criterion, average bool, prov string) Definition {
	d := Definition{Name: "ladder", Criterion: c, AverageTies: average,
		Formulas: [NumFormulas]string{"1", "2", "3", "4", "5", "6", "7", "100", prov}}
	return d
}

// TestFormulaChoice checks which formula each power gets under each criterion (formulas.md, "Which formula a
// power gets").
func TestFormulaChoice(t *testing.T) {
	tests := []struct {
		name  string
		def   Definition
		game  Game
		want  [7]float64
		slots [7]Slot
	}{
		// Five-way draw: formula 5 for the winners, elimination for Russia and Turkey.
		{"win/draw", ladder(WinDraw, false, ""), boardDraw(), [7]float64{5, 5, 5, 5, 5, 100, 100},
			[7]Slot{4, 4, 4, 4, 4, 7, 7}},
		// A two-way draw leaving out France, Germany and Italy: they get elimination or survival.
		{"win/draw, partial draw", ladder(WinDraw, false, ""), with(boardDraw(), dip.Austria, dip.England),
			[7]float64{2, 2, 100, 100, 100, 100, 100}, [7]Slot{1, 1, 7, 7, 7, 7, 7}},
		// Rank without averaging: three toppers all get 1st place.
		{"rank", ladder(Rank, false, ""), boardTie3(), [7]float64{1, 1, 1, 4, 5, 6, 100},
			[7]Slot{0, 0, 0, 3, 4, 5, 7}},
		// With averaging: (1+2+3)/3.
		{"rank, averaged", ladder(Rank, true, ""), boardTie3(), [7]float64{2, 2, 2, 4, 5, 6, 100},
			[7]Slot{0, 0, 0, 3, 4, 5, 7}},
		// The dead are never averaged although Russia and Turkey both own 0.
		{"rank, dead", ladder(Rank, true, ""), boardDraw(), [7]float64{1.5, 1.5, 3, 4, 5, 100, 100},
			[7]Slot{0, 0, 2, 3, 4, 7, 7}},
		// Both: places as Rank, then + prov (here 10 a centre), the dead included (prov 0 + 100).
		{"both", ladder(Both, true, "10 * scs + 1"), boardDraw(), [7]float64{92.5, 92.5, 74, 55, 36, 101, 101},
			[7]Slot{0, 0, 2, 3, 4, 7, 7}},
		// Outside Both, prov is never added.
		{"rank ignores prov", ladder(Rank, false, "10 * scs + 1"), boardElim(),
			[7]float64{100, 2, 3, 4, 100, 100, 1}, [7]Slot{7, 1, 2, 3, 7, 7, 0}},
	}
	for _, tt := range tests {
		s, err := Compile(tt.def)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		r, err := s.Score(tt.game)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for p := range dip.NumPowers {
			if math.Abs(r.Scores[p]-tt.want[p]) > 1e-9 || r.Slot[p] != tt.slots[p] {
				t.Errorf("%s: %s scores %g by %q, want %g by %q", tt.name, dip.Power(p), r.Scores[p], r.Slot[p],
					tt.want[p], tt.slots[p])
			}
		}
	}
}

// problem is an expected GameError: the power, the field and a part of the message.
type problem struct {
	power dip.Power
	field string
	msg   string
}

// gameErrors returns the GameErrors joined in err.
func gameErrors(t *testing.T, err error) []*GameError {
	t.Helper()
	if err == nil {
		return nil
	}
	var errs []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap()
	} else {
		errs = []error{err}
	}
	var ges []*GameError
	for _, e := range errs {
		var ge *GameError
		if !errors.As(e, &ge) {
			t.Fatalf("%v is not a *GameError", e)
		}
		ges = append(ges, ge)
	}
	return ges
}

func TestValidate(t *testing.T) {
	dipcon, _ := Lookup("DipCon XXXIV (2001)")
	regatta, _ := Lookup("Regatta 2003 (World DipCon XIII)")
	rank, _ := Lookup("World Classic")
	maxonian, _ := Lookup("Maxonian")
	capped := dipcon
	capped.FinalYear = 1907
	edit := func(g Game, f func(*Game)) Game { f(&g); return g }
	tests := []struct {
		name string
		def  Definition
		game Game
		want []problem
	}{
		{"good solo", dipcon, boardSolo(), nil},
		{"good rank without winners", rank, with(boardElim()), nil},
		{"too many centres", dipcon, edit(boardDraw(), func(g *Game) { g.Centres[dip.Italy] = 5 }),
			[]problem{{dip.Board, "centres", "own 35 centres in all, more than the 34"}}},
		{"negative centres", rank, edit(boardElim(), func(g *Game) { g.Centres[dip.Germany] = -1 }),
			[]problem{{dip.Germany, "centres", "negative centre count -1"}}},
		{"winner without centres", regatta, with(boardDraw(), dip.Austria, dip.Russia),
			[]problem{{dip.Russia, "winners", "a winner must own at least one centre (owns 0)"}}},
		{"draw omits a survivor", dipcon, with(boardDraw(), dip.Austria, dip.England, dip.France, dip.Germany),
			[]problem{{dip.Italy, "winners", "owns 3 centres but is left out of the draw"}}},
		{"no winner", dipcon, with(boardDraw()),
			[]problem{{dip.Board, "winners", "no winner recorded: a Win/Draw system scores only solos and draws, so " +
				"enter the solo winner or every power in the draw"}}},
		{"eliminated with centres", rank, edit(boardElim(), func(g *Game) { g.Eliminated[dip.Germany] = 1906 }),
			[]problem{{dip.Germany, "eliminated", "eliminated in 1906 but owns 5 centres"}}},
		{"elimination after the end", rank, edit(boardElim(), func(g *Game) { g.Eliminated[dip.Italy] = 1908 }),
			[]problem{{dip.Italy, "eliminated", "eliminated in 1908, after the game's final year 1907"}}},
		{"elimination before 1901", rank, edit(boardElim(), func(g *Game) { g.Eliminated[dip.Italy] = 1899 }),
			[]problem{{dip.Italy, "eliminated", "elimination year 1899 is before 1901"}}},
		{"winner twice", regatta, with(boardDraw(), dip.Austria, dip.England, dip.Austria),
			[]problem{{dip.Austria, "winners", "listed twice among the winners"}}},
		{"no final year", rank, edit(boardElim(), func(g *Game) { g.FinalYear = 0; g.History = nil }),
			[]problem{
				{dip.Board, "year", "the final year 0 is missing or before 1901"},
			}},
		{"past the system's final year", capped, boardDraw(),
			[]problem{{dip.Board, "year", "the game ends in 1908, after the system's final game-year 1907"}}},
		{"conceded draw", rank, edit(boardElim(), func(g *Game) { g.Conceded = true }),
			[]problem{{dip.Board, "conceded", "a conceded win needs exactly one winner (4 recorded)"}}},
		{"conceded to a non-leader", rank, conceded(boardElim(), dip.England),
			[]problem{{dip.England, "conceded", "the conceded win must go to the sole leader (Turkey owns 12"}}},
		{"conceded with 18", rank, conceded(boardSolo(), dip.France),
			[]problem{{dip.France, "conceded", "owns 18 centres: a win reached on the board, not a concession"}}},
		{"history out of order", rank, edit(boardElim(), func(g *Game) {
			g.History[0].Year, g.History[1].Year = 1906, 1904
		}), []problem{
			// The swapped rows now put Italy's and Russia's 3 centres of 1904 in 1906, after they went out.
			{dip.Italy, "history", "owns 3 centres in 1906, after its elimination in 1905"},
			{dip.Russia, "history", "owns 3 centres in 1906, after its elimination in 1905"},
			{dip.Board, "history", "year 1904 is out of order (after 1906)"},
		}},
		{"history year twice", rank, edit(boardElim(), func(g *Game) { g.History[1].Year = 1904 }),
			[]problem{{dip.Board, "history", "year 1904 is listed twice"}}},
		{"history over 34", rank, edit(boardElim(), func(g *Game) { g.History[1].Centres[dip.Turkey] = 16 }),
			[]problem{{dip.Board, "history", "1906: the powers own 37 centres in all, more than the 34"}}},
		{"history outside the game", rank, edit(boardElim(), func(g *Game) { g.History[1].Year = 1908 }),
			[]problem{{dip.Board, "history", "year 1908 is outside 1901..1907"}}},
		{"history disagrees with the end", rank, edit(boardElim(), func(g *Game) {
			g.History = append(g.History, Year{1907, [7]int{0, 10, 6, 6, 0, 0, 11}})
		}), []problem{
			{dip.Germany, "history", "owns 6 centres in 1907 by the history but 5 at the end of the game"},
			{dip.Turkey, "history", "owns 11 centres in 1907 by the history but 12 at the end of the game"},
		}},
		{"history negative", rank, edit(boardElim(), func(g *Game) { g.History[0].Centres[dip.England] = -7 }),
			[]problem{{dip.England, "history", "negative centre count -7 in 1904"}}},
		{"history needed", maxonian, boardTie3(),
			[]problem{{dip.Board, "history", `the system "Maxonian" needs the centre counts by year`}}},
		// Several problems at once.
		{"all at once", dipcon, edit(boardDraw(), func(g *Game) {
			g.Centres[dip.Russia] = -2
			g.Winners = []dip.Power{dip.Austria, dip.England, dip.France, dip.Germany, dip.Italy, dip.Austria}
		}), []problem{
			{dip.Russia, "centres", "negative centre count -2"},
			{dip.Austria, "winners", "listed twice"},
		}},
	}
	for _, tt := range tests {
		s, err := Compile(tt.def)
		if err != nil {
			t.Fatal(err)
		}
		err = s.Validate(tt.game)
		got := gameErrors(t, err)
		if len(got) != len(tt.want) {
			t.Errorf("%s: got %d problems (%v), want %d", tt.name, len(got), err, len(tt.want))
			continue
		}
		for i, w := range tt.want {
			g := got[i]
			if g.Power != w.power || g.Field != w.field || !strings.Contains(g.Msg, w.msg) {
				t.Errorf("%s: got %s / %s / %q, want %s / %s / containing %q", tt.name, g.Power, g.Field, g.Msg,
					w.power, w.field, w.msg)
			}
		}
		if _, serr := s.Score(tt.game); (serr == nil) != (err == nil) {
			t.Errorf("%s: Score error %v, Validate error %v", tt.name, serr, err)
		}
	}
}

func TestGameErrorText(t *testing.T) {
	tests := []struct {
		err  GameError
		want string
	}{
		{GameError{dip.France, "winners", "listed twice among the winners", 0}, "France: winners: listed twice among the winners"},
		{GameError{dip.Board, "centres", "too many", 0}, "centres: too many"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	d := Definition{Name: "bad", Criterion: Rank,
		Formulas: [NumFormulas]string{"scss", "1 +", "", "", "", "", "", "", "prov + 1"}}
	_, err := Compile(d)
	if err == nil {
		t.Fatal("no error for three bad formulae")
	}
	j := err.(interface{ Unwrap() []error }).Unwrap()
	wantSlots := []Slot{SlotSolo, SlotDraw2, SlotProvisional}
	if len(j) != len(wantSlots) {
		t.Fatalf("got %d errors (%v), want %d", len(j), err, len(wantSlots))
	}
	for i, e := range j {
		var fe *FormulaError
		if !errors.As(e, &fe) || fe.Slot != wantSlots[i] {
			t.Errorf("error %d: %v, want a FormulaError for %s", i, e, wantSlots[i])
			continue
		}
		var inner *formula.Error
		if !errors.As(e, &inner) || inner.Col < 1 {
			t.Errorf("error %d: %v does not unwrap to a located formula.Error", i, e)
		}
	}
	if !strings.HasPrefix(j[0].Error(), "Solo victory / 1st: ") || !strings.Contains(j[0].Error(), `"scss"`) {
		t.Errorf("first error %q, want the slot and the bad word", j[0])
	}
	if _, err := Compile(Definition{Name: "odd", Criterion: 5}); err == nil ||
		!strings.Contains(err.Error(), "unknown end-game criterion 5") {
		t.Errorf("criterion 5: got %v", err)
	}
	if _, err := Compile(Definition{Name: "short", FinalYear: 1906}); err == nil ||
		!strings.Contains(err.Error(), `scoring system "short": final game-year 1906 is before 1907`) {
		t.Errorf("final year 1906: got %v", err)
	}
}

func TestNeedsHistory(t *testing.T) {
	for _, tt := range []struct {
		name string
		want bool
	}{{"Maxonian", true}, {"7Eleven", true}, {"Carnage with elimination order", false}, {"ManorCon", false}} {
		d, _ := Lookup(tt.name)
		s, err := Compile(d)
		if err != nil {
			t.Fatal(err)
		}
		if s.NeedsHistory() != tt.want {
			t.Errorf("%s: NeedsHistory %v, want %v", tt.name, !tt.want, tt.want)
		}
	}
	s, _ := Compile(Definition{Formulas: [NumFormulas]string{"ctrs / avgc"}})
	if !s.NeedsHistory() {
		t.Error("ctrs / avgc: NeedsHistory false")
	}
}

// TestGameErrorYear checks that a history problem names the chart's year,
// so the workbook can point at that year's column.
func TestGameErrorYear(t *testing.T) {
	s, err := Compile(Definition{Name: "rank", Criterion: Rank})
	if err != nil {
		t.Fatal(err)
	}
	g := boardElim()
	g.History = append([]Year(nil), g.History...)
	g.History[1].Centres[dip.Turkey] = 16
	var ge *GameError
	if err := s.Validate(g); !errors.As(err, &ge) || ge.Field != "history" || ge.Year != g.History[1].Year {
		t.Fatalf("err = %v (%+v), want a history error for year %d", err, ge, g.History[1].Year)
	}
}
