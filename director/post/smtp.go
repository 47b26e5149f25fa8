package post

import (
	"bytes"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"net/textproto"
	"strconv"
	"time"
)

// Server is an SMTP server that e-mails are sent through, over one
// connection opened at the first message. STARTTLS is used whenever the
// server offers it (port 465 speaks TLS from the start); the password is
// sent (PLAIN) only over TLS or to this computer.
type Server struct {
	Host string
	Port int
	// User and Password log in; no login when Password is "".
	User, Password string
	// TLS is the TLS configuration; one checking the server's certificate
	// against Host when nil.
	TLS *tls.Config

	c *smtp.Client
	// down is why the server cannot take any message (unreachable, the
	// login refused): every later Send fails with it at once.
	down error
}

// ServerError is a failure of the server as a whole (it cannot be reached,
// or refuses the login), as opposed to one message or address refused.
type ServerError struct{ Err error }

func (e *ServerError) Error() string { return e.Err.Error() }
func (e *ServerError) Unwrap() error { return e.Err }

// timeout bounds connecting and each message's exchange with the server.
const timeout = 2 * time.Minute

// Send sends one message from one address to one address. A refused
// address or message is an error for that message alone; a *ServerError
// means the server takes no message, and every later Send returns it too.
func (s *Server) Send(from, to string, msg []byte) error {
	if s.down != nil {
		return s.down
	}
	if s.c == nil {
		c, err := s.connect()
		if err != nil {
			s.down = &ServerError{err}
			return s.down
		}
		s.c = c
	}
	if err := s.send(from, to, msg); err != nil {
		var refused *textproto.Error
		if !errors.As(err, &refused) || s.c.Reset() != nil {
			s.drop() // the connection is gone: the next message opens another
		}
		return err
	}
	return nil
}

// send runs one message's MAIL, RCPT and DATA.
func (s *Server) send(from, to string, msg []byte) error {
	if err := s.c.Mail(from); err != nil {
		return fmt.Errorf("the server refused the sender %s: %w", from, err)
	}
	if err := s.c.Rcpt(to); err != nil {
		return fmt.Errorf("the server refused the address: %w", err)
	}
	w, err := s.c.Data()
	if err != nil {
		return fmt.Errorf("the server refused the message: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fmt.Errorf("the message could not be sent: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("the server refused the message: %w", err)
	}
	return nil
}

// connect opens the connection, says hello, starts TLS when offered and
// logs in.
func (s *Server) connect() (*smtp.Client, error) {
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	config := s.TLS
	if config == nil {
		config = &tls.Config{ServerName: s.Host}
	}
	var conn net.Conn
	var err error
	d := &net.Dialer{Timeout: timeout}
	if s.Port == 465 {
		conn, err = tls.DialWithDialer(d, "tcp", addr, config)
	} else {
		conn, err = d.Dial("tcp", addr)
	}
	if err != nil {
		return nil, fmt.Errorf("the mail server %s could not be reached: %w", addr, err)
	}
	conn.SetDeadline(time.Now().Add(timeout))
	c, err := smtp.NewClient(&deadlineConn{conn}, s.Host)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("the mail server %s did not answer as one: %w", addr, err)
	}
	if err := c.Hello("localhost"); err != nil {
		c.Close()
		return nil, fmt.Errorf("the mail server %s: %w", addr, err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok && s.Port != 465 {
		if err := c.StartTLS(config); err != nil {
			c.Close()
			return nil, fmt.Errorf("the mail server %s: STARTTLS: %w", addr, err)
		}
	}
	if s.Password != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			c.Close()
			return nil, fmt.Errorf("the mail server %s does not offer a login (AUTH); empty E-mail: password variable, or use the server's submission port (usually 587)", addr)
		}
		if err := c.Auth(smtp.PlainAuth("", s.User, s.Password, s.Host)); err != nil {
			c.Close()
			return nil, fmt.Errorf("the mail server %s refused the login of %s: %w", addr, s.User, err)
		}
	}
	return c, nil
}

// drop closes a connection that failed.
func (s *Server) drop() {
	s.c.Close()
	s.c = nil
}

// Down is why the server takes no message (a *ServerError), or nil.
func (s *Server) Down() error { return s.down }

// Close says goodbye to the server.
func (s *Server) Close() error {
	if s.c == nil {
		return nil
	}
	err := s.c.Quit()
	s.c = nil
	return err
}

// deadlineConn renews the connection's deadline at each write, so that
// every exchange has timeout to finish, however many messages go over it.
type deadlineConn struct{ net.Conn }

func (c *deadlineConn) Write(p []byte) (int, error) {
	c.Conn.SetDeadline(time.Now().Add(timeout))
	return c.Conn.Write(p)
}

// Message is a Mail written for sending, dated now.
func Message(m Mail, now time.Time, id string) ([]byte, error) {
	var buf bytes.Buffer
	err := m.Write(&buf, now, id)
	return buf.Bytes(), err
}
