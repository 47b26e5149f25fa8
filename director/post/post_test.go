package post

import (
	"bytes"
	"encoding/json"
	"net/mail"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// TestDiscordJSON checks a post's body: mentions never pinged, text cut at
// Discord's limit.
func TestDiscordJSON(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		runes      int
		suffix     string
	}{
		{"short", "@everyone: board 1", 18, "board 1"},
		{"at the limit", strings.Repeat("é", MaxPost), MaxPost, "é"},
		{"too long", strings.Repeat("é", MaxPost+1), MaxPost, "…"},
	} {
		body, err := DiscordJSON(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		var got struct {
			Content         string
			AllowedMentions struct{ Parse []string } `json:"allowed_mentions"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, body)
		}
		if n := utf8.RuneCountInString(got.Content); n != tc.runes || !strings.HasSuffix(got.Content, tc.suffix) ||
			got.AllowedMentions.Parse == nil || len(got.AllowedMentions.Parse) != 0 {
			t.Errorf("%s: %d characters ending %q, mentions %v; want %d ending %q and no mention parsed",
				tc.name, n, got.Content[max(0, len(got.Content)-8):], got.AllowedMentions.Parse, tc.runes, tc.suffix)
		}
	}
}

// TestMailHeaders checks that names and subjects beyond ASCII are encoded
// as RFC 2047 words, and the text as quoted-printable UTF-8, every line
// ending in CRLF.
func TestMailHeaders(t *testing.T) {
	m := Mail{From: &mail.Address{Name: "Régate TD", Address: "td@example.org"}, To: &mail.Address{Name: "José Núñez", Address: "jose@example.org"},
		Subject: "Régate, heat 1: Austria on board 2", Text: "José Núñez,\n\nyou play Austria.\n"}
	var buf bytes.Buffer
	if err := m.Write(&buf, time.Date(2026, 3, 14, 9, 0, 0, 0, time.UTC), "id"); err != nil {
		t.Fatal(err)
	}
	msg := buf.String()
	for _, want := range []string{"From: =?utf-8?q?R=C3=A9gate_TD?= <td@example.org>\r\n", "To: =?utf-8?q?Jos=C3=A9_N=C3=BA=C3=B1ez?= <jose@example.org>\r\n",
		"Subject: =?utf-8?q?R=C3=A9gate,_heat_1:_Austria_on_board_2?=\r\n", "Date: Sat, 14 Mar 2026 09:00:00 +0000\r\n",
		"Message-ID: <id@example.org>\r\n", "Jos=C3=A9 N=C3=BA=C3=B1ez,\r\n\r\nyou play Austria.\r\n"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(strings.ReplaceAll(msg, "\r\n", ""), "\n") {
		t.Errorf("a line ends without CR:\n%q", msg)
	}
	parsed, err := mail.ReadMessage(strings.NewReader(msg))
	if err != nil || parsed.Header.Get("Subject") == "" {
		t.Errorf("net/mail cannot read it back: %v", err)
	}
}
