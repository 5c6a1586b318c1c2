"""What the judge did, kept in the game folder (``GAMEDIR/judge/``): the run has no other state.

- ``state.json``: every message handled, by two keys of fixed length (a hash of its
  Message-ID, and a hash of its sender, date, subject and body, so a duplicate delivery,
  a re-run or a copy with a new Message-ID is recognised, and the same short text sent
  again later is not) with its outcome, the most recent :data:`MAX_HANDLED` keys kept
  (older ones are dropped: a message delivered again after that many newer ones is
  handled again, and its orders are then stale); the log step whose mails were last
  written, when each step opened (for its deadline), which reminders went out, each
  player's latest mail, when each player was last sent a note about a message that did
  not prove its sender (at most one a day), and a counter naming outgoing mails.  So the
  record grows by a bounded amount per message whatever the message holds.
- ``outbox/``: mails written but not yet sent (the journal), named in sending order;
  ``sent/``: each mail once sent (so ``resend`` can send a player's latest one again).

A step is committed in this order: the log (through the log command), then
``state.json`` together with the new mails of ``outbox/`` (one all-or-none write), then
the mails are sent, each moved to ``sent/`` once the server took it.  A crash after the
log and before the record is caught on the next run: an order identical to the log's
latest order file was applied already (:func:`adjudicator.mail.judge.run`).  A crash
while sending leaves the unsent mails in ``outbox/``; the next run sends them (a mail may
then go twice, with the same Message-ID; never not at all).  The judge's short mails
have Message-IDs derived from the message they answer, so one written again after a
crash keeps its Message-ID too.
"""

from __future__ import annotations

import hashlib
from email.message import EmailMessage
from pathlib import Path

import msgspec

from adjudicator.files import io, write
from adjudicator.mail.fields import decode_words
from adjudicator.mail.judge.told import Told
from adjudicator.mail.message import Letter
from adjudicator.mail.outgoing.headers import finish

FORMAT = 2  # 1: keys held the whole Message-ID ("id:<...>") and a 64-digit hash
# The handled messages' keys kept (two per message): about 75 bytes each in state.json.
MAX_HANDLED = 20_000


class State(msgspec.Struct, forbid_unknown_fields=True, kw_only=True):
    format: int = FORMAT
    handled: dict[str, str] = msgspec.field(default_factory=dict)  # "id:<hash>"/"sha:<hash>" -> outcome
    mailed: int = -1  # the last log step whose player mails were written
    opened: dict[str, str] = msgspec.field(default_factory=dict)  # step -> ISO time it opened
    reminded: list[int] = msgspec.field(default_factory=list)
    latest: dict[str, str] = msgspec.field(default_factory=dict)  # colour -> file name of their latest mail
    noted: dict[str, str] = msgspec.field(default_factory=dict)  # colour -> ISO time of the last note
    sequence: int = 0
    told: dict[str, Told] = msgspec.field(default_factory=dict)  # colour -> what their mails said (issue 27)


def judge_dir(gamedir: Path) -> Path:
    return gamedir / "judge"


def load_state(gamedir: Path) -> State:
    path = judge_dir(gamedir) / "state.json"
    if not path.exists():
        return State()
    state = msgspec.json.decode(io.read_bytes(str(path)), type=State)
    if state.format < FORMAT:  # format 1: the same keys, hashed to their fixed length
        state.handled = {_upgraded(k): v for k, v in state.handled.items()}
        state.format = FORMAT
    return state


def _upgraded(key: str) -> str:
    kind, _, value = key.partition(":")
    return f"id:{digest(value)}" if kind == "id" else f"sha:{value[:32]}"


def digest(text: str | bytes) -> str:
    """The first 128 bits of SHA-256, in hex (32 characters)."""
    data = text.encode("utf-8", "surrogateescape") if isinstance(text, str) else text
    return hashlib.sha256(data).hexdigest()[:32]


def message_keys(letter: Letter, data: bytes, size: int | None = None) -> list[str]:
    """The keys a message is known by: a hash of its Message-ID (if any) and a hash of its
    sender, date, subject and body (a copy keeps them; a second "resend" sent later has
    another date); for a message only the start of which was read, its size too."""
    keys = []
    if letter.message_id:
        keys.append(f"id:{digest(letter.message_id.strip())}")
    head = "\0".join(" ".join(value.split()) for value in (
        decode_words(letter.header.get("from") or ""), letter.header.get("date") or "", letter.subject))
    body = data.replace(b"\r\n", b"\n").split(b"\n\n", 1)[-1]
    whole = b"" if size is None or size == len(data) else f"\0{size}".encode()
    keys.append("sha:" + digest(head.encode("utf-8", "replace") + b"\0" + body + whole))
    return keys


def seen(state: State, keys: list[str]) -> bool:
    return any(k in state.handled for k in keys)


class Commit:
    """The record and the new mails of one step, written all or none."""

    def __init__(self, gamedir: Path, state: State) -> None:
        self.gamedir, self.state = gamedir, state
        self.mails: list[tuple[str, bytes]] = []

    def mail(self, message: EmailMessage | bytes, colour: str | None, kind: str) -> None:
        """Journal a mail (``bytes``: one the judge wrote before, sent again)."""
        self.state.sequence += 1
        name = f"{self.state.sequence:06d}-{colour or 'judge'}-{kind}.eml"
        self.mails.append((name, message if isinstance(message, bytes) else finish(message)))
        if colour is not None and kind in ("decision", "news"):
            self.state.latest[colour] = name

    def handled(self, keys: list[str], outcome: str) -> None:
        for key in keys:
            self.state.handled.pop(key, None)
            self.state.handled[key] = outcome
        excess = len(self.state.handled) - MAX_HANDLED
        if excess > 0:  # compacted: the oldest keys go
            self.state.handled = dict(list(self.state.handled.items())[excess:])

    def write(self) -> None:
        folder = judge_dir(self.gamedir)
        outputs = write.OutputSet()
        outputs.folder(str(folder / "outbox"))
        outputs.folder(str(folder / "sent"))
        for name, data in self.mails:
            outputs.add(str(folder / "outbox" / name), data, option="mail", folder=str(folder / "outbox"))
        outputs.add(str(folder / "state.json"), msgspec.json.format(msgspec.json.encode(self.state)) + b"\n",
                    option="record", folder=str(folder), last=True)
        outputs.commit()
        self.mails = []


def pending(gamedir: Path) -> list[Path]:
    """The mails written and not yet sent, in the order they were written."""
    folder = judge_dir(gamedir) / "outbox"
    return sorted(folder.glob("*.eml")) if folder.is_dir() else []


def mark_sent(path: Path) -> None:
    path.replace(path.parent.parent / "sent" / path.name)


def sent_mail(gamedir: Path, name: str) -> bytes | None:
    for where in ("sent", "outbox"):
        path = judge_dir(gamedir) / where / name
        if path.exists():
            return path.read_bytes()
    return None
