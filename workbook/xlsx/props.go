package xlsx

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"time"
)

// Properties are the document properties a save writes into
// docProps/core.xml and docProps/app.xml, as Excel writes them: the core
// properties under the cp: prefix (ExcelJS reads no other form), with real
// dates. The zero value changes nothing but the form.
type Properties struct {
	// Title is the document's title; the file's is kept when "".
	Title string
	// Application names the program that saved the file; the file's is
	// kept when "".
	Application string
	// Modified is when the file is saved; it becomes the file's created
	// date too when the file has none (or excelize's placeholder). The
	// file's dates are kept when it is zero.
	Modified time.Time
}

// SetProperties sets the document properties the next save writes.
func (f *File) SetProperties(p Properties) { f.props = p }

// Namespaces of the core properties.
const (
	nsCoreProps = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
	nsDC        = "http://purl.org/dc/elements/1.1/"
	nsDCTerms   = "http://purl.org/dc/terms/"
)

// coreOrder is the core properties written, in order, with the prefix of
// their namespace.
var coreOrder = []struct{ ns, prefix, local string }{
	{nsDC, "dc", "title"}, {nsDC, "dc", "subject"}, {nsDC, "dc", "creator"}, {nsCoreProps, "cp", "keywords"},
	{nsDC, "dc", "description"}, {nsDC, "dc", "identifier"}, {nsDC, "dc", "language"},
	{nsCoreProps, "cp", "lastModifiedBy"}, {nsCoreProps, "cp", "lastPrinted"}, {nsCoreProps, "cp", "revision"},
	{nsCoreProps, "cp", "version"}, {nsCoreProps, "cp", "category"}, {nsCoreProps, "cp", "contentStatus"},
	{nsDCTerms, "dcterms", "created"}, {nsDCTerms, "dcterms", "modified"},
}

// placeholderDate is the created and modified date of every workbook
// excelize makes (its NewFile): no real date.
const placeholderDate = "2006-09-16T00:00:00Z"

// coreProperties returns docProps/core.xml as Excel writes it, with p's
// title and dates, every other property the part held kept. Properties of
// unknown names are dropped.
func coreProperties(old []byte, p Properties) ([]byte, error) {
	var parsed struct {
		Items []struct {
			XMLName xml.Name
			Value   string `xml:",chardata"`
		} `xml:",any"`
	}
	if err := xml.Unmarshal(old, &parsed); err != nil {
		return nil, err
	}
	values := map[xml.Name]string{}
	for _, it := range parsed.Items {
		values[it.XMLName] = it.Value
	}
	set := func(ns, local, v string) { values[xml.Name{Space: ns, Local: local}] = v }
	if p.Title != "" {
		set(nsDC, "title", p.Title)
	}
	if !p.Modified.IsZero() {
		when := p.Modified.UTC().Format(time.RFC3339)
		if c := values[xml.Name{Space: nsDCTerms, Local: "created"}]; c == "" || c == placeholderDate {
			set(nsDCTerms, "created", when)
		}
		set(nsDCTerms, "modified", when)
	}
	var b bytes.Buffer
	b.WriteString(xml.Header[:len(xml.Header)-1])
	b.WriteString(`<cp:coreProperties xmlns:cp="` + nsCoreProps + `" xmlns:dc="` + nsDC + `" xmlns:dcterms="` + nsDCTerms +
		`" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`)
	for _, e := range coreOrder {
		v, ok := values[xml.Name{Space: e.ns, Local: e.local}]
		if !ok {
			continue
		}
		b.WriteString("<" + e.prefix + ":" + e.local)
		if e.prefix == "dcterms" {
			b.WriteString(` xsi:type="dcterms:W3CDTF"`)
		}
		b.WriteString(">")
		xml.EscapeText(&b, []byte(v)) // writing to a buffer cannot fail
		b.WriteString("</" + e.prefix + ":" + e.local + ">")
	}
	b.WriteString("</cp:coreProperties>")
	return b.Bytes(), nil
}

var applicationRe = regexp.MustCompile(`<Application>[^<]*</Application>|<Application/>`)

// appProperties returns docProps/app.xml naming application as the program
// that saved it.
func appProperties(old []byte, application string) []byte {
	var v bytes.Buffer
	v.WriteString("<Application>")
	xml.EscapeText(&v, []byte(application))
	v.WriteString("</Application>")
	if applicationRe.Match(old) {
		return applicationRe.ReplaceAllLiteral(old, v.Bytes())
	}
	root := bytes.Index(old, []byte("<Properties"))
	end := bytes.IndexByte(old[max(root, 0):], '>')
	if root < 0 || end < 0 || old[root+end-1] == '/' {
		return old
	}
	at := root + end + 1
	return append(append(append([]byte{}, old[:at]...), v.Bytes()...), old[at:]...)
}
