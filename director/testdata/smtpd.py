"""A local SMTP server for dtm send's tests (python3-aiosmtpd).

Usage: smtpd.py MAILDIR [--refuse ADDRESS] [--password PASSWORD]

Each message received is written to MAILDIR as N.eml (1, 2, ...) in the
order received; RCPT TO ADDRESS is refused with 550; with --password, a
login (AUTH PLAIN, allowed without TLS on this computer) is required and
only that password is taken. Prints "port N" once it listens on 127.0.0.1.
"""
import argparse
import os
import socket
import sys
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult


class Handler:
    def __init__(self, maildir, refuse):
        self.maildir, self.refuse, self.count = maildir, refuse, 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower() in self.refuse:
            return "550 5.1.1 <%s>: mailbox unavailable" % address
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        path = os.path.join(self.maildir, "%d.eml" % self.count)
        with open(path + ".tmp", "wb") as f:
            f.write(b"X-Envelope-From: " + envelope.mail_from.encode() + b"\r\n")
            f.write(b"X-Envelope-To: " + ",".join(envelope.rcpt_tos).encode() + b"\r\n")
            f.write(envelope.original_content)
        os.rename(path + ".tmp", path)
        return "250 Message accepted"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("maildir")
    p.add_argument("--refuse", action="append", default=[])
    p.add_argument("--password")
    a = p.parse_args()
    kw = {}
    if a.password is not None:
        def check(server, session, envelope, mechanism, auth_data):
            ok = auth_data.password.decode() == a.password
            return AuthResult(success=ok, handled=False)
        kw = dict(authenticator=check, auth_required=True, auth_require_tls=False)
    with socket.socket() as s:  # a free port
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    c = Controller(Handler(a.maildir, [r.lower() for r in a.refuse]), hostname="127.0.0.1", port=port, **kw)
    c.start()
    print("port %d" % port, flush=True)
    try:
        sys.stdin.read()  # until the test closes stdin, or kills the process
    finally:
        c.stop()


if __name__ == "__main__":
    main()
