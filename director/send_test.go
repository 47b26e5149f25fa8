package director

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"github.com/armada-dtm/dtm/internal/fixture"
	"github.com/armada-dtm/dtm/internal/golden"
	"github.com/armada-dtm/dtm/internal/shared"
	"github.com/armada-dtm/dtm/internal/xlsxcheck"
	"github.com/armada-dtm/dtm/workbook"
)

// smtpd is a real SMTP server on this computer (python3-aiosmtpd, run by
// testdata/smtpd.py) that keeps each message it takes in dir.
type smtpd struct {
	port int
	dir  string
}

// startSMTP starts the server with smtpd.py's options (--refuse ADDRESS,
// --password P). Without python3-aiosmtpd the test is skipped, unless CI
// or DTM_REQUIRE_LIBREOFFICE is set.
func startSMTP(t *testing.T, args ...string) *smtpd {
	t.Helper()
	python, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		python = "python3"
	}
	if err := exec.Command(python, "-c", "import aiosmtpd").Run(); err != nil {
		if shared.Required() {
			t.Fatalf("python3-aiosmtpd is needed (apt-get install python3-aiosmtpd): %v", err)
		}
		t.Skipf("python3-aiosmtpd is not installed: %v", err)
	}
	s := &smtpd{dir: t.TempDir()}
	cmd := exec.Command(python, append([]string{filepath.Join("testdata", "smtpd.py"), s.dir}, args...)...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close() // the server stops at the end of its input
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if _, serr := fmt.Sscanf(line, "port %d", &s.port); err != nil || serr != nil {
		t.Fatalf("smtpd.py: %q, %v", line, err)
	}
	return s
}

// messages returns the messages the server took, in order, each with what
// changes from run to run (date, message id, MIME boundary) replaced, and
// its picture as its size and digest.
func (s *smtpd) messages(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []int
	for _, e := range entries {
		if n, err := strconv.Atoi(strings.TrimSuffix(e.Name(), ".eml")); err == nil && strings.HasSuffix(e.Name(), ".eml") {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	var out []string
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(s.dir, fmt.Sprintf("%d.eml", n)))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, normalMail(string(data)))
	}
	return out
}

var (
	mailDate     = regexp.MustCompile(`(?m)^Date: .*\r$`)
	mailID       = regexp.MustCompile(`(?m)^Message-ID: <[^@]*@`)
	mailBoundary = regexp.MustCompile(`boundary=([0-9a-f]+)`)
	mailPicture  = regexp.MustCompile(`(?s)(base64\r\n(?:[^\r\n]+\r\n)*\r\n)([A-Za-z0-9+/=\r\n]+?)(\r\n--)`)
)

// normalMail replaces what changes from run to run in a message.
func normalMail(m string) string {
	m = mailDate.ReplaceAllString(m, "Date: (date)\r")
	m = mailID.ReplaceAllString(m, "Message-ID: <(id)@")
	if b := mailBoundary.FindStringSubmatch(m); b != nil {
		m = strings.ReplaceAll(m, b[1], "(boundary)")
	}
	m = mailPicture.ReplaceAllStringFunc(m, func(s string) string {
		p := mailPicture.FindStringSubmatch(s)
		png, err := base64.StdEncoding.DecodeString(strings.ReplaceAll(p[2], "\r\n", ""))
		if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
			return s // left as it is: the golden file shows it
		}
		return fmt.Sprintf("%s(a PNG of %d bytes, sha256 %x)%s", p[1], len(png), sha256.Sum256(png), p[3])
	})
	return strings.ReplaceAll(m, "\r\n", "\n")
}

// webhook is a local stand-in for a Discord webhook: it keeps each post,
// and answers status (200 when 0).
type webhook struct {
	*httptest.Server
	mu     sync.Mutex
	posts  []string
	status int
}

func newWebhook(t *testing.T) *webhook {
	h := &webhook{}
	h.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		h.mu.Lock()
		defer h.mu.Unlock()
		if h.status != 0 {
			http.Error(w, `{"message": "Unknown Webhook", "code": 10015}`, h.status)
			return
		}
		h.posts = append(h.posts, r.Header.Get("Content-Type")+"\n"+string(body))
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(h.Close)
	return h
}

// received returns the posts received so far.
func (h *webhook) received() []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.posts)
}

// sendFixture is a one-heat tournament of 14 players on two boards not
// started, sending through the server on port and to hook: every player
// has an address but P13, and P03's is "Third <p03@example.org>".
func sendFixture(t *testing.T, port int, hook string, settings map[string]any) string {
	t.Helper()
	players := fixture.Numbered(14)
	for i := range players[:13] {
		players[i].Columns = map[string]any{workbook.HeaderEmail: fmt.Sprintf("p%02d@example.org", i)}
	}
	players[3].Columns[workbook.HeaderEmail] = "Third <p03@example.org>"
	tour := fixture.Tournament{Name: "Send Open", Players: players, Settings: map[string]any{
		workbook.SetMailServer: "127.0.0.1", workbook.SetMailPort: port, workbook.SetMailSender: "Send Open TD <td@example.org>",
		workbook.SetSendRate: 0, workbook.SetWebhook: hook,
	}}
	for k, v := range settings {
		tour.Settings[k] = v
	}
	for b := range 2 {
		g := fixture.Game{Heat: 1, Board: b + 1, Status: "Unstarted"}
		for s := range 7 {
			g.Seats = append(g.Seats, fixture.Seat{Power: workbook.ChoicesPower[s], Player: players[7*b+s].First + " Player"})
		}
		tour.Games = append(tour.Games, g)
	}
	return fixture.Build(t, tour)
}

// send runs dtm send on path, waiting for nothing between messages.
func send(path string, kind SendKind, env map[string]string) (*SendResult, error) {
	return Send(context.Background(), SendRequest{Path: path, Kind: kind,
		Getenv: func(k string) string { return env[k] }, Wait: func(time.Duration) {}})
}

// sentRows reads the Sent tab of a workbook.
func sentRows(t *testing.T, path string) []workbook.Sent {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	rows, ps, err := b.ReadSent()
	if err != nil || len(ps) > 0 {
		t.Fatalf("Sent tab: %v %v", err, ps)
	}
	return rows
}

// sendGolden sends kind from path and checks what it printed, the
// e-mails srv received and the posts hook received against the golden
// files testdata/send/name*.txt; it returns the e-mails.
func sendGolden(t *testing.T, path string, kind SendKind, srv *smtpd, hook *webhook, name string) []string {
	t.Helper()
	res, err := send(path, kind, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	res.WriteText(&out)
	golden.Check(t, "testdata/send/"+name+".txt", out.String())
	mails := srv.messages(t)
	golden.Check(t, "testdata/send/"+name+"-mail.txt", strings.Join(mails, "\n=====\n"))
	golden.Check(t, "testdata/send/"+name+"-discord.txt", strings.Join(hook.received(), "\n=====\n"))
	return mails
}

// TestSendCalls sends a heat's calls to a real SMTP server and a webhook:
// the messages received are the golden files'; a second run sends nothing
// and leaves the workbook as it is; after two players swap seats, a third
// run sends exactly their two messages and their two boards' posts.
func TestSendCalls(t *testing.T) {
	t.Parallel()
	srv, hook := startSMTP(t), newWebhook(t)
	path := sendFixture(t, srv.port, hook.URL, nil)
	mails := sendGolden(t, path, SendCalls, srv, hook, "calls")
	if len(mails) != 13 || len(hook.received()) != 2 || len(sentRows(t, path)) != 15 {
		t.Fatalf("%d e-mails, %d posts, %d rows on the Sent tab; want 13, 2, 15", len(mails), len(hook.received()), len(sentRows(t, path)))
	}

	before, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := send(path, SendCalls, nil)
	if err != nil || len(res.Sent) != 0 || res.Unchanged != 15 {
		t.Fatalf("second run: %+v, %v; want nothing sent, 15 unchanged", res, err)
	}
	if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
		t.Error("a second run that sends nothing changed the workbook")
	}

	// P00 (board 1, Austria) and P08 (board 2, England) swap seats.
	setCells(t, path, workbook.HeatSheet(1), map[string]any{"E2": "P08 Player", "E10": "P00 Player"})
	res, err = send(path, SendCalls, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`"P00 Player" <p00@example.org>`, `"P08 Player" <p08@example.org>`, "Discord, board 1", "Discord, board 2"}
	if !slices.Equal(res.Sent, want) || res.Unchanged != 11 {
		t.Errorf("after a swap: sent %q, %d unchanged; want %q, 11", res.Sent, res.Unchanged, want)
	}
	if mails := srv.messages(t); len(mails) != 15 || !strings.Contains(mails[13], "England on board 2") || !strings.Contains(mails[14], "Austria on board 1") {
		t.Errorf("after a swap: %d messages in all, the last two:\n%s", len(mails), strings.Join(mails[13:], "\n"))
	}
	if rows := sentRows(t, path); len(rows) != 19 {
		t.Errorf("after a swap: %d rows on the Sent tab, want 19", len(rows))
	}
}

// settingCells replaces each {label} in s by the cell of that Tournament
// setting in the workbook at path.
func settingCells(t *testing.T, path, s string) string {
	t.Helper()
	b, err := workbook.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	return regexp.MustCompile(`\{[^}]*\}`).ReplaceAllStringFunc(s, func(label string) string {
		return b.Tournament.Settings.SettingCell(label[1 : len(label)-1])
	})
}

// TestSendFailures checks each failure: one message refused, the others
// sent and recorded; a server that cannot be reached, or refuses the
// login, reported for each player while the posts go on; a password
// variable not set, or no server and no webhook, refused before anything
// is sent, the workbook untouched; a webhook that refuses its posts.
func TestSendFailures(t *testing.T) {
	t.Parallel()
	closed, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	downPort := closed.Addr().(*net.TCPAddr).Port
	closed.Close()
	for _, tc := range []struct {
		name     string
		server   []string // smtpd.py's options; nil for none running
		settings map[string]any
		env      map[string]string
		hookDown bool
		// failed is each message not sent, as "who: why" contains it;
		// recorded counts the Sent tab's rows; err is the error's text.
		failed   []string
		mails    int
		recorded int
		err      string
	}{
		{name: "refused address", server: []string{"--refuse", "p02@example.org"},
			failed: []string{`"P02 Player" <p02@example.org>: the server refused the address: 550`},
			mails:  12, recorded: 14, err: "1 not sent"},
		{name: "server down", settings: map[string]any{workbook.SetMailPort: downPort},
			failed:   slices.Repeat([]string{fmt.Sprintf("could not be reached: dial tcp 127.0.0.1:%d: connect: connection refused", downPort)}, 13),
			recorded: 2, err: "13 not sent"},
		{name: "password refused", server: []string{"--password", "right"},
			settings: map[string]any{workbook.SetMailPassword: "SEND_TEST_PASSWORD"}, env: map[string]string{"SEND_TEST_PASSWORD": "wrong"},
			failed:   slices.Repeat([]string{"refused the login of td@example.org: 535"}, 13),
			recorded: 2, err: "13 not sent"},
		{name: "password taken", server: []string{"--password", "right"},
			settings: map[string]any{workbook.SetMailPassword: "SEND_TEST_PASSWORD"}, env: map[string]string{"SEND_TEST_PASSWORD": "right"},
			mails: 13, recorded: 15},
		{name: "password variable not set", server: []string{"--password", "right"},
			settings: map[string]any{workbook.SetMailPassword: "SEND_TEST_PASSWORD"},
			err:      "Tournament!{E-mail: password variable}: E-mail: password variable names the environment variable SEND_TEST_PASSWORD, which is not set"},
		{name: "nowhere to send", settings: map[string]any{workbook.SetMailServer: "", workbook.SetWebhook: ""},
			err: "Tournament!{E-mail: SMTP server}: dtm send has nowhere to send"},
		{name: "webhook refuses", server: []string{}, hookDown: true,
			failed: []string{"Discord, board 1: the webhook refused the post: 404 Not Found", "Discord, board 2: the webhook refused the post: 404 Not Found"},
			mails:  13, recorded: 13, err: "2 not sent"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			port := downPort
			var srv *smtpd
			if tc.server != nil {
				srv = startSMTP(t, tc.server...)
				port = srv.port
			}
			hook := newWebhook(t)
			if tc.hookDown {
				hook.status = http.StatusNotFound
			}
			path := sendFixture(t, port, hook.URL, tc.settings)
			before, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := send(path, SendCalls, tc.env)
			tc.err = settingCells(t, path, tc.err)
			if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
				t.Fatalf("error %v, want one saying %q", err, tc.err)
			}
			var failed []string
			if res != nil {
				failed = res.Failed
			}
			if len(failed) != len(tc.failed) {
				t.Fatalf("not sent: %q\nwant %d: %q", failed, len(tc.failed), tc.failed)
			}
			for i, f := range failed {
				if !strings.Contains(f, tc.failed[i]) {
					t.Errorf("not sent: %q\nwant it to say %q", f, tc.failed[i])
				}
			}
			mails := 0
			if srv != nil {
				mails = len(srv.messages(t))
			}
			if mails != tc.mails {
				t.Errorf("%d e-mails received, want %d", mails, tc.mails)
			}
			if rows := sentRows(t, path); len(rows) != tc.recorded {
				t.Errorf("%d rows on the Sent tab, want %d", len(rows), tc.recorded)
			}
			if tc.recorded == 0 {
				if after, _ := os.ReadFile(path); !bytes.Equal(before, after) {
					t.Error("the workbook changed though nothing was sent")
				}
				if len(hook.received()) != 0 {
					t.Errorf("%d posts sent", len(hook.received()))
				}
			}
		})
	}
}

// resultsFixture is sendFixture with board 1 finished (a seven-way draw,
// centres 6 5 4 5 4 5 5 from Austria to Turkey) and board 2 in play.
func resultsFixture(t *testing.T, port int, hook string) string {
	t.Helper()
	path := sendFixture(t, port, hook, nil)
	cells := map[string]any{}
	for s, c := range []int{6, 5, 4, 5, 4, 5, 5} {
		cells[fmt.Sprint("B", 2+s)], cells[fmt.Sprint("F", 2+s)], cells[fmt.Sprint("G", 2+s)] = "Finished", "Win", 1907
		cells[fmt.Sprint("H", 2+s)], cells[fmt.Sprint("B", 9+s)] = c, "Started"
	}
	setCells(t, path, workbook.HeatSheet(1), cells)
	return path
}

// setCells types values into a sheet, by cell.
func setCells(t *testing.T, path, sheet string, cells map[string]any) {
	t.Helper()
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for cell, v := range cells {
		fixture.Set(t, f, sheet, cell, v)
	}
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
}

// TestSendResults sends the results of a heat's finished board (the
// golden files), nothing for the board in play; after a corrected result,
// the board's players get it again, and a third run sends nothing.
func TestSendResults(t *testing.T) {
	t.Parallel()
	srv, hook := startSMTP(t), newWebhook(t)
	path := resultsFixture(t, srv.port, hook.URL)
	sendGolden(t, path, SendResults, srv, hook, "results")
	// Austria 6 and England 5 were swapped by mistake.
	setCells(t, path, workbook.HeatSheet(1), map[string]any{"H2": 5, "H3": 6})
	res, err := send(path, SendResults, nil)
	if err != nil || len(res.Sent) != 8 || res.Unchanged != 0 {
		t.Fatalf("after a correction: %+v, %v; want the 7 players and the board's post sent again", res, err)
	}
	if res, err = send(path, SendResults, nil); err != nil || len(res.Sent) != 0 || res.Unchanged != 8 {
		t.Fatalf("third run: %+v, %v; want nothing sent", res, err)
	}
	if got := len(srv.messages(t)); got != 14 {
		t.Errorf("%d e-mails in all, want 14", got)
	}
}

// TestSendJournal: with the workbook open in LibreOffice (its lock file
// beside it) nothing is sent; when the director saves the workbook while
// dtm sends, the messages go, the save is refused (the workbook changed),
// and the journal keeps them; the next run records them on the Sent tab,
// sends none again (a last line cut short, as a kill leaves it, is
// skipped) and removes the journal.
func TestSendJournal(t *testing.T) {
	t.Parallel()
	srv, hook := startSMTP(t), newWebhook(t)
	path := sendFixture(t, srv.port, hook.URL, map[string]any{workbook.SetSendRate: workbook.MaxSendRate})
	lock := filepath.Join(filepath.Dir(path), ".~lock."+filepath.Base(path)+"#")
	if err := os.WriteFile(lock, []byte("someone"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := send(path, SendCalls, nil); !errors.Is(err, workbook.ErrOpenElsewhere) || len(srv.messages(t)) != 0 {
		t.Fatalf("sending with the workbook open: %v, %d sent; want it refused, nothing sent", err, len(srv.messages(t)))
	}
	os.Remove(lock)
	var waits []time.Duration
	res, err := Send(context.Background(), SendRequest{Path: path, Kind: SendCalls, Wait: func(d time.Duration) {
		if waits = append(waits, d); len(waits) == 5 { // the director saves the workbook meanwhile
			setCells(t, path, workbook.SheetPlayers, map[string]any{"D15": "FRA"})
		}
	}})
	if err == nil || !strings.Contains(err.Error(), "kept in "+path+".sent") || len(res.Sent) != 15 {
		t.Fatalf("a workbook changed while sending: %v, %d sent; want 15 sent and the journal kept", err, len(res.Sent))
	}
	if rows := sentRows(t, path); len(rows) != 0 {
		t.Fatalf("the Sent tab has %d rows though the save was refused", len(rows))
	}
	// 6,000 messages a minute: a pause of 10 ms between two messages.
	if len(waits) != 14 || slices.ContainsFunc(waits, func(d time.Duration) bool { return d != 10*time.Millisecond }) {
		t.Errorf("paused %v between 15 messages, want 14 pauses of 10ms", waits)
	}
	j, err := os.OpenFile(path+".sent", os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprint(j, "2026-11-27 10:00:00\t1\tBoard ca")
	j.Close()
	res, err = send(path, SendCalls, nil)
	if err != nil || res.Recovered != 15 || len(res.Sent) != 0 || res.Unchanged != 15 {
		t.Fatalf("next run: %+v, %v; want 15 recorded from the journal and nothing sent", res, err)
	}
	if rows := sentRows(t, path); len(rows) != 15 {
		t.Errorf("the Sent tab has %d rows, want 15", len(rows))
	}
	if _, err := os.Stat(path + ".sent"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the journal is still there: %v", err)
	}
	if got := len(srv.messages(t)); got != 13 {
		t.Errorf("%d e-mails in all, want 13", got)
	}
}

// TestSendTwoBoards sends one message to a player on two boards (dtm seed
// --two-boards), naming both with both QR codes, and nothing on a second
// run.
func TestSendTwoBoards(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t)
	path := sendFixture(t, srv.port, "", map[string]any{workbook.SetWebhook: ""})
	f, err := excelize.OpenFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fixture.Set(t, f, workbook.SheetPlayers, fixture.PlayersColumn(t, f, workbook.HeaderTwoBoards)+"2", "Yes")
	if err := xlsxcheck.Save(f); err != nil {
		t.Fatal(err)
	}
	f.Close()
	setCells(t, path, workbook.HeatSheet(1), map[string]any{"E9": "P00 Player"}) // P07's seat, Austria on board 2
	res, err := send(path, SendCalls, nil)
	if err != nil || len(res.Sent) != 12 {
		t.Fatalf("%+v, %v; want 12 sent", res, err)
	}
	m := srv.messages(t)[0]
	for _, want := range []string{"Subject: Send Open, heat 1: Austria on board 1 and Austria on board 2", "codes are H1-B1-M and H1-B2-R",
		"filename=H1-B1-M.png", "filename=H1-B2-R.png"} {
		if !strings.Contains(m, want) {
			t.Errorf("P00's message lacks %q:\n%s", want, m)
		}
	}
	if res, err := send(path, SendCalls, nil); err != nil || len(res.Sent) != 0 || res.Unchanged != 12 {
		t.Errorf("second run: %+v, %v; want nothing sent", res, err)
	}
}
