package workbook

import (
	"errors"
	"fmt"
	"strings"

	"github.com/armada-dtm/dtm/workbook/xlsx"
)

// NameCell is a cell of the workbook that names a player.
type NameCell struct{ Sheet, Cell string }

// ErrNameTaken reports a new name that is another player's already.
var ErrNameTaken = errors.New("the name is another player's")

// SplitName divides a player's new full name between the First name and
// Last name columns: the part that stays as it was keeps its column
// ("Ann Smith" to "Anne Smith" changes the first name, to "Ann Jones-Smith"
// the last); otherwise the first word is the first name and the rest the
// last.
func (p Player) SplitName(name string) (first, last string) {
	name = strings.Join(strings.Fields(name), " ")
	switch {
	case p.Last != "" && strings.HasSuffix(name, " "+p.Last):
		return strings.TrimSuffix(name, " "+p.Last), p.Last
	case p.First != "" && strings.HasPrefix(name, p.First+" "):
		return p.First, strings.TrimPrefix(name, p.First+" ")
	}
	first, last, _ = strings.Cut(name, " ")
	return first, last
}

// NameProblem says what is wrong with a new name for player i: empty, an
// invisible character, too long for a cell, or another player's already
// (ErrNameTaken, naming their cell); nil when it will do.
func (t *Tournament) NameProblem(i int, name string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return errors.New("the new name is empty: give the player's first and last name")
	case invisibleIn(name) != "":
		return fmt.Errorf("the new name %q holds an invisible character (%s): type it again", name, invisibleIn(name))
	case len([]rune(name)) > xlsx.MaxCellLength:
		return fmt.Errorf("the new name is %d characters long; a cell holds at most %d", len([]rune(name)), xlsx.MaxCellLength)
	}
	for j, p := range t.Players {
		if j != i && foldName(p.Name) == foldName(name) {
			return fmt.Errorf("%w: %q is %s!%s (names are compared ignoring capitals and spacing); two players cannot share a name: choose another (e.g. with a middle initial)",
				ErrNameTaken, p.Name, SheetPlayers, t.PlayerCell(j, HeaderFirstName))
		}
	}
	return nil
}

// RenamePlayer renames player i to first and last: their First name and
// Last name cells on the Players sheet, and every cell of the Conflicts,
// Groups and Teams sheets and of the heat sheets' Player and Replaced
// player columns that names them. The change is made in memory (Save
// writes it), the tournament's players included; it returns the cells
// written. dtm's own tabs (board calls, standings) are not touched.
func (b *Book) RenamePlayer(i int, first, last string) ([]NameCell, error) {
	t := b.Tournament
	p := &t.Players[i]
	old := canonical(p.Name)
	var cells []NameCell
	set := func(sheet, cell string, v string) error {
		var value any
		if v != "" {
			value = v
		}
		if err := xlsx.SetCellValue(b.f, sheet, cell, value); err != nil {
			return fmt.Errorf("rename %s: %w", p.Name, err)
		}
		cells = append(cells, NameCell{Sheet: sheet, Cell: cell})
		return nil
	}
	for _, c := range []struct{ header, was, now string }{{HeaderFirstName, p.First, first}, {HeaderLastName, p.Last, last}} {
		if c.was != c.now {
			if err := set(SheetPlayers, t.PlayerCell(i, c.header), c.now); err != nil {
				return nil, err
			}
		}
	}
	name := strings.TrimSpace(first + " " + last)
	rows := xlsx.NewSheetReader(b.f)
	conflictColumn := func(h string) bool {
		return normalHeader(h) == normalHeader(HeaderPlayer) || normalHeader(h) == normalHeader(HeaderWithPlayer)
	}
	for _, s := range []struct {
		sheet   string
		isNamed func(header string) bool
	}{{SheetConflicts, conflictColumn}, {SheetGroups, groupsSchema.isFamily}, {SheetTeams, teamsSchema.isFamily}} {
		if !b.hasSheet(s.sheet) {
			continue
		}
		table, err := rows.Rows(s.sheet)
		if err != nil {
			return nil, fmt.Errorf("rename %s: %w", p.Name, err)
		}
		if len(table) == 0 {
			continue
		}
		for c, h := range table[0] {
			h = strings.TrimSpace(h)
			if !s.isNamed(h) {
				continue
			}
			for r := 1; r < len(table); r++ {
				if c < len(table[r]) && canonical(table[r][c]) == old {
					if err := set(s.sheet, cellName(c+1, r+1), name); err != nil {
						return nil, err
					}
				}
			}
		}
	}
	for n := range t.Heats {
		heat := &t.Heats[n]
		for _, g := range heat.Games {
			for _, s := range g.Seats {
				for _, at := range []struct {
					who    int
					header string
				}{{s.Player, HeaderSeatPlayer}, {s.Replaced, HeaderReplaced}} {
					if at.who == i {
						if err := set(HeatSheet(n+1), heat.cell(s.Row, at.header), name); err != nil {
							return nil, err
						}
					}
				}
			}
		}
	}
	p.First, p.Last, p.Name = first, last, name
	return cells, nil
}

// ConflictsWritten reports whether heat n's Conflict columns hold what dtm
// seed wrote (any cell not empty), not left empty by a heat seated by hand.
func (t *Tournament) ConflictsWritten(n int) bool {
	for _, g := range t.Heats[n-1].Games {
		for _, s := range g.Seats {
			if s.conflict != [2]string{} {
				return true
			}
		}
	}
	return false
}
