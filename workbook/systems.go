package workbook

import (
	"github.com/armada-dtm/dtm/scoring"
)

// Definition converts a Systems row into a scoring definition.
func (s System) Definition() scoring.Definition {
	return scoring.Definition{
		Name:         s.Name,
		Criterion:    scoring.Criterion(s.Criterion),
		AllSurvivors: s.AllSurvivors,
		AverageTies:  s.AverageTies,
		FinalYear:    s.FinalYear,
		Formulas:     s.Formulas,
		Description:  s.Description,
	}
}

// systemRowOf converts a scoring definition into a Systems row.
func systemRowOf(d scoring.Definition) System {
	return System{
		Name:         d.Name,
		Criterion:    int(d.Criterion),
		AllSurvivors: d.AllSurvivors,
		AverageTies:  d.AverageTies,
		FinalYear:    d.FinalYear,
		Formulas:     d.Formulas,
		Description:  d.Description,
	}
}

// BuiltInSystems returns the built-in scoring systems as Systems rows, as
// the template holds them.
func BuiltInSystems() []System {
	var out []System
	for _, d := range scoring.BuiltIn() {
		out = append(out, systemRowOf(d))
	}
	return out
}
