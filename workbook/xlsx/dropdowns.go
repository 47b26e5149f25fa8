package xlsx

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strconv"

	"github.com/xuri/excelize/v2"
)

// xmlDataValidation is a dataValidation element as excelize writes it.
type xmlDataValidation struct {
	XMLName          xml.Name  `xml:"dataValidation"`
	AllowBlank       bool      `xml:"allowBlank,attr"`
	Error            *string   `xml:"error,attr"`
	ErrorStyle       *string   `xml:"errorStyle,attr"`
	ErrorTitle       *string   `xml:"errorTitle,attr"`
	Operator         string    `xml:"operator,attr,omitempty"`
	Prompt           *string   `xml:"prompt,attr"`
	PromptTitle      *string   `xml:"promptTitle,attr"`
	ShowDropDown     bool      `xml:"showDropDown,attr,omitempty"`
	ShowErrorMessage bool      `xml:"showErrorMessage,attr,omitempty"`
	ShowInputMessage bool      `xml:"showInputMessage,attr,omitempty"`
	Sqref            string    `xml:"sqref,attr"`
	Type             string    `xml:"type,attr,omitempty"`
	Formula1         *innerXML `xml:"formula1"`
	Formula2         *innerXML `xml:"formula2"`
}

// innerXML is an element's content, already XML.
type innerXML struct {
	Content string `xml:",innerxml"`
}

// dataValidationXML returns dv as the dataValidation element excelize's
// AddDataValidation would write.
func dataValidationXML(dv *excelize.DataValidation) []byte {
	x := xmlDataValidation{AllowBlank: dv.AllowBlank, Error: dv.Error, ErrorStyle: dv.ErrorStyle, ErrorTitle: dv.ErrorTitle,
		Operator: dv.Operator, Prompt: dv.Prompt, PromptTitle: dv.PromptTitle, ShowDropDown: dv.ShowDropDown,
		ShowErrorMessage: dv.ShowErrorMessage, ShowInputMessage: dv.ShowInputMessage, Sqref: dv.Sqref, Type: dv.Type}
	if dv.Formula1 != "" {
		x.Formula1 = &innerXML{dv.Formula1}
	}
	if dv.Formula2 != "" {
		x.Formula2 = &innerXML{dv.Formula2}
	}
	out, _ := xml.Marshal(x) // strings and booleans only: it cannot fail
	return out
}

// withDataValidation returns a worksheet part with one more dataValidation
// element (and its count), or false when the part has no dataValidations
// element to add it to.
func withDataValidation(raw, dv []byte) ([]byte, bool) {
	from := elementAt(raw, "dataValidations")
	if from < 0 {
		return nil, false
	}
	end := bytes.Index(raw[from:], []byte("</dataValidations>"))
	gt := bytes.IndexByte(raw[from:], '>')
	if end < 0 || gt < 0 || gt > end || raw[from+gt-1] == '/' {
		return nil, false
	}
	start := raw[from : from+gt+1] // the start tag
	end += from
	out := make([]byte, 0, len(raw)+len(dv)+8)
	if count := attr(start, "count"); count != nil {
		n, err := strconv.Atoi(string(count))
		if err != nil {
			return nil, false
		}
		i := bytes.Index(start, []byte(` count="`)) + len(` count="`)
		out = append(out, raw[:from+i]...)
		out = strconv.AppendInt(out, int64(n+1), 10)
		out = append(out, raw[from+i+len(count):end]...)
	} else {
		out = append(out, raw[:end]...)
	}
	out = append(out, dv...)
	return append(out, raw[end:]...), true
}

// HasDataValidation reports whether a sheet has a data validation of
// exactly the range sqref; it reads the sheet's bytes as read, when
// excelize has not decoded it.
func (f *File) HasDataValidation(sheet, sqref string) (bool, error) {
	if paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart)); err == nil && paths[sheet] != "" {
		if raw, ok := f.asRead(paths[sheet]); ok {
			return bytes.Contains(raw, []byte(` sqref="`+sqref+`"`)), nil
		}
	}
	dvs, err := f.x.GetDataValidations(sheet)
	if err != nil {
		return false, fmt.Errorf("read %s's data validations: %w", sheet, err)
	}
	for _, dv := range dvs {
		if dv.Sqref == sqref {
			return true, nil
		}
	}
	return false, nil
}

// AddDataValidation adds a data validation (a dropdown) to a sheet: into
// the sheet's bytes when excelize holds them as read, since excelize's
// AddDataValidation decodes the whole sheet to add it and encodes it again
// on save, which for a big sheet costs more than the rest of a command;
// else through excelize.
func (f *File) AddDataValidation(sheet string, dv *excelize.DataValidation) error {
	if paths, err := sheetPartPaths(f.pkgPart, workbookPart(f.pkgPart)); err == nil && paths[sheet] != "" {
		if raw, ok := f.asRead(paths[sheet]); ok {
			if out, ok := withDataValidation(raw, dataValidationXML(dv)); ok {
				f.x.Pkg.Store(paths[sheet], out)
				return nil
			}
		}
	}
	if err := f.x.AddDataValidation(sheet, dv); err != nil {
		return fmt.Errorf("add a data validation to %s: %w", sheet, err)
	}
	return nil
}
