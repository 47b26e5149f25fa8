package xlsx

import (
	"bytes"
)

// sharedStringsPart is where excelize reads the shared strings from.
const sharedStringsPart = "xl/sharedStrings.xml"

// quickSharedStrings reads a shared strings part as excelize gives its
// strings (the text of each si: its t, then the t of each run, phonetic
// runs left out); false when the part is not of the plain form it reads:
// si elements of one t or of runs each with one t, no comment, CDATA,
// carriage return, namespace prefix or excelize escape (_x…_), and only
// XML's own entities. excelize reads the others itself.
func quickSharedStrings(raw []byte) ([]string, bool) {
	if bytes.Contains(raw, []byte("<!")) || bytes.IndexByte(raw, '\r') >= 0 || bytes.Contains(raw, []byte("_x")) {
		return nil, false
	}
	from := elementAt(raw, "sst")
	if from < 0 || bytes.Contains(raw, []byte(":si")) || bytes.Contains(raw, []byte(":t>")) || bytes.Contains(raw, []byte(":t ")) ||
		bytes.Contains(raw, []byte(":r>")) {
		return nil, false
	}
	out := []string{} // not nil: read
	for rest := raw[from:]; ; {
		i := elementAt(rest, "si")
		if i < 0 {
			return out, true
		}
		rest = rest[i+len("<si"):]
		if bytes.HasPrefix(rest, []byte("/>")) {
			out = append(out, "")
			rest = rest[2:]
			continue
		}
		if !bytes.HasPrefix(rest, []byte(">")) {
			return nil, false
		}
		end := bytes.Index(rest, []byte("</si>"))
		if end < 0 {
			return nil, false
		}
		s, ok := siText(rest[1:end])
		if !ok {
			return nil, false
		}
		out = append(out, s)
		rest = rest[end+len("</si>"):]
	}
}

// siText returns the text of an si element's content (see
// quickSharedStrings).
func siText(body []byte) (string, bool) {
	body = withoutElements(body, "rPh")
	if bytes.Contains(body, []byte("<r ")) || bytes.Contains(body, []byte("<r/")) {
		return "", false
	}
	if elementAt(body, "r") < 0 { // plain text: at most one t
		text, rest, ok := tText(body)
		if !ok || elementAt(rest, "t") >= 0 {
			return "", false
		}
		return string(text), true
	}
	// Rich text: runs, each with at most one t, and no t of the si's own.
	var out []byte
	for rest := body; ; {
		i := bytes.Index(rest, []byte("<r>"))
		if i < 0 {
			if elementAt(rest, "t") >= 0 {
				return "", false
			}
			return string(out), true
		}
		if elementAt(rest[:i], "t") >= 0 {
			return "", false
		}
		rest = rest[i+len("<r>"):]
		end := bytes.Index(rest, []byte("</r>"))
		if end < 0 {
			return "", false
		}
		text, after, ok := tText(rest[:end])
		if !ok || elementAt(after, "t") >= 0 {
			return "", false
		}
		out = append(out, text...)
		rest = rest[end+len("</r>"):]
	}
}

// tText returns the text of the first t element in raw (nil for none) and
// what follows it.
func tText(raw []byte) ([]byte, []byte, bool) {
	i := elementAt(raw, "t")
	if i < 0 {
		return nil, raw, true
	}
	rest := raw[i+len("<t"):]
	gt := bytes.IndexByte(rest, '>')
	if gt < 0 {
		return nil, nil, false
	}
	if gt > 0 && rest[gt-1] == '/' { // <t/>
		return nil, rest[gt+1:], true
	}
	rest = rest[gt+1:]
	end := bytes.Index(rest, []byte("</t>"))
	if end < 0 || bytes.IndexByte(rest[:end], '<') >= 0 {
		return nil, nil, false
	}
	text, ok := unescape(rest[:end])
	return text, rest[end+len("</t>"):], ok
}

// withoutElements returns raw without the elements named name (unprefixed,
// not nested in one another).
func withoutElements(raw []byte, name string) []byte {
	if elementAt(raw, name) < 0 {
		return raw
	}
	var out []byte
	for {
		i := elementAt(raw, name)
		if i < 0 {
			return append(out, raw...)
		}
		out = append(out, raw[:i]...)
		cut := cutElement(raw[i:], name, "")
		if len(cut) == len(raw[i:]) { // not closed: left as it is
			return append(out, raw[i:]...)
		}
		raw = cut
	}
}
