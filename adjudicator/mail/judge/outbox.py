"""Where the judge's mails go: an SMTP server (TLS or STARTTLS, with login) or, for a dry
run, a folder of ``.eml`` files.  The journal of unsent mails is :mod:`.record`'s
``outbox/`` folder; :func:`flush` sends it in order and moves each mail to ``sent/``.

A mail is sent as the bytes the judge journaled, never parsed and written again (the
``email`` package would decode its header text on the way: see
:mod:`adjudicator.mail.outgoing.headers`), to the one address its ``To`` field names.
"""

from __future__ import annotations

import smtplib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from adjudicator.errors import Malformed, problem
from adjudicator.mail.fields import address_of, read_header
from adjudicator.mail.judge import record
from adjudicator.mail.judge.config import Outbox, password
from adjudicator.mail.judge.inbox import tls_context


@dataclass(frozen=True)
class Outgoing:
    """One journaled mail: its bytes, the judge's address and the one recipient."""

    data: bytes
    sender: str
    to: str
    message_id: str


class Sink(Protocol):
    def send(self, mail: Outgoing) -> None: ...
    def close(self) -> None: ...


class FolderSink:
    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)

    def send(self, mail: Outgoing) -> None:
        from adjudicator.files.write import write_atomic

        name = mail.message_id.strip("<>").replace("/", "_") + ".eml"
        write_atomic(str(self.path / name), mail.data)

    def close(self) -> None:
        pass


class SmtpSink:
    def __init__(self, settings: Outbox) -> None:
        self.settings = settings
        self.client: smtplib.SMTP | None = None

    def _connect(self) -> smtplib.SMTP:
        s = self.settings
        if s.security == "tls":
            client: smtplib.SMTP = smtplib.SMTP_SSL(s.host, s.port or 465, context=tls_context(s.cafile),
                                                    timeout=60)
        else:
            client = smtplib.SMTP(s.host, s.port or 587, timeout=60)
            if s.security == "starttls":
                client.starttls(context=tls_context(s.cafile))
        if s.user:
            client.login(s.user, password(s, "outbox") or "")
        return client

    def send(self, mail: Outgoing) -> None:
        if self.client is None:
            self.client = self._connect()
        # SMTP wants CRLF line ends (smtplib converts them for text only, not for bytes).
        data = mail.data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        self.client.sendmail(mail.sender, [mail.to], data)

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.quit()
            except (OSError, smtplib.SMTPException):  # the connection is going away anyway
                pass
            self.client = None


def open_sink(settings: Outbox) -> Sink:
    if settings.kind == "folder":
        assert settings.path is not None
        return FolderSink(settings.path)
    return SmtpSink(settings)


def outgoing(path: Path) -> Outgoing:
    """A journaled mail, its sender and its one recipient read from its own header."""
    data = path.read_bytes()
    header = read_header(data)
    to = [address_of(v) for v in header.all("to")]
    sender = address_of(header.get("from"))
    message_id = header.get("message-id") or path.name
    if len(to) != 1 or to[0] is None or sender is None or header.all("cc") or header.all("bcc"):
        raise Malformed([problem("judge.outbox", "$.outbox", f"The mail {path.name} in the journal does not "
                                 "name one sender and one recipient; it was not sent.")])
    return Outgoing(data, sender, to[0], message_id)


def flush(gamedir: Path, sink: Sink) -> int:
    """Send every unsent mail of the journal, oldest first; returns how many went."""
    count = 0
    for path in record.pending(gamedir):
        mail = outgoing(path)
        try:
            sink.send(mail)
        except (OSError, smtplib.SMTPException) as e:
            raise Malformed([problem("judge.outbox", "$.outbox",
                                     f"The mail {path.name} could not be sent ({e}); it stays in the "
                                     "journal and goes with the next run.")]) from None
        record.mark_sent(path)
        count += 1
    return count
