"""Where orders arrive: a local Maildir (the standard library's ``mailbox``) or IMAP.

Each source gives the messages not yet marked as handled, oldest first, as raw bytes, and
marks one handled (``\\Seen``) only after the judge has recorded it: a crash in between
gives the message again, and the record (:mod:`.record`) recognises it.  IMAP is spoken
with ``imapclient`` over TLS (IMAPS, or STARTTLS on the plain port) with the server's
certificate checked against the system's authorities or the ``cafile`` of the settings.
"""

from __future__ import annotations

import mailbox
import ssl
from collections.abc import Iterator
from typing import Any, Protocol

from adjudicator.errors import Malformed, problem
from adjudicator.mail.judge.config import Inbox, password


class Source(Protocol):
    def messages(self) -> Iterator[tuple[str, bytes]]: ...
    def done(self, key: str) -> None: ...
    def close(self) -> None: ...


def tls_context(cafile: str | None) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=cafile)


class MaildirSource:
    def __init__(self, path: str) -> None:
        self.box = mailbox.Maildir(path, create=False)

    def messages(self) -> Iterator[tuple[str, bytes]]:
        keys = [k for k in self.box.iterkeys() if "S" not in self.box.get_message(k).get_flags()]
        keys.sort(key=lambda k: (self.box.get_message(k).get_date(), k))
        for key in keys:
            yield key, self.box.get_bytes(key)

    def done(self, key: str) -> None:
        message = self.box.get_message(key)
        message.set_subdir("cur")
        message.add_flag("S")
        self.box[key] = message

    def close(self) -> None:
        self.box.close()


class ImapSource:
    def __init__(self, settings: Inbox) -> None:
        from imapclient import IMAPClient  # type: ignore[import-untyped]

        context = tls_context(settings.cafile)
        port = settings.port or (993 if settings.security == "imaps" else 143)
        self.client: Any = IMAPClient(settings.host, port=port, ssl=settings.security == "imaps",
                                      ssl_context=context, timeout=60)
        if settings.security == "starttls":
            self.client.starttls(context)
        if settings.user:
            self.client.login(settings.user, password(settings, "inbox") or "")
        self.client.select_folder(settings.folder)

    def messages(self) -> Iterator[tuple[str, bytes]]:
        uids = sorted(self.client.search(["UNSEEN"]))
        for start in range(0, len(uids), 50):
            fetched = self.client.fetch(uids[start:start + 50], ["BODY.PEEK[]"])
            for uid in uids[start:start + 50]:
                if uid in fetched:
                    yield str(uid), fetched[uid][b"BODY[]"]

    def done(self, key: str) -> None:
        from imapclient import SEEN

        self.client.add_flags([int(key)], [SEEN])

    def close(self) -> None:
        try:
            self.client.logout()
        except Exception:  # noqa: BLE001 - the connection is going away anyway
            pass


def open_source(settings: Inbox) -> Source:
    """The inbox of the settings, opened; a server that cannot be reached is a clear problem."""
    try:
        if settings.kind == "maildir":
            assert settings.path is not None
            return MaildirSource(settings.path)
        return ImapSource(settings)
    except (OSError, ssl.SSLError, mailbox.Error) as e:
        raise _unreachable("inbox", e) from None
    except Exception as e:  # imapclient's login and protocol errors
        if type(e).__module__.startswith(("imaplib", "imapclient")):
            raise _unreachable("inbox", e) from None
        raise


def _unreachable(place: str, error: BaseException) -> Malformed:
    return Malformed([problem(f"judge.{place}", f"$.{place}",
                              f"The {place} cannot be used: {error}. Nothing was done.")])
