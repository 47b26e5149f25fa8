package workbook

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSendingSettings checks each of dtm send's settings as dtm check reads
// it: one mistake, one problem at its cell, saying what to type.
func TestSendingSettings(t *testing.T) {
	value := func(label string) string { return cellName(2, settingRowOf(t, label)) }
	for _, tc := range []struct {
		name        string
		set         map[string]any
		cell, msg   string
		hint        string
		want        Sending
		wantNoError bool
	}{
		{name: "all set", set: map[string]any{SetMailServer: "smtp.gmail.com", SetMailPort: 465, SetMailSender: "Regatta TD <td@example.org>",
			SetMailPassword: "DTM_SMTP_PASSWORD", SetWebhook: "https://discord.com/api/webhooks/1/abc", SetSendRate: 0},
			want: Sending{Server: "smtp.gmail.com", Port: 465, Sender: "Regatta TD <td@example.org>", PasswordVariable: "DTM_SMTP_PASSWORD",
				Webhook: "https://discord.com/api/webhooks/1/abc"}, wantNoError: true},
		{name: "defaults", want: Sending{Port: DefaultMailPort, PerMinute: DefaultSendRate}, wantNoError: true},
		{name: "server with a port", set: map[string]any{SetMailServer: "smtp.gmail.com:587", SetMailSender: "td@example.org"},
			cell: value(SetMailServer), msg: `E-mail: SMTP server cannot be "smtp.gmail.com:587"`, hint: "the port has a row of its own"},
		{name: "port out of range", set: map[string]any{SetMailPort: 70000},
			cell: value(SetMailPort), msg: "E-mail: port must be from 1 to 65535, not 70000"},
		{name: "sender not an address", set: map[string]any{SetMailSender: "the TD"},
			cell: value(SetMailSender), msg: `E-mail: sender cannot be "the TD"`, hint: "td@example.org"},
		{name: "a password typed", set: map[string]any{SetMailPassword: "abcd efgh ijkl"},
			cell: value(SetMailPassword), msg: `E-mail: password variable cannot be "abcd efgh ijkl"`, hint: "never the password itself"},
		{name: "webhook not https", set: map[string]any{SetWebhook: "http://discord.com/api/webhooks/1/abc"},
			cell: value(SetWebhook), msg: `must start with https://`, hint: "Copy Webhook URL"},
		{name: "rate too high", set: map[string]any{SetSendRate: 7000},
			cell: value(SetSendRate), msg: "Messages per minute must be from 0 to 6000, not 7000"},
		{name: "server without a sender", set: map[string]any{SetMailServer: "smtp.gmail.com"},
			cell: value(SetMailSender), msg: "E-mail: SMTP server is set but E-mail: sender is empty", hint: "td@example.org"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fixture(t)
			for label, v := range tc.set {
				set(t, f, SheetTournament, value(label), v)
			}
			b := reread(t, f)
			if tc.wantNoError {
				if len(b.Problems) > 0 || b.Tournament.Settings.Sending != tc.want {
					t.Errorf("%+v, %v; want %+v and no problem", b.Tournament.Settings.Sending, b.Problems, tc.want)
				}
				return
			}
			if len(b.Problems) != 1 {
				t.Fatalf("got %d problems, want 1:\n%v", len(b.Problems), b.Problems)
			}
			p := b.Problems[0]
			if p.Sheet != SheetTournament || p.Cell != tc.cell || !strings.Contains(p.Msg, tc.msg) || !strings.Contains(p.Hint, tc.hint) {
				t.Errorf("got  %s\nwant Tournament!%s: ...%s...; ...%s...", p, tc.cell, tc.msg, tc.hint)
			}
		})
	}
}

// TestSentTab writes the Sent tab and reads it back; a row typed over is a
// problem at its cell.
func TestSentTab(t *testing.T) {
	f := fixture(t)
	b := reread(t, f)
	rows := []Sent{{At: "2026-03-14 09:00:00", Heat: 1, Message: "Board call", For: "Ann Smith", To: "ann@example.org", Digest: "0123456789abcdef"},
		{At: "2026-03-14 09:00:03", Heat: 1, Message: "Board call", For: "Board 1", To: "Discord", Digest: "fedcba9876543210"}}
	if _, err := b.WriteSent(rows); err != nil {
		t.Fatal(err)
	}
	got, ps, err := b.ReadSent()
	if err != nil || len(ps) > 0 || len(got) != 2 || got[0] != rows[0] || got[1] != rows[1] {
		t.Fatalf("read back %+v, %v, %v; want %+v", got, ps, err, rows)
	}
	if err := b.f.SetCellValue(SheetSent, "B3", "one"); err != nil {
		t.Fatal(err)
	}
	if _, ps, _ := b.ReadSent(); len(ps) != 1 || ps[0].Cell != "B3" || !strings.Contains(ps[0].Msg, `heat must be a whole number from 1 to 30, not "one"`) {
		t.Errorf("a heat typed over: %v", ps)
	}
}

// TestLibreOfficeKeepsSent saves a workbook with a Sent tab in LibreOffice,
// as a director does after dtm send: the rows read back the same, and
// rewriting the tab finds nothing typed over (its record survives too).
func TestLibreOfficeKeepsSent(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "sent.xlsx")
	if _, err := Create(path, NewOptions{Name: "Sent Open", Heats: 2, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	rows := []Sent{{At: "2026-03-14 09:00:00", Heat: 2, Message: "Board call", For: "Émile Zola", To: "emile@example.org", Digest: "0123456789abcdef"},
		{At: "2026-03-14 09:00:03", Heat: 2, Message: "Result", For: "Board 12", To: "Discord", Digest: "00000000000e1234"}}
	b, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.WriteSent(rows); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Save(Options{}); err != nil {
		t.Fatal(err)
	}
	b.Close()
	loEdit(t, path, []map[string]any{{"op": "set_rows", "sheet": SheetPlayers, "cell": "A2", "rows": [][]any{{"Émile", "Zola"}}}})
	b, err = Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	got, ps, err := b.ReadSent()
	if err != nil || len(ps) > 0 || !slices.Equal(got, rows) {
		t.Fatalf("after LibreOffice: %+v, %v, %v; want %+v", got, ps, err, rows)
	}
	if typed, err := b.WriteSent(rows); err != nil || len(typed) > 0 {
		t.Errorf("rewriting the tab after LibreOffice: %v, %v; want nothing typed over", typed, err)
	}
}
