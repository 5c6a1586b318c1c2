"""The test mail servers themselves work: a message delivered to Dovecot is read back over
IMAP (plain, STARTTLS and IMAPS), and a message sent by SMTP (with a login) is captured."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage

import pytest

from tests.mailservers import Dovecot, SmtpCapture


def _message(subject: str) -> EmailMessage:
    m = EmailMessage()
    m["From"] = "red@example.org"
    m["To"] = "judge@example.org"
    m["Subject"] = subject
    m.set_content("orders here\n")
    return m


def test_dovecot_delivers_and_serves_over_plain_imap() -> None:
    from imapclient import IMAPClient

    with Dovecot({"judge@example.org": "secret"}) as server:
        server.deliver("judge@example.org", _message("first"))
        with IMAPClient("127.0.0.1", port=server.port, ssl=False) as client:
            client.login("judge@example.org", "secret")
            client.select_folder("INBOX")
            uids = client.search()
            fetched = client.fetch(uids, ["RFC822"])
        assert len(uids) == 1
        assert b"Subject: first" in fetched[uids[0]][b"RFC822"]


def test_dovecot_refuses_a_wrong_password() -> None:
    from imapclient import IMAPClient
    from imapclient.exceptions import LoginError

    with Dovecot({"judge@example.org": "secret"}) as server:
        with IMAPClient("127.0.0.1", port=server.port, ssl=False) as client, pytest.raises(LoginError):
            client.login("judge@example.org", "wrong")


def test_dovecot_speaks_tls() -> None:
    from imapclient import IMAPClient

    with Dovecot({"judge@example.org": "secret"}, tls=True) as server:
        server.deliver("judge@example.org", _message("secure"))
        context = ssl.create_default_context(cafile=str(server.cafile))
        with IMAPClient("127.0.0.1", port=server.tls_port, ssl=True, ssl_context=context) as client:
            client.login("judge@example.org", "secret")
            assert client.select_folder("INBOX")[b"EXISTS"] == 1
        with IMAPClient("127.0.0.1", port=server.port, ssl=False) as client:
            client.starttls(context)
            client.login("judge@example.org", "secret")
            assert client.select_folder("INBOX")[b"EXISTS"] == 1


def test_smtp_capture_keeps_what_was_sent_with_a_login() -> None:
    with SmtpCapture(login=("judge", "pw")) as capture:
        with smtplib.SMTP("127.0.0.1", capture.port) as smtp:
            smtp.login("judge", "pw")
            smtp.send_message(_message("hello"))
        assert [m["Subject"] for m in capture.to("judge@example.org")] == ["hello"]
        with smtplib.SMTP("127.0.0.1", capture.port) as smtp, pytest.raises(smtplib.SMTPSenderRefused):
            smtp.send_message(_message("without a login"))
        assert len(capture.messages) == 1
