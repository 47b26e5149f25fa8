package director

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/armada-dtm/dtm/director/files"
	"github.com/armada-dtm/dtm/director/post"
	"github.com/armada-dtm/dtm/scoring"
	"github.com/armada-dtm/dtm/workbook"
)

// SendKind is what dtm send sends: a heat's board calls or its results.
type SendKind int

// The kinds of message dtm send sends.
const (
	SendCalls SendKind = iota
	SendResults
)

// sendKinds are each kind's words: the Sent tab's Message column, and the
// command's.
var sendKinds = [...]struct{ message, command string }{
	SendCalls:   {"Board call", "calls"},
	SendResults: {"Result", "results"},
}

// SendRequest says which heat's calls or results to send, and how.
type SendRequest struct {
	Path string
	Kind SendKind
	// Heat is the heat; 0 for the last heat with boards (calls) or with a
	// finished board (results).
	Heat int
	// DryRun writes the messages into Out (default: "NAME messages"
	// beside the workbook) instead of sending them; nothing is recorded.
	DryRun bool
	Out    string
	Force  bool // save even if Excel or LibreOffice seems to have the workbook open
	// Getenv finds the mail server's password; os.Getenv when nil.
	Getenv func(string) string
	// Now dates the messages and the record; time.Now when nil.
	Now func() time.Time
	// Wait paces the messages (Messages per minute); time.Sleep when nil.
	Wait func(time.Duration)
	// Client posts to the webhook; post.Webhook's default when nil.
	Client *http.Client
}

// SendResult says what was sent, to whom, and what was not.
type SendResult struct {
	Heat   int
	Kind   SendKind
	DryRun bool
	// Sent lists each message sent (or, in a dry run, written), as
	// "Ann Smith <ann@example.org>" or "Discord, board 3".
	Sent []string
	// Files are the files a dry run wrote.
	Files []string
	// Unchanged counts the messages already sent as they stand.
	Unchanged int
	// NoAddress lists the players without an e-mail address, with the
	// cell to type it in.
	NoAddress []string
	// Failed lists each message not sent, and why.
	Failed []string
	// Recovered counts the messages of an earlier, interrupted run found
	// in the journal and recorded on the Sent tab.
	Recovered int
	// Warnings are cells typed on the Sent tab that the rewrite replaced.
	Warnings workbook.Problems
}

// ErrNotSent reports messages that could not be sent; those that were are
// recorded.
var ErrNotSent = errors.New("not every message was sent")

// outgoing is one message to send: to a player by e-mail, or a post.
type outgoing struct {
	rec  workbook.Sent // without its time
	mail *post.Mail    // nil for a Discord post
	post string        // a post's text
	file string        // the dry run's file name
}

// label names a message's recipient in what dtm send prints.
func (o *outgoing) label() string {
	if o.mail != nil {
		return o.mail.To.String()
	}
	return "Discord, " + strings.ToLower(o.rec.For)
}

// Send sends one heat's board calls or results: an e-mail to each player
// with an address, and a post per board to the Discord webhook, skipping
// each message the Sent tab records as sent already with the same content.
// Each message sent is appended at once to a journal beside the workbook
// (synced), then all of them to the Sent tab when the workbook is saved, so
// that a message is recorded even when a later one fails or dtm is
// stopped; the next run records a journal left behind.
func Send(ctx context.Context, req SendRequest) (*SendResult, error) {
	b, _, table, err := openScored(req.Path, false)
	if err != nil {
		return nil, err
	}
	defer b.Close()
	t := b.Tournament
	s := t.Settings.Sending
	if s.Server == "" && s.Webhook == "" {
		how := "set them"
		if t.Settings.SettingCell(workbook.SetMailServer) == "" {
			how = "add their rows (a workbook made before dtm send has none: the label in the Setting column, the value beside it)"
		}
		return nil, fmt.Errorf("%s: %s!%s: dtm send has nowhere to send: the Tournament sheet gives neither %s and %s nor %s: %s (docs/send.md); nothing sent",
			req.Path, workbook.SheetTournament, settingCell(t, workbook.SetMailServer), workbook.SetMailServer, workbook.SetMailSender, workbook.SetWebhook, how)
	}
	n, err := sendHeat(b, req)
	if err != nil {
		return nil, err
	}
	records, ps, err := b.ReadSent()
	if err != nil {
		return nil, err
	}
	if len(ps) > 0 {
		return nil, &ProblemsError{Path: req.Path, Problems: ps, Again: "dtm send"}
	}
	journal := journalPath(req.Path)
	earlier, err := readJournal(journal)
	if err != nil {
		return nil, err
	}
	res := &SendResult{Heat: n, Kind: req.Kind, DryRun: req.DryRun}
	for _, e := range earlier {
		if !slices.Contains(records, e) {
			records = append(records, e)
			res.Recovered++
		}
	}
	var msgs []outgoing
	from, _ := workbook.ParseAddress(s.Sender) // nil when empty: the reader checked it, and wants it with a server
	if s.Server != "" {
		msgs, res.NoAddress, res.Failed = mails(t, n, req.Kind, from, table, workbook.ProvisionalNote(b.InPlay()))
	}
	if s.Webhook != "" {
		msgs = append(msgs, posts(t, n, req.Kind)...)
	}
	latest := map[[4]string]string{}
	for _, r := range records {
		latest[sentKey(r)] = r.Digest
	}
	var todo []outgoing
	for _, m := range msgs {
		if latest[sentKey(m.rec)] == m.rec.Digest {
			res.Unchanged++
			continue
		}
		todo = append(todo, m)
	}
	now := req.Now
	if now == nil {
		now = time.Now
	}
	if req.DryRun {
		return res, dryRun(req, t, todo, now(), res)
	}
	if lock := workbook.LockFile(req.Path); lock != "" && !req.Force {
		return nil, fmt.Errorf("%s: %w (%s is beside it): close it first, so that dtm can record what it sends (or add --force); nothing sent",
			req.Path, workbook.ErrOpenElsewhere, filepath.Base(lock))
	}
	password := ""
	if v := s.PasswordVariable; v != "" && s.Server != "" && hasMail(todo) {
		getenv := req.Getenv
		if getenv == nil {
			getenv = os.Getenv
		}
		if password = getenv(v); password == "" {
			return nil, fmt.Errorf("%s: %s!%s: %s names the environment variable %s, which is not set: set it to the mail server's password (docs/send.md) and run again; nothing sent",
				req.Path, workbook.SheetTournament, settingCell(t, workbook.SetMailPassword), workbook.SetMailPassword, v)
		}
	}
	d := &deliverer{req: req, now: now, journal: journal, res: res,
		server: &post.Server{Host: s.Server, Port: s.Port, Password: password},
		hook:   post.Webhook{URL: s.Webhook, Client: req.Client}}
	if from != nil {
		d.server.User = from.Address
	}
	if s.PerMinute > 0 {
		d.pause = time.Minute / time.Duration(s.PerMinute)
	}
	sent, sendErr := d.deliver(ctx, todo)
	d.server.Close()
	records = append(records, sent...)
	if len(sent) > 0 || res.Recovered > 0 {
		if err := record(b, req, records, journal, res); err != nil {
			return res, err
		}
	}
	if sendErr != nil {
		return res, sendErr
	}
	if len(res.Failed) > 0 {
		return res, fmt.Errorf("%s: %w: %d not sent (above); those sent are recorded on the %s tab: fix what is wrong and run dtm send %s again to send the others",
			req.Path, ErrNotSent, len(res.Failed), workbook.SheetSent, sendKinds[req.Kind].command)
	}
	return res, nil
}

// settingCell is the cell of a Tournament setting, or its label's column
// when the sheet lacks the row.
func settingCell(t *workbook.Tournament, label string) string {
	if c := t.Settings.SettingCell(label); c != "" {
		return c
	}
	return "A:A"
}

// hasMail reports whether any of msgs is an e-mail.
func hasMail(msgs []outgoing) bool {
	return slices.ContainsFunc(msgs, func(m outgoing) bool { return m.mail != nil })
}

// sentKey is what a message is about: the heat, the kind, the player or
// board and the address. A new digest under the same key is an update.
func sentKey(r workbook.Sent) [4]string {
	return [4]string{fmt.Sprint(r.Heat), r.Message, r.For, strings.ToLower(r.To)}
}

// sendHeat is the heat to send: the one asked for, or the last with boards
// (calls) or with a finished board (results).
func sendHeat(b *workbook.Book, req SendRequest) (int, error) {
	t := b.Tournament
	ready := func(n int) bool {
		st := b.HeatStatus(n)
		if req.Kind == SendResults {
			return len(st.Finished) > 0
		}
		return st.State != workbook.NotSeeded
	}
	if req.Heat != 0 {
		switch {
		case req.Heat < 1 || req.Heat > len(t.Heats):
			return 0, usagef("--heat must be from 1 to %d, not %d", len(t.Heats), req.Heat)
		case !ready(req.Heat) && req.Kind == SendResults:
			return 0, fmt.Errorf("%s: heat %d has no finished board yet: record its results and run dtm score first; nothing sent", req.Path, req.Heat)
		case !ready(req.Heat):
			return 0, fmt.Errorf("%s: heat %d is not seated yet: run dtm seed first; nothing sent", req.Path, req.Heat)
		}
		return req.Heat, nil
	}
	for n := len(t.Heats); n >= 1; n-- {
		if ready(n) {
			return n, nil
		}
	}
	if req.Kind == SendResults {
		return 0, fmt.Errorf("%s: no heat has a finished board yet: record results and run dtm score first; nothing sent", req.Path)
	}
	return 0, fmt.Errorf("%s: no heat is seated yet: run dtm seed first; nothing sent", req.Path)
}

// digest is a short digest of a message's content.
func digest(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:%s\n", len(p), p)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// heatLine says when a heat starts: "heat 2 of ARMADA Regatta 2026
// (2026-03-14, 10:00)".
func heatLine(t *workbook.Tournament, n int) string {
	h := &t.Heats[n-1]
	var when []string
	if h.Date != "" {
		when = append(when, h.Date)
	}
	if h.Start >= 0 {
		when = append(when, fmt.Sprintf("starting at %02d:%02d", h.Start/60%24, h.Start%60))
	}
	line := fmt.Sprintf("heat %d of %s", n, t.Settings.Name)
	if len(when) > 0 {
		line += " (" + strings.Join(when, ", ") + ")"
	}
	return line
}

// boardLines lists a board's seats, one per line: "  France: Ann Smith".
func boardLines(seats []workbook.CallSeat) string {
	var sb strings.Builder
	for _, s := range seats {
		power := s.Power
		if power == "" {
			power = "(power chosen at the table)"
		}
		fmt.Fprintf(&sb, "  %s: %s\n", power, s.Player)
	}
	return sb.String()
}

// resultLines lists a finished board's seats with their results, in power
// order: "  France: Ann Smith, 7 centres, score 23.5".
func resultLines(t *workbook.Tournament, g *workbook.Game) string {
	seats := slices.Clone(g.Seats)
	slices.SortStableFunc(seats, func(a, b workbook.Seat) int { return a.Power - b.Power })
	var sb strings.Builder
	for _, s := range seats {
		if s.Player < 0 || s.Power < 0 {
			continue
		}
		line := fmt.Sprintf("  %s: %s, %d centres", workbook.ChoicesPower[s.Power], t.Players[s.Player].Name, s.Centres)
		if s.Centres == 0 && s.Year > 0 {
			line += fmt.Sprintf(" (out in %d)", s.Year)
		}
		if s.Result != workbook.NoResult {
			line += ", " + strings.ToLower(workbook.ChoicesResult[s.Result-1])
		}
		if s.Replaced >= 0 {
			line += fmt.Sprintf(" (replacing %s)", t.Players[s.Replaced].Name)
		}
		fmt.Fprintf(&sb, "%s, score %s\n", line, files.Number(s.Score))
	}
	return sb.String()
}

// signature ends every e-mail.
const signature = "\n-- \nSent by dtm for the tournament director: reply to reach them.\n"

// mails are the e-mails of heat n's calls or results, one per player with
// an address, with the players without one (and the cell to type it in)
// and those whose address cannot be used.
func mails(t *workbook.Tournament, n int, kind SendKind, from *mail.Address, table scoring.Table, note string) (out []outgoing, noAddress, bad []string) {
	// A player's seats in the heat, in board order: one, or two when they
	// play two boards (dtm seed --two-boards), told in one message.
	type seat struct {
		board   int
		what    string // "Austria on board 2"
		lines   string // a result's board, seat by seat
		picture post.Picture
	}
	seats := map[int][]seat{}
	var order []int
	add := func(i int, s seat) {
		if _, ok := seats[i]; !ok {
			order = append(order, i)
		}
		seats[i] = append(seats[i], s)
	}
	if kind == SendCalls {
		calls, err := files.WithQRCodes(t, n, t.HeatCallBoards(n))
		if err != nil {
			calls = t.HeatCallBoards(n) // no QR codes: the codes are in the text
		}
		for _, cb := range calls {
			for _, s := range cb.Seats {
				if i, ok := t.PlayerIndex(s.Player); ok {
					what := strings.TrimSpace(s.Power + " on board " + fmt.Sprint(cb.Board))
					add(i, seat{board: cb.Board, what: what, picture: post.Picture{Name: workbook.BoardCode(n, cb.Board) + ".png", PNG: cb.QR}})
				}
			}
		}
	} else {
		heat := &t.Heats[n-1]
		for gi := range heat.Games {
			g := &heat.Games[gi]
			if g.Status != workbook.Finished || !g.Scored {
				continue
			}
			lines := resultLines(t, g)
			for _, s := range g.Seats {
				for _, i := range []int{s.Player, s.Replaced} {
					if i >= 0 {
						add(i, seat{board: g.Board, what: fmt.Sprintf("board %d", g.Board), lines: lines})
					}
				}
			}
		}
	}
	rank := map[int]scoring.Standing{}
	for _, st := range table.Players {
		rank[st.Player] = st
	}
	type player struct {
		index int
		text  string // the message's body, before the signature
		// substance is the part of the text its digest covers: a
		// result's standing changes as other boards finish, and is
		// not news.
		substance, subject string
		pictures           []post.Picture
	}
	var players []player
	slices.SortFunc(order, func(a, b int) int { return t.Players[a].Row - t.Players[b].Row }) // as the Players sheet lists them
	for _, i := range order {
		name := t.Players[i].Name
		var whats, codes []string
		var pictures []post.Picture
		for _, s := range seats[i] {
			whats, codes = append(whats, s.what), append(codes, workbook.BoardCode(n, s.board))
			if s.picture.PNG != nil {
				pictures = append(pictures, s.picture)
			}
		}
		what := strings.Join(whats, " and ")
		p := player{index: i, pictures: pictures}
		if kind == SendCalls {
			// The player's own seat alone: a reseat elsewhere on the
			// board is no news to them.
			code := "Your board's code is " + codes[0]
			qr := "the QR code attached holds it, for the results"
			if t.Settings.ResultsForm != "" {
				qr = "the QR code attached opens the results form of your board"
			}
			if len(codes) > 1 {
				code = "Your boards' codes are " + strings.Join(codes, " and ")
				qr = "the QR codes attached hold them, for the results"
				if t.Settings.ResultsForm != "" {
					qr = "the QR codes attached open the results forms of your boards"
				}
			}
			p.text = fmt.Sprintf("%s,\n\nin %s you play %s.\n\n%s: %s.\n", name, heatLine(t, n), what, code, qr)
			p.substance, p.subject = p.text, fmt.Sprintf("%s, heat %d: %s", t.Settings.Name, n, what)
		} else {
			p.substance = name + ",\n"
			for _, s := range seats[i] {
				p.substance += fmt.Sprintf("\nthe result of board %d in %s:\n%s", s.board, heatLine(t, n), s.lines)
			}
			st := rank[i]
			p.text = p.substance + fmt.Sprintf("\nYour place in the standings now: %d, with %s.\n", st.Rank, files.Number(st.Total))
			if note != "" {
				p.text += "These standings are " + note + ".\n"
			}
			p.subject = fmt.Sprintf("%s, heat %d: the result of %s", t.Settings.Name, n, what)
		}
		players = append(players, p)
	}
	for _, p := range players {
		pl := t.Players[p.index]
		cell := fmt.Sprintf("%s!%s", workbook.SheetPlayers, t.PlayerCell(p.index, workbook.HeaderEmail))
		if strings.TrimSpace(pl.Email) == "" {
			noAddress = append(noAddress, fmt.Sprintf("%s (%s)", pl.Name, cell))
			continue
		}
		to, err := workbook.ParseAddress(pl.Email)
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s: the address %q at %s cannot be used: %v", pl.Name, pl.Email, cell, err))
			continue
		}
		if to.Name == "" {
			to.Name = pl.Name
		}
		rec := workbook.Sent{Heat: n, Message: sendKinds[kind].message, For: pl.Name, To: to.Address}
		parts := []string{rec.Message, rec.For, rec.To, p.subject, p.substance}
		for _, pic := range p.pictures {
			parts = append(parts, pic.Name, string(pic.PNG))
		}
		rec.Digest = digest(parts...)
		out = append(out, outgoing{rec: rec, file: fmt.Sprintf("heat %d %s %s.eml", n, sendKinds[kind].command, fileName(pl.Name)),
			mail: &post.Mail{From: from, To: to, Subject: p.subject, Text: p.text + signature, Pictures: p.pictures}})
	}
	return out, noAddress, bad
}

// posts are the Discord posts of heat n's calls or results: one per board
// (finished boards for results).
func posts(t *workbook.Tournament, n int, kind SendKind) []outgoing {
	var out []outgoing
	add := func(board int, text string) {
		rec := workbook.Sent{Heat: n, Message: sendKinds[kind].message, For: fmt.Sprintf("Board %d", board), To: "Discord"}
		rec.Digest = digest(rec.Message, rec.For, rec.To, text)
		out = append(out, outgoing{rec: rec, post: text, file: fmt.Sprintf("heat %d %s board %d Discord.json", n, sendKinds[kind].command, board)})
	}
	if kind == SendCalls {
		for _, cb := range t.HeatCallBoards(n) {
			add(cb.Board, fmt.Sprintf("**%s, heat %d: board %d** (%s)\n%s", t.Settings.Name, n, cb.Board, workbook.BoardCode(n, cb.Board), boardLines(cb.Seats)))
		}
		return out
	}
	heat := &t.Heats[n-1]
	for i := range heat.Games {
		g := &heat.Games[i]
		if g.Status == workbook.Finished && g.Scored {
			add(g.Board, fmt.Sprintf("**%s, heat %d: result of board %d**\n%s", t.Settings.Name, n, g.Board, resultLines(t, g)))
		}
	}
	return out
}

// dryRun writes the messages into the dry run's folder instead of sending
// them: each e-mail as a .eml file, each post as its JSON.
func dryRun(req SendRequest, t *workbook.Tournament, todo []outgoing, now time.Time, res *SendResult) error {
	dir := req.Out
	if dir == "" {
		dir = filepath.Join(filepath.Dir(req.Path), fileName(t.Settings.Name)+" messages")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return wrapf(err, "send --dry-run: the folder for the messages")
	}
	for _, m := range todo {
		data, err := m.bytes(now)
		if err != nil {
			return err
		}
		name := filepath.Join(dir, m.file)
		if err := workbook.WriteFile(name, data); err != nil {
			return wrapf(err, "send --dry-run")
		}
		res.Files = append(res.Files, name)
		res.Sent = append(res.Sent, m.label())
	}
	return nil
}

// bytes is the message as it is sent: an e-mail's RFC 5322 text, a post's
// JSON body.
func (o *outgoing) bytes(now time.Time) ([]byte, error) {
	if o.mail == nil {
		return post.DiscordJSON(o.post)
	}
	return post.Message(*o.mail, now, fmt.Sprintf("%s.%d", o.rec.Digest, now.UnixNano()))
}

// deliverer sends the messages, paced, appending each one sent to the
// journal.
type deliverer struct {
	req     SendRequest
	now     func() time.Time
	journal string
	res     *SendResult
	server  *post.Server
	hook    post.Webhook
	pause   time.Duration
}

// deliver sends each message in turn and returns those sent, dated. A
// message refused is reported in the result and the others go on; an
// error is one of the journal (nothing more is sent) or the context's.
func (d *deliverer) deliver(ctx context.Context, todo []outgoing) ([]workbook.Sent, error) {
	wait := d.req.Wait
	if wait == nil {
		wait = time.Sleep
	}
	var sent []workbook.Sent
	tried := false
	for _, m := range todo {
		if err := ctx.Err(); err != nil {
			return sent, fmt.Errorf("%s: stopped after %d message(s), recorded: %w", d.req.Path, len(sent), err)
		}
		if tried && d.pause > 0 && (m.mail == nil || d.server.Down() == nil) {
			wait(d.pause) // not before a message the server will refuse at once
		}
		now := d.now().UTC()
		data, err := m.bytes(now)
		if err == nil {
			tried = true
			if m.mail != nil {
				err = d.server.Send(m.mail.From.Address, m.mail.To.Address, data)
			} else {
				err = d.hook.Post(ctx, data)
			}
		}
		if err != nil {
			d.res.Failed = append(d.res.Failed, fmt.Sprintf("%s: %v", m.label(), err))
			continue
		}
		rec := m.rec
		rec.At = now.Format("2006-01-02 15:04:05")
		if err := appendJournal(d.journal, rec); err != nil {
			return sent, fmt.Errorf("%s: the message to %s was sent but cannot be recorded, so dtm stops: %w", d.req.Path, m.label(), err)
		}
		sent = append(sent, rec)
		d.res.Sent = append(d.res.Sent, m.label())
	}
	return sent, nil
}

// record writes the records on the Sent tab and saves the workbook, then
// removes the journal; when the workbook cannot be saved the journal stays
// for the next run to record.
func record(b *workbook.Book, req SendRequest, records []workbook.Sent, journal string, res *SendResult) error {
	typed, err := b.WriteSent(records)
	if err != nil {
		return err
	}
	res.Warnings = typed
	if _, err := b.Save(workbook.Options{Force: req.Force}); err != nil {
		return fmt.Errorf("%s: the messages were sent, but the %s tab could not be saved (%w): they are kept in %s, which the next dtm send records (it sends nothing twice)",
			req.Path, workbook.SheetSent, err, journal)
	}
	if err := os.Remove(journal); err != nil && !errors.Is(err, os.ErrNotExist) {
		return wrapf(err, "%s: the journal of messages sent, now recorded on the %s tab", req.Path, workbook.SheetSent)
	}
	return nil
}

// journalPath is the journal of messages sent beside a workbook, kept
// until they are saved on its Sent tab.
func journalPath(path string) string { return path + ".sent" }

// maxJournal is the largest journal read: about 80,000 messages.
const maxJournal = 16 << 20

// appendJournal appends one message sent to the journal and syncs it to
// the disk.
func appendJournal(path string, r workbook.Sent) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	clean := strings.NewReplacer("\t", " ", "\n", " ", "\r", " ")
	_, err = fmt.Fprintf(f, "%s\t%d\t%s\t%s\t%s\t%s\n", r.At, r.Heat, r.Message, clean.Replace(r.For), clean.Replace(r.To), r.Digest)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// readJournal reads a journal left by a run that could not save its
// record: nil when there is none. A last line cut short (dtm stopped while
// writing it) is skipped: its message is sent again.
func readJournal(path string) ([]workbook.Sent, error) {
	info, err := os.Lstat(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, wrapf(err, "the journal of messages sent")
	}
	if !info.Mode().IsRegular() || info.Size() > maxJournal {
		return nil, fmt.Errorf("%s: not a journal of dtm send (a file of at most %d MiB); move it away and run again", path, maxJournal>>20)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, wrapf(err, "the journal of messages sent")
	}
	lines := strings.Split(string(data), "\n")
	lines = lines[:len(lines)-1] // the last is empty, or cut short
	var out []workbook.Sent
	for i, line := range lines {
		fields := strings.Split(line, "\t")
		var r workbook.Sent
		if len(fields) == 6 {
			r = workbook.Sent{At: fields[0], Message: fields[2], For: fields[3], To: fields[4], Digest: fields[5]}
			r.Heat, err = strconv.Atoi(fields[1])
		}
		if len(fields) != 6 || err != nil || len(r.Digest) != 16 {
			return nil, fmt.Errorf("%s:%d: not a line of dtm send's journal; move the file away and run again", path, i+1)
		}
		out = append(out, r)
	}
	return out, nil
}

// WriteText says what was sent (or written, in a dry run), what was already
// sent, who has no address and what could not be sent.
func (r *SendResult) WriteText(w io.Writer) {
	what := fmt.Sprintf("heat %d %s", r.Heat, sendKinds[r.Kind].command)
	if r.Recovered > 0 && !r.DryRun {
		fmt.Fprintf(w, "recorded %d message(s) sent by an earlier dtm send that could not record them\n", r.Recovered)
	}
	if r.DryRun {
		for _, f := range r.Files {
			fmt.Fprintf(w, "wrote %s\n", f)
		}
		fmt.Fprintf(w, "%s: %d message(s) to send (dry run: nothing sent), %d sent already\n", what, len(r.Sent), r.Unchanged)
	} else {
		for _, s := range r.Sent {
			fmt.Fprintf(w, "sent to %s\n", s)
		}
		fmt.Fprintf(w, "%s: %d message(s) sent, %d sent already and unchanged, %d not sent\n", what, len(r.Sent), r.Unchanged, len(r.Failed))
	}
	for _, p := range r.NoAddress {
		fmt.Fprintf(w, "no e-mail address: %s\n", p)
	}
	for _, f := range r.Failed {
		fmt.Fprintf(w, "not sent: %s\n", f)
	}
	writeWarnings(w, r.Warnings)
}
