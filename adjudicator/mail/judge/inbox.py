"""Where orders arrive: a local Maildir or IMAP.

Each source gives the messages not yet marked as handled, oldest first, one at a time,
as an :class:`Incoming`: the message's bytes, or for one larger than
:data:`~adjudicator.mail.limits.MAX_MESSAGE_BYTES` only its start (its header, for the
sender), with its whole size.  A message is marked handled (``\\Seen``) only after the
judge has recorded it: a crash in between gives it again, and the record
(:mod:`.record`) recognises it.

A Maildir is read by its file names (``new/``, and ``cur/`` without the ``S`` flag),
never by parsing its messages, so listing it costs nothing whatever they hold; a
message is marked seen by renaming it into ``cur/`` with the ``S`` flag.  IMAP is spoken
with ``imapclient`` over TLS (IMAPS, or STARTTLS on the plain port) with the server's
certificate checked against the system's authorities or the ``cafile`` of the
settings; the sizes are fetched first, then the messages in batches of at most
:data:`BATCH_BYTES` (a large one: only its start).
"""

from __future__ import annotations

import imaplib
import os
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from adjudicator.errors import Malformed, problem
from adjudicator.mail.judge.config import Inbox, password
from adjudicator.mail.limits import MAX_HEADER_BYTES, MAX_MESSAGE_BYTES

# How much of a message over the size limit is read: its header (and a little more).
HEAD_BYTES = MAX_HEADER_BYTES + 1024
# At most this many bytes, and this many messages, are fetched from IMAP at once.
BATCH_BYTES = 4 * MAX_MESSAGE_BYTES
BATCH_MESSAGES = 50


@dataclass(frozen=True)
class Incoming:
    """One message of the inbox: its key there, its bytes (or only its start), its size."""

    key: str
    data: bytes
    size: int


class Source(Protocol):
    def messages(self) -> Iterator[Incoming]: ...
    def done(self, key: str) -> None: ...
    def close(self) -> None: ...


def tls_context(cafile: str | None) -> ssl.SSLContext:
    return ssl.create_default_context(cafile=cafile)


class MaildirSource:
    """A Maildir (``new/``, ``cur/``, ``tmp/``), read by file name: ``KEY`` in ``new/``,
    ``KEY:2,FLAGS`` in ``cur/``."""

    def __init__(self, path: str) -> None:
        self.root = Path(path)
        self.known: dict[str, Path] = {}  # where each message given was
        for sub in ("new", "cur"):
            if not (self.root / sub).is_dir():
                raise OSError(f"{path} is not a Maildir (it has no {sub}/ folder)")

    def _files(self) -> dict[str, Path]:
        found: dict[str, Path] = {}
        for sub in ("new", "cur"):
            with os.scandir(self.root / sub) as entries:
                for entry in entries:
                    if not entry.name.startswith(".") and entry.is_file(follow_symlinks=False):
                        found[entry.name.split(":", 1)[0]] = self.root / sub / entry.name
        return found

    @staticmethod
    def _flags(path: Path) -> str:
        _, _, info = path.name.partition(":")
        return info[2:] if info.startswith("2,") else ""

    def messages(self) -> Iterator[Incoming]:
        unseen = []
        for key, path in self._files().items():
            if "S" not in self._flags(path):
                try:
                    unseen.append((path.stat().st_mtime, key, path))
                except FileNotFoundError:  # taken meanwhile by another reader
                    continue
        for _, key, path in sorted(unseen):
            self.known[key] = path
            try:
                with path.open("rb") as f:
                    size = os.fstat(f.fileno()).st_size
                    data = f.read(MAX_MESSAGE_BYTES if size <= MAX_MESSAGE_BYTES else HEAD_BYTES)
            except FileNotFoundError:
                continue
            yield Incoming(key, data, size)

    def done(self, key: str) -> None:
        for path in (self.known.get(key), self._files().get(key)):  # where it was, else where it is now
            if path is None:
                continue
            flags = "".join(sorted(set(self._flags(path)) | {"S"}))
            try:
                os.rename(path, self.root / "cur" / f"{key}:2,{flags}")
                return
            except FileNotFoundError:  # moved meanwhile by another reader
                continue

    def close(self) -> None:
        pass


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

    def messages(self) -> Iterator[Incoming]:
        uids = sorted(self.client.search(["UNSEEN"]))
        sizes: dict[int, int] = {}
        for start in range(0, len(uids), 500):
            for uid, data in self.client.fetch(uids[start:start + 500], ["RFC822.SIZE"]).items():
                sizes[uid] = int(data.get(b"RFC822.SIZE", 0))
        batch: list[int] = []
        for uid in [u for u in uids if u in sizes]:
            if sizes[uid] > MAX_MESSAGE_BYTES:
                yield from self._fetch(batch)
                batch = []
                yield from self._fetch([uid], f"BODY.PEEK[]<0.{HEAD_BYTES}>")
                continue
            full = sum(sizes[u] for u in batch) + sizes[uid] > BATCH_BYTES
            if batch and (len(batch) >= BATCH_MESSAGES or full):
                yield from self._fetch(batch)
                batch = []
            batch.append(uid)
        yield from self._fetch(batch)

    def _fetch(self, uids: list[int], what: str = "BODY.PEEK[]") -> Iterator[Incoming]:
        if not uids:
            return
        fetched = self.client.fetch(uids, [what, "RFC822.SIZE"])
        for uid in uids:
            if uid in fetched:
                body = next((v for k, v in fetched[uid].items() if k.startswith(b"BODY[")), b"") or b""
                yield Incoming(str(uid), body, int(fetched[uid].get(b"RFC822.SIZE", len(body))))

    def done(self, key: str) -> None:
        from imapclient import SEEN

        self.client.add_flags([int(key)], [SEEN])

    def close(self) -> None:
        try:
            self.client.logout()
        except (OSError, imaplib.IMAP4.error):  # the connection is going away anyway
            pass


def open_source(settings: Inbox) -> Source:
    """The inbox of the settings, opened; a server that cannot be reached is a clear problem."""
    try:
        if settings.kind == "maildir":
            assert settings.path is not None
            return MaildirSource(settings.path)
        return _Guarded(ImapSource(settings))
    except (OSError, ssl.SSLError, imaplib.IMAP4.error) as e:  # imapclient's errors are imaplib's
        raise unreachable(e) from None


class _Guarded:
    """An IMAP source whose connection failures, at any point of the run, are a clear problem."""

    def __init__(self, source: ImapSource) -> None:
        self.source = source

    def messages(self) -> Iterator[Incoming]:
        try:
            yield from self.source.messages()
        except (OSError, imaplib.IMAP4.error) as e:
            raise unreachable(e) from None

    def done(self, key: str) -> None:
        try:
            self.source.done(key)
        except (OSError, imaplib.IMAP4.error) as e:
            raise unreachable(e) from None

    def close(self) -> None:
        self.source.close()


def unreachable(error: BaseException) -> Malformed:
    """The ``judge.inbox`` refusal of a run whose inbox cannot be opened or read."""
    return Malformed([problem("judge.inbox", "$.inbox", f"The inbox cannot be used: {error}. "
                              "Nothing more was done; the next run goes on from here.")])
