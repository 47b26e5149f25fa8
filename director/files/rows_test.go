package files

import (
	"html/template"
	"strings"
	"testing"
)

// TestRowsEscapeAsTemplates: the writer of the site's long parts escapes
// each value exactly as html/template escapes it in the same place: as
// text, in a quoted attribute, as a link and as a link's fragment.
func TestRowsEscapeAsTemplates(t *testing.T) {
	values := []string{"", "Chloé Carter", `O'Brien & "Sons" <b>+1</b>`, "a\x00b", "\xff\xfe bad UTF-8", "\u202eevil",
		"javascript:alert(1)", "JavaScript:x", "http://example.com/a b?c=d&e=f#g", "mailto:td@example.com", "./player-1.html",
		"a/b:c", "100%", "a%2Fb", "%41", "x%4", "%zz", "é ü 名前", "player-13.html", "h3b12", "#x", "~a_b.c-d", "!$*,;=@[]()'"}
	cases := []struct {
		name, tmpl string
		write      func(w *htmlWriter, s string)
	}{
		{"text", `<td>{{.}}</td>`, func(w *htmlWriter, s string) { w.raw("<td>"); w.text(s); w.raw("</td>") }},
		{"attribute", `<td class="x {{.}}">`, func(w *htmlWriter, s string) { w.raw(`<td class="x `); w.text(s); w.raw(`">`) }},
		{"link", `<a href="{{.}}">`, func(w *htmlWriter, s string) { w.raw(`<a href="`); w.url(s); w.raw(`">`) }},
		{"fragment", `<a href="#{{.}}">`, func(w *htmlWriter, s string) { w.raw(`<a href="#`); w.fragment(s); w.raw(`">`) }},
		{"svg", `<svg><text y="{{.}}">{{.}}</text></svg>`, func(w *htmlWriter, s string) {
			w.raw(`<svg><text y="`)
			w.text(s)
			w.raw(`">`)
			w.text(s)
			w.raw(`</text></svg>`)
		}},
	}
	for _, c := range cases {
		tmpl := template.Must(template.New(c.name).Parse(c.tmpl))
		for _, v := range values {
			var want strings.Builder
			if err := tmpl.Execute(&want, v); err != nil {
				t.Fatal(err)
			}
			var w htmlWriter
			c.write(&w, v)
			if got := string(w.b); got != want.String() {
				t.Errorf("%s %q: %q, html/template writes %q", c.name, v, got, want.String())
			}
		}
	}
	for _, f := range []float64{0, 12.5, -3, 1e6, 1e21, 0.00001, 123.456789, 1234567, 123456789012345678, 1e-7} {
		var want strings.Builder
		template.Must(template.New("n").Parse(`<line y="{{.}}"/>`)).Execute(&want, f)
		var w htmlWriter
		w.raw(`<line y="`)
		w.num(f)
		w.raw(`"/>`)
		if string(w.b) != want.String() {
			t.Errorf("%v: %q, html/template writes %q", f, w.b, want.String())
		}
	}
}
