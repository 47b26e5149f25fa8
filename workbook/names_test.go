package workbook

import (
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/unicode/norm"
)

// TestNamesAsMeant: names that look alike are one name, and a reference
// that differs only in Unicode form is the player it names.
func TestNamesAsMeant(t *testing.T) {
	const (
		nfc = "Jos\u00e9"  // é as one character
		nfd = "Jose\u0301" // e and a combining acute accent
		zw  = "Ann\u200b"  // with a zero-width space
	)
	for _, tc := range []struct {
		name       string
		edit       func(t *testing.T, f *excelize.File)
		cell, msg  string // one problem, on the given cell; none when cell is ""
		hint, sees string
	}{
		{"capitals", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "A16", "ann", "SMITH") },
			"A16", `player "ann SMITH" is the same name as "Ann Smith" at A2`, "tell the two apart", ""},
		{"NFC and NFD", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetPlayers, "A16", nfc, "Archer")
			set(t, f, SheetPlayers, "A17", nfd, "Archer")
		}, "A17", `player "` + nfd + ` Archer" is listed twice (first at A16)`, "", ""},
		{"zero-width space", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "A16", zw, "Smith") },
			"A16", "but for an invisible character (U+200B)", "retype the name", ""},
		{"full-width letters", func(t *testing.T, f *excelize.File) { set(t, f, SheetPlayers, "A16", "Ａnn", "Smith") },
			"A16", "is the same name as", "", ""},
		{"NFD reference to an NFC name", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetPlayers, "A16", nfc, "Archer")
			set(t, f, SheetConflicts, "A3", nfd+" Archer", "Ann Smith", 5)
		}, "", "", "", nfc + " Archer"},
		{"reference with a zero-width space", func(t *testing.T, f *excelize.File) {
			set(t, f, SheetConflicts, "A3", zw+" Smith", "Bob Jones", 5)
		}, "A3", "unknown player", `invisible character (U+200B) that "Ann Smith" does not`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fixture(t)
			tc.edit(t, f)
			b := reread(t, f)
			defer b.Close()
			if tc.cell == "" {
				if len(b.Problems) != 0 {
					t.Fatalf("problems: %v", b.Problems)
				}
				c := b.Tournament.Conflicts[len(b.Tournament.Conflicts)-1]
				if got := b.Tournament.Players[c.A].Name; got != tc.sees {
					t.Errorf("the reference names %q, want %q", got, tc.sees)
				}
				return
			}
			if len(b.Problems) != 1 {
				t.Fatalf("got %d problems, want 1:\n%v", len(b.Problems), b.Problems)
			}
			p := b.Problems[0]
			if p.Cell != tc.cell || !strings.Contains(p.Msg, tc.msg) || !strings.Contains(p.Hint, tc.hint) {
				t.Errorf("got  %s\nwant %s: ...%s...; ...%s...", p, tc.cell, tc.msg, tc.hint)
			}
			if strings.Contains(p.Hint, "did you mean") {
				typed, _ := f.GetCellValue(p.Sheet, p.Cell)
				if strings.Contains(p.Hint, `"`+typed+`"`) {
					t.Errorf("did-you-mean suggests the text typed: %s", p)
				}
			}
		})
	}
}

// TestDidYouMeanNeverTheSameText: no suggestion repeats what was typed, as
// a director sees it.
func TestDidYouMeanNeverTheSameText(t *testing.T) {
	r := newRoster([]Player{{Name: "Zo\u00eb Archer"}, {Name: "Ann Smith"}})
	for _, typed := range []string{"Zoe\u0308 Archer", "Zo\u00eb\u200b Archer", "Ann Smith\u00ad", "ann smith", "Ann  Smith", "\ufeffAnn Smith"} {
		i, hint := r.find(typed)
		if i >= 0 {
			if canonical(typed) != canonical(r.names[i]) {
				t.Errorf("%q found as %q", typed, r.names[i])
			}
			continue
		}
		for _, n := range r.names {
			if strings.Contains(hint, "did you mean") && canonical(n) == canonical(typed) {
				t.Errorf("%q: hint %q suggests the same text", typed, hint)
			}
		}
		if hint == "" {
			t.Errorf("%q: no hint", typed)
		}
	}
}

// TestFoldASCII: names of printable ASCII, folded and made canonical
// without Unicode's tables, come out as the tables make them.
func TestFoldASCII(t *testing.T) {
	var names []string
	for c := byte(' '); c <= '~'; c++ {
		names = append(names, string(c), "Ann"+string(c)+"SMITH", " a "+string(c)+string(c)+"  B ")
	}
	names = append(names, "", " ", "   ", "ann smith", "Ann Smith", "  ann   SMITH ", "O'Neil-Smith Jr.", "a  b", "AB CD  EF")
	for _, s := range names {
		if !printableASCII(s) {
			t.Fatalf("%q is not printable ASCII", s)
		}
		if got, want := foldName(s), foldUnicode(s); got != want {
			t.Errorf("foldName(%q) = %q, want %q", s, got, want)
		}
		if got, want := canonical(s), norm.NFC.String(strings.TrimSpace(s)); got != want {
			t.Errorf("canonical(%q) = %q, want %q", s, got, want)
		}
	}
	for _, s := range []string{"Ann\tSmith", "Ann\u00a0Smith", "José", "Ａnn", "Ann\x7f"} {
		if printableASCII(s) {
			t.Errorf("%q is taken for printable ASCII", s)
		}
	}
}
