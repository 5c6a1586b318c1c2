"""Where the judge's mails go: an SMTP server (TLS or STARTTLS, with login) or, for a dry
run, a folder of ``.eml`` files.  The journal of unsent mails is :mod:`.record`'s
``outbox/`` folder; :func:`flush` sends it in order and moves each mail to ``sent/``."""

from __future__ import annotations

import smtplib
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Protocol

from adjudicator.errors import Malformed, problem
from adjudicator.mail.judge import record
from adjudicator.mail.judge.config import Outbox, password
from adjudicator.mail.judge.inbox import tls_context


class Sink(Protocol):
    def send(self, message: EmailMessage) -> None: ...
    def close(self) -> None: ...


class FolderSink:
    def __init__(self, path: str) -> None:
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)

    def send(self, message: EmailMessage) -> None:
        name = str(message["Message-ID"]).strip("<>").replace("/", "_") + ".eml"
        from adjudicator.files.write import write_atomic

        write_atomic(str(self.path / name), message.as_bytes())

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

    def send(self, message: EmailMessage) -> None:
        if self.client is None:
            self.client = self._connect()
        self.client.send_message(message)

    def close(self) -> None:
        if self.client is not None:
            try:
                self.client.quit()
            except smtplib.SMTPException:
                pass
            self.client = None


def open_sink(settings: Outbox) -> Sink:
    if settings.kind == "folder":
        assert settings.path is not None
        return FolderSink(settings.path)
    return SmtpSink(settings)


def flush(gamedir: Path, sink: Sink) -> int:
    """Send every unsent mail of the journal, oldest first; returns how many went."""
    count = 0
    for path in record.pending(gamedir):
        message = message_from_bytes(path.read_bytes(), policy=policy.default)
        assert isinstance(message, EmailMessage)
        try:
            sink.send(message)
        except (OSError, smtplib.SMTPException) as e:
            raise Malformed([problem("judge.outbox", "$.outbox",
                                     f"The mail {path.name} could not be sent ({e}); it stays in the "
                                     "journal and goes with the next run.")]) from None
        record.mark_sent(path)
        count += 1
    return count
