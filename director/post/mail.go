package post

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	"time"
)

// Mail is one e-mail to one player: plain text, and the pictures shown
// with it (the board's QR code).
type Mail struct {
	From     *mail.Address
	To       *mail.Address
	Subject  string
	Text     string
	Pictures []Picture // attached inline
}

// Picture is a PNG image attached to a mail.
type Picture struct {
	Name string // its file name, "H2-B3-K.png"
	PNG  []byte
}

// Write writes the message in the form an SMTP server takes (RFC 5322,
// MIME, CRLF line ends), dated date and identified by id (the part of the
// Message-ID before the @). Non-ASCII headers are encoded as RFC 2047
// words, the text as quoted-printable UTF-8, the picture in base64.
func (m Mail) Write(w io.Writer, date time.Time, id string) error {
	var buf bytes.Buffer
	header := func(name, value string) { fmt.Fprintf(&buf, "%s: %s\r\n", name, value) }
	header("From", m.From.String())
	header("To", m.To.String())
	header("Subject", mime.QEncoding.Encode("utf-8", m.Subject))
	header("Date", date.Format(time.RFC1123Z))
	header("Message-ID", "<"+id+"@"+domain(m.From.Address)+">")
	header("MIME-Version", "1.0")
	header("Auto-Submitted", "auto-generated")
	mw := multipart.NewWriter(&buf)
	header("Content-Type", mime.FormatMediaType("multipart/mixed", map[string]string{"boundary": mw.Boundary()}))
	buf.WriteString("\r\n")
	text, err := mw.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {"text/plain; charset=utf-8"},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	if err != nil {
		return err
	}
	qp := quotedprintable.NewWriter(text)
	if _, err := qp.Write([]byte(strings.ReplaceAll(m.Text, "\n", "\r\n"))); err != nil {
		return err
	}
	if err := qp.Close(); err != nil {
		return err
	}
	for _, p := range m.Pictures {
		pic, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {mime.FormatMediaType("image/png", map[string]string{"name": p.Name})},
			"Content-Disposition":       {mime.FormatMediaType("inline", map[string]string{"filename": p.Name})},
			"Content-Transfer-Encoding": {"base64"},
		})
		if err != nil {
			return err
		}
		enc := base64.StdEncoding.EncodeToString(p.PNG)
		for len(enc) > 76 {
			fmt.Fprintf(pic, "%s\r\n", enc[:76])
			enc = enc[76:]
		}
		fmt.Fprintf(pic, "%s\r\n", enc)
	}
	if err := mw.Close(); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

// domain is the part of an address after its @.
func domain(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 {
		return addr[i+1:]
	}
	return "localhost"
}
